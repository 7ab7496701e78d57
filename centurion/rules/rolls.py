"""A d10 target number as a list of named terms, each with its rule ID, and its exact odds (DIE-10, CEN-CMB-1).

In the spirit of MegaMek's TargetRoll: one value type for every roll-under test of
Centurion (to-hit, painting, Vulcan, leadership...). A roll that cannot be made at
all carries `impossible` (the rule and why) instead of a number.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice, Roll, d10_chance


@dataclass(frozen=True)
class Term:
    """One term of a target number: what, how much, which rule."""

    label: str
    value: int
    rule: str

    def describe(self) -> str:
        """'+9 base (range 7) [CEN-CMB-1]'."""
        return f"{self.value:+d} {self.label} [{self.rule}]"


@dataclass(frozen=True)
class TargetRoll:
    """A d10 roll-under target: the sum of its terms; success on <= value, 1 passes, 10 fails (DIE-10).

    `impossible` = (rule, reason) when the roll may not be made (then `value` is None and the chance 0).
    """

    terms: tuple[Term, ...] = ()
    impossible: tuple[str, str] | None = None

    @classmethod
    def of(cls, label: str, value: int, rule: str) -> TargetRoll:
        """A target with one starting term (usually the base number)."""
        return cls((Term(label, value, rule),))

    @classmethod
    def refused(cls, rule: str, reason: str) -> TargetRoll:
        """A roll that cannot be made."""
        return cls((), (rule, reason))

    def plus(self, label: str, value: int, rule: str) -> TargetRoll:
        """This target with one more term (a zero term is kept: it shows that the rule was considered)."""
        if self.impossible:
            return self
        return TargetRoll(self.terms + (Term(label, int(value), rule),))

    @property
    def value(self) -> int | None:
        """The number to roll under or equal to; None when impossible."""
        if self.impossible:
            return None
        return sum(t.value for t in self.terms)

    @property
    def chance(self) -> Fraction:
        """Exact chance of success on a d10 (a natural 1 always passes, a 10 always fails) (DIE-10)."""
        return Fraction(0) if self.impossible else d10_chance(self.value)

    def roll(self, dice: Dice, *, purpose: str, rule: str) -> Roll:
        """Roll the d10 against this target; the roll is logged with the terms of its target and its odds (DIE-10;
        walk of session 53: an enemy's shot read 'vs target 8' at a range whose base is 9, its lost Targ box
        unsaid)."""
        if self.impossible:
            raise ValueError(f"{self.impossible[0]}: {self.impossible[1]}")
        told = self.sum_words() if any(t.value for t in self.terms[1:]) else ""  # a bare base: its range says it
        return dice.d10_test(self.value, purpose=purpose, rule=rule, terms=told)

    def sum_words(self) -> str:
        """The target's terms as a sum, terms of 0 left out: '9 base - 5 for right shield factor 5 - 1 for 1 Targ box
        lost'."""
        words = []
        for n, t in enumerate(self.terms):
            if n == 0:
                words.append(f"{t.value} base" if t.label.startswith("base") else f"{t.value} {t.label}")
            elif t.value:
                words.append(f"{'+' if t.value > 0 else '-'} {abs(t.value)} for {t.label}")
        return " ".join(words)

    def describe(self) -> str:
        """One line: the terms, the target and the chance."""
        if self.impossible:
            return f"impossible: {self.impossible[0]}: {self.impossible[1]}"
        terms = " ".join(t.describe() for t in self.terms)
        return f"{terms} = {self.value} (P = {self.chance})"

    def __str__(self) -> str:
        return self.describe()
