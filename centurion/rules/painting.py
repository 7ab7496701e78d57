"""Painting (Combat Phase A and B): a vehicle's painting laser or a squad's designator marks an enemy vehicle for the
rest of the turn (CEN-CMB-1, book-a 7, 13.2; VAR-SHIELD, VAR-SPEEDMOD, VAR-OCCUPY).

`centurion.rules.resolution` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..data import BattleMap
from ..dice import Dice, Roll
from .combat_units import RULE, CombatUnit, MapFor, sight_level
from .fire import range_words
from .hooks import BasicRules, rules_of
from .refusal import Refusal
from .rolls import Term
from .targets import infantry_paint, vehicle_paint


@dataclass(frozen=True)
class PaintResult:
    """A painting attempt rolled: who, at whom, the roll (CEN-CMB-1, book-a 7)."""

    painter: str
    target: str
    roll: Roll
    stop: Roll | None = None  # VAR-SHIELD: the shield's percentile stop roll after a hit
    terms: tuple[Term, ...] = ()  # the to-hit's terms, to name a variant's (VAR-SPEEDMOD) in the log

    @property
    def painted(self) -> bool:
        """The paint took: the roll hit and no shield stopped it (VAR-SHIELD)."""
        return bool(self.roll.success) and not (self.stop is not None and self.stop.success)


def resolve_painting(battlemap: BattleMap, units: Mapping[str, CombatUnit], paints: Sequence[tuple[str, str]],
                     dice: Dice, *, rules: BasicRules | None = None, map_for: MapFor | None = None
                     ) -> tuple[dict[str, CombatUnit], tuple[PaintResult | Refusal, ...]]:
    """Declare and resolve painting (Combat Phase A and B): a vehicle needs its turret weapons, comm and commander;
    a squad paints on 9 - casualties. A hit marks the target painted for the rest of the turn (book-a 7, 13.2).

    Under VAR-SHIELD a vehicle's painting laser rolls without the shield, then the shield's stop roll
    (`PaintResult.stop`); under VAR-SPEEDMOD the target's speed modifies the roll. `map_for(painter, target)`:
    the map that pair sees, when units stand in part of a hex (VAR-OCCUPY); by default `battlemap`.
    """
    live = dict(units)
    out: list[PaintResult | Refusal] = []
    whole = battlemap
    for painter_key, target_key in paints:
        battlemap = whole if map_for is None else map_for(painter_key, target_key)
        if painter_key not in live or target_key not in live:
            out.append(Refusal(RULE, f"painting: no unit {painter_key if painter_key not in live else target_key!r}"))
            continue
        painter, target = live[painter_key], live[target_key]
        if painter.side == target.side:
            out.append(Refusal(RULE, f"painting: {target_key} is a friendly unit"))
            continue
        if target.kind != "vehicle":
            out.append(Refusal(RULE, f"painting: {target_key} is not a vehicle"))
            continue
        if painter.submerged or target.submerged:
            who = painter_key if painter.submerged else target_key
            out.append(Refusal("CEN-GRD-2", f"painting: {who} is under water (no painting out of or into a lake)"))
            continue
        view = replace(target.target_view(), painted=False)
        if painter.sheet is not None:
            s = painter.sheet
            if not s.may_paint:
                why = ("it is destroyed" if s.destroyed else "its turret weapons are destroyed"
                       if s.hit("turret", "turret_weapons") else "its comm is out" if s.comm_out
                       else "its commander is out" if s.commander_out else "gunner and commander are out")
                out.append(Refusal(RULE, f"{painter_key} cannot paint: {why} (book-a 13.2)"))
                continue
            attempt = vehicle_paint(battlemap, painter.firer_view(), view, rules=rules)
        else:
            attempt = infantry_paint(battlemap, painter.hex, painter.men, view, squad_key=painter_key,
                                     level=sight_level(battlemap, painter), rules=rules)
        if isinstance(attempt, Refusal):
            out.append(attempt)
            continue
        purpose = f"{painter_key} to paint {target_key} at {range_words(attempt.range)}"  # the question (walk 33b)
        stop = None
        if painter.sheet is not None:  # a vehicle's painting laser: a shot, which a variant may stop (VAR-SHIELD)
            roll, stop = rules_of(rules).shot(attempt.to_hit, weapon="painting", dice=dice, purpose=purpose)
        else:
            roll = attempt.to_hit.roll(dice, purpose=purpose, rule=RULE)
        out.append(PaintResult(painter_key, target_key, roll, stop, tuple(attempt.to_hit.terms)))
        if roll.success and not (stop is not None and stop.success):
            live[target_key] = replace(target, painted_by=target.painted_by + (painter_key,))
    return live, tuple(out)
