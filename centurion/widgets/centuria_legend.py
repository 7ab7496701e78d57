"""The Centuria battle page's key (W18): which colour is which side, what each piece letter stands for, and what
the move codes mean; the moves listed in words; the banner in the side's colour, as on the Centurion page."""

from __future__ import annotations

import html

FACING_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
STEP_WORDS = {"F": "forward", "FL": "forward-left", "FR": "forward-right"}
MOVE_KEY = ("Move codes: F = one hex forward, FL / FR = one hex to the front-left / front-right without turning, "
            "T0 … T5 = turn to face N, NE, SE, S, SW or NW (1 point, an about-face 2) [CTA-MOVE].")


def step_words(step: str) -> str:
    """A move code in words: F forward, FL forward-left, T3 'turn to S' (CTA-MOVE)."""
    if step.startswith("T") and step[1:].isdigit():
        return f"turn to {FACING_NAMES[int(step[1:]) % 6]}"
    return STEP_WORDS.get(step, step)


def move_label(unit: str, steps: tuple[str, ...]) -> str:
    """A move as the list shows it: the codes, then the same in words."""
    if not steps:
        return f"{unit} stays"
    return f"{unit} moves {' '.join(steps)} ({', '.join(step_words(s) for s in steps)})"


def legend_html(sides: list[tuple[str, str, str]], letters: dict[str, str]) -> str:
    """The key under the map: (label, colour, who plays it) per side, the piece letters, the move codes."""
    chips = " ".join(f"<span style='display:inline-block;width:12px;height:12px;background:{col};"
                     f"vertical-align:middle;border:1px solid #111'></span> {html.escape(label)} "
                     f"({html.escape(who)})" for label, col, who in sides)
    pieces = ", ".join(f"<b>{html.escape(letter)}</b> {html.escape(kind)}" for kind, letter in letters.items())
    return (f"<div class='centurion-cta-legend' style='font-size:12px;border:1px solid #ccd;padding:4px 8px;"
            f"margin:4px 0;background:#f7f9fc'><b>Key</b>: {chips}<br>Pieces: {pieces}<br>"
            f"{html.escape(MOVE_KEY)}<br>{MARKS}</div>")


#: the map's marks (walk of session 33: the key explained none of them)
TARGET_MARK, TARGET_RING, MOVE_MARK = "#e53935", "#8e24aa", "#43a047"
OUT_OF_COMMAND_MARK = "#c62828"  # as the chapters' command shading (STATUS_COLORS)
PANEL_HEX_MARK = "#ff8f00"  # the hex the panel describes: amber, not the map's dark red, which looked like the red
# ring of a piece out of command (walk of session 53)


def _ring(color: str) -> str:
    return f"<span style='display:inline-block;width:10px;height:10px;border:2px solid {color}'></span>"


MARKS = (f"Marks: {_ring(MOVE_MARK)} green shade, where the selected piece may end its move (CTA-MOVE); "
         f"{_ring(TARGET_RING)} red shade, purple ring, an enemy it may attack or shoot at (CTA-COMBAT, CTA-ART); "
         f"{_ring('#000000')} black ring, the selected piece; {_ring(OUT_OF_COMMAND_MARK)} red ring, a piece "
         f"out of command (CTA-CMD); {_ring('#1565c0')} blue ring, where the picked move ends; "
         f"{_ring(PANEL_HEX_MARK)} amber outline, the hex the panel beside the map describes (the last one clicked).")


def banner_html(text: str, color: str | None) -> str:
    """The banner in the colour of the side to decide (a pale tint), or neutral."""
    tint = "#e8f0fe" if color is None else _tint(color)
    return (f"<div class='centurion-banner-text' style='padding:6px;background:{tint};font-size:15px'>"
            f"{html.escape(text)}</div>")


def _tint(color: str) -> str:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(round(c + (255 - c) * 0.82) for c in (r, g, b)))


__all__ = ["MARKS", "MOVE_MARK", "OUT_OF_COMMAND_MARK", "TARGET_MARK", "TARGET_RING", "FACING_NAMES", "MOVE_KEY",
           "banner_html", "legend_html", "move_label", "step_words"]
