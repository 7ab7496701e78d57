"""The explicit "End phase" of the Skirmish page (W23): the End Phase ends with one button, as in VASSAL or
MegaMek, and ending it stays in the list whatever unit is selected. The action comes from the game's own list."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..game import EndTurn, Skirmish
from .safety import ClickButton


def end_phase_button(handler: Any) -> ClickButton:
    """The 'End phase' button beside Confirm, hidden until an End Phase of the player's is open (W23)."""
    button = ClickButton(description="End phase", button_style="warning",
                         tooltip="end your End Phase: the turn goes on (CEN-SEQ-1)",
                         layout=w.Layout(width="110px", display="none"))
    button.add_class("centurion-end-phase")
    button.on_click(handler)
    return button


def phase_end_action(g: Any) -> Any:
    """The decision that ends the side's End Phase now (CEN-SEQ-1), if the game offers it; else None."""
    if not isinstance(g, Skirmish) or g.over or g.phase != "end":
        return None
    return next((a for a in g.legal_actions() if isinstance(a, EndTurn)), None)


def with_phase_end(mine: list, everything: list) -> list:
    """The selected unit's decisions, followed by the decisions of no unit: the end of the phase when it is open
    (W23), letting a move pass (CEN-OPP-1; walk of session 31: with the watcher selected the pass was not listed);
    every decision open now when the unit has none."""
    if not mine:
        return everything
    return mine + [a for a in everything if a not in mine and (isinstance(a, EndTurn) or (
        getattr(a, "unit", None) is None and getattr(a, "squad", None) is None))]


__all__ = ["end_phase_button", "phase_end_action", "with_phase_end"]
