"""Self-destruction and crew roles played by the skirmish (VAR-SELFDESTRUCT, VAR-WEAPONS).

VAR-SELFDESTRUCT (seed: "roll a Piloting or Gunnery Check, with appropriate damage modifiers ... If successful,
the craft will explode in 1-3 minutes"): a `SelfDestruct(unit)` decision in the End Phase rolls the check of the
best crew member still able (the driver's piloting skill 5, else the gunner's or commander's gunnery skill 4 less
the Targ boxes lost); a pass sets the charge: it blows in the End Phase d3 turns later (the record sheet then
shows the vehicle exploded: destroyed, the crew and any squad aboard killed). A failure changes nothing; the
crew may try again in a later End Phase. The vehicle counts as destroyed for victory: the enemy scores it.

Game decisions: docs/decisions.md, "Ramming, self-destruct and crew roles in the skirmish".
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..dice import Dice
from ..hexgrid import distance
from ..rules.fire import STANDARD_GUNNERY
from ..variants.crew import attempt_self_destruct, self_destruct_check
from .actions import SelfDestruct
from .ramming import PILOTING_SKILL

if TYPE_CHECKING:  # the skirmish imports this module
    from ..rules.rolls import TargetRoll
    from .skirmish import Skirmish, Vehicle

SD = "VAR-SELFDESTRUCT"


# --- VAR-SELFDESTRUCT ------------------------------------------------------------------------------------------

def destruct_check(v: Vehicle) -> tuple[str, TargetRoll] | None:
    """The check the crew rolls to self-destruct: the driver's piloting if he is able, else the gunner's (or the
    commander's) gunnery less the Targ boxes lost; None when nobody able is aboard (VAR-SELFDESTRUCT)."""
    sheet = v.sheet
    if sheet.able("driver"):
        return "driver", self_destruct_check(PILOTING_SKILL, v.grav().piloting_modifier, check="piloting")
    for role in ("gunner", "commander"):
        if sheet.able(role):
            return role, self_destruct_check(STANDARD_GUNNERY, -sheet.targeting_lost, check="gunnery")
    return None


def self_destruct_actions(game: Skirmish) -> list[SelfDestruct]:
    """The End Phase decisions to try a self-destruct: each live vehicle of the deciding side with an able crew
    member, no charge set and no attempt this turn (VAR-SELFDESTRUCT)."""
    if not game.rules.enabled(SD) or game.phase != "end":
        return []
    return [SelfDestruct(v.key) for v in game.live_vehicles(game.active)
            if v.destruct_turn is None and v.destruct_tried != game.turn and destruct_check(v) is not None]


def attempt(game: Skirmish, action: SelfDestruct, dice: Dice) -> Skirmish:
    """Roll the check; a pass sets the charge to blow d3 turns later, logged with the roll and its odds."""
    v = game.vehicle(action.unit)
    who, check = destruct_check(v)
    kind = "piloting" if who == "driver" else "gunnery"
    skill = PILOTING_SKILL if who == "driver" else STANDARD_GUNNERY
    mod = (check.value or 0) - skill
    res = attempt_self_destruct(game.rules, dice, skill, mod, check=kind)
    roll = res.check_roll
    head = (f"  {v.key}: the {who} tries to set the self-destruct charge: {kind} check d10 {roll.result} against "
            f"{roll.target} (P = {check.chance} = {float(check.chance):.0%})")
    if not res.armed:
        nv = replace(v, destruct_tried=game.turn)
        return replace(game, vehicles=game._with_vehicle(nv))._fresh()._log(f"{head}: fails, no effect [{SD}]")
    at = game.turn + res.turns
    nv = replace(v, destruct_tried=game.turn, destruct_turn=at)
    return replace(game, vehicles=game._with_vehicle(nv))._fresh()._log(
        f"{head}: the charge is set; d3 = {res.turns}: {v.key} explodes in the End Phase of turn {at} [{SD}]")


def explode_due(game: Skirmish) -> Skirmish:
    """The vehicles whose charge blows this turn explode: destroyed, crew and riders killed (VAR-SELFDESTRUCT)."""
    vs, lines = [], []
    for v in game.vehicles:
        if v.destruct_turn is None or v.destruct_turn > game.turn:
            vs.append(v)
            continue
        if v.destroyed:
            vs.append(replace(v, destruct_turn=None))
            continue
        sheet = replace(v.sheet, exploded=True)
        vs.append(replace(v, sheet=sheet, destruct_turn=None, velocity=0, grounded=True))
        lines.append(f"  {v.key} explodes (self-destruct charge set on turn {v.destruct_tried}): destroyed, the crew "
                     f"killed; it counts as destroyed for victory [{SD}]")
    return replace(game, vehicles=tuple(vs))._sync_riders()._fresh()._log(*lines)


def bot_self_destruct(game: Skirmish, actions: list) -> SelfDestruct | None:
    """The computer sets the charge on a vehicle that cannot move any more (Grav Drive lost, or grounded with its
    driver out or no thrust left), has less than half its armor and has an enemy within 6 hexes (VAR-SELFDESTRUCT,
    docs/decisions.md)."""
    for a in actions:
        if not isinstance(a, SelfDestruct):
            continue
        v = game.vehicle(a.unit)
        g = v.grav()
        stuck = g.grav_drive_lost or (v.grounded and (g.driver_out or g.max_thrust(v.sheet.vehicle) == 0))
        full = sum(v.sheet.vehicle.armor.values()) or 1
        thin = sum(sec.intact for _n, sec in v.sheet.armor.sections) / full < 0.5
        near = any(distance(e.hex, v.hex) <= 6 for e in game.live_vehicles(game.other(v.side)))
        if stuck and thin and near:
            return a
    return None


__all__ = ["attempt", "bot_self_destruct", "destruct_check", "explode_due", "self_destruct_actions"]
