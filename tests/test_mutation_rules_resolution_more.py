"""More tests that kill surviving mutants of centurion/rules/resolution.py (issue 22, docs/mutation.md).

Expected values come from book-a §15.2 and E25 (the Vulcan: engaged missiles, kill rolls spread over the
turn's attackers, Vulcan-2 engaging 3 has kill number 2), E21 (one location roll per firing unit and target)
and values worked by hand in each test; not from the code.
"""

from __future__ import annotations

from dataclasses import replace

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.buildings import Building
from centurion.rules.grav import Refusal
from centurion.rules.hits import HitToLand as _Hit
from centurion.rules.hits import land_hits as _land_hits
from centurion.rules.hits import vulcan_budget as _vulcan_budget
from centurion.rules.infantry_fire import SquadAttack, SquadView
from centurion.rules.record import CrewMember, RecordSheet
from centurion.rules.resolution import (
    CombatUnit,
    HitResolution,
    SquadOrder,
    VulcanEngagement,
    _missile_targets,
    combat_phase,
    declare_squad_fire,
    declare_weapons_fire,
    finish_fire,
    resolve_fire,
    resolve_opportunity_fire,
    resolve_painting,
    resolve_squad_fire,
    sight_level,
)
from centurion.rules.rolls import TargetRoll
from centurion.rules.targets import Attack
from centurion.rules.vulcan import E25_POLICY, VulcanPolicy
from centurion.variants.ruleset import RuleSet

V = vehicle_types()
MAP = map_from_rows(["........"] * 12)
WOODS = map_from_rows([".l......"] * 12)  # column 02 is light woods (casualties -1, CEN-TER-1)


def unit(key, side, label, facing=0, vehicle=None, **kw):
    sheet = RecordSheet.of(V[vehicle]) if vehicle else None
    return CombatUnit(key, side, parse_label(label), facing, sheet, **kw)


ROLL = Dice.scripted([1]).roll("d10", purpose="to hit", rule="CEN-CMB-1")


def hit(target: str, missile: bool = True) -> _Hit:
    return _Hit("TVLG", target, ROLL, missile, (1,), "front", None)


class Recorder:
    """A Vulcan owner whose choices are fixed, recording what it was asked (book-a §15.2)."""

    def __init__(self, declare: int, spend: int) -> None:
        self.declared: list[tuple[int, int, int]] = []
        self.spent: list[tuple[int, int, int]] = []
        self._declare, self._spend = declare, spend

    def policy(self) -> VulcanPolicy:
        def declare(rating, hits, later):
            self.declared.append((rating, hits, later))
            return self._declare

        def spend(left, hits, later):
            self.spent.append((left, hits, later))
            return self._spend

        return VulcanPolicy(declare, spend)


# --- the Vulcan's kill rolls for one attacker (book-a §15.2, E25) ----------------------------------------------


def test_CMB1_vulcan_without_owner_choice_spends_only_a_declared_engagement():
    """No owner's choice: a vehicle engaged beforehand rolls on its rolls left, one not engaged rolls none; a
    hit that is not a missile is no business of the Vulcan."""
    tra = unit("t", "TOG", "0205", 0, "trajan", vulcan=VulcanEngagement(2, 3, 3))
    bare = unit("b", "TOG", "0305", 0, "trajan")
    other = unit("o", "TOG", "0405", 0, "trajan", vulcan=VulcanEngagement(2, 3, 3))
    units = {"t": tra, "b": bare, "o": other}
    budget = _vulcan_budget([hit("t"), hit("b"), hit("o", missile=False)], units, None, {})
    assert budget == {"t": 3, "b": 0}
    assert units == {"t": tra, "b": bare, "o": other}


def test_CMB1_vulcan_declared_at_the_first_missile_hits_with_the_hits_and_later_attackers():
    """The owner declares when this attacker's missile hits are known: Vulcan-2 of a Trajan, 2 missile hits
    on it (plus one hit elsewhere, one non-missile), 1 attacker to come; then spends rolls on these hits."""
    rec = Recorder(declare=3, spend=2)
    units = {"t": unit("t", "TOG", "0205", 0, "trajan"), "h": unit("h", "TOG", "0305", 0, "horatius")}
    hits = [hit("t"), hit("t", missile=False), hit("t"), hit("h")]
    budget = _vulcan_budget(hits, units, rec.policy(), {"t": 1, "h": 4})
    assert rec.declared == [(2, 2, 1)]  # the Horatius has no Vulcan: never asked
    assert rec.spent == [(3, 2, 1)]
    assert budget == {"t": 2}
    assert units["t"].vulcan == VulcanEngagement(2, 3, 3)  # kill rolls used later, by _land_hits
    assert units["h"].vulcan is None


def test_CMB1_vulcan_later_attackers_default_to_none():
    rec = Recorder(declare=1, spend=1)
    units = {"t": unit("t", "TOG", "0205", 0, "trajan")}
    assert _vulcan_budget([hit("t")], units, rec.policy(), {}) == {"t": 1}
    assert rec.declared == [(2, 1, 0)] and rec.spent == [(1, 1, 0)]


def test_CMB1_vulcan_declaring_none_engages_none_this_turn():
    """Declared 0: the Vulcan engages no missile this turn, and is not asked again (book-a §15.2)."""
    rec = Recorder(declare=0, spend=5)
    units = {"t": unit("t", "TOG", "0205", 0, "trajan")}
    assert _vulcan_budget([hit("t"), hit("t")], units, rec.policy(), {}) == {}
    assert units["t"].vulcan == VulcanEngagement(2, 0, 0) and rec.spent == []
    assert _vulcan_budget([hit("t")], units, rec.policy(), {}) == {}
    assert len(rec.declared) == 1


def test_CMB1_vulcan_spends_within_its_rolls_left():
    """Already engaged: no new declaration; the rolls spent are clamped to 0 .. rolls left."""
    for asked, got in ((5, 2), (-1, 0), (1, 1), (2, 2)):
        rec = Recorder(declare=4, spend=asked)
        units = {"t": unit("t", "TOG", "0205", 0, "trajan", vulcan=VulcanEngagement(2, 3, 2))}
        assert _vulcan_budget([hit("t"), hit("t"), hit("t")], units, rec.policy(), {"t": 2}) == {"t": got}
        assert rec.declared == [] and rec.spent == [(2, 3, 2)]
        assert units["t"].vulcan == VulcanEngagement(2, 3, 2)
    spent = Recorder(declare=4, spend=1)
    units = {"t": unit("t", "TOG", "0205", 0, "trajan", vulcan=VulcanEngagement(2, 3, 0))}
    assert _vulcan_budget([hit("t")], units, spent.policy(), {}) == {} and spent.spent == []


