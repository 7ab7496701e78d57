"""VAR-OCCUPY on the Skirmish page: which listed move enters a partly covered hex (so its player may say where it
stands there), and the note a changed position adds to the move's label. Moved out of `skirmish.py` (its size)."""

from __future__ import annotations

from typing import Any

from ..game import Move
from ..game.variants import end_position, occupy_parts
from ..hexgrid import format_label
from ..rules import Refusal
from ..variants.movement import VariantResolvedMove
from .safety import guarded


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




class PositionChoice:
    """The Skirmish page's position toggle (VAR-OCCUPY): in the cover or out in the open part of a partly covered end
    hex. A part of `SkirmishTable` (widgets/skirmish.py), kept apart for size: it uses the page's `position_toggle`,
    `choice`, `message`, `_choices` and `_positioned`."""

    def _position_hex(self, a):
        """(resolved move, partly covered end hex) for a move the player may position in its end hex (VAR-OCCUPY)."""
        return position_hex(self.game, a, self.viewing)

    def _draw_position_toggle(self, a) -> None:
        """Show the 'in the woods / out in the open part' toggle for a move ending in a partly covered hex, set to
        the position the move declares there (VAR-OCCUPY); hide it otherwise."""
        found = self._position_hex(a)
        self.position_toggle.unobserve(self._on_position, names="value")
        try:
            if found is None:
                self.position_toggle.layout.display = "none"
                return
            res, part = found
            cover = part.terrain.replace("_", " ")
            self.position_toggle.options = [(f"stand in the {cover}" if "woods" not in cover else
                                             "stand in the woods", "in"), ("out in the open part", "out")]
            self.position_toggle.value = end_position(res, "") or "in"
            self.position_toggle.layout.display = None
        finally:
            self.position_toggle.observe(self._on_position, names="value")

    @guarded()
    def _on_position(self, change: dict) -> None:
        self.choose_position(change["new"])

    def choose_position(self, position: str) -> None:
        """Replace the picked move by the same move standing `position` ('in' or 'out') in its partly covered end
        hex (`Skirmish.with_position`); a refusal is shown naming VAR-OCCUPY and the toggle goes back."""
        i, a = self.choice.value, self.chosen()
        if self._position_hex(a) is None:
            self.message.show("Pick a move that ends in a partly covered hex first (VAR-OCCUPY).", "refusal")
            self._draw_position_toggle(a)
            return
        new = self.game.with_position(a, position)
        if isinstance(new, Refusal):
            self.message.show(f"Refused: {new}", "refusal")
            self._draw_position_toggle(a)  # back to the position the move declares
            return
        if new == self._choices[i]:
            self._positioned.pop(i, None)
        else:
            self._positioned[i] = new
        where = "out in the open part" if position == "out" else "in the cover"
        self.message.show(f"{a.unit} will stand {where} of {format_label(self._position_hex(new)[0].end_hex)} "
                          "(VAR-OCCUPY): Confirm to move.", "info")
        self._relabel()
        self._show_preview()
        self._draw_overlay()

    def _position_note(self, i: int) -> str:
        """The note of a listed move whose position the player changed (VAR-OCCUPY)."""
        return position_note(self.game, self._positioned.get(i))


__all__ = ["PositionChoice", "position_hex", "position_note"]
