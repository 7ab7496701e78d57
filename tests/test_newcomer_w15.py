"""W15 / issue 26 item 5 (audit first-game): at the default zoom a Centurion counter is at least 24 px and no text on
a map or a record sheet is under 11 px. The drawing calls are recorded on a stand-in canvas (the browser measures
the real one: tests/browser/test_newcomer_pages.py)."""

from __future__ import annotations

import re

import numpy as np

from centurion.data import sample_map, terrain_table
from centurion.hexgrid import parse_label

MIN_PX, MIN_COUNTER = 11, 24


class Recorder:
    """Records the fonts set and the polygons filled on it; accepts any other canvas call."""

    def __init__(self) -> None:
        self.fonts: list[str] = []
        self.polygons: list[np.ndarray] = []

    def __setattr__(self, name, value):
        if name == "font":
            self.fonts.append(value)
        object.__setattr__(self, name, value)

    def fill_styled_polygons(self, points, **_kw) -> None:
        self.polygons.append(np.asarray(points, dtype=float))

    def __getattr__(self, name):
        return lambda *a, **k: None


def _px(font: str) -> int:
    return int(re.search(r"(\d+)px", font).group(1))


def test_W15_counters_and_their_text_at_the_default_zoom() -> None:
    from centurion.widgets import HexMapView
    from centurion.widgets.counters import draw_counters
    from centurion.widgets.hexmap import Counter

    view = HexMapView(sample_map(), terrain_table())  # the default zoom of every chapter's map
    counters = [Counter(parse_label("0622"), 0, "grav", "#1f4e9c", "H", velocity=5, stack=2),
                Counter(parse_label("1022"), 1, "ground", "#b71c1c", "V")]
    c = Recorder()
    draw_counters(c, view.layout_px, counters)
    squares = c.polygons[0]  # the counters' squares come first
    sides = squares[:, :, 0].max(axis=1) - squares[:, :, 0].min(axis=1)
    assert sides.min() >= MIN_COUNTER, f"counters {sides.min():.1f} px wide (at least {MIN_COUNTER})"
    assert c.fonts and min(_px(f) for f in c.fonts) >= MIN_PX, c.fonts


def test_W15_map_labels_and_costs_at_least_11_px(monkeypatch) -> None:
    from ipycanvas import Canvas

    from centurion.widgets import HexMapView
    from centurion.widgets.hexmap import Overlay

    fonts: list[str] = []
    original = Canvas.__setattr__

    def spy(self, name, value):
        if name == "font":
            fonts.append(value)
        original(self, name, value)

    monkeypatch.setattr(Canvas, "__setattr__", spy)
    view = HexMapView(sample_map(), terrain_table(), show_labels=True)  # hex labels drawn
    view.set_overlay(Overlay(path=[parse_label("0622"), parse_label("0621")], labels=[(parse_label("0621"), "3")]))
    assert fonts and min(_px(f) for f in fonts) >= MIN_PX, fonts


def test_W15_record_sheet_letters_at_least_11_px() -> None:
    from centurion.data import vehicle_types
    from centurion.rules.record import RecordSheet
    from centurion.widgets.record_sheet import sheet_html

    text = sheet_html(RecordSheet.of(vehicle_types()["horatius"]))
    sizes = [int(x) for x in re.findall(r"font-size:\s*(\d+)px", text)]
    assert sizes and min(sizes) >= MIN_PX, sorted(set(sizes))
    box = re.search(r"\.rs-box\{[^}]*width:(\d+)px;height:(\d+)px", text)
    assert box is not None and int(box.group(1)) >= 14, "a box holds its 11 px letter"