def test_E25_policy_engages_the_hits_plus_one_kept_for_later():
    """E25: a Vulcan-2 hit by 2 missiles with one more attacker to come engages 3 (kill number 2), 2 rolls now."""
    units = {"t": unit("t", "TOG", "0205", 0, "trajan")}
    assert _vulcan_budget([hit("t"), hit("t")], units, E25_POLICY, {"t": 1}) == {"t": 2}
    assert units["t"].vulcan == VulcanEngagement(2, 3, 3) and units["t"].vulcan.kill_number == 2


# --- landing the hits (CEN-CMB-1, E21, E25, book-a §11, §16.6, book-b 2.5) -------------------------------------


def test_E25_land_hits_vulcan_rolls_only_its_budget_then_the_rest_land():
    """A Trajan engaged 3 (Vulcan-2: kill on <= 2) with 1 roll left, 2 missile hits from one attacker: the first
    faces the roll (9: survives), the second none; both land on one location roll (4: the attacked side)."""
    units = {"t": unit("t", "TOG", "0205", 0, "trajan", vulcan=VulcanEngagement(2, 3, 1))}
    dice = Dice.scripted([9, 4, 1, 1])
    results = []
    locs = _land_hits("l", [hit("t"), hit("t")], units, dice, None, results, vulcan=None)
    assert [len(r.vulcan) for r in results] == [1, 0]
    vr = results[0].vulcan[0]
    assert (vr.target, vr.success, vr.rule) == (2, False, "CEN-CMB-1") and "Vulcan-2" in vr.purpose
    assert [r.shot_down for r in results] == [False, False]
    assert units["t"].vulcan.rolls_left == 0
    assert [(k, where) for k, _, where in locs] == [("t", "front")]
    assert len(dice.log) == 4


def test_E25_land_hits_shot_down_missile_records_the_hit():
    units = {"t": unit("t", "TOG", "0205", 0, "trajan", vulcan=VulcanEngagement(2, 3, 3))}
    h = hit("t")
    results = []
    locs = _land_hits("l", [h], units, Dice.scripted([2]), None, results, vulcan=None)
    (r,) = results
    assert (r.weapon, r.target, r.to_hit, r.shot_down, r.column) == ("TVLG", "t", ROLL, True, None)
    assert len(r.vulcan) == 1 and r.vulcan[0].success and locs == []


def test_E25_land_hits_passes_the_owner_policy_and_later_attackers():
    """E25 policy through _land_hits: 2 hits, 1 attacker to come -> 3 engaged (kill <= 2), 2 rolls now, 1 kept."""
    units = {"t": unit("t", "TOG", "0205", 0, "trajan")}
    results = []
    _land_hits("l", [hit("t"), hit("t")], units, Dice.scripted([2, 2]), None, results, vulcan=E25_POLICY,
               later={"t": 1})
    assert [r.shot_down for r in results] == [True, True]
    assert units["t"].vulcan == VulcanEngagement(2, 3, 1)


def test_CMB1_hull_down_vehicle_uses_the_hull_down_column():
    """book-a §11: a d10 of 5 is the attacked side on the Normal column but the turret when hull down."""
    for crater, where in ((True, "turret"), (False, "front")):
        units = {"t": unit("t", "TOG", "0205", 0, "horatius", crater=crater)}
        dice = Dice.scripted([5, 1])
        results = []
        ((k, lr, w),) = _land_hits("lib", [hit("t", missile=False)], units, dice, None, results)
        assert (k, w, lr.die, lr.result, lr.rule) == ("t", where, "d10", 5, "CEN-CMB-1")
        assert lr.purpose == "hit location on t by lib (front attacked" + (", hull down)" if crater else ")")
        assert results[0].mark.section == where
        col = results[0].column
        assert (col.die, col.result, col.rule) == ("d10", 1, "CEN-CMB-1") and "TVLG" in col.purpose


def test_INF1_squad_casualties_take_the_crater_modifier():
    """book-a §16.6: row 20, d10 5 -> 3 men; in a crater (-2) on clear ground: 3 -> 1 man."""
    sq = unit("s", "TOG", "0205", men=8, crater=True)
    h = _Hit("200mm Gauss", "s", ROLL, False, None, "front", "20")
    units = {"s": sq}
    results = []
    assert _land_hits("l", [h], units, Dice.scripted([5]), MAP, results) == []
    (r,) = results
    assert (r.weapon, r.target, r.to_hit, r.vulcan, r.casualties) == ("200mm Gauss", "s", ROLL, (), 1)
    assert units["s"].pending_casualties == 1
    units = {"s": replace(sq, crater=False)}
    _land_hits("l", [h], units, Dice.scripted([5]), MAP, [])
    assert units["s"].pending_casualties == 3


def test_INF1_building_hit_level_and_squads_inside():
    """book-b 2.5: a d10 of 2 hits level 2 of a 3-level building; a single-box template on a building of armor
    factor 5 takes one of the last 5 boxes of that level, so squads on level 2 of that hex roll casualties
    (row 20: d10 5 -> 3 men, 10 -> 5 men); a squad on level 1, or in another hex, is not hurt."""
    b = unit("b", "RL", "0205", building=Building(3, 5))
    units = {"b": b, "s1": unit("s1", "RL", "0205", men=8, level=2), "s2": unit("s2", "RL", "0205", men=8, level=2),
             "s0": unit("s0", "RL", "0205", men=8, level=1), "far": unit("far", "RL", "0305", men=8, level=2)}
    h = _Hit("3/6 laser", "b", ROLL, False, (1,), "front", "20")
    dice = Dice.scripted([2, 5, 10])
    results = []
    ((k, lr, w),) = _land_hits("hor", [h], units, dice, MAP, results)
    assert (k, w, lr.die, lr.result, lr.rule) == ("b", "level 2", "d10", 2, "CEN-CMB-1")
    assert "b" in lr.purpose and "hor" in lr.purpose
    (r,) = results
    assert (r.weapon, r.target, r.to_hit, r.vulcan, r.casualties) == ("3/6 laser", "b", ROLL, (), 8)
    assert r.mark.squads_hit_on == (2,)
    assert units["b"].building.destroyed == {(2, 0)}
    assert [units[k].pending_casualties for k in ("s1", "s2", "s0", "far")] == [3, 5, 0, 0]


