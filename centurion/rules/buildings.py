"""Buildings as targets: levels of armor boxes, the hit level, sideways templates, collapse and rubble
(book-b 2.1-2.7; CEN-CMB-1).

A building of height H (1..10 levels) and armor factor AF (1..40) is a grid of H rows of AF boxes, level 1 at
the bottom. Decisions (docs/decisions.md): the template is turned sideways with its arrow on the struck level and
slid in from the left end of that level's row to its first intact box; each template row becomes a run of
boxes across that many levels centred on the struck level, one box further along the row for each row of the
template; portions off the building are lost. A laser runs N boxes along the struck level. Squads inside are
hurt once per attack that destroys a box among the last 5 of their level. Collapse and rubble wait for the End
Phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .damage import check_template
from .inputs import whole

RULE = "CEN-CMB-1"


@dataclass(frozen=True)
class Building:
    """One building hex's sheet: height, armor factor, boxes lost as (level, box), levels gone, rubble."""

    height: int
    armor_factor: int
    destroyed: frozenset[tuple[int, int]] = frozenset()
    collapsed_from: int | None = None  # lowest collapsed level (it and all above are gone)
    rubble: bool = False

    def __post_init__(self) -> None:
        whole(self.height, RULE, "height", 1, 10)
        whole(self.armor_factor, RULE, "armor_factor", 1, 40)
        if not 1 <= self.height <= 10:
            raise ValueError(f"{RULE}: a building has 1 to 10 levels (book-b 2.1), got {self.height}")
        if not 1 <= self.armor_factor <= 40:
            raise ValueError(f"{RULE}: a building's armor factor is 1 to 40 (book-b 2.1), got {self.armor_factor}")

    def standing(self, level: int) -> bool:
        """Whether a level still stands (not collapsed, not rubble)."""
        return not self.rubble and 1 <= level <= self.height and (self.collapsed_from is None
                                                                   or level < self.collapsed_from)

    def intact(self, level: int, box: int) -> bool:
        """Whether a box of a level is there."""
        return self.standing(level) and 0 <= box < self.armor_factor and (level, box) not in self.destroyed

    def boxes_left(self, level: int) -> int:
        """Boxes left on a level."""
        return sum(self.intact(level, b) for b in range(self.armor_factor))

    @property
    def top_level(self) -> int | None:
        """Highest level still standing."""
        levels = [lv for lv in range(1, self.height + 1) if self.standing(lv)]
        return max(levels) if levels else None


def building_hit_level(roll: int, building: Building) -> int | None:
    """Level struck by a d10 hit-level roll: that level, or above the height (or on a level gone) the top surviving
    level: the highest standing one with a box left, a level emptied this turn waiting only for the End Phase's
    collapse of what stands on it (book-b 2.5-2.6; session 51's audit, B6)."""
    whole(roll, "DIE-10", "roll", 1, 10)
    if not 1 <= roll <= 10:
        raise ValueError(f"DIE-10: a hit-level roll reads 1..10, got {roll}")
    if roll > building.height or not building.standing(roll):
        alive = [lv for lv in range(1, building.height + 1) if building.standing(lv) and building.boxes_left(lv)]
        return max(alive) if alive else building.top_level
    return roll


@dataclass(frozen=True)
class BuildingHit:
    """What one hit on a building did: level, boxes destroyed, points lost, levels whose last 5 boxes were hit."""

    level: int | None
    boxes: tuple[tuple[int, int], ...]
    lost: int
    squads_hit_on: tuple[int, ...]


def damage_building(building: Building, level: int | None, shape: Sequence[int]) -> tuple[Building, BuildingHit]:
    """Drop a sideways template (row widths; a laser is (1,)*N) on a level (book-b 2.5, 2.7)."""
    shape = check_template(shape)
    if level is not None and (isinstance(level, bool) or not isinstance(level, int)
                              or not 1 <= level <= building.height):
        raise ValueError(f"{RULE}: the level hit is 1 to the building's height {building.height} (book-b 2.5), "
                         f"got {level!r}")
    points = sum(shape)
    if level is None or not building.standing(level):
        return building, BuildingHit(level, (), points, ())
    start = next((b for b in range(building.armor_factor) if building.intact(level, b)), None)
    if start is None:
        return building, BuildingHit(level, (), points, ())
    hits: list[tuple[int, int]] = []
    lost = 0
    for i, width in enumerate(shape):
        box = start + i
        for lv in range(level - width // 2, level + width // 2 + 1):
            if building.intact(lv, box):
                hits.append((lv, box))
            else:
                lost += 1
    af = building.armor_factor
    squads = tuple(sorted({lv for lv, b in hits if b >= af - 5}))
    new = replace(building, destroyed=building.destroyed | frozenset(hits))
    return new, BuildingHit(level, tuple(hits), lost, squads)


def building_end_phase(building: Building) -> tuple[Building, tuple[int, ...]]:
    """End Phase: a level with every box gone collapses with all levels above; level 1 gone = rubble (book-b 2.6).

    Returns the building and the levels that fell (squads inside them are eliminated).
    """
    gone = [lv for lv in range(1, building.height + 1) if building.standing(lv) and building.boxes_left(lv) == 0]
    if not gone:
        return building, ()
    lowest = min(gone)
    top = building.top_level or 0
    fell = tuple(range(lowest, top + 1))
    if lowest == 1:
        return replace(building, rubble=True, collapsed_from=1), fell
    return replace(building, collapsed_from=lowest), fell
