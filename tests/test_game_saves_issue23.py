"""Issue 23, item 5: saves written before the game layer's redesign load and replay to the same game.

Each file of tests/game_saves/issue23_*.json is a whole bot game saved by the code before the redesign (commit
84b7b2c, basic rules and variant sets: VAR-INIT; VAR-WEAPONS, -RAM, -SELFDESTRUCT, -SALVO; every switch; VAR-OCCUPY
with lateral shifts and emergency turns). The expected end of each game (turn, result, every unit's hex, facing,
velocity, grounded (g) and destroyed (x), squads' men) was read from that code's replay of the file.
"""

import json
from pathlib import Path

import pytest

from centurion.game import load
from centurion.hexgrid import format_label

SAVES = Path(__file__).parent / "game_saves"

EXPECTED = [
    ('all_meeting', 5, 'renegade', 'decisive', {'renegade': 108, 'tog': 12}, 'R11:1617/0/10 R12:1516/0/19 R13:1315/1/0gx T11:1515/0/0gx T12:1918/0/0gx T13:1315/0/0gx'),
    ('basic_meeting', 4, 'renegade', 'decisive', {'renegade': 33, 'tog': 0}, 'R11:1214/1/5 R12:1317/1/10 R13:1214/1/5 T11:1915/0/0gx T12:1516/2/0gx T13:1714/4/10x'),
    ('crew_ram_village', 2, 'tog', 'substantive', {'renegade': 35, 'tog': 75}, 'R21:2307/2/17 R22:2307/3/17 R23:2607/4/15 R31:2615/1/0g R32:2615/1/0g R33:2612/1/0g T21:2912/4/0gx T22:2607/0/10x T23:2914/4/0gx R31s:8 R32s:8 T21s:8 T22s:8'),
    ('init_pursuit', 5, 'tog', 'decisive', {'renegade': 7, 'tog': 21}, 'R41:2710/0/0gx R42:0913/5/0gx R43:3212/0/0gx T41:2416/1/14 T42:2616/1/15 T43:3016/1/17 T51:3310/2/19 T52:3611/5/19 T53:1616/0/0gx R41s:0 R42s:0 R43s:0'),
    ('occupy_village', 7, None, 'draw', {'renegade': 90, 'tog': 75}, 'R21:3312/2/5 R22:3312/2/0g R23:3312/2/0g R31:3312/2/0g R32:3312/2/0g R33:3312/2/0g T21:3513/5/0g T22:3513/5/0g T23:3410/4/0gx R31s:8 R32s:8 T21s:0 T22s:8'),
]


# games a later rule fix changed until a saved decision was no longer legal: loading names the step and the rule.
# Session 34: a turret fires at an enemy in its own hex (book-a 8.2, §14.2; walk 34), which these ramming games
# reached (five vehicles in one hex of the meeting; R23 in T22's hex in the village), so their fire then differs
NO_LONGER_LEGAL = {"all_meeting": ("actions[42]", "VAR-INIT"), "crew_ram_village": ("actions[43]", "CEN-SEQ-3")}


@pytest.mark.parametrize("name, turn, winner, level, points, units", EXPECTED, ids=[e[0] for e in EXPECTED])
def test_issue23_a_save_from_before_the_redesign_replays_to_the_same_game(name, turn, winner, level, points, units):
    from centurion.game.codec import SaveError

    text = (SAVES / f"issue23_{name}.json").read_text()
    if name in NO_LONGER_LEGAL:
        with pytest.raises(SaveError) as e:
            load(text)
        assert all(part in str(e.value) for part in NO_LONGER_LEGAL[name]), e.value
        return
    s = load(text)
    got = " ".join(f"{v.key}:{format_label(v.hex)}/{v.facing}/{v.velocity}{'g' if v.grounded else ''}"
                   f"{'x' if v.destroyed else ''}" for v in sorted(s.vehicles, key=lambda v: v.key))
    got = (got + " " + " ".join(f"{q.key}:{q.men}" for q in sorted(s.squads, key=lambda q: q.key))).strip()
    assert (s.turn, s.result.winner, s.result.level, dict(s.result.points), got) == (turn, winner, level, points,
                                                                                     units)
    # the save format is unchanged but for the edition of a scenario whose set-up changed since (issue 25: these
    # saves were played on its first edition, and say so when written again) and the edition of the rules (session
    # 50: played under the first, they say so too)
    want = json.loads(text) | ({"edition": 1} if json.loads(text)["scenario"] in {"pursuit", "first_game", "meeting",
                                                                                   "village"} else {}) | {"rules": 1}
    assert json.loads(s.to_json()) == want
    assert load(s.to_json()) == s  # and loads to an equal state


def test_a_save_names_the_edition_of_a_set_up_changed_since():
    """Issue 25 changed the pursuit twice: edition 2 moved the Vipers 12 columns east, edition 3 plays three turns
    with the TOG platoons 4 columns nearer. A save of a new game names edition 3 and loads on it; a save naming
    edition 2 loads on that set-up; a save without an edition (written before) loads on the first set-up."""
    from centurion.game import new_skirmish

    new = new_skirmish("pursuit", seed=3)
    data = json.loads(new.to_json())
    assert (data["scenario"], data["edition"]) == ("pursuit", 3)
    assert load(new.to_json()) == new
    assert new.scenario.turns == 3 and format_label(new.vehicle("T51").hex) == "0814"
    second = load(json.dumps(data | {"edition": 2}))
    assert second.scenario.key == "pursuit@2" and second.scenario.turns == 6
    at = {v.key: format_label(v.hex) for v in new.vehicles}
    assert at == {v.key: format_label(v.hex) for v in second.vehicles} | {  # the Vipers stay, TOG comes 3-4 nearer
        "T51": "0814", "T52": "0816", "T53": "0912", "T41": "0615", "T42": "0613", "T43": "0611"}
    assert format_label(second.vehicle("T51").hex) == "0414" and format_label(second.vehicle("R41").hex) == "2414"
    old = load(json.dumps({k: v for k, v in data.items() if k != "edition"}))
    assert old.scenario.key == "pursuit@1"
    assert format_label(old.vehicle("R41").hex) == "1214"
    meeting = json.loads(new_skirmish("meeting", seed=3).to_json())
    assert meeting["edition"] == 4  # edition 2: T13 a Trajan; 3: the Renegades' 7 points unspent; 4: 3 (issue 25)
    assert new_skirmish("meeting", seed=3).points("renegade") == 3
    assert new_skirmish("meeting@3", seed=3).points("renegade") == 7  # a save of edition 3 scores as it did
    assert new_skirmish("meeting@2", seed=3).points("renegade") == 0  # a save of edition 2 scores as it did
    assert new_skirmish("meeting@2", seed=3).vehicle("T13").type == "trajan"
    village = json.loads(new_skirmish("village", seed=3).to_json())
    assert village["edition"] == 4  # edition 3: the ridge road at the ruin, six turns; 4: T22 a Trajan (issue 25)
    assert new_skirmish("village@3", seed=3).vehicle("T22").type == "horatius"  # a save of edition 3 plays on it
    assert new_skirmish("village", seed=3).vehicle("T22").type == "trajan"