def test_CMB1_every_hit_on_a_building_lands_one_level_roll():
    """E21 for buildings: two hits of one firing unit share the level roll; both take boxes."""
    units = {"b": unit("b", "RL", "0205", building=Building(3, 20))}
    h = _Hit("3/6 laser", "b", ROLL, False, (1,), "front", None)
    results = []
    locs = _land_hits("hor", [h, h], units, Dice.scripted([3]), MAP, results)
    assert len(locs) == 1 and len(results) == 2
    assert units["b"].building.destroyed == {(3, 0), (3, 1)}


# --- a squad's fire (book-a §16, book-b 2.7) ---------------------------------------------------------------------


def squad_attack(key, label, action, to_hit, attacks=1, **kw):
    return SquadAttack(SquadView(key, parse_label(label)), action, 4, attacks, TargetRoll.of("base", to_hit, "CEN-INF-1"),
                       **kw)


def test_INF1_squad_paint_marks_the_target_painted_by_it():
    """book-a §7, §16.1: a squad's paint is one roll; a hit adds the squad to the target's painters."""
    units = {"sq": unit("sq", "RL", "0205", men=8), "hor": unit("hor", "TOG", "0209", 0, "horatius", painted_by=("x",))}
    order = SquadOrder("sq", "paint", "hor")
    for face, painters in ((3, ("x", "sq")), (10, ("x",))):
        dice = Dice.scripted([7, face])
        dice.roll("d10", purpose="an earlier roll", rule="X")
        res = resolve_squad_fire(order, squad_attack("sq", "0205", "paint", 9), units, dice)
        (roll,) = res.rolls
        assert (roll.result, roll.target, roll.rule) == (face, 9, "CEN-CMB-1")
        assert "sq to paint hor" in roll.purpose
        assert res.firer == "sq" and res.hits == (HitResolution("paint", "hor", roll),) and res.locations == ()
        assert res.units["hor"].painted_by == painters and res.units["sq"] == units["sq"]
        assert units["hor"].painted_by == ("x",)


def test_E25_squad_tvlgs_use_up_launchers_and_face_the_vulcan():
    """book-a §16.4: a squad with 3 TVLGs left fires 2 -> 1 left. One hits a Trajan (Vulcan-2) with one more
    attacker to come: the E25 owner engages 2 (kill on <= 4) and rolls once now: 3 shoots it down."""
    units = {"sq": unit("sq", "RL", "0205", men=8, tvlgs_left=3), "trj": unit("trj", "TOG", "0209", 0, "trajan")}
    order = SquadOrder("sq", "tvlg", "trj", count=2)
    dice = Dice.scripted([7, 1, 10, 3])
    dice.roll("d10", purpose="an earlier roll", rule="X")
    res = resolve_squad_fire(order, squad_attack("sq", "0205", "tvlg", 6, 2, template="TVLG", side="front"),
                             units, dice, later={"trj": 1})
    hit_roll, miss_roll, vr = res.rolls
    assert [r.result for r in res.rolls] == [1, 10, 3]
    assert "attack 1" in hit_roll.purpose and "attack 2" in miss_roll.purpose and "trj" in miss_roll.purpose
    assert hit_roll.rule == miss_roll.rule == "CEN-CMB-1"
    assert res.hits == (HitResolution("TVLGs", "trj", miss_roll),
                        HitResolution("TVLGs", "trj", hit_roll, (vr,), shot_down=True))
    assert (vr.target, vr.success) == (4, True)
    assert res.units["sq"].tvlgs_left == 1 and res.units["trj"].vulcan == VulcanEngagement(2, 2, 1)
    assert res.firer == "sq" and res.locations == ()


def test_INF1_mortar_ap_round_hurts_every_squad_in_the_hex_without_terrain():
    """book-a §16.5: an AP round that hits: every dismounted squad in the hex takes Mortar-row losses, terrain
    ignored (light woods -1 not added): d10 5 -> 3 men, 4 -> 2 men; a squad in a building, one in another hex
    and a vehicle are untouched. A miss names no target."""
    target = parse_label("0205")
    units = {"mo": unit("mo", "RL", "0505", men=8, squad_kind="mortar"),
             "s1": unit("s1", "TOG", "0205", men=8), "hor": unit("hor", "TOG", "0205", 0, "horatius"),
             "s2": unit("s2", "TOG", "0205", men=8), "s3": unit("s3", "TOG", "0205", men=8, level=1),
             "s4": unit("s4", "TOG", "0206", men=8)}
    order = SquadOrder("mo", "mortar_ap", target_hex=target)
    attack = squad_attack("mo", "0505", "mortar_ap", 6, casualty_row="mortar")
    res = resolve_squad_fire(order, attack, units, Dice.scripted([1, 5, 4]), battlemap=WOODS)
    assert [(h.weapon, h.target, h.casualties) for h in res.hits] == [("mortar AP rounds", "s1", 3),
                                                                        ("mortar AP rounds", "s2", 2)]
    assert [res.units[k].pending_casualties for k in ("s1", "s2", "s3", "s4")] == [3, 2, 0, 0]
    assert str(target) in res.rolls[0].purpose
    miss = resolve_squad_fire(order, attack, units, Dice.scripted([10]), battlemap=WOODS)
    assert miss.hits == (HitResolution("mortar AP rounds", "", miss.rolls[0]),)


def test_INF1_squads_inside_a_hit_building_take_the_attackers_row():
    """book-b 2.7: a squad inside, when the damage reaches the last 5 boxes of its level, rolls on the
    Infantry Damage Table: personal weapons on their IWF row (IWF7, d10 7 -> 3 men), a mortar on the Mortar row
    (d10 5 -> 3 men; IWF7 would give 2)."""
    for action, face, killed in (("personal", 7, 3), ("mortar", 5, 3)):
        units = {"sq": unit("sq", "RL", "0505", men=8), "b": unit("b", "TOG", "0205", building=Building(3, 5)),
                 "in": unit("in", "TOG", "0205", men=8, level=2)}
        attack = squad_attack("sq", "0505", action, 6, template="IWF7", side="front")
        res = resolve_squad_fire(SquadOrder("sq", action, "b"), attack, units, Dice.scripted([1, 2, face]))
        assert res.units["in"].pending_casualties == killed, action
        assert res.hits[0].casualties == killed and res.locations[0][2] == "level 2"



