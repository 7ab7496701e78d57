"""The rules reference (data/rules_reference.yaml, notebooks/reference.ipynb) and the links to its entries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from spec_sources import source, sources

from centurion.data import DataError
from centurion.data.reference import load_rules_reference, rules_reference
from centurion.widgets import RulesReference, link_rules, rule_link

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = re.compile(r"\b(?:HEX|DIE|CEN|CTA|VAR)-[A-Z0-9]+(?:-[0-9]+)?\b")


def ids_cited_in(paths: list[Path]) -> set[str]:
    """Every full rule ID written in these files (family prefixes such as CEN-GRAV are left out)."""
    out: set[str] = set()
    for p in paths:
        out |= set(RULE_ID.findall(p.read_text(encoding="utf-8")))
    entries = {e.id for e in rules_reference().entries}
    return {rid for rid in out if not any(e.startswith(rid + "-") for e in entries)}


def test_every_rule_the_engine_and_the_chapters_cite_has_an_entry():
    cited = ids_cited_in([*ROOT.glob("centurion/**/*.py"), *ROOT.glob("tools/chapters/*.py")])
    missing = cited - {e.id for e in rules_reference().entries}
    assert not missing, f"rule IDs cited without a reference entry: {sorted(missing)}"
    assert {"CEN-GRAV-4", "CTA-MORALE", "CEN-REC-1", "CEN-LOS-1", "CEN-CMB-1", "DIE-20"} <= cited | {
        e.id for e in rules_reference().entries}


def test_every_rule_of_the_spec_outside_the_variants_has_an_entry():
    spec = source("rules/RULES.md")
    wanted = {rid for rid in RULE_ID.findall(spec.read_text()) if not rid.startswith("VAR-")}
    wanted = {rid for rid in wanted if re.search(r"-\d+$", rid) or rid.startswith(("CTA-", "DIE-", "HEX-"))}
    assert wanted - {e.id for e in rules_reference().entries} == set()


def test_entries_link_to_chapters_that_exist_with_their_titles():
    ref = rules_reference()
    for stem, title in ref.chapters.items():
        nb = ROOT / "notebooks" / f"{stem}.ipynb"
        assert nb.exists(), stem
        assert f"# {title}" in nb.read_text(encoding="utf-8"), (stem, title)
    # chapter 01 prints the facing change table, chapter 21 lays the variants beside the basic rules (tests/test_rule_index.py)
    assert ref["CEN-GRAV-4"].chapters == ("01_battlefield", "03_facing_change", "09_legal_moves", "21_variant_rules")
    assert ref["CEN-CMB-1"].chapters == ("17_weapons_fire", "18_damage", "19_infantry_vulcan", "21_variant_rules")


def test_decisions_are_marked_as_ours_and_carry_their_numbers():
    ref = rules_reference()
    assert "d20" in ref["DIE-20"].ours and "(20 − target) / 20" in ref["DIE-20"].text
    assert "six levels" in ref["CEN-TER-1"].ours
    assert ref["CEN-GRAV-1"].ours is None
    assert "30 or more, 5" in ref["CEN-GRAV-4"].text


def test_the_entries_are_in_our_own_words_not_the_sources():
    """No run of eight words (numbers aside) of an entry appears in the source texts or the rulebook's digests."""
    texts = [p.read_text(encoding="utf-8") for p in sources("seeds/*.txt")]
    texts += [p.read_text(encoding="utf-8") for p in sources("rules/centurion-book-*.md")]

    def words(s: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", s.lower())

    source_runs = set()
    for t in texts:
        ws = words(t)
        source_runs |= {" ".join(ws[i:i + 8]) for i in range(len(ws) - 7)}
    for e in rules_reference().entries:
        ws = words(e.text + " " + (e.ours or ""))
        runs = [ws[i:i + 8] for i in range(len(ws) - 7)]
        # tables of numbers may be used; a run of words must not
        copied = [" ".join(r) for r in runs if " ".join(r) in source_runs and sum(not w.isdigit() for w in r) >= 4]
        assert not copied, (e.id, copied[:2])


def test_a_bad_entry_names_file_entry_and_field(tmp_path):
    good = (ROOT / "data" / "rules_reference.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "rules_reference.yaml"
    bad.write_text(good.replace("    chapters: [06_grounding]\n", "    chapters: [99_nowhere]\n", 1))
    with pytest.raises(DataError) as err:
        load_rules_reference(bad)
    assert "rules_reference.yaml" in str(err.value) and "'CEN-GRAV-5'" in str(err.value)
    assert "'chapters'" in str(err.value) and "line" in str(err.value)
    bad.write_text(good.replace("    game: centuria\n", "    game: rome\n", 1))
    with pytest.raises(DataError, match="entry 'CTA-1', field 'game': expected one of maps, centurion, centuria"):
        load_rules_reference(bad)


def test_rule_ids_shown_by_widgets_become_links_to_their_entries():
    html = link_rules("Refused: <code>CEN-GRAV-4</code> turn too soon (CTA-MOVE); XYZ-1 and CEN-FOO-9 stay")
    assert html.count('href="reference.ipynb?rule=CEN-GRAV-4"') == 1
    assert html.count('href="reference.ipynb?rule=CTA-MOVE"') == 1
    assert "CEN-FOO-9 stay" in html and "rule=CEN-FOO-9" not in html
    assert link_rules(html) == html  # linking twice changes nothing
    assert 'target="_blank"' in rule_link("HEX-2")


def test_the_filter_box_finds_a_rule_in_seconds():
    page = RulesReference(initial="")
    assert "43 of 43 rules" in page.count.value or f"{len(rules_reference())} of" in page.count.value
    page.filter.value = "cen-grav-4"
    assert page.body.value.count('class="centurion-rule-entry"') == 1 and 'data-rule="CEN-GRAV-4"' in page.body.value
    page.filter.value = "heavy woods"
    found = re.findall(r'data-rule="([^"]+)"', page.body.value)
    assert "CEN-TER-3" in found and "CEN-SPD-3" in found and "CTA-MORALE" not in found
    page.filter.value = "no such words here"
    assert "No rule matches" in page.count.value and page.body.value == ""
    page.show_all.click()
    assert page.filter.value == "" and len(re.findall(r'data-rule="', page.body.value)) == len(rules_reference())


def test_a_link_with_a_rule_opens_the_reference_on_that_entry(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "rule=cta-combat")
    page = RulesReference()
    assert page.filter.value == "CTA-COMBAT"
    assert re.findall(r'data-rule="([^"]+)"', page.body.value) == ["CTA-COMBAT"]
    assert "Our decision" in page.body.value and '<a href="12_centuria_combat.ipynb"' in page.body.value


def test_every_chapter_has_previous_contents_and_next_links():
    import json
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from chapters.index import READING_ORDER  # Centurion first, then Centuria (issue 26, W9)

    found = {p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    chapters = [fn for fn in READING_ORDER if fn in found] + sorted(found - set(READING_ORDER))
    for i, name in enumerate(chapters):
        cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
        first, last = "".join(cells[0]["source"]), "".join(cells[-1]["source"])
        for text in (first, last):
            assert "[Contents](index.ipynb)" in text, name
            if i > 0:
                assert f"]({chapters[i - 1]})" in text and "Previous:" in text, name
            nxt = chapters[i + 1] if i + 1 < len(chapters) else "reference.ipynb"
            assert f"]({nxt})" in text and "Next:" in text, name
        assert '<a href="reference.ipynb?rule=' in first and 'target="_blank"' in first, name  # a new tab (S49)
