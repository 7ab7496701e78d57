"""The Vulcan's owner decisions (book-a 15.2, E25): how many missiles it engages this turn, and how many of its kill
rolls go on each attacker's missile hits.

The engagement N is declared once a turn, at the first enemy attack that hits the vehicle with missiles, once
that attacker's hits are known; N sets the kill number, and the N rolls may be spread over the attackers of the
turn. A `VulcanPolicy` makes both choices; `E25_POLICY` (the default of the fire rules) does what E25 does: it
engages the hits of the first attacker plus one roll kept for later attackers, and spends a roll on each hit as
long as rolls are left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..data.vehicles import weapon_table
from .damage import vulcan_kill_number
from .record import RecordSheet


@dataclass(frozen=True)
class VulcanPolicy:
    """The owner's two Vulcan decisions (book-a 15.2).

    `declare(rating, hits, later)` -> N engaged this turn (0: none), asked once a turn when the first attacker's
    `hits` missile hits are known and `later` attackers with missiles at the vehicle are still to fire.
    `spend(rolls_left, hits, later)` -> the kill rolls used on this attacker's `hits` (the rest kept).
    """

    declare: Callable[[int, int, int], int]
    spend: Callable[[int, int, int], int]


def _e25_declare(rating: int, hits: int, later: int) -> int:
    """Engage this attacker's hits and keep one roll for the later attackers, within the table (E25)."""
    n = hits + (1 if later else 0)
    while n > 0 and vulcan_kill_number(rating, n) is None:
        n -= 1
    return n


def _e25_spend(rolls_left: int, hits: int, later: int) -> int:
    """A roll on every hit while rolls are left (E25: two rolls on the first attacker's two hits)."""
    return min(rolls_left, hits)


E25_POLICY = VulcanPolicy(_e25_declare, _e25_spend)


def usable_vulcan(sheet: RecordSheet | None) -> int | None:
    """The rating of the sheet's Vulcan if it can engage (not destroyed with the turret weapons), else None."""
    if sheet is None:
        return None
    for i, w in enumerate(sheet.vehicle.weapons):
        if w.type.startswith("Vulcan") and sheet.weapon_usable(i):
            return weapon_table()[w.type].rating
    return None


__all__ = ["E25_POLICY", "VulcanPolicy", "usable_vulcan"]
