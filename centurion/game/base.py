"""What the states of both games share (issue 23): the dice of each decision, the result of a game, equality by
position, and one path for a decision: `is_legal` makes the very check `apply` makes, and `apply` checks, rolls
the decision's own dice, applies it and writes the log the same way in Centurion (CEN-SEQ-1) and Centuria (CTA-1).

A game state is a frozen dataclass with the fields `seed`, `history`, `log` and `_cache` (a dict, not compared)
and an `over` property; it subclasses `GameState` with `eq=False` (so that `__eq__` and `__hash__` come from here)
and fills in `_check`, `_do`, `_entry`, `_state_key` and `_hash_key`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..dice import Dice
from .actions import IllegalAction


def decision_dice(seed: int, n: int) -> Dice:
    """The dice of decision n of a game (n = -1 for the set-up): a stream of its own from the seed."""
    return Dice(seed=seed * 1_000_003 + n + 1)


@dataclass(frozen=True)
class Result:
    """The end of a game: winner (a side key, None on a draw), level of victory, points per side (book-b §15.3)."""

    winner: str | None
    level: str
    points: Mapping[str, int]
    reason: str = ""


class GameState:
    """The decision path and the equality both games' states share (see the module docstring)."""

    over_rule: ClassVar[str] = "CEN-SEQ-1"  # the rule a decision after the end is refused under
    over_text: ClassVar[str] = "the game is over"

    # --- filled in by each game --------------------------------------------------------------------------------
    def _check(self, action: Any) -> None:
        """Raise IllegalAction naming the rule unless `apply` may play `action` now; no dice, nothing changed."""
        raise NotImplementedError

    def _do(self, action: Any, dice: Dice) -> Any:
        """The state after a checked `action` (its history already holds it), rolling on `dice`; the lines it adds
        to the log come after the log of the state before."""
        raise NotImplementedError

    def _entry(self, action: Any) -> str:
        """The log line of the decision itself (when, who, what)."""
        raise NotImplementedError

    def _state_key(self) -> tuple:
        """What makes two states equal: the position and the number of decisions taken, not the record."""
        raise NotImplementedError

    def _hash_key(self) -> tuple:
        """A cheap part of `_state_key` to hash (equal states must give equal keys)."""
        raise NotImplementedError

    # --- one decision, one path --------------------------------------------------------------------------------
    def is_legal(self, action: Any) -> bool:
        """Whether `apply(action)` would accept it now: the very check `apply` makes, no dice rolled, the state
        unchanged; a move by any legal path, not only the one `legal_actions` lists (issue 23)."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Any) -> Any:
        """The state after `action`; an action the rules refuse raises IllegalAction and changes nothing."""
        if self.over:
            raise IllegalAction(self.over_rule, self.over_text)
        self._check(action)  # the check `is_legal` makes (issue 23)
        dice = decision_dice(self.seed, len(self.history))
        entry = self._entry(action)
        start = len(dice.log)
        nxt = replace(self, history=self.history + (action,))._do(action, dice)
        rolls = tuple(f"    {r.describe()}" for r in dice.log[start:])
        # the log: the decision, then its rolls (each with target and exact odds), then what came of it
        return replace(nxt, log=self.log + (entry,) + rolls + nxt.log[len(self.log):])

    # --- equality and hashing (issue 23): the position, not the way it was reached ----------------------------
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is other or self._state_key() == other._state_key()

    def __hash__(self) -> int:
        """Equal states hash alike (a transposition table may key on states); the hash is cached."""
        if "hash" not in self._cache:
            self._cache["hash"] = hash(self._hash_key())
        return self._cache["hash"]


def taken_rolls(dice: Dice, start: int) -> list[str]:
    """The rolls made since `start` as log lines, taken out of the dice's log: a step that logs its own rolls under
    its own line (VAR-INIT's initiative, the End Phase, CEN-SEQ-1), so that `apply` does not list them again with the
    decision that led to it."""
    lines = [f"    {r.describe()}" for r in dice.log[start:]]
    del dice.log[start:]
    return lines


__all__ = ["GameState", "Result", "decision_dice", "taken_rolls"]
