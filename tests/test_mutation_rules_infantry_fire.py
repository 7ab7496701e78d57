"""Tests that kill the mutants of centurion/rules/infantry_fire.py that survived (issue 22, docs/mutation.md).

Expected values come from book-a §14.1 (a squad is destroyed at 5 killed), §16.2 (riders), §16.3 (attacks and
the strength table), §16.6 (the Infantry Damage Table, typed here from the digest) and the TET; not from the code.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import pytest

from centurion.data import map_from_rows
from centurion.data.infantry_damage import casualty_table
from centurion.dice import Dice
from centurion.hexgrid import distance, from_offset
from centurion.rules import Refusal
from centurion.rules.fire import base_to_hit
from centurion.rules.infantry_fire import (
    SquadAction,
    SquadView,
    apply_losses,
    casualty_odds,
    casualty_roll,
    casualty_row,
    infantry_casualties,
    personal_weapon_attacks,
    rider_losses,
    squad_fire,
    squad_strength,
    terrain_casualty_modifier,
)
from centurion.rules.targets import TargetView

# book-a §16.6, columns -1, 0, 1 .. 10
TABLE = {
    "20": [0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 4, 5],
    "15": [0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 4],
    "9": [0, 0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 3],
    "IWF9": [0, 0, 0, 0, 1, 2, 3, 4, 4, 4, 4, 4],
    "IWF1": [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    "mortar": [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
    "ap_laser": [0, 0, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7],
}


@pytest.mark.parametrize("row", sorted(TABLE))
def test_CMB1_infantry_damage_table_rows(row):
    """book-a §16.6: men killed by the modified roll, -1 and below read as -1, 10 and above as 10."""
    assert [infantry_casualties(row, r) for r in range(-1, 11)] == TABLE[row]
    assert infantry_casualties(row, -4) == TABLE[row][0] and infantry_casualties(row, 14) == TABLE[row][-1]


def test_CMB1_casualty_odds_are_exact_over_the_ten_faces():
    """book-a §16.6: each face 1-10 is 1/10; a modifier shifts the column."""
    # faces 1, 2 -> 0; 3 -> 1; 4 -> 2; 5 -> 3; 6-10 -> 4
    assert casualty_odds("IWF9") == {0: Fraction(2, 10), 1: Fraction(1, 10), 2: Fraction(1, 10),
                                     3: Fraction(1, 10), 4: Fraction(5, 10)}
    # two lower: faces 1-4 -> 0; 5 -> 1; 6 -> 2; 7 -> 3; 8-10 -> 4
    assert casualty_odds("IWF9", -2) == {0: Fraction(4, 10), 1: Fraction(1, 10), 2: Fraction(1, 10),
                                         3: Fraction(1, 10), 4: Fraction(3, 10)}
    assert sum(casualty_odds("mortar", 3).values()) == 1


def test_CMB1_a_casualty_roll_adds_its_terms():
    """book-a §16.6: d10 + the hex's modifiers, read on the row; the roll is logged with the row."""
    r = casualty_roll(Dice.scripted([7]), "IWF9", [("squad in light woods", -1, "CEN-TER-1")])
    assert (r.row, r.roll.result, r.modified, r.killed) == ("IWF9", 7, 6, 4)
    assert r.terms == (("squad in light woods", -1, "CEN-TER-1"),)
    assert r.odds == casualty_odds("IWF9", -1)
    assert "IWF9" in r.roll.purpose and r.roll.rule == "CEN-CMB-1"
    plain = casualty_roll(Dice.scripted([3]), "mortar")
    assert (plain.modified, plain.killed) == (3, 2)


@pytest.mark.parametrize("men, template, tvlgs, mortars", [
    (8, "IWF9", 4, 2), (7, "IWF7", 4, 2), (6, "IWF7", 4, 2), (5, "IWF5", 4, 1), (4, "IWF5", 4, 1),
    (3, "IWF3", 3, 1), (2, "IWF3", 2, 0), (1, "IWF1", 1, 0)])
