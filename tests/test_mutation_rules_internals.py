"""Tests that kill the mutants of centurion/rules/internals.py that survived (issue 22, docs/mutation.md).

Expected values come from book-a §13.2-14 (consciousness 8 - boxes, ammunition 7 - boxes, survival 8 - velocity,
1 man per 4 compartment points, grounding 10 a point of velocity, CEN-SEQ-3) and the layouts of
data/vehicles.yaml (which boxes hold which component); not from the code.
"""

from dataclasses import replace

import pytest

from centurion.data import vehicle_types
from centurion.dice import Dice
from centurion.rules.internals import apply_internal_damage, consciousness_target, end_phase, movement_damage
from centurion.rules.record import RecordSheet

V = vehicle_types()
VIPER = V["viper"].label


def hit(sheet: RecordSheet, section: str, component: str, n: int | None = None, skip: int = 0) -> RecordSheet:
    """The sheet with n boxes (after `skip`) of a component pending."""
    boxes = sheet.boxes_of(section, component)[skip:]
    return sheet.with_damage({}, [(section, b) for b in boxes[: n or len(boxes)]])


def rolls_are_logged(report) -> None:
    """Every roll says what it was for and names the rule."""
    for roll in report.rolls:
        assert isinstance(roll.purpose, str) and roll.purpose
        assert roll.rule == "CEN-CMB-1"
    for line in report.effects:
        assert isinstance(line, str) and line


def test_CMB1_consciousness_target_is_8_minus_boxes():
    """book-a §13.2: 8 minus the boxes lost; none lost gives 8; counts only."""
    assert [consciousness_target(n) for n in (0, 1, 3)] == [8, 7, 5]
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="CEN-CMB-1"):
            consciousness_target(bad)


def test_SEQ3_nothing_pending_nothing_happens():
    """CEN-SEQ-3: with no pending box the sheet is unchanged and the report is empty."""
    s = RecordSheet.of(V["viper"], infantry_aboard=8)
    same, rep = apply_internal_damage(s, Dice.scripted([]), velocity=5)
    assert same is s
    assert (rep.components, rep.rolls, rep.effects, rep.infantry_killed, rep.crew_killed_in_explosion,
            rep.squad_killed_in_explosion, rep.grounded_at_velocity, rep.grounding_armor) == \
        ((), (), (), 0, (), False, None, ())
    assert rep.describe() == "no internal damage"


def test_CMB1_components_count_only_the_boxes_newly_lost():
    """book-a §13.2: the report lists what this phase took, not what was lost before."""
    s = RecordSheet.of(V["viper"])
    s, _ = apply_internal_damage(hit(s, "front", "comm", 1), Dice.scripted([]))
    s, rep = apply_internal_damage(hit(s, "front", "comm", 2, skip=1), Dice.scripted([]))
    assert rep.components == (("front", "comm", 2),)
    assert s.lost("front", "comm") == 3
    assert rep.describe() == "\n".join(rep.effects)


def test_CMB1_crew_killed_outright_is_dead_since_this_turn_and_named():
    """book-a §13.2: every box of a crew member lost: dead, no roll; the log names the vehicle."""
    s = hit(RecordSheet.of(V["viper"]), "turret", "gunner")
    s, rep = apply_internal_damage(s, Dice.scripted([]), turn=4)
    assert s.crew_member("gunner").state == "dead" and s.crew_member("gunner").since_turn == 4
    assert not rep.rolls
    assert any("gunner" in line and VIPER in line for line in rep.effects)


def test_CMB1_dead_or_unconscious_crew_hit_again_roll_nothing_and_the_rest_still_roll():
    """book-a §13.2: a dead crew member is not hurt again; an unconscious one is not rolled for again;
    the other crew members hit in the same phase still roll."""
    s = RecordSheet.of(V["viper"])
    s, rep = apply_internal_damage(hit(s, "turret", "gunner", 1), Dice.scripted([9]), turn=2)  # 9 > 7: out
    assert s.crew_member("gunner").state == "unconscious"
    rolls_are_logged(rep)
    s2, rep = apply_internal_damage(hit(hit(s, "turret", "gunner", 1, skip=1), "turret", "commander", 1),
                                    Dice.scripted([1]), turn=3)
    assert len(rep.rolls) == 1 and "commander" in rep.rolls[0].purpose
    assert s2.crew_member("gunner").state == "unconscious" and s2.crew_member("gunner").since_turn == 2
    assert any("gunner" in line and "unconscious" in line for line in rep.effects)
    rolls_are_logged(rep)
    # an explosion kills the gunner with boxes still intact; a later hit on those boxes changes nothing
    s = hit(RecordSheet.of(V["viper"]), "left", "ammo", 1)
    s, rep = apply_internal_damage(s, Dice.scripted([9, 1, 9, 1]), velocity=0, turn=2)  # ammo 9 > 6; gunner dies
    assert s.crew_member("gunner").state == "dead" and s.crew_member("gunner").since_turn == 2
    s2, rep = apply_internal_damage(hit(hit(s, "turret", "gunner", 1), "turret", "commander", 1),
                                    Dice.scripted([1]), turn=3)
    assert len(rep.rolls) == 1 and "commander" in rep.rolls[0].purpose
    assert s2.crew_member("gunner").since_turn == 2
    assert not any("gunner" in line for line in rep.effects)


