"""The Skirmish page's widget without a browser: choices and highlights from the game, undo, replay, load, tamper."""

from __future__ import annotations

from centurion.game import Leadership, Move
from centurion.rules import GravMove
from centurion.widgets.skirmish import SkirmishTable


def movement_table() -> SkirmishTable:
    """Meeting, seed 1: the person (Renegade) spends no point, TOG wins and moves last: the Renegades move."""
    tab = SkirmishTable("meeting", seed=1)
    assert tab.chosen() == Leadership(0)
    tab.confirm()
    assert tab.game.phase == "movement" and tab.game.active == "renegade"
    return tab


def test_the_banner_says_who_decides_and_what_may_be_done():
    tab = SkirmishTable("meeting", seed=1)
    text = tab.banner.value
    assert "Turn 1 of 6, initiative phase" in text and "Renegade Legion" in text and "It is your turn to decide" in text
    assert "CEN-INI-1" in text


def test_legal_end_hexes_and_moves_come_from_the_game():
    tab = movement_table()
    g = tab.game
    r11 = g.vehicle("R11")
    tab.click(r11.hex)
    assert tab.selected == "R11"
    shaded = {h for h, _c in tab.map.overlay.hatched}
    assert shaded == {e.hex for _m, e in g.move_options("R11")}
    target = next(e.hex for _m, e in g.move_options("R11") if e.hex != r11.hex and not e.grounded)
    tab.click(target)
    assert tab._choices and all(isinstance(a, Move) and a.unit == "R11" for a in tab._choices[:1])
    assert {e.hex for m, e in g.move_options("R11") if m in tab._choices} == {target}
    assert "chance of no damage" in tab.preview.value
    tab.confirm()
    assert tab.game.vehicle("R11").hex == target
    assert "T1 movement — Renegade Legion: R11 moves" in tab.log_html.value


def test_an_unshaded_hex_is_explained_and_nothing_moves():
    tab = movement_table()
    g = tab.game
    tab.click(g.vehicle("R11").hex)
    far = next(h for h in g.battlemap.hexes if h not in {e.hex for _m, e in g.move_options("R11")})
    tab.click(far)
    assert "not a legal end" in tab.message.value and "Nothing was moved" in tab.message.value
    assert tab.game is g


def test_undo_until_dice_are_rolled():
    tab = SkirmishTable("meeting", seed=1)
    assert tab.undo_button.disabled
    tab.confirm()  # the initiative decision rolls dice: it cannot be taken back
    assert tab.undo_button.disabled
    tab.undo()
    assert "Nothing to undo" in tab.message.value
    g = tab.game
    here = g.vehicle("R12").hex
    # both paths, each pinned (T6): a move with no piloting check can be taken back ...
    tab.click(here)
    ends = [e for _m, e in g.move_options("R12") if not e.grounded and e.hex != here]
    tab.click(next(e.hex for e in ends if all(x.rolls == 0 for x in ends if x.hex == e.hex)))
    assert isinstance(tab.chosen(), Move) and tab.game.resolve_move("R12", tab.chosen().move).checks == ()
    tab.confirm()
    assert not tab.undo_button.disabled
    tab.undo()
    assert tab.game is g and "taken back" in tab.message.value
    # ... a move whose every path needs a piloting check rolls dice: no undo
    tab.click(here)
    tab.click(next(e.hex for e in ends if all(x.rolls > 0 for x in ends if x.hex == e.hex)))
    tab.confirm()
    assert len(tab.game.history) > len(g.history) and tab.undo_button.disabled


def test_replay_shows_an_earlier_step_and_refuses_moves_there():
    tab = movement_table()
    tab.replay.value = 0
    assert "Replay: step 0" in tab.banner.value
    tab.click(tab.game.vehicle("R11").hex)
    assert "earlier step" in tab.message.value
    assert tab._choices == []
    tab.replay.value = tab.replay.max
    assert "Replay" not in tab.banner.value


def test_a_bad_upload_changes_nothing_and_a_good_one_restores_the_game():
    tab = movement_table()
    g = tab.game
    tab.load_text(b'{"format": "centurion-skirmish", "version": 1, "system": "centurion", "scenario": "x"}', "bad.json")
    assert "Not loaded" in tab.message.value and "scenario" in tab.message.value
    assert tab.game is g
    text = g.to_json()
    other = SkirmishTable("village", seed=9)
    other.load_text(text.encode(), "mine.json")
    assert other.game.to_json() == text
    assert other.scenario_pick.value == "meeting" and other.seed_box.value == 1
    assert len(other.states) == len(g.history) + 1


def test_a_tampered_choice_is_refused_by_the_game():
    tab = movement_table()
    tab.chosen = lambda: Move("T11", GravMove())  # an enemy's move, as a forged pick would be
    before = tab.game
    tab.confirm()
    assert "Refused" in tab.message.value and "CEN-SEQ-2" in tab.message.value
    assert tab.game is before


def test_the_computer_plays_its_side_to_the_victory_screen():
    tab = SkirmishTable("meeting", seed=2, players={"renegade": "novice", "tog": "novice"})
    assert tab.game.over
    assert "victory" in tab.victory.value or "draw" in tab.victory.value
    assert "game is over" in tab.banner.value
