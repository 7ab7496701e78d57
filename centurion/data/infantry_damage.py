"""The Infantry Damage Table and the squad strength table from `data/infantry_damage.yaml` (CEN-CMB-1, book-a §16)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType

from .yamlfile import DataError, YamlFile

COLUMNS = tuple(range(-1, 11))


@dataclass(frozen=True)
class SquadStrength:
    """What a squad of so many men can still use (book-a §16.3)."""

    men: int
    template: str
    tvlgs: int
    mortars: int


@dataclass(frozen=True)
class CasualtyTable:
    """Men killed by row (weapon damage, IWF template, special) and modified roll -1..10 (book-a §16.6)."""

    rows: Mapping[str, tuple[int, ...]]
    labels: Mapping[str, str]
    aliases: Mapping[str, str]
    strength: Mapping[int, SquadStrength]

    def row_key(self, row: int | str) -> str:
        """The table row for a weapon damage number or a row name (7..3 share one row)."""
        key = str(row).strip()
        key = self.aliases.get(key, key)
        if key not in self.rows:
            known = ", ".join(self.rows)
            raise ValueError(f"CEN-CMB-1: the Infantry Damage Table has no row {row!r}; rows: {known}")
        return key

    def killed(self, row: int | str, modified_roll: int) -> int:
        """Men killed; a modified roll below -1 reads as -1, above 10 as 10 (book-a §16.6)."""
        if isinstance(modified_roll, bool) or not isinstance(modified_roll, int):
            raise TypeError(f"CEN-CMB-1: a modified roll is a whole number, got {modified_roll!r}")
        col = min(max(modified_roll, COLUMNS[0]), COLUMNS[-1]) - COLUMNS[0]
        return self.rows[self.row_key(row)][col]


def load_casualty_table(path: Path | str) -> CasualtyTable:
    """Load and check the Infantry Damage Table file (CEN-CMB-1)."""
    f = YamlFile(path)
    cols = f.data.get("columns") if isinstance(f.data, Mapping) else None
    if cols != list(COLUMNS):
        raise f.error(("columns",), None, "columns", "the modified rolls -1 to 10", cols)
    rows: dict[str, tuple[int, ...]] = {}
    labels: dict[str, str] = {}
    for key, e in f.section("rows").items():
        killed = e.raw("killed")
        if (not isinstance(killed, list) or len(killed) != len(COLUMNS)
                or any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 8 for k in killed)):
            raise e.fail("killed", f"{len(COLUMNS)} whole numbers of men from 0 to 8", killed)
        if any(b < a for a, b in pairwise(killed)):
            raise e.fail("killed", "numbers that never fall as the roll rises", killed)
        rows[key] = tuple(killed)
        labels[key] = e.str("label", default=key)
    aliases_e = f.section("aliases")
    aliases = {}
    for k in aliases_e.keys():
        target = aliases_e.str(k)
        if target not in rows:
            raise aliases_e.fail(k, "the name of a row", target)
        aliases[k] = target
    strength = {}
    for key, e in f.section("strength").items():
        try:
            men = int(key)
        except ValueError:
            raise DataError(f.name, key, None, "a number of men 1-8", key, f.line(("strength", key))) from None
        template = e.str("template")
        if template not in rows:
            raise e.fail("template", "an IWF row of the table", template)
        strength[men] = SquadStrength(men, template, e.int("tvlgs", lo=0, hi=4), e.int("mortars", lo=0, hi=2))
    if sorted(strength) != list(range(1, 9)):
        raise f.error(("strength",), "strength", None, "one entry for each of 1 to 8 men", sorted(strength))
    return CasualtyTable(MappingProxyType(rows), MappingProxyType(labels), MappingProxyType(aliases),
                         MappingProxyType(strength))


@cache
def casualty_table() -> CasualtyTable:
    """The shipped Infantry Damage Table (book-a §16.6)."""
    from . import data_dir

    return load_casualty_table(data_dir() / "infantry_damage.yaml")


__all__ = ["CasualtyTable", "SquadStrength", "casualty_table", "load_casualty_table"]
