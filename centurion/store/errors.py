"""The store's errors: each a ValueError naming the game and what is wrong (issue 24)."""

from __future__ import annotations


class StoreError(ValueError):
    """A request the game store refuses: an unknown game, a record asked for before the end, a bad address."""


class StaleStep(StoreError):
    """A decision made on an old view of the game: another decision was stored first (two browsers racing)."""


class WrongSeat(StoreError):
    """A token that is not the deciding side's: another side's seat, the spectator's, or no seat of the game."""


__all__ = ["StoreError", "StaleStep", "WrongSeat"]
