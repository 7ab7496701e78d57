"""Five of session 53's walk leftovers, mended in session 55: a shot's roll names the terms of its target, two hits
on one facing's shield locations are told once, the unit panel says whether a launcher is left to fire the rounds
it counts, the move hint names the end velocities the list leaves to the Speed list, and the End Phase's own steps
are logged under a line of their own. The expected numbers are the books': book-a §10.1's
base to-hit by range (12 at 0-1, 11 at 2-3, 10 at 4-6, 9 at 7-10, 8 at 11-20), -1 per Targ box lost (book-a 13.2),
the shield factor of the side struck (rating / 10; a Horatius' right shield is 60, data/vehicles.yaml), none
against a Gauss (book-a §10.2), and a facing's shield down only when both of its locations are hit (book-a 13.2)."""

from __future__ import annotations

import re

from centurion.data import vehicle_types
from centurion.dice import Dice
from centurion.rules.fire import to_hit
from centurion.rules.internals import apply_internal_damage
from centurion.rules.record import RecordSheet


def test_walk53_an_enemy_shots_roll_says_why_its_target_is_8_at_range_7():
    """Walk of session 53: "T11 150mm Gauss to hit R12 at range 7 [CEN-CMB-1]: d10 = 7 vs target 8" after T11 had
    lost a Targ box: base 9 at range 7 and no shield term against a Gauss, so a newcomer read a bonus for the
    computer. The roll's line now says how its target is made up; the terms of 0 are left out, and a target that is
    its range's base alone says nothing more (the range is in the roll's question)."""
    roll = to_hit(7, weapon="gauss", shield_factor=6, targeting_lost=1, shield_side="right")
    line = roll.roll(Dice.scripted([7]), purpose="T11 150mm Gauss to hit R12 at range 7", rule="CEN-CMB-1").describe()
    assert line == ("T11 150mm Gauss to hit R12 at range 7 [CEN-CMB-1]: d10 = 7 vs target 8 = 9 base - 1 for 1 Targ "
                    "box lost (P = 4/5 = 80%): success")
    laser = to_hit(2, weapon="laser", shield_factor=6, terrain="light_woods", targeting_lost=2, shield_side="right")
    line = laser.roll(Dice.scripted([1]), purpose="T11 laser to hit R12 at range 2", rule="CEN-CMB-1").describe()
    assert "d10 = 1 vs target 2 = 11 base - 6 for right shield factor 6 - 1 for target in light woods - 2 for 2 Targ " \
           "boxes lost (P = 1/5 = 20%)" in line, line


def test_walk53_an_enemy_shot_in_a_game_carries_its_terms_and_they_add_up():
    """Every to-hit and paint roll of a bot game with a term beyond its range's base says how its target is made up,
    and the terms add up to it (the base of its range band, book-a §10.1, first); the others roll at that base."""
    from centurion.game import new_skirmish
    from tests.bot_games import until

    g = until(new_skirmish("meeting", seed=3), lambda g: g.over or g.turn > 3, limit=4000)
    base = {r: b for lo, hi, b in ((0, 1, 12), (2, 3, 11), (4, 6, 10), (7, 10, 9), (11, 20, 8)) for r in range(lo, hi + 1)}
    rolls = [m for line in g.log if (m := re.search(r" to (?:hit|paint) \S+ at range (\d+).* \[CEN-CMB-1\]: d10 = \d+ "
                                                   r"vs target (-?\d+) = (-?\d+) base(.*?) \(P = ", line))]
    assert len(rolls) >= 10, "\n".join(g.log)
    for m in rolls:
        rng, target, b, rest = int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(4)
        assert b == base[rng], m.group(0)
        assert b + sum(int(sign + n) for sign, n in re.findall(r" ([+-]) (\d+) for ", rest)) == target, m.group(0)
    bare = [m for line in g.log if (m := re.search(r" to (?:hit|paint) \S+ at range (\d+).* \[CEN-CMB-1\]: d10 = \d+ "
                                                  r"vs target (-?\d+) \(P = ", line))]
    assert bare and all(int(m.group(2)) == base[int(m.group(1))] for m in bare)  # no term but the base: none said


def _horatius(*hit: tuple[str, str], pending: tuple[tuple[str, str], ...]) -> RecordSheet:
    s = RecordSheet.of(vehicle_types()["horatius"])
    lost = [(sec, b) for sec, comp in hit for b in s.boxes_of(sec, comp)]
    s = s.with_damage({}, lost, immediate=True)
    return s.with_damage({}, [(sec, b) for sec, comp in pending for b in s.boxes_of(sec, comp)])


