"""Each variant switch acts in play (issue 21, RULES.md §2): a short game, the computer against itself (no `budget`:
its choices do not depend on the machine's speed), on a scenario where the switch matters, and the log line of the
rule acting. A few games start from a shipped scenario with one vehicle set where the rule comes up (a tank that
cannot move, a crew member out, a tank beside a wood); the rest are the shipped scenarios as they are."""

from __future__ import annotations

import re
from dataclasses import replace

from centurion.game import bot_action, new_skirmish
from centurion.hexgrid import parse_label
from centurion.rules.damage import cross_rowwise
from tests.bot_games import steady_novice, with_squad


def play(state, turns: int, *, limit: int = 600, until: str | None = None):
    """The computer plays both sides (novice) until the end of turn `turns` or the game's end (or, with `until`, as
    soon as a log line matches that pattern: the game up to there is the same)."""
    for _ in range(limit):
        if state.over or state.turn > turns or (until is not None and lines(state, until)):
            return state
        with steady_novice():
            state = state.apply(bot_action(state, "novice"))
    raise AssertionError("the game did not reach the turn")


def game(scenario: str, seed: int, *variants: str):
    return new_skirmish(scenario, seed=seed, variants=variants)


def with_vehicle(state, key: str, **changes):
    return replace(state, vehicles=state._with_vehicle(replace(state.vehicle(key), **changes)))._fresh()


def out_of_action(sheet, *roles):
    return replace(sheet, crew=tuple(replace(m, state="dead") if m.role in roles else m for m in sheet.crew))


def lines(state, pattern: str) -> list[str]:
    return [line for line in state.log if re.search(pattern, line)]


def test_VAR_INIT_rating_points_alternate_activations_and_a_dismounted_squad_on_its_own():
    s = game("village", 1, "VAR-INIT")
    car = s.vehicle("R31")  # the squad R31s got out of its Viper last turn: an element of its own now
    s = with_squad(s, "R31s", hex=car.hex, aboard=None)
    s = play(s, 1)
    assert lines(s, r"initiative: .* wins \(totals \d+ and \d+, rating points [+-]\d and [+-]\d.*\[VAR-INIT\]")
    order = lines(s, r"activation order: .*\[VAR-INIT\]")
    assert order and "Renegade Mechanised Platoon / R31s dismounted" in order[0]
    assert lines(s, r"activation: Renegade Legion, Renegade Mechanised Platoon / R31s dismounted \[VAR-INIT\]")
    assert lines(s, r"fires: every attack resolved and all damage applied now \[VAR-INIT\]")


def test_VAR_OCCUPY_the_computer_stands_out_in_the_open_part_of_a_wood_edge():
    s = game("meeting", 1, "VAR-OCCUPY")
    while not (s.phase == "movement" and s.movers() and s.movers()[0].key == "R11"):
        s = s.apply(bot_action(s, "novice"))
    # R11 at velocity 3 just west of the wood edge 0317 (open ground in its south-east part)
    s = play(with_vehicle(s, "R11", hex=parse_label("0216"), facing=2, velocity=3), 1)
    moved = lines(s, r"R11 moves: .*out at step")
    assert moved, "the computer declared no 'out' position"
    assert lines(s, r"R11 stands out in the open part of \d{4} \('out': clear, level \d\) \[VAR-OCCUPY\]")


def test_VAR_MOVETYPE_a_grav_tank_at_double_speed_along_the_road():
    s = play(game("meeting", 1, "VAR-MOVETYPE"), 1)
    road = lines(s, r"spends its whole move along the road: 200% movement, (\d+) hexes at velocity (\d+)")
    assert road
    hexes, velocity = map(int, re.search(r"(\d+) hexes at velocity (\d+)", road[0]).groups())
    assert velocity < hexes <= 2 * velocity


def test_VAR_LATERAL_shifts_in_play():
    shift = r"shifts (left|right) to \d{4}: 1 TP \+ \d+ VP \[VAR-LATERAL\]"
    s = play(game("pursuit", 1, "VAR-LATERAL"), 1, until=shift)
    assert lines(s, shift)


def test_VAR_EMERGENCY_an_emergency_turn_above_velocity_12():
    """A TOG tank of the pursuit at velocity 14 (the seed's example speed): the game lists emergency-turn moves for
    it, and one played logs the vane's three rolls against the seed's targets: an undamaged vane's 9 and 9, less the
    TP pumped, and one less for the damage roll (RULES.md VAR-EMERGENCY: 2 TP at velocity 14 -> 7, 6, 7)."""
    s = game("pursuit", 0, "VAR-EMERGENCY")
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    s = with_vehicle(s, "T51", velocity=14)  # its own 7 doubled: no turn without 3 straight hexes first
    emergency = [(m, e) for m, e in s.move_options("T51") if "VAR-EMERGENCY" in getattr(e.safest, "variant_rules", ())]
    assert emergency, "no emergency turn offered at velocity 14"
    after = s.apply(emergency[0][0])
    line = next(ln for ln in after.log[len(s.log):] if "emergency turn at velocity" in ln)
    tp = int(re.search(r"emergency turn at velocity 14, (\d) TP into the (left|right) vane", line).group(1))
    assert 1 <= tp <= 3
    assert re.search(rf"d10 \d+ vs {9 - tp}, d10 \d+ vs {8 - tp}, d10 \d+ vs {9 - tp}.*\[VAR-EMERGENCY\]", line), line


