"""Reading YAML tables with line numbers, and checking their fields (CEN-TER-1, CTA-2 data files).

Every problem raises `DataError`, whose one-line message names the file, the
entry, the field, what was expected, what was found and the line YAML knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

Path_ = tuple[Any, ...]


class DataError(ValueError):
    """A data file is malformed: names file, entry, field, expectation and line."""

    def __init__(
        self,
        file: str,
        entry: str | None,
        field: str | None,
        expected: str,
        got: Any = None,
        line: int | None = None,
    ) -> None:
        self.file, self.entry, self.field = file, entry, field
        self.expected, self.got, self.line = expected, got, line
        parts = []
        if entry is not None:
            parts.append(f"entry {entry!r}")
        if field is not None:
            parts.append(f"field {field!r}")
        where = f"{file}: " + (", ".join(parts) + ": " if parts else "")
        line_text = f" (line {line})" if line is not None else ""
        super().__init__(f"{where}expected {expected}, got {got!r}{line_text}")

    def __reduce__(self) -> tuple:
        """Pickled with its fields, so a worker process's error reaches the parent whole (the ladder's workers)."""
        return (type(self), (self.file, self.entry, self.field, self.expected, self.got, self.line))


class _Missing:
    def __repr__(self) -> str:
        return "nothing (the field is missing)"


_MISSING: Any = _Missing()


def _line_map(node: yaml.Node, path: Path_, out: dict[Path_, int]) -> None:
    """Record the line of every key and item below `node` (the key's own line wins)."""
    out.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            child = path + (key_node.value,)
            out[child] = key_node.start_mark.line + 1
            _line_map(value_node, child, out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _line_map(item, path + (i,), out)


# libyaml's safe loader where PyYAML was built with it (the same documents as `yaml.safe_load`, about 20 times
# faster: every page's kernel reads the data files again), else PyYAML's own; never the full loader.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _parse(text: str) -> tuple[Any, yaml.Node | None]:
    """One YAML document, parsed once by the safe loader: its data (as `yaml.safe_load` gives it) and its node
    tree (for the lines of the error messages)."""
    loader = SAFE_LOADER(text)
    try:
        root = loader.get_single_node()
        return (None if root is None else loader.construct_document(root)), root
    finally:
        loader.dispose()


class YamlFile:
    """A parsed YAML file with the line of every key and item, for error messages."""

    def __init__(self, path: Path | str, text: str | None = None) -> None:
        self.path = Path(path)
        self.name = self.path.name
        if text is None:
            try:
                text = self.path.read_text(encoding="utf-8")
            except OSError as exc:
                raise DataError(str(self.path), None, None, "a readable file", str(exc)) from exc
        self.text = text
        try:
            self.data, root = _parse(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            problem = getattr(exc, "problem", None) or str(exc)
            raise DataError(self.name, None, None, "valid YAML", problem, line) from exc
        self.lines: dict[Path_, int] = {}
        if root is not None:
            _line_map(root, (), self.lines)

    def line(self, path: Path_) -> int | None:
        """The line of the deepest known part of `path`."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def error(self, path: Path_, entry: str | None, field: str | None, expected: str, got: Any) -> DataError:
        """A DataError located at `path` in this file."""
        return DataError(self.name, entry, field, expected, got, self.line(path))

    def section(self, key: str) -> Entry:
        """The top-level mapping `key`, as an Entry."""
        if not isinstance(self.data, Mapping):
            raise self.error((), None, None, "a mapping at the top level", self.data)
        if key not in self.data:
            raise self.error((), None, key, f"a top-level section {key!r}", _MISSING)
        return Entry(self, (key,), key, self.data[key])


class Entry:
    """One mapping in a data file, with typed accessors that raise DataError naming the field."""

    def __init__(self, file: YamlFile, path: Path_, name: str, value: Any, prefix: str = "") -> None:
        self.file, self.path, self.name, self.value, self.prefix = file, path, name, value, prefix
        if not isinstance(value, Mapping):
            raise file.error(path, name, None, "a mapping of fields", value)

    def items(self) -> list[tuple[str, Entry]]:
        """The sub-entries, each a mapping, keyed by name."""
        return [(str(k), Entry(self.file, self.path + (k,), str(k), v)) for k, v in self.value.items()]

    def keys(self) -> list[str]:
        """The field names present."""
        return [str(k) for k in self.value]

    def has(self, field: str) -> bool:
        """Whether `field` is present."""
        return field in self.value

    def fail(self, field: str | None, expected: str, got: Any = _MISSING) -> DataError:
        """A DataError for `field` of this entry."""
        path = self.path + ((field,) if field is not None else ())
        label = self.prefix.rstrip(".") or None if field is None else self.prefix + field
        return self.file.error(path, self.name, label, expected, got)

    def raw(self, field: str, default: Any = _MISSING) -> Any:
        """The raw value of `field`; missing and no default is an error."""
        if field not in self.value:
            if default is _MISSING:
                raise self.fail(field, "a value")
            return default
        return self.value[field]

    def int(self, field: str, *, default: Any = _MISSING, lo: int | None = None, hi: int | None = None,
            nullable: bool = False) -> Any:
        """An integer field, optionally bounded; `nullable` allows null."""
        bounds = ""
        if lo is not None or hi is not None:
            bounds = f" from {lo if lo is not None else '-inf'} to {hi if hi is not None else 'inf'}"
        expected = f"an integer{bounds}" + (" or null" if nullable else "")
        if field not in self.value and default is _MISSING:
            raise self.fail(field, expected)
        v = self.value.get(field, default)
        if v is None and nullable:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.fail(field, expected, v)
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise self.fail(field, expected, v)
        return v

    def str(self, field: str, *, default: Any = _MISSING, choices: tuple[str, ...] | None = None) -> Any:
        """A string field, optionally one of `choices`."""
        expected = "a string" if choices is None else "one of " + ", ".join(choices)
        if field not in self.value and default is _MISSING:
            raise self.fail(field, expected)
        v = self.value.get(field, default)
        if not isinstance(v, str) or (choices is not None and v not in choices):
            raise self.fail(field, expected, v)
        return v

    def bool(self, field: str, *, default: Any = _MISSING) -> Any:
        """A true/false field."""
        if field not in self.value and default is _MISSING:
            raise self.fail(field, "true or false")
        v = self.value.get(field, default)
        if not isinstance(v, bool):
            raise self.fail(field, "true or false", v)
        return v

    def sub(self, field: str) -> Entry:
        """A nested mapping field as an Entry whose errors name `field.x` of this entry."""
        if field not in self.value or not isinstance(self.value[field], Mapping):
            raise self.fail(field, "a mapping of fields", self.value.get(field, _MISSING))
        return Entry(self.file, self.path + (field,), self.name, self.value[field], f"{self.prefix}{field}.")