def test_INF1_squad_strength_table(men, template, tvlgs, mortars):
    """book-a §16.3: the template, TVLGs and mortars a squad of N men has."""
    s = squad_strength(men)
    assert (s.template, s.tvlgs, s.mortars) == (template, tvlgs, mortars)


def test_INF1_squad_strength_edges():
    """book-a §16.3: no one left, no strength; a squad has 0 to 8 men."""
    assert squad_strength(0) is None
    for bad in (-1, 9, True, 2.5):
        with pytest.raises(ValueError, match="CEN-CMB-1"):
            squad_strength(bad)


def test_INF1_personal_weapon_attacks():
    """book-a §16.3: 1 attack after moving, 2 standing, 3 standing in the target's hex."""
    assert personal_weapon_attacks(True) == 1
    assert personal_weapon_attacks(True, True) == 1
    assert personal_weapon_attacks(False) == 2
    assert personal_weapon_attacks(False, True) == 3
    for bad in ((1, False), (False, 0), (None, False)):
        with pytest.raises(ValueError, match="CEN-CMB-1"):
            personal_weapon_attacks(*bad)


class Wpn(NamedTuple):
    type: str
    damage: object = None


@pytest.mark.parametrize("weapon, row", [
    (Wpn("AP laser"), "ap_laser"), (Wpn("3/6 laser", 6), "6"), (Wpn("7.5/6 laser", 6), "6"),
    (Wpn("MDC 8"), "8"), (Wpn("MDC 12"), "12"), (Wpn("200mm Gauss"), "20"), (Wpn("150mm Gauss"), "15"),
    (Wpn("100mm Gauss"), "10"), (Wpn("50mm Gauss"), "7"), (Wpn("25mm Gauss"), "3")])
def test_CMB1_casualty_row_of_each_vehicle_weapon(weapon, row):
    """book-a §16.6: lasers by their damage, MDCs by their number, Gauss by calibre (200 -> 20, ..., 25 -> 3)."""
    assert casualty_table_key(casualty_row(weapon)) == casualty_table_key(row)


def casualty_table_key(row):
    return casualty_table().row_key(row)


def test_CMB1_no_row_for_missiles_or_odd_cannons():
    """book-a §8.3: missiles never attack infantry; a Gauss calibre without a row is refused."""
    with pytest.raises(ValueError, match="CEN-CMB-1.*missiles never"):
        casualty_row(Wpn("SMLM 2"))
    with pytest.raises(ValueError, match="CEN-CMB-1.*75mm"):
        casualty_row(Wpn("75mm Gauss"))


def test_TER1_terrain_and_crater_casualty_modifiers():
    """book-a §16.6/TET: the hex's combat modifier (light woods -1, heavy -2), the crater -2 on top."""
    m = map_from_rows([".lh"])
    clear, light, heavy = from_offset(1, 1), from_offset(2, 1), from_offset(3, 1)
    assert terrain_casualty_modifier(m, clear) == [("squad in clear", 0, "CEN-TER-1")]
    assert terrain_casualty_modifier(m, light) == [("squad in light woods", -1, "CEN-TER-1")]
    assert terrain_casualty_modifier(m, heavy, crater=True) == [("squad in heavy woods", -2, "CEN-TER-1"),
                                                                ("squad in a crater", -2, "CEN-CRT-1")]


@pytest.mark.parametrize("men, losses, started, result", [
    (8, 3, 8, (5, 3, False)), (8, 5, 8, (0, 5, True)), (8, [2, 2], 8, (4, 4, False)),
    (6, 2, 8, (4, 4, False)), (6, 3, 8, (0, 5, True)), (6, 1, 6, (5, 1, False)),
    (3, 3, 3, (0, 3, True)), (8, 0, 8, (8, 0, False)), (8, 12, 8, (0, 8, True))])