def test_INF1_personal_fire_at_a_squad_takes_its_terrain():
    """book-a §16.6: a squad hit in light woods adds -1 to the casualties roll: IWF9, d10 6 -> 5 -> 3 men
    (4 men in the open)."""
    units = {"sq": unit("sq", "RL", "0505", men=8), "foe": unit("foe", "TOG", "0205", men=8)}
    attack = squad_attack("sq", "0505", "personal", 6, casualty_row="IWF9")
    res = resolve_squad_fire(SquadOrder("sq", "personal", "foe"), attack, units, Dice.scripted([1, 6]),
                             battlemap=WOODS)
    assert res.units["foe"].pending_casualties == 3 and res.hits[0].casualties == 3
    res = resolve_squad_fire(SquadOrder("sq", "personal", "foe"), attack, units, Dice.scripted([1, 6]), battlemap=MAP)
    assert res.units["foe"].pending_casualties == 4


def test_INF1_squad_tvlg_at_a_building_rolls_its_level_and_spares_squads_inside():
    """A TVLG is a missile: it has no row on the Infantry Damage Table, so squads inside are not hurt (book-a 8.3:
    missiles never at infantry); the squad's level roll is logged as its own."""
    units = {"sq": unit("sq", "RL", "0505", men=8), "b": unit("b", "TOG", "0205", building=Building(3, 5)),
             "in": unit("in", "TOG", "0205", men=8, level=2)}
    attack = squad_attack("sq", "0505", "tvlg", 6, template="TVLG", side="front")
    res = resolve_squad_fire(SquadOrder("sq", "tvlg", "b", count=1), attack, units, Dice.scripted([1, 2]))
    ((k, lr, w),) = res.locations
    assert (k, w) == ("b", "level 2") and "by sq" in lr.purpose
    assert res.units["in"].pending_casualties == 0 and res.units["b"].building.destroyed


# --- small helpers of the phase (book-a §15.2, book-b 2.7, CEN-SEQ-3) --------------------------------------------


def test_CMB1_missile_targets_for_the_vulcan_owner():
    """book-a §15.2: the owner counts the attackers still to fire missiles at a vehicle: an SMLM or a squad's
    TVLGs count; a laser, a squad's personal weapons, a refused declaration don't."""
    units = {"hor": unit("hor", "TOG", "0210", 0, "horatius"), "lib": unit("lib", "RL", "0203", 1, "liberator")}
    both = declare_weapons_fire(MAP, units, "hor", [Attack(2, "lib"), Attack(1, "lib")])  # SMLM, 3/6 laser
    laser = declare_weapons_fire(MAP, units, "hor", [Attack(1, "lib")])
    assert not isinstance(both, Refusal) and not isinstance(laser, Refusal)
    assert _missile_targets(None, both) == {"lib"} and _missile_targets(None, laser) == set()
    tvlg = squad_attack("sq", "0205", "tvlg", 6, template="TVLG")
    assert _missile_targets(SquadOrder("sq", "tvlg", "hor"), tvlg) == {"hor"}
    assert _missile_targets(None, tvlg) == set() and _missile_targets(SquadOrder("sq", "tvlg"), tvlg) == set()
    personal = squad_attack("sq", "0205", "personal", 6, template="IWF9")
    assert _missile_targets(SquadOrder("sq", "personal", "hor"), personal) == set()
    assert _missile_targets(SquadOrder("sq", "tvlg", "hor"), Refusal("CEN-CMB-1", "no")) == set()


def test_CMB1_a_squad_on_a_floor_sees_from_ground_plus_floor():
    """book-b 2.7: a squad on level 2 of a building in a clear (level 0) hex sees from level 2."""
    assert sight_level(MAP, unit("s", "RL", "0205", men=8, level=2)) == 2
    assert sight_level(MAP, unit("s", "RL", "0205", men=8)) is None
    assert sight_level(MAP, unit("s", "RL", "2020", men=8, level=2)) is None  # off the map


def test_SEQ3_finish_fire_turn_defaults_to_the_first():
    hor = unit("hor", "TOG", "0205", 0, "horatius")
    boxes = hor.sheet.boxes_of("turret", "gunner")
    hit = replace(hor, sheet=replace(hor.sheet, pending=frozenset(("turret", b) for b in boxes)))
    out, _, _ = finish_fire({"hor": hit}, Dice.scripted([]))
    assert out["hor"].sheet.crew_member("gunner").since_turn == 1


# --- painting (book-a §7, §13.2, VAR-SHIELD, VAR-OCCUPY) --------------------------------------------------------

E20_MAP = map_from_rows(["........", "........", ".l......"] + ["........"] * 9)  # light woods in 0203 (E20)


def e20():
    return {"hor": unit("hor", "TOG", "0210", 0, "horatius"), "lib": unit("lib", "RL", "0203", 1, "liberator")}


def test_CMB1_painting_asks_the_map_of_each_pair():
    """VAR-OCCUPY: `map_for(painter, target)` gives the map each pair sees."""
    asked = []

    def map_for(painter, target):
        asked.append((painter, target))
        return E20_MAP

    live, (r,) = resolve_painting(MAP, e20(), [("hor", "lib")], Dice.scripted([1]), map_for=map_for)
    assert asked == [("hor", "lib")] and r.painted and live["lib"].painted_by == ("hor",)


def test_CMB1_a_painted_target_is_painted_as_if_unpainted():
    """book-a §7, §10.2: being painted already does not cancel the shield against the next painting laser."""
    units = e20()
    _, (fresh,) = resolve_painting(E20_MAP, units, [("hor", "lib")], Dice.scripted([1]))
    again = {**units, "lib": replace(units["lib"], painted=True, painted_by=("x",))}
    live, (second,) = resolve_painting(E20_MAP, again, [("hor", "lib")], Dice.scripted([1]))
    assert second.roll.target == fresh.roll.target < 8  # 9 - 1 (range 7), less the shield
    assert live["lib"].painted_by == ("x", "hor")


def test_CMB1_painting_out_of_range_is_refused_and_listed():
    """book-a §7.3: a squad paints at up to 6 hexes; at 8 the attempt is refused, and the list keeps its place."""
    units = {**e20(), "sq": unit("sq", "TOG", "0211", men=8)}
    live, (far, near) = resolve_painting(E20_MAP, units, [("sq", "lib"), ("hor", "lib")], Dice.scripted([1]))
    assert isinstance(far, Refusal) and "beyond 6" in far.reason
    assert near.painted and live["lib"].painted_by == ("hor",)


