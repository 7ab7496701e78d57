"""The layers of the package hold (issue 23, docs/architecture.md): checked with tools/check_layers.py.

The package scanned is the one imported (`centurion.__file__`), so the checks read the code under test.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import centurion

_SPEC = importlib.util.spec_from_file_location(
    "check_layers", Path(__file__).resolve().parent.parent / "tools" / "check_layers.py")
check_layers = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("check_layers", check_layers)  # dataclasses look their module up
_SPEC.loader.exec_module(check_layers)

ROOT = Path(centurion.__file__).resolve().parent


@pytest.fixture(scope="module")
def graph():
    return check_layers.import_graph(ROOT)


def test_layers_hexgrid_imports_nothing_else_of_centurion(graph):
    out = [check_layers._where(i) for i in graph
           if check_layers.part_of(i.source) == "hexgrid" and check_layers.part_of(i.target) != "hexgrid"]
    assert out == []


def test_layers_rules_import_nothing_above_them(graph):
    """Not even inside a function or for typing: the variants plug in through centurion.rules.hooks."""
    above = {"centuria", "variants", "game", "widgets", "serving", "cli"}
    out = [check_layers._where(i) for i in graph
           if check_layers.part_of(i.source) == "rules" and check_layers.part_of(i.target) in above]
    assert out == []


def test_layers_no_upward_import_anywhere(graph):
    assert [check_layers._where(i) for i in check_layers.upward_imports(graph)] == []


def test_I23_no_import_cycle_anywhere(graph):
    """Not even through imports inside functions (issue 23, item 3)."""
    assert check_layers.cycles(graph) == []


def test_I23_no_private_name_taken_from_another_module(graph):
    assert [(check_layers._where(i), n) for i, n in check_layers.private_imports(graph)] == []


def test_I23_no_file_over_600_lines():
    assert check_layers.big_files(ROOT) == []


def test_layers_checker_finds_a_cycle_made_inside_a_function(tmp_path):
    pkg = tmp_path / "centurion"
    (pkg / "game").mkdir(parents=True)
    for d in (pkg, pkg / "game"):
        (d / "__init__.py").write_text("")
    (pkg / "game" / "a.py").write_text("from .b import g\ndef f():\n    return g\n")
    (pkg / "game" / "b.py").write_text("def g():\n    from .a import f\n    return f\n")
    found = check_layers.cycles(check_layers.import_graph(pkg))
    assert found and {"centurion.game.a", "centurion.game.b"} <= set(found[0])


def test_layers_checker_sees_imports_inside_functions_and_type_checking(tmp_path):
    pkg = tmp_path / "centurion"
    (pkg / "rules").mkdir(parents=True)
    (pkg / "variants").mkdir()
    for d in (pkg, pkg / "rules", pkg / "variants"):
        (d / "__init__.py").write_text("")
    (pkg / "variants" / "fire.py").write_text("from ..rules.a import f\n")
    (pkg / "rules" / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..variants import fire\n"
        "def f():\n    from ..variants.fire import _g\n    import centurion.variants\n")
    graph = check_layers.import_graph(pkg)
    up = {(i.source, i.target, i.in_function, i.typing_only) for i in check_layers.upward_imports(graph)}
    assert up == {("centurion.rules.a", "centurion.variants.fire", False, True),
                  ("centurion.rules.a", "centurion.variants.fire", True, False),
                  ("centurion.rules.a", "centurion.variants", True, False)}
    assert check_layers.cycles(graph) == [["centurion.rules.a", "centurion.variants.fire"]]
    assert [n for _, n in check_layers.private_imports(graph)] == ["_g"]
    text, count = check_layers.report(pkg)
    assert count == 5 and "Upward imports: 3" in text
    assert check_layers.main(["--root", str(pkg)]) == 0 and check_layers.main(["--strict", "--root", str(pkg)]) == 1
