"""Opportunity fire at moves under the move variants (CEN-OPP-1 with VAR-LATERAL, VAR-MOVETYPE) and the
VAR-MOVETYPE 'burn' log line when damage on the way cut the deceleration (docs/decisions.md).

Expected values come from RULES.md (CEN-OPP-1, VAR-LATERAL, VAR-MOVETYPE, CEN-CMB-1) and docs/decisions.md's
VAR-MOVETYPE and opportunity fire paragraphs, worked out by hand in the comments.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from test_game import passive_until, with_vehicle

import centurion.game.opportunity as opportunity_module
import centurion.game.skirmish as skirmish_module
from centurion.data import map_from_rows
from centurion.dice import Dice
from centurion.game import Move, new_skirmish
from centurion.hexgrid import format_label, neighbor, to_offset
from centurion.rules import GravMove
from centurion.variants import VariantMove


def _clear_map(s, woods=()):
    """The game on an all-clear map of the scenario's size, heavy woods in the hexes `woods`; and its
    bottom-left-ish start hex (column 4, last row)."""
    cols = max(to_offset(h)[0] for h in s.battlemap.hexes)
    rows = max(to_offset(h)[1] for h in s.battlemap.hexes)
    grid = [["."] * cols for _ in range(rows)]
    for h in woods:
        c, r = to_offset(h)
        grid[r - 1][c - 1] = "h"
    s = replace(s, scenario=replace(s.scenario, map=map_from_rows(["".join(r) for r in grid])))._fresh()
    return s, next(h for h in s.battlemap.hexes if to_offset(h) == (4, rows - 1))


def _north(h, n):
    for _ in range(n):
        h = neighbor(h, 0)
    return h


# --- VAR-MOVETYPE 'burn': the log states the velocity burned as the move was carried out ------------------------

def test_VAR_MOVETYPE_the_burn_line_states_what_was_burned_when_the_driver_is_put_out_on_the_way(monkeypatch):
    # A Liberator (6 TP) at velocity 7 flies 7 hexes north, one of them heavy woods (limit 6: a Piloting Skill Roll;
    # extra cost 2 under VAR-MOVETYPE, burned off the end velocity), decelerating 6. As declared: 7 - 6 = 1, of
    # which the 2 to burn take 1 (never past 0): velocity 0. The roll fails and its damage puts the driver out:
    # no thrust, so no deceleration (CEN-CMB-1), but the burn costs no thrust: 7 - 2 = 5 (docs/decisions.md,
    # VAR-MOVETYPE). The log must say 2 were burned, not the 1 of the declaration nor that it reached 0.
    s = passive_until(new_skirmish("meeting", seed=0, variants=("VAR-MOVETYPE",)), "movement", "R11")
    s, start = _clear_map(s)
    woods = _north(start, 3)
    s, start = _clear_map(s, woods=(woods,))
    s = with_vehicle(s, "R11", hex=start, facing=0, velocity=7)
    hook = opportunity_module.damage_hook

    def driver_out_hook(*args):
        mark = hook(*args)

        def marked(state, *rest):
            st, ev = mark(state, *rest)
            return replace(st, driver_out=True), ev

        return marked

    monkeypatch.setattr(opportunity_module, "damage_hook", driver_out_hook)
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([10] * 60))
    n = len(s.log)
    s = s.apply(Move("R11", VariantMove(0, "F " * 7, 6)))
    new = s.log[n:]
    assert any("Piloting Skill Roll" in line and format_label(woods) in line for line in new)
    assert s.vehicle("R11").velocity == 5
    line = next(line for line in new if "terrain surcharge" in line)
    assert f"terrain surcharge 2 VP ({format_label(woods)}): 2 burned off the end velocity [VAR-MOVETYPE]" in line
    assert "reached velocity 0" not in line


# --- CEN-OPP-1 with the move variants: the interrupted move goes on as the variant resolver resolved it --------

def _tsr_shot(key):
    """A stand-in for the shot's result: the mover's TS&R box hit, nothing else (book-a §13.2)."""
    from centurion.rules.resolution import PhaseResult

    def shot(plan, units, dice, **_kw):
        u = units[key]
        box = u.sheet.boxes_of("front", "tsr_1")[0]
        return PhaseResult((), {}, {}, {**units, key: replace(u, sheet=u.sheet.with_damage({}, [("front", box)],
                                                                                            immediate=True))})
    return shot


def _under_watch(variant: str, woods_north: int | None = None, **r11):
    """`variant` on, an all-clear map (heavy woods `woods_north` hexes north of the start, if given): R11 to move
    from the start hex facing north (`r11`: its velocity and the rest), T11 at velocity 0 on opportunity fire two
    hexes to its right front; and the start hex."""
    s = passive_until(new_skirmish("meeting", seed=0, variants=(variant,)), "movement", "R11")
    s, start = _clear_map(s)
    if woods_north is not None:
        s, start = _clear_map(s, woods=(_north(start, woods_north),))
    s = with_vehicle(s, "R11", hex=start, facing=0, **r11)
    return replace(with_vehicle(s, "T11", hex=neighbor(neighbor(start, 1), 1), facing=4, velocity=0),
                   watching=s.watching | {"T11"})._fresh(), start


def test_OPP1_a_variant_move_interrupted_by_opportunity_fire_flies_on_as_resolved(monkeypatch):
    # VAR-LATERAL on: R11 (6 TP) at 6 accelerates 5 (the shift's 1 TP makes 6) to velocity 11 on an all-clear map
    # (limit 20: no roll), flies north, shifts forward-right once after 3 straight hexes (facing kept) and flies on:
    # 11 hexes. T11, at velocity 0 on opportunity fire, hits its TS&R at the first
    # hex it can: the limits of the later hexes are halved (20 -> 10) at once (CEN-OPP-1 D: "a lost TS&R ... counts
    # for the rest of its move"), so each hex entered after the shot needs a Piloting Skill Roll at velocity 11
    # (limit 10). The rest of the move is the one the variant resolver gave: the shift stays a shift (the hexes of
    # `variant_path`, facing north throughout), and with every roll made it ends where it ended before the shot.
    import centurion.game.phases.opportunity as opportunity_phase
    from centurion.game.actions import OpportunityFire
    from centurion.game.variants import variant_path

    s, _start = _under_watch("VAR-LATERAL", velocity=6)
    monkeypatch.setattr(opportunity_phase, "resolve_opportunity_fire", _tsr_shot("R11"))
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([1] * 80))
    move = VariantMove(5, "F F F SR " + "F " * 7)
    resolved = s.resolve_variant("R11", move)
    path = variant_path(resolved)
    assert [p[1] for p in path] == [0] * 11 and len(resolved.shifts) == 1
    s = s.apply(Move("R11", move))
    assert s.phase == "opportunity" and s.vehicle("R11").hex == path[-1][0]
    n = len(s.log)
    k = min(a.step for a in s.opportunity_actions() if a.unit == "T11")
    assert k < 11
    s = s.apply(OpportunityFire("T11", "R11", k))
    rolls = [line for line in s.log[n:] if "Piloting Skill Roll" in line]
    v = s.vehicle("R11")
    assert v.sheet.tsr_lost
    assert len(rolls) == 11 - k and all("at velocity 11 (limit 10)" in r for r in rolls)  # one a hex after k
    assert [format_label(h) for h, _f in path[k:]] == [r.split("entering ")[1].split(" ")[0] for r in rolls]
    assert (v.hex, v.facing, v.velocity, v.grounded) == (path[-1][0], 0, 11, False)


def test_OPP1_a_variant_mover_grounded_by_the_shot_stops_in_the_shifted_hex_it_was_hit_in(monkeypatch):
    # as above, but the shot takes the Grav Drive: the mover grounds in the hex fired at, the first hex after its
    # lateral shift (a hex the basic engine's path never enters), facing north, velocity 0 (CEN-OPP-1 D)
    import centurion.game.phases.opportunity as opportunity_phase
    from centurion.game.actions import OpportunityFire
    from centurion.game.variants import variant_path
    from centurion.rules.resolution import PhaseResult

    s, _start = _under_watch("VAR-LATERAL", velocity=6)

    def grav_drive_shot(plan, units, dice, **_kw):
        from centurion.rules.internals import InternalReport

        return PhaseResult((), {"R11": InternalReport((), (), (), 0, (), False, 11, ())}, {}, units)

    monkeypatch.setattr(opportunity_phase, "resolve_opportunity_fire", grav_drive_shot)
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([1] * 80))
    move = VariantMove(5, "F F F SR " + "F " * 7)
    path = variant_path(s.resolve_variant("R11", move))
    s = s.apply(Move("R11", move))
    k = next(a.step for a in s.opportunity_actions() if a.unit == "T11" and a.step >= 4)
    s = s.apply(OpportunityFire("T11", "R11", k))
    v = s.vehicle("R11")
    assert (v.hex, v.facing, v.velocity, v.grounded) == (path[k - 1][0], 0, 0, True)


# --- VAR-SPEEDMOD at a hex of the move: the speed of this move, not the last one --------------------------------

def test_SPEEDMOD_OPP1_the_shot_inside_the_move_takes_the_speed_of_this_move_not_the_last(monkeypatch):
    # R11 flew its last move at 1 (recorded), then accelerates from 6 to 12 and flies 12 clear hexes. T11 on
    # opportunity fire shoots at a hex of this move: the target's speed there is 12 (VAR-SPEEDMOD 11-15: -4;
    # docs/decisions.md: a shot at a hex of an enemy's move uses the velocity it flies), not the 1 of its last move.
    from centurion.game.actions import OpportunityFire

    s, _start = _under_watch("VAR-SPEEDMOD", velocity=6, flown=1)
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([1] * 200))
    s = s.apply(Move("R11", GravMove(accelerate=6, steps="F" * 12)))
    assert s.phase == "opportunity"
    n = len(s.log)
    k = min(a.step for a in s.opportunity_actions() if a.unit == "T11")
    s = s.apply(OpportunityFire("T11", "R11", k))
    terms = [line for line in s.log[n:] if "[VAR-SPEEDMOD]" in line]
    assert terms and all("target speed 12 -4" in t for t in terms)


def test_OPP1_VAR_MOVETYPE_a_variant_mover_whose_driver_is_shot_flies_on_and_still_burns_the_surcharge(monkeypatch):
    # VAR-MOVETYPE 'burn': R11 (6 TP) at 7 flies 7 hexes north, the 5th heavy woods (extra cost 2, burned off the end
    # velocity), decelerating 6: as declared 7 - 6 = 1, 1 of the 2 burned, velocity 0. T11's opportunity shot
    # kills the driver at the first hex it can (before the woods): from there it cannot decelerate (CEN-CMB-1) but
    # the burn costs no thrust (docs/decisions.md, VAR-MOVETYPE): 7 - 2 = 5, flying, at the 7th hex.
    import centurion.game.phases.opportunity as opportunity_phase
    from centurion.game.actions import OpportunityFire
    from centurion.rules.record import CrewMember
    from centurion.rules.resolution import PhaseResult

    s, start = _under_watch("VAR-MOVETYPE", woods_north=5, velocity=7)

    def driver_shot(plan, units, dice, **_kw):
        u = units["R11"]
        crew = tuple(CrewMember(c.role, "dead") if c.role == "driver" else c for c in u.sheet.crew)
        return PhaseResult((), {}, {}, {**units, "R11": replace(u, sheet=replace(u.sheet, crew=crew))})

    monkeypatch.setattr(opportunity_phase, "resolve_opportunity_fire", driver_shot)
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([1] * 80))
    s = s.apply(Move("R11", VariantMove(0, "F " * 7, 6)))
    assert s.phase == "opportunity" and s.vehicle("R11").velocity == 0  # as declared
    k = min(a.step for a in s.opportunity_actions() if a.unit == "T11")
    assert k < 5
    s = s.apply(OpportunityFire("T11", "R11", k))
    v = s.vehicle("R11")
    assert v.sheet.driver_out
    assert (v.hex, v.velocity, v.grounded) == (_north(start, 7), 5, False)


def test_OPP1_VAR_EMERGENCY_the_vane_saves_are_rolled_after_a_move_interrupted_by_opportunity_fire(monkeypatch):
    # VAR-EMERGENCY on: R11 (6 TP) at 6 flies one hex north and turns right at once, where the Facing Change Table
    # wants 2 straight hexes at velocity 6: 1 TP pumped into the right vane (RULES.md VAR-EMERGENCY: each TP removes
    # one required straight hex), then 5 hexes north-east. T11 on opportunity fire shoots at its first hex, before
    # the turn (its TS&R: limits halved, 20 -> 10, no roll at 6). The move goes on as resolved, and the vane's three
    # saves are rolled after it as in the movement phase, against 9 - 1 = 8 (burnout), 9 - 1 - 1 = 7 (damage) and
    # 8 (short) (RULES.md VAR-EMERGENCY, D: an undamaged vane has targets 9). All 1s: the vane holds; a 10 on the
    # burnout roll: the right vane burns out.
    import centurion.game.phases.opportunity as opportunity_phase
    from centurion.game.actions import OpportunityFire
    from centurion.game.variants import variant_path

    for face, lost in ((1, ()), (10, ("right",))):
        monkeypatch.undo()
        s, _start = _under_watch("VAR-EMERGENCY", velocity=6)
        monkeypatch.setattr(opportunity_phase, "resolve_opportunity_fire", _tsr_shot("R11"))
        monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n, f=face: Dice.scripted([f] * 80))
        move = VariantMove(0, "F R F F F F F")
        resolved = s.resolve_variant("R11", move)
        (turn,) = resolved.emergencies
        assert (turn.side, turn.thrust, turn.straight, turn.required) == ("right", 1, 1, 2)
        path = variant_path(resolved)
        s = s.apply(Move("R11", move))
        assert s.phase == "opportunity"
        n = len(s.log)
        s = s.apply(OpportunityFire("T11", "R11", 1))
        saves = [line for line in s.log[n:] if "[VAR-EMERGENCY]" in line]
        if face == 1:
            assert [line.split(":")[0].strip() for line in saves] == [
                "right vane", "right vane", "right vane"]
            assert ["vs target 8" in saves[0], "vs target 7" in saves[1], "vs target 8" in saves[2]] == [True] * 3
        else:
            assert len(saves) == 1 and "burnout save" in saves[0] and "vs target 8" in saves[0]
            assert "failure" in saves[0]
        v = s.vehicle("R11")
        assert v.vanes_lost == lost and v.sheet.tsr_lost
        assert (v.hex, v.facing, v.velocity) == (path[-1][0], path[-1][1], 6)
