"""Colour helpers for the batch drawing calls (RGB arrays)."""

from __future__ import annotations

import numpy as np


def rgb(color: str) -> tuple[int, int, int]:
    """'#rrggbb' to an (r, g, b) tuple."""
    c = color.lstrip("#")
    if len(c) != 6:
        raise ValueError(f"expected a colour like '#a0b0c0', got {color!r}")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def rgb_array(colors: list[str]) -> np.ndarray:
    """An (N, 3) uint8-valued array of colours."""
    return np.array([rgb(c) for c in colors], dtype=float).reshape(-1, 3)


def shade(base: np.ndarray, levels: np.ndarray, toward: str = "#7a5230", step: float = 0.09) -> np.ndarray:
    """Blend each colour toward `toward` by `step` per elevation level (hills read browner)."""
    t = np.clip(levels[:, None] * step, 0.0, 0.6)
    return base * (1 - t) + np.array(rgb(toward), dtype=float)[None, :] * t
