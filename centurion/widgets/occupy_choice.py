"""VAR-OCCUPY on the Skirmish page: which listed move enters a partly covered hex (so its player may say where it
stands there), and the note a changed position adds to the move's label. Moved out of `skirmish.py` (its size)."""

from __future__ import annotations

from typing import Any

from ..game import Move
from ..game.variants import end_position, occupy_parts
from ..variants.movement import VariantResolvedMove


def position_hex(g: Any, a: Any, viewing: int | None) -> Any:
    """(resolved move, partly covered end hex) when `a` is a move of a vehicle moving now that enters a partly
    covered end hex with VAR-OCCUPY on (so its player may declare the position there); else None."""
    if not isinstance(a, Move) or not g.rules.enabled("VAR-OCCUPY") or g.over or viewing is not None:
        return None
    if a.unit not in {v.key for v in g.movers()}:
        return None
    res = g.resolve_variant(a.unit, a.move)
    parts = occupy_parts(g)
    if not isinstance(res, VariantResolvedMove) or not res.basic.entries or res.end_hex not in parts:
        return None
    return res, parts[res.end_hex]


def position_note(g: Any, a: Any) -> str:
    """' — you chose: out in the open part, 40% safe' for a listed move whose position the player changed (`a`, or
    None when unchanged) [VAR-OCCUPY]."""
    res = g.resolve_variant(a.unit, a.move) if a is not None else None
    if not isinstance(res, VariantResolvedMove):
        return ""
    where = "out in the open part" if end_position(res, "") == "out" else "in the cover"
    return f" — you chose: {where}, {float(res.p_no_damage):.0%} safe [VAR-OCCUPY]"


__all__ = ["position_hex", "position_note"]
