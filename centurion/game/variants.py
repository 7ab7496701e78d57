"""The optional-rule variants a skirmish is played with: checked by `centurion.variants.RuleSet` (VAR-*).

The game stores the canonical names (`RuleSet.names`) in its state and its save file; `Skirmish.rules`
rebuilds the value and passes it to the rules. The turn plays VAR-SPEEDMOD and VAR-SHIELD (fire, painting,
opportunity fire); the skirmish declares no salvos (no shipped vehicle has twin direct-fire mounts), and the
other switches are recorded and saved but play as the basic rules for now (docs/decisions.md, Variant rules).
"""

from __future__ import annotations

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
