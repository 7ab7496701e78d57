"""The speed choice for a move on the Skirmish page (W8): which end velocity the listed and shaded moves have.

A board player says how fast the tank goes before plotting where it goes; here the legal ends (from the game's
`move_options`) are filtered by the end velocity picked: any, or one velocity (keeping the current one first).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

from ..game import Move, Skirmish

log = logging.getLogger("centurion.widgets")

#: what the move notation means, shown under a move's path (CEN-GRAV-1, CEN-GRAV-2, CEN-GRAV-4)
MOVE_KEY = ("Key: F = forward one hex, B = back one hex, L / R = turn one hexside left / right; accelerate N and "
            "decelerate N = thrust points spent before / after moving; velocity = the hexes the vehicle must move "
            "each turn [CEN-GRAV-1, CEN-GRAV-2, CEN-GRAV-4].")


ANY = "any"  # the value of 'any end velocity' (None would leave ipywidgets' list blank: it means no selection)
SAFE = "#2e7d32"  # green hatching: a move may end there
CRASH = "#c62828"  # red hatching: only a crash landing ends there


def end_velocity(g: Skirmish, a: Move, grounded: bool = False) -> int:
    """The velocity a move ends at: now + acceleration - lift-off cost - deceleration; 0 once grounded
    (CEN-GRAV-1, CEN-GRAV-6)."""
    return 0 if grounded else g.end_velocity(a.unit, a.move)


def advice_key(g: Skirmish, a: Move, end: Any) -> tuple:
    """How a listed move ranks as advice: the safest first (its chance of no damage, CEN-SPD-1, CEN-GRD-1), then in
    flight before a landing, then the slowest end velocity (CEN-GRAV-1); the game's numbers only."""
    return -end.p_no_damage, bool(end.grounded), end_velocity(g, a, bool(end.grounded))


def safest_first(g: Skirmish, moves: Iterable[tuple[Move, Any]]) -> list[tuple[Move, Any]]:
    """The (move, end) pairs in the order of `advice_key`, ties kept in the game's order (walk 29, finding 2)."""
    return sorted(moves, key=lambda pair: advice_key(g, *pair))


class SpeedChoice(w.Dropdown):
    """'any end velocity' or 'end at velocity N': the moves listed and the ends shaded keep to it (W8)."""

    def __init__(self, on_change: Callable[[], None] | None = None) -> None:
        super().__init__(options=[("any end velocity", ANY)], value=ANY, description="Speed",
                         style={"description_width": "45px"}, layout=w.Layout(width="270px", display="none"))
        self.add_class("centurion-speed")
        self._on_change = on_change
        self._for: tuple | None = None
        self.observe(self._changed, names="value")

    def _changed(self, _change: dict) -> None:
        if self._on_change is not None:
            try:
                self._on_change()
            except Exception as exc:  # a callback's failure never becomes a traceback on the page
                log.exception("speed choice: %s", exc)

    def set_for(self, g: Skirmish, key: str | None, options: Iterable[tuple[Move, Any]] | None) -> None:
        """Offer the end velocities of the selected vehicle's legal moves (hidden when none is selected)."""
        if options is None or key is None:
            self.layout.display = "none"
            self._for = None
            return
        v = g.vehicle(key)
        speeds = sorted({n for _m, e in options if not e.grounded for n in range(e.velocity_min, e.velocity_max + 1)}
                        | {0 for _m, e in options if e.grounded})  # every end velocity the ends allow (CEN-GRAV-4)
        if self._for == (key, len(g.history)) and list(self.options[1:]) == self._labels(speeds, v.velocity):
            return
        keep = self.value if self._for is not None and self._for[0] == key and self.value in speeds else ANY
        self.unobserve(self._changed, names="value")
        try:
            self.options = [("any end velocity", ANY)] + self._labels(speeds, v.velocity)
            self.value = keep
        finally:
            self.observe(self._changed, names="value")
        self._for = (key, len(g.history))
        self.layout.display = None

    @staticmethod
    def _labels(speeds: list[int], now: int) -> list[tuple[str, int]]:
        """Each end velocity with what it means: a negative one flies backwards (CEN-GRAV-5; walk of session 53: it
        read "(slower)")."""
        def word(n: int) -> str:
            if n == now:
                return "as now"
            if n == 0:
                return "stop, hover or ground"
            if n < 0:
                return "backwards"
            return "forwards" if now < 0 else "faster" if n > now else "slower"

        return [(f"end at velocity {n} ({word(n)})", n) for n in speeds]

    def moves_for(self, g: Skirmish, key: str) -> tuple:
        """The moves listed and shaded for the vehicle: every legal end (its safest path) with 'any', else the moves
        that end at the velocity picked, braking after the path where a slower end needs it (the game's
        `move_options_at`, checked as `apply` checks them; grounded ends count as velocity 0) (W8, CEN-GRAV-4)."""
        if not isinstance(self.value, int):  # ANY (or nothing picked)
            return g.move_options(key)
        grounded = tuple((m, e) for m, e in g.move_options(key) if e.grounded) if self.value == 0 else ()
        return grounded + g.move_options_at(key, self.value)

    def hatching(self, g: Skirmish, key: str) -> list[tuple]:
        """The hexes to shade for the vehicle's moves: green where a move may end without certain damage, red where
        every move listed ends in a crash landing (grounded at speed, no chance of no damage, CEN-GRD-1)."""
        crash: dict = {}
        for _m, e in self.moves_for(g, key):
            crash[e.hex] = crash.get(e.hex, True) and bool(e.grounded) and e.p_no_damage == 0
        return [(h, CRASH if only else SAFE) for h, only in crash.items()]


__all__ = ["ANY", "CRASH", "MOVE_KEY", "SAFE", "SpeedChoice", "advice_key", "end_velocity", "safest_first"]
