"""Who plays each side, kept in a Centurion save and put back in the set-up when it is loaded (W3)."""

from __future__ import annotations

import base64
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


def save_link_html(page: Any, style: str) -> str:
    """A battle page's save link: the game now as a versioned save file (with its players), a stored game's record
    once it is over (its dice stay secret until then)."""
    g = page.game
    if page.seat is not None and not g.over:
        return ('<span class="centurion-save-later" style="color:#555">The record of this '
                f"{page.NOUN} downloads once it is over (its dice stay secret until then).</span>")
    text = page.seat.record() if page.seat is not None else save_text(page, g, g.to_json())  # with players
    data = base64.b64encode(text.encode()).decode()
    name = f"{page.SAVE_PREFIX}-{g.scenario.key}-seed{g.seed}-{page.TURN_WORD}{g.turn}.json"
    return (f'<a download="{name}" href="data:application/json;base64,{data}" class="centurion-save-link" '
            f'style="{style}">Save the {page.NOUN} (download)</a>')


__all__ = ["restore_players", "save_link_html", "save_text"]
