"""A refusal: what a rules check answers when an action breaks a rule, with the rule's ID and why (RULES.md).

Every rules check answers with its result or a `Refusal`; a Refusal has no truth value, so callers test it
with `isinstance(x, Refusal)`. It was first written for grav moves (`centurion.rules.grav` re-exports it).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Refusal:
    """A move that breaks a rule: the rule ID and why, in words (the state is left as it was)."""

    rule: str
    reason: str
    step: int | None = None

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"

    def __bool__(self) -> bool:
        raise TypeError("a Refusal has no truth value; use isinstance(x, Refusal)")
