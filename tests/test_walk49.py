"""The newcomer's walk of session 49: what a click on a unit that does not move now says (CEN-SEQ-2, CEN-OPP-1)."""

from __future__ import annotations

from dataclasses import replace

from centurion.game import new_skirmish
from centurion.widgets.hints import not_moving_note
from tests.bot_games import until


def _own_movement(name: str, seed: int):
    """The game at the first Movement Phase decision of the side that has just moved a vehicle of its own."""
    g = new_skirmish(name, seed=seed)
    vehicles = {v.key for v in g.vehicles}
    g = until(g, lambda g: g.phase == "movement" and any(g.vehicle(k).side == g.active for k in g.done & vehicles))
    return g


def test_a_vehicle_that_has_moved_is_told_so_not_the_banner_again():
    """The walk clicked R11 after its move and read 'R11 does not move now: Turn 1 of 6, movement phase...', the
    banner it had just read; a vehicle moves once a Movement Phase (CEN-SEQ-2): the note says so and names who may."""
    g = _own_movement("meeting", 1)
    moved = next(k for k in g.done if g.vehicle(k).side == g.active)
    text = not_moving_note(g, moved, True)
    assert f"{moved} has moved this turn" in text and "CEN-SEQ-2" in text and "Turn " not in text, text
    movers = [v.key for v in g.movers()]
    assert movers and all(k in text for k in movers), text


def test_a_vehicle_on_opportunity_fire_is_told_why_it_does_not_move():
    """A vehicle standing on opportunity fire gave up its move for the turn (CEN-OPP-1)."""
    g = _own_movement("meeting", 1)
    moved = next(k for k in g.done if g.vehicle(k).side == g.active)
    watching = replace(g, watching=g.watching | {moved})._fresh()
    text = not_moving_note(watching, moved, True)
    assert "opportunity fire" in text and "CEN-OPP-1" in text and "Turn " not in text, text


def test_a_vehicle_of_a_platoon_that_moves_later_is_told_whose_turn_it_is():
    """The village's Renegades have two platoons; they move in turn with the enemy's (CEN-SEQ-2): a vehicle of the
    platoon not moving now is told which platoon moves."""
    g = new_skirmish("village", seed=1)
    g = until(g, lambda g: g.phase == "movement" and g.active == "renegade")
    _side, platoon = g.sequence[0]
    other = next(v for v in g.vehicles if v.side == "renegade" and v.platoon != platoon and not v.destroyed)
    text = not_moving_note(g, other.key, True)
    assert f"({other.platoon}) moves later" in text and f"{platoon} moves now" in text and "CEN-SEQ-2" in text, text


def test_the_combat_chapters_odds_table_gives_four_outcomes_that_sum_to_one():
    """The walk read chapter 12's table under the map as 'B-C2 falls 1/5, R-C2 falls 7/20, both 7/100, neither
    13/25' (114 %): the first two rows included 'both'. Now each row is one outcome alone, as on the battle page.
    Expected from CTA-2 and CTA-COMBAT by hand: the attack needs over 6 + 9 + 1 (the rebels' praefectus helps the
    defence) = 16 on a d20, 4/20; the counter over 6 + 9 - 2 (their legatus helps its attack) = 13, 7/20; the two
    rolls are independent."""
    import re
    from fractions import Fraction

    from centurion.centuria import CenturiaBattle
    from centurion.data import centuria_scenario, centuria_tables
    from centurion.widgets.centuria_panels import odds_html

    b = CenturiaBattle.from_scenario(centuria_scenario())
    fight = replace(b.placed("R-C2", "0606", 0).placed("B-C2", "0605", 3).placed("B-C3", "0705", 5)
                    .placed("R-C3", "0707", 0), phase="combat")
    text = odds_html(fight, centuria_tables(), "R-C2", "B-C2", "combat")
    rows = dict(re.findall(r"<tr><td>([^<]*)</td><td><b>(\d+/\d+|\d+) \(", text))
    hit, counter = Fraction(4, 20), Fraction(7, 20)
    expected = {"only B-C2 falls": hit * (1 - counter), "only R-C2 falls": counter * (1 - hit),
                "both fall": hit * counter, "neither falls": (1 - hit) * (1 - counter)}
    assert {k: Fraction(v) for k, v in rows.items() if k in expected} == expected, text
    assert sum(expected.values()) == 1


