"""Check the import graph of centurion/: cycles, private names, upward imports and big files (docs/architecture.md).

Reads every `import` of every module with `ast`, including imports inside functions and under
`if TYPE_CHECKING:`, and prints four lists:

- import cycles between modules (strongly connected components of the graph of run-time imports; an import
  under `if TYPE_CHECKING:` never runs, so it is left out of the cycles but still counts as upward);
- imports of another module's `_private` names;
- upward imports, by the layers below (a module may import its own layer and the layers under it);
- files over 600 lines.

Layers, lowest first: hexgrid, lazy < dice, data < rules < centuria, variants < game < store < widgets < serving < cli.
`dice` (pure random numbers) sits with `data`; `centuria` and `variants` are siblings, both built on the rules;
`cli` starts the server. The package's own `centurion/__init__.py` belongs to no layer.

Run `python tools/check_layers.py` (report, exit 0) or `python tools/check_layers.py --strict` (exit 1 when
anything is found).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "centurion"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE
MAX_LINES = 600
#: the layer of each top-level part of the package, lowest first
LAYERS: dict[str, float] = {"hexgrid": 0, "lazy": 0, "dice": 1, "data": 1, "rules": 2, "centuria": 3, "variants": 3,
                            "game": 4, "store": 4.5, "widgets": 5, "serving": 6, "cli": 7}


@dataclass(frozen=True)
class Import:
    """One import of a centurion module by another: where, what, and how (in a function, typing only)."""

    source: str  # importing module, e.g. 'centurion.rules.targets'
    target: str  # imported module, e.g. 'centurion.rules.fire'
    names: tuple[str, ...]  # names taken from it ('from x import a, b'); () for 'import x'
    line: int
    in_function: bool
    typing_only: bool  # under `if TYPE_CHECKING:`


def module_name(path: Path, root: Path = ROOT) -> str:
    """'centurion.rules.targets' for centurion/rules/targets.py; a package's __init__ is the package."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by name."""
    return {module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk(node: ast.AST, in_function: bool, typing_only: bool) -> Iterable[tuple[ast.AST, bool, bool]]:
    for child in ast.iter_child_nodes(node):
        fn = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for sub in child.body:
                yield sub, fn, True
                yield from _walk(sub, fn, True)
            for sub in child.orelse:
                yield sub, fn, typing_only
                yield from _walk(sub, fn, typing_only)
            continue
        yield child, fn, typing_only
        yield from _walk(child, fn, typing_only)


def _resolve(source: str, is_package: bool, level: int, module: str | None) -> str:
    base = source.split(".") if is_package else source.split(".")[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, *([module] if module else [])])


def imports_of(name: str, path: Path, known: Mapping[str, Path]) -> list[Import]:
    """The imports of centurion modules made by one module, at any depth of its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    out: list[Import] = []
    for node, in_function, typing_only in _walk(tree, False, False):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    out.append(Import(name, alias.name, (), node.lineno, in_function, typing_only))
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(name, is_package, node.level, node.module) if node.level else (node.module or "")
            if target.split(".")[0] != PACKAGE:
                continue
            plain: list[str] = []
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:  # 'from . import fire': the submodule itself
                    out.append(Import(name, sub, (), node.lineno, in_function, typing_only))
                else:
                    plain.append(alias.name)
            if plain:
                out.append(Import(name, target, tuple(plain), node.lineno, in_function, typing_only))
    return out


def import_graph(root: Path = ROOT) -> list[Import]:
    """Every import between modules of the package."""
    known = modules(root)
    return [imp for name, path in known.items() for imp in imports_of(name, path, known)]


def layer_of(module: str) -> float | None:
    """The layer of a module (see LAYERS); None for the package's own __init__."""
    parts = module.split(".")
    return LAYERS.get(parts[1]) if len(parts) > 1 else None


def part_of(module: str) -> str:
    """'rules' for 'centurion.rules.targets'; '' for the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def upward_imports(graph: Iterable[Import]) -> list[Import]:
    """Imports of a higher layer than the importer's (typing-only ones included)."""
    out = []
    for imp in graph:
        low, high = layer_of(imp.source), layer_of(imp.target)
        if low is not None and high is not None and high > low:
            out.append(imp)
    return out


def private_imports(graph: Iterable[Import]) -> list[tuple[Import, str]]:
    """Imports of a `_name` (not a dunder) from another module."""
    return [(imp, n) for imp in graph for n in imp.names if n.startswith("_") and not n.startswith("__")]


def cycles(graph: Iterable[Import]) -> list[list[str]]:
    """Groups of modules that import each other at run time (SCCs of two or more, or a self-import), sorted."""
    edges: dict[str, set[str]] = {}
    for imp in graph:
        if not imp.typing_only:
            edges.setdefault(imp.source, set()).add(imp.target)
            edges.setdefault(imp.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    for start in sorted(edges):  # Tarjan's algorithm, iterative
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1 or node in edges[node]:
                    found.append(sorted(group))
    return sorted(found)


def big_files(root: Path = ROOT, limit: int = MAX_LINES) -> list[tuple[str, int]]:
    """Modules longer than `limit` lines, longest first."""
    sizes = [(str(p.relative_to(root.parent)), len(p.read_text(encoding="utf-8").splitlines()))
             for p in sorted(root.rglob("*.py"))]
    return sorted(((f, n) for f, n in sizes if n > limit), key=lambda x: -x[1])


def _where(imp: Import) -> str:
    how = " (typing only)" if imp.typing_only else " (inside a function)" if imp.in_function else ""
    return f"{imp.source}:{imp.line} -> {imp.target}{how}"


def report(root: Path = ROOT) -> tuple[str, int]:
    """The printed report and the number of findings."""
    graph = import_graph(root)
    lines = ["Layers, lowest first: " + " < ".join(
        ", ".join(k for k, v in LAYERS.items() if v == level) for level in sorted(set(LAYERS.values())))]
    cyc, priv, up, big = cycles(graph), private_imports(graph), upward_imports(graph), big_files(root)
    lines.append(f"\nImport cycles (run-time imports): {len(cyc)}")
    for group in cyc:
        inner = sorted({_where(i) for i in graph if i.source in group and i.target in group and not i.typing_only})
        lines.append("  - " + " <-> ".join(group))
        lines.extend("      " + w for w in inner)
    lines.append(f"\nImports of another module's private names: {len(priv)}")
    lines.extend(f"  - {_where(imp)}: {n}" for imp, n in priv)
    lines.append(f"\nUpward imports: {len(up)}")
    lines.extend(f"  - {_where(imp)} ({part_of(imp.source)} is below {part_of(imp.target)})" for imp in up)
    lines.append(f"\nFiles over {MAX_LINES} lines: {len(big)}")
    lines.extend(f"  - {f}: {n}" for f, n in big)
    return "\n".join(lines), len(cyc) + len(priv) + len(up) + len(big)


def main(argv: list[str] | None = None) -> int:
    """Print the report; exit 1 with --strict when anything is found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 when anything is found")
    parser.add_argument("--root", type=Path, default=ROOT, help="the package directory (default: centurion/)")
    args = parser.parse_args(argv)
    text, count = report(args.root.resolve())
    print(text)
    return 1 if args.strict and count else 0


if __name__ == "__main__":
    sys.exit(main())
