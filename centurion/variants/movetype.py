"""Movement types (VAR-MOVETYPE): wheeled, tracked, hover and grav vehicles, their road multipliers and the
variant terrain costs.

Wheeled vehicles get +2 MP; a whole turn on a road multiplies movement: wheeled x1.5 on gravel, x2 paved;
tracked x1.5 on a prepared road; hover and grav x2 on any road. The base cost of a hex is 1 MP/VP; the
Variant Terrain Table adds an extra cost per movement type, but its text is missing from the seed (only its
heading survives), so `data/variants.yaml` holds costs marked as assumptions. For grav vehicles the extra
cost is either burned off the end velocity or paid in thrust: the two sub-options of the switch, applied by
`centurion.variants.movement.resolve_variant_move`.
"""

from __future__ import annotations

from math import floor

from ..data.variant_tables import MOVEMENT_TYPES, variant_tables
from ..rules.grav import Refusal
from ..rules.inputs import choice, whole

RULE = "VAR-MOVETYPE"


def _type(movement_type: str):
    try:
        return variant_tables().movement_types[movement_type]
    except (KeyError, TypeError):
        raise ValueError(f"{RULE}: a movement type is one of {', '.join(MOVEMENT_TYPES)}, got "
                         f"{movement_type!r}") from None


def road_multiplier(movement_type: str, road: str | None) -> float:
    """The movement multiplier for a whole turn on a road of this kind ('gravel', 'paved'); 1 off the road.

    'prepared' roads are gravel or paved; hover and grav vehicles take x2 on any road (VAR-MOVETYPE).
    """
    if road is None:
        return 1.0
    if road not in ("gravel", "paved"):
        raise ValueError(f"{RULE}: a road is 'gravel' or 'paved', got {road!r}")
    table = _type(movement_type).road
    for kind in (road, "prepared", "any"):
        if kind in table:
            return table[kind]
    return 1.0


def movement_points(movement_type: str, base_mp: int, *, road: str | None = None,
                    whole_turn_on_road: bool = False) -> int:
    """A conventional vehicle's MP this turn: base + the type's bonus (wheeled +2), times the road multiplier when
    it spends the whole turn on the road, rounded down (decision) (VAR-MOVETYPE)."""
    whole(base_mp, RULE, "base_mp", 0)
    if road is not None:
        choice(road, ("gravel", "paved"), RULE, "road")
    if movement_type == "grav":
        raise ValueError(f"{RULE}: grav vehicles have velocity, not movement points")
    mp = base_mp + _type(movement_type).mp_bonus
    if whole_turn_on_road:
        mp = floor(mp * road_multiplier(movement_type, road))
    return mp


def extra_cost(movement_type: str, terrain: str) -> int | None:
    """The Variant Terrain Table's extra cost of a hex beyond the base 1 (None = NA: not traversable).

    ASSUMPTION: the table is absent from the seed; the numbers are the project's (data/variants.yaml).
    Terrain the table does not list costs nothing extra.
    """
    _type(movement_type)
    row = variant_tables().terrain_extra.get(terrain)
    if row is None:
        return 0
    return row[movement_type]


def hex_cost(movement_type: str, terrain: str) -> int | None:
    """MP (or VP) to enter a hex of this terrain: 1 + the extra cost, None where NA (VAR-MOVETYPE; assumptions)."""
    extra = extra_cost(movement_type, terrain)
    return None if extra is None else 1 + extra


def path_cost(movement_type: str, terrains: list[str], mp: int) -> int | Refusal:
    """MP a conventional vehicle spends on a path of hexes, or a Refusal (NA terrain, not enough MP) (VAR-MOVETYPE)."""
    total = 0
    for i, terrain in enumerate(terrains):
        cost = hex_cost(movement_type, terrain)
        if cost is None:
            return Refusal(RULE, f"{terrain.replace('_', ' ')} is not traversable by {movement_type} vehicles (NA)", i)
        total += cost
        if total > mp and i > 0:
            return Refusal(RULE, f"the path costs {total} MP by hex {i + 1}; the vehicle has {mp}", i)
    return total


def hover_lift_engine_mass(grav_drive_mass: float) -> float:
    """A hover vehicle's lifting engines weigh half the grav drive it would otherwise carry (VAR-MOVETYPE)."""
    if grav_drive_mass < 0:
        raise ValueError(f"{RULE}: a mass is 0 or more, got {grav_drive_mass}")
    return grav_drive_mass / 2