def test_CMB1_shield_locations_and_targeting_are_reported():
    """book-a §13.2: one shield location hit keeps the facing's shield; both drop it; Targ costs 1 a box."""
    s = RecordSheet.of(V["viper"])
    s, rep = apply_internal_damage(hit(s, "front", "shield_1", 1), Dice.scripted([]))
    assert s.shield_factor("front") == 5
    assert any("front shield" in line and "still" in line for line in rep.effects)
    s, rep = apply_internal_damage(hit(s, "front", "shield_2", 1), Dice.scripted([]))
    assert s.shield_factor("front") == 0
    assert any("front shield" in line and "down" in line for line in rep.effects)
    s, rep = apply_internal_damage(hit(RecordSheet.of(V["viper"]), "turret", "targeting", 2), Dice.scripted([]))
    assert any("Targ" in line and "-2 to hit" in line for line in rep.effects)
    rolls_are_logged(rep)


def test_CMB1_compartment_one_man_per_4_points_cumulative_and_only_when_hit():
    """book-a §13.2: 1 man a 4 points in the compartment, counted over the game; other hits kill nobody."""
    s = RecordSheet.of(V["viper"], infantry_aboard=8)
    s, rep = apply_internal_damage(hit(s, "front", "comm", 1), Dice.scripted([]))
    assert rep.infantry_killed == 0 and s.infantry_aboard == 8
    assert not any("infantry" in line for line in rep.effects)
    s, rep = apply_internal_damage(hit(s, "stern", "infantry", 4), Dice.scripted([]))
    assert rep.infantry_killed == 1 and (s.infantry_aboard, s.infantry_killed) == (7, 1)
    assert not any("all aboard" in line for line in rep.effects)
    s, rep = apply_internal_damage(hit(s, "stern", "infantry", 5, skip=4), Dice.scripted([]))  # 9 points: 2 men
    assert rep.infantry_killed == 1 and (s.infantry_aboard, s.infantry_killed) == (6, 2)
    s, rep = apply_internal_damage(hit(s, "stern", "infantry", None, skip=9), Dice.scripted([]))
    assert rep.infantry_killed == 6 and (s.infantry_aboard, s.infantry_killed) == (0, 8)
    assert any("all aboard" in line for line in rep.effects)


def test_CMB1_every_ammunition_location_hit_rolls():
    """book-a §13.2: each ammunition location hit rolls on 7 - boxes lost there."""
    s = hit(hit(RecordSheet.of(V["viper"]), "left", "ammo", 1), "right", "ammo", 2)
    s, rep = apply_internal_damage(s, Dice.scripted([1, 1]))
    assert [r.target for r in rep.rolls] == [6, 5]
    assert not s.exploded and sum("no explosion" in line for line in rep.effects) == 2
    rolls_are_logged(rep)
    assert not any("(book-a 14.1)" in line for line in rep.effects)


def test_CMB1_explosion_survival_rolls_for_the_living_crew_and_the_squad():
    """book-a §13.2: after an explosion each living crew member and the squad survive on 8 - velocity."""
    s = RecordSheet.of(V["viper"], infantry_aboard=8)
    s, _ = apply_internal_damage(hit(s, "turret", "commander"), Dice.scripted([]), turn=1)  # commander dead
    s = hit(s, "left", "ammo", 2)
    s, rep = apply_internal_damage(s, Dice.scripted([9, 2, 9, 8]), velocity=3, turn=4)  # ammo 9 > 5: explodes
    assert [r.target for r in rep.rolls] == [5, 5, 5, 5]  # ammo, gunner, driver, squad
    assert rep.crew_killed_in_explosion == ("driver",)
    assert s.crew_member("driver").state == "dead" and s.crew_member("driver").since_turn == 4
    assert s.crew_member("commander").since_turn == 1 and s.crew_member("gunner").state == "ok"
    assert rep.squad_killed_in_explosion is True
    assert (s.infantry_aboard, s.infantry_killed) == (0, 8)
    assert sum("(book-a 14.1)" in line for line in rep.effects) == 1  # destroyed, said once
    rolls_are_logged(rep)