def test_the_battle_pages_confirm_is_on_only_once_a_decision_is_picked():
    """The walk's first Confirm on the Centuria page did nothing it could see: nothing was picked in the list, and
    the refusal stood in the side panel. Confirm is now off until a decision is picked, as on the Centurion page,
    and off again once it is played."""
    from centurion.game.centuria import CtaMove
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "veteran"})
    assert t.choice.value is None and t.confirm_button.disabled
    t.click(t.game.battle.piece("R-C2").hex)
    assert t.choice.options and t.choice.value is None and t.confirm_button.disabled
    t.choice.value = next(a for _l, a in t.choice.options if isinstance(a, CtaMove))
    assert not t.confirm_button.disabled
    assert t.confirm()
    assert t.choice.value is None and t.confirm_button.disabled
    assert not t.end_button.disabled  # the person may still end the part of the phase


def test_the_banner_says_who_won_the_initiative_after_a_tie():
    """The walk's turn-2 banner said nothing of the initiative the computer had won on a re-roll: the note read the
    first 'initiative:' line of the turn, which after a tie is the tie's. First game, seed 2, turn 1: the Renegades
    spend 1 point; 9 - 1 against 8 ties, then 10 - 1 = 9 against 1: the lower total wins (CEN-INI-1), TOG."""
    import re

    from centurion.game.summary import initiative_note

    g = new_skirmish("first_game", seed=2)
    g = until(g, lambda g: g.phase == "movement")
    rolls = [(side, int(d)) for side, d in re.findall(r"^    initiative, (.+) \[CEN-INI-1\]: d10 = (\d+)$",
                                                        "\n".join(g.log), re.M)]
    assert rolls == [("Renegade Legion", 9), ("Terran Overlord Government", 8),
                     ("Renegade Legion", 10), ("Terran Overlord Government", 1)]  # the game's dice, as read
    spent = 1  # "spends 1 leadership point on initiative"
    renegade, tog = rolls[2][1] - spent, rolls[3][1]
    assert rolls[0][1] - spent == rolls[1][1]  # the first pair tied
    text = initiative_note(g)
    assert text.startswith("Terran Overlord Government won the initiative this turn") and tog < renegade, text
    assert f"Renegade Legion {renegade}, Terran Overlord Government {tog}, after a tie rolled again" in text, text


def test_each_battle_pages_log_says_what_vs_target_means_and_its_rolls_agree():
    """The walk read 'd10 = 3 vs target 3: success' on the Centurion page and 'd20 = 12 vs target 12: failure' on
    the Centuria page: the same words, opposite senses (DIE-10: at or under, a 1 always and a 10 never; DIE-20:
    strictly over). Each log now says which, and every roll with a target in a computer game of each agrees with it
    (read from the log's own lines, judged by the rules' words, not by the dice code)."""
    import re

    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
    from centurion.widgets.skirmish import SkirmishTable

    roll = re.compile(r"(d10|d20|d100) = (\d+) vs target (-?\d+)(?: = .*?)? \(P = [^)]*\): (success|failure)")
    cen = SkirmishTable("meeting", seed=1, players={"renegade": "novice", "tog": "novice"})
    cta = CenturiaSkirmishTable("centuria_ford_road", seed=2, players={"rome": "veteran", "rebels": "novice"})
    assert cen.game.over and cta.game.over
    assert "succeeds at or under it" in cen.log_html.value and "DIE-10" in cen.log_html.value
    assert "succeeds over it" in cta.log_html.value and "DIE-20" in cta.log_html.value
    seen = {"d10": 0, "d20": 0}
    for page in (cen, cta):
        for die, r, target, verdict in roll.findall("\n".join(page.game.log)):
            r, target = int(r), int(target)
            if die == "d10":
                passes = r == 1 or (r != 10 and r <= target)
            elif die == "d100":
                passes = r <= target
            else:
                passes = r > target
            assert passes == (verdict == "success"), (die, r, target, verdict)
            seen[die] = seen.get(die, 0) + 1
    assert seen["d10"] > 10 and seen["d20"] > 10, seen