def test_INF1_losses_destroy_a_squad_at_5_killed(men, losses, started, result):
    """book-a §14.1: a squad is destroyed at 5 killed, counted from the men it started the battle with (8 by
    default); one with no man left is gone too."""
    r = apply_losses(men, losses, started_with=started)
    assert (r.men, r.killed, r.destroyed) == result


def test_INF1_bad_losses_are_refused():
    for men, losses, started in ((8, -1, 8), (9, 0, 9), (8, 0, 7), (-1, 0, 8)):
        with pytest.raises(ValueError, match="CEN-CMB-1"):
            apply_losses(men, losses, started_with=started)
    assert apply_losses(8, 1).killed == 1  # started_with defaults to 8


def test_INF1_riders_roll_once_a_hit_twice_when_it_grounds():
    """book-a §16.2: a d10 of men killed each time the vehicle is hit; a hit forcing a grounding rolls twice."""
    assert [r.result for r in rider_losses(Dice.scripted([4]))] == [4]
    assert [r.result for r in rider_losses(Dice.scripted([4, 2]), forced_grounding=True)] == [4, 2]
    rolls = rider_losses(Dice.scripted([1, 2, 3]), hits=3)
    assert len(rolls) == 3 and all(r.rule == "CEN-CMB-1" and "riding outside" in r.purpose for r in rolls)


# --- a squad's action (book-a §16.3-16.5, §14.2, §10.3) --------------------------------------------------------

FIELD = map_from_rows(["......."] * 24 + [".l....."])  # 7 x 25, light woods in 0225
SQ = from_offset(4, 20)


def squad(**kw) -> SquadView:
    return SquadView("sq", kw.pop("hex", SQ), **kw)


def near(rows_up: int, **kw) -> TargetView:
    return TargetView(kw.pop("key", "t"), from_offset(4, 20 - rows_up), kw.pop("facing", 3), **kw)


def no(r, rule, *words):
    assert isinstance(r, Refusal), r
    assert r.rule == rule, r
    for w in words:
        assert w in r.reason, (w, r)


def test_INF1_personal_weapons_against_each_kind_of_target():
    """book-a §16.3: 1/2/3 attacks; vs infantry the squad's IWF row, no terrain or shield; vs a building its IWF
    template; vs a vehicle the shield of the side struck and the terrain; range 3 at most."""
    men = squad(men=6)
    a = squad_fire(FIELD, men, SquadAction("personal", near(2, kind="infantry")))
    assert (a.squad, a.action, a.range, a.attacks, a.casualty_row, a.template) == (men, "personal", 2, 2, "IWF7",
                                                                                   None)
    assert a.to_hit.value == 11 and a.to_hit.terms[-1].value == 0 and "infantry" in a.to_hit.terms[-1].label
    b = squad_fire(FIELD, squad(moved=True), SquadAction("personal", near(3, kind="building")))
    assert (b.action, b.range, b.attacks, b.template, b.casualty_row) == ("personal", 3, 1, "IWF9", None)
    assert b.to_hit.value == 11 and "building" in b.to_hit.terms[-1].label
    v = squad_fire(FIELD, squad(), SquadAction("personal", near(2, shields={"front": 3}, crater=True)))
    assert (v.side, v.template, v.attacks) == ("front", "IWF9", 2) and v.to_hit.value == 11 - 3 - 2
    painted = squad_fire(FIELD, squad(), SquadAction("personal", near(2, shields={"front": 3}, painted=True)))
    assert painted.to_hit.value == 11
    no(squad_fire(FIELD, squad(), SquadAction("personal", near(4))), "CEN-CMB-1", "reach 3", "at 4")


