"""Saves written before the game layer's redesign load and replay to the same game (issue 23, item 5).

tests/fixtures/saves/ holds bot-against-bot games of both systems, with and without variant rules, saved by the
code before the redesign: `*-0e94a5f.json` by commit 0e94a5f (before the referee fixes of issues 20-21), the rest
by commit 84b7b2c (tests/fixtures/saves/make.py). Each `.log` is the log that commit 84b7b2c printed after the
last decision; today's code must load the save (every decision checked again, CEN-SEQ-1) and print the same log,
line for line, with the same turn, phase and side to decide.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from centurion.game import SaveError, load

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
SAVES = sorted(p.stem for p in FIXTURES.glob("*.json") if (FIXTURES / f"{p.stem}.log").exists())


def test_fixtures_present():
    assert len(SAVES) == 8, SAVES
    systems = {json.loads((FIXTURES / f"{n}.json").read_text())["system"] for n in SAVES}
    assert systems == {"centurion", "centuria"}


@pytest.mark.parametrize("name", SAVES)
def test_save_replays_to_the_same_log(name):
    text = (FIXTURES / f"{name}.json").read_text()
    expected = (FIXTURES / f"{name}.log").read_text().splitlines()
    game = load(text)
    assert len(game.history) == len(json.loads(text)["actions"])
    assert list(game.log) == expected
    again = load(game.to_json())  # and the save it writes again replays to an equal state
    assert again == game and hash(again) == hash(game)


def test_a_save_no_longer_legal_names_its_step_and_rule():
    """Pursuit seed 5 of 0e94a5f: its scenario's costs changed (issue 20, C6) and its Vipers start further east
    (issue 25, balance), so R41's move at step 8 now asks for more hexes than its VP allow."""
    text = (FIXTURES / "pursuit-seed5-0e94a5f.json").read_text()
    with pytest.raises(SaveError) as e:
        load(text)
    assert "actions[8]" in str(e.value) and "CEN-GRAV-2" in str(e.value)