def test_walk53_two_hits_on_one_facings_shield_locations_are_told_once():
    """Walk of session 53: two hits on R11's right shield in one volley were logged "right shield location hit: the
    facing's shield is down (factor 0); right shield location hit: the facing's shield is down (factor 0)", which
    reads as if the first hit alone had downed it. Now one line says both locations are hit; one location hit says
    whether the other still holds the shield."""
    def shield_lines(record: RecordSheet) -> list[str]:
        after, report = apply_internal_damage(record, Dice.scripted([]), unit="R11")
        return [e for e in report.effects if "shield" in e], after

    both, after = shield_lines(_horatius(pending=(("right", "shield_1"), ("right", "shield_2"))))
    assert both == ["right shield: both locations hit: the facing's shield is down (factor 0)"]
    assert after.shield_factor("right") == 0
    one, after = shield_lines(_horatius(pending=(("right", "shield_2"),)))
    assert one == ["right shield location hit: the other location still holds it"]
    assert after.shield_factor("right") == 6
    second, after = shield_lines(_horatius(("right", "shield_1"), pending=(("right", "shield_2"),)))
    assert second == ["right shield location hit: the facing's shield is down (factor 0)"]
    two_sides, _ = shield_lines(_horatius(pending=(("right", "shield_1"), ("left", "shield_1"), ("left", "shield_2"))))
    assert sorted(two_sides) == ["left shield: both locations hit: the facing's shield is down (factor 0)",
                                 "right shield location hit: the other location still holds it"]


def test_walk53_the_unit_panel_says_whether_a_launcher_is_left_to_fire_the_rounds():
    """Walk of session 53: R12's panel read "TVLG 8" beside "TVLG 4 (out)" and the walker took the count for
    rounds kept in a destroyed launcher. book-a 8.3: a vehicle's rounds are its own (the Viper's sheet lists "ammo 2
    SMLM, 4 TVLG"; at most 2 TVLG a turn "regardless of launchers"), so any launcher of the kind still working fires
    them, and none can once all are out (book-a 13.2: a Hull Weap hit destroys that location's weapons). A
    Liberator carries 8 TVLG rounds for a TVLG 4 in hull 1 and one in hull 2 (data/vehicles.yaml)."""
    from dataclasses import replace

    from centurion.game import new_skirmish
    from centurion.widgets.skirmish_text import unit_html

    g = new_skirmish("meeting", seed=0)
    v = g.vehicle("R12")
    assert v.sheet.vehicle.key == "liberator"

    def panel(*sections: tuple[str, str]) -> str:
        s = v.sheet
        s = s.with_damage({}, [(sec, b) for sec, comp in sections for b in s.boxes_of(sec, comp)], immediate=True)
        state = replace(g, vehicles=tuple(replace(u, sheet=s) if u.key == "R12" else u for u in g.vehicles))
        return re.search(r"<b>Rounds and charges left</b> ([^;]*);", unit_html(state, "R12")).group(1)

    assert panel().startswith("SMLM 0, TVLG 8, smoke ")
    assert panel(("left", "hull_weapons_1")).startswith("SMLM 0, TVLG 8 (from the launchers still working), smoke ")
    assert panel(("left", "hull_weapons_1"), ("right", "hull_weapons_2")).startswith(
        "SMLM 0, TVLG 8 (no launcher left to fire them), smoke ")