def test_INF1_close_assault_in_the_same_hex():
    """book-a §14.2/§16.3: same hex: 3 attacks (2 after moving), base 12, any location but the bottom (by default
    the weakest shield), terrain and craters ignored, painting negates the shield."""
    t = TargetView("t", SQ, 0, shields={"front": 5, "left": 2, "right": 4, "stern": 3}, crater=True)
    a = squad_fire(FIELD, squad(), SquadAction("personal", t))
    assert (a.range, a.attacks, a.side, a.close_assault, a.template) == (0, 3, "left", True, "IWF9")
    assert a.to_hit.value == 12 - 2
    turret = squad_fire(FIELD, squad(moved=True), SquadAction("personal", t, location="turret"))
    assert (turret.side, turret.attacks, turret.to_hit.value) == ("turret", 1, 12 - 5)  # turret uses the front
    even = TargetView("t", SQ, 0, shields={"front": 3, "left": 3, "right": 3, "stern": 3})
    assert squad_fire(FIELD, squad(), SquadAction("personal", even)).side == "stern"
    painted = TargetView("t", SQ, 0, shields={"front": 5}, painted=True)
    assert squad_fire(FIELD, squad(), SquadAction("personal", painted, location="front")).to_hit.value == 12
    no(squad_fire(FIELD, squad(), SquadAction("personal", t, location="bottom")), "CEN-CMB-1", "never the bottom")


def test_INF1_tvlgs():
    """book-a §16.4: a TVLG squad fires 1 to its TVLGs (by strength, or fewer left), range 6, never at infantry."""
    t = near(5, shields={"front": 2})
    a = squad_fire(FIELD, squad(men=3), SquadAction("tvlg", t))
    assert (a.action, a.attacks, a.template, a.side, a.range) == ("tvlg", 3, "TVLG", "front", 5)
    assert a.to_hit.value == 10 - 2
    assert squad_fire(FIELD, squad(tvlgs_left=2), SquadAction("tvlg", t)).attacks == 2
    assert squad_fire(FIELD, squad(), SquadAction("tvlg", t, count=1)).attacks == 1
    b = squad_fire(FIELD, squad(), SquadAction("tvlg", near(5, kind="building")))
    assert (b.template, b.attacks, b.to_hit.value) == ("TVLG", 4, 10)
    no(squad_fire(FIELD, squad(), SquadAction("tvlg", t, count=5)), "CEN-CMB-1", "1 to 4", "5")
    no(squad_fire(FIELD, squad(), SquadAction("tvlg", t, count=0)), "CEN-CMB-1", "1 to 4")
    no(squad_fire(FIELD, squad(), SquadAction("tvlg", near(7))), "CEN-CMB-1", "reaches 6", "at 7")
    no(squad_fire(FIELD, squad(), SquadAction("tvlg", near(2, kind="infantry"))), "CEN-CMB-1", "never")
    no(squad_fire(FIELD, squad(kind="mortar"), SquadAction("tvlg", t)), "CEN-CMB-1", "only a TVLG squad")


