"""Mutation tests for the save codecs split by issue 23 (issues 22 and 23, docs/mutation.md): centurion/game/codec.py
and centurion/game/centuria_phases/codec.py, fast (no bot game).

The expected format is the one the modules document (issues 14, 15, 20 G6): a Centuria save is the same compact JSON
object as a Centurion one with system "centuria" and no variants; each action is a mapping with its `kind` and the
fields of that kind (unit ids as text of 1..60 characters, at most 16 steps); every refusal names the file or the
action and the field, quoting the value found cut short (60 characters, a kind 40, a version 20).
"""

from __future__ import annotations

import json

import pytest

from centurion.game import SaveError, load, new_skirmish
from centurion.game.centuria_phases.codec import action_from_data, action_to_data, read_header
from centurion.game.codec import MAX_ACTIONS

KNOWN = ["centuria_farmstead"]
HEAD = {"format": "centurion-skirmish", "version": 1, "system": "centuria", "scenario": "centuria_farmstead",
        "seed": 2, "variants": [], "actions": []}
MOVE = {"kind": "cta_move", "unit": "L-LEG", "steps": ["F"]}


def bad_action(data) -> str:
    with pytest.raises(ValueError) as info:
        action_from_data(data, "actions[3]")
    return str(info.value)


def bad_header(data) -> str:
    with pytest.raises(SaveError) as info:
        read_header(data, "cta.json", KNOWN, 2)
    return str(info.value)


def test_SAVE_a_centuria_action_round_trips_as_plain_data():
    g = new_skirmish("centuria_farmstead", seed=2)
    for act in g.legal_actions():
        data = action_to_data(act)
        assert json.loads(json.dumps(data)) == data  # plain JSON data: tuples become lists
        assert action_from_data(data) == act
    move = action_from_data(MOVE)
    assert action_to_data(move) == MOVE and type(action_to_data(move)["steps"]) is list


def test_SAVE_a_malformed_centuria_action_names_the_place_and_the_field():
    assert bad_action([1]) == "actions[3]: expected a mapping with a 'kind', got list"
    msg = bad_action({"kind": "k" * 50})
    assert msg == (f"actions[3]: unknown kind {'k' * 40!r}; one of cta_move, cta_attack, cta_shoot, cta_end_phase, "
                   "cta_time_up")
    msg = bad_action({**MOVE, "b": 1, "a": 2, "c": 3, "d": 4, "e": 5, "f": 6, 7: 0})
    assert msg == "actions[3]: unknown field(s) ['7', 'a', 'b', 'c', 'd'] for a cta_move action"
    assert bad_action({"kind": "cta_move", "steps": ["F"]}) == "actions[3]: field 'unit' is missing"
    steps_msg = "actions[3].steps: expected a list of at most 16 of F, FL, FR, T0, T1, T2, T3, T4, T5"
    for steps in ("F", ["F"] * 17, ["F", "X"], ("F",)):
        assert bad_action({**MOVE, "steps": steps}) == steps_msg, steps
    assert action_from_data({**MOVE, "steps": ["F"] * 16}).steps == ("F",) * 16  # exactly the bound
    assert action_from_data({**MOVE, "steps": ["T5", "FL"]}).steps == ("T5", "FL")
    for unit in ("", "u" * 61, 5, None):
        assert bad_action({**MOVE, "unit": unit}) == f"actions[3].unit: expected an id (text), got {str(unit)[:40]!r}"
    assert action_from_data({**MOVE, "unit": "u" * 60}).unit == "u" * 60
    assert action_from_data({**MOVE, "unit": "u"}).unit == "u"


def test_SAVE_a_centuria_save_header_is_checked_field_by_field():
    # a header without an edition was written before editions: it replays on the first set-up (issue 25)
    assert read_header(HEAD, "cta.json", KNOWN, 2) == ("centuria_farmstead@1", 2, [], 1)
    no_variants = {k: v for k, v in HEAD.items() if k != "variants"}
    assert read_header(no_variants, "cta.json", KNOWN, 2) == ("centuria_farmstead@1", 2, [], 1)
    assert read_header({**HEAD, "edition": 2}, "cta.json", KNOWN, 2) == ("centuria_farmstead@2", 2, [], 1)
    assert read_header({**HEAD, "edition": 3}, "cta.json", KNOWN, 2) == ("centuria_farmstead", 2, [], 1)  # the current
    for edition in (0, 4, True, "2", None):
        assert bad_header({**HEAD, "edition": edition}) == (
            "cta.json: field 'edition': expected a whole number from 1 to 3 (the editions of 'centuria_farmstead'), "
            f"got {str(edition)[:20]!r}")
    # the edition of Centuria's rules (session 54): 1 when the save names none, the newest given to read_header
    assert read_header({**HEAD, "rules": 2}, "cta.json", KNOWN, 2)[3] == 2
    assert read_header({**HEAD, "rules": 1}, "cta.json", KNOWN, 2)[3] == 1
    for rules, words in ((0, "the number 0"), (3, "the number 3"), (True, "true"), ("2", "the text '2'"),
                         (None, "null"), (1.0, "the number 1.0")):
        assert bad_header({**HEAD, "rules": rules}) == (
            f"cta.json: field 'rules': expected a whole number from 1 to 2 (the editions of Centuria's rules), got {words}")
    assert bad_header({**HEAD, "format": "f" * 80}) == (
        f"cta.json: field 'format': expected 'centurion-skirmish', got the text '{'f' * 40}'")  # in words (S30)
    assert bad_header({k: v for k, v in HEAD.items() if k != "format"}) == (
        "cta.json: field 'format': expected 'centurion-skirmish', got nothing (the field is missing)")
    for version in (True, 1.0, 2, "1" * 30):
        assert bad_header({**HEAD, "version": version}) == (
            f"cta.json: field 'version': a Centuria save is version 1, got {str(version)[:20]!r}")
    assert bad_header({**HEAD, "scenario": "meeting"}).startswith("cta.json: field 'scenario'")
    assert bad_header({**HEAD, "variants": ["V" * 80]}) == (
        "cta.json: field 'variants': the variant rules are Centurion's, a Centuria battle takes none; got a list of "
        f"1 ({'V' * 20})")
    assert bad_header({**HEAD, "variants": None}).startswith("cta.json: field 'variants'")
    assert bad_header({**HEAD, "z": 1, "y": 2, "x": 3, "w": 4, "v": 5, "u": 6}) == (
        "cta.json: unknown field(s) ['u', 'v', 'w', 'x', 'y']")
    assert bad_header({**HEAD, "actions": "a" * 80}) == (
        f"cta.json: field 'actions': expected the list of the game's decisions, got the text '{'a' * 40}'")
    assert read_header({**HEAD, "actions": [0] * MAX_ACTIONS}, "cta.json", KNOWN, 2)[2] == [0] * MAX_ACTIONS
    assert bad_header({**HEAD, "actions": [0] * (MAX_ACTIONS + 1)}) == (
        f"cta.json: field 'actions': at most {MAX_ACTIONS} actions, got {MAX_ACTIONS + 1}")


def test_SAVE_a_centuria_save_loads_through_the_shared_loader():
    g = new_skirmish("centuria_farmstead", seed=2)
    g = g.apply(g.legal_actions()[0])
    back = load(g.to_json(), "cta.json")
    assert back.history == g.history and back.seed == 2
    with pytest.raises(SaveError, match=r"^cta\.json: field 'seed'"):
        load(json.dumps({**HEAD, "seed": "x"}), "cta.json")
