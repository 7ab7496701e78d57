"""The Centuria battle page (issue 15, item 4): a view over the game API, tested through its own methods."""

from __future__ import annotations

import html

from clicks import browser_double_click

from centurion.game import new_skirmish
from centurion.game.centuria import CtaAttack, CtaEndPhase, CtaMove, CtaShoot, CtaTimeUp
from centurion.widgets.battle_page import PERSON
from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable, move_end


def test_against_the_computer_play_a_round_save_and_load():
    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "veteran"})
    assert "Round 1 of 9" in t.banner.value and "Legio XX" in t.status.value and "intact" in t.status.value
    t.click(t.game.battle.piece("R-C2").hex)
    assert t.selected == "R-C2" and t.choice.options
    t.choice.value = next(a for _l, a in t.choice.options if isinstance(a, CtaMove))
    assert "CTA-MOVE" in t.preview.value and "command" in t.preview.value
    assert t.confirm()
    assert t.game.active == "rome" and len(t.game.history) == 2  # the computer answered with one unit
    while t.game.turn == 1 and not t.game.over:
        assert t.end_part()
    assert t.game.turn == 2 and not t.game.over
    saved = t.game.to_json()
    assert "Save the battle" in t.save_link.value
    other = CenturiaSkirmishTable("centuria_farmstead")
    assert other.load_text(saved.encode(), "mine.json")
    assert other.game.to_json() == saved and other.game.battle == t.game.battle
    assert not other.load_text(b'{"format": "centurion-skirmish", "version": 1, "system": "centuria"}', "bad.json")
    assert "Not loaded" in other.message.value and other.game.to_json() == saved  # a bad file changes nothing


def test_out_of_command_warning_and_previews_only_for_real_attacks():
    t = CenturiaSkirmishTable("centuria_ford_road", players={"rome": "person", "rebels": "person"})
    t.click(t.game.battle.piece("R-T2").hex)
    outs = [a for _l, a in t.choice.options if t.game.command_after(a) == "out"]
    assert outs
    t.choice.value = outs[0]
    assert "Out of command after this move" in t.preview.value
    t.click(move_end(t.game, outs[0])[0])  # clicking the shaded end hex picks a move ending there
    assert isinstance(t.choice.value, CtaMove) and move_end(t.game, t.choice.value)[0] == move_end(t.game, outs[0])[0]
    assert t.game.preview(CtaAttack("R-C2", "B-C2")) is None  # the page offers no odds for what cannot be done


def test_countdown_ends_the_phase_for_the_person_whose_time_it_is():
    t = CenturiaSkirmishTable("centuria_farmstead", players={"legio": "person", "auxilia": "person"})
    assert "4:00 left" in t.clock.value
    t.tick.value = 240
    assert any(isinstance(a, CtaTimeUp) for a in t.game.history)
    assert "Time is up" in t.message.value
    assert (t.game.turn, t.game.phase) == (2, "movement")  # every remaining part of round 1 ended, in turn
    assert "4:00 left" in t.clock.value  # a new round, a new countdown
    assert all(not isinstance(a, CtaMove) for a in t.game.history)  # nobody had moved: everyone stays


def test_victory_screen_when_the_computer_plays_both_sides():
    t = CenturiaSkirmishTable("centuria_ford_road", seed=2, players={"rome": "veteran", "rebels": "novice"})
    assert t.game.over and ("victory" in t.victory.value.lower() or "draw" in t.victory.value.lower())
    assert t.confirm_button.disabled
    # each side's own losses, as the losses table says (walk of session 33: "Units removed: Legio XX 7" was the
    # rebels' count of Legio XX's kills, read as Legio XX's losses)
    g = t.game
    lost = ", ".join(f"{g.label(s)} {g.losses(s)}" for s in g.sides)
    assert f"Units lost: {lost}" in html.unescape(t.victory.value), t.victory.value
    shots = [a for a in t.game.history if isinstance(a, CtaShoot)]
    assert shots  # the computer uses its engines
    assert new_skirmish("centuria_ford_road", seed=2).system == "centuria"



def test_a_double_click_on_end_my_part_ends_one_part():
    """T9 on the Centuria battle page: the second click of a double click on "End my part of the phase" reaches the
    kernel while the first one (and the computer's answer) is still being played. It must not end the person's part
    of the next phase too (CTA-1: a side ends only the part the player saw)."""
    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "veteran"})
    assert t.game.active == "rome" and t.game.phase == "movement"
    browser_double_click(t.end_button)
    ends = [a for a, who in zip(t.game.history, t.actors[1:]) if who == PERSON]  # actors[i]: who made states[i]
    assert len(ends) == 1 and isinstance(ends[0], CtaEndPhase)
    assert t.game.active == "rome" and not t.game.over  # the person's turn again, in the next part: not ended
    t.end_button.click()  # a later click, after the button was drawn up again, counts
    assert t.actors.count(PERSON) == 2