def test_CMB1_why_a_vehicle_cannot_paint():
    """book-a §13.2, §14.1: the reason names the first missing need."""
    units = e20()
    hor = units["hor"]
    crew = tuple(CrewMember(m.role, "dead", 1) if m.role == "commander" else m for m in hor.sheet.crew)
    cases = ((replace(hor, sheet=replace(hor.sheet, exploded=True)), "it is destroyed"),
             (replace(hor, sheet=replace(hor.sheet, crew=crew)), "its commander is out"))
    for painter, why in cases:
        _, (r,) = resolve_painting(E20_MAP, {**units, "hor": painter}, [("hor", "lib")], Dice.scripted([]))
        assert r.reason == f"hor cannot paint: {why} (book-a 13.2)"
    s = hor.sheet
    comm = replace(s, internal_lost=s.internal_lost | {("front", b) for b in s.boxes_of("front", "comm")})
    _, (r,) = resolve_painting(E20_MAP, {**units, "hor": replace(hor, sheet=comm)}, [("hor", "lib")],
                               Dice.scripted([]))
    assert r.reason == "hor cannot paint: its comm is out (book-a 13.2)"
    tw = replace(s, internal_lost=s.internal_lost | {("turret", b) for b in s.boxes_of("turret", "turret_weapons")})
    _, (r,) = resolve_painting(E20_MAP, {**units, "hor": replace(hor, sheet=tw)}, [("hor", "lib")], Dice.scripted([]))
    assert r.reason == "hor cannot paint: its turret weapons are destroyed (book-a 13.2)"


def test_SHIELD_painting_laser_rolls_without_the_shield_then_the_stop_roll():
    """VAR-SHIELD: the painting laser rolls 9 - 1 (range 7) = 8 without the shield, then the shield's percentile
    stop roll (the same case as tests/test_variants_fire_engine.py: 44 stops it, 45 does not)."""
    rules = RuleSet.from_names(["VAR-SHIELD"])
    for stop_face, painted in ((44, False), (45, True)):
        live, (r,) = resolve_painting(E20_MAP, e20(), [("hor", "lib")], Dice.scripted([8, stop_face]), rules=rules)
        assert r.roll.target == 8 and r.roll.success and r.stop is not None and r.stop.result == stop_face
        assert r.painted == painted and live["lib"].painted_by == (("hor",) if painted else ())


# --- one vehicle's fire (CEN-CMB-1, E20, E21, book-a §8.3, §16.6) -----------------------------------------------


def test_CMB1_a_vehicle_laser_at_a_squad_takes_the_terrain_and_a_miss_is_recorded():
    """book-a §16.6: the 3/6 laser (damage 8) on a squad in light woods: d10 8 - 1 = 7 -> 2 men (3 in the
    open); a miss keeps the weapon and target."""
    units = {"hor": unit("hor", "TOG", "0206", 0, "horatius"), "sq": unit("sq", "RL", "0203", men=8)}
    plan = declare_weapons_fire(E20_MAP, units, "hor", [Attack(1, "sq")])
    assert not isinstance(plan, Refusal)
    res = resolve_fire(plan, units, Dice.scripted([1, 8]), battlemap=E20_MAP)
    assert res.units["sq"].pending_casualties == 2 and res.firer == "hor"
    res = resolve_fire(plan, units, Dice.scripted([1, 8]))
    assert res.units["sq"].pending_casualties == 3
    miss = resolve_fire(plan, units, Dice.scripted([10]))
    assert miss.hits == (HitResolution("3/6 laser", "sq", miss.rolls[0]),)
    assert miss.rolls[0].purpose == "hor 3/6 laser to hit sq at range 3"


def test_CMB1_an_apds_round_drops_the_apds_template():
    """book-a §8.3: the shell picks the Gauss template: APDS 150 has 1+3+3+5+3 = 15 boxes (HEAP 150: 20)."""
    units = e20()
    plan = declare_weapons_fire(E20_MAP, units, "hor", [Attack(0, "lib", shell="APDS")])
    assert not isinstance(plan, Refusal)
    res = resolve_fire(plan, units, Dice.scripted([1, 7, 5]))
    assert len(res.hits[0].mark.armor) == 15 and res.hits[0].mark.shape == (1, 3, 3, 5, 3)  # HEAP: (5, 3, 3, 1, ...)
    assert res.units["lib"].sheet.armor["right"].intact == 70 - 15


def test_CMB1_missiles_roll_one_by_one_and_are_counted_spent():
    """book-a §8.3 (at most 2 TVLGs a turn): 2 TVLGs from one launcher roll to hit one by one, each roll naming
    its missile; one from each launcher: a roll each, unnamed. Either way the firer's sheet counts 2 spent."""
    units = {"lib": unit("lib", "RL", "0209", 0, "liberator"), "hor": unit("hor", "TOG", "0205", 3, "horatius")}
    plan = declare_weapons_fire(MAP, units, "lib", [Attack(2, "hor", missiles=2)])
    assert not isinstance(plan, Refusal), plan
    res = resolve_fire(plan, units, Dice.scripted([10, 10]))
    assert len(res.hits) == 2 and all(h.weapon == "TVLG 4" and h.target == "hor" for h in res.hits)
    assert ["(missile 1)" in r.purpose for r in res.rolls] == [True, False]
    assert ["(missile 2)" in r.purpose for r in res.rolls] == [False, True]
    assert res.units["lib"].sheet.missiles_fired == (("TVLG", 2),)
    plan = declare_weapons_fire(MAP, units, "lib", [Attack(2, "hor", missiles=1), Attack(3, "hor", missiles=1)])
    assert not isinstance(plan, Refusal), plan
    res = resolve_fire(plan, units, Dice.scripted([10, 10]))
    assert len(res.rolls) == 2 and not any("(missile" in r.purpose for r in res.rolls)
    assert res.units["lib"].sheet.missiles_fired == (("TVLG", 2),)


def test_E25_resolve_fire_hands_the_vulcan_owner_the_hits_and_later_attackers():
    """E25: a TVLG hit on a Trajan (Vulcan-2), one attacker to come: 2 engaged (kill <= 4), one roll now, 3
    shoots it down; the location roll (if any) names the firer."""
    units = {"lib": unit("lib", "RL", "0209", 0, "liberator"), "trj": unit("trj", "TOG", "0205", 3, "trajan")}
    plan = declare_weapons_fire(MAP, units, "lib", [Attack(2, "trj", missiles=1), Attack(1, "trj")])
    assert not isinstance(plan, Refusal), plan
    res = resolve_fire(plan, units, Dice.scripted([1, 1, 3, 5, 1]), later={"trj": 1})
    assert res.units["trj"].vulcan == VulcanEngagement(2, 2, 1)
    assert [h.shot_down for h in res.hits] == [True, False]
    ((k, lr, _),) = res.locations
    assert k == "trj" and "by lib" in lr.purpose and res.firer == "lib"


