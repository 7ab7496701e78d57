"""The one seedable dice source; every roll is logged with its target and exact odds (DIE-10, DIE-20, DIE-100)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar


def d10_chance(target: int) -> Fraction:
    """Exact chance that a d10 roll is <= `target`, a natural 1 passing and a 10 failing (DIE-10)."""
    return Fraction(min(max(int(target), 1), 9), 10)


def d20_over_chance(target: int) -> Fraction:
    """Exact chance that a d20 roll is strictly greater than `target` (DIE-20, Centuria)."""
    return Fraction(min(max(20 - int(target), 0), 20), 20)


def d100_chance(target: int) -> Fraction:
    """Exact chance that a percentile roll 1..100 is <= `target` (DIE-100)."""
    return Fraction(min(max(int(target), 0), 100), 100)


def d10_success(result: int, target: int) -> bool:
    """Whether a d10 result passes `target`: <= target, 1 always passes, 10 always fails (DIE-10)."""
    if result == 1:
        return True
    if result == 10:
        return False
    return result <= target


@dataclass(frozen=True)
class Roll:
    """One logged roll: die, what it was for, target, result, success and exact probability of success."""

    die: str
    result: int
    purpose: str
    rule: str
    target: int | None = None
    success: bool | None = None
    probability: Fraction = Fraction(1)
    terms: str = ""  # how the target is made up, for the log: "9 base - 1 for 1 Targ box lost" ("" when not told)

    def describe(self) -> str:
        """A one-line account of the roll for the dice log."""
        if self.target is None:
            return f"{self.purpose} [{self.rule}]: {self.die} = {self.result}"
        verdict = "success" if self.success else "failure"
        made = f" = {self.terms}" if self.terms else ""
        return (
            f"{self.purpose} [{self.rule}]: {self.die} = {self.result} vs target {self.target}{made} "
            f"(P = {self.probability} = {float(self.probability):.0%}): {verdict}"
        )


class Dice:
    """Seedable dice; `log` keeps every roll in order. `scripted` forces results for tests and examples."""

    SIDES: ClassVar[dict[str, int]] = {"d10": 10, "d20": 20, "d100": 100, "d6": 6, "d3": 3}

    def __init__(self, seed: int | None = None, scripted: Iterable[int] | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._script = list(scripted) if scripted is not None else None
        self.log: list[Roll] = []
        self.listeners: list[Callable[[Roll], None]] = []

    def reseed(self, seed: int) -> None:
        """Restart the random stream from `seed` (scripted results are dropped); the log is kept."""
        self.seed = seed
        self._rng = random.Random(seed)
        self._script = None

    @classmethod
    def scripted(cls, results: Iterable[int]) -> Dice:
        """Dice that return `results` in order, then fail loudly when they run out."""
        return cls(seed=None, scripted=results)

    def _face(self, die: str) -> int:
        sides = self.SIDES[die]
        if self._script is not None:
            if not self._script:
                raise RuntimeError("scripted dice ran out of results")
            value = self._script.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"scripted {die} result {value} is outside 1..{sides}")
            return value
        return self._rng.randint(1, sides)

    def _record(self, roll: Roll) -> Roll:
        self.log.append(roll)
        for listener in list(self.listeners):
            listener(roll)
        return roll

    def roll(self, die: str = "d10", *, purpose: str = "roll", rule: str = "") -> Roll:
        """A plain roll with no target (e.g. initiative, damage column); each face has P = 1/sides."""
        if die not in self.SIDES:
            raise ValueError(f"unknown die {die!r}; expected one of {sorted(self.SIDES)}")
        result = self._face(die)
        return self._record(Roll(die, result, purpose, rule, probability=Fraction(1, self.SIDES[die])))

    def d10_test(self, target: int, *, purpose: str, rule: str, terms: str = "") -> Roll:
        """A d10 test: success on <= target, natural 1 passes, natural 10 fails (DIE-10); `terms` says how the
        target is made up, for the log."""
        result = self._face("d10")
        return self._record(
            Roll("d10", result, purpose, rule, target, d10_success(result, target), d10_chance(target), terms)
        )

    def d20_over_test(self, target: int, *, purpose: str, rule: str) -> Roll:
        """A d20 test: success when the roll is strictly greater than the target (DIE-20)."""
        result = self._face("d20")
        return self._record(
            Roll("d20", result, purpose, rule, target, result > target, d20_over_chance(target))
        )

    def d100_test(self, target: int, *, purpose: str, rule: str) -> Roll:
        """A percentile test: success on <= target (DIE-100)."""
        result = self._face("d100")
        return self._record(Roll("d100", result, purpose, rule, target, result <= target, d100_chance(target)))
