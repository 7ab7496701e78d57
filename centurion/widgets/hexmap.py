"""HexMapView: the battlefield on an ipycanvas MultiCanvas (terrain, units, overlay layers).

A view only: it draws a `BattleMap` and reports clicks; rules live below it.
Everything is drawn with the batch calls under `hold_canvas()`, and redrawn when
a browser page becomes ready (`on_client_ready`), or Voila shows a blank canvas.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import ipywidgets as w
import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from ..data import BattleMap, MapHex, TerrainTable
from ..game.wording import plural
from ..hexgrid import Hex, Layout, neighbor
from ..rules.terrain import grav_speed_limit
from .colors import rgb, rgb_array, shade
from .counters import draw_counters
from .reference import link_rules
from .safety import MessageArea, focus_without_scroll, guarded, reset_canvas_switch

# Layers, bottom to top: terrain; shading (reach, legal ends, arcs: under the counters); units; overlay (paths,
# costs, outlines, lines: over them). The last layer receives the mouse events.
TERRAIN, SHADING, UNITS, OVERLAY = 0, 1, 2, 3
MIN_TEXT_PX = 11  # no label, cost or letter on the map is drawn smaller than this (issue 26, item 5)
# hex size (centre to corner, px) of each zoom; at the default M a Centurion counter is 2 * 0.78 * 16 = 25 px (W15)
ZOOMS = {"S": 10.0, "M": 16.0, "L": 20.0, "XL": 26.0}
DEFAULT_SIZE = ZOOMS["M"]


@dataclass(frozen=True)
class Counter:
    """A unit counter to draw: where, facing, what (grav, ground, infantry, or a Centuria type), side colour."""

    hex: Hex
    facing: int
    kind: str
    color: str = "#1f4e9c"
    label: str = ""
    selected: bool = False
    velocity: int | None = None  # shown in a badge on the counter when given
    damaged: bool = False  # a red corner, as a damage marker
    stack: int = 1  # units in this hex: more than one shows a stack badge with the number (W4)
    painted: bool = False  # painted this turn: a target mark at the lower left (book-a §7.2; walk of session 53)


@dataclass
class Overlay:
    """What the overlay shows: shaded hexes (under the counters), a plotted path with labels, outlined hexes, lines.

    hatch: draw the shaded hexes hatched with a light tint, as reach and legal ends are, so they can never be
    mistaken for terrain such as woods.
    """

    fills: list[tuple[Hex, str]] = field(default_factory=list)
    alpha: float = 0.45
    hatch: bool = False
    hatched: list[tuple[Hex, str]] = field(default_factory=list)  # more shaded hexes, always hatched (reach)
    path: list[Hex] = field(default_factory=list)
    labels: list[tuple[Hex, str]] = field(default_factory=list)
    outlines: list[tuple[Hex, str]] = field(default_factory=list)
    lines: list[tuple[Hex, Hex, str]] = field(default_factory=list)

PANEL_STYLE = "<style>.centurion-hexmap .widget-html-content { line-height: 1.45; }</style>"
# run by the scroller's image: centre its map box on (data-x, data-y), again once the canvas has its size
_SCROLL_JS = ("const img = this; const go = () => { const root = img.closest('.centurion-hexmap'); "
              "const box = root && root.querySelector('.centurion-map-box'); if (!box) return; "
              "box.scrollLeft = Math.max(0, +img.dataset.x - box.clientWidth / 2); "
              "box.scrollTop = Math.max(0, +img.dataset.y - box.clientHeight * 0.45); }; "
              "go(); setTimeout(go, 300); setTimeout(go, 1500);")

# the lines and blocks drawn over the terrain colours (also shown in a battle page's key, walk 3 finding 7)
CONTOUR_COLOR, RIVER_COLOR, ROAD_COLOR = "#7a4b1e", "#2f6fb0", "#6b4f2a"
BUILDING_COLORS = ("#9d928a", "#857a70", "#6d6258")  # buildings of 1, 2 and 3 or more levels
PANEL_HEX_COLOR = "#d00000"  # the hex the panel beside the map describes (the last one clicked)
SMOKE_COLOR = "#8c8c8c"  # a smoke counter: the whole hex greyed, with a white cloud
SMOKE_PUFFS = ((-0.28, 0.12), (0.0, -0.12), (0.28, 0.12))  # the cloud's puffs, in hex sizes from the centre

_COUNTER_STYLE = {  # colour, radius as a fraction of the hex size
    "crater": ("#3b2f25", 0.35),
    "rubble": ("#6f6254", 0.25),
    "minefield": ("#c0392b", 0.22),
}


def _hatch_segments(layout: Layout, hexes: Sequence[Hex]) -> np.ndarray:
    """Three parallel diagonal strokes inside each hex, as an (N*3, 2, 2) array of segments."""
    r = layout.size * 0.72
    u = np.array([0.7071, -0.7071])
    n = np.array([0.7071, 0.7071])
    segs = []
    for h in hexes:
        centre = np.array(layout.center(h))
        for d in (-0.36 * layout.size, 0.0, 0.36 * layout.size):
            half = (r * r - d * d) ** 0.5
            mid = centre + d * n
            segs.append((mid - half * u, mid + half * u))
    return np.array(segs, dtype=float).reshape(-1, 2, 2)


def _edge(layout: Layout, hex_: Hex, facing: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Pixel end points of hexside `facing` of a hex (HEX-3)."""
    corners = layout.corners(hex_)
    return corners[(4 + facing) % 6], corners[(5 + facing) % 6]


