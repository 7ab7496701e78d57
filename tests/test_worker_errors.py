"""The rules' and the data's errors cross a process boundary whole (the ladder plays its games in worker processes,
`benchmarks/ladder.py --workers 2`): pickled and read back, a bad file's error still names file, entry and field, and
an illegal action still names its rule (session 48: a DataError raised in a worker broke the pool with "DataError.__init__()
missing 3 required positional arguments" instead of its message)."""
from __future__ import annotations

import pickle
import re

import pytest

from centurion.data import centuria_tables
from centurion.data.centuria_scenarios import centuria_battle_dir, load_centuria_battle
from centurion.data.yamlfile import DataError
from centurion.game import new_skirmish, parse_action
from centurion.game.actions import IllegalAction


def test_a_bad_files_error_read_back_from_a_worker_names_file_entry_and_field() -> None:
    text = (centuria_battle_dir() / "ford_road.yaml").read_text()
    bad = re.sub(r'(id: R-B1, [^}]*hex: )"[0-9]{4}"', r'\1"9999"', text)  # the ballista off the map
    assert bad != text
    with pytest.raises(DataError) as caught:
        load_centuria_battle("ford_road.yaml", centuria_tables(), text=bad)
    err = caught.value
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is DataError and str(back) == str(err)
    assert "ford_road.yaml" in str(back) and "R-B1" in str(back) and "hex" in str(back)
    assert (back.file, back.entry, back.field, back.line) == (err.file, err.entry, err.field, err.line)


def test_an_illegal_actions_refusal_read_back_from_a_worker_keeps_its_rule() -> None:
    s = new_skirmish("meeting", seed=1)  # the Initiative Phase: no fire there (CEN-SEQ-1)
    with pytest.raises(IllegalAction) as caught:
        s.apply(parse_action("fire R11"))
    back = pickle.loads(pickle.dumps(caught.value))
    assert type(back) is IllegalAction and str(back) == str(caught.value)
    assert back.rule == caught.value.rule and back.rule.startswith("CEN-")
