"""The rules reference: one entry in our own words per rule ID (data/rules_reference.yaml), for the reference page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .paths import data_dir
from .yamlfile import YamlFile

GAMES = ("maps", "centurion", "centuria")
GAME_TITLES = {"maps": "Map and dice (both games)", "centurion": "Renegade Legion: Centurion", "centuria": "Centuria"}
TABLES = ("terrain", "slopes", "facing_change", "centuria_units", "centuria_leaders", "centuria_terrain")
RULE_ID = re.compile(r"^(HEX|DIE|CEN|CTA|VAR)-[A-Z0-9]+(-[0-9]+)?$")
CHAPTER = re.compile(r"^\d\d_[a-z_]+$")


@dataclass(frozen=True)
class RuleEntry:
    """One rule explained: its ID, game, group, title, text, our decision (if any), a table and its chapters."""

    id: str
    game: str
    group: str
    title: str
    text: str
    ours: str | None
    table: str | None
    chapters: tuple[str, ...]

    def search_text(self) -> str:
        """Everything a filter box may match, lower-cased."""
        return " ".join([self.id, self.title, self.group, self.text, self.ours or ""]).lower()


@dataclass(frozen=True)
class RulesReference:
    """Every rule entry in the file's order, and the chapters they link to (stem -> title)."""

    entries: tuple[RuleEntry, ...]
    chapters: dict[str, str]

    def __getitem__(self, rule_id: str) -> RuleEntry:
        for e in self.entries:
            if e.id == rule_id:
                return e
        raise KeyError(rule_id)

    def __contains__(self, rule_id: object) -> bool:
        return any(e.id == rule_id for e in self.entries)

    def __len__(self) -> int:
        return len(self.entries)


def load_rules_reference(path: Path | str) -> RulesReference:
    """Read and check a rules reference file; a bad entry raises DataError naming file, entry and field."""
    f = YamlFile(path)
    titles: dict[str, str] = {}
    chapter_section = f.section("chapters")
    for stem in chapter_section.keys():
        if not CHAPTER.match(stem):
            raise chapter_section.fail(stem, "a notebook stem such as 04_terrain", stem)
        titles[stem] = chapter_section.str(stem)
    section = f.section("rules")
    out = []
    for rid, e in section.items():
        if not RULE_ID.match(rid):
            raise e.fail(None, "a rule ID such as CEN-GRAV-4", rid)
        chapters = e.raw("chapters")
        if not isinstance(chapters, list) or not all(isinstance(c, str) and c in titles for c in chapters):
            raise e.fail("chapters", "a list of chapters named in the file's `chapters` section (may be empty)",
                         chapters)
        text = e.str("text").strip()
        if not text:
            raise e.fail("text", "a paragraph", text)
        ours = e.str("ours").strip() if e.has("ours") else None
        table = e.str("table", choices=TABLES) if e.has("table") else None
        out.append(RuleEntry(rid, e.str("game", choices=GAMES), e.str("group"), e.str("title"), text, ours, table,
                             tuple(chapters)))
    return RulesReference(tuple(out), titles)


@cache
def rules_reference() -> RulesReference:
    """The rules reference shipped with the package (every rule ID the engine implements)."""

    return load_rules_reference(data_dir() / "rules_reference.yaml")