def _chip(color: str, line: bool = False) -> str:
    """A small square (or a thick line) of `color` for a key."""
    size = "width:14px;height:4px" if line else "width:12px;height:12px;border:1px solid #888"
    return f"<span style='display:inline-block;{size};background:{color};vertical-align:middle'></span>"


def _smoke_chip() -> str:
    """The key's smoke square: grey with the map's three white puffs (`SMOKE_PUFFS`), so that it reads as the map's
    smoke and not as a building's grey (walk of session 52: a plain grey square)."""
    puffs = ", ".join(f"radial-gradient(circle at {50 + dx * 100:.0f}% {50 + dy * 100:.0f}%, #ffffff 0 2.5px, "
                      "transparent 3px)" for dx, dy in SMOKE_PUFFS)
    return ("<span style='display:inline-block;width:14px;height:14px;border:1px solid #888;vertical-align:middle;"
            f"background:{puffs}, {SMOKE_COLOR}'></span>")


def terrain_key_html(battlemap: BattleMap, terrain: TerrainTable) -> str:
    """What the map's colours mean, from the same table and shading the map is drawn with (CEN-TER-1, walk 3)."""
    cells = [battlemap[h] for h in battlemap.hexes]
    present = {c.terrain for c in cells}
    parts = [f"{_chip(t.color)} {html.escape(t.label.lower())}" for k, t in terrain.terrain.items() if k in present]
    top = max((c.level for c in cells), default=0)
    if top > 0:
        base = rgb_array([terrain.terrain["clear"].color if "clear" in terrain.terrain else "#cccccc"])
        hills = "".join(_chip("#{:02x}{:02x}{:02x}".format(*(round(x) for x in shade(base, np.array([lv]))[0])))
                        for lv in range(1, min(top, 3) + 1))
        parts.append(f"{hills} hills: browner the higher, {_chip(CONTOUR_COLOR, True)} brown edge where it drops")
    if any(c.building_levels for c in cells):
        parts.append(f"{''.join(_chip(c) for c in BUILDING_COLORS)} a building's block (darker: taller)")
    if battlemap.rivers:
        parts.append(f"{_chip(RIVER_COLOR, True)} a river's course")
    if battlemap.roads:
        parts.append(f"{_chip(ROAD_COLOR, True)} road")
    laid = {k for c in cells for k in c.counters}
    if "smoke" in laid:  # walk of session 31: the key did not show it
        parts.append(f"{_smoke_chip()} smoke (the whole hex grey, with a white cloud: fire into it counts "
                     "as heavy woods)")
    for k, words in (("crater", "crater"), ("rubble", "rubble counter"), ("minefield", "minefield")):
        if k in laid:
            parts.append(f"{_chip(_COUNTER_STYLE[k][0])} disc: {words}")
    return "Terrain: " + "; ".join(parts)


