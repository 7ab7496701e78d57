"""Record sheets as data (CEN-REC-1): the Viper exactly as E1, the weapons table, construction (book-b 16.5),
internal layouts (book-a 13.1), infantry squads, templates labelled unverified; malformed files named."""

from __future__ import annotations

from pathlib import Path

import pytest

from centurion.data import DataError, data_dir, vehicle_types
from centurion.data.vehicles import (
    COMPONENTS,
    damage_templates,
    infantry_tables,
    load_vehicle_types,
    weapon_table,
)
from centurion.rules.construction import build_grav_vehicle, engine_mass
from centurion.rules.record import RecordSheet

V = vehicle_types()
DATA = data_dir()


def test_e1_viper_record_sheet():
    viper = V["viper"]
    factors = [viper.shield_factor(f) for f in ("stern", "left", "front", "right", "bottom")]
    assert factors == [5, 4, 5, 4, 4]
    assert viper.shield_factor("turret") == 5  # the turret uses the front
    assert dict(viper.armor) == {"front": 50, "turret": 50, "left": 40, "right": 40, "stern": 40, "bottom": 20}
    sheet = RecordSheet.of(viper, infantry_aboard=8)
    crossed = {s: sheet.armor[s].first_box for s in ("front", "turret", "left", "right", "stern", "bottom")}
    assert crossed == {"front": 50, "turret": 50, "left": 60, "right": 60, "stern": 60, "bottom": 80}
    assert [(w.type, w.location, w.damage) for w in viper.weapons] == [
        ("25mm Gauss", "turret", "T"), ("SMLM 2", "turret", "T"), ("TVLG 2", "hull 1", "T"), ("TVLG 2", "hull 2", "T")]
    assert dict(viper.missiles) == {"SMLM": 2, "TVLG": 4}
    assert (viper.smoke_charges, viper.digging_charges, viper.max_thrust, viper.infantry_capacity) == (4, 4, 8, 1)
    assert sheet.infantry_aboard == 8 and sheet.missiles_left("SMLM") == 2 and sheet.missiles_left("TVLG") == 4
    assert viper.reconstructed == ("engine",)  # everything else is the seed's


def test_weapons_table_rows():
    t = weapon_table()
    assert (t["3/6 laser"].damage, t["3/6 laser"].range, t["3/6 laser"].power, t["3/6 laser"].mass) == (8, 20, 15, 15)
    assert (t["MDC 12"].template, t["MDC 12"].power, t["MDC 12"].mass, t["MDC 12"].cost) == ("MDC12", 12, 46, 300)
    assert (t["200mm Gauss"].mass, t["200mm Gauss"].range) == (106, 15)
    assert t["150mm Gauss"].template_key("HEAP") == "HEAP 150"
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        t["150mm Gauss"].template_key("Hammerhead")  # no Hammerhead for 150/200mm (book-a 8.3)
    assert t["25mm Gauss"].template_key("Hammerhead") == "Hammerhead 25"
    assert (t["TVLG 12"].missiles, t["TVLG 12"].mass) == (12, 18)
    assert [t[f"Vulcan-{r}"].power for r in (1, 2, 3, 4)] == [5, 8, 12, 15]
    assert (t["AP laser"].range, t["GPA/E"].range) == (3, 500)


def test_templates_are_data_labelled_unverified():
    tpl = damage_templates()
    assert tpl.unverified and "unverified" in tpl.source
    assert tpl["MDC8"] == (5, 3) and tpl["HEAP 150"] == (5, 3, 3, 1, 1, 1, 1) and tpl["SMLM"] == (9, 5, 3, 1)
    t = weapon_table()
    for spec in t.weapons.values():  # every template weapon has its template
        if spec.family == "gauss":
            for shell in spec.shells:
                assert spec.template_key(shell) in tpl.shapes
        elif spec.damage == "T":
            assert spec.template in tpl.shapes


