"""The careful levels' End Phase smoke and their focus on what is nearly destroyed (issue 25; docs/decisions.md,
"Computer opponent": the veteran lays smoke, book-b §10.3, for a vehicle with under half its armor left and an
enemy within 8 hexes; its fire weighs a target more the less of its thinnest armor section is left). Since rules
edition 3 a charge smokes 3 hexes next to the vehicle (book-b §10.2): the careful levels lay it where it blocks an
enemy's sight of the vehicle, checked here with `line_of_sight` itself.

The smoke position: the meeting (seed 0) at TOG's End Phase of turn 1, the novice's 20th decision, T11 worn to a
given number of armor boxes and R11 put a given distance from it. Found by mutation testing of `game/bot.py`
(session 40): the smoke and the focus were reached only through whole games.
"""

from __future__ import annotations

import pytest

import centurion.game.bot as bot
from centurion.game import EndTurn, Smoke, bot_action, new_skirmish
from centurion.hexgrid import distance, neighbors
from centurion.rules.sight import line_of_sight
from tests.bot_games import played, with_vehicle


def worn(state, key: str, intact: dict[str, int]):
    """`state` with vehicle `key` on a fresh record sheet whose named sections are left with exactly `intact` armor
    boxes each (the first boxes lost, in reading order, CEN-REC-1)."""
    sheet = type(state.vehicle(key).sheet).of(state.vehicle(key).sheet.vehicle)
    lost = {}
    for name, left in intact.items():
        sec = sheet.armor[name]
        there = [b for b in range(sec.first_box, 100) if b not in sec.destroyed]
        assert len(there) == sec.intact >= left
        lost[name] = there[: sec.intact - left]
    return with_vehicle(state, key, sheet=sheet.with_damage(lost, [], immediate=True))


@pytest.fixture(scope="module")
def tog_end_phase():
    s = played("meeting", 0, 20, "novice")
    assert s.phase == "end" and s.active == "tog"
    assert {"T11", "T12", "T13"} <= {a.unit for a in s.legal_actions() if isinstance(a, Smoke)}
    return s


def _screenable(s, h, target_hex) -> bool | None:
    """Whether smoke all round `target_hex` would block the sight from `h` that there is (None: no sight)."""
    if not line_of_sight(s.battlemap, h, target_hex).seen:
        return None
    smoked = s.battlemap
    for n in neighbors(target_hex):
        smoked = smoked.with_counter(n, "smoke") if n in smoked else smoked
    return not line_of_sight(smoked, h, target_hex).seen


def _at(s, key: str, target: str, hexes: int, screenable: bool = True):
    """`s` with vehicle `key` moved to a hex `hexes` from `target` that sees it, where smoke next to `target` can
    block that sight (or, `screenable` False, cannot: a line above the smoke), every other enemy of `target`
    farther than 12."""
    t = s.vehicle(target)
    h = next(h for h in sorted(s.battlemap.hexes) if distance(h, t.hex) == hexes
             and _screenable(s, h, t.hex) is screenable)
    far = [h2 for h2 in sorted(s.battlemap.hexes) if all(distance(h2, x.hex) > 12 for x in s.live_vehicles(t.side))]
    for v in s.live_vehicles(s.vehicle(key).side):
        s = with_vehicle(s, v.key, hex=h if v.key == key else far[0])
    return s


HALF = {"front": 0, "turret": 80, "left": 60, "right": 45, "stern": 0, "bottom": 0}  # 185 of the Horatius's 370


@pytest.mark.parametrize(("right", "hexes", "level", "smoke"), [
    (44, 8, "veteran", True),    # 184 of 370 boxes (under half), an enemy 8 hexes off: smoke
    (44, 8, "elite", True),
    (45, 8, "veteran", False),   # exactly half left: no smoke
    (44, 9, "veteran", False),   # the enemy 9 hexes off: no smoke
    (44, 8, "novice", False),    # the novice never lays smoke
])
def test_a_worn_vehicle_lays_smoke_with_an_enemy_near(tog_end_phase, right, hexes, level, smoke):
    s = _at(worn(tog_end_phase, "T11", {**HALF, "right": right}), "R11", "T11", hexes)
    t11 = s.vehicle("T11")
    assert sum(dict(t11.sheet.vehicle.armor).values()) == 370
    assert sum(sec.intact for _n, sec in t11.sheet.armor.sections) == 140 + right
    assert min(distance(x.hex, t11.hex) for x in s.live_vehicles("renegade")) == hexes
    a = bot_action(s, level)
    if smoke:
        _screens(s, a, "T11", "R11")
    else:
        assert a == EndTurn()


