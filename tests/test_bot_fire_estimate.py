"""The careful levels' estimate of the fire an end deals, with the painting before it (issue 25, game/bot_fire.py),
worked from the books on one position: a Liberator (R11) against the first game's Horatius T11 (2014, facing
north-west) on clear ground.

Expected values from the books, not from the code: the base to-hit number by range (book-a 10.1: 10 at 4-6 hexes,
9 at 7-10; a d10 of 10 always misses, so 9 in 10 at best), the shield factor of the side seen (rating / 10: a
Horatius's front 7, flanks 6, data/vehicles.yaml from book-b 16.6) taken off the laser's and the missiles' number
but not the Gauss's (book-a 10.2), none against a painted target (book-a §7.2), the painting laser rolled as a laser
is (book-a §7.1), a Liberator's weapons (150mm Gauss range 15, 3/6 laser range 20, two TVLG 4 packs of range 6 fired
at most two a turn, book-a 8.3), and the comm that painting needs (book-a 13.2). From the survivors of
`python tools/mutation.py game/bot_fire` (docs/mutation.md, session 38).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.game import new_skirmish
from centurion.game.bot_fire import dealt_from, hits_from, paint_chance, paint_plans, painted_odds, plan_at
from centurion.hexgrid import distance, parse_label
from tests.bot_games import comm_out, with_vehicle

R9, R6, FLANK9, R15, R16 = (parse_label(x) for x in ("1114", "1414", "1115", "0514", "0414"))


@pytest.fixture(scope="module")
def duel():
    """First game, seed 1: R12 and T12 moved out of the way (0520, 3020); T11 as R11 sees it."""
    s = new_skirmish("first_game", seed=1)
    s = with_vehicle(with_vehicle(s, "R12", hex=parse_label("0520")), "T12", hex=parse_label("3020"))
    t = s.vehicle("T11")
    assert (t.hex, t.facing) == (parse_label("2014"), 5)
    assert [distance(h, t.hex) for h in (R9, R6, FLANK9)] == [9, 6, 9]
    assert all(s.battlemap[h].terrain == "clear" for h in (R9, R6, FLANK9))
    units = s.combat_units()
    return s, units["T11"].target_view(units["R11"])


def test_the_hits_an_end_deals_unpainted_and_painted(duel):
    """At 9 hexes the Gauss hits on 9 whatever the shield (9/10) and the laser on 9 - 7 = 2 against the front (1/5):
    1.1 hits; painted, the laser on 9 too: 1.8. Seeing the flank (shield 6) the laser hits on 3: 1.2. At 6 hexes
    (base 10) the two TVLGs fire too, each on 10 - 7 = 3: 0.9 + 3 x 0.3 = 1.8, painted 4 x 0.9 = 3.6. At 15 hexes
    (base 8) the Gauss hits on 8 (4/5) and the laser on 1 (1/10); at 16 the Gauss is out of its range: the laser
    alone."""
    s, tv = duel
    lib = s.vehicle("R11")
    painted = replace(tv, painted=True)
    assert hits_from(s, lib, R9, 1, tv) == pytest.approx(0.9 + 0.2)
    assert hits_from(s, lib, R9, 1, painted) == pytest.approx(0.9 + 0.9)
    assert hits_from(s, lib, FLANK9, 1, tv) == pytest.approx(0.9 + 0.3)
    assert hits_from(s, lib, R6, 1, tv) == pytest.approx(0.9 + 0.3 + 2 * 0.3)
    assert hits_from(s, lib, R6, 1, painted) == pytest.approx(4 * 0.9)
    kinds = [a.weapon.type for a in plan_at(s, lib, R6, 1, tv).attacks]
    assert sorted(kinds) == ["150mm Gauss", "3/6 laser", "TVLG 4", "TVLG 4"]
    assert [distance(h, tv.hex) for h in (R15, R16)] == [15, 16]
    assert hits_from(s, lib, R15, 1, tv) == pytest.approx(0.8 + 0.1)
    assert [a.weapon.type for a in plan_at(s, lib, R16, 1, tv).attacks] == ["3/6 laser"]
    assert hits_from(s, lib, R16, 1, tv) == pytest.approx(0.1)


def test_the_chance_to_paint_from_an_end(duel):
    """The painting laser rolls as a laser does: at 9 hexes on 2 against the front (1/5), on 3 against the flank
    (3/10). A painter whose comm is out (book-a 13.2) or a target under water (CEN-GRD-2) has no chance."""
    s, tv = duel
    lib = s.vehicle("R11")
    assert paint_chance(s, lib, R9, 1, tv) == pytest.approx(0.2)
    assert paint_chance(s, lib, FLANK9, 1, tv) == pytest.approx(0.3)
    dark = comm_out(s, "R11")
    assert paint_chance(dark, dark.vehicle("R11"), R9, 1, tv) == 0.0
    assert paint_chance(s, lib, R9, 1, replace(tv, submerged=True)) == 0.0


def test_the_chance_the_target_is_painted_is_the_best_painters(duel):
    """One vehicle paints a target (the careful levels never paint one twice, G10), so it is painted this turn with
    the best chance among the mover's own painting laser and each friend's (session 42; it was the chance that any
    of them would, shown as "painted 91%" where one paint at 3/10 followed): R11 at 9 hexes (1/5) and R12 at 8 hexes
    (1/5): 0.2 (not 1 - 0.8 x 0.8 = 0.36); R12 at 6 hexes (3/10): 0.3. The fire dealt is then 0.7 x 1.1 + 0.3 x 1.8 =
    1.31 hits. With R11's comm out it gains from no paint at all (book-a 13.2): 0 and the bare 1.1. A target
    already painted is counted painted, no chance to weigh."""
    s, tv = duel
    lib = s.vehicle("R11")
    far = with_vehicle(s, "R12", hex=parse_label("1214"), facing=1)
    assert distance(parse_label("1214"), tv.hex) == 8
    assert paint_chance(far, far.vehicle("R12"), parse_label("1214"), 1, tv) == pytest.approx(0.2)
    assert painted_odds(far, far.vehicle("R11"), R9, 1, tv) == pytest.approx(0.2)
    s = with_vehicle(s, "R12", hex=R6, facing=1)
    assert paint_chance(s, s.vehicle("R12"), R6, 1, tv) == pytest.approx(0.3)
    assert painted_odds(s, lib, R9, 1, tv) == pytest.approx(0.3)
    assert dealt_from(s, lib, R9, 1, tv, harm=False) == (pytest.approx(0.7 * 1.1 + 0.3 * 1.8), pytest.approx(0.3))
    dark = comm_out(s, "R11")
    assert painted_odds(dark, dark.vehicle("R11"), R9, 1, tv) == 0.0
    assert dealt_from(dark, dark.vehicle("R11"), R9, 1, tv, harm=False) == (pytest.approx(1.1), 0.0)
    assert dealt_from(s, lib, R9, 1, replace(tv, painted=True), harm=False) == (pytest.approx(1.8), 0.0)
    alone = comm_out(s, "R12")  # R12 cannot paint: R11's own laser alone
    assert painted_odds(alone, alone.vehicle("R11"), R9, 1, tv) == pytest.approx(0.2)


def test_what_a_paint_adds_to_a_friends_fire(duel):
    """`paint_plans`: R12 at 9 hexes (1114) before and after R11's paint hits T11: 1.1 hits, then 1.8 (book-a
    §7.2). With R12's comm out it gains nothing from R11's paint, but its own paint still counts for it (book-a
    13.2)."""
    s, _tv = duel
    s = with_vehicle(s, "R12", hex=R9, facing=1)
    bare, painted = paint_plans(s, s.vehicle("R12"), "T11", "R11")
    hits = [sum(float(a.to_hit.chance) for a in p.attacks) for p in (bare, painted)]
    assert hits == pytest.approx([1.1, 1.8])
    dark = comm_out(s, "R12")
    bare, painted = paint_plans(dark, dark.vehicle("R12"), "T11", "R11")
    assert [sum(float(a.to_hit.chance) for a in p.attacks) for p in (bare, painted)] == pytest.approx([1.1, 1.1])
    bare, own = paint_plans(dark, dark.vehicle("R12"), "T11", "R12")
    assert [sum(float(a.to_hit.chance) for a in p.attacks) for p in (bare, own)] == pytest.approx([1.1, 1.8])


def test_var_shield_the_laser_and_the_painting_laser_roll_past_the_shield():
    """Under VAR-SHIELD a laser rolls to hit without the shield's modifier and is then stopped by the shield with the
    table's chance (rating 70, a Horatius's front: 52 %; RULES.md VAR-SHIELD), the Gauss as before: at 9 hexes
    0.9 + 0.9 x 0.48 = 1.332 hits; the painting laser too, 0.9 x 0.48 = 0.432. The estimate rolls as the game's rules
    do, not as the basic ones (1.1 and 0.2)."""
    s = new_skirmish("first_game", seed=1, variants=("VAR-SHIELD",))
    s = with_vehicle(with_vehicle(s, "R12", hex=parse_label("0520")), "T12", hex=parse_label("3020"))
    units = s.combat_units()
    tv = units["T11"].target_view(units["R11"])
    lib = s.vehicle("R11")
    assert s.vehicle("T11").sheet.vehicle.shields["front"] == 70
    assert hits_from(s, lib, R9, 1, tv) == pytest.approx(0.9 + 0.9 * 0.48)
    assert paint_chance(s, lib, R9, 1, tv) == pytest.approx(0.9 * 0.48)
    assert dealt_from(comm_out(comm_out(s, "R11"), "R12"), lib, R9, 1, tv, harm=False)[0] == pytest.approx(1.332)


def test_the_fire_weighed_by_its_harm_unless_asked_for_hits(duel):
    """`dealt_from` weighs the harm (game/bot_harm.py: a hit by the share of the armor left where it lands) unless
    asked for hits; with no paint possible (both painters' comm out) it is the bare fire's, `harm_from`'s. Nothing in
    reach, nothing dealt."""
    from centurion.game.bot_fire import harm_from
    from centurion.game.bot_harm import plan_harm

    s, tv = duel
    dark = comm_out(comm_out(s, "R11"), "R12")
    lib = dark.vehicle("R11")
    harm = harm_from(dark, lib, R9, 1, tv)
    assert harm == pytest.approx(plan_harm(dark, plan_at(dark, lib, R9, 1, tv))) and 0 < harm != pytest.approx(1.1)
    assert dealt_from(dark, lib, R9, 1, tv) == (pytest.approx(harm), 0.0)
    assert dealt_from(dark, lib, R9, 1, tv, harm=False) == (pytest.approx(1.1), 0.0)
    edge, beyond = parse_label("0114"), replace(tv, hex=parse_label("4114"))  # the target 40 hexes off
    assert distance(edge, beyond.hex) == 40
    assert plan_at(dark, lib, edge, 1, beyond) is None
    assert hits_from(dark, lib, edge, 1, beyond) == 0.0


def test_no_painting_chance_where_the_paint_is_refused(duel):
    """A painting attempt refused (beyond the painting laser's 20 hexes, book-a §7.1) has no chance at all, and the
    infantry is never painted for a shot (book-a §7.2 paints vehicles): the chance weighed for a squad is 0."""
    from centurion.game.bot_fire import paint_odds
    from centurion.rules.grav import Refusal
    from centurion.rules.targets import vehicle_paint

    s, tv = duel
    lib = s.vehicle("R11")
    far = parse_label("4114")
    assert distance(far, tv.hex) == 21
    units = s.combat_units()
    refused = vehicle_paint(s.battlemap, replace(units["R11"].firer_view(), hex=far, facing=4), tv, rules=s.rules)
    assert isinstance(refused, Refusal)
    assert paint_odds(s, refused) == 0
    assert paint_chance(s, lib, far, 4, tv) == 0.0
    assert dealt_from(s, lib, R9, 1, replace(tv, kind="infantry"), harm=False)[1] == 0.0


def test_the_hull_weapons_bear_from_the_end_facing(duel):
    """The end's facing decides what the hull weapons bear on (CEN-CMB-1's arcs): at 6 hexes facing the Horatius the
    two hull TVLGs fire, facing away only the turret's Gauss and laser (0.9 + 0.3)."""
    s, tv = duel
    lib = s.vehicle("R11")
    assert {w.type: w.location for w in lib.sheet.vehicle.weapons}["TVLG 4"].startswith("hull")
    assert hits_from(s, lib, R6, 1, tv) == pytest.approx(1.8)
    assert hits_from(s, lib, R6, 4, tv) == pytest.approx(0.9 + 0.3)


def test_a_gauss_fires_anti_personnel_at_a_squad_and_heap_at_a_tank(duel):
    """Book-a 8.3: the anti-personnel shell is for infantry only, HEAP for armor: the plan at the village's squad T22s
    (2 hexes) loads AP, the plan at the Horatius HEAP."""
    s, tv = duel
    v = new_skirmish("village", seed=0)
    u = v.combat_units()
    squad = u["T22s"].target_view(u["R21"])
    assert squad.kind == "infantry"
    gauss = [a for a in plan_at(v, v.vehicle("R21"), parse_label("3511"), 1, squad).attacks if a.family == "gauss"]
    assert [a.attack.shell for a in gauss] == ["AP"]
    gauss = [a for a in plan_at(s, s.vehicle("R11"), R9, 1, tv).attacks if a.family == "gauss"]
    assert [a.attack.shell for a in gauss] == ["HEAP"]


def test_a_friend_sees_the_target_painted_only_through_its_own_comm(duel):
    """`paint_plans` reads the target as the friend sees it: T11 already painted by R11 counts for R12 (1.8 hits)
    unless R12's comm is out (1.1; book-a 13.2)."""
    s, _tv = duel
    s = with_vehicle(with_vehicle(s, "R12", hex=R9, facing=1), "T11", painted_by=("R11",))
    bare, _ = paint_plans(s, s.vehicle("R12"), "T11", "R11")
    assert sum(float(a.to_hit.chance) for a in bare.attacks) == pytest.approx(1.8)
    dark = comm_out(s, "R12")
    bare, _ = paint_plans(dark, dark.vehicle("R12"), "T11", "R11")
    assert sum(float(a.to_hit.chance) for a in bare.attacks) == pytest.approx(1.1)


def test_var_speedmod_the_estimate_counts_the_targets_speed():
    """Under VAR-SPEEDMOD a target's speed takes off the to-hit number (RULES.md: 4-6 hexes a turn -2, 7-10 -3) and
    the estimate rolls as the game's rules do: T11 at velocity 4, from 9 hexes, the Gauss on 9 - 2 = 7 (7/10), the
    laser on 9 - 7 - 2 = 0, which a natural 1 still makes (DIE-10: 1/10): 0.8 hits; at velocity 8, 0.6 + 0.1; the
    painting laser rolls as the laser does (1/10). With
    the basic rules' estimate (`plan_hits` with no rules given) the same plan's shots count as rolled."""
    from centurion.game.bot_fire import plan_hits

    s = new_skirmish("first_game", seed=1, variants=("VAR-SPEEDMOD",))
    units = s.combat_units()
    tv = units["T11"].target_view(units["R11"])
    lib = s.vehicle("R11")
    assert tv.velocity == 4
    assert hits_from(s, lib, R9, 1, tv) == pytest.approx(0.7 + 0.1)
    assert hits_from(s, lib, R9, 1, replace(tv, velocity=8)) == pytest.approx(0.6 + 0.1)
    assert paint_chance(s, lib, R9, 1, tv) == pytest.approx(0.1)  # the painting roll too: 9 - 7 - 2, a natural 1
    assert plan_hits(plan_at(s, lib, R9, 1, tv)) == pytest.approx(0.8)
    assert plan_hits(None) == 0.0
