"""The end states of variant moves, shaped like the engine's (`rules.legal.EndState`): `VariantEnd`, its path
`VariantPath`, and `end_of`, a resolved variant move as an end state (VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE,
VAR-OCCUPY). Shared by the variant search (game/variants.py) and the road search (game/roads.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter

from ..variants.movement import VariantMove, VariantResolvedMove


@dataclass(frozen=True)
class VariantPath:
    """The path to a variant end state, shaped like the engine's path options (`.move`, `.p_no_damage`, `.rolls`).

    `rolls` is None when the search did not count the path's piloting rolls (lateral shifts and emergency turns are
    found by their odds only): `Skirmish.resolve_variant` gives them, with every other detail of the path."""

    move: VariantMove
    p_no_damage: Fraction
    thrust_used: int
    variant_rules: tuple[str, ...]
    rolls: int | None = None
    road: int = 0  # VAR-MOVETYPE: hexes beyond the velocity, the whole move along a road (200% movement)


class VariantEnd(tuple):
    """A legal end state only the variant moves reach, shaped like `rules.legal.EndState` (hex, facing, grounded,
    velocity_min, velocity_max; `safest` = `cheapest` = the path found) (VAR-LATERAL, VAR-EMERGENCY)."""

    __slots__ = ()

    hex = property(itemgetter(0))
    facing = property(itemgetter(1))
    grounded = property(itemgetter(2))
    velocity_min = property(itemgetter(3))
    velocity_max = property(itemgetter(4))
    safest = property(itemgetter(5))
    cheapest = property(itemgetter(5))

    @property
    def p_no_damage(self) -> Fraction:
        """Exact chance the path takes no damage, vane saves included."""
        return self[5].p_no_damage

    @property
    def rolls(self) -> int | None:
        """Piloting rolls of the path, None when the search did not count them (`VariantPath`)."""
        return self[5].rolls


def _burn(velocity: int, decel: int, surcharge: int) -> int:
    """The end velocity after `decel` and burning `surcharge` off it, never past 0 (VAR-MOVETYPE 'burn')."""
    e = velocity - decel
    return max(0, e - surcharge) if e > 0 else min(0, e + surcharge)


def _rolls(r: VariantResolvedMove) -> int:
    return sum(1 for e in r.basic.entries if e.check.needs_roll)


def _variant_rules_of(r: VariantResolvedMove) -> tuple[str, ...]:
    return tuple(rule for rule, on in (("VAR-LATERAL", r.shifts), ("VAR-EMERGENCY", r.emergencies),
                                       ("VAR-MOVETYPE", r.terrain_surcharge or r.road_hexes),
                                       ("VAR-OCCUPY", r.positions)) if on)


def end_of(r: VariantResolvedMove, thrust_max: int) -> VariantEnd:
    """A resolved variant move as an end state: its hex, facing, grounding, the end velocities its thrust left
    allows (deceleration 0 .. the thrust not spent), and the move as its path."""
    if r.basic.grounds:
        vmin = vmax = 0  # grounded: velocity 0 after the move, as the engine lists it
    else:
        v, room = r.basic.velocity, thrust_max - (r.thrust_used - r.move.decelerate)
        d = r.move.decelerate
        if r.burned or (r.terrain_surcharge and not r.terrain_thrust):  # burned, not paid in thrust
            a, b = _burn(v, d, r.terrain_surcharge), _burn(v, room, r.terrain_surcharge)
        else:
            a, b = v - d, v - room
        vmin, vmax = min(a, b), max(a, b)
    path = VariantPath(r.move, r.p_no_damage, r.thrust_used, _variant_rules_of(r), _rolls(r), r.road_hexes)
    return VariantEnd((r.end_hex, r.end_facing, r.basic.grounds, vmin, vmax, path))


__all__ = ["VariantEnd", "VariantPath", "end_of"]
