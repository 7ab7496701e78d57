"""The decisions of a Centuria battle as small hashable values (CTA-1): a unit's move, a close attack, an engine's
shot, the end of a side's part of a phase and the countdown running out; `check_shape` refuses a malformed one."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..actions import IllegalAction, Notation

STEPS = ("F", "FL", "FR", "T0", "T1", "T2", "T3", "T4", "T5")


@dataclass(frozen=True)
class CtaMove(Notation):
    """One unit's or leader's move in the movement phase: steps F, FL, FR and turns T0..T5 (CTA-MOVE)."""

    kind: ClassVar[str] = "cta_move"
    unit: str
    steps: tuple[str, ...]

    def describe(self) -> str:
        """In words."""
        return f"{self.unit} moves {' '.join(self.steps) or '(stays)'}"


@dataclass(frozen=True)
class CtaAttack(Notation):
    """A close attack on an adjacent enemy; attack and counter are rolled at once (CTA-COMBAT)."""

    kind: ClassVar[str] = "cta_attack"
    unit: str
    target: str

    def describe(self) -> str:
        """In words."""
        return f"{self.unit} attacks {self.target}"


@dataclass(frozen=True)
class CtaShoot(Notation):
    """A ballista or tormentum shoots at an enemy in range (CTA-ART)."""

    kind: ClassVar[str] = "cta_shoot"
    engine: str
    target: str

    def describe(self) -> str:
        """In words."""
        return f"{self.engine} shoots at {self.target}"


@dataclass(frozen=True)
class CtaEndPhase(Notation):
    """The side ends its part of the current phase; its units not yet ordered stay (CTA-1)."""

    kind: ClassVar[str] = "cta_end_phase"

    def describe(self) -> str:
        """In words."""
        return "ends its part of the phase"


@dataclass(frozen=True)
class CtaTimeUp(Notation):
    """The round's countdown ran out on this side's turn: its part of the phase ends now (CTA-1)."""

    kind: ClassVar[str] = "cta_time_up"

    def describe(self) -> str:
        """In words."""
        return "runs out of time: its part of the phase ends"


CtaAction = CtaMove | CtaAttack | CtaShoot | CtaEndPhase | CtaTimeUp
KINDS: dict[str, type] = {c.kind: c for c in (CtaMove, CtaAttack, CtaShoot, CtaEndPhase, CtaTimeUp)}


def check_shape(action: Any) -> None:
    """IllegalAction unless `action` is a Centuria action whose fields have the right types: ids are text, a move
    has 1 to 16 steps of `STEPS` (CTA-1, CTA-MOVE)."""
    if type(action) not in KINDS.values():
        raise IllegalAction("CTA-1", f"not a Centuria action: {action!r}"[:200])
    for f in fields(action):
        v = getattr(action, f.name)
        if f.name == "steps":
            if not isinstance(v, tuple) or not 0 < len(v) <= 16 or any(s not in STEPS for s in v):
                raise IllegalAction("CTA-MOVE", f"a move has 1 to 16 steps of {', '.join(STEPS)}, got "
                                    f"{v!r}"[:200])
        elif not isinstance(v, str) or not 0 < len(v) <= 60:
            raise IllegalAction("CTA-1", f"{f.name}: expected an id (text), got {v!r}"[:200])


__all__ = ["STEPS", "KINDS", "CtaAction", "CtaAttack", "CtaEndPhase", "CtaMove", "CtaShoot", "CtaTimeUp",
           "check_shape"]
