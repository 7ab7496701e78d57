"""The seed of a battle page's games (W22): a fresh random one for every new game unless the player types one in the
Seed box, or the page's address (`?seed=1`) or the environment (CENTURION_SEED, the browser tests) fixes it; the
running game's seed is shown next to the box, so a game can be played again.

A game kept on the server (issue 24) is rolled by the server with a seed of its own, shown once it is over: on a
page that keeps its games there, the Seed box is hidden and the log names no seed until then.
"""

from __future__ import annotations

import html
import os
import secrets
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

ENV = "CENTURION_SEED"
SEED_RANGE = 1_000_000  # six digits at most: easy to read out and type back in


def fresh_seed() -> int:
    """A new random seed (0 to 999,999) for a new game (W22)."""
    return secrets.randbelow(SEED_RANGE)


def fixed_seed() -> int | None:
    """The seed the page's address (`?seed=N`) or the environment (CENTURION_SEED) fixes, else None; a value that is
    not a whole number is ignored."""
    wanted = parse_qs(os.environ.get("QUERY_STRING", "")).get("seed", [""])[0].strip()
    for text in (wanted, os.environ.get(ENV, "").strip()):
        try:
            return int(text)
        except ValueError:
            continue
    return None


class SeedChoice:
    """Which seed the next game uses: the box's, or a fresh one while 'new seed each game' is ticked (W22)."""

    def __init__(self, box: w.IntText, seed: int | None) -> None:
        self.box = box
        fixed = seed if seed is not None else fixed_seed()
        box.value = fresh_seed() if fixed is None else fixed
        # ticked: a fresh seed for every game, until the player types one or unticks it (the page may fix it)
        self.fresh = w.Checkbox(value=fixed is None, description="new seed each game", indent=False,
                                layout=w.Layout(width="160px"))
        self.fresh.add_class("centurion-fresh-seed")
        self.note = w.HTML(layout=w.Layout(margin="0 0 0 8px"))
        self.note.add_class("centurion-seed-note")
        box.observe(self._typed, names="value")

    @property
    def widgets(self) -> list[w.Widget]:
        """The checkbox and the note, to put beside the Seed box."""
        return [self.fresh, self.note]

    def _typed(self, change: dict) -> None:
        self.fresh.value = False  # the player chose this seed: the next games use it

    def _set(self, value: int) -> None:
        self.box.unobserve(self._typed, names="value")
        self.box.value = value
        self.box.observe(self._typed, names="value")

    def next_seed(self) -> Any:
        """The seed of the game about to start (a fresh one drawn into the box while 'new seed each game' is on)."""
        if self.fresh.value:
            self._set(fresh_seed())
        return self.box.value

    def loaded(self, seed: int) -> None:
        """A loaded save's seed in the box."""
        self._set(seed)

    def show(self, game: Any, hidden: bool) -> None:
        """Name the running game's seed; a game the server rolls draws its own, secret until it is over, so the
        Seed box and its checkbox are hidden then (W22, issue 24)."""
        for widget in (self.box, self.fresh):
            widget.layout.display = "none" if hidden else None
        if hidden and (not game.over or game.seed is None):
            self.note.value = ('<span style="font-size:13px;color:#555">seed: drawn by the server for each game, '
                               'shown once it is over</span>')
            return
        again = ("Saved with the game (Save)." if hidden else
                 "To play this game again: untick 'new seed each game', type its seed in the Seed box and start "
                 "a new game.")
        self.note.value = (f'<span style="font-size:13px" title="{again}">this game: '
                           f'<b class="centurion-game-seed">seed {html.escape(str(game.seed))}</b></span>')


__all__ = ["ENV", "SeedChoice", "fixed_seed", "fresh_seed"]
