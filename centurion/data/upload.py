"""Files from a visitor's upload: scenarios, maps and (later) saved games, read without trusting them.

The guard in front of the typed loaders (issue 10, item 6). An upload is refused with a `DataError`
naming the file and what is wrong when it is too large, not UTF-8 text, not YAML/JSON, or shaped to
hurt the server: anchors and aliases (the "billion laughs"), tags (`!!python/object` and friends),
nesting deeper than any of our files, or more nodes than any of our files has. Nothing is ever
constructed from a tag: parsing is `yaml.safe_load` / `json.loads` only, and the result goes to the same
typed loaders as the shipped data (`load_centuria_scenario`, `load_map`), whose errors name file, entry,
field and line. A refused upload changes nothing: the loaders are pure and return new frozen objects.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import yaml

from .battlemap import BattleMap
from .scenario import CenturiaScenario, load_centuria_scenario
from .tables import CenturiaTables
from .yamlfile import DataError

if TYPE_CHECKING:
    from ..hexgrid import Hex
    from .partial_hexes import PartialHex

log = logging.getLogger("centurion.data.upload")

MAX_UPLOAD_BYTES = 256 * 1024   # the shipped scenario is ~4 KB and a 99x99 map ~25 KB
MAX_DEPTH = 12                  # our files nest 4 deep
MAX_NODES = 100_000             # a 99x99 map is ~300 nodes; a scenario with 1,000 units ~7,000
_CORE_TAGS = frozenset({None, "!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
                        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
                        "tag:yaml.org,2002:seq"})

T = TypeVar("T")


def decode_upload(data: bytes | bytearray | memoryview, name: str, limit: int = MAX_UPLOAD_BYTES) -> str:
    """The upload's text: at most `limit` bytes of UTF-8 (a byte-order mark is dropped)."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise DataError(name, None, None, "the bytes of an uploaded file", type(data).__name__)
    size = len(data) if not isinstance(data, memoryview) else data.nbytes
    if size > limit:
        raise DataError(name, None, None, f"a file of at most {limit:,} bytes", f"{size:,} bytes")
    if size == 0:
        raise DataError(name, None, None, "a file with content", "an empty file")
    try:
        text = bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(name, None, None, "UTF-8 text", f"undecodable byte at offset {exc.start}") from None
    if "\x00" in text:
        raise DataError(name, None, None, "text", f"a NUL byte at character {text.index(chr(0))}")
    return text


def check_yaml_shape(text: str, name: str) -> None:
    """Refuse YAML that uses anchors/aliases or tags, nests too deep or has too many nodes (before loading)."""
    depth = nodes = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            line = event.start_mark.line + 1 if event.start_mark is not None else None
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                raise DataError(name, None, None, "no anchors or aliases (& and *)", "an anchor or alias", line)
            tag = getattr(event, "tag", None)
            if tag not in _CORE_TAGS:
                raise DataError(name, None, None, "plain values without tags", tag, line)
            if isinstance(event, yaml.ScalarEvent | yaml.CollectionStartEvent):
                nodes += 1
                if nodes > MAX_NODES:
                    raise DataError(name, None, None, f"at most {MAX_NODES:,} values", "more", line)
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise DataError(name, None, None, f"nesting at most {MAX_DEPTH} deep", "deeper", line)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(name, None, None, "valid YAML", problem, mark.line + 1 if mark else None) from None


def _no_constant(token: str) -> Any:
    raise ValueError(f"{token} is not a number a file may hold")


def check_json(text: str, name: str) -> Any:
    """Parse JSON strictly (no NaN/Infinity, bounded depth); return plain data."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise DataError(name, None, None, "valid JSON", exc.msg, exc.lineno) from None
    except RecursionError:  # Python's own words ("maximum recursion depth") are not the reader's (issue 20, G6)
        raise DataError(name, None, None, f"valid JSON nested at most {MAX_DEPTH} deep", "deeper nesting") from None
    except ValueError as exc:
        if "digits" in str(exc):  # "Exceeds the limit (4300 digits) ... sys.set_int_max_str_digits()"
            raise DataError(name, None, None, "valid JSON with numbers of at most 4300 digits", "a longer number") \
                from None
        raise DataError(name, None, None, "valid JSON", str(exc)[:200]) from None
    depth = _depth(value)
    if depth > MAX_DEPTH:
        raise DataError(name, None, None, f"nesting at most {MAX_DEPTH} deep", f"{depth} deep")
    return value


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max([_depth(v, level + 1) for v in value.values()], default=level + 1)
    if isinstance(value, list):
        return max([_depth(v, level + 1) for v in value], default=level + 1)
    return level


def upload_text(data: bytes | bytearray | memoryview, name: str, limit: int = MAX_UPLOAD_BYTES) -> str:
    """The upload as checked YAML text (JSON files are checked as JSON, then read as the YAML they also are)."""
    text = decode_upload(data, name, limit)
    if name.lower().endswith(".json"):
        check_json(text, name)
    check_yaml_shape(text, name)
    return text


def parse_upload(data: bytes | bytearray | memoryview, name: str, limit: int = MAX_UPLOAD_BYTES) -> Any:
    """The upload as plain data (dicts, lists, strings, numbers, booleans, None), e.g. for a saved game."""
    text = upload_text(data, name, limit)
    if name.lower().endswith(".json"):
        return check_json(text, name)
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:  # check_yaml_shape parsed it already; constructor errors remain possible
        raise DataError(name, None, None, "valid YAML", getattr(exc, "problem", None) or str(exc)) from None


def _guarded(name: str, load: Callable[[], T]) -> T:
    """Run a typed loader on upload text: its DataError passes; any other failure becomes one (and is logged)."""
    try:
        return load()
    except DataError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        log.exception("loader failed on upload %s", name)
        raise DataError(name, None, None, "a well-formed file", f"{type(exc).__name__}: {exc}"[:200]) from None


def load_scenario_upload(data: bytes | bytearray | memoryview, name: str, tables: CenturiaTables | None = None,
                         limit: int = MAX_UPLOAD_BYTES) -> CenturiaScenario:
    """A Centuria scenario from an upload, checked like the shipped one (CTA-1, CTA-2)."""
    text = upload_text(data, name, limit)
    if tables is None:
        from . import centuria_tables

        tables = centuria_tables()
    return _guarded(name, lambda: load_centuria_scenario(name, tables, text=text))


def load_map_upload(data: bytes | bytearray | memoryview, name: str, limit: int = MAX_UPLOAD_BYTES) -> BattleMap:
    """A Centurion map from an upload, its terrain checked against the Terrain Effects Table (CEN-TER-1)."""
    text = upload_text(data, name, limit)
    from . import load_map

    return _guarded(name, lambda: load_map(name, text=text))


def load_partial_terrain_upload(data: bytes | bytearray | memoryview, name: str, battlemap: BattleMap,
                                limit: int = MAX_UPLOAD_BYTES) -> Mapping[Hex, PartialHex]:
    """The optional `partial_terrain` field of an uploaded map file, checked against that map (VAR-OCCUPY).

    The same guards as every upload; `load_map_upload` ignores the field, the variant reads it from here.
    """
    text = upload_text(data, name, limit)
    from .partial_hexes import load_partial_terrain

    return _guarded(name, lambda: load_partial_terrain(name, battlemap, text=text))