def test_VAR_RAM_a_ram_declared_and_resolved():
    s = play(game("village@1", 7, "VAR-RAM"), 1)  # the Renegade tanks race into the grounded TOG garrison (edition 1)
    assert lines(s, r"moves: .*, ramming T2\d \[VAR-RAM\]")
    assert lines(s, r"will ram T2\d after the Combat Phase at velocity \d+: ram immobile target: hits unless a 1")
    assert lines(s, r"rams the immobile T2\d: d10 \d+ \(a 1 misses\), odds 9/10 = 90%: the ram (hits, \d+ to T2\d's .*|"
                    r"misses) \[VAR-RAM\]")  # a hit says its damage both ways


def test_VAR_SELFDESTRUCT_the_crew_of_a_doomed_tank_sets_the_charge():
    s = game("meeting@1", 12, "VAR-SELFDESTRUCT")  # the set-up of its seed (edition 1: three Horatius)
    v = s.vehicle("R12")
    sheet = out_of_action(v.sheet, "driver")  # grounded with its driver dead: it will never move again
    for side in ("front", "left", "right", "stern"):  # and most of its armour gone
        sheet, *_ = cross_rowwise(sheet, side, sheet.vehicle.armor[side] * 3 // 5)
    s = with_vehicle(s, "R12", sheet=sheet, hex=parse_label("2514"), facing=2, velocity=0, grounded=True)
    t = s.vehicle("T11")  # an enemy that stays within 6 hexes of it: grounded three hexes away, its driver dead
    s = with_vehicle(s, "T11", sheet=out_of_action(t.sheet, "driver"), hex=parse_label("2814"), facing=4, velocity=0,
                     grounded=True)
    s = play(s, 4)
    assert lines(s, r"R12: the (gunner|commander) tries to set the self-destruct charge: gunnery check d10 \d+ "
                    r"against \d.*\[VAR-SELFDESTRUCT\]")
    assert lines(s, r"R12: .*the charge is set; d3 = \d: R12 explodes in the End Phase of turn \d \[VAR-SELFDESTRUCT\]")
    assert lines(s, r"R12 explodes \(self-destruct charge set on turn \d\).*\[VAR-SELFDESTRUCT\]")


def test_VAR_SALVO_one_roll_for_the_lupus_twin_lasers():
    s = play(game("pursuit", 1, "VAR-SALVO"), 1)
    # whose roll it is, as every shot's line says (walk of session 30: the salvo's roll named neither)
    assert lines(s, r"salvo of 2 1\.5/3 laser: one roll for all \(T5\d at R4\d, range \d+\) \[VAR-SALVO\]: d10 = \d+ "
                    r"vs target \d+")
    assert lines(s, r"T5\d 1\.5/3 laser at R4\d: one roll for the salvo \[VAR-SALVO\]")


def test_VAR_SHIELD_stop_rolls_in_play():
    s = play(game("meeting", 3, "VAR-SHIELD"), 3)
    assert lines(s, r"shield not counted \[VAR-SHIELD\]: d10 = \d+ vs target \d+")
    assert lines(s, r"shield rating \d+ stops the round \[VAR-SHIELD\]: d100 = \d+ vs target \d+")


def test_VAR_SPEEDMOD_the_target_speed_term_in_play():
    s = play(game("meeting", 3, "VAR-SPEEDMOD"), 2)
    assert lines(s, r"at T1\d: target speed \d+ [+-]\d \[VAR-SPEEDMOD\]")


def test_VAR_WEAPONS_crew_roles_change_who_fires_what():
    s = game("meeting", 2, "VAR-WEAPONS")
    s = with_vehicle(s, "R12", sheet=out_of_action(s.vehicle("R12").sheet, "gunner"))
    s = with_vehicle(s, "R13", sheet=out_of_action(s.vehicle("R13").sheet, "gunner", "commander"))
    s = play(s, 1)
    assert lines(s, r"R12 .* at T1\d: fired by the commander \(the gunner is out\) \+0 \[VAR-WEAPONS\]")
    assert lines(s, r"R13: the driver fires .* \(-2 each\): piloting roll d10 \d+ against 5")
    assert lines(s, r"R13 .* at T1\d: the driver fires it -2 \[VAR-WEAPONS\]")