def test_book_b_16_5_medium_tank_construction():
    c = build_grav_vehicle(
        engine=1500, shields={"front": 70, "stern": 70, "left": 50, "right": 50, "bottom": 10},
        armor={"front": 90, "turret": 90, "left": 60, "right": 60, "stern": 70, "bottom": 40},
        weapons=[("200mm Gauss", "turret"), ("Vulcan-3", "turret"), ("1.5/3 laser", "hull 1"),
                 ("1.5/3 laser", "hull 2"), ("SMLM 2", "hull 1"), ("SMLM 2", "hull 2"), ("TVLG 4", "hull 1"),
                 ("TVLG 4", "hull 2")], weapon_table=weapon_table().weapons)
    assert (c.subtotal_power, c.subtotal_mass) == (156, 240)
    assert (c.power, c.mass, c.thrust) == (408, 267, 4)
    assert c.cost == 1_404_750 and c.scenario_points == 15
    assert engine_mass(1500) == 28 and engine_mass(450) == 1 and engine_mass(1200) == 16 and engine_mass(2500) == 68
    with pytest.raises(ValueError, match="CEN-REC-1"):
        engine_mass(1525)


# The Maximum Thrust the book prints (E1 Viper 8; E3 Horatius 6; E23 Liberator 6). Every engine rating in
# data/vehicles.yaml is reconstructed, so only these printed thrusts are an oracle (T3); Trajan's and Lupus's
# thrust are reconstructed too, so checking them would be agreement by construction.
BOOK_THRUST = {"viper": 8, "horatius": 6, "liberator": 6}


@pytest.mark.parametrize("key", sorted(BOOK_THRUST))
def test_reconstructed_engines_give_the_thrust_the_book_prints(key):
    v = V[key]
    c = build_grav_vehicle(engine=v.engine, shields=v.shields, armor=v.armor,
                           weapons=[(w.type, w.location) for w in v.weapons], weapon_table=weapon_table().weapons,
                           infantry_bay=bool(v.infantry_capacity), digging=v.digging_charges > 0)
    assert c.thrust == v.max_thrust == BOOK_THRUST[key]
    assert "engine" in v.reconstructed and "max_thrust" not in v.reconstructed and v.sources


def test_numbers_the_sources_give():
    hor, lib = V["horatius"], V["liberator"]
    assert (hor.max_thrust, hor.shield_factor("left"), hor.armor["front"]) == (6, 6, 80)  # E3, E16, E22
    assert {w.type for w in hor.weapons} >= {"SMLM 2", "3/6 laser", "150mm Gauss"}  # E20
    assert (lib.max_thrust, lib.shield_factor("right")) == (6, 5)  # E23, E20
    assert "max_thrust" not in hor.reconstructed and "armor.front" not in hor.reconstructed
    assert V["heavy_tank"].kind == "ground" and V["heavy_tank"].movement_points == 4 and not V["heavy_tank"].shields
    for key in ("trajan", "lupus"):
        assert {"armor", "shields", "weapons", "max_thrust"} <= set(V[key].reconstructed)
    for v in V.values():
        assert len(v.weapons) <= 8
        ballistic = [w for w in v.weapons if weapon_table()[w.type].family in ("mdc", "gauss")]
        assert len(ballistic) <= 2  # book-b 16.3
        assert all(w.type != "Vulcan-2" or w.location == "turret" for w in v.weapons)


def test_internal_layout_follows_book_a_13():
    grav = V["viper"].internals
    names = {c for _s, c in grav.components()}
    assert names >= {"comm", "targeting", "gunner", "commander", "driver", "turret_weapons", "vehicle_destroyed",
                     "shield_1", "shield_2", "thrust_quarter", "thrust_half", "thrust_three_quarters", "infantry",
                     "vane", "ammo", "tsr_1", "tsr_2", "hull_weapons_1", "hull_weapons_2", "digging", "grav_drive"}
    ground = V["heavy_tank"].internals
    assert {c for _s, c in ground.components()} >= {"engine", "mobility", "helm", "driver"}
    assert not {"grav_drive", "shield_1", "vane"} & {c for _s, c in ground.components()}
    assert set(COMPONENTS) == names | {c for _s, c in ground.components()}
    for s in ("front", "left", "right", "stern", "bottom"):  # every shielded facing has two shield locations
        assert (s, "shield_1") in grav.boxes and (s, "shield_2") in grav.boxes
    assert {s for s, c in grav.components() if c == "ammo"} == {"left", "right", "bottom"}
    assert {s for s, c in grav.components() if c.startswith("tsr")} == {"front"}
    assert {s for s, c in grav.components() if c.startswith("thrust")} == {"stern"}
    # crossing: never between turret and stern, nor right side and bottom
    assert "stern" not in grav.neighbours["turret"] and "turret" not in grav.neighbours["stern"]
    assert "bottom" not in grav.neighbours["right"] and "right" not in grav.neighbours["bottom"]
    assert grav.neighbours["front"] == ("left", "right")
    # a tank has no infantry compartment: those boxes are ballistic protection
    assert ("stern", "infantry") not in V["horatius"].internals.boxes
    assert V["horatius"].internals.component_at("stern", 10) is None