def test_GRD1_only_grav_drive_or_vehicle_destroyed_ground_a_moving_vehicle():
    """book-a §13.2: a Grav Drive or Vehicle Destroyed hit grounds a moving vehicle, 10 a point of velocity."""
    s = RecordSheet.of(V["viper"])
    _, rep = apply_internal_damage(hit(s, "front", "comm", 1), Dice.scripted([]), velocity=4)
    assert rep.grounded_at_velocity is None and rep.grounding_armor == ()
    _, rep = apply_internal_damage(hit(s, "front", "vehicle_destroyed", 1), Dice.scripted([]), velocity=1)
    assert rep.grounded_at_velocity == 1 and len(rep.grounding_armor) == 10
    line = next(x for x in rep.effects if "grounds" in x)
    assert "10 points" in line and "internal" not in line


def test_GRD1_grounding_damage_reaches_the_internals_and_they_take_effect():
    """CEN-GRD-1/book-a §13.2: Viper bottom armor 20; grounding at v3 crosses 20 armor and 10 internal boxes,
    whose components (shields, digging) are reported with the grav drive hit."""
    s = hit(RecordSheet.of(V["viper"]), "bottom", "grav_drive", 1)
    s2, rep = apply_internal_damage(s, Dice.scripted([]), velocity=3)
    assert rep.grounded_at_velocity == 3 and len(rep.grounding_armor) == 20
    comps = {(sec, comp) for sec, comp, _n in rep.components}
    assert {("bottom", "grav_drive"), ("bottom", "digging"), ("bottom", "shield_1"), ("bottom", "shield_2")} <= comps
    assert s2.digging_left == 0 and s2.shield_factor("bottom") == 0 and not s2.pending
    line = next(x for x in rep.effects if "grounds" in x)
    assert "velocity 3" in line and "30 points" in line and "10 internal" in line
    assert any("grav drive" in x for x in rep.effects)


def test_GRD1_grounding_after_an_explosion_keeps_the_dead_and_the_rolls():
    """book-a §13.2/§3.3: an explosion and a grav drive hit in one phase: both reported."""
    s = hit(hit(RecordSheet.of(V["viper"]), "left", "ammo", 2), "bottom", "grav_drive", 1)
    s = replace(hit(s, "stern", "infantry", 4), infantry_aboard=4)
    _, rep = apply_internal_damage(s, Dice.scripted([9, 9, 1, 1, 1]), velocity=3, turn=2)
    assert rep.crew_killed_in_explosion == ("commander",)
    assert len(rep.rolls) == 5 and rep.grounded_at_velocity == 3
    assert rep.infantry_killed == 1
    assert ("left", "ammo", 2) in rep.components and ("bottom", "grav_drive", 1) in rep.components
    assert any("EXPLODES" in x for x in rep.effects) and any("grounds" in x for x in rep.effects)


def test_GRD1_grounding_hits_that_explode_roll_at_rest():
    """book-a §13.2: the grounding's own ammunition hit rolls with the vehicle at rest: survival on 8 - 0."""
    s = hit(RecordSheet.of(V["viper"], infantry_aboard=8), "bottom", "grav_drive", 1)
    s2, rep = apply_internal_damage(s, Dice.scripted([9, 9, 8, 8, 9]), velocity=4, turn=5)
    # 40 points: 20 armor, internal rows 0 and 1 (4 ammunition boxes): ammo on 7 - 4 = 3, then survival on 8
    assert [r.target for r in rep.rolls] == [3, 8, 8, 8, 8]
    assert rep.crew_killed_in_explosion == ("commander",)
    assert s2.crew_member("commander").since_turn == 5
    assert rep.squad_killed_in_explosion is True
    rolls_are_logged(rep)


def test_SEQ1_end_phase_a_failed_wake_roll_leaves_the_crew_out():
    """book-a §13.2: the wake roll is at 8 minus the boxes lost in the section; a failure keeps him out."""
    s = RecordSheet.of(V["viper"])
    s, _ = apply_internal_damage(hit(s, "turret", "gunner", 1), Dice.scripted([9]), turn=2)
    still, rolls, _ = end_phase(s, Dice.scripted([9]), turn=3)
    assert rolls[0].target == 7 and still.crew_member("gunner").state == "unconscious"
    assert "gunner" in rolls[0].purpose and rolls[0].rule == "CEN-CMB-1"


