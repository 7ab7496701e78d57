"""Uploaded scenario and map files that are corrupt, truncated, oversized, wrong-typed or built to hurt the
server: a clear DataError naming what is wrong, never another exception, never an object built from a tag,
and the loaded game data unchanged (issue 10, item 6)."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.data import DataError, centuria_scenario, data_dir, sample_map
from centurion.data.upload import (
    MAX_DEPTH,
    MAX_UPLOAD_BYTES,
    decode_upload,
    load_map_upload,
    load_scenario_upload,
    parse_upload,
)

SCENARIO = (data_dir() / "centuria_scenario.yaml").read_bytes()
MAP = (data_dir() / "maps" / "battlefield.yaml").read_bytes()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

LOADERS = {
    "scenario": (SCENARIO, lambda data, name="upload.yaml": load_scenario_upload(data, name)),
    "map": (MAP, lambda data, name="upload.yaml": load_map_upload(data, name)),
}


def _load_or_refuse(kind: str, data: bytes, name: str = "upload.yaml"):
    """Load an upload; a refusal must be a DataError whose message starts with the file's name."""
    try:
        return LOADERS[kind][1](data, name)
    except DataError as exc:
        assert str(exc).startswith(f"{name}: "), str(exc)
        # the typed loaders name the problem themselves; the guard's last-resort wrapper is never needed
        assert "a well-formed file" not in str(exc), str(exc)
        return exc


def test_the_shipped_files_load_as_uploads():
    upload = load_scenario_upload(SCENARIO, "s.yaml")
    assert upload == centuria_scenario()  # every field, the map included (T3)
    assert upload.name == "Skirmish at the ford road" and len(upload.units) == 14 and len(upload.map) == 16 * 12
    assert len(load_map_upload(MAP, "m.yaml")) == len(sample_map()) == 1320


def test_a_json_scenario_loads_like_its_yaml():
    as_json = json.dumps(yaml.safe_load(SCENARIO)).encode()
    from_json = load_scenario_upload(as_json, "s.json")
    from_yaml = load_scenario_upload(SCENARIO, "s.yaml")
    assert from_json.units == from_yaml.units and from_json.leaders == from_yaml.leaders


@pytest.mark.parametrize("kind", ["scenario", "map"])
@SETTINGS
@given(cut=st.floats(0, 1, exclude_max=True))
def test_truncated_files_load_or_are_refused_clearly(kind, cut):
    data = LOADERS[kind][0]
    _load_or_refuse(kind, data[: int(len(data) * cut)])


@pytest.mark.parametrize("kind", ["scenario", "map"])
@SETTINGS
@given(edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.binary(min_size=0, max_size=4),
                                st.integers(0, 3)), min_size=1, max_size=6))
def test_corrupted_bytes_load_or_are_refused_clearly(kind, edits):
    data = bytearray(LOADERS[kind][0])
    for where, new, drop in edits:
        i = int(len(data) * where)
        data[i:i + drop] = new
    _load_or_refuse(kind, bytes(data))


# wrong-typed values: anything YAML can hold
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


@pytest.mark.parametrize("kind", ["scenario", "map"])
@SETTINGS
@given(data=st.data())
def test_wrong_typed_values_are_refused_clearly(kind, data):
    doc = yaml.safe_load(LOADERS[kind][0])
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths), label="path")
    new = data.draw(VALUES, label="value")
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    _load_or_refuse(kind, yaml.safe_dump(doc).encode())


@pytest.mark.parametrize("path, value, words", [
    (("units", 0, "facing"), "north", ["entry 'R-C1'", "field 'facing'", "an integer from 0 to 5", "'north'"]),
    (("units", 2, "hex"), "9999", ["entry 'R-C3'", "field 'hex'", "a hex on the 16x12 map"]),
    (("units", 1, "type"), ["centuria"], ["entry 'R-C2'", "field 'type'"]),
    (("map", "columns"), 1000, ["field 'columns'", "an integer from 1 to 99", "1000"]),
    (("sides",), "rome", ["field 'sides'", "a mapping of fields"]),
    (("die_sides",), True, ["field 'die_sides'", "an integer"]),
])
def test_a_wrong_type_names_entry_and_field(path, value, words):
    doc = yaml.safe_load(SCENARIO)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(DataError) as info:
        load_scenario_upload(yaml.safe_dump(doc).encode(), "mine.yaml")
    for word in words:
        assert word in str(info.value)


