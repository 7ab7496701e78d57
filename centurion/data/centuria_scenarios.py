"""Centuria battles as data: `data/scenarios/centuria/*.yaml`, a Centuria scenario (CTA-1, CTA-2) plus what makes it
a whole battle: title, description, round limit and the per-round countdown (issue 15).

The folder sits beside the Centurion scenarios (`data/scenarios/*.yaml`, `scenarios.py`), whose loader does not look
into sub-folders. A game key is "centuria_" + the file name. A bad file raises `DataError` naming file, entry and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .battlemap import BattleMap
from .editions import edition_path, split_edition
from .paths import data_dir
from .scenario import CenturiaScenario, load_centuria_scenario
from .tables import CenturiaTables
from .yamlfile import Entry, YamlFile

PREFIX = "centuria_"


@dataclass(frozen=True)
class CenturiaBattleSpec:
    """A shipped Centuria battle: its key, title, description, round limit and the scenario itself (CTA-1)."""

    key: str
    title: str
    description: str
    round_limit: int
    scenario: CenturiaScenario
    goals: Mapping[str, str]
    postures: Mapping[str, str]  # advance or hold: how the computer plays the side (issue 15)
    holds_out: str | None = None  # the side that wins by not having lost when the last round ends (decision)

    @property
    def map(self) -> BattleMap:
        """The battle map."""
        return self.scenario.map

    @property
    def time_limit_seconds(self) -> int | None:
        """The countdown of a round in seconds, None when off (CTA-1)."""
        return self.scenario.time_limit_seconds


def load_centuria_battle(path: Path | str, tables: CenturiaTables, *, text: str | None = None,
                         key: str | None = None) -> CenturiaBattleSpec:
    """Load and check a Centuria battle file (or its `text`, named `path`) (CTA-1, CTA-2)."""
    sc = load_centuria_scenario(path, tables, text=text)
    f = YamlFile(path, text)
    top = Entry(f, (), "scenario", f.data)
    top.str("system", default="centuria", choices=("centuria",))
    title = top.str("title", default=sc.name)
    description = top.str("description", default="")
    rounds = top.int("round_limit", lo=1, hi=99)
    sides_e = top.sub("sides")
    goals = {k: e.str("goal", default="") for k, e in sides_e.items()}
    postures = {k: e.str("posture", default="advance", choices=("advance", "hold")) for k, e in sides_e.items()}
    if len(sc.sides) != 2:
        raise top.fail("sides", "exactly two sides", list(sc.sides))
    holds_out = top.value.get("holds_out")
    if holds_out is not None:
        holds_out = top.str("holds_out", choices=tuple(sc.sides))
    for side in sc.sides:
        if not any(p.side == side for p in sc.leaders):
            raise top.fail("leaders", f"at least one leader of side {side!r}", None)
        if not any(p.side == side for p in sc.units):
            raise top.fail("units", f"at least one unit of side {side!r}", None)
    return CenturiaBattleSpec(key or PREFIX + Path(path).stem, title, description, rounds, sc, goals, postures,
                              holds_out)


def centuria_battle_dir() -> Path:
    """The folder of the shipped Centuria battles."""

    return data_dir() / "scenarios" / "centuria"


def centuria_battle_names() -> list[str]:
    """The shipped Centuria battles' keys ("centuria_" + file name), sorted."""
    return sorted(PREFIX + p.stem for p in centuria_battle_dir().glob("*.yaml"))


@cache
def shipped_centuria_battle(key: str) -> CenturiaBattleSpec:
    """A shipped Centuria battle by key; unknown keys raise ValueError naming the choices."""
    from . import centuria_tables

    base, edition = split_edition(key)  # "centuria_farmstead@1": an earlier edition (issue 25)
    if base not in centuria_battle_names():
        raise ValueError(f"no Centuria battle {key!r}; the battles are {', '.join(centuria_battle_names())}")
    return load_centuria_battle(edition_path(centuria_battle_dir(), base[len(PREFIX):], edition), centuria_tables(),
                                key=key)