def test_walk53_the_move_hint_names_the_end_velocities_left_to_the_speed_list():
    """Walk of session 53: with "any end velocity", the list for 1014 gave 4 -> 6 and 4 -> 8 but no 7 for any facing,
    which read as every option, though the Speed list's "end at velocity 7" then offered one (CEN-GRAV-1, -4: thrust
    left after the path may brake the vehicle to any velocity down to its slowest). The hint under the list now names
    the velocities a facing's path may be braked to in the hex clicked that the list does not show for that facing,
    and the Speed list then offers each of them there; where the list shows them all it says nothing of it."""
    from centurion.game import new_skirmish
    from centurion.widgets.skirmish import SkirmishTable

    g = new_skirmish("meeting", seed=0)
    while g.phase != "movement":
        g = g.apply(g.legal_actions()[0])
    key = g.movers()[0].key
    t = SkirmishTable("meeting", seed=0, players={"renegade": "person", "tog": "person"})
    for pick in t.player_picks:
        pick.value = "person"
    assert t.load_text(g.to_json())
    g = t.game
    now = g.vehicle(key).velocity

    def flown(a) -> int:  # CEN-GRAV-1: the velocity now + acceleration - deceleration
        return now + a.move.accelerate - a.move.decelerate

    def between(hex_) -> frozenset[tuple[int, int]]:  # (facing, velocity) a listed path may be braked to, unlisted
        flown_ends = [(m, e) for m, e in g.move_options(key) if e.hex == hex_ and not e.grounded]
        shown = {(e.facing, flown(m)) for m, e in flown_ends + list(g.braked_options(key, hex_))}
        return frozenset((e.facing, n) for m, e in flown_ends for n in range(max(0, e.velocity_min), flown(m) + 1)
                         if (e.facing, n) not in shown)

    ends = sorted({e.hex for _m, e in g.move_options(key) if not e.grounded} - {v.hex for v in g.vehicles},
                  key=lambda h: (h.q, h.r))
    cases: dict[tuple[int, ...], list] = {}
    for hex_ in ends:  # a hex of each set of velocities left out, and two with none left out
        velocities = tuple(sorted({n for _f, n in between(hex_)}))
        if len(cases.setdefault(velocities, [])) < (2 if not velocities else 1):
            cases[velocities].append(hex_)
    assert len(cases) >= 4 and () in cases, cases  # at velocity 4 an end leaves out 1 to 3 velocities of 3-9
    for missing, hexes in cases.items():
        for hex_ in hexes:
            t.speed.value = "any"
            t.click(g.vehicle(key).hex)
            t.click(hex_)
            facing = {m: e.facing for m, e in g.move_options(key)} | {m: e.facing for m, e
                                                                          in g.braked_options(key, hex_)}
            listed = {(facing[a], flown(a)) for a in t._actions_now() if getattr(a, "unit", None) == key
                      and not a.move.ground}
            assert not listed & between(hex_), hex_  # the page's list lacks them, facing by facing
            m = re.search(r"to end at velocity ([\d, or]+), pick it in the Speed list \[CEN-GRAV-4\]",
                          re.sub(r"<[^>]+>", "", t.hint()))
            assert (m is None) == (not missing), (hex_, missing, t.hint())
            if m is None:
                continue
            assert tuple(int(n) for n in re.findall(r"\d+", m.group(1))) == missing
            for n in missing:
                t.speed.value = n
                at = [a for a in t._actions_now() if getattr(a, "unit", None) == key and not a.move.ground]
                assert at and all(flown(a) == n and g.is_legal(a) for a in at), (hex_, n)


def test_walk53_the_end_phases_steps_are_logged_under_its_own_line_not_among_the_fire_results():
    """Walk of session 53: "R13: widowed armor removed [CEN-SEQ-1]" and "commander of T12 wakes ..." were printed
    inside the last fire declaration's results, though CEN-SEQ-1 (book-a 13.2: the unconscious try to wake in the
    End Phase; widowed armor falls then) puts both in the End Phase. Each now sits under "T<n> end — the End Phase
    begins", with the wake-up rolls, in a whole bot game that has both; a turn without any has no such line."""
    from centurion.game import new_skirmish
    from tests.bot_games import until

    g = until(new_skirmish("meeting", seed=0), lambda g: g.over, limit=4000)
    head = re.compile(r"^T(\d+) end — the End Phase begins \[CEN-SEQ-1\]$")

    def heading(i: int) -> str:  # the line a log line sits under: the nearest line before it not indented
        return next(g.log[k] for k in range(i - 1, -1, -1) if not g.log[k].startswith(" "))

    steps = [i for i, line in enumerate(g.log) if re.match(r"^    \w+ of [RT]\d+ wakes ", line)
             or re.match(r"^  [RT]\d+: widowed armor removed \[CEN-SEQ-1\]$", line)
             or re.match(r"^  the smoke in \d{4} lifts$", line)]
    assert any("wakes" in g.log[i] for i in steps) and any("widowed" in g.log[i] for i in steps)
    assert all(head.match(heading(i)) for i in steps), [(g.log[i], heading(i)) for i in steps if not
                                                         head.match(heading(i))]
    heads = [i for i, line in enumerate(g.log) if head.match(line)]
    assert all(g.log[i + 1].startswith("  ") for i in heads)  # never a line with nothing under it
    assert len({head.match(g.log[i]).group(1) for i in heads}) == len(heads) < g.turn  # once a turn, not every one
