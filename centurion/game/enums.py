"""Phases and levels as str-valued enums (issue 23): `Phase.MOVEMENT == "movement"`, so saves and code that
compares with the plain text keep working, and `str()`, f-strings and JSON give the plain text."""

from __future__ import annotations

from enum import Enum


class _Text(str, Enum):
    """A str-valued enum whose text is its value (also in f-strings and JSON) and whose hash is the text's."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str.__str__(self), spec)

    __hash__ = str.__hash__


class Phase(_Text):
    """The phase of a game: Centurion's turn (CEN-SEQ-1) and Centuria's round (CTA-1); OVER once it has ended."""

    INITIATIVE = "initiative"
    ORDER = "order"
    MOVEMENT = "movement"
    OPPORTUNITY = "opportunity"
    PAINTING = "painting"
    FIRE = "fire"
    END = "end"
    COMBAT = "combat"  # Centuria's combat phase (CTA-1)
    OVER = "over"


class Level(_Text):
    """How hard the computer opponent plays (`bot_action(state, level)`)."""

    NOVICE = "novice"
    VETERAN = "veteran"
    ELITE = "elite"  # the veteran playing its fire and painting options out on sampled dice (issue 25)


__all__ = ["Phase", "Level"]