# --- variant rules handed down (VAR-SPEEDMOD, RULES.md: speed 4-6 -> -2) ----------------------------------------


def test_SPEEDMOD_painting_and_fire_take_the_target_speed():
    """VAR-SPEEDMOD: a target moving at 5 is 2 harder to paint and to hit, for a vehicle or a squad painter."""
    rules = RuleSet.from_names(["VAR-SPEEDMOD"])
    units = {**e20(), "sq": unit("sq", "TOG", "0205", men=8)}
    units["lib"] = replace(units["lib"], velocity=5)
    pairs = [("hor", "lib"), ("sq", "lib")]
    _, plain = resolve_painting(E20_MAP, units, pairs, Dice.scripted([10, 10]))
    _, fast = resolve_painting(E20_MAP, units, pairs, Dice.scripted([10, 10]), rules=rules)
    assert [f.roll.target for f in fast] == [p.roll.target - 2 for p in plain]
    assert fast[1].roll.target == 9 - 2  # a full squad paints on 9 (book-a §7.3)
    plain = declare_weapons_fire(E20_MAP, units, "hor", [Attack(1, "lib")])
    fast = declare_weapons_fire(E20_MAP, units, "hor", [Attack(1, "lib")], rules=rules)
    assert fast.attacks[0].to_hit.value == plain.attacks[0].to_hit.value - 2


# --- declarations checked against the live sheets (book-a §13.2, book-b 2.7) ------------------------------------


def test_CMB1_weapon_zero_destroyed_and_a_weapon_past_the_sheet():
    """book-a §13.2: the Horatius's weapon 0 (150mm Gauss, turret) is refused with its turret weapons gone; a
    weapon index past its 3 weapons is refused, not an IndexError."""
    units = e20()
    hor = units["hor"]
    s = hor.sheet
    tw = replace(s, internal_lost=s.internal_lost | {("turret", b) for b in s.boxes_of("turret", "turret_weapons")})
    r = declare_weapons_fire(E20_MAP, {**units, "hor": replace(hor, sheet=tw)}, "hor", [Attack(0, "lib")])
    assert isinstance(r, Refusal) and r.reason == "attack 1 (150mm Gauss): its turret weapons are destroyed (book-a 13.2)"
    for bad in (3, -1):
        r = declare_weapons_fire(E20_MAP, units, "hor", [Attack(bad, "lib")])
        assert isinstance(r, Refusal), bad


def test_CMB1_indirect_fire_refusal_names_what_is_out():
    woods = map_from_rows(["........"] * 6 + ["..h....."] + ["........"] * 5)
    lib = replace(unit("lib", "RL", "0304", 0, "liberator"), painted_by=("hor",))
    hor = unit("hor", "TOG", "0310", 0, "horatius")
    s = hor.sheet
    comm = replace(s, internal_lost=s.internal_lost | {("front", b) for b in s.boxes_of("front", "comm")})
    r = declare_weapons_fire(woods, {"hor": replace(hor, sheet=comm), "lib": lib}, "hor", [Attack(2, "lib")])
    assert isinstance(r, Refusal)
    assert r.reason == "attack 1 (SMLM 2): indirect fire needs the comm, which is out (book-a 13.2)"


def test_INF1_declare_squad_fire_refusals():
    """book-b 2.7: a squad inside a building fires personal weapons, TVLGs, mortars or paints, nothing else;
    only a dismounted squad fires as one; targets must exist and be enemies."""
    units = {"sq": unit("sq", "RL", "0205", men=8), "hor": unit("hor", "TOG", "0207", 0, "horatius"),
             "in": unit("in", "RL", "0206", men=8, level=1), "mate": unit("mate", "RL", "0305", men=8)}
    for order, rule, reason in (
            (SquadOrder("ghost", "personal", "hor"), "CEN-CMB-1", "'ghost' is not a dismounted squad"),
            (SquadOrder("hor", "personal", "sq"), "CEN-CMB-1", "'hor' is not a dismounted squad"),
            (SquadOrder("sq", "personal", "nobody"), "CEN-CMB-1", "no target 'nobody'"),
            (SquadOrder("sq", "personal", "mate"), "CEN-CMB-1", "mate is a friendly unit"),
            (SquadOrder("in", "mortar_ap", target_hex=parse_label("0207")), "CEN-CMB-1",
             "a squad inside a building cannot fire mortar_ap (book-b 2.7)")):
        r = declare_squad_fire(MAP, units, order)
        assert isinstance(r, Refusal) and (r.rule, r.reason) == (rule, reason), order
    for action in ("personal", "tvlg", "paint"):
        r = declare_squad_fire(MAP, units, SquadOrder("in", action, "hor", count=1 if action == "tvlg" else None))
        assert not isinstance(r, Refusal), (action, r)
        assert r.squad.key == "in" and r.squad.level == 1
    mortar = {**units, "in": replace(units["in"], squad_kind="mortar")}
    assert not isinstance(declare_squad_fire(MAP, mortar, SquadOrder("in", "mortar", "hor", count=1)), Refusal)


def test_INF1_declare_squad_fire_passes_launchers_and_assault_location():
    """book-a §16.4: a squad with no TVLG left cannot fire one; §14.2: a close assault strikes the chosen location."""
    units = {"sq": unit("sq", "RL", "0205", men=8, tvlgs_left=0), "hor": unit("hor", "TOG", "0207", 0, "horatius")}
    assert isinstance(declare_squad_fire(MAP, units, SquadOrder("sq", "tvlg", "hor", count=1)), Refusal)
    units = {"sq": unit("sq", "RL", "0205", men=8), "hor": unit("hor", "TOG", "0205", 0, "horatius")}
    for loc in ("stern", "turret", "front"):
        r = declare_squad_fire(MAP, units, SquadOrder("sq", "personal", "hor", location=loc))
        assert not isinstance(r, Refusal) and r.close_assault and r.side == loc