def test_a_grounded_vehicles_move_preview_says_lifting_off_takes_thrust():
    """The walk saw a grounded tank's 'accelerate 4, F F F' end at velocity 3 with nothing to say why: lifting off
    from the ground costs 1 thrust point before any velocity is gained (CEN-GRAV-6). The village's T21 starts
    grounded in a crater (2 thrust points to lift off); each of its listed moves that takes off says so, and ends at
    its acceleration - 2 - its braking."""
    from centurion.game.actions import Move
    from centurion.widgets.skirmish_text import preview_lines

    g = new_skirmish("village", seed=1)
    g = until(g, lambda g: g.phase == "movement" and "T21" in {v.key for v in g.movers()})
    t21 = g.vehicle("T21")
    assert t21.grounded and t21.velocity == 0 and t21.in_crater
    lift = 2  # CEN-GRAV-6: from a crater 2 TP (1 from open ground, 2 from under water)
    moves = [a for a in g.legal_actions() if isinstance(a, Move) and a.unit == "T21" and a.move.accelerate > 0
             and not a.move.ground]
    assert moves
    for a in moves[:5]:
        text = " ".join(preview_lines(g, a, a))
        end = a.move.accelerate - lift - a.move.decelerate
        assert f"Lifting off takes {lift} thrust points of the acceleration" in text, text
        assert f"it ends at velocity {end} [CEN-GRAV-6]" in text, text


def test_a_painting_roll_names_the_speed_variant_that_changed_it():
    """The second walk of session 49 read 'R11 to paint T12 at range 12 [CEN-CMB-1]: d10 = 3 vs target -2' in a
    VAR-SPEEDMOD game with no line naming the variant, where the fire's rolls had one ('target speed 9 -3
    [VAR-SPEEDMOD]'); the project says the log names the variant behind every roll it changes. Each paint now has its
    line, whose term is the RULES.md VAR-SPEEDMOD band of the speed it names (0-1: 0, 2-3: -1, 4-6: -2, 7-10: -3,
    11-15: -4, 16-20: -5, 21+: -6)."""
    import re

    def band(speed: int) -> int:
        return next(v for hi, v in ((1, 0), (3, -1), (6, -2), (10, -3), (15, -4), (20, -5)) if speed <= hi) \
            if speed <= 20 else -6

    g = new_skirmish("meeting", seed=1, variants=("VAR-SPEEDMOD",))
    g = until(g, lambda g: g.over, limit=4000)
    rolls = re.findall(r"^    (\S+) to paint (\S+) at ", "\n".join(g.log), re.M)
    named = re.findall(r"^  (\S+) paint at (\S+): target speed (\d+) ([+-]\d+) \[VAR-SPEEDMOD\]$", "\n".join(g.log),
                       re.M)
    assert len(rolls) > 5 and [(p, t) for p, t, _s, _v in named] == rolls
    assert all(int(v) == band(int(s)) for _p, _t, s, v in named), named
    assert any(int(v) < 0 for *_x, v in named)  # some paint was at a moving target
    off = new_skirmish("meeting", seed=1)
    off = until(off, lambda off: off.over, limit=4000)
    assert not any("[VAR-" in line for line in off.log)  # the basic rules name no variant


def test_chapter_21s_moves_widget_heads_its_column_with_the_switches_ticked():
    """The second walk unticked VAR-LATERAL and read 'Variant (VAR-LATERAL)' over 561 end states each tagged
    VAR-EMERGENCY; with both unticked the heading still named VAR-LATERAL. The column now names the switches ticked,
    and every new end's 'uses' cell is one of them."""
    import re

    from centurion.widgets.variants_view import LegalMovesSideBySide

    view = LegalMovesSideBySide()

    def heading() -> str:
        return re.sub(r"<[^>]+>", "", re.search(r"<th[^>]*>(Variant[^<]*(?:<[^>]+>[^<]*)*?)</th>",
                                                view.out.value).group(1))

    assert heading() == "Variant (VAR-LATERAL, VAR-EMERGENCY)"
    view.lateral.value = False
    assert heading() == "Variant (VAR-EMERGENCY)"
    uses = re.findall(r"<td>(VAR-[A-Z, -]+)</td></tr>", view.out.value)
    assert uses and all(u == "VAR-EMERGENCY" for u in uses), uses
    view.emergency.value = False
    assert heading() == "Variant (no switch ticked: the basic rules)"
    assert " 0 new," in view.out.value


