"""Hex grid geometry with no game knowledge: coordinates, lines, arcs, pixel layout (HEX-1..4)."""

from .coords import (
    DIRECTIONS,
    FACING_NAMES,
    Hex,
    distance,
    facing_between,
    format_label,
    from_offset,
    hex_range,
    neighbor,
    neighbors,
    parse_label,
    ring,
    to_offset,
    turn,
)
from .geometry import arcs, bearing, line, wedges
from .layout import Layout

__all__ = [
    "DIRECTIONS",
    "FACING_NAMES",
    "Hex",
    "Layout",
    "arcs",
    "bearing",
    "distance",
    "facing_between",
    "format_label",
    "from_offset",
    "hex_range",
    "line",
    "neighbor",
    "neighbors",
    "parse_label",
    "ring",
    "to_offset",
    "turn",
    "wedges",
]