def test_INF1_a_squad_that_moved_makes_one_personal_attack():
    """book-a §16.3: personal weapons: 1 attack after moving, 2 when it did not move (not in the target's hex)."""
    units = {"sq": unit("sq", "RL", "0205", men=8), "hor": unit("hor", "TOG", "0207", 0, "horatius")}
    still = declare_squad_fire(MAP, units, SquadOrder("sq", "personal", "hor"))
    moved = declare_squad_fire(MAP, {**units, "sq": replace(units["sq"], moved=True)}, SquadOrder("sq", "personal", "hor"))
    assert (still.attacks, moved.attacks) == (2, 1)


# --- opportunity fire and the whole phase (CEN-OPP-1, CEN-SEQ-1, CEN-SEQ-3, E25) -------------------------------


def pending_gunner(u: CombatUnit) -> CombatUnit:
    boxes = u.sheet.boxes_of("turret", "gunner")
    return replace(u, sheet=replace(u.sheet, pending=frozenset(("turret", b) for b in boxes)))


def test_OPP1_opportunity_fire_applies_losses_at_once_with_the_turn():
    """CEN-OPP-1: internal damage and squad losses at once; the crew member dies this turn; a squad in light
    woods hit by the 3/6 laser (row 8): d10 8 - 1 -> 2 men."""
    units = {"lib": unit("lib", "RL", "0206", 0, "liberator"), "sq": unit("sq", "TOG", "0203", men=8)}
    plan = declare_weapons_fire(E20_MAP, units, "lib", [Attack(1, "sq")])
    assert not isinstance(plan, Refusal), plan
    dice = Dice.scripted([7, 1, 8])
    dice.roll("d10", purpose="an earlier roll", rule="X")
    ph = resolve_opportunity_fire(plan, units, dice, battlemap=E20_MAP)
    assert ph.casualties == {"sq": 2} and ph.units["sq"].men == 6 and len(ph.rolls) == 2
    (res,) = ph.fire
    assert res.firer == "lib" and ph.rolls == res.rolls
    units = {"lib": unit("lib", "RL", "0209", 0, "liberator"), "hor": pending_gunner(unit("hor", "TOG", "0205", 3,
                                                                                           "horatius"))}
    plan = declare_weapons_fire(MAP, units, "lib", [Attack(1, "hor")])
    for kw, since in (({"turn": 3}, 3), ({}, 1)):
        ph = resolve_opportunity_fire(plan, units, Dice.scripted([10]), **kw)
        assert ph.units["hor"].sheet.crew_member("gunner").since_turn == since and "hor" in ph.internals


def test_OPP1_opportunity_fire_vulcan_and_shield():
    """E25 policy by default on opportunity fire: one TVLG hit on a Trajan engages 1 (Vulcan-2: kill <= 8).
    VAR-SHIELD: a laser that hits rolls the stop roll."""
    units = {"lib": unit("lib", "RL", "0209", 0, "liberator"), "trj": unit("trj", "TOG", "0205", 3, "trajan")}
    plan = declare_weapons_fire(MAP, units, "lib", [Attack(2, "trj", missiles=1)])
    ph = resolve_opportunity_fire(plan, units, Dice.scripted([1, 8]))
    assert ph.fire[0].hits[0].shot_down and ph.units["trj"].vulcan == VulcanEngagement(2, 1, 0)
    rules = RuleSet.from_names(["VAR-SHIELD"])
    plan = declare_weapons_fire(MAP, units, "lib", [Attack(1, "trj")], rules=rules)
    ph = resolve_opportunity_fire(plan, units, Dice.scripted([1, 1]), rules=rules)
    assert ph.fire[0].hits[0].stopped


class SpendRecorder:
    def __init__(self) -> None:
        self.later: list[int] = []

    def policy(self) -> VulcanPolicy:
        def spend(left, hits, later):
            self.later.append(later)
            return min(left, hits)

        return VulcanPolicy(lambda rating, hits, later: 3, spend)


def test_E25_combat_phase_tells_each_attacker_how_many_missile_attackers_follow():
    """book-a §15.2: a refused declaration fires nothing but the others do; three missile attackers (a vehicle,
    a squad's TVLG, a vehicle) at a Trajan: 2, 1, then 0 still to come; a laser attacker does not count."""
    units = {"trj": unit("trj", "TOG", "0205", 3, "trajan"), "l1": unit("l1", "RL", "0209", 0, "liberator"),
             "sq": unit("sq", "RL", "0207", men=8), "l2": unit("l2", "RL", "0309", 0, "liberator"),
             "l3": unit("l3", "RL", "0409", 0, "liberator")}
    rec = SpendRecorder()
    decl = [("ghost", [Attack(0, "trj")], None), ("l1", [Attack(2, "trj", missiles=1)], None),
            SquadOrder("sq", "tvlg", "trj", count=1), ("l3", [Attack(1, "trj")], None),
            ("l2", [Attack(2, "trj", missiles=1)], None)]
    # l1: hit 1, Vulcan 1; sq: hit 1, Vulcan 1; l3 laser misses 10; l2: hit 1, Vulcan 1 (3 engaged: kill <= 2)
    res = combat_phase(MAP, units, decl, Dice.scripted([1, 1, 1, 1, 10, 1, 1]), vulcan=rec.policy())
    assert isinstance(res.fire[0], Refusal) and len(res.fire) == 5
    assert rec.later == [2, 1, 0]
    assert res.units["trj"].vulcan == VulcanEngagement(2, 3, 0)


def test_SEQ3_combat_phase_hands_down_map_turn_and_rules():
    """VAR-OCCUPY: each pair's map (here light woods at the squad: d10 8 - 1 -> 2 men, row 8); the turn reaches
    the internal damage; a squad that painted does nothing else (book-a 7.3); the phase's rolls are its own."""
    asked = []

    def map_for(a, b):
        asked.append((a, b))
        return E20_MAP

    units = {"hor": unit("hor", "TOG", "0210", 0, "horatius"), "lib": pending_gunner(unit("lib", "RL", "0206", 1,
                                                                                          "liberator")),
             "sq": unit("sq", "RL", "0203", men=8), "ps": unit("ps", "TOG", "0208", men=8)}
    plan = declare_weapons_fire(E20_MAP, units, "hor", [Attack(1, "sq")])
    decl = [plan, SquadOrder("ps", "personal", "lib"), ("hor", [Attack(1, "sq")], None)]
    dice = Dice.scripted([7, 10, 1, 8, 1, 8])
    dice.roll("d10", purpose="an earlier roll", rule="X")
    res = combat_phase(MAP, units, decl, dice, turn=4, paints=[("ps", "lib")], map_for=map_for)
    assert asked == [("ps", "lib"), ("hor", "sq"), ("ps", "lib"), ("hor", "sq")]
    refusal = res.fire[1]
    assert isinstance(refusal, Refusal) and refusal.rule == "CEN-CMB-1"
    assert refusal.reason == "ps painted this turn: a painting squad does nothing else (book-a 7.3)"
    assert res.casualties["sq"] == 4 and len(res.rolls) == 5 and len(res.paints) == 1
    assert res.units["lib"].sheet.crew_member("gunner").since_turn == 4
    none = combat_phase(MAP, units, [], Dice.scripted([]))
    assert none.paints == () and none.units["lib"].sheet.crew_member("gunner").since_turn == 1



