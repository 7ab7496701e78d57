"""Infantry combat: the casualties table, personal weapons, TVLGs, mortars, close assault, losses (book-a §16)."""

from fractions import Fraction

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.data.infantry_damage import casualty_table
from centurion.dice import Dice
from centurion.hexgrid import from_offset
from centurion.rules import Refusal
from centurion.rules.infantry_fire import (
    SquadAction,
    SquadAttack,
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

SHIELDS = {"front": 7, "left": 6, "right": 6, "stern": 5, "bottom": 3}


def field(marks=None, columns=9, rows=14):
    terrain = [["."] * columns for _ in range(rows)]
    for (c, r), ch in (marks or {}).items():
        terrain[r - 1][c - 1] = ch
    return map_from_rows(["".join(r) for r in terrain])


# --- the Infantry Damage Table (book-a §16.6) ------------------------------------------------------------

def test_casualties_table_rows_by_weapon_damage():
    assert [infantry_casualties(20, r) for r in range(-1, 11)] == [0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 4, 5]
    assert [infantry_casualties(15, r) for r in range(-1, 11)] == [0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 4]
    assert infantry_casualties(12, 10) == 4 and infantry_casualties(10, 10) == 3
    assert infantry_casualties(9, 5) == 1 and infantry_casualties(8, 6) == 1
    assert infantry_casualties(2, 6) == 1 and infantry_casualties(1, 6) == 0 and infantry_casualties(1, 7) == 1


def test_rows_7_to_3_are_one_row():
    for dmg in (3, 4, 5, 6, 7):
        assert [infantry_casualties(dmg, r) for r in range(-1, 11)] == [0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2]


def test_iwf_and_special_rows():
    assert infantry_casualties("IWF9", 6) == 4 and infantry_casualties("IWF9", 3) == 1
    assert infantry_casualties("IWF7", 10) == 4 and infantry_casualties("IWF5", 5) == 1
    assert infantry_casualties("IWF3", 6) == 1 and infantry_casualties("IWF1", 7) == 1
    assert infantry_casualties("mortar", 1) == 1 and infantry_casualties("mortar", 10) == 5
    assert infantry_casualties("AP laser", 10) == 7 and infantry_casualties("HAFE-I", 0) == 1
    assert infantry_casualties("minefield", 10) == 8


def test_rolls_outside_the_table_read_as_its_ends():
    assert infantry_casualties(20, -7) == infantry_casualties(20, -1) == 0
    assert infantry_casualties(20, 14) == infantry_casualties(20, 10) == 5
    assert infantry_casualties("mortar", 11) == 5


def test_unknown_row_names_the_rule():
    with pytest.raises(ValueError, match="CEN-CMB-1.*no row"):
        infantry_casualties(11, 5)


def test_no_row_ever_kills_fewer_men_for_a_higher_roll():
    t = casualty_table()
    for key in t.rows:
        vals = [t.killed(key, r) for r in range(-3, 13)]
        assert vals == sorted(vals)


def test_casualty_row_of_vehicle_weapons():
    v = vehicle_types()
    laser = next(w for w in v["horatius"].weapons if "laser" in w.type)
    gauss = next(w for w in v["horatius"].weapons if "Gauss" in w.type)
    assert casualty_row(laser) == "8" and casualty_row(gauss) == "15"
    assert casualty_row(next(w for w in v["viper"].weapons if "Gauss" in w.type)) == "7"  # 25mm reads the 7-3 row
    smlm = next(w for w in v["horatius"].weapons if "SMLM" in w.type)
    with pytest.raises(ValueError, match="missiles never"):
        casualty_row(smlm)


def test_casualty_roll_adds_the_terrain_and_logs_exact_odds():
    m = field({(3, 3): "h"})
    terms = terrain_casualty_modifier(m, from_offset(3, 3))
    assert [t[1] for t in terms] == [-2]
    res = casualty_roll(Dice.scripted([8]), "IWF9", terms)
    assert res.modified == 6 and res.killed == 4
    assert res.odds == casualty_odds("IWF9", -2)
    assert sum(res.odds.values()) == 1
    # IWF9 at -2: faces 1..5 -> -1..3 -> 0,0,0,0,1; 6 -> 4 -> 2; 7 -> 3; 8..10 -> 4
    assert res.odds == {0: Fraction(4, 10), 1: Fraction(1, 10), 2: Fraction(1, 10), 3: Fraction(1, 10),
                        4: Fraction(3, 10)}
    assert terrain_casualty_modifier(m, from_offset(5, 5), crater=True)[-1][1] == -2


# --- personal weapons, TVLGs, mortars (book-a §16.3-16.5) ------------------------------------------------

def test_strength_table_templates_tvlgs_mortars():
    assert [squad_strength(n).template for n in range(8, 0, -1)] == ["IWF9", "IWF7", "IWF7", "IWF5", "IWF5",
                                                                     "IWF3", "IWF3", "IWF1"]
    assert [squad_strength(n).tvlgs for n in range(8, 0, -1)] == [4, 4, 4, 4, 4, 3, 2, 1]
    assert [squad_strength(n).mortars for n in range(8, 0, -1)] == [2, 2, 2, 1, 1, 1, 0, 0]
    assert squad_strength(0) is None


def test_squad_strength_lives_only_in_infantry_yaml_and_bad_entries_are_named(tmp_path):
    import shutil

    from centurion.data import data_dir
    from centurion.data.infantry_damage import load_casualty_table
    from centurion.data.yamlfile import DataError

    shutil.copy(data_dir() / "infantry_damage.yaml", tmp_path / "infantry_damage.yaml")
    text = (data_dir() / "infantry.yaml").read_text(encoding="utf-8")
    (tmp_path / "infantry.yaml").write_text(text, encoding="utf-8")
    assert load_casualty_table(tmp_path / "infantry_damage.yaml").strength == casualty_table().strength
    (tmp_path / "infantry.yaml").write_text(text.replace("3: {template: IWF3", "3: {template: IWF4"), encoding="utf-8")
    with pytest.raises(DataError, match=r"infantry\.yaml.*'3'.*template.*IWF4"):
        load_casualty_table(tmp_path / "infantry_damage.yaml")
    (tmp_path / "infantry.yaml").write_text(text.replace("  1: {template: IWF1", "  one: {template: IWF1"),
                                           encoding="utf-8")
    with pytest.raises(DataError, match="one.*a number of men 1-8"):
        load_casualty_table(tmp_path / "infantry_damage.yaml")


def test_personal_weapon_attacks_1_2_3():
    assert personal_weapon_attacks(moved=True) == 1
    assert personal_weapon_attacks(moved=False) == 2
    assert personal_weapon_attacks(moved=False, same_hex=True) == 3
    assert personal_weapon_attacks(moved=True, same_hex=True) == 1


def test_personal_weapons_at_a_vehicle_use_shields_terrain_and_the_iwf_template_by_strength():
    m = field({(5, 5): "l"})
    tank = TargetView("tank", from_offset(5, 5), 0, shields=SHIELDS)  # facing north: the squad is ahead
    squad = SquadView("s", from_offset(5, 3), men=6)
    a = squad_fire(m, squad, SquadAction("personal", tank))
    assert isinstance(a, SquadAttack)
    assert (a.attacks, a.template, a.side, a.to_hit.value) == (2, "IWF7", "front", 11 - 7 - 1)
    moved = squad_fire(m, SquadView("s", from_offset(5, 3), men=8, moved=True), SquadAction("personal", tank))
    assert (moved.attacks, moved.template) == (1, "IWF9")
    far = squad_fire(m, SquadView("s", from_offset(5, 1), men=8), SquadAction("personal", tank))
    assert isinstance(far, Refusal) and "3 hexes" in far.reason


def test_personal_weapons_at_infantry_no_terrain_no_shields_casualty_row_by_strength():
    m = field({(5, 5): "h"})
    enemy = TargetView("e", from_offset(5, 5), kind="infantry")
    a = squad_fire(m, SquadView("s", from_offset(5, 3), men=3), SquadAction("personal", enemy))
    assert (a.to_hit.value, a.casualty_row, a.template) == (11, "IWF3", None)


def test_close_assault_three_attacks_any_location_but_bottom_terrain_ignored():
    m = field({(5, 5): "h"})
    tank = TargetView("tank", from_offset(5, 5), 0, shields=SHIELDS, crater=True)
    squad = SquadView("s", from_offset(5, 5))
    a = squad_fire(m, squad, SquadAction("personal", tank))
    assert a.close_assault and a.attacks == 3 and a.side == "stern" and a.to_hit.value == 12 - 5
    t = squad_fire(m, squad, SquadAction("personal", tank, location="turret"))
    assert t.side == "turret" and t.to_hit.value == 12 - 7  # the turret takes the front shield
    r = squad_fire(m, squad, SquadAction("personal", tank, location="bottom"))
    assert isinstance(r, Refusal) and "never the bottom" in r.reason


def test_tvlg_squad_fires_its_remaining_tvlgs_not_at_infantry_not_beyond_6():
    m = field()
    tank = TargetView("tank", from_offset(5, 6), 3, shields=SHIELDS)
    a = squad_fire(m, SquadView("s", from_offset(5, 10), men=3), SquadAction("tvlg", tank))
    assert (a.attacks, a.template, a.to_hit.value) == (3, "TVLG", 10 - 7)
    r = squad_fire(m, SquadView("s", from_offset(5, 10), men=3), SquadAction("tvlg", tank, count=4))
    assert isinstance(r, Refusal) and "1 to 3" in r.reason
    r = squad_fire(m, SquadView("s", from_offset(5, 10)), SquadAction("tvlg", TargetView("i", tank.hex, kind="infantry")))
    assert isinstance(r, Refusal) and "never fire at infantry" in r.reason
    r = squad_fire(m, SquadView("s", from_offset(5, 13)), SquadAction("tvlg", tank))
    assert isinstance(r, Refusal) and "6 hexes" in r.reason
    painted = TargetView("tank", tank.hex, 3, shields=SHIELDS, painted=True)
    assert squad_fire(m, SquadView("s", from_offset(5, 10)), SquadAction("tvlg", painted)).to_hit.value == 10


def test_mortar_direct_no_shield_iwf7_against_vehicles_mortar_row_against_infantry():
    m = field({(5, 2): "l"})
    tank = TargetView("tank", from_offset(5, 2), 3, shields=SHIELDS)
    squad = SquadView("m", from_offset(5, 13), kind="mortar")
    a = squad_fire(m, squad, SquadAction("mortar", tank))
    assert (a.attacks, a.template, a.to_hit.value) == (2, "IWF7", 8 - 1)
    inf = squad_fire(m, squad, SquadAction("mortar", TargetView("i", from_offset(5, 2), kind="infantry")))
    assert (inf.casualty_row, inf.to_hit.value) == ("mortar", 8)
    five = squad_fire(m, SquadView("m", from_offset(5, 13), men=5, kind="mortar"), SquadAction("mortar", tank))
    assert five.attacks == 1
    two = squad_fire(m, SquadView("m", from_offset(5, 13), men=2, kind="mortar"), SquadAction("mortar", tank))
    assert isinstance(two, Refusal)


def test_mortar_indirect_needs_a_painted_target_not_sight():
    m = field({(5, 10): "h"})
    squad = SquadView("m", from_offset(5, 13), kind="mortar")
    tank = TargetView("tank", from_offset(5, 3), 3, shields=SHIELDS)
    assert isinstance(squad_fire(m, squad, SquadAction("mortar", tank)), Refusal)  # no sight over the woods
    assert isinstance(squad_fire(m, squad, SquadAction("mortar_indirect", tank)), Refusal)  # not painted
    painted = TargetView("tank", tank.hex, 3, shields=SHIELDS, painted=True)
    a = squad_fire(m, squad, SquadAction("mortar_indirect", painted))
    assert a.indirect and a.template == "IWF7" and a.to_hit.value == 9


def test_mortar_ap_round_needs_an_observer_and_ignores_terrain():
    m = field({(5, 10): "h", (5, 3): "h"})
    squad = SquadView("m", from_offset(5, 13), kind="mortar")
    r = squad_fire(m, squad, SquadAction("mortar_ap", target_hex=from_offset(5, 3)))
    assert isinstance(r, Refusal) and r.rule == "CEN-LOS-1"
    a = squad_fire(m, squad, SquadAction("mortar_ap", target_hex=from_offset(5, 3), observed=True))
    assert a.casualty_row == "mortar" and a.to_hit.value == 9  # range 10, heavy woods ignored


def test_mounted_or_concealed_squads_do_not_fire():
    m = field()
    tank = TargetView("tank", from_offset(5, 6), 3, shields=SHIELDS)
    r = squad_fire(m, SquadView("s", from_offset(5, 8), mounted=True), SquadAction("personal", tank))
    assert isinstance(r, Refusal) and r.rule == "CEN-MNT-1"
    assert isinstance(squad_fire(m, SquadView("s", from_offset(5, 8), concealed=True),
                                 SquadAction("tvlg", tank)), Refusal)


def test_infantry_in_a_building_cannot_be_attacked():
    m = field()
    hidden = TargetView("i", from_offset(5, 6), kind="infantry", in_building=True)
    r = squad_fire(m, SquadView("s", from_offset(5, 8)), SquadAction("personal", hidden))
    assert isinstance(r, Refusal) and "building" in r.reason


# --- losses (book-a §14.1, §16.2) -------------------------------------------------------------------------

def test_a_squad_is_destroyed_at_5_killed():
    assert apply_losses(8, [2, 2]) == apply_losses(8, 4)
    assert apply_losses(8, 4).men == 4 and not apply_losses(8, 4).destroyed
    assert apply_losses(8, [3, 2]).destroyed and apply_losses(8, 5).men == 0
    assert apply_losses(6, 2).killed == 4 and not apply_losses(6, 2).destroyed
    assert apply_losses(6, 3).destroyed
    # a squad that started the battle with 4 men is gone only when all 4 fall
    assert not apply_losses(4, 3, started_with=4).destroyed and apply_losses(4, 4, started_with=4).destroyed


def test_riders_outside_lose_a_d10_of_men_per_hit_twice_on_a_forced_grounding():
    dice = Dice.scripted([3, 7, 2])
    assert [r.result for r in rider_losses(dice)] == [3]
    assert [r.result for r in rider_losses(dice, forced_grounding=True)] == [7, 2]
    assert all(r.rule == "CEN-CMB-1" for r in dice.log)