def test_a_variants_refusal_reads_right_outside_a_game():
    """Chapter 21 printed the basic rules' refusal of a salvo as 'the variant rule VAR-SALVO is off in this game' on a
    page with no game; the rules layer's words now fit a chapter and a game alike."""
    from centurion.rules.hooks import BasicRules
    from centurion.variants import RuleSet
    from centurion.variants.switches import refuse_off

    salvo = BasicRules().declare_salvo([])
    assert salvo.rule == "VAR-SALVO" and "VAR-SALVO is off (" in salvo.reason and "game" not in salvo.reason
    off = refuse_off(RuleSet(), "VAR-SHIELD")
    assert off.startswith("the variant rule VAR-SHIELD is off (") and "game" not in off


def test_a_variant_games_log_names_its_switches_and_the_move_key_explains_a_lateral_shift():
    """The second walk: the log of a game with fan variants opened without naming them (only the line under the
    page's banner did), and a path's SL / SR steps were not in the move key under the list (VAR-LATERAL)."""
    from centurion.game.actions import Move
    from centurion.widgets.skirmish_text import preview_lines

    on = ("VAR-LATERAL", "VAR-SPEEDMOD")
    g = new_skirmish("meeting", seed=1, variants=on)
    assert g.log[1] == "Fan variant rules in play (chapter 21): VAR-LATERAL, VAR-SPEEDMOD"
    assert not any(line.startswith("Fan variant rules") for line in new_skirmish("meeting", seed=1).log)
    g = until(g, lambda g: g.phase == "movement" and g.movers())
    a = next(a for a in g.legal_actions() if isinstance(a, Move))
    assert "SL / SR = a lateral shift" in " ".join(preview_lines(g, a, a))
    basic = new_skirmish("meeting", seed=1)
    basic = until(basic, lambda basic: basic.phase == "movement" and basic.movers())
    b = next(a for a in basic.legal_actions() if isinstance(a, Move))
    assert "SL / SR" not in " ".join(preview_lines(basic, b, b))


def test_the_variant_initiative_is_explained_by_its_own_rule_not_the_basic_one():
    """The third walk played a VAR-INIT game: the hint and the preview of 'spends 2' gave the basic rule (the lower
    total wins, passes at 3 points) and 'Refused: CEN-INI-1 ... cannot use 2', yet Confirm took it and the higher
    total won, as the variant says (RULES.md VAR-INIT: d10 + rating points spent, the higher wins, ties re-rolled).
    Every listed spend now previews without a refusal and in the variant's words, and the game's own rolls agree."""
    import re

    from centurion.game.actions import Leadership
    from centurion.game.bot_reasons import _plain_reason
    from centurion.widgets.hints import hint_text
    from centurion.widgets.skirmish_text import preview_lines

    g = new_skirmish("meeting", seed=1, variants=("VAR-INIT",))
    assert g.phase == "initiative"
    spends = [a for a in g.legal_actions() if isinstance(a, Leadership)]
    assert len(spends) > 2
    for a in spends:
        text = " ".join(preview_lines(g, a, a))
        assert "Refused" not in text and "higher total wins" in text and "VAR-INIT" in text, text
        assert "lower total" not in text and "CEN-INI-2" not in text, text
        assert "higher total wins" in _plain_reason(g, a) and "CEN-INI-1" not in _plain_reason(g, a)
    hint = hint_text(g, None, None, True)
    assert "higher total wins" in hint and "VAR-INIT" in hint and "passes" not in hint, hint
    basic = new_skirmish("meeting", seed=1)
    assert "lower total wins" in " ".join(preview_lines(basic, Leadership(0), Leadership(0)))
    # the game's own rolls: the winner's d10 + points is the higher of the last pair rolled
    played = g.apply(spends[2])
    played = until(played, lambda played: played.phase != "initiative")
    pairs = re.findall(r"^    initiative, (.+) \(([+-]\d+)\) \[VAR-INIT\]: d10 = (\d+)$", "\n".join(played.log), re.M)
    assert len(pairs) >= 2, played.log[-8:]
    (a_side, a_bonus, a_roll), (b_side, b_bonus, b_roll) = pairs[-2:]
    totals = {a_side: int(a_roll) + int(a_bonus), b_side: int(b_roll) + int(b_bonus)}
    assert totals[played.label(played.initiative_winner)] == max(totals.values()) != min(totals.values())
    # the fire step's hint: resolved at once (VAR-INIT)
    played = until(played, lambda played: played.phase == "fire" or played.over)
    fire = hint_text(played, None, None, True)
    assert "as soon as it has declared [VAR-INIT]" in fire and "once both sides have declared" not in fire, fire


