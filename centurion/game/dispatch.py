"""One decision, one path: the table of a game's phases and the dispatcher that applies a decision (issue 23).

Each phase of a game is one module that registers a `PhaseRules`: the decisions a player chooses from in that
phase (`legal`), the check of one decision (`check`, raising `IllegalAction` with the rule's ID) and, per
action type, the function that applies it (`apply`). `PhaseTable` looks a decision up by the state's phase and
the action's type, never by an `isinstance` ladder: adding an action type touches its phase module and its
registration only. The table knows no game: it works for Centurion's turn (CEN-SEQ-1) and Centuria's round
(CTA-1) alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..dice import Dice
from .actions import IllegalAction

S = TypeVar("S")

Legal = Callable[[Any], list]
Check = Callable[[Any, Any], None]
Handler = Callable[[Any, Any, Dice], Any]
Step = Callable[[Any, "Dice | None"], Any]


def _no_check(state: Any, action: Any) -> None:
    """The default check: the decision must be one of the phase's listed decisions (CEN-SEQ-1)."""


def by_type(checks: Mapping[type, Check]) -> Check:
    """One check made of a check per action type, found by the action's type or a base type (as
    `PhaseRules.handler` finds an apply); an action of a type not listed passes."""

    def check(state: Any, action: Any) -> None:
        for kind in type(action).__mro__:
            found = checks.get(kind)
            if found is not None:
                found(state, action)
                return

    return check


@dataclass(frozen=True)
class PhaseRules:
    """What one phase registers: its name, its decisions, the check of one, and an apply per action type."""

    phase: str
    legal: Legal
    apply: Mapping[type, Handler]
    check: Check = _no_check
    rule: str = "CEN-SEQ-1"  # the rule a decision out of turn is refused under
    doc: str = ""
    enter: Step | None = None  # the state as the phase begins (state, dice or None); may go on to a later phase
    close: Step | None = None  # the state once the phase's decisions are all taken (resolve, then the next phase)

    def handler(self, action: object) -> Handler | None:
        """The function that applies `action` in this phase, found by its type (or a base type), else None."""
        for kind in type(action).__mro__:
            found = self.apply.get(kind)
            if found is not None:
                return found
        return None


@dataclass
class PhaseTable(Generic[S]):
    """The phases of one game, by name; `legal`, `check` and `apply` dispatch on the state's phase."""

    phases: dict[str, PhaseRules] = field(default_factory=dict)
    # the rules' own refusal of a decision the current phase does not take, when they give one that names where it
    # belongs (Centuria's engine does, CTA-1); None, or a check that passes: the table's message under the phase's rule
    out_of_phase: Check | None = None

    @classmethod
    def of(cls, rules: Iterable[PhaseRules], *, out_of_phase: Check | None = None) -> PhaseTable:
        """A table of these phases (each name once)."""
        table: PhaseTable = cls(out_of_phase=out_of_phase)
        for r in rules:
            table.register(r)
        return table

    def register(self, rules: PhaseRules) -> None:
        """Add one phase; a name registered twice is a programming error."""
        key = str(rules.phase)
        if key in self.phases:
            raise ValueError(f"phase {key!r} registered twice")
        self.phases[key] = rules

    def rules_of(self, phase: str) -> PhaseRules:
        """The registration of `phase`; an unknown phase is refused (CEN-SEQ-1)."""
        try:
            return self.phases[str(phase)]
        except KeyError:
            raise IllegalAction("CEN-SEQ-1", f"no decision is taken in the {phase} phase") from None

    def legal(self, state: S, phase: str) -> list:
        """The decisions a player chooses from now."""
        return self.rules_of(phase).legal(state)

    def check(self, state: S, phase: str, action: object) -> None:
        """Raise IllegalAction unless `action` may be taken now; no dice, the state unchanged."""
        r = self.rules_of(phase)
        if r.handler(action) is None:
            if self.out_of_phase is not None:
                self.out_of_phase(state, action)
            raise IllegalAction(r.rule, f"a {type(action).__name__} is not a decision of the {phase} phase")
        r.check(state, action)

    def apply(self, state: S, phase: str, action: object, dice: Dice) -> S:
        """The state after `action` (already checked) in `phase`, rolling on `dice`."""
        handler = self.rules_of(phase).handler(action)
        if handler is None:
            raise IllegalAction(self.rules_of(phase).rule,
                                f"a {type(action).__name__} is not a decision of the {phase} phase")
        return handler(state, action, dice)

    def enter(self, state: S, phase: str, dice: Dice | None) -> S:
        """The state as `phase` begins (its registered `enter` step), e.g. the next phase of the turn (CEN-SEQ-1)."""
        step = self.rules_of(phase).enter
        if step is None:
            raise ValueError(f"phase {phase!r} registers no enter step")
        return step(state, dice)

    def close(self, state: S, phase: str, dice: Dice | None) -> S:
        """The state once `phase`'s decisions are all taken (its registered `close` step)."""
        step = self.rules_of(phase).close
        if step is None:
            raise ValueError(f"phase {phase!r} registers no close step")
        return step(state, dice)


__all__ = ["PhaseRules", "PhaseTable", "by_type"]
