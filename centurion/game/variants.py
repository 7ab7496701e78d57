"""The optional-rule variants a skirmish may be played with, named in one place (VAR-*).

Another module (`centurion/variants/`, with a `RuleSet`) is being built; until it is wired in, a game only
checks the names against this list and stores them in its state and its save file.
"""

from __future__ import annotations

#: the variant names a game accepts (RULES.md VAR-* rules); none changes the engine yet
KNOWN_VARIANTS: tuple[str, ...] = ("VAR-INIT", "VAR-OCCUPY", "VAR-MOVETYPE", "VAR-LATERAL", "VAR-EMERGENCY", "VAR-RAM",
                                   "VAR-SELFDESTRUCT", "VAR-SALVO", "VAR-SHIELD", "VAR-SPEEDMOD", "VAR-WEAPONS")


def check_variants(variants: tuple[str, ...]) -> tuple[str, ...]:
    """The variants as a sorted tuple without repeats; an unknown name raises ValueError naming the VAR-* rules."""
    if isinstance(variants, str) or not all(isinstance(v, str) for v in variants):
        raise ValueError(f"VAR-*: variants are a tuple of names such as {KNOWN_VARIANTS[0]!r}, got {variants!r}")
    bad = [v for v in variants if v not in KNOWN_VARIANTS]
    if bad:
        raise ValueError(f"VAR-*: unknown variant {bad[0]!r}; the known variants are {', '.join(KNOWN_VARIANTS)}")
    return tuple(sorted(set(variants)))
