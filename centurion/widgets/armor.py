"""An armor diagram: 10 x 10 boxes a section, unused rows crossed, lost boxes marked (CEN-REC-1, CEN-SPD-2)."""

from __future__ import annotations

import ipywidgets as w
import numpy as np
from ipycanvas import Canvas, hold_canvas

from ..rules.armor import Armor
from .colors import rgb_array
from .reference import link_rules
from .safety import guarded, reset_canvas_switch

BOX = 9


class ArmorDiagram(w.VBox):
    """Draws chosen sections of an Armor: white intact, grey unused, red lost, orange lost in the last event."""

    def __init__(self, armor: Armor, sections: tuple[str, ...] = ("front", "bottom")) -> None:
        self.armor = armor
        self.sections = sections
        self.recent: dict[str, set[int]] = {}
        width = len(sections) * (10 * BOX + 24)
        self.canvas = Canvas(width=width, height=10 * BOX + 22)
        self.canvas.layout.width = f"{width}px"
        self.caption = w.HTML()
        super().__init__([self.canvas, self.caption])
        self.add_class("centurion-armor")
        self.canvas.on_client_ready(self._ready)
        self.draw()

    @guarded("caption")
    def _ready(self) -> None:
        self.draw()

    def update(self, armor: Armor, recent: dict[str, tuple[int, ...]] | None = None) -> None:
        """Show new armor; `recent` boxes (per section) are highlighted."""
        self.armor = armor
        self.recent = {k: set(v) for k, v in (recent or {}).items()}
        self.draw()

    def draw(self) -> None:
        """Redraw every section in one batch."""
        reset_canvas_switch(self.canvas)
        c = self.canvas
        rects, colors = [], []
        for i, name in enumerate(self.sections):
            sec = self.armor[name]
            x0 = i * (10 * BOX + 24) + 4
            for box in range(100):
                r, col = divmod(box, 10)
                rects.append((x0 + col * BOX, 18 + r * BOX))
                if box < sec.first_box:
                    colors.append("#b9b9b9")
                elif box in self.recent.get(name, ()):
                    colors.append("#ff8c00")
                elif box in sec.destroyed:
                    colors.append("#c62828")
                else:
                    colors.append("#ffffff")
        xy = np.array(rects, dtype=float)
        with hold_canvas():
            c.clear()
            c.fill_style = "#5f5f5f"  # the grid lines between boxes
            for i in range(len(self.sections)):
                c.fill_rect(i * (10 * BOX + 24) + 3, 17, 10 * BOX + 1, 10 * BOX + 1)
            c.fill_styled_rects(xy[:, 0], xy[:, 1], BOX - 1, BOX - 1, color=rgb_array(colors))
            c.fill_style = "#222"
            c.font = "11px sans-serif"
            for i, name in enumerate(self.sections):
                sec = self.armor[name]
                c.fill_text(f"{name} {sec.intact}/{sec.armor}", i * (10 * BOX + 24) + 4, 12)
        self.caption.value = link_rules("<span style='font-size:11px'>White: armor left; grey: unused rows "
                                        "(CEN-REC-1); red: lost; orange: "
                                        "lost just now, row by row from the top-left (CEN-SPD-2, CEN-GRD-1).</span>")
