"""What the computer opponent weighed for one decision, noted while it decides (issue 25, item 4).

The bots (game/bot.py, game/centuria_bot.py) call `note` with every option they score and the score they gave it;
outside `tracing()` a note costs one context-variable lookup and records nothing, so `bot_action` plays exactly as
before. `game/bot_reasons.py` turns the notes into a `BotDecision` (the reason and the top three alternatives).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Note:
    """One option the bot scored: what kind of decision, the action, its score, and what the reason needs."""

    kind: str
    action: Any
    score: float
    data: dict[str, Any] = field(default_factory=dict, compare=False)


_NOTES: ContextVar[list[Note] | None] = ContextVar("centurion_bot_notes", default=None)


def tracing() -> bool:
    """Whether a decision is being explained (the notes are kept)."""
    return _NOTES.get() is not None


def note(kind: str, action: Any, score: float, **data: Any) -> None:
    """Keep one scored option of the decision being explained (nothing outside `traced`)."""
    notes = _NOTES.get()
    if notes is not None:
        notes.append(Note(kind, action, float(score), data))


@contextmanager
def traced() -> Iterator[list[Note]]:
    """Collect the notes of the decisions taken inside the block, in the order they were scored."""
    notes: list[Note] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


@contextmanager
def silenced() -> Iterator[None]:
    """No notes kept inside the block, even within `traced` (the elite's playouts: their decisions are not its own)."""
    token = _NOTES.set(None)
    try:
        yield
    finally:
        _NOTES.reset(token)


__all__ = ["Note", "note", "silenced", "traced", "tracing"]
