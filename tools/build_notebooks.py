"""Assemble and execute the rulebook notebooks in notebooks/ (their stored outputs are what nbval checks).

Each notebook's cells live in their own source module under tools/chapters/ (`index.py`, `reference.py`,
`cNN_name.py` for notebooks/NN_name.ipynb); this script only assembles and executes them. Run
`python tools/build_notebooks.py` to rebuild every notebook, or name some: `python tools/build_notebooks.py 04
09_legal_moves index` (a number, a stem or a file name). Commit the notebooks.
Cells that only display widgets are marked NBVAL_IGNORE_OUTPUT; every other output is checked.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NB_DIR = ROOT / "notebooks"
CHAPTER_DIR = Path(__file__).resolve().parent / "chapters"
sys.path.insert(0, str(CHAPTER_DIR.parent))


def sources() -> dict[str, object]:
    """Notebook file name -> its source module, the index first, then the chapters in order."""
    out: dict[str, object] = {}
    for stem in ("index", "reference", "skirmish", "centuria_skirmish"):
        if (CHAPTER_DIR / f"{stem}.py").exists():
            out[f"{stem}.ipynb"] = importlib.import_module(f"chapters.{stem}")
    for path in sorted(CHAPTER_DIR.glob("c[0-9][0-9]_*.py")):
        out[f"{path.stem[1:]}.ipynb"] = importlib.import_module(f"chapters.{path.stem}")
    return out


def reading_order(everything: dict[str, object]) -> list[str]:
    """The index, the chapters in the reader's order (Centurion, then Centuria: chapters/index.py READING_ORDER;
    W9), the rules reference."""
    from chapters.index import READING_ORDER

    chapters = [fn for fn in everything if fn[:2].isdigit()]
    ranked = sorted(chapters, key=lambda fn: (READING_ORDER.index(fn) if fn in READING_ORDER else len(READING_ORDER),
                                              fn))
    return ["index.ipynb", *ranked, "reference.ipynb"]


def navigation(filename: str, order: list[str], titles: dict[str, str]) -> str:
    """The previous / contents / rules reference / next links of one notebook."""
    links = []
    i = order.index(filename) if filename in order else -1
    if i > 1:
        links.append(f"[← Previous: {titles[order[i - 1]]}]({order[i - 1]})")
    if filename != "index.ipynb":
        links.append("[Contents](index.ipynb)")
    if filename != "reference.ipynb" and (i < 0 or order[i + 1:i + 2] != ["reference.ipynb"]):
        links.append("[Rules reference](reference.ipynb)")
    if 0 <= i < len(order) - 1:
        links.append(f"[Next: {titles[order[i + 1]]} →]({order[i + 1]})")
    return " · ".join(links)


def link_rule_ids(text: str, known: set[str], new_tab: bool = False) -> str:
    """Link every rule ID a markdown cell shows (bare or in backticks) to its entry on the reference page; in a
    chapter or a battle page (`new_tab`) opened in a new tab as the widgets' links are, so the page keeps its widgets
    as the reader left them (walk of session 49); on the index and the reference, a markdown link in the same tab."""
    pattern = r"(?:HEX|DIE|CEN|CTA|VAR)-[A-Z0-9]+(?:-[0-9]+)?\b"

    def one(m: re.Match[str]) -> str:
        rid = m.group(1) or m.group(2)
        if rid not in known:
            return m.group(0)
        if not new_tab:
            return f"[{f'`{rid}`' if m.group(1) else rid}](reference.ipynb?rule={rid})"
        shown = f"<code>{rid}</code>" if m.group(1) else rid
        return f'<a href="reference.ipynb?rule={rid}" target="_blank" rel="noopener">{shown}</a>'

    return re.sub(rf"`({pattern})`|(?<![\w`\[=?/-])({pattern})", one, text)


def assemble(filename: str, module: object, order: list[str], titles: dict[str, str], known: set[str]) -> list:
    """A notebook's cells: its source's cells with navigation filled in and rule IDs linked."""
    nav = navigation(filename, order, titles)
    cells = [nbformat.from_dict(dict(c)) for c in module.CELLS]
    for cell in cells:
        if cell.cell_type == "markdown":
            new_tab = filename not in ("index.ipynb", "reference.ipynb")  # a chapter or a battle page keeps its state
            cell.source = link_rule_ids(cell.source, known, new_tab).replace("{{nav}}", nav)
    if filename != "index.ipynb":
        cells.append(nbformat.v4.new_markdown_cell("---\n\n" + nav))
    return cells


def wanted(filename: str, names: list[str] | None) -> bool:
    """Whether a command-line selection (numbers, stems or file names) asks for this notebook."""
    if not names:
        return True
    stem = Path(filename).stem
    return any(n in (filename, stem, stem.split("_")[0]) for n in names)


def build(names: list[str] | None = None) -> None:
    """Write each selected notebook and execute it in place."""
    NB_DIR.mkdir(exist_ok=True)
    chosen = [fn for fn in sources() if wanted(fn, names)]
    if names and not chosen:
        raise SystemExit(f"no notebook matches {' '.join(names)}; try a number such as 04, a stem or 'index'")
    from centurion.data.reference import rules_reference

    known = {e.id for e in rules_reference().entries}
    everything = sources()
    order = reading_order(everything)
    titles = {fn: everything[fn].TITLE for fn in everything}
    titles["index.ipynb"] = "Contents"
    for filename, module in everything.items():
        if filename not in chosen:
            continue
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.metadata["language_info"] = {"name": "python"}
        nb.cells = assemble(filename, module, order, titles, known)
        for i, cell in enumerate(nb.cells):
            cell["id"] = f"{Path(filename).stem.replace('_', '-')}-{i}"
        NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NB_DIR)}}).execute()
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.metadata = {}
        nbformat.write(nb, NB_DIR / filename)
        print("built", filename)


if __name__ == "__main__":
    build(sys.argv[1:] or None)
