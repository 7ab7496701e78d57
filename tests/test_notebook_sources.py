"""Every notebook is what its source under tools/chapters/ builds (tools/build_notebooks.py): a page edited by hand
drifts from its source, and the next rebuild quietly undoes the edit (found in session 28: the battle pages' guide
to the computer's levels lived only in the notebooks)."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_notebooks as b  # noqa: E402

EVERYTHING = b.sources()


@pytest.fixture(scope="module")
def built():
    """Each notebook's cells as its source assembles them (navigation filled in, rule IDs linked), not executed."""
    from centurion.data.reference import rules_reference

    known = {e.id for e in rules_reference().entries}
    order = b.reading_order(EVERYTHING)
    titles = {fn: m.TITLE for fn, m in EVERYTHING.items()} | {"index.ipynb": "Contents"}
    return {fn: b.assemble(fn, m, order, titles, known) for fn, m in EVERYTHING.items()}


def test_every_notebook_has_a_source_and_every_source_a_notebook():
    assert sorted(EVERYTHING) == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("filename", sorted(EVERYTHING))
def test_the_notebook_is_what_its_source_builds(built, filename):
    stored = nbformat.read(ROOT / "notebooks" / filename, as_version=4).cells
    cells = built[filename]
    assert [c.cell_type for c in stored] == [c.cell_type for c in cells], filename
    for i, (mine, theirs) in enumerate(zip(stored, cells, strict=True)):
        assert mine.source.strip() == theirs.source.strip(), (
            f"{filename} cell {i} differs from tools/chapters: edit the source and run tools/build_notebooks.py")
