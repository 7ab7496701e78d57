"""The contents' rule index and the rules reference say the same thing: which chapters show which rule. They were two
hand-kept lists that drifted apart (DIE-10 missing at the to-hit, hit-location and casualty chapters, DIE-20 at
morale and artillery, CTA-2, HEX-3, CEN-REC-1 and others); the index is now built from data/rules_reference.yaml.
Expected rule IDs come from RULES.md and the chapter sources under tools/chapters/, not from the index's code."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from spec_sources import source

from centurion.data.reference import rules_reference

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
RULE_ID = re.compile(r"\b(?:HEX|DIE|CEN|CTA|VAR)-[A-Z0-9]+(?:-[0-9]+)?\b")

#: rule IDs a chapter names without showing the rule at work (it is taught elsewhere): these stay out of the chapter's
#: list on purpose. Chapter 11 says an idle unit stands (CTA-MORALE, taught in 13) but has no idle unit; chapter 16
#: says opportunity fire uses its sight table (CEN-OPP-1, taught in 8); chapter 21 names CEN-SEQ-3 beside VAR-INIT
#: but computes no declaration order.
MENTIONS = {
    "11_centuria_movement": {"CTA-MORALE"},
    "16_line_of_sight": {"CEN-OPP-1"},
    "21_variant_rules": {"CEN-SEQ-3"},
}


def reference_by_chapter() -> dict[str, set[str]]:
    """Chapter stem -> the rule IDs the rules reference links to it."""
    out: dict[str, set[str]] = {}
    for e in rules_reference().entries:
        for stem in e.chapters:
            out.setdefault(stem, set()).add(e.id)
    return out


def index_by_chapter() -> dict[str, set[str]]:
    """Chapter stem -> the rule IDs the contents' rule index (tools/chapters/index.py) lists for it."""
    from chapters.index import rule_index

    out: dict[str, set[str]] = {}
    for rid, places in rule_index().items():
        for fn, _title in places:
            out.setdefault(fn.removesuffix(".ipynb"), set()).add(rid)
    return out


def stored_index_rows() -> list[tuple[str, list[str]]]:
    """The rule index as notebooks/index.ipynb shows it: (rule ID, chapter stems linked) in the page's order."""
    nb = json.loads((ROOT / "notebooks" / "index.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return [(rid, re.findall(r"\]\((\d\d_\w+)\.ipynb\)", places))
            for rid, places in re.findall(r"^\| \[`([^`]+)`\]\(reference\.ipynb\?rule=\1\) \| (.*) \|$", text, re.M)]


def _differences(index: dict[str, set[str]], reference: dict[str, set[str]]) -> list[str]:
    """One line per chapter whose two lists differ: what only the index has, what only the reference has."""
    return [f"{stem}: index only {sorted(index.get(stem, set()) - reference.get(stem, set()))}, reference only "
            f"{sorted(reference.get(stem, set()) - index.get(stem, set()))}"
            for stem in sorted(set(index) | set(reference)) if index.get(stem, set()) != reference.get(stem, set())]


def test_the_rule_index_lists_for_each_chapter_exactly_the_rules_the_reference_links_to_it():
    diff = _differences(index_by_chapter(), reference_by_chapter())
    assert not diff, "the rule index and data/rules_reference.yaml disagree:\n" + "\n".join(diff)


def test_the_stored_index_page_shows_the_reference_in_rule_order():
    rows = stored_index_rows()
    shown: dict[str, set[str]] = {}
    for rid, stems in rows:
        assert stems == sorted(stems), (rid, stems)  # chapters by number
        for stem in stems:
            shown.setdefault(stem, set()).add(rid)
    diff = _differences(shown, reference_by_chapter())
    assert not diff, "notebooks/index.ipynb and data/rules_reference.yaml disagree:\n" + "\n".join(diff)
    ids = [rid for rid, _ in rows]
    assert ids.index("DIE-10") < ids.index("DIE-20") < ids.index("DIE-100")  # numbers read as numbers
    assert ids.index("CEN-GRAV-6") < ids.index("CEN-GRD-1") and ids.index("CTA-2") < ids.index("CTA-ART")


def test_every_rule_of_the_reference_is_a_rule_of_the_spec_and_has_a_chapter():
    spec = set(re.findall(r"\*\*((?:HEX|DIE|CEN|CTA|VAR)-[A-Z0-9-]+)\*\*", source("rules/RULES.md").read_text()))
    ref = rules_reference()
    assert {e.id for e in ref.entries} - spec == set()
    assert [e.id for e in ref.entries if not e.chapters] == []
    assert [e.id for e in ref.entries if list(e.chapters) != sorted(e.chapters)] == []  # by number, as the index


def test_the_index_names_each_chapter_as_the_reference_does():
    from chapters.index import INDEX_ROWS

    titles = {fn.removesuffix(".ipynb"): title for fn, title, *_ in INDEX_ROWS}
    assert titles == rules_reference().chapters


def test_every_rule_a_chapter_cites_is_listed_for_it_unless_it_is_only_mentioned():
    """A chapter that names a rule ID in its text, code or checks shows that rule, or names it in passing (MENTIONS):
    a new citation must be added to the reference's chapters or declared a mention, so the lists cannot go stale."""
    ref = rules_reference()
    listed = reference_by_chapter()
    for path in sorted((ROOT / "tools" / "chapters").glob("c[0-9][0-9]_*.py")):
        stem = path.stem[1:]
        cited = {rid for rid in RULE_ID.findall(path.read_text(encoding="utf-8")) if rid in ref}
        assert cited - listed.get(stem, set()) == MENTIONS.get(stem, set()), stem


def test_the_dice_are_listed_where_the_chapters_roll_them():
    """DIE-10 at every chapter that explains its d10 roll and shows its odds (speed limits, initiative, to-hit, hit
    location and crew rolls, casualties and the Vulcan, the variant rolls); DIE-20 at the three Centuria rolls."""
    ref = rules_reference()
    assert ref["DIE-10"].chapters == ("05_speed_limits", "08_sequence", "17_weapons_fire", "18_damage",
                                      "19_infantry_vulcan", "21_variant_rules")
    assert ref["DIE-20"].chapters == ("12_centuria_combat", "13_centuria_morale", "14_centuria_artillery")
    assert ref["DIE-100"].chapters == ("21_variant_rules",)