def test_infantry_squads_as_data():
    inf = infantry_tables()
    assert (inf.men, inf.movement_points, inf.destroyed_at_killed) == (8, 3, 5)
    assert set(inf.kinds) == {"tvlg", "mortar"}
    assert (inf.kinds["tvlg"]["tvlgs"], inf.kinds["mortar"]["mortars"]) == (4, 2)
    assert [inf.strength[m].template for m in range(8, 0, -1)] == [
        "IWF9", "IWF7", "IWF7", "IWF5", "IWF5", "IWF3", "IWF3", "IWF1"]
    assert [inf.strength[m].tvlgs for m in range(8, 0, -1)] == [4, 4, 4, 4, 4, 3, 2, 1]
    assert [inf.strength[m].mortars for m in range(8, 0, -1)] == [2, 2, 2, 1, 1, 1, 0, 0]


# --- malformed files --------------------------------------------------------------------------------------------


def mutate(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA / "vehicles.yaml").read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "vehicles.yaml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def test_unknown_weapon_is_named(tmp_path):
    p = mutate(tmp_path, "{type: 25mm Gauss, location: turret", "{type: 26mm Gauss, location: turret")
    with pytest.raises(DataError, match=r"vehicles.yaml: entry 'viper', field 'weapons\[0\].type': expected a weapon "
                                        r"of the weapons table .* got '26mm Gauss' \(line \d+\)"):
        load_vehicle_types(p, DATA / "weapons.yaml")


def test_range_must_match_the_weapons_table(tmp_path):
    p = mutate(tmp_path, "{type: 25mm Gauss, location: turret, damage: T, range: 6}",
               "{type: 25mm Gauss, location: turret, damage: T, range: 8}")
    with pytest.raises(DataError, match=r"entry 'viper', field 'weapons\[0\].range': expected 6 as in the weapons"):
        load_vehicle_types(p, DATA / "weapons.yaml")


def test_internal_layout_errors_are_named(tmp_path):
    p = mutate(tmp_path, 'turret: ["WWW.XX.WWW"', 'turret: ["WWW.XX.WW?"')
    with pytest.raises(DataError, match=r"entry 'grav', field 'sections.turret': expected characters of the legend"):
        load_vehicle_types(p, DATA / "weapons.yaml")
    p = mutate(tmp_path, "sheet: [[turret, left, front, right], [bottom, stern]]\n    legend:\n      D: driver\n      C",
               "sheet: [[turret, left, front, right, bottom], [stern]]\n    legend:\n      D: driver\n      C")
    with pytest.raises(DataError, match=r"field 'sheet': expected no crossing between right and bottom"):
        load_vehicle_types(p, DATA / "weapons.yaml")


def test_armor_in_whole_rows_and_no_ground_shields(tmp_path):
    p = mutate(tmp_path, "armor: {front: 50, turret: 50", "armor: {front: 55, turret: 50")
    with pytest.raises(DataError, match=r"entry 'viper', field 'armor.front': expected whole rows of 10 boxes"):
        load_vehicle_types(p, DATA / "weapons.yaml")
    p = mutate(tmp_path, "movement_points: 4\n    armor: {front: 80, turret: 70, left: 60, right: 60, stern: 50, "
               "bottom: 40}\n    shields: {}", "movement_points: 4\n    armor: {front: 80, turret: 70, left: 60, "
               "right: 60, stern: 50, bottom: 40}\n    shields: {front: 10}")
    with pytest.raises(DataError, match=r"entry 'heavy_tank', field 'shields': expected no shields on a ground"):
        load_vehicle_types(p, DATA / "weapons.yaml")