def test_a_shot_at_a_fallen_piece_says_only_that_it_cannot_be_made():
    """The third walk, chapter 14: after B-C2 fell, the panel read 'R-B1 shoots at B-C2: in sight of the engine'
    above 'Not allowed: ... must be a living enemy piece'. A shot at a fallen piece now says only why it cannot be
    made (CTA-ART); a living target still gets its sight, spotters and odds."""
    from centurion.centuria import CenturiaBattle
    from centurion.data import centuria_scenario, centuria_tables
    from centurion.widgets.centuria_panels import odds_html

    b = CenturiaBattle.from_scenario(centuria_scenario())
    guns = replace(b.placed("B-C2", "0806", 3).placed("B-C3", "0605", 3), phase="combat")
    live = odds_html(guns, centuria_tables(), "R-B1", "B-C2", "artillery")
    assert "shoots at <b>B-C2</b>" in live and "of the engine" in live and "Hit on a roll over" in live, live
    fallen = guns.with_piece(replace(guns.piece("B-C2"), alive=False))
    text = odds_html(fallen, centuria_tables(), "R-B1", "B-C2", "artillery")
    assert "cannot shoot at <b>B-C2</b>" in text and "living enemy piece" in text, text
    assert "in sight" not in text and "seen by" not in text, text


def test_undo_in_a_centuria_chapter_clears_the_result_it_took_back():
    """The third walk, chapter 13: after a rally test and Undo, the unit was idle again on the map and the diagram,
    but the line above the diagram still said 'R-C2 rallies ... passes; now intact'. Undo now clears that line."""
    from centurion.centuria import CenturiaBattle
    from centurion.data import centuria_scenario
    from centurion.widgets import CenturiaTable

    table = CenturiaTable(CenturiaBattle.from_scenario(centuria_scenario()).placed("R-LEG", "0609"), mode="morale")
    table.selected = "R-C2"
    assert table.do_morale()
    assert "R-C2" in table.rolls.value and "CTA-MORALE" in table.rolls.value
    before = table.history[-1]
    table._undo()
    assert table.battle == before and table.rolls.value == ""
    assert "Took back the last action" in table.message.value


def test_a_new_start_in_the_move_table_begins_its_velocity_track_there():
    """The third walk, chapter 06: with 'Starts' switched to 'grounded in a crater' the panel said velocity 0 but the
    Velocity record track still read 8, the start before the change. A new start begins the track at its velocity
    (CEN-GRD-1: a grounded vehicle has velocity 0)."""
    import re

    from centurion.data import sample_map, vehicle_types
    from centurion.widgets import GravMoveTable, tank_on

    battlefield = sample_map()
    table = GravMoveTable(battlefield, vehicle_types()["horatius"],
                          tank_on(battlefield, vehicle_types()["horatius"], "0520", 0, 8), start_options=True)

    def track() -> list[str]:
        found = re.search(r"Velocity record track: (.*?)<br>", table.budget.value)
        return re.findall(r">(\d+)</span>", found.group(1))

    assert table.history == [8] and track() == ["8"]
    table.start_down.value = "crater"
    assert table.state.grounded and table.state.in_crater and table.state.velocity == 0
    assert table.history == [0] and track() == ["0"], (table.history, track())
