"""Armor diagrams: 10 x 10 boxes a section, unused rows crossed from the top, damage row by row (CEN-REC-1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

BOXES = 100


@dataclass(frozen=True)
class ArmorSection:
    """One section's boxes: the first `100 - armor` in reading order are unused; `destroyed` holds lost boxes."""

    armor: int
    destroyed: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if not 0 <= self.armor <= BOXES:
            raise ValueError(f"CEN-REC-1: a section holds 0 to 100 armor boxes, got {self.armor}")

    @property
    def first_box(self) -> int:
        """Index of the first usable box (boxes above it are crossed as unused)."""
        return BOXES - self.armor

    @property
    def intact(self) -> int:
        """Armor boxes left."""
        return self.armor - len(self.destroyed)

    def cross_rowwise(self, points: int) -> tuple[ArmorSection, tuple[int, ...], int]:
        """Cross `points` boxes from the top-left, row by row, skipping lost ones (CEN-SPD-2, CEN-GRD-1).

        Returns the new section, the boxes crossed, and the points left over once
        the armor is gone (they reach the internals).
        """
        if points < 0:
            raise ValueError(f"damage cannot be negative, got {points}")
        crossed: list[int] = []
        for box in range(self.first_box, BOXES):
            if len(crossed) == points:
                break
            if box not in self.destroyed:
                crossed.append(box)
        section = ArmorSection(self.armor, self.destroyed | frozenset(crossed))
        return section, tuple(crossed), points - len(crossed)


@dataclass(frozen=True)
class Armor:
    """A vehicle's armor diagram, section by section (CEN-REC-1)."""

    sections: tuple[tuple[str, ArmorSection], ...]

    @classmethod
    def full(cls, armor: Mapping[str, int]) -> Armor:
        """Undamaged armor with the given points per section."""
        return cls(tuple((name, ArmorSection(points)) for name, points in armor.items()))

    def __getitem__(self, name: str) -> ArmorSection:
        for n, s in self.sections:
            if n == name:
                return s
        raise KeyError(f"CEN-REC-1: no armor section {name!r}")

    def damaged(self, name: str, points: int) -> tuple[Armor, tuple[int, ...], int]:
        """Apply row-by-row damage to one section; returns the new armor, boxes crossed and overflow."""
        section, crossed, overflow = self[name].cross_rowwise(points)
        return Armor(tuple((n, section if n == name else s) for n, s in self.sections)), crossed, overflow

    def with_destroyed(self, name: str, boxes: frozenset[int] | set[int]) -> Armor:
        """The armor with more boxes of one section lost (template, laser or widowed armor, CEN-CMB-1)."""
        sec = self[name]
        bad = [b for b in boxes if not sec.first_box <= b < BOXES]
        if bad:
            raise ValueError(f"CEN-REC-1: boxes {bad} are not armor boxes of the {name} section")
        new = ArmorSection(sec.armor, sec.destroyed | frozenset(boxes))
        return Armor(tuple((n, new if n == name else s) for n, s in self.sections))

    def is_intact(self, name: str, box: int) -> bool:
        """Whether armor box `box` (row * 10 + column) of a section is there and not lost."""
        sec = self[name]
        return sec.first_box <= box < BOXES and box not in sec.destroyed
