"""Who plays each side, kept in a save (Centurion or Centuria) and put back in the set-up when it is loaded (W3),
and the computer's reasons, kept with it and put back on the log's lines (issue 25; Centuria's since session 31)."""

from __future__ import annotations

import base64
from typing import Any

from ..game.bot_reasons import with_reason
from ..game.save import saved_players, saved_reasons, with_players, with_reasons

WHY = " — why: "  # how a computer decision's log line carries its reason (game/bot_reasons.py)


def page_reasons(states: list) -> dict[int, str]:
    """The computer's reasons on the log lines of a page's states, by decision index (states[i + 1] is decision i's
    result, its line the first of those it added)."""
    out = {}
    for i in range(1, len(states)):
        line = states[i].log[len(states[i - 1].log)] if len(states[i].log) > len(states[i - 1].log) else ""
        if WHY in line:
            out[i - 1] = line.split(WHY, 1)[1]
    return out


def save_text(page: Any, game: Any, text: str) -> str:
    """The save text of a local game with its players and the computer's reasons written in; a stored game's record
    unchanged."""
    if page.seat is not None:
        return text
    return with_reasons(with_players(text, page.players), page_reasons(page.states))


def replayed(first: Any, game: Any, data: bytes | str) -> list:
    """The states of a loaded game from `first` (the page's fresh start), one a decision, each computer decision's
    log line with the reason the save kept (its `reasons`, issue 25)."""
    reasons = saved_reasons(data)
    states = [first]
    for i, a in enumerate(game.history):
        nxt = states[-1].apply(a)
        states.append(with_reason(states[-1], nxt, a, reasons[i]) if i in reasons else nxt)
    return states


def restore_players(page: Any, game: Any, data: bytes | str) -> str:
    """Set the page's player pickers from a loaded save (its `players` field, if any); the sentence saying who
    plays each side now."""
    saved = saved_players(data)
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


__all__ = ["page_reasons", "replayed", "restore_players", "save_link_html", "save_text"]
