"""Fast tests for centurion/centuria/values.py written against its surviving mutants (issue 22, docs/mutation.md).

Expected values come from the Centuria seed (003, German), typed in here independently of data/centuria.yaml:
the unit table (Angriff, Verteidigung, Moral), the leader table, the terrain table (Gras, Acker, Bäume, Straße
with its "(Ziel)" rows, Weg, Gebäude), the side and rear terms (-2, -4 on the defence), the morale markers
(idle: attack +2; dissolving: attack +4, defence -4), +1 morale per adjacent intact unit, success on a roll
strictly over the sum (DIE-20), and RULES.md CTA-COMBAT / CTA-MORALE / CTA-ART. Odds by enumerating the faces.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from centurion.centuria.values import (
    Exchange,
    Modifier,
    Target,
    as_target_row,
    attack_target,
    attack_terms,
    counter_terms,
    morale_target,
    morale_terms,
    no_counter,
    over_chance,
    p_success,
    roll_over,
    shot_terms,
)
from centurion.data import centuria_tables
from centurion.dice import Dice

# seed 003: Einheit -> (Angriff, Verteidigung, Moral)
UNITS = {"centuria": (6, 9, 10), "turma": (7, 8, 12), "singulares": (6, 8, 6), "evocati": (5, 10, 5),
         "ballista": (6, 4, 14), "tormentum": (4, 4, 14), "legatus": (17, 2, 3), "tribunus": (17, 2, 4),
         "praefectus coh": (17, 2, 4), "praefectus alae": (17, 2, 4), "subpraefectus": (17, 2, 4),
         "centurio ballista": (17, 2, 4)}
LEADERS = {"legatus": (-2, 1, -4), "tribunus": (-1, 1, -2), "praefectus coh": (-1, 1, -3),
           "praefectus alae": (-1, 1, -3), "subpraefectus": (-1, 1, -2), "centurio ballista": (0, 0, -1)}
# Gelände -> unit -> (Angriff, Verteidigung); missing = 0
TERRAIN = {
    "grass": {},
    "field": {"turma": (1, -1)},
    "trees": {"centuria": (1, -1), "singulares": (1, -1), "turma": (3, -2), "ballista": (3, 0), "tormentum": (3, 0)},
    "road": {},  # the (Ziel) rows are for the target of an engine
    "track": {},
    "building": {"centuria": (0, 2), "evocati": (0, 2), "singulares": (2, -2), "turma": (3, -3), "ballista": (3, 0),
                 "tormentum": (3, 0)},
}
ZIEL = {"ballista": (-1, -1), "tormentum": (-1, -2)}  # Straße, "(Ziel)"
SUB_UNITS = ["centuria", "turma", "singulares", "evocati", "ballista", "tormentum"]
SIDE = {"front": 0, "flank": -2, "rear": -4}


def terr(terrain: str, unit: str) -> tuple[int, int]:
    return TERRAIN[terrain].get(unit, (0, 0))


def test_CTA_COMBAT_attack_target_is_the_seed_sum_for_every_pair_terrain_and_side():
    for a in SUB_UNITS:
        for d in SUB_UNITS:
            for ta in TERRAIN:
                for td in TERRAIN:
                    for side, s in SIDE.items():
                        expected = UNITS[a][0] + UNITS[d][1] + terr(ta, a)[0] + terr(td, d)[1] + s
                        got = attack_terms(a, d, side=side, attacker_terrain=ta, defender_terrain=td)
                        assert got.value == expected == sum(t.value for t in got.terms), (a, d, ta, td, side)
                        assert got.sides == 20 and got.one_fails is False
    assert attack_target("turma", "centuria", side="rear", attacker_terrain="trees",
                         defender_terrain="building") == 7 + 9 + 3 + 2 - 4


def test_CTA_COMBAT_leaders_and_markers():
    for la, (att, _, _) in LEADERS.items():
        for ld, (_, dfn, _) in LEADERS.items():
            t = attack_terms("centuria", "turma", attacker_leader=la, defender_leader=ld)
            assert t.value == 6 + 8 + att + dfn, (la, ld)
    assert attack_target("centuria", "turma", attacker_leader="legatus", defender_leader="tribunus") == 6 + 8 - 2 + 1
    # markers: 0 intact, 1 idle (attack +2), 2 dissolving (attack +4, defence -4), 3 fleeing (as dissolving)
    for am, a_mod in ((0, 0), (1, 2), (2, 4), (3, 4)):
        for dm, d_mod in ((0, 0), (1, 0), (2, -4), (3, -4)):
            t = attack_terms("centuria", "centuria", attacker_marker=am, defender_marker=dm)
            assert t.value == 15 + a_mod + d_mod, (am, dm)


def test_CTA_COMBAT_every_term_is_named_with_its_rule():
    t = attack_terms("turma", "centuria", side="flank", attacker_terrain="trees", defender_terrain="building",
                     attacker_leader="legatus", defender_leader="tribunus", attacker_marker=1, defender_marker=2)
    assert t.terms == (
        Modifier("turma attack", 7, "CTA-2"), Modifier("centuria defence", 9, "CTA-2"),
        Modifier("attacker in trees", 3, "CTA-2"), Modifier("defender in building", 2, "CTA-2"),
        Modifier("legatus leads the attacker", -2, "CTA-COMBAT"),
        Modifier("tribunus leads the defender", 1, "CTA-COMBAT"),
        Modifier("attack on the flank", -2, "CTA-COMBAT"), Modifier("attacker idle", 2, "CTA-MORALE"),
        Modifier("defender dissolving", -4, "CTA-MORALE"))
    assert t.value == 7 + 9 + 3 + 2 - 2 + 1 - 2 + 2 - 4
    plain = attack_terms("centuria", "evocati")
    assert plain.terms == (Modifier("centuria attack", 6, "CTA-2"), Modifier("evocati defence", 10, "CTA-2"))
    fleeing = attack_terms("centuria", "evocati", attacker_marker=3, defender_marker=3, side="rear")
    assert fleeing.terms[2:] == (Modifier("attack on the rear", -4, "CTA-COMBAT"),
                                 Modifier("attacker fleeing", 4, "CTA-MORALE"),
                                 Modifier("defender fleeing", -4, "CTA-MORALE"))
    # a zero modifier adds no term: the attacker's terrain row with defence only, the defender's with attack only
    zeros = attack_terms("centuria", "turma", attacker_terrain="building", defender_terrain="field",
                         attacker_leader="centurio ballista", defender_leader="centurio ballista", attacker_marker=0,
                         defender_marker=1)
    assert [m.label for m in zeros.terms] == ["centuria attack", "turma defence", "defender in field"]


def test_CTA_COMBAT_a_leader_fights_in_terrain_by_his_arms_row():
    # the terrain row given by attacker_row / defender_row replaces the type's own (a leader has none)
    t = attack_terms("legatus", "legatus", attacker_terrain="trees", defender_terrain="building",
                     attacker_row="turma", defender_row="centuria")
    assert t.value == 17 + 2 + 3 + 2
    assert [m.label for m in t.terms[2:]] == ["attacker in trees", "defender in building"]
    c = counter_terms("legatus", "legatus", attacker_terrain="trees", defender_terrain="building",
                      attacker_row="turma", defender_row="centuria")
    # the counter: the defender (in building, centuria row: attack 0) attacks the attacker (trees, turma: -2)
    assert c.value == 17 + 2 + 0 - 2


def test_CTA_COMBAT_the_counter_swaps_the_sides_and_has_no_side_term():
    for a in SUB_UNITS:
        for d in SUB_UNITS:
            c = counter_terms(a, d, attacker_terrain="trees", defender_terrain="building", attacker_leader="legatus",
                              defender_leader="subpraefectus", attacker_marker=2, defender_marker=1)
            expected = (UNITS[d][0] + UNITS[a][1] + terr("building", d)[0] + terr("trees", a)[1] - 1 + 1
                        + 2 - 4)  # defender leader attack -1, attacker leader defence +1, idle +2, dissolving -4
            assert c.value == expected, (a, d)
            assert not any("attack on the" in m.label for m in c.terms)
    assert counter_terms("centuria", "turma").terms[:2] == (Modifier("turma attack", 7, "CTA-2"),
                                                            Modifier("centuria defence", 9, "CTA-2"))


@pytest.mark.parametrize("kwargs, rule, what", [
    ({"side": "left"}, "CTA-COMBAT", "side is front, flank or rear"),
    ({"side": None}, "CTA-COMBAT", "side is front, flank or rear"),
    ({"attacker_marker": 4}, "CTA-MORALE", "attacker_marker is a whole number in 0..3"),
    ({"attacker_marker": -1}, "CTA-MORALE", "attacker_marker is a whole number in 0..3"),
    ({"defender_marker": 4}, "CTA-MORALE", "defender_marker is a whole number in 0..3"),
    ({"defender_marker": True}, "CTA-MORALE", "defender_marker is a whole number in 0..3"),
    ({"attacker_terrain": "swamp"}, "CTA-2", "unknown terrain 'swamp'"),
    ({"defender_terrain": None}, "CTA-2", "unknown terrain None"),
    ({"attacker_leader": "caesar"}, "CTA-2", "'caesar' is not a leader; leaders: legatus, tribunus"),
    ({"defender_leader": "centuria"}, "CTA-2", "'centuria' is not a leader"),
])
def test_CTA_COMBAT_bad_arguments_are_refused_with_the_rule(kwargs, rule, what):
    with pytest.raises(ValueError) as e:
        attack_terms("centuria", "turma", **kwargs)
    assert str(e.value).startswith(f"{rule}: {what}")


def test_CTA_2_unknown_units_are_named():
    for a, d, name in (("hoplite", "turma", "'hoplite'"), ("centuria", ["x"], "['x']")):
        with pytest.raises(ValueError) as e:
            attack_terms(a, d)
        assert str(e.value).startswith(f"CTA-2: unknown unit {name}; known: centuria, turma, singulares")
    with pytest.raises(ValueError, match="CTA-2: unknown terrain 'x'; known: grass, field, trees"):
        attack_terms("centuria", "turma", attacker_terrain="x")


@pytest.mark.parametrize("kwargs, what", [
    ({"attacker_marker": 4}, "attacker_marker"), ({"defender_marker": -1}, "defender_marker")])
def test_CTA_MORALE_counter_checks_its_markers(kwargs, what):
    with pytest.raises(ValueError) as e:
        counter_terms("centuria", "turma", **kwargs)
    assert str(e.value).startswith(f"CTA-MORALE: {what} is a whole number in 0..3")


def test_CTA_ART_an_engines_shot_counts_the_target_road_rows_and_a_1_fails():
    for engine, (za, zd) in ZIEL.items():
        for target in SUB_UNITS:
            for tt in TERRAIN:
                shot = shot_terms(engine, target, target_terrain=tt)
                expected = UNITS[engine][0] + UNITS[target][1] + terr(tt, target)[1] + ((za + zd) if tt == "road"
                                                                                        else 0)
                assert shot.value == expected and shot.one_fails is True and shot.sides == 20, (engine, target, tt)
    road = shot_terms("tormentum", "centuria", target_terrain="road")
    assert road.terms[-2:] == (Modifier("target on the road: tormentum attack", -1, "CTA-MOVE"),
                               Modifier("target on the road: defence", -2, "CTA-MOVE"))
    # the engine's own hex on the road adds nothing ("(Ziel)": only where the target stands)
    assert shot_terms("ballista", "centuria", engine_terrain="road").value == 6 + 9
    # the engine's own terrain, leaders, side and the target's marker count as in a close attack
    full = shot_terms("ballista", "turma", side="rear", engine_terrain="trees", target_terrain="field",
                      engine_leader="tribunus", target_leader="legatus", target_marker=2)
    assert full.value == 6 + 8 + 3 - 1 - 1 + 1 - 4 - 4
    # a non-engine "shot" has no (Ziel) row
    assert shot_terms("centuria", "turma", target_terrain="road").value == 6 + 8
    # a target row for a leader
    assert shot_terms("ballista", "legatus", target_terrain="building", target_row="centuria").value == 6 + 2 + 2


@pytest.mark.parametrize("kwargs, what", [
    ({"side": "up"}, "CTA-COMBAT: side is front, flank or rear"),
    ({"target_marker": 4}, "CTA-MORALE: target_marker is a whole number in 0..3"),
    ({"target_marker": None}, "CTA-MORALE: target_marker is a whole number in 0..3")])
def test_CTA_ART_shot_checks_its_arguments(kwargs, what):
    with pytest.raises(ValueError) as e:
        shot_terms("ballista", "centuria", **kwargs)
    assert str(e.value).startswith(what)


def test_CTA_ART_no_counter_cannot_succeed():
    t = no_counter()
    assert t.value == 20 and t.sides == 20 and t.p_success == 0
    assert t.terms == (Modifier("no counter roll against a shot", 20, "CTA-ART"),)
    assert not any(t.succeeds(r) for r in range(1, 21))


def test_DIE_20_over_chance_by_enumeration():
    for sides in (1, 6, 10, 12, 20, 30):
        for target in range(-3, sides + 4):
            assert over_chance(target, sides) == Fraction(sum(1 for r in range(1, sides + 1) if r > target), sides)
            assert p_success(target, sides) == over_chance(target, sides)
    assert over_chance(15) == Fraction(5, 20) and p_success(15) == Fraction(5, 20)
    for bad in (1.5, True, "3", None):
        with pytest.raises(ValueError, match="DIE-20: target is a whole number"):
            over_chance(bad)
        with pytest.raises(ValueError, match="DIE-20: target is a whole number"):
            p_success(bad)
    for bad in (0, -1, 2.0, False):
        with pytest.raises(ValueError, match="DIE-20: sides is a whole number >= 1"):
            over_chance(5, bad)
        with pytest.raises(ValueError, match="DIE-20: sides is a whole number >= 1"):
            p_success(5, bad)


def test_DIE_20_target_success_and_the_engines_1():
    for sides in (6, 20):
        for value in range(-2, sides + 2):
            plain = Target(value, (), sides)
            ones = Target(value, (), sides, one_fails=True)
            wins = [r for r in range(1, sides + 1) if r > value]
            assert [r for r in range(1, sides + 1) if plain.succeeds(r)] == wins
            assert [r for r in range(1, sides + 1) if ones.succeeds(r)] == [r for r in wins if r != 1]
            assert plain.p_success == Fraction(len(wins), sides)
            assert ones.p_success == Fraction(len([r for r in wins if r != 1]), sides), (sides, value)
    assert Target(5, ()).sides == 20 and Target(5, ()).one_fails is False


def test_DIE_20_roll_over_logs_the_roll_on_the_tables_die():
    dice = Dice.scripted([16, 15, 1])
    t = Target(15, (Modifier("x", 15, "CTA-2"),))
    r = roll_over(dice, t, purpose="attack", rule="CTA-COMBAT")
    assert (r.die, r.result, r.purpose, r.rule, r.target, r.success, r.probability) == (
        "d20", 16, "attack", "CTA-COMBAT", 15, True, Fraction(5, 20))
    assert not roll_over(dice, t, purpose="a", rule="b").success
    engine = Target(0, (), 20, one_fails=True)
    one = roll_over(dice, engine, purpose="shot", rule="CTA-ART")
    assert one.result == 1 and one.success is False and one.probability == Fraction(19, 20)
    assert dice.log == [r, dice.log[1], one]


def test_DIE_20_roll_over_a_scenarios_own_die():
    before = dict(Dice.SIDES)
    dice = Dice.scripted([12, 7])
    r = roll_over(dice, Target(6, (), 12), purpose="attack", rule="CTA-COMBAT")
    assert (r.die, r.result, r.success, r.probability) == ("d12", 12, True, Fraction(6, 12))
    r2 = roll_over(dice, Target(7, (), 12), purpose="attack", rule="CTA-COMBAT")
    assert (r2.result, r2.success) == (7, False)
    assert Dice.SIDES == before and "d12" not in Dice.SIDES and dice.SIDES["d12"] == 12
    with pytest.raises(ValueError):
        roll_over(Dice.scripted([13]), Target(6, (), 12), purpose="a", rule="b")


def test_CTA_MOVE_target_rows_are_those_marked_Ziel():
    road = centuria_tables().terrain["road"].modifiers
    assert as_target_row(road["ballista"]) is True and as_target_row(road["tormentum"]) is True
    assert as_target_row(road["centuria"]) is False
    assert as_target_row(None) is False
    assert as_target_row(object()) is False  # no note at all

    class Row:
        note = "as a target (Ziel)"
    assert as_target_row(Row()) is False  # the mark starts the note


def test_CTA_MORALE_target_is_morale_plus_leader_less_neighbours():
    for unit in SUB_UNITS:
        for leader in [None, *LEADERS]:
            for n in range(0, 7):
                expected = UNITS[unit][2] + (LEADERS[leader][2] if leader else 0) - n
                t = morale_terms(unit, leader=leader, adjacent_intact=n)
                assert t.value == expected == morale_target(unit, leader=leader, adjacent_intact=n), (unit, leader, n)
                assert t.sides == 20
    t = morale_terms("turma", leader="legatus", adjacent_intact=2)
    assert t.terms == (Modifier("turma morale", 12, "CTA-2"), Modifier("legatus in range", -4, "CTA-MORALE"),
                       Modifier("2 adjacent intact unit(s)", -2, "CTA-MORALE"))
    assert morale_terms("centuria").terms == (Modifier("centuria morale", 10, "CTA-2"),)
    for bad in (7, -1, 1.0, None):
        with pytest.raises(ValueError, match="CTA-MORALE: adjacent_intact is a whole number in 0..6"):
            morale_terms("centuria", adjacent_intact=bad)
    with pytest.raises(ValueError, match="CTA-2: 'x' is not a leader"):
        morale_terms("centuria", leader="x")
    with pytest.raises(ValueError, match="CTA-2: unknown unit 'x'"):
        morale_terms("x")


def test_CTA_COMBAT_exchange_odds_are_independent_rolls():
    for a_val in (5, 12, 19):
        for c_val in (0, 10, 21):
            ex = Exchange(Target(a_val, ()), Target(c_val, ()))
            pa = Fraction(sum(1 for r in range(1, 21) if r > a_val), 20)
            pc = Fraction(sum(1 for r in range(1, 21) if r > c_val), 20)
            both = Fraction(sum(1 for x in range(1, 21) for y in range(1, 21) if x > a_val and y > c_val), 400)
            neither = Fraction(sum(1 for x in range(1, 21) for y in range(1, 21) if x <= a_val and y <= c_val), 400)
            assert (ex.defender_falls, ex.attacker_falls, ex.both_fall, ex.neither_falls) == (pa, pc, both, neither)


def test_CTA_COMBAT_a_side_that_is_no_string_is_refused_not_crashed_on():
    for bad in ([], ["front"], {"front": 1}):
        with pytest.raises(ValueError, match="CTA-COMBAT: side is front, flank or rear"):
            attack_terms("centuria", "turma", side=bad)
    with pytest.raises(ValueError) as e:
        attack_terms("centuria", "turma", side="x" * 300)
    assert len(str(e.value)) == 200


def test_CTA_COMBAT_the_counter_uses_the_defenders_terrain_row():
    # the defender (a leader fighting as a turma) in trees strikes back: the turma row's attack +3 counts
    c = counter_terms("centuria", "legatus", attacker_terrain="grass", defender_terrain="trees",
                      defender_row="turma")
    assert c.value == 17 + 9 + 3
    assert counter_terms("centuria", "legatus", defender_terrain="trees").value == 17 + 9  # a leader has no row


def custom_tables():
    """The tables with a d12 and a ballista whose attack is 3 (not the seed's 6)."""
    import dataclasses
    from types import MappingProxyType
    t = centuria_tables()
    units = dict(t.units)
    units["ballista"] = dataclasses.replace(units["ballista"], attack=3)
    return dataclasses.replace(t, units=MappingProxyType(units), die_sides=12)


def test_DIE_20_the_die_and_the_units_come_from_the_tables_given():
    t = custom_tables()
    assert morale_terms("centuria", tables=t).sides == 12
    assert no_counter(t).sides == 12 and no_counter(t).value == 12 and no_counter(t).p_success == 0
    s = shot_terms("ballista", "centuria", tables=t)
    assert s.value == 3 + 9 and s.sides == 12 and s.terms[0] == Modifier("ballista attack", 3, "CTA-2")
    a = attack_terms("ballista", "centuria", tables=t)
    assert a.value == 3 + 9 and a.sides == 12
    assert counter_terms("centuria", "ballista", tables=t).value == 3 + 9
