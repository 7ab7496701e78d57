"""Flat-topped pixel layout: hex centre, corners and pixel -> hex (HEX-2).

Kept apart from the coordinates, as in Red Blob Games' Hex / Layout split.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .coords import Hex
from .geometry import cube_round

_SQRT3 = math.sqrt(3)
# Corner angles of a flat-topped hex, starting east and turning clockwise on screen.
_CORNER_ANGLES = np.radians(np.arange(6) * 60.0)
_CORNER_UNIT = np.stack([np.cos(_CORNER_ANGLES), np.sin(_CORNER_ANGLES)], axis=1)


@dataclass(frozen=True)
class Layout:
    """Pixel placement of flat-topped hexes: `size` is the centre-to-corner radius in pixels."""

    size: float = 12.0
    origin_x: float = 0.0
    origin_y: float = 0.0

    def __post_init__(self) -> None:
        if not self.size > 0:
            raise ValueError(f"Layout size must be positive, got {self.size}")

    def center(self, hex_: Hex) -> tuple[float, float]:
        """Pixel centre of a hex."""
        x = self.size * 1.5 * hex_.q + self.origin_x
        y = self.size * _SQRT3 * (hex_.r + hex_.q / 2) + self.origin_y
        return x, y

    def corners(self, hex_: Hex) -> list[tuple[float, float]]:
        """The six pixel corners of a hex, clockwise from the east corner."""
        cx, cy = self.center(hex_)
        return [(cx + self.size * ux, cy + self.size * uy) for ux, uy in _CORNER_UNIT]

    def centers_array(self, hexes: Sequence[Hex]) -> np.ndarray:
        """(N, 2) array of the pixel centres of many hexes."""
        qr = np.asarray(hexes, dtype=float).reshape(-1, 2)
        x = self.size * 1.5 * qr[:, 0] + self.origin_x
        y = self.size * _SQRT3 * (qr[:, 1] + qr[:, 0] / 2) + self.origin_y
        return np.stack([x, y], axis=1)

    def polygons_array(self, hexes: Sequence[Hex], scale: float = 1.0) -> np.ndarray:
        """(N, 6, 2) array of hex corners, for the batch drawing calls; `scale` shrinks each hex."""
        centres = self.centers_array(hexes)
        return centres[:, None, :] + _CORNER_UNIT[None, :, :] * (self.size * scale)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex whose area holds pixel (x, y)."""
        px = (x - self.origin_x) / self.size
        py = (y - self.origin_y) / self.size
        q = 2.0 / 3.0 * px
        r = -1.0 / 3.0 * px + _SQRT3 / 3.0 * py
        return cube_round(q, r, -q - r)

    def hexside_midpoint(self, hex_: Hex, facing: int) -> tuple[float, float]:
        """Pixel midpoint of hexside `facing` (HEX-3), for drawing facings and arcs."""
        cx, cy = self.center(hex_)
        # facing 0 points up (-y); clockwise on screen
        angle = math.radians(-90.0 + 60.0 * (facing % 6))
        d = self.size * _SQRT3 / 2
        return cx + d * math.cos(angle), cy + d * math.sin(angle)
