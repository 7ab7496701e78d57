"""Who plays each side, kept in a Centurion save and put back in the set-up when it is loaded (W3)."""

from __future__ import annotations

from typing import Any

from ..game import Skirmish
from ..game.save import saved_players, with_players


def save_text(page: Any, game: Any, text: str) -> str:
    """The save text of a local Centurion game with its players written in; other saves unchanged."""
    return with_players(text, page.players) if isinstance(game, Skirmish) and page.seat is None else text


def restore_players(page: Any, game: Any, data: bytes | str) -> str:
    """Set the page's player pickers from a loaded save (its `players` field, if any); the sentence saying who
    plays each side now."""
    saved = saved_players(data) if isinstance(game, Skirmish) else {}
    keys = page._side_keys(game)
    for pick, key in zip(page.player_picks, keys, strict=True):
        if key in saved:
            pick.value = saved[key]
    return "; ".join(f"{game.label(key)}: " + ("a person" if pick.value == "person" else
                                               f"the computer ({getattr(pick.value, 'value', pick.value)})")
                     for pick, key in zip(page.player_picks, keys, strict=True))


__all__ = ["restore_players", "save_text"]
