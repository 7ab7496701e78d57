"""MoraleDiagram: the four morale states of a Centuria unit drawn as boxes, the current one lit (CTA-MORALE)."""

from __future__ import annotations

import ipywidgets as w
import numpy as np
from ipycanvas import Canvas, hold_canvas

from ..centuria import MARKERS
from .colors import rgb_array
from .safety import guarded, reset_canvas_switch


class MoraleDiagram(w.VBox):
    """The four morale states as boxes with arrows; the unit's current state is lit (CTA-MORALE)."""

    def __init__(self) -> None:
        self.canvas = Canvas(width=520, height=60)
        self.canvas.layout.width = "520px"
        self.state = 0
        self.canvas.on_client_ready(self._ready)
        super().__init__([self.canvas])
        self.add_class("centurion-morale-diagram")
        self.draw()

    @guarded("canvas")
    def _ready(self) -> None:
        self.draw()

    def show(self, marker: int) -> None:
        """Light the box of a marker state 0..3."""
        self.state = marker
        self.draw()

    def draw(self) -> None:
        """Draw the state boxes in one batch."""
        reset_canvas_switch(self.canvas)
        xs = np.array([10.0 + i * 128 for i in range(4)])
        colors = ["#ffca28" if i == self.state else "#eeeeee" for i in range(4)]
        with hold_canvas():
            c = self.canvas
            c.clear()
            c.fill_styled_rects(xs, np.full(4, 12.0), 100, 36, color=rgb_array(colors))
            c.stroke_style = "#555"
            c.line_width = 1.5
            for x in xs:
                c.stroke_rect(float(x), 12, 100, 36)
            for x in xs[:-1]:
                c.stroke_line(float(x) + 102, 30, float(x) + 126, 30)
            c.fill_style = "#222"
            c.font = "13px sans-serif"
            c.text_align = "center"
            c.text_baseline = "middle"
            for i, name in enumerate(MARKERS):
                c.fill_text(name, float(xs[i]) + 50, 30)


__all__ = ["MoraleDiagram"]