def test_INF1_mortars_direct_and_indirect():
    """book-a §16.5: mortar squads, 3 men a mortar; direct: no shield, terrain counts, crater -2; vs infantry the
    mortar row; vs vehicles and buildings IWF7; indirect only at a painted target."""
    m = squad(kind="mortar")
    t = near(10, shields={"front": 6}, crater=True)
    a = squad_fire(FIELD, m, SquadAction("mortar", t))
    assert (a.action, a.attacks, a.template, a.side, a.indirect) == ("mortar", 2, "IWF7", "front", False)
    assert a.to_hit.value == 9 - 2  # range 10: base 9
    inf = squad_fire(FIELD, m, SquadAction("mortar", near(10, kind="infantry"), count=1))
    assert (inf.casualty_row, inf.attacks, inf.template) == ("mortar", 1, None)
    bld = squad_fire(FIELD, m, SquadAction("mortar", near(10, kind="building")))
    assert (bld.template, bld.to_hit.value) == ("IWF7", 9)
    woods = squad_fire(FIELD, squad(kind="mortar", hex=from_offset(2, 20)),
                       SquadAction("mortar", TargetView("w", from_offset(2, 25), 0)))
    assert woods.to_hit.value == 10 - 1
    ind = squad_fire(FIELD, m, SquadAction("mortar_indirect", near(10, painted=True)))
    assert ind.indirect is True and any("indirect" in x.label for x in ind.to_hit.terms)
    ind_inf = squad_fire(FIELD, m, SquadAction("mortar_indirect", near(10, kind="infantry", painted=True)))
    assert ind_inf.indirect is True and ind_inf.casualty_row == "mortar"
    no(squad_fire(FIELD, m, SquadAction("mortar_indirect", near(10))), "CEN-CMB-1", "painted")
    no(squad_fire(FIELD, squad(), SquadAction("mortar_indirect", near(10, painted=True))), "CEN-CMB-1",
       "only a mortar squad")
    no(squad_fire(FIELD, squad(), SquadAction("mortar", t)), "CEN-CMB-1", "only a mortar squad")
    no(squad_fire(FIELD, squad(kind="mortar", men=2), SquadAction("mortar", t)), "CEN-CMB-1", "2 men")
    no(squad_fire(FIELD, m, SquadAction("mortar", t, count=3)), "CEN-CMB-1", "1 to 2", "3")
    far = squad(kind="mortar", hex=from_offset(4, 24))
    no(squad_fire(FIELD, far, SquadAction("mortar", TargetView("f", from_offset(4, 3), 0))), "CEN-CMB-1",
       "reaches 20", "at 21")


def test_INF1_the_ap_mortar_round():
    """book-a §16.5: at a hex a friendly unit sees, range 20, no shield or terrain, the mortar row."""
    m = squad(kind="mortar")
    a = squad_fire(FIELD, m, SquadAction("mortar_ap", target_hex=from_offset(4, 15)))
    assert (a.action, a.range, a.attacks, a.casualty_row) == ("mortar_ap", 5, 2, "mortar")
    assert a.to_hit.value == 10 and a.to_hit.terms[-1].rule == "CEN-CMB-1"
    via_target = squad_fire(FIELD, m, SquadAction("mortar_ap", near(4), count=1))
    assert (via_target.range, via_target.attacks) == (4, 1)
    no(squad_fire(FIELD, squad(), SquadAction("mortar_ap", target_hex=from_offset(4, 15))), "CEN-CMB-1", "mortar")
    no(squad_fire(FIELD, squad(kind="mortar", men=2), SquadAction("mortar_ap", target_hex=from_offset(4, 15))),
       "CEN-CMB-1", "2 men")
    no(squad_fire(FIELD, m, SquadAction("mortar_ap")), "CEN-CMB-1", "hex of the map")
    no(squad_fire(FIELD, m, SquadAction("mortar_ap", target_hex=from_offset(4, 15), count=3)), "CEN-CMB-1",
       "1 to 2")
    hidden = map_from_rows(["......."] * 17 + ["...h..."] + ["......."] * 7)
    no(squad_fire(hidden, m, SquadAction("mortar_ap", target_hex=from_offset(4, 15))), "CEN-LOS-1", "sees the hex")
    seen = squad_fire(hidden, m, SquadAction("mortar_ap", target_hex=from_offset(4, 15), observed=True))
    assert seen.casualty_row == "mortar"


