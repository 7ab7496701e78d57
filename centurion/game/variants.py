"""The optional-rule variants a skirmish is played with: checked by `centurion.variants.RuleSet` (VAR-*).

The game stores the canonical names (`RuleSet.names`) in its state and its save file; `Skirmish.rules`
rebuilds the value and passes it to the rules. The turn plays VAR-SPEEDMOD and VAR-SHIELD (fire, painting,
opportunity fire) and VAR-LATERAL and VAR-EMERGENCY (moves: offered at the present velocity up to
`VARIANT_SEARCH_MAX_VELOCITY`, any typed-in variant move checked by the variant resolver); the skirmish
declares no salvos (no shipped vehicle has twin direct-fire mounts), and the other switches are recorded and
saved but play as the basic rules for now (docs/decisions.md, Variant rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter

from ..data import BattleMap, VehicleType
from ..hexgrid import Hex, neighbor
from ..rules.grav import GravState
from ..variants.movement import VariantMove, VariantResolvedMove, variant_end_states
from ..variants.ruleset import VARIANTS, RuleSet

#: the variant names a game accepts, in one place (the variant module's own list)
KNOWN_VARIANTS: tuple[str, ...] = tuple(VARIANTS)


def check_variants(variants: tuple[str, ...]) -> tuple[str, ...]:
    """The canonical names of the variants; an unknown name raises ValueError naming the variant rules."""
    if isinstance(variants, str) or not all(isinstance(v, str) for v in variants):
        raise ValueError(f"VAR-*: variants are a tuple of names such as {KNOWN_VARIANTS[0]!r}, got {variants!r}")
    try:
        return RuleSet.from_names(variants).names
    except ValueError as exc:
        raise ValueError(f"VAR-*: {exc}") from None


# --- variant moves in the skirmish (VAR-LATERAL, VAR-EMERGENCY) ----------------------------------------------

#: the fastest velocity at which the skirmish searches for lateral shifts and emergency turns: the variant
#: search grows steeply with speed (benchmarks/variant_moves.py: 0.2 s at 8, 0.7 s at 12 at acceleration 0;
#: ~43 s over every acceleration from 12, ~190 s from 20, measured on a loaded 2-core machine); faster vehicles
#: are offered the basic moves, and any variant move typed in is still checked by the variant resolver
VARIANT_SEARCH_MAX_VELOCITY = 8
MOVE_VARIANTS = ("VAR-LATERAL", "VAR-EMERGENCY")


@dataclass(frozen=True)
class VariantPath:
    """The path to a variant end state, shaped like the engine's path options (`.move`, `.p_no_damage`, `.rolls`)."""

    move: VariantMove
    p_no_damage: Fraction
    thrust_used: int
    variant_rules: tuple[str, ...]
    rolls: int = 0


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
    def rolls(self) -> int:
        """Piloting rolls of the path (the engine's count)."""
        return self[5].rolls


def moves_need_variants(rules: RuleSet) -> bool:
    """Whether the rule set changes which grav moves are legal (VAR-LATERAL, VAR-EMERGENCY)."""
    return any(rules.enabled(r) for r in MOVE_VARIANTS)


def variant_ends(state: GravState, vehicle: VehicleType, battlemap: BattleMap, rules: RuleSet,
                 basic: list) -> list[VariantEnd]:
    """The end states lateral shifts or emergency turns reach (new ones, or known ones more safely), at the
    present velocity (acceleration 0), each with its safest path; none when the vehicle is faster than
    `VARIANT_SEARCH_MAX_VELOCITY` or the search gives up (VAR-LATERAL, VAR-EMERGENCY; docs/decisions.md)."""
    if not moves_need_variants(rules) or abs(state.velocity) > VARIANT_SEARCH_MAX_VELOCITY:
        return []
    try:
        found = variant_end_states(state, vehicle, battlemap, rules, accelerate=0)
    except ValueError:
        return []
    have = {(e.hex, e.facing, e.grounded): e.p_no_damage for e in basic}
    out = []
    for e in found:  # kept when it reaches a new end, or an end more safely than every basic path
        key = (e.hex, e.facing, e.grounded)
        if not e.variant_rules or (key in have and e.p_no_damage <= have[key]):
            continue
        path = VariantPath(e.move, e.p_no_damage, e.thrust_used, e.variant_rules)
        out.append(VariantEnd((e.hex, e.facing, e.grounded, e.velocity_min, e.velocity_max, path)))
    return out


def variant_path(resolved: VariantResolvedMove) -> tuple[tuple[Hex, int], ...]:
    """The hexes a variant move entered with the facing there; a lateral shift keeps the facing (VAR-LATERAL)."""
    move = resolved.move
    start = resolved.basic.start
    facing = move.initial_facing if move.initial_facing is not None else start.facing
    here = start.hex
    out = []
    for s in move.steps:
        if s == "L":
            facing = (facing - 1) % 6
        elif s == "R":
            facing = (facing + 1) % 6
        else:
            side = {"F": facing, "B": (facing + 3) % 6, "SL": (facing - 1) % 6, "SR": (facing + 1) % 6}[s]
            here = neighbor(here, side)
            out.append((here, facing))
    return tuple(out)
