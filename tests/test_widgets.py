"""The map widget without a browser: geometry, clicks, overlay, and errors shown as messages."""

from __future__ import annotations

from centurion.data import sample_map, terrain_table
from centurion.hexgrid import parse_label
from centurion.widgets import HexMapView, MessageArea, guarded


def make_view(**kw):
    return HexMapView(sample_map(), terrain_table(), **kw)


def test_the_whole_battlefield_fits_the_canvas():
    v = make_view()
    for h in v.hexes:
        for x, y in v.layout_px.corners(h):
            assert 0 <= x <= v.canvas.width and 0 <= y <= v.canvas.height
    assert v.canvas.width <= 1000 and v.canvas.height <= 800  # a laptop screen with the panel beside


def test_click_reports_label_terrain_and_elevation():
    v = make_view()
    clicked = []
    v.on_hex_click(clicked.append)
    h = parse_label("0809")  # the top of the hill
    x, y = v.layout_px.center(h)
    assert v.click_pixel(x + 3, y - 2) == h
    assert clicked == [h]
    assert 'data-hex="0809"' in v.info.value and "5 (100 m" in v.info.value
    town = parse_label("3312")
    v.click_pixel(*v.layout_px.center(town))
    assert "Buildings" in v.info.value and "3 level(s)" in v.info.value


def test_click_off_the_map_changes_nothing():
    v = make_view()
    before = v.info.value
    assert v.click_pixel(1, 1) is None
    assert v.info.value == before and v.selected is None


def test_client_ready_redraws_every_layer():
    v = make_view()
    n = v.redraw_count
    v._on_client_ready()
    assert v.redraw_count == n + 1
    assert v.canvas._canvas_manager._current_canvas is not None  # the switch was sent again


def test_labels_toggle_redraws():
    v = make_view()
    n = v.redraw_count
    v.labels_toggle.value = True
    assert v.show_labels and v.redraw_count == n + 1


def test_an_error_in_a_callback_becomes_a_message():
    class Boom:
        message = MessageArea()

        @guarded()
        def act(self):
            raise KeyError("no such unit")

    b = Boom()
    assert b.act() is None
    assert "centurion-error" in b.message.value and "no such unit" in b.message.value
    assert "Traceback" not in b.message.value


def test_overlay_highlights():
    v = make_view()
    v.set_overlay([parse_label("0101"), parse_label("0102")], ["#ff0000", "#00ff00"])
    assert [h for h, _ in v.overlay.fills] == [parse_label("0101"), parse_label("0102")]