def test_a_double_click_on_undo_takes_back_one_decision():
    """The second click of a double click on Undo must not take back a second decision (T9)."""
    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "person"})
    for _ in range(2):  # a move of each side (hot seat: the sides alternate, CTA-1)
        unit = next(p.id for p in t.game.battle.pieces if p.side == t.game.active
                    and any(isinstance(a, CtaMove) for a in t.actions_of(p.id)))
        t.click(t.game.battle.piece(unit).hex)
        t.choice.value = next(a for _l, a in t.choice.options if isinstance(a, CtaMove))
        assert t.confirm()
    assert t.actors.count(PERSON) == 2 and not t.undo_button.disabled
    moved = t.states[-2]
    browser_double_click(t.undo_button)
    assert t.actors.count(PERSON) == 1 and t.game == moved  # the first move stands, the second is taken back


def test_a_click_on_a_hex_the_piece_can_neither_reach_nor_attack_says_so_and_decides_nothing():
    """Walk of session 28: a click beyond the selected piece's reach used to drop the selection in silence. It now
    names the hex and the rules (CTA-MOVE: moves end on the marked hexes; CTA-COMBAT) and keeps the piece selected."""
    from centurion.hexgrid import distance, format_label

    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "person"})
    g = t.game
    home = g.battle.piece("R-C2").hex
    t.click(home)
    ends = {move_end(g, a)[0] for _l, a in t.choice.options if isinstance(a, CtaMove)}
    occupied = {p.hex for p in g.battle.living()}
    far = max((h for h in g.battle.map.hexes if h not in ends and h not in occupied), key=lambda h: (distance(h, home), h))
    before = g.to_json()
    t.click(far)
    assert t.selected == "R-C2" and t.game.to_json() == before
    assert format_label(far) in t.message.value and "CTA-MOVE" in t.message.value
    assert "Nothing was decided" in t.message.value
    t.click(min(ends - {home}))  # a legal end elsewhere: the move is picked and the refusal goes
    assert isinstance(t.choice.value, CtaMove) and "Nothing was decided" not in t.message.value
    assert "ending in" in t.message.value  # the moves ending there (walk of session 30)


def test_a_piece_with_nothing_to_decide_says_why():
    """Walk of session 28: a piece with an empty list of decisions says why, in the engine's words and rule: here it
    has moved this round (CTA-MOVE); a piece that may still move has no such line."""
    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "person"})
    t.click(t.game.battle.piece("R-C2").hex)
    assert "Nothing to decide" not in t.unit_info.value and t.game.why_idle("R-C2") is None
    t.choice.value = next(a for _l, a in t.choice.options if isinstance(a, CtaMove))
    assert t.confirm() and t.game.active == "rebels"
    assert t.end_part() and t.game.active == "rome" and t.game.phase == "movement"
    t.click(t.game.battle.piece("R-C2").hex)
    assert not t.choice.options
    assert "Nothing to decide for R-C2 now" in t.unit_info.value and "already moved this round" in t.unit_info.value
    assert "CTA-MOVE" in t.unit_info.value
    assert t.game.why_idle("R-C2").rule == "CTA-MOVE"


def test_in_the_combat_phase_a_piece_without_an_adjacent_enemy_says_so():
    """CTA-COMBAT: a unit attacks only an adjacent enemy; the page's line for an idle piece says so, and names the
    rule, in the combat phase too."""
    from centurion.hexgrid import distance

    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "person"})
    while t.game.phase == "movement":
        assert t.end_part()
    assert t.game.phase == "combat" and t.game.active == "rome"
    g = t.game
    lone = next(p for p in g.battle.living("rome") if not p.is_leader and p.type != "ballista"
                and all(distance(p.hex, e.hex) > 1 for e in g.battle.living("rebels")))
    t.click(lone.hex)
    assert t.selected == lone.id and not t.choice.options
    assert "no enemy next to it" in t.unit_info.value and "CTA-COMBAT" in t.unit_info.value


def test_a_leader_standing_on_a_unit_shows_a_stack_badge_and_clicks_select_each():
    """Walk of session 28: a turma that moved under the subpraefectus' counter could not be seen. Counters in a hex
    with more than one piece carry the number standing there (the stack badge of the Centurion map, W4), and a
    click on the hex selects each of the side's pieces in turn."""
    from dataclasses import replace

    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "person"})
    b = t.game.battle
    leader = next(p for p in b.living("rome") if p.is_leader)
    unit = next(p for p in b.living("rome") if not p.is_leader)
    moved = replace(b, pieces=tuple(replace(p, hex=unit.hex) if p.id == leader.id else p for p in b.pieces))
    t.states[-1] = replace(t.game, battle=moved)
    t._refresh()
    drawn = [c for c in t.map._counters if c.hex == unit.hex]
    assert len(drawn) == 2 and {c.stack for c in drawn} == {2}
    assert all(c.stack == 1 for c in t.map._counters if c.hex != unit.hex)
    t.click(unit.hex)
    first = t.selected
    t.click(unit.hex)
    assert {first, t.selected} == {unit.id, leader.id}