def test_SPD2_movement_damage_keeps_fire_damage_pending_and_applies_its_own():
    """CEN-SEQ-3/CEN-SPD-2: damage taken while moving applies at once; fire damage still waits."""
    s = hit(RecordSheet.of(V["viper"]), "turret", "targeting", 1)
    held = set(s.pending)
    s2, crossed, rep = movement_damage(s, "front", 53, Dice.scripted([]))
    assert set(s2.pending) == held
    assert len(crossed) == 50 and s2.tsr_lost
    assert rep.components == (("front", "tsr_1", 2),)
    # the turn is recorded on a crew member it kills: default turn 1
    s = RecordSheet.of(V["viper"])
    s2, _, rep = movement_damage(s, "front", 50 + 17, Dice.scripted([]))  # front internal rows 0-1: driver 14-16
    assert s2.crew_member("driver").state == "dead" and s2.crew_member("driver").since_turn == 1
    s2, _, rep = movement_damage(s, "front", 50 + 17, Dice.scripted([]), turn=6)
    assert s2.crew_member("driver").since_turn == 6


def test_CMB1_defaults_velocity_0_and_turn_1():
    """book-a §13.2: by default the vehicle is at rest (a grav drive hit does not ground it) in turn 1."""
    s = RecordSheet.of(V["viper"])
    _, rep = apply_internal_damage(hit(s, "bottom", "grav_drive", 1), Dice.scripted([]))
    assert rep.grounded_at_velocity is None and rep.grounding_armor == ()
    dead, _ = apply_internal_damage(hit(s, "turret", "gunner"), Dice.scripted([]))
    assert dead.crew_member("gunner").since_turn == 1


def test_CMB1_a_crew_roll_does_not_stop_the_other_components_reporting():
    """book-a §13.2: a driver hit and a shield hit in one phase: the roll is made and both are reported."""
    s = hit(hit(RecordSheet.of(V["viper"]), "front", "driver", 1), "front", "shield_2", 1)
    _, rep = apply_internal_damage(s, Dice.scripted([9]))  # 9 > 7: the driver is knocked out
    rolls_are_logged(rep)
    assert any("driver" in line and "unconscious" in line for line in rep.effects)
    assert any("front shield" in line for line in rep.effects)


def test_CMB1_compartment_and_ammunition_are_not_components_out_for_the_game():
    """book-a §13.2: the compartment kills men and the ammunition may explode; neither is 'out for the game'."""
    s = RecordSheet.of(V["viper"], infantry_aboard=8)
    _, rep = apply_internal_damage(hit(hit(s, "stern", "infantry", 4), "left", "ammo", 1), Dice.scripted([1]))
    assert not any("out for the game" in line for line in rep.effects)
    assert rep.squad_killed_in_explosion is False and rep.crew_killed_in_explosion == ()


def test_CMB1_a_shield_rated_10_has_factor_1_and_drops_to_0():
    """CEN-REC-1: shield factor = rating / 10; a facing of factor 1 whose two locations are hit is down."""
    weak = replace(V["viper"], shields={**V["viper"].shields, "front": 10})
    s = RecordSheet.of(weak)
    s, rep = apply_internal_damage(hit(hit(s, "front", "shield_1", 1), "front", "shield_2", 1), Dice.scripted([]))
    assert s.shield_factor("front") == 0
    assert any("front shield" in line and "down" in line for line in rep.effects)
    bare = replace(V["viper"], shields={**V["viper"].shields, "front": 0})
    s = RecordSheet.of(bare)
    s, rep = apply_internal_damage(hit(hit(s, "front", "shield_1", 1), "front", "shield_2", 1), Dice.scripted([]))
    assert not any("down" in line for line in rep.effects)  # nothing to lose


def test_SPD2_movement_damage_explosion_rolls_at_the_given_velocity():
    """CEN-SPD-2/book-a §13.2: movement damage that sets off the ammunition: survival on 8 - velocity (0 default)."""
    s = RecordSheet.of(V["viper"])
    # 40 points to the bottom: 20 armor, internal rows 0-1: 4 ammunition boxes, ammo on 7 - 4 = 3
    _, _, rep = movement_damage(s, "bottom", 40, Dice.scripted([9, 8, 8, 8]))
    assert [r.target for r in rep.rolls] == [3, 8, 8, 8] and rep.crew_killed_in_explosion == ()
    _, _, rep = movement_damage(s, "bottom", 40, Dice.scripted([9, 5, 6, 1]), velocity=3)
    assert [r.target for r in rep.rolls] == [3, 5, 5, 5] and rep.crew_killed_in_explosion == ("gunner",)
    assert rep.describe() == "\n".join(rep.effects) and rep.describe().count("\n") == len(rep.effects) - 1
    rolls_are_logged(rep)
