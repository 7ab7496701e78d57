"""Scenario points, victory points and the level of victory (book-b §15; RULES.md has no rule ID for it yet).

Victory points: 75 for an objective held, each enemy vehicle destroyed its scenario-point cost, each
scenario point left unspent 1, and (a decision, the book gives no value) each enemy squad destroyed its
cost of 2. The side with more points wins; the ratio high : low sets the level, the loser suffers the
mirror defeat. A score of 0 against a positive one is a decisive victory; 0 against 0 a draw.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

RULE = "book-b §15"  # no rule ID in RULES.md yet (docs/decisions.md)
OBJECTIVE_POINTS = 75
SQUAD_POINTS = 2
#: the ratio each level needs, highest first (book-b §15.3)
LEVELS: tuple[tuple[str, int, int], ...] = (("decisive", 3, 1), ("substantive", 2, 1), ("marginal", 3, 2))


def _check(points: int, what: str) -> None:
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise ValueError(f"{RULE}: {what} is a whole number of points >= 0, got {points!r}")


def victory_level(high: int, low: int) -> str:
    """decisive (>= 3x), substantive (>= 2x), marginal (>= 1.5x) or draw; 0 against a positive score is decisive.

    The two scores may come in either order: the level is that of the higher over the lower (book-b §15.3).
    """
    _check(high, "high, a score,")
    _check(low, "low, a score,")
    hi, lo = max(high, low), min(high, low)
    if hi == 0:
        return "draw"
    for name, num, den in LEVELS:
        if hi * den >= lo * num:  # exact: hi / lo >= num / den, and any hi > 0 against lo = 0
            return name
    return "draw"


def scenario_cost(talents: int) -> int:
    """A vehicle's cost in scenario points: its price in talents / 100,000, rounded up (book-b §15.1)."""
    _check(talents, "a price")
    return math.ceil(talents / 100_000)


@dataclass(frozen=True)
class VictoryPoints:
    """One side's victory points with their parts (book-b §15.2)."""

    objectives: int
    vehicles: int
    squads: int
    unspent: int

    @property
    def total(self) -> int:
        """The sum of the parts."""
        return self.objectives + self.vehicles + self.squads + self.unspent

    def terms(self) -> list[tuple[str, int, str]]:
        """The parts as (label, points, rule)."""
        return [("objectives held", self.objectives, RULE), ("enemy vehicles destroyed", self.vehicles, RULE),
                ("enemy squads destroyed", self.squads, RULE), ("scenario points unspent", self.unspent, RULE)]


def victory_points(*, objectives: int = 0, vehicles_destroyed: list[int] | tuple[int, ...] = (),
                   squads_destroyed: int = 0, unspent: int = 0, squad_points: int = SQUAD_POINTS) -> VictoryPoints:
    """A side's victory points: 75 an objective, each enemy vehicle destroyed its cost, 1 per unspent point (§15.2).

    `vehicles_destroyed`: the scenario-point cost of each enemy vehicle destroyed (by ammunition explosion
    or the Vehicle Destroyed box). A squad counts once 5 of its men are killed.
    """
    for n, what in ((objectives, "objectives"), (squads_destroyed, "squads_destroyed"), (unspent, "unspent"),
                    (squad_points, "squad_points")):
        _check(n, what)
    if not isinstance(vehicles_destroyed, (list, tuple)):
        raise ValueError(f"{RULE}: vehicles_destroyed is a list of costs, got {vehicles_destroyed!r}")
    for c in vehicles_destroyed:
        _check(c, "vehicles_destroyed: a vehicle's cost")
    return VictoryPoints(OBJECTIVE_POINTS * objectives, sum(vehicles_destroyed), squad_points * squads_destroyed,
                         unspent)


@dataclass(frozen=True)
class Outcome:
    """The result of a battle: the winner (None on a draw), the level, and each side's result (book-b §15.3)."""

    winner: str | None
    level: str
    points: tuple[int, int]

    def result_of(self, side: str) -> str:
        """'decisive victory', 'marginal defeat', 'draw', ... for side 'first' or 'second'."""
        if self.winner is None:
            return "draw"
        return f"{self.level} {'victory' if side == self.winner else 'defeat'}"


def battle_outcome(first: int, second: int) -> Outcome:
    """Who won and how well, from both sides' victory points (book-b §15.3)."""
    _check(first, "first, a score,")
    _check(second, "second, a score,")
    level = victory_level(first, second)
    if level == "draw":
        return Outcome(None, "draw", (first, second))
    return Outcome("first" if first > second else "second", level, (first, second))