def test_SEQ3_combat_phase_squad_fire_sees_its_map_and_empty_declarations_pass():
    """VAR-OCCUPY: a squad's fire uses its pair's map: IWF9 on a squad in light woods, d10 6 - 1 -> 3 men (4 on
    the clear map given to the phase); a vehicle declaring no attack asks the map with no target."""
    asked = []

    def map_for(a, b):
        asked.append((a, b))
        return E20_MAP

    units = {"s2": unit("s2", "TOG", "0205", men=8), "sq": unit("sq", "RL", "0203", men=8),
             "hor": unit("hor", "TOG", "0210", 0, "horatius")}
    res = combat_phase(MAP, units, [SquadOrder("s2", "personal", "sq"), ("hor", [], None)], Dice.scripted([1, 10, 6]),
                       map_for=map_for)
    assert res.casualties == {"sq": 3} and asked == [("s2", "sq"), ("hor", None)]


def test_SHIELD_SPEEDMOD_combat_phase_hands_its_rules_to_painting_declaring_and_rolling():
    """VAR-SHIELD: the painting laser and a laser that hit each roll the stop roll; VAR-SPEEDMOD: a target at
    speed 5 is 2 harder to hit (E20: laser 9 - 1 - 5 = 3 basic)."""
    both = RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])
    units = e20()
    units["lib"] = replace(units["lib"], velocity=5)
    decl = [("hor", [Attack(1, "lib")], None)]
    basic = combat_phase(E20_MAP, units, decl, Dice.scripted([10, 10]), paints=[("hor", "lib")])
    res = combat_phase(E20_MAP, units, decl, Dice.scripted([1, 1, 1, 1]), paints=[("hor", "lib")], rules=both)
    (paint,) = res.paints
    assert paint.stop is not None and paint.stop.success and res.fire[0].hits[0].stopped
    shield = basic.fire[0].hits[0].to_hit.target
    assert shield == 3
    assert res.fire[0].hits[0].to_hit.target == shield + 5 - 2  # E20: right shield -5 off; speed 5: -2


def test_CMB1_combat_phase_hands_the_turret_facing_to_the_declaration():
    """HEX-3: a turret weapon fires where the turret faces: a target 4 hexes behind the Horatius (hull facing 0)
    is out of its arc with the turret forward and in it with the turret turned to 3."""
    units = {"hor": unit("hor", "TOG", "0205", 0, "horatius"), "lib": unit("lib", "RL", "0209", 0, "liberator")}
    forward = combat_phase(MAP, units, [("hor", [Attack(0, "lib", shell="HEAP")], None)], Dice.scripted([]))
    assert isinstance(forward.fire[0], Refusal)
    turned = combat_phase(MAP, units, [("hor", [Attack(0, "lib", shell="HEAP")], 3)], Dice.scripted([10]))
    assert not isinstance(turned.fire[0], Refusal) and len(turned.rolls) == 1


def test_SALVO_a_salvo_rolls_once_at_its_first_mount():
    """VAR-SALVO: the twin lasers declared as one salvo roll once, in the place of the salvo's first attack,
    before a Gauss attack declared between them."""
    from centurion.data.vehicles import Weapon

    rules = RuleSet.from_names(["VAR-SALVO"])
    h = V["horatius"]
    twin = replace(h, weapons=h.weapons + (Weapon("3/6 laser", "hull 2", "8", 20),))
    units = {"hor": CombatUnit("hor", "TOG", parse_label("0210"), 0, RecordSheet.of(twin)),
             "lib": unit("lib", "RL", "0203", 1, "liberator")}
    plan = declare_weapons_fire(E20_MAP, units, "hor", [Attack(1, "lib", salvo=1), Attack(0, "lib", shell="HEAP"),
                                                        Attack(3, "lib", salvo=1)], rules=rules)
    assert not isinstance(plan, Refusal), plan
    res = resolve_fire(plan, units, Dice.scripted([10, 10]), rules=rules)
    assert [r.rule for r in res.rolls] == ["VAR-SALVO", "CEN-CMB-1"]


def test_INF1_declare_squad_fire_hex_attacks_and_observers():
    """book-a §16.5: an AP mortar round at a hex the squad cannot see needs a friendly observer; an order with no
    target unit (an AP round) or a paint with none is checked as having no target."""
    woods = map_from_rows(["........"] * 6 + ["..h....."] + ["........"] * 5)  # heavy woods in 0307
    units = {"mo": unit("mo", "RL", "0310", men=8, squad_kind="mortar"), "foe": unit("foe", "TOG", "0304", men=8)}
    hidden = SquadOrder("mo", "mortar_ap", target_hex=parse_label("0304"))
    r = declare_squad_fire(woods, units, hidden)
    assert isinstance(r, Refusal) and r.rule == "CEN-LOS-1"
    seen = declare_squad_fire(woods, units, replace(hidden, observed=True))
    assert not isinstance(seen, Refusal) and seen.casualty_row == "mortar"
    fast = declare_squad_fire(MAP, units, hidden, rules=RuleSet.from_names(["VAR-SPEEDMOD"]))
    assert not isinstance(fast, Refusal)
    r = declare_squad_fire(MAP, units, SquadOrder("mo", "paint"))
    assert isinstance(r, Refusal) and r.reason == "painting needs a target"


def test_SEQ3_a_ready_plan_with_no_attack_passes_the_phase():
    """A FirePlan declared with no attack (a unit that holds its fire) goes through the phase and rolls nothing."""
    units = e20()
    plan = declare_weapons_fire(MAP, units, "hor", [])
    assert not isinstance(plan, Refusal) and plan.targets == ()
    res = combat_phase(MAP, units, [plan], Dice.scripted([]))
    assert res.fire[0].firer == "hor" and res.rolls == ()