def test_oversized_uploads_are_refused_before_reading():
    big = SCENARIO + b"\n# padding\n" * (MAX_UPLOAD_BYTES // 10)
    with pytest.raises(DataError, match=r"big.yaml: expected a file of at most 262,144 bytes, got '\d[\d,]+ bytes'"):
        load_scenario_upload(big, "big.yaml")
    with pytest.raises(DataError, match="at most 1,000 bytes"):
        load_map_upload(MAP, "m.yaml", limit=1000)
    assert load_scenario_upload(SCENARIO, "s.yaml", limit=len(SCENARIO)).name  # exactly at the limit is fine


@pytest.mark.parametrize("data, expected", [
    (b"", "a file with content"),
    (b"\xff\xfe\x00n\x00a", "UTF-8 text"),
    (b"name: a\x00b", "text"),
    (b"name: [unclosed", "valid YAML"),
    (b"a: &x [1, 2]\nb: *x\n", "no anchors or aliases"),
    (b"!!python/object/apply:os.system ['touch /tmp/centurion-pwned']", "plain values without tags"),
    (b"name: !!python/name:os.system\n", "plain values without tags"),
    (b"name: !custom x\n", "plain values without tags"),
    (b"x: " + b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "nesting at most"),
    (b"units: [" + b"1," * 110_000 + b"1]", "at most 100,000 values"),
], ids=["empty", "utf16", "nul", "unclosed", "alias", "python-apply", "python-name", "custom-tag", "deep", "many-nodes"])
def test_hostile_yaml_is_refused(data, expected, tmp_path):
    data = data.replace(b"/tmp/centurion-pwned", str(tmp_path / "centurion-pwned").encode())  # the payload's target
    with pytest.raises(DataError) as info:
        load_scenario_upload(data, "evil.yaml")
    assert str(info.value).startswith("evil.yaml: ") and expected in str(info.value)
    assert not (tmp_path / "centurion-pwned").exists()


def test_billion_laughs_is_refused_without_expanding():
    lol = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, cur in zip("abcdefgh", "bcdefghi"):
        lol.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    with pytest.raises(DataError, match="no anchors or aliases"):
        parse_upload("\n".join(lol).encode(), "lol.yaml")


@pytest.mark.parametrize("text, expected", [
    ('{"name": NaN}', "NaN is not a number a file may hold"),
    ('{"name": Infinity}', "Infinity is not a number a file may hold"),
    ('{"name": 1' + "0" * 5000 + "}", "valid JSON"),
    ("[" * 100_000 + "]" * 100_000, "valid JSON"),
    ('{"a": ' * 20 + "1" + "}" * 20, "nesting at most"),
    ('{"name": "x",}', "valid JSON"),
], ids=["nan", "infinity", "huge-int", "deep-recursion", "deep", "trailing-comma"])
def test_hostile_json_is_refused(text, expected):
    with pytest.raises(DataError) as info:
        parse_upload(text.encode(), "save.json")
    assert str(info.value).startswith("save.json: ") and expected in str(info.value)


def test_plain_data_only():
    value = parse_upload(b"a: [1, 2.5, true, null, 'x']\nb: {c: d}\n", "plain.yaml")
    assert value == {"a": [1, 2.5, True, None, "x"], "b": {"c": "d"}}
    with pytest.raises(DataError, match="the bytes of an uploaded file"):
        decode_upload("a string, not bytes", "s.yaml")  # type: ignore[arg-type]
    assert decode_upload(memoryview(b"\xef\xbb\xbfname: x"), "bom.yaml") == "name: x"


def test_a_refused_upload_leaves_the_loaded_data_unchanged():
    scenario = centuria_scenario()
    before = repr(scenario)
    map_before = sample_map()
    for bad in (SCENARIO[:500], SCENARIO.replace(b"facing: 0", b"facing: 9"), b"a: &x 1\nb: *x"):
        with pytest.raises(DataError):
            load_scenario_upload(bad, "bad.yaml")
    assert centuria_scenario() is scenario and repr(scenario) == before
    assert sample_map() is map_before
