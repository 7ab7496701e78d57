"""Damage to a record sheet: hit location, templates, lasers, internals, widowed armor (CEN-CMB-1, book-a 11-13).

Geometry of one section: 10 armor rows of 10 boxes (unused rows crossed from the top), then the internal rows
of its layout (`data/vehicles.yaml`). Columns are numbered 1..10 as the d10 reads them. A template is dropped
on the rolled column with its first row on the highest remaining box of that column; each row is centred on
the column; boxes under it are destroyed; parts on lost boxes or off an armor row are lost; parts off an
internal row continue into the neighbouring section of the sheet (book-a 13.1). A laser is a template one box
wide and N deep. Armor damage is applied at once; internal boxes are held as *pending* until all fire is
resolved (CEN-SEQ-3), unless `immediate` (movement damage, CEN-SPD-2).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from ..data.vehicles import ARMOR_ROWS, COLUMNS, damage_templates, weapon_table
from .inputs import choice, whole
from .record import Box, RecordSheet, reduced_thrust

__all__ = [  # reduced_thrust lives in record (the sheet reads it), re-exported here
    "HIT_COLUMNS",
    "SIDES",
    "hit_location",
    "hit_section",
    "vulcan_kill_number",
    "remove_widowed",
    "HitMark",
    "template_shape",
    "check_template",
    "drop_template",
    "fire_laser",
    "cross_rowwise",
    "widowed_boxes",
    "remove_widowed_armor",
    "reduced_thrust",
]

HIT_COLUMNS = ("normal", "hull_down", "ttf", "laf")
SIDES = ("front", "left", "right", "stern")
# Hit location table (book-a 11): d10 bands 1-3, 4-7, 8-10 per column; "side" = the attacked side.
_HIT_TABLE = {
    "normal": ("turret", "side", "side"),
    "hull_down": ("turret", "turret", "side"),
    "ttf": ("bottom", "bottom", "side"),
    "laf": ("bottom", "bottom", "bottom"),
}


def hit_location(roll: int, column: str = "normal") -> str:
    """Section a hit lands on for a d10 `roll`: 'turret', 'side' (the attacked side) or 'bottom' (book-a 11)."""
    choice(column, HIT_COLUMNS, "CEN-CMB-1", "column")
    if column not in _HIT_TABLE:
        raise ValueError(f"CEN-CMB-1: hit-location columns are {', '.join(HIT_COLUMNS)}, not {column!r}")
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 10:
        raise ValueError(f"DIE-10: a hit-location roll reads 1..10, got {roll!r}")
    return _HIT_TABLE[column][0 if roll <= 3 else 1 if roll <= 7 else 2]


def hit_section(roll: int, side: str, column: str = "normal") -> str:
    """The section hit: `hit_location` with 'side' read as the attacked side (front/left/right/stern)."""
    choice(side, SIDES, "HEX-4", "side")
    if side not in SIDES:
        raise ValueError(f"HEX-4: an attack comes from the front, left, right or stern, not {side!r}")
    where = hit_location(roll, column)
    return side if where == "side" else where


def vulcan_kill_number(rating: int, engaged: int) -> int | None:
    """Kill number of a Vulcan-`rating` engaging `engaged` missiles this turn; None: no entry (book-a 15.2)."""
    whole(rating, "CEN-CMB-1", "rating")
    table = weapon_table().vulcan
    if rating not in table:
        raise ValueError(f"CEN-CMB-1: Vulcan ratings are {', '.join(map(str, sorted(table)))}, got {rating!r}")
    if isinstance(engaged, bool) or not isinstance(engaged, int) or engaged < 1:
        raise ValueError(f"CEN-CMB-1: a Vulcan engages 1 or more missiles, got {engaged!r}")
    row = table[rating]
    return row[engaged - 1] if engaged <= len(row) else None


def remove_widowed(rows: list[list[bool]]) -> list[list[bool]]:
    """Armor rows (top first, True = intact) with every box cut off from the bottom row removed (book-a 12.2).

    A box survives only with an edge-connected (not diagonal) path of intact boxes to the bottom row.
    """
    if not rows:
        return []
    height = len(rows)
    keep = [[False] * len(r) for r in rows]
    todo = deque((height - 1, c) for c, ok in enumerate(rows[-1]) if ok)
    for r, c in todo:
        keep[r][c] = True
    while todo:
        r, c = todo.popleft()
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < height and 0 <= cc < len(rows[rr]) and rows[rr][cc] and not keep[rr][cc]:
                keep[rr][cc] = True
                todo.append((rr, cc))
    return keep


@dataclass(frozen=True)
class HitMark:
    """What one hit did: the section and column struck, armor boxes destroyed, internal boxes hit, points lost."""

    section: str
    column: int
    points: int
    armor: tuple[int, ...]
    internal: tuple[Box, ...]
    lost: int
    shape: tuple[int, ...]

    def describe(self) -> str:
        """One line for a combat log."""
        inner = f", {len(self.internal)} internal" if self.internal else ""
        return (f"{self.section} column {self.column}: {len(self.armor)} armor{inner}, {self.lost} lost "
                f"on gone boxes or off the sheet (CEN-CMB-1)")


def template_shape(weapon: str, shell: str | None = None) -> tuple[int, ...]:
    """Row widths a weapon's hit destroys: a laser N deep and 1 wide, else its template (book-a 12.1, book-b 17.3)."""
    if not isinstance(weapon, str) or weapon not in weapon_table().weapons:
        raise ValueError(f"CEN-REC-1: no weapon {weapon!r} in the weapons table"[:200])
    if shell is not None and (not isinstance(shell, str) or not shell):
        raise ValueError(f"CEN-CMB-1: a shell is named, got {shell!r}"[:200])
    spec = weapon_table()[weapon]
    if spec.laser_boxes is not None:
        return (1,) * spec.laser_boxes
    key = spec.template_key(shell)
    if key is None:
        raise ValueError(f"CEN-CMB-1: the {weapon} does no armor damage")
    return damage_templates()[key]