def _screens(s, a, unit: str, enemy: str) -> None:
    """`a` is `unit`'s smoke charge, and the smoke blocks `enemy`'s sight of it, which it had (book-b §10.3)."""
    assert isinstance(a, Smoke) and a.unit == unit and len(a.hexes) == 3
    seen_from, at = s.vehicle(enemy).hex, s.vehicle(unit).hex
    assert line_of_sight(s.battlemap, seen_from, at).seen
    assert not line_of_sight(s.apply(a).battlemap, seen_from, at).seen


def test_only_enemies_near_count_not_friends(tog_end_phase):
    """The Renegades' End Phase next (decision 21): R11, a Liberator worn to 209 of its 420 boxes, with R12 and R13
    beside it and TOG's nearest vehicle 9 hexes off, lays no smoke; with T11 8 hexes off, it does."""
    s = tog_end_phase.apply(bot_action(tog_end_phase, "novice"))
    assert s.phase == "end" and s.active == "renegade"
    s = worn(s, "R11", {"front": 0, "turret": 90, "left": 69, "right": 50, "stern": 0, "bottom": 0})
    assert sum(sec.intact for _n, sec in s.vehicle("R11").sheet.armor.sections) * 2 < 420
    for hexes, smoke in ((9, False), (8, True)):
        near = _at(s, "T11", "R11", hexes)
        assert max(distance(x.hex, near.vehicle("R11").hex) for x in near.live_vehicles("renegade")) <= 1
        a = bot_action(near, "veteran")
        if smoke:
            _screens(near, a, "R11", "T11")
        else:
            assert a == EndTurn()


def test_the_first_worn_vehicle_listed_lays_the_smoke(tog_end_phase):
    s = worn(worn(tog_end_phase, "T11", {**HALF, "right": 44}), "T12", {**HALF, "right": 44})
    s = with_vehicle(s, "T12", hex=s.vehicle("T11").hex)
    s = _at(s, "R11", "T11", 3)
    order = list(dict.fromkeys(a.unit for a in s.legal_actions() if isinstance(a, Smoke)))
    _screens(s, bot_action(s, "veteran"), order[0], "R11")


def test_no_smoke_where_it_screens_nothing(tog_end_phase):
    """A worn T11 seen by R11 8 hexes off along a line that runs above smoke next to T11 (20 m, one level: book-b
    §10.3): no charge of its 20 would block it, and it lays none."""
    s = _at(worn(tog_end_phase, "T11", {**HALF, "right": 44}), "R11", "T11", 8, screenable=False)
    assert line_of_sight(s.battlemap, s.vehicle("R11").hex, s.vehicle("T11").hex).seen
    assert bot_action(s, "veteran") == EndTurn()


def test_how_near_destruction_a_target_is_reads_its_thinnest_section(tog_end_phase):
    """1 minus the smallest share of a section's armor left (T11, a Horatius: front 80, right 60 boxes); 0 for a
    fresh vehicle and for a squad (it has no record sheet)."""
    s = tog_end_phase
    fresh = worn(s, "T11", {})
    assert bot._kill_chance(fresh, "T11") == 0.0
    front = worn(fresh, "T11", {"front": 60, "right": 30})  # 3/4 and 1/2 left: the right counts
    assert bot._kill_chance(front, "T11") == pytest.approx(0.5)
    gone = worn(fresh, "T11", {"right": 0})
    assert bot._kill_chance(gone, "T11") == pytest.approx(1.0)
    village = new_skirmish("village", seed=0)
    squads = [q.key for q in village.squads if q.key in village.combat_units()]
    assert squads and all(bot._kill_chance(village, k) == 0.0 for k in squads)
