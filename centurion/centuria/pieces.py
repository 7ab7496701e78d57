"""The pieces of a Centuria battle and what happens to them: units and leaders, the events of the log, and the
terrain table row a piece reads (CTA-1, CTA-2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..data import CenturiaTables
from ..dice import Roll
from ..hexgrid import Hex


class UnknownPiece(KeyError, ValueError):
    """No piece with that id: a KeyError for the lookups, a ValueError naming the rule for callers (CTA-1)."""

    def __str__(self) -> str:
        return f"CTA-1: {self.args[0]}"


@dataclass(frozen=True)
class Piece:
    """A unit or leader on the map (CTA-1): its type, side, place, facing and morale marker."""

    id: str
    type: str
    side: str
    hex: Hex
    facing: int
    commander: str | None
    kind: str  # sub_unit, engine or leader
    arm: str | None = None
    marker: int = 0  # 0 intact, 1 idle, 2 dissolving, 3 fleeing (CTA-MORALE)
    alive: bool = True
    engine_out_round: int | None = None  # the round an engine was put out of action by a roll of 1

    @property
    def is_leader(self) -> bool:
        """Leaders move singly and command (CTA-1)."""
        return self.kind == "leader"


@dataclass(frozen=True)
class Event:
    """One thing that happened, for the log: text, rule, and the rolls behind it."""

    text: str
    rule: str
    rolls: tuple[Roll, ...] = ()


def arm(p: Piece, tables: CenturiaTables) -> str:
    """A piece's arm, infantry or cavalry: its own (a leader's, from the scenario) or its type's (CTA-2)."""
    return p.arm or tables.units[p.type].arm


def terrain_row(p: Piece, tables: CenturiaTables) -> str:
    """The terrain table row of a piece: its own type, or for a leader his arm's (centuria or turma; decision)."""
    if p.is_leader:
        return "turma" if arm(p, tables) == "cavalry" else "centuria"
    return p.type