def _cell(record: RecordSheet, section: str, row: int, col: int) -> tuple[str, int, int] | None:
    """(section, row, column) a template cell lands on after crossing into a neighbour, or None when lost."""
    layout = record.vehicle.internals
    if 0 <= col < COLUMNS:
        return section, row, col
    if row < ARMOR_ROWS or layout is None:
        return None  # off an armor row: lost (book-a 12.1)
    left, right = layout.neighbours[section]
    other = left if col < 0 else right
    if other is None:
        return None
    return _cell(record, other, row, col + COLUMNS if col < 0 else col - COLUMNS)


def check_template(shape: Sequence[int]) -> tuple[int, ...]:
    """The row widths of a damage template, each a positive odd whole number (centred on the struck column), as the
    template table requires; else ValueError (CEN-CMB-1, book-a 12.1)."""
    if isinstance(shape, (str, bytes)) or not isinstance(shape, Sequence) or not shape or not all(
            isinstance(w, int) and not isinstance(w, bool) and w > 0 and w % 2 == 1 for w in shape):
        raise ValueError(f"CEN-CMB-1: a damage template is a list of odd row widths (1, 3, 5, ...), each row centred "
                         f"on the struck column; got {shape!r}"[:200])
    return tuple(shape)


def drop_template(record: RecordSheet, section: str, column: int, shape: Sequence[int], *,
                  immediate: bool = False) -> tuple[RecordSheet, HitMark]:
    """Drop a template (row widths) on `column` (1..10) of a section; armor at once, internals pending (CEN-SEQ-3)."""
    if not isinstance(section, str):
        raise ValueError(f"CEN-REC-1: no section {section!r}"[:200])
    if section not in record.vehicle.armor:
        raise ValueError(f"CEN-REC-1: no section {section!r}")
    if isinstance(column, bool) or not isinstance(column, int) or not 1 <= column <= COLUMNS:
        raise ValueError(f"CEN-CMB-1: the damage column is a d10 roll 1..10, got {column!r}")
    shape = check_template(shape)
    col = column - 1
    start = record.highest_remaining(section, col)
    points = sum(shape)
    if start is None:
        return record, HitMark(section, column, points, (), (), points, tuple(shape))
    armor_hits: dict[str, set[int]] = {}
    internal: list[Box] = []
    lost = 0
    for i, width in enumerate(shape):
        row = start + i
        for c in range(col - width // 2, col + width // 2 + 1):
            cell = _cell(record, section, row, c)
            if cell is None or not record.intact(*cell):
                lost += 1
                continue
            s, r, cc = cell
            if r < ARMOR_ROWS:
                armor_hits.setdefault(s, set()).add(r * COLUMNS + cc)
            else:
                internal.append((s, (r - ARMOR_ROWS) * COLUMNS + cc))
    new = record.with_damage(armor_hits, internal, immediate=immediate)
    own = tuple(sorted(armor_hits.get(section, ())))
    return new, HitMark(section, column, points, own, tuple(internal), lost, tuple(shape))


def fire_laser(record: RecordSheet, section: str, column: int, boxes: int) -> tuple[RecordSheet, HitMark]:
    """A laser: `boxes` boxes straight down the column from the highest remaining one (book-a 12.1)."""
    whole(boxes, "CEN-CMB-1", "boxes", 1)
    if boxes < 1:
        raise ValueError(f"CEN-CMB-1: a laser destroys 1 or more boxes, got {boxes}")
    return drop_template(record, section, column, (1,) * boxes)


def cross_rowwise(record: RecordSheet, section: str, points: int, *,
                  immediate: bool = True) -> tuple[RecordSheet, tuple[int, ...], tuple[Box, ...]]:
    """Movement damage: `points` boxes crossed from the top-left, row by row, armor then internals, at once
    (CEN-SPD-2, CEN-GRD-1). Returns the sheet, the armor boxes and the internal boxes crossed.

    `immediate=False` leaves the internal boxes pending (for `internals.movement_damage` to apply with effects).
    """
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise ValueError(f"CEN-SPD-2: damage is a whole number of points, 0 or more, got {points!r}")
    if section not in record.vehicle.armor:
        raise ValueError(f"CEN-REC-1: no section {section!r}")
    armor, crossed, overflow = record.armor.damaged(section, points)
    internal: list[Box] = []
    layout = record.vehicle.internals
    if overflow and layout is not None:
        for box in range(layout.depth(section) * COLUMNS):
            if len(internal) == overflow:
                break
            if record.intact(section, ARMOR_ROWS + box // COLUMNS, box % COLUMNS):
                internal.append((section, box))
    new = replace(record, armor=armor).with_damage({}, internal, immediate=immediate)
    return new, crossed, tuple(internal)


def widowed_boxes(record: RecordSheet, section: str) -> frozenset[int]:
    """Armor boxes of a section that are widowed now (book-a 12.2)."""
    sec = record.armor[section]
    return _widowed(sec.first_box, frozenset(sec.destroyed))


@lru_cache(maxsize=4096)
def _widowed(first_box: int, destroyed: frozenset[int]) -> frozenset[int]:
    """The widowed boxes of a section whose boxes before `first_box` are unused and `destroyed` are lost (kept: the
    computer's fire search asks again and again for the same few sheets)."""
    rows = [[first_box <= r * COLUMNS + c and r * COLUMNS + c not in destroyed for c in range(COLUMNS)]
            for r in range(ARMOR_ROWS)]
    kept = remove_widowed(rows)
    return frozenset(r * COLUMNS + c for r in range(ARMOR_ROWS) for c in range(COLUMNS)
                     if rows[r][c] and not kept[r][c])


def remove_widowed_armor(record: RecordSheet) -> tuple[RecordSheet, dict[str, tuple[int, ...]]]:
    """End Phase step A: remove every widowed armor box of every section; internals are never widowed (CEN-SEQ-1)."""
    removed = {s: tuple(sorted(widowed_boxes(record, s))) for s, _ in record.armor.sections}
    removed = {s: b for s, b in removed.items() if b}
    if not removed:
        return record, {}
    return record.with_damage({s: set(b) for s, b in removed.items()}, ()), removed