def test_INF1_who_may_act_and_what_is_a_target():
    """book-a §16.1: one action of the list; a mounted squad rides (CEN-MNT-1); a concealed one waits; a squad with
    no man left does nothing; infantry inside a building is not a target (§10.3); sight is needed (CEN-LOS-1)."""
    t = near(2)
    no(squad_fire(FIELD, squad(), SquadAction("dance", t)), "CEN-CMB-1", "personal, tvlg, mortar")
    no(squad_fire(FIELD, squad(mounted=True), SquadAction("personal", t)), "CEN-MNT-1", "mounted")
    no(squad_fire(FIELD, squad(concealed=True), SquadAction("personal", t)), "CEN-CMB-1", "concealed")
    no(squad_fire(FIELD, squad(men=0), SquadAction("personal", t)), "CEN-CMB-1", "no men")
    no(squad_fire(FIELD, squad(), SquadAction("personal")), "CEN-CMB-1", "personal: name a target")
    no(squad_fire(FIELD, squad(), SquadAction("personal", TargetView("x", from_offset(40, 40), 0))), "HEX-4")
    no(squad_fire(FIELD, squad(), SquadAction("personal", near(1, kind="infantry", in_building=True))), "CEN-CMB-1",
       "inside a building")
    hidden = map_from_rows(["......."] * 18 + ["...h..."] + ["......."] * 6)
    no(squad_fire(hidden, squad(), SquadAction("personal", near(2))), "CEN-LOS-1", "infantry fire needs sight")
    assert not isinstance(squad_fire(hidden, squad(level=3), SquadAction("personal", near(2))), Refusal)
    assert not isinstance(squad_fire(hidden, squad(), SquadAction("personal", near(2, level=3))), Refusal)
    no(squad_fire(FIELD, squad(), SquadAction("paint")), "CEN-CMB-1", "painting needs a target")
    p = squad_fire(FIELD, squad(men=5), SquadAction("paint", near(4)))
    assert (p.action, p.range, p.attacks, p.to_hit.value, p.side) == ("paint", 4, 1, 6, "front")
    no(squad_fire(FIELD, squad(), SquadAction("paint", near(7))), "CEN-CMB-1", "beyond 6")


ACTIONS_TABLE = [
    (squad(), SquadAction("personal", near(2, kind="infantry"))),
    (squad(), SquadAction("personal", near(3, kind="building"))),
    (squad(), SquadAction("personal", near(2, shields={"front": 3, "left": 6, "right": 6, "stern": 6}))),
    (squad(), SquadAction("personal", TargetView("t", SQ, 0, shields={"front": 5}))),
    (squad(), SquadAction("tvlg", near(5, shields={"front": 2, "left": 6, "right": 6, "stern": 6}))),
    (squad(), SquadAction("tvlg", near(5, kind="building"))),
    (squad(kind="mortar"), SquadAction("mortar", near(10, kind="infantry"))),
    (squad(kind="mortar"), SquadAction("mortar", near(10, kind="building"))),
    (squad(kind="mortar"), SquadAction("mortar", near(10, shields={"front": 4}))),
    (squad(kind="mortar"), SquadAction("mortar_ap", target_hex=from_offset(4, 15))),
    (squad(), SquadAction("paint", near(4))),
]


@pytest.mark.parametrize("who, act", ACTIONS_TABLE)
def test_INF1_every_squad_attack_says_who_what_how_far_and_every_term_names_its_rule(who, act):
    """book-a §16: a checked action keeps the squad, the action and the range; every to-hit term names a rule."""
    a = squad_fire(FIELD, who, act)
    assert not isinstance(a, Refusal), a
    where = act.target_hex or act.target.hex
    assert (a.squad, a.action, a.range) == (who, act.action, distance(who.hex, where))
    assert a.attacks >= 1
    for t in a.to_hit.terms:
        assert isinstance(t.label, str) and t.label and t.rule.startswith(("CEN-", "DIE-"))
    if act.target is not None and act.target.kind == "vehicle" and act.target.hex != who.hex:
        assert a.side == "front"  # the side facing the squad, even when the others are weaker or stronger
        if act.action != "paint":  # painting: 9 - casualties (book-a §7.3)
            shield = act.target.shields.get("front", 0) if act.action != "mortar" else 0  # no shield vs a mortar
            assert a.to_hit.value == base_to_hit(a.range) - shield
    if act.target is not None and act.target.kind == "building":
        assert "building" in a.to_hit.terms[-1].label