def test_a_hex_with_an_enemy_piece_names_it_in_the_hex_panel():
    """Walk of session 28: clicking an enemy piece showed only the hex's terrain. The hex panel (and the pointer
    line) lists each piece there, of either side, with its facing, morale (CTA-MORALE) and command (CTA-CMD)."""
    from centurion.hexgrid import FACING_NAMES

    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "veteran"})
    g = t.game
    enemy = next(p for p in g.battle.living("rebels") if not p.is_leader)
    shown = t.map._info_html(g.battlemap.hexes[enemy.hex])
    assert enemy.id in shown and f"{enemy.type} of the rebel legion" in shown
    assert f"facing {FACING_NAMES[enemy.facing]}" in shown and g.morale()[enemy.id] in shown
    assert f"command {g.command()[enemy.id]}" in shown


def _combat_phase(seed: int = 3):
    """The ford road, both sides' movement ended without a move: Rome to attack."""
    from centurion.game import new_skirmish
    from centurion.game.centuria_phases.actions import CtaEndPhase

    g = new_skirmish("centuria_ford_road", seed=seed)
    while g.phase == "movement":
        g = g.apply(CtaEndPhase())
    assert g.phase == "combat" and g.active == "rome"
    return g


def test_an_idle_piece_out_of_command_next_to_an_enemy_says_why_in_words():
    """Walk of session 30: clicking one's own centuria, out of command beside an enemy, in the combat phase showed
    "Something went wrong (TypeError: a Refusal has no truth value ...)". Only a sub-unit in command may attack
    (CTA-CMD): the page says so, as it does for any idle piece."""
    from dataclasses import replace

    from centurion.hexgrid import parse_label

    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "person"})
    while t.game.phase == "movement":
        assert t.end_part()
    b = t.game.battle
    beside = parse_label("0405")  # next to B-C4 in 0404, far from every Roman leader's command
    g = replace(t.game, battle=replace(b, pieces=tuple(replace(p, hex=beside) if p.id == "R-C1" else p
                                                       for p in b.pieces)))
    why = g.why_idle("R-C1")
    assert why.rule == "CTA-CMD" and "out of command" in why.reason
    t.states[-1] = g  # the page's game is its last state (widgets/battle_page.py): R-C1 stands there now
    t._refresh()
    t.click(beside)
    assert "Something went wrong" not in t.message.value + t.unit_info.value
    assert "out of command" in t.unit_info.value and "CTA-CMD" in t.unit_info.value


def test_an_idle_ballista_says_why_in_words():
    """The same fault for an engine: the ballista with no enemy it may shoot at (CTA-ART) raised it too."""
    g = _combat_phase()
    engine = next(p for p in g.battle.living("rome") if p.type == "ballista")
    why = g.why_idle(engine.id)
    assert why is not None and why.rule.startswith("CTA-")


def test_a_click_on_a_marked_hex_keeps_the_list_to_the_moves_ending_there():
    """Walk of session 30: a turma listed 77 moves, and a click on a marked end hex picked one of them without
    narrowing the list, as the Centurion page does. The list keeps to the moves ending in the clicked hex (one for
    each facing) until another piece or hex is clicked (CTA-MOVE)."""
    from centurion.game.centuria import CtaMove

    def end(a):  # where the engine puts the piece (not the page's own reading of the move)
        return t.game.apply(a).battle.piece(a.unit).hex

    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "person"})
    turma = next(p for p in t.game.battle.living("rome") if p.type == "turma")
    t.click(turma.hex)
    everything = [a for _label, a in t.choice.options]
    moves = {a: end(a) for a in everything if isinstance(a, CtaMove)}
    there = max(set(moves.values()) - {turma.hex}, key=lambda h: sum(1 for x in moves.values() if x == h))
    t.click(there)
    listed = [a for _label, a in t.choice.options]
    expected = [a for a in everything if moves.get(a) == there]
    assert listed == expected and len(listed) < len(everything) and t.choice.value == expected[0]
    assert "ending in" in t.message.value and "CTA-MOVE" in t.message.value
    other = next(p for p in t.game.battle.living("rome") if not p.is_leader and p.id != turma.id)
    t.click(other.hex)
    t.click(turma.hex)
    assert [a for _label, a in t.choice.options] == everything


def test_a_file_loaded_through_the_button_is_forgotten_by_it_and_loads_again():
    """Walk 33, finding 6: after a load the button read 'Load a saved battle (1)' (ipywidgets' count of the files
    it holds). The page now empties the button once it has read the file, so it counts none and the same file
    chosen again loads again (a change of its value, as the browser sends it)."""
    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "person"})
    saved = t.game.to_json()
    other = CenturiaSkirmishTable("centuria_farmstead")
    from datetime import datetime, timezone

    upload = [{"name": "mine.json", "type": "application/json", "size": len(saved), "content": memoryview(
        saved.encode()), "last_modified": datetime(2026, 12, 5, tzinfo=timezone.utc)}]
    other.upload.value = upload
    assert other.game.to_json() == saved and other.upload.value == ()
    other.scenario_pick.value = "centuria_farmstead"
    other.start()
    assert other.game.to_json() != saved
    other.upload.value = upload
    assert other.game.to_json() == saved and other.upload.value == ()
