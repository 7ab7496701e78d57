"""HexMapView: the battlefield on an ipycanvas MultiCanvas (terrain, units, overlay layers).

A view only: it draws a `BattleMap` and reports clicks; rules live below it.
Everything is drawn with the batch calls under `hold_canvas()`, and redrawn when
a browser page becomes ready (`on_client_ready`), or Voila shows a blank canvas.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from itertools import pairwise

import ipywidgets as w
import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from ..data import BattleMap, MapHex, TerrainTable
from ..hexgrid import Hex, Layout, neighbor
from .colors import rgb, rgb_array, shade
from .safety import MessageArea, guarded, reset_canvas_switch

TERRAIN, UNITS, OVERLAY = 0, 1, 2

_COUNTER_STYLE = {  # colour, radius as a fraction of the hex size
    "crater": ("#3b2f25", 0.35),
    "rubble": ("#6f6254", 0.25),
    "smoke": ("#9e9e9e", 0.55),
    "minefield": ("#c0392b", 0.22),
}


def _edge(layout: Layout, hex_: Hex, facing: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Pixel end points of hexside `facing` of a hex (HEX-3)."""
    corners = layout.corners(hex_)
    return corners[(4 + facing) % 6], corners[(5 + facing) % 6]


class HexMapView(w.HBox):
    """The battlefield map with a hex information panel beside it (HEX-2, CEN-TER-1)."""

    def __init__(
        self,
        battlemap: BattleMap,
        terrain: TerrainTable,
        *,
        size: float = 12.0,
        show_labels: bool = False,
    ) -> None:
        self.battlemap = battlemap
        self.terrain = terrain
        self.show_labels = show_labels
        self.hexes: list[Hex] = sorted(battlemap.hexes, key=lambda h: (h.q, h.r))
        margin = size
        probe = Layout(size)
        centres = probe.centers_array(self.hexes)
        self.layout_px = Layout(
            size,
            origin_x=margin - centres[:, 0].min() + size,
            origin_y=margin - centres[:, 1].min() + size,
        )
        centres = self.layout_px.centers_array(self.hexes)
        width = int(np.ceil(centres[:, 0].max() + size + margin))
        height = int(np.ceil(centres[:, 1].max() + size + margin))

        self.canvas = MultiCanvas(3, width=width, height=height)
        self.canvas.layout.width = f"{width}px"
        self.canvas.layout.height = f"{height}px"
        self.selected: Hex | None = None
        self._click_handlers: list[Callable[[Hex], None]] = []
        self._overlay: tuple[list[Hex], list[str], float] = ([], [], 0.45)
        self.redraw_count = 0
        self._prepare_geometry()

        self.info = w.HTML(value=self._info_html(None), layout=w.Layout(width="250px"))
        self.message = MessageArea()
        self.labels_toggle = w.Checkbox(value=show_labels, description="CCRR labels", indent=False)
        self.labels_toggle.observe(self._on_labels_toggle, names="value")
        panel = w.VBox([w.HTML("<b>Hex</b>"), self.info, self.labels_toggle, self.message],
                       layout=w.Layout(width="260px", padding="0 0 0 10px"))
        map_box = w.Box([self.canvas], layout=w.Layout(overflow="auto", max_width="100%"))
        super().__init__([map_box, panel])
        self.add_class("centurion-hexmap")

        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.redraw()

    # --- geometry, computed once ---------------------------------------------
    def _prepare_geometry(self) -> None:
        lay, bm = self.layout_px, self.battlemap
        cells = [bm[h] for h in self.hexes]
        self._polygons = lay.polygons_array(self.hexes)
        base = rgb_array([self.terrain[c.terrain].color for c in cells])
        levels = np.array([c.level for c in cells], dtype=float)
        self._colors = shade(base, levels)

        buildings = [c.hex for c in cells if c.building_levels]
        self._building_polys = lay.polygons_array(buildings, scale=0.55) if buildings else None
        self._building_colors = rgb_array(
            ["#6d6258" if bm[h].building_levels >= 3 else "#857a70" if bm[h].building_levels == 2 else "#9d928a"
             for h in buildings]
        ) if buildings else None

        contours = []
        for c in cells:
            for facing in range(6):
                n = neighbor(c.hex, facing)
                if n in bm.hexes and bm[n].level < c.level:
                    contours.append(_edge(lay, c.hex, facing))
        self._contours = np.array(contours, dtype=float).reshape(-1, 2, 2)

        def segments(chains: Sequence[Sequence[Hex]]) -> np.ndarray:
            segs = [(lay.center(a), lay.center(b)) for chain in chains for a, b in pairwise(chain)]
            return np.array(segs, dtype=float).reshape(-1, 2, 2)

        self._roads = segments(bm.roads)
        self._rivers = segments(bm.rivers)

        counters = [(c.hex, k) for c in cells for k in c.counters]
        self._counters = counters

        # mapsheet boundaries: vertical lines between sheets
        self._sheet_lines = []
        for sheet in bm.mapsheets[1:]:
            x = lay.center(Hex(sheet.first_column - 1, 0))[0] - lay.size * 0.75
            self._sheet_lines.append(x)

    # --- drawing ---------------------------------------------------------------
    @property
    def layers(self) -> tuple:
        """The three canvases: terrain, units, overlay."""
        return self.canvas[TERRAIN], self.canvas[UNITS], self.canvas[OVERLAY]

    def redraw(self) -> None:
        """Redraw every layer (terrain, units, overlay) in one batch."""
        reset_canvas_switch(self.canvas)
        with hold_canvas():
            self._draw_terrain()
            self.draw_units()
            self._draw_overlay()
        self.redraw_count += 1

    def _draw_terrain(self) -> None:
        c = self.canvas[TERRAIN]
        c.clear()
        c.fill_style = "#f4f1e8"
        c.fill_rect(0, 0, c.width, c.height)
        c.fill_styled_polygons(self._polygons, color=self._colors)
        c.line_width = 0.6
        c.stroke_style = "#5c5c4c"
        c.global_alpha = 0.45
        c.stroke_polygons(self._polygons)
        c.global_alpha = 1.0
        if len(self._contours):
            c.line_width = 2.2
            c.stroke_styled_line_segments(self._contours, color=np.array([rgb("#7a4b1e")] * len(self._contours)))
        if len(self._rivers):
            c.line_width = 5
            c.stroke_styled_line_segments(self._rivers, color=np.array([rgb("#2f6fb0")] * len(self._rivers)))
        if len(self._roads):
            c.line_width = 3.5
            c.stroke_styled_line_segments(self._roads, color=np.array([rgb("#6b4f2a")] * len(self._roads)))
        if self._building_polys is not None:
            c.fill_styled_polygons(self._building_polys, color=self._building_colors)
        if self._counters:
            xy = np.array([self.layout_px.center(h) for h, _ in self._counters])
            radius = np.array([_COUNTER_STYLE[k][1] * self.layout_px.size for _, k in self._counters])
            colors = rgb_array([_COUNTER_STYLE[k][0] for _, k in self._counters])
            c.fill_styled_circles(xy[:, 0], xy[:, 1], radius, color=colors, alpha=0.8)
        c.line_width = 2
        c.stroke_style = "#222"
        for x in self._sheet_lines:
            c.stroke_line(x, 0, x, c.height)
        if self.show_labels:
            c.fill_style = "#222"
            c.font = f"{max(6, int(self.layout_px.size * 0.5))}px sans-serif"
            c.text_align = "center"
            c.text_baseline = "top"
            for h in self.hexes:
                x, y = self.layout_px.center(h)
                c.fill_text(self.battlemap[h].label, x, y - self.layout_px.size * 0.8)

    def draw_units(self) -> None:
        """Draw the unit layer; the base map has no units (subclasses and chapters add them)."""
        self.canvas[UNITS].clear()

    def set_overlay(self, hexes: Sequence[Hex], colors: Sequence[str], alpha: float = 0.45) -> None:
        """Highlight hexes on the overlay layer, redrawing only that layer."""
        self._overlay = (list(hexes), list(colors), alpha)
        with hold_canvas():
            self._draw_overlay()

    def _draw_overlay(self) -> None:
        c = self.canvas[OVERLAY]
        c.clear()
        hexes, colors, alpha = self._overlay
        if hexes:
            c.fill_styled_polygons(self.layout_px.polygons_array(hexes, 0.92), color=rgb_array(colors), alpha=alpha)
        if self.selected is not None:
            c.line_width = 3
            c.stroke_style = "#d00000"
            c.stroke_polygon(self.layout_px.corners(self.selected))

    # --- interaction -------------------------------------------------------------
    def on_hex_click(self, handler: Callable[[Hex], None]) -> None:
        """Call `handler(hex)` when a hex on the map is clicked."""
        self._click_handlers.append(handler)

    @guarded()
    def _on_client_ready(self) -> None:
        self.redraw()

    @guarded()
    def _on_mouse_down(self, x: float, y: float) -> None:
        self.click_pixel(x, y)

    def click_pixel(self, x: float, y: float) -> Hex | None:
        """Select the hex at pixel (x, y), as a click does; returns it, or None off the map."""
        h = self.layout_px.hex_at(x, y)
        if h not in self.battlemap:
            return None
        self.select(h)
        return h

    def select(self, hex_: Hex) -> None:
        """Select a hex: outline it and show its terrain in the panel."""
        self.selected = hex_
        self.info.value = self._info_html(self.battlemap[hex_])
        with hold_canvas():
            self._draw_overlay()
        for handler in list(self._click_handlers):
            handler(hex_)

    @guarded()
    def _on_labels_toggle(self, change: dict) -> None:
        self.show_labels = bool(change["new"])
        self.redraw()

    def _info_html(self, cell: MapHex | None) -> str:
        if cell is None:
            return '<div class="centurion-hexinfo">Click a hex to see its terrain.</div>'
        t = self.terrain[cell.terrain]
        rows = [
            ("Hex", cell.label),
            ("Terrain", t.label),
            ("Elevation level", f"{cell.level} ({cell.level * 20} m, HEX-1)"),
        ]
        if cell.building_levels:
            rows.append(("Building", f"{cell.building_levels} level(s)"))
        if any(cell.hex in chain for chain in self.battlemap.roads):
            rows.append(("Road", "yes (CEN-TER-4)"))
        if cell.counters:
            rows.append(("Counters", ", ".join(cell.counters)))
        ground = "prohibited" if t.vp["ground"] is None else t.vp["ground"]
        rows.append(("VP grav / ground", f"{t.vp['grav']} / {ground}"))
        rows.append(("Speed limit", f"{t.speed_limit} (CEN-SPD-1)"))
        body = "".join(f"<tr><td>{html.escape(k)}</td><td><b>{html.escape(str(v))}</b></td></tr>" for k, v in rows)
        return f'<div class="centurion-hexinfo" data-hex="{cell.label}"><table>{body}</table></div>'
