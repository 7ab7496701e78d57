"""A running stored game as its players see it: the dice's seed hidden (issue 24).

The store draws each game's seed itself and keeps it until the game is over, so nobody can roll the dice
ahead of the table. While the game runs, `GameStore.state` hands out a copy of the state whose seed is None,
whose log's first line says "seed hidden" and whose `to_json` and `apply` are refused (decisions go through
`GameStore.play`, which applies them to the real state). Once the game is over the real state is given.
Nothing of the game layer changes: these are subclasses, so a view is still a `Skirmish` or a
`CenturiaSkirmish` (legal actions, the board, the log and the result read as usual).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..game import CenturiaSkirmish, Skirmish
from .errors import StoreError

HIDDEN = "seed hidden"


class _Hidden:
    """What a hidden view refuses: saving (the save holds the seed) and applying (the store plays)."""

    seed: Any

    def to_json(self) -> str:
        """Refused: the save names the seed of the dice, which the store keeps until the game is over."""
        raise StoreError("the record of a stored game (with the seed of its dice) is given once the game is over: "
                         "GameStore.record(game_id)")

    def apply(self, action: Any) -> Any:
        """Refused: a stored game's decisions are played with GameStore.play (the dice are the store's)."""
        raise StoreError("a stored game is played with GameStore.play(game_id, token, action, step=n); "
                         "its view has no dice")


class HiddenSkirmish(_Hidden, Skirmish):
    """A running stored Centurion game, seed hidden (see the module docstring)."""


class HiddenCenturiaSkirmish(_Hidden, CenturiaSkirmish):
    """A running stored Centuria battle, seed hidden (see the module docstring)."""


def masked_log(log: tuple[str, ...], seed: int) -> tuple[str, ...]:
    """The log with the seed of its first line (the set-up line names it) replaced by 'seed hidden'."""
    if not log:
        return log
    return (log[0].replace(f"seed {seed}", HIDDEN),) + log[1:]


def hidden_view(state: Any) -> Any:
    """What the players see of a stored game: the state itself once it is over, else a copy with its seed hidden."""
    if state.over:
        return state
    cls = HiddenCenturiaSkirmish if isinstance(state, CenturiaSkirmish) else HiddenSkirmish
    if not isinstance(state, (Skirmish, CenturiaSkirmish)):
        raise StoreError(f"not a game state: {type(state).__name__}")
    values = {f.name: getattr(state, f.name) for f in fields(state) if f.init}
    values.update(seed=None, log=masked_log(state.log, state.seed))
    return cls(**values)


__all__ = ["HiddenSkirmish", "HiddenCenturiaSkirmish", "hidden_view", "masked_log", "HIDDEN"]
