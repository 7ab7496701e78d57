"""The Infantry Damage Table from `data/infantry_damage.yaml`, with the squad strength table of `data/infantry.yaml`
(CEN-CMB-1, book-a §16)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType

from .paths import data_dir
from .vehicles import SquadStrength, load_infantry
from .yamlfile import DataError, YamlFile

COLUMNS = tuple(range(-1, 11))


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
            raise ValueError(f"CEN-CMB-1: a modified roll is a whole number, got {modified_roll!r}")
        col = min(max(modified_roll, COLUMNS[0]), COLUMNS[-1]) - COLUMNS[0]
        return self.rows[self.row_key(row)][col]


def load_casualty_table(path: Path | str, infantry_path: Path | str | None = None) -> CasualtyTable:
    """Load and check the Infantry Damage Table file, with the squad strength table of `infantry.yaml` beside it
    (CEN-CMB-1, book-a §16.3)."""
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
    if isinstance(f.data, Mapping) and "strength" in f.data:
        raise f.error(("strength",), "strength", None, "no strength table here: it lives in infantry.yaml", "strength")
    if infantry_path is None:
        sibling = Path(path).parent / "infantry.yaml"
        infantry_path = sibling if sibling.exists() else data_dir() / "infantry.yaml"
    strength = dict(load_infantry(Path(infantry_path)).strength)
    for men, st in strength.items():
        if st.template not in rows:
            raise DataError(Path(infantry_path).name, str(men), "template", "an IWF row of the Infantry Damage Table",
                            st.template)
    return CasualtyTable(MappingProxyType(rows), MappingProxyType(labels), MappingProxyType(aliases),
                         MappingProxyType(strength))


@cache
def casualty_table() -> CasualtyTable:
    """The shipped Infantry Damage Table (book-a §16.6)."""

    return load_casualty_table(data_dir() / "infantry_damage.yaml")


__all__ = ["CasualtyTable", "SquadStrength", "casualty_table", "load_casualty_table"]
