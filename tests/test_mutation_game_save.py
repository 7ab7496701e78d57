"""Mutation tests for centurion/game/save.py (issue 22, docs/mutation.md): the save file's format and every refusal
of `load`, fast (no bot game), so that mutmut can run them for every mutant.

The expected format is the one the module documents (issue 14, issue 20 G3/G6): a compact JSON object with the
fields format, version, system, scenario, seed, variants, actions in that order; a version 0 file has only
scenario, seed, variants and actions. Every refusal is a SaveError naming the file and the field.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from centurion.data.upload import MAX_UPLOAD_BYTES
from centurion.game import SaveError, load, new_skirmish
from centurion.game.save import MAX_ACTIONS, dump, replay, scenario_and_seed

BASE = {"format": "centurion-skirmish", "version": 1, "system": "centurion", "scenario": "meeting", "seed": 1,
        "variants": [], "actions": []}


def refused(data, name: str = "saved game") -> str:
    """The message of the SaveError that loading `data` (an object, or text/bytes as is) raises."""
    text = data if isinstance(data, (str, bytes, bytearray, int)) else json.dumps(data)
    with pytest.raises(SaveError) as info:
        load(text, name) if name != "saved game" else load(text)
    return str(info.value)


def test_SAVE_dump_is_compact_json_with_the_fields_in_order() -> None:
    """A save is one compact JSON object: format, version, system, scenario, edition (a scenario whose set-up
    changed, issue 25), seed, variants, rules (the edition of the rules, session 50), actions (issue 14)."""
    g = new_skirmish("meeting", seed=7, variants=("VAR-RAM",))
    g = g.apply(g.legal_actions()[1])
    text = dump(g)
    assert text == g.to_json()
    data = json.loads(text)
    assert list(data) == ["format", "version", "system", "scenario", "edition", "seed", "variants", "rules",
                          "actions"]
    assert data == {"format": "centurion-skirmish", "version": 1, "system": "centurion", "scenario": "meeting",
                    "edition": 4, "seed": 7, "variants": ["VAR-RAM"], "rules": 4,  # rules edition 4: session 53
                    "actions": [{"kind": "leadership", "points": 1}]}
    assert text == json.dumps(data, separators=(",", ":"))  # no spaces
    back = load(text)
    assert back.history == g.history and back.seed == 7 and back.variants == g.variants
    assert load(text.encode()).history == g.history  # the bytes of the file too


def test_SAVE_version_0_files_are_read_and_version_1_fields_are_checked() -> None:
    """Version 0 (no format, no version) loads; a version without a format, a wrong format, version or system is
    refused naming the field (issue 20, G6)."""
    v0 = {"scenario": "village", "seed": 3, "actions": []}
    g = load(json.dumps(v0))
    assert g.scenario.key == "village@1" and g.seed == 3 and g.variants == ()  # no edition: the first (issue 25)
    msg = refused({**v0, "version": 1})
    assert "field 'format' is missing" in msg and "'centurion-skirmish'" in msg
    msg = refused({**v0, "system": "centurion"})  # a version 1 field in a version 0 file
    assert "unknown field(s)" in msg and "system" in msg
    msg = refused({**BASE, "format": "x" * 100})
    assert "field 'format'" in msg and "'centurion-skirmish'" in msg and f"the text '{'x' * 40}'" in msg
    assert "x" * 41 not in msg  # a value in words, cut to 40 characters (walk of session 30)
    for version in (0, 2, 1.0, True, "1"):
        msg = refused({**BASE, "version": version})
        assert "field 'version'" in msg and "whole number 1" in msg and repr(version) in msg, version
    data = dict(BASE)
    del data["version"]
    assert "field 'version'" in refused(data) and "got nothing" in refused(data)
    msg = refused({**BASE, "system": "y" * 60})
    assert "field 'system'" in msg and "'centurion'" in msg and repr("y" * 40) in msg and "y" * 41 not in msg
    data = dict(BASE)
    del data["system"]
    assert "field 'system'" in refused(data) and "got nothing (the field is missing)" in refused(data)


def test_SAVE_unknown_fields_are_named_sorted_shortened_and_at_most_five() -> None:
    """Unknown fields are refused, named in sorted order, each cut to 40 characters, at most five (issue 20, G6)."""
    msg = refused({**BASE, "zeta": 1, "alpha": 2})
    assert "unknown field(s) ['alpha', 'zeta']" in msg
    long = {**BASE, **{f"f{i}": i for i in range(7)}, "q" * 50: 0}
    msg = refused(long)
    assert "['f0', 'f1', 'f2', 'f3', 'f4']" in msg and "f5" not in msg
    msg = refused({**BASE, "q" * 50: 0})
    assert repr("q" * 40) in msg and "q" * 41 not in msg


def test_SAVE_scenario_and_seed_are_named_when_wrong() -> None:
    """The scenario is one of the known ones, the seed a whole number from -2**63 to 2**63 - 1 (issue 20, G3)."""
    msg = refused({**BASE, "scenario": "atlantis" + "z" * 80}, "my.json")
    shipped = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "data" / "scenarios").glob("*.yaml"))
    assert msg.startswith(f"my.json: field 'scenario': expected one of {', '.join(shipped)}, got ")
    assert f"the text '{('atlantis' + 'z' * 80)[:40]}'" in msg and "z" * 33 not in msg  # cut to 40 (session 30)
    assert "got nothing (the field is missing)" in refused({k: v for k, v in BASE.items() if k != "scenario"})
    for seed in (None, "1", 1.5, True, 2**63):
        msg = refused({**BASE, "seed": seed})
        assert "field 'seed'" in msg and "2**63" in msg, seed
    assert scenario_and_seed({"scenario": "b", "seed": -(2**63)}, "n", ["a", "b"]) == ("b", -(2**63))
    with pytest.raises(SaveError, match="^n: field 'scenario': expected one of a, b, got the text 'c'$"):
        scenario_and_seed({"scenario": "c", "seed": 0}, "n", ["a", "b"])
    with pytest.raises(SaveError, match="^n: field 'seed': the seed is a whole number"):
        scenario_and_seed({"scenario": "a", "seed": 2**63}, "n", ["a"])


def test_SAVE_variants_and_actions_fields() -> None:
    """Variants: a list naming each once, of known variant rules; actions: a list of at most 20,000 (issue 14)."""
    msg = refused({**BASE, "variants": "VAR-RAM"})
    assert "field 'variants': expected a list of names" in msg and "VAR-RAM" in msg
    msg = refused({**BASE, "variants": ["VAR-SALVO", "VAR-RAM", "VAR-SALVO", "VAR-RAM", "VAR-INIT"]})
    assert "field 'variants': each variant is named once, got VAR-RAM, VAR-SALVO twice" in msg
    msg = refused({**BASE, "variants": ["VAR-NOPE"]})
    assert "field 'variants'" in msg and "VAR-NOPE" in msg
    g = load(json.dumps({**BASE, "variants": ["VAR-RAM"]}))
    assert g.variants == ("VAR-RAM",)
    data = dict(BASE)
    del data["variants"]
    assert load(json.dumps(data)).variants == ()
    assert ("field 'actions': expected the list of the game's decisions, got the text 'nope'"
            in refused({**BASE, "actions": "nope"}))
    data = dict(BASE)
    del data["actions"]  # walk of session 30: it said "got 'None'"
    assert "field 'actions': expected the list of the game's decisions, got nothing (the field is missing)" in \
        refused(data)
    msg = refused({**BASE, "actions": [0] * (MAX_ACTIONS + 1)})
    assert f"at most {MAX_ACTIONS} actions, got {MAX_ACTIONS + 1}" in msg
    msg = refused({**BASE, "actions": [0] * MAX_ACTIONS})  # exactly the bound: read, and the first one refused
    assert "actions[0]" in msg and "at most" not in msg


def test_SAVE_actions_are_replayed_and_the_first_bad_one_refuses_the_file() -> None:
    """Each action is read and applied in order; an unreadable one or one not legal at that point refuses the
    whole file, naming its index, what it does and why (issue 14)."""
    g = new_skirmish("meeting", seed=1)
    first = g.legal_actions()[0]
    text = g.apply(first).to_json()
    data = json.loads(text)
    assert load(text).history == (first,) or list(load(text).history) == [first]
    msg = refused({**data, "actions": data["actions"] * 2}, "two.json")
    assert msg.startswith("two.json: actions[1] (")
    assert first.describe() in msg and "is not legal at that point" in msg and "CEN-INI-1" in msg
    msg = refused({**data, "actions": [data["actions"][0], {"kind": "nonsense"}]})
    assert msg.startswith("saved game: actions[1]: ") and "nonsense" in msg
    calls = []

    def parse(raw, where):
        calls.append((raw, where))
        return first

    assert list(replay(g, ["x"], "n", parse).history) == [first] and calls == [("x", "actions[0]")]


def test_SAVE_what_is_not_a_save_is_refused_with_its_name() -> None:
    """Not text, not UTF-8, too long, not JSON, not an object: a SaveError naming the file (issue 14, G6)."""
    limit = MAX_UPLOAD_BYTES * 8
    assert refused(5) == "saved game: expected the text of a save file, got int"
    assert refused(b"\xff\xfe{", "bad.json") == "bad.json: not UTF-8 text"
    big = " " * (limit + 1)
    assert refused(big) == f"saved game: the file is {limit + 1} characters; a save is at most {limit}"
    assert refused(big.encode()) == f"saved game: the file is {limit + 1} bytes; a save is at most {limit}"
    at = json.dumps(BASE)
    at = at + " " * (limit - len(at))  # exactly the bound: read
    assert load(at).seed == 1 and load(at.encode()).seed == 1
    assert load(bytearray(json.dumps(BASE).encode())).seed == 1
    msg = refused("{nope", "x.json")
    assert msg.startswith("x.json: not a save file: its text is not JSON (") and "line 1)" in msg
    assert refused("[1, 2]") == ("saved game: not a save file: a save is a JSON object (a Centurion skirmish or a "
                                 "Centuria battle), this is a list of 2 (1, 2)")


def test_SAVE_a_centuria_save_goes_to_its_own_loader() -> None:
    """A file of system "centuria" replays as a Centuria battle (issue 15)."""
    g = new_skirmish("centuria_farmstead", seed=2)
    back = load(g.to_json())
    assert type(back) is type(g) and back.seed == 2 and back.system == "centuria"


# --- survivors of the first mutation run (issue 22) ----------------------------------------------------------------

def test_SAVE_long_values_are_cut_in_messages_and_lists_are_short() -> None:
    """A wrong value is quoted cut to 60 characters (a version to 20, a variant name to 40); at most five variants
    named twice are listed (issue 20, G6)."""
    long = "v" * 100
    msg = refused({**BASE, "variants": long})
    assert f"the text '{long[:40]}'" in msg and long[:41] not in msg
    msg = refused({**BASE, "actions": long})
    assert f"the text '{long[:40]}'" in msg and long[:41] not in msg
    msg = refused({**BASE, "version": "9" * 30})
    assert msg.endswith(repr("9" * 30)[:20])
    name = "VAR-" + "x" * 50
    msg = refused({**BASE, "variants": [name, name]})
    assert msg.endswith(f"got {name[:40]} twice")
    six = [f"VAR-{c}" for c in "ABCDEF"]
    msg = refused({**BASE, "variants": six + six})
    assert msg.endswith("got VAR-A, VAR-B, VAR-C, VAR-D, VAR-E twice")


def test_SAVE_a_bad_seed_is_quoted() -> None:
    """The seed's refusal quotes the seed found (issue 20, G3)."""
    assert "1.5" in refused({**BASE, "seed": 1.5}) and "'abc'" in refused({**BASE, "seed": "abc"})


def test_SAVE_version_0_files_may_name_their_variants() -> None:
    """A version 0 file may have a variants field (issue 14)."""
    g = load(json.dumps({"scenario": "meeting", "seed": 2, "variants": ["VAR-RAM"], "actions": []}))
    assert g.variants == ("VAR-RAM",)


def test_SAVE_a_bad_centuria_save_is_named() -> None:
    """The Centuria loader's refusals name the file too (issue 15)."""
    data = json.loads(new_skirmish("centuria_farmstead", seed=2).to_json())
    msg = refused({**data, "extra": 1}, "cta.json")
    assert msg.startswith("cta.json")