#: a battle page's map box: the window less its banner, hint, score and key above the map, so that they and the map
#: fit on one screen at 1024×768 (issue 26, item 5); as a chapter's map (at most 64% of the window) on a taller one
BATTLE_MAP_HEIGHT = "min(720px, 64vh, calc(100vh - 320px))"


class HexMapView(w.HBox):
    """The battlefield map with a hex information panel beside it (HEX-2, CEN-TER-1)."""

    def __init__(
        self,
        battlemap: BattleMap,
        terrain: TerrainTable | None = None,
        *,
        size: float = DEFAULT_SIZE,
        show_labels: bool = False,
        colors: dict[str, str] | None = None,
        hex_details: Callable[[MapHex], list[tuple[str, str]]] | None = None,
        side_panel: w.Widget | None = None,
    ) -> None:
        self.battlemap = battlemap
        self.terrain = terrain
        self.colors = colors or ({k: t.color for k, t in terrain.terrain.items()} if terrain else {})
        self.hex_details = hex_details
        self.show_labels = show_labels
        self.hexes: list[Hex] = sorted(battlemap.hexes, key=lambda h: (h.q, h.r))
        self.selected: Hex | None = None
        self.selected_color = PANEL_HEX_COLOR  # the outline of the hex the panel describes (a page may pick another)
        self.hovered: Hex | None = None
        self._click_handlers: list[Callable[[Hex], None]] = []
        self._hover_handlers: list[Callable[[Hex], None]] = []
        self._key_handlers: list[Callable[[str], None]] = []
        self._overlay = Overlay()
        self._counters: list[Counter] = []
        self.redraw_count = 0
        self.canvas = MultiCanvas(4, width=10, height=10)
        self._apply_size(size)

        self.info = w.HTML(value=self._info_html(None), layout=w.Layout(width="250px"))
        self.hover_info = w.HTML(value="", layout=w.Layout(width="250px"))
        self.message = MessageArea()
        self.labels_toggle = w.Checkbox(value=show_labels, description="CCRR labels", indent=False)
        self.labels_toggle.observe(self._on_labels_toggle, names="value")
        self.zoom = w.ToggleButtons(options=list(ZOOMS), value=min(ZOOMS, key=lambda k: abs(ZOOMS[k] - size)),
                                    description="Zoom", style={"button_width": "40px"},
                                    tooltips=["small", "medium", "large", "extra large"])
        self.zoom.observe(self._on_zoom, names="value")
        # a page's own panel (its decisions, Confirm, messages) first, where the eye is; then the hex (W14)
        items = ([side_panel] if side_panel is not None else []) + [w.HTML("<b>Hex</b>"), self.info, self.hover_info]
        # the panel's text at a reading line height (ipywidgets gives every HTML line 28 px: a panel twice as tall
        # as its text, item 5); then, from show_hexes, what scrolls the map to given hexes (W26)
        self.scroller = w.HTML(PANEL_STYLE, layout=w.Layout(height="0px", margin="0"))
        items += [self.labels_toggle, self.zoom, self.message, focus_without_scroll(), self.scroller]
        self.panel = w.VBox(items, layout=w.Layout(width="300px", min_width="300px", flex="0 0 auto",
                                                  padding="0 0 0 10px"))
        # the map scrolls in its own box, so the side panel stays in view at any zoom on a 1366 px screen
        self.map_box = w.Box([self.canvas], layout=w.Layout(overflow="auto", flex="0 1 auto", min_width="0",
                                                            max_height="min(720px, 64vh)"))
        self.map_box.add_class("centurion-map-box")
        super().__init__([self.map_box, self.panel])
        self.add_class("centurion-hexmap")

        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_mouse_move(self._on_mouse_move)
        self.canvas.on_key_down(self._on_key_down)
        self.redraw()

    def show_map(self, battlemap: BattleMap) -> None:
        """Draw `battlemap` instead: a new battle's map (its own hexes, size and terrain) or this one changed (a
        crater dug, smoke laid or lifted); the picked hex is kept if the new map has it (walk of session 33: a new
        Centuria battle was played on the previous battle's drawing)."""
        if battlemap is self.battlemap:
            return
        same = battlemap.hexes.keys() == self.battlemap.hexes.keys()
        self.battlemap = battlemap
        if same:
            self._prepare_geometry()
        else:
            self.hexes = sorted(battlemap.hexes, key=lambda h: (h.q, h.r))
            self.selected = self.selected if self.selected in battlemap else None
            self.hovered = None
            self.hover_info.value = ""
            self._apply_size(self.layout_px.size)
        if self.selected is None:
            self.info.value = self._info_html(None)
        self.show_info()
        self.redraw()

    def show_hexes(self, hexes: Sequence[Hex]) -> None:
        """Scroll the map in its box so that `hexes` are in view when the page opens (W26: units at the bottom
        of a big map)."""
        if not hexes:
            return
        xs, ys = zip(*(self.layout_px.center(h) for h in hexes), strict=True)
        x, y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        self.scroller.value = PANEL_STYLE + (
            f'<img class="centurion-scroll-to" alt="" style="display:none" data-x="{x:.0f}" data-y="{y:.0f}" '
            f'src="data:image/png;base64,invalid" onerror="{html.escape(_SCROLL_JS, quote=True)}">')

    def _apply_size(self, size: float) -> None:
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
        self.canvas.width, self.canvas.height = width, height
        self.canvas.layout.width = f"{width}px"
        self.canvas.layout.height = f"{height}px"
        # keep the drawing at its own size: the box around it scrolls instead of squeezing it
        self.canvas.layout.min_width = f"{width}px"
        self.canvas.layout.min_height = f"{height}px"
        self.canvas.layout.flex = "0 0 auto"
        self._prepare_geometry()

    # --- geometry, computed once ---------------------------------------------
    def _prepare_geometry(self) -> None:
        lay, bm = self.layout_px, self.battlemap
        cells = [bm[h] for h in self.hexes]
        self._polygons = lay.polygons_array(self.hexes)
        base = rgb_array([self.colors.get(c.terrain, "#cccccc") for c in cells])
        levels = np.array([c.level for c in cells], dtype=float)
        self._colors = shade(base, levels)

        buildings = [c.hex for c in cells if c.building_levels]
        self._building_polys = lay.polygons_array(buildings, scale=0.55) if buildings else None
        self._building_colors = rgb_array(
            [BUILDING_COLORS[min(bm[h].building_levels, 3) - 1] for h in buildings]
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

        self._map_counters = [(c.hex, k) for c in cells for k in c.counters if k != "smoke"]
        # smoke fills its whole hex: a unit's counter in it (the tank that laid it) hides a disc (walk of session 31)
        self.smoke_hexes = [c.hex for c in cells if "smoke" in c.counters]

        # mapsheet boundaries: vertical lines between sheets
        self._sheet_lines = []
        for sheet in bm.mapsheets[1:]:
            x = lay.center(Hex(sheet.first_column - 1, 0))[0] - lay.size * 0.75
            self._sheet_lines.append(x)

    # --- drawing ---------------------------------------------------------------
    @property
    def layers(self) -> tuple:
        """The four canvases: terrain, shading, units, overlay."""
        return self.canvas[TERRAIN], self.canvas[SHADING], self.canvas[UNITS], self.canvas[OVERLAY]

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
            c.stroke_styled_line_segments(self._contours, color=np.array([rgb(CONTOUR_COLOR)] * len(self._contours)))
        if len(self._rivers):
            c.line_width = 5
            c.stroke_styled_line_segments(self._rivers, color=np.array([rgb(RIVER_COLOR)] * len(self._rivers)))
        if len(self._roads):
            c.line_width = 3.5
            c.stroke_styled_line_segments(self._roads, color=np.array([rgb(ROAD_COLOR)] * len(self._roads)))
        if self.smoke_hexes:
            n = len(self.smoke_hexes)
            c.fill_styled_polygons(self.layout_px.polygons_array(self.smoke_hexes, 0.97),
                                   color=rgb_array([SMOKE_COLOR] * n), alpha=0.75)
        if self._building_polys is not None:  # over the smoke: a building stands out of it (book-b §10.3, 20 m;
            # walk of session 52: the smoke hid the block)
            c.fill_styled_polygons(self._building_polys, color=self._building_colors)
        if self.smoke_hexes:
            # a cloud of three white puffs: smoke is not taken for a building's grey (walk of session 52)
            size = self.layout_px.size
            puffs = np.array([(x + dx * size, y + dy * size) for x, y in map(self.layout_px.center, self.smoke_hexes)
                              for dx, dy in SMOKE_PUFFS])
            c.fill_styled_circles(puffs[:, 0], puffs[:, 1], np.full(len(puffs), 0.2 * size),
                                  color=rgb_array(["#ffffff"] * len(puffs)), alpha=0.55)
        if self._map_counters:
            xy = np.array([self.layout_px.center(h) for h, _ in self._map_counters])
            radius = np.array([_COUNTER_STYLE[k][1] * self.layout_px.size for _, k in self._map_counters])
            colors = rgb_array([_COUNTER_STYLE[k][0] for _, k in self._map_counters])
            c.fill_styled_circles(xy[:, 0], xy[:, 1], radius, color=colors, alpha=0.8)
        c.line_width = 2
        c.stroke_style = "#222"
        for x in self._sheet_lines:
            c.stroke_line(x, 0, x, c.height)
        if self.show_labels:
            c.fill_style = "#222"
            c.font = f"{max(MIN_TEXT_PX, int(self.layout_px.size * 0.5))}px sans-serif"
            c.text_align = "center"
            c.text_baseline = "top"
            for h in self.hexes:
                x, y = self.layout_px.center(h)
                c.fill_text(self.battlemap[h].label, x, y - self.layout_px.size * 0.8)

    def set_counters(self, counters: Sequence[Counter]) -> None:
        """Replace the unit counters and redraw only the units layer."""
        self._counters = list(counters)
        with hold_canvas():
            self.draw_units()

    def draw_units(self) -> None:
        """Draw the unit counters (centurion.widgets.counters): side colour, type symbol, letter, facing pointer,
        velocity badge, selected and damaged states."""
        c = self.canvas[UNITS]
        c.clear()
        draw_counters(c, self.layout_px, self._counters)
        if self.show_labels and self._counters:  # a counter hid its own hex's label, and the label just under it
            # was the next hex's (walk of session 33): the label goes over the counter, haloed
            c.font = f"{max(MIN_TEXT_PX, int(self.layout_px.size * 0.5))}px sans-serif"
            c.text_align, c.text_baseline = "center", "top"
            c.line_width, c.stroke_style, c.fill_style = 3, "#ffffff", "#222"
            for h in dict.fromkeys(k.hex for k in self._counters if k.hex in self.battlemap):
                x, y = self.layout_px.center(h)
                c.stroke_text(self.battlemap[h].label, x, y - self.layout_px.size * 0.8)
                c.fill_text(self.battlemap[h].label, x, y - self.layout_px.size * 0.8)

    def set_overlay(self, hexes: Sequence[Hex] | Overlay, colors: Sequence[str] = (), alpha: float = 0.45) -> None:
        """Show an Overlay (or shade `hexes` in `colors`) on the overlay layer, redrawing only that layer."""
        if isinstance(hexes, Overlay):
            self._overlay = hexes
        else:
            self._overlay = Overlay(fills=list(zip(hexes, colors, strict=True)), alpha=alpha)
        with hold_canvas():
            self._draw_overlay()

    @property
    def overlay(self) -> Overlay:
        """What the overlay layer shows now."""
        return self._overlay

    def _draw_overlay(self) -> None:
        shading = self.canvas[SHADING]
        shading.clear()
        c = self.canvas[OVERLAY]
        c.clear()
        ov, lay, on_map = self._overlay, self.layout_px, self.battlemap.hexes
        # nothing is drawn outside the map
        fills = [(h, col) for h, col in ov.fills if h in on_map]
        hatched = [(h, col) for h, col in ov.hatched if h in on_map]
        if ov.hatch:
            fills, hatched = [], fills + hatched
        if fills:
            shading.fill_styled_polygons(lay.polygons_array([h for h, _ in fills], 0.92),
                                         color=rgb_array([col for _, col in fills]), alpha=ov.alpha)
        if hatched:
            colors = rgb_array([col for _, col in hatched])
            # light enough that the terrain under it stays readable (W16)
            shading.fill_styled_polygons(lay.polygons_array([h for h, _ in hatched], 0.92), color=colors,
                                         alpha=min(ov.alpha, 0.18))
            shading.line_width = max(1.2, lay.size * 0.09)
            shading.stroke_styled_line_segments(_hatch_segments(lay, [h for h, _ in hatched]),
                                                color=np.repeat((colors * 0.85).astype(int), 3, axis=0))
        outlines = [(h, col) for h, col in ov.outlines if h in on_map]
        if outlines:
            c.line_width = 2.5
            c.stroke_styled_polygons(lay.polygons_array([h for h, _ in outlines], 0.85),
                                     color=rgb_array([col for _, col in outlines]))
        if len(ov.path) > 1:
            c.line_width = 3
            c.stroke_style = "#c00000"
            c.stroke_lines([lay.center(h) for h in ov.path])
        if ov.lines:  # over the move's trail: an opportunity shot's line runs along it (walk of session 52)
            segs = np.array([(lay.center(a), lay.center(b)) for a, b, _ in ov.lines], dtype=float)
            c.line_width = 2.5
            c.stroke_styled_line_segments(segs, color=rgb_array([col for _, _, col in ov.lines]))
        if ov.labels:
            c.font = f"bold {max(MIN_TEXT_PX, int(lay.size * 0.62))}px sans-serif"
            c.text_align = "center"
            c.text_baseline = "middle"
            c.fill_style = "#000000"
            c.stroke_style = "#ffffff"
            c.line_width = 3
            for h, text in ov.labels:
                if h not in on_map:
                    continue
                x, y = lay.center(h)
                c.stroke_text(text, x, y - lay.size * 0.45)  # a white halo keeps the cost readable on any terrain
                c.fill_text(text, x, y - lay.size * 0.45)
        if self.selected is not None:
            c.line_width = 3
            c.stroke_style = self.selected_color
            c.stroke_polygon(lay.corners(self.selected))

    # --- interaction -------------------------------------------------------------
    def on_hex_click(self, handler: Callable[[Hex], None]) -> None:
        """Call `handler(hex)` when a hex on the map is clicked."""
        self._click_handlers.append(handler)

    def on_hex_hover(self, handler: Callable[[Hex], None]) -> None:
        """Call `handler(hex)` when the pointer moves onto another hex."""
        self._hover_handlers.append(handler)

    def on_key(self, handler: Callable[[str], None]) -> None:
        """Call `handler(key)` for a key pressed while the map has focus (click the map first)."""
        self._key_handlers.append(handler)

    @guarded()
    def _on_mouse_move(self, x: float, y: float) -> None:
        self.hover_pixel(x, y)

    def hover_pixel(self, x: float, y: float) -> Hex | None:
        """Show the hex under pixel (x, y) in the hover line, as moving the pointer does."""
        h = self.layout_px.hex_at(x, y)
        if h not in self.battlemap or h == self.hovered:
            return None
        self.hovered = h
        self.hover_info.value = self._hover_html(self.battlemap[h])
        for handler in list(self._hover_handlers):
            handler(h)
        return h

    @guarded()
    def _on_key_down(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        self.press(key)

    def press(self, key: str) -> None:
        """Handle a key as if pressed on the map."""
        for handler in list(self._key_handlers):
            handler(key)

    @guarded()
    def _on_zoom(self, change: dict) -> None:
        self._apply_size(ZOOMS[change["new"]])
        self.redraw()

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

    def show_info(self) -> None:
        """Write the selected hex's panel and the pointer line again: what stands in those hexes, and the ruler,
        may have changed since (walk of session 30: the pointer line named a unit that had moved away)."""
        if self.selected is not None and self.selected in self.battlemap:
            self.info.value = link_rules(self._info_html(self.battlemap[self.selected]))
        if self.hovered is not None and self.hovered in self.battlemap:
            self.hover_info.value = self._hover_html(self.battlemap[self.hovered])

    def select(self, hex_: Hex) -> None:
        """Select a hex: outline it and show its terrain in the panel."""
        self.selected = hex_
        self.info.value = link_rules(self._info_html(self.battlemap[hex_]))
        with hold_canvas():
            self._draw_overlay()
        for handler in list(self._click_handlers):
            handler(hex_)

    @guarded()
    def _on_labels_toggle(self, change: dict) -> None:
        self.show_labels = bool(change["new"])
        self.redraw()

    def _hover_html(self, cell: MapHex) -> str:
        label = self.terrain[cell.terrain].label.lower() if self.terrain else cell.terrain  # mid-line: "heavy woods"
        if self.terrain is not None:
            t = self.terrain[cell.movement_terrain]
            limit = grav_speed_limit(t.speed_limit, cell)  # halved in smoke, as the panel says (walk of session 53)
            label += f", {t.vp['grav']} VP, speed limit {limit}" + (" (smoke)" if limit != t.speed_limit else "")
        extra = ""
        if self.hex_details is not None:
            extra = "; ".join(f"{k} {v}" for k, v in self.hex_details(cell))
        return (f'<div class="centurion-hover" data-hex="{cell.label}" style="color:#555">Pointer: {cell.label}, '
                f"{html.escape(label)}, level {cell.level}{'; ' + html.escape(extra) if extra else ''}</div>")

    def _info_html(self, cell: MapHex | None) -> str:
        if cell is None:
            return '<div class="centurion-hexinfo">Click a hex to see its terrain.</div>'
        if self.terrain is None:
            rows = [("Hex", cell.label), ("Terrain", cell.terrain)]
            if self.hex_details is not None:
                rows += self.hex_details(cell)
            body = "".join(f"<tr><td>{html.escape(k)}</td><td><b>{html.escape(str(v))}</b></td></tr>" for k, v in rows)
            return f'<div class="centurion-hexinfo" data-hex="{cell.label}"><table>{body}</table></div>'
        t = self.terrain[cell.terrain]
        rows = [
            ("Hex", cell.label),
            ("Terrain", t.label),
            ("Elevation level", f"{cell.level} ({cell.level * 20} m, HEX-1)"),
        ]
        if cell.building_levels:
            rows.append(("Building", plural(cell.building_levels, "level")))
        if any(cell.hex in chain for chain in self.battlemap.roads):
            rows.append(("Road", "yes (CEN-TER-4)"))
        if cell.counters:
            rows.append(("Counters", ", ".join(cell.counters)))
        ground = "prohibited" if t.vp["ground"] is None else t.vp["ground"]
        rows.append(("VP grav / ground", f"{t.vp['grav']} / {ground}"))
        grav = grav_speed_limit(t.speed_limit, cell)  # the rules' own halving under smoke (book-b §10.3)
        if grav != t.speed_limit:
            rows.append(("Speed limit", f"{grav} for grav vehicles: {t.speed_limit} halved by the smoke (CEN-SPD-1, "
                                        "book-b §10.3)"))
        else:
            rows.append(("Speed limit", f"{t.speed_limit} (CEN-SPD-1)"))
        if self.hex_details is not None:
            rows += self.hex_details(cell)
        body = "".join(f"<tr><td>{html.escape(k)}</td><td><b>{html.escape(str(v))}</b></td></tr>" for k, v in rows)
        return f'<div class="centurion-hexinfo" data-hex="{cell.label}"><table>{body}</table></div>'
