"""A Centurion stack's counters are fanned out so that each shows under the one above (walk 34: a tank was almost
invisible under a squad counter in its hex); the selected unit is drawn on top; the stack badge is drawn once, on
the top counter; Centuria counters stay centred in their hex (W24). Read from the drawing calls on a stand-in
canvas."""

from __future__ import annotations

import numpy as np

from centurion.hexgrid import Layout, parse_label
from centurion.widgets.counters import HALF, LETTER_HALF, draw_counters
from centurion.widgets.hexmap import Counter


class Recorder:
    """Records, in order, the polygons filled (with their colours) and the texts written; accepts any other call."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def fill_styled_polygons(self, points, color=None, **_kw) -> None:
        for p, col in zip(np.asarray(points, dtype=float), np.asarray(color), strict=True):
            self.calls.append(("polygon", p, tuple(round(x) for x in col[:3])))

    def fill_text(self, text, x, y, *_a) -> None:
        self.calls.append(("text", text, x, y))

    def __getattr__(self, name):
        return lambda *a, **k: None

    def squares(self, side: float) -> list[tuple[int, np.ndarray, tuple]]:
        """The counters' squares (4 corners, `side` px across), with their call index and colour."""
        return [(i, c[1], c[2]) for i, c in enumerate(self.calls) if c[0] == "polygon" and c[1].shape == (4, 2)
                and abs(np.ptp(c[1][:, 0]) - side) < 0.01 and abs(np.ptp(c[1][:, 1]) - side) < 0.01]


def _uncovered_share(bottom: np.ndarray, top: np.ndarray) -> float:
    """The share of the bottom square's area outside the top square (both axis-aligned squares)."""
    (bx0, by0), (bx1, by1) = bottom.min(axis=0), bottom.max(axis=0)
    (tx0, ty0), (tx1, ty1) = top.min(axis=0), top.max(axis=0)
    overlap = max(0.0, min(bx1, tx1) - max(bx0, tx0)) * max(0.0, min(by1, ty1) - max(by0, ty0))
    return 1 - overlap / ((bx1 - bx0) * (by1 - by0))


def test_a_stack_is_fanned_out_and_the_selected_unit_is_on_top():
    lay = Layout(16.0)  # the Skirmish page's default hex size
    h = parse_label("3612")
    tank = Counter(h, 0, "grav", "#1f4e9c", "R23", selected=True, stack=2)
    squad = Counter(h, 3, "infantry", "#b71c1c", "T22s", stack=2)
    c = Recorder()
    draw_counters(c, lay, [tank, squad])
    side = 2 * HALF * lay.size
    (_i, first, col_first), (i_last, last, col_last) = c.squares(side)
    assert col_first == (0xb7, 0x1c, 0x1c) and col_last == (0x1f, 0x4e, 0x9c)  # the tank (selected) drawn last
    assert _uncovered_share(first, last) >= 0.3  # the squad underneath shows a strip of its own
    assert np.allclose((first.mean(axis=0) + last.mean(axis=0)) / 2, lay.center(h))  # centred on its hex
    texts = [i for i, x in enumerate(c.calls) if x[0] == "text"]
    squad_text = next(i for i in texts if c.calls[i][1] == "T22s")
    assert squad_text < i_last  # nothing of the squad is drawn over the tank's counter
    badges = [x for x in c.calls if x[0] == "polygon" and x[1].shape[0] > 4]  # round badges
    assert len(badges) == 1  # one stack badge (no velocity given), on the top counter
    (cx, cy), (bx, by) = last.mean(axis=0), badges[0][1].mean(axis=0)
    assert bx < cx and by < cy  # at the top counter's upper left corner


def test_a_lone_counter_and_a_centuria_stack_stay_centred():
    lay = Layout(20.0)
    h = parse_label("0505")
    for counters in ([Counter(h, 0, "grav", "#1f4e9c", "H")],
                     [Counter(h, 0, "centuria", "#b71c1c", "C", stack=2),
                      Counter(h, 0, "centuria", "#b71c1c", "L", stack=2)]):
        c = Recorder()
        draw_counters(c, lay, counters)
        half = HALF if counters[0].kind == "grav" else LETTER_HALF
        squares = c.squares(2 * half * lay.size)
        assert len(squares) == len(counters)
        for _i, square, _col in squares:
            assert np.allclose(square.mean(axis=0), lay.center(h))
