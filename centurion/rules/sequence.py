"""Sequence of play: initiative and the movement order of platoons (CEN-SEQ-1..3, CEN-INI-1, -2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..dice import Dice, Roll
from .inputs import whole

PHASES = ("Initiative", "Movement", "Combat", "End")
COMBAT_SEGMENTS = ("declare painting", "resolve painting", "declare weapons fire", "resolve weapons fire",
                   "resolve off-board artillery and orbital fire")
END_SEGMENTS = ("remove widowed armor", "call new artillery and orbital missions", "remove old smoke",
                "lay new smoke")


def movement_order(a: int, b: int) -> list[tuple[str, int]]:
    """Who moves how many platoons, in order: A first, B last, the larger side in pairs or more (CEN-SEQ-2)."""
    if any(isinstance(n, bool) or not isinstance(n, int) for n in (a, b)):
        raise ValueError(f"CEN-SEQ-2: platoon counts are whole numbers, got A {a!r}, B {b!r}")
    if a < 0 or b < 0:
        raise ValueError(f"CEN-SEQ-2: platoon counts cannot be negative, got A {a}, B {b}")
    order: list[tuple[str, int]] = []
    while a > 0 or b > 0:
        # both shares are set by the counts before the pair
        na = 0 if a == 0 else (a if b == 0 else (a // b if a >= 2 * b else 1))
        nb = 0 if b == 0 else (b if a == 0 else (b // a if b >= 2 * a else 1))
        if na:
            order.append(("A", na))
        if nb:
            order.append(("B", nb))
        a, b = a - na, b - nb
    return order


def declaration_order(loser_units: int, winner_units: int) -> list[str]:
    """Fire declarations one unit at a time: the initiative loser first, alternating, the winner last (CEN-SEQ-3).

    Where one side has more units, the loser's extra units declare at the start and
    the winner's extra units at the end, so both ends of the rule hold.
    """
    whole(loser_units, "CEN-SEQ-3", "loser_units", 0)
    whole(winner_units, "CEN-SEQ-3", "winner_units", 0)
    if loser_units < 0 or winner_units < 0:
        raise ValueError("CEN-SEQ-3: unit counts cannot be negative")
    n = min(loser_units, winner_units)
    return (["loser"] * (loser_units - n) + ["loser", "winner"] * n + ["winner"] * (winner_units - n))


@dataclass(frozen=True)
class InitiativeResult:
    """One side's initiative win after any re-rolls (CEN-INI-1)."""

    winner: str  # "first" or "second"
    rolls: tuple[tuple[Roll, Roll], ...]
    advantage_used: int
    totals: tuple[int, int]


def leadership_advantage(rating_first: int = 2, rating_second: int = 2) -> tuple[str | None, int]:
    """Which side has the Leadership Advantage and how many points: the difference of the ratings (CEN-INI-1)."""
    whole(rating_first, "CEN-INI-1", "rating_first")
    whole(rating_second, "CEN-INI-1", "rating_second")
    diff = rating_first - rating_second
    if diff == 0:
        return None, 0
    return ("first" if diff > 0 else "second"), abs(diff)


SIDE_NAMES = ("first side", "second side")  # how the rolls name the sides when the caller names none


def roll_initiative(dice: Dice, *, rating_first: int = 2, rating_second: int = 2, use_advantage: int = 0,
                    names: tuple[str, str] = SIDE_NAMES) -> InitiativeResult:
    """Each side rolls a d10, lowest wins; the advantaged side subtracts `use_advantage`; ties re-rolled (CEN-INI-1).
    `names` are the sides' names in the rolls' purpose (the dice log says whose roll each is)."""
    whole(use_advantage, "CEN-INI-1", "use_advantage", 0)
    side, points = leadership_advantage(rating_first, rating_second)
    if not 0 <= use_advantage <= points:
        raise ValueError(f"CEN-INI-1: the Leadership Advantage is {points} point(s); cannot use {use_advantage}")
    rolls = []
    while True:
        r1 = dice.roll("d10", purpose=f"initiative, {names[0]}", rule="CEN-INI-1")
        r2 = dice.roll("d10", purpose=f"initiative, {names[1]}", rule="CEN-INI-1")
        rolls.append((r1, r2))
        t1 = r1.result - (use_advantage if side == "first" else 0)
        t2 = r2.result - (use_advantage if side == "second" else 0)
        if t1 != t2:
            return InitiativeResult("first" if t1 < t2 else "second", tuple(rolls), use_advantage, (t1, t2))


def passes_available(unused_advantage: int) -> int:
    """Platoons a side may pass and move later: one per 3 full unused leadership points (CEN-INI-2)."""
    whole(unused_advantage, "CEN-INI-2", "unused_advantage", 0)
    return unused_advantage // 3
