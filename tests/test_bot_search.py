"""The elite's search (issue 25, item 2; game/bot_search.py), its parts one at a time: what a playout's end is worth
(book-b §15.2's victory points, and before the end half the armor each side lost weighted by the vehicles' costs),
the playouts' own seeds, which options are played out, and what the search does with them. From the survivors of
`python tools/mutation.py game/bot_search` (docs/mutation.md, session 38).
"""

from __future__ import annotations

import zlib
from dataclasses import replace

import pytest

from centurion.game import Fire, Paint, bot_action, bot_search, bot_trace, new_skirmish
from centurion.game.bot_search import CANDIDATES, DAMAGE_WEIGHT, candidates, outcome, playout_seed, search


@pytest.fixture(scope="module")
def bruised():
    """Meeting, seed 0, the veteran on both sides until each side has lost armor (the game not over), at the next
    movement phase."""
    s = new_skirmish("meeting", seed=0)
    while not (s.phase == "movement" and all(any(_lost(v) for v in s.live_vehicles(side)) for side in s.sides)):
        s = s.apply(bot_action(s, "veteran"))
        assert not s.over
    return s


def _lost(v) -> float:
    """The share of a vehicle's armor boxes gone, read from its sheet (CEN-REC-1)."""
    left = sum(sec.intact for _n, sec in v.sheet.armor.sections)
    return 1 - left / sum(v.sheet.vehicle.armor.values())


def test_before_the_end_a_playout_counts_points_and_half_the_armor_lost_by_cost(bruised):
    """`outcome` for each side: its victory points minus the enemy's, plus DAMAGE_WEIGHT (0.5) times the enemy's
    armor lost minus its own, each vehicle's share of boxes gone times its cost (a Liberator 12, a Horatius 11, the
    Trajan 19: data/scenarios/meeting.yaml); the two sides' values are opposite."""
    s = bruised
    assert not s.over and DAMAGE_WEIGHT == 0.5
    costs = {"R11": 12, "R12": 12, "R13": 12, "T11": 11, "T12": 11, "T13": 19}
    lost = {side: sum(costs[v.key] * _lost(v) for v in s.live_vehicles(side)) for side in s.sides}
    assert lost["renegade"] > 0 and lost["tog"] > 0  # both sides have been hit
    want = (s.points("renegade") - s.points("tog")) + 0.5 * (lost["tog"] - lost["renegade"])
    assert outcome(s, "renegade") == pytest.approx(want)
    assert outcome(s, "tog") == pytest.approx(-want)


def test_at_the_end_a_playout_counts_the_final_points_alone():
    """In the last turn a playout ends the game: its outcome is the final victory points, nothing for armor."""
    s = new_skirmish("first_game", seed=0)
    while not s.over:
        s = s.apply(bot_action(s, "veteran"))
    assert outcome(s, "renegade") == s.points("renegade") - s.points("tog")


def test_each_playout_has_a_seed_of_its_own_from_the_game_and_the_decision():
    """`playout_seed`: crc32 of the game's seed, the decision's number and the playout's (the same game replays the
    same playouts); a stored game's view hides its seed (issue 24) and then counts it as 0."""
    s = new_skirmish("first_game", seed=7)
    s = s.apply(bot_action(s, "veteran"))
    n = len(s.history)
    assert [playout_seed(s, k) for k in range(3)] == [zlib.crc32(f"centurion search 7 {n} {k}".encode())
                                                      for k in range(3)]
    hidden = replace(s, seed=None)
    assert playout_seed(hidden, 2) == zlib.crc32(f"centurion search 0 {n} 2".encode())


def _note(kind: str, key: str, score: float, **data) -> bot_trace.Note:
    return bot_trace.Note(kind, Fire(key, "T11") if kind == "fire" else Paint(key, "T11"), score, data)


def test_the_options_played_out():
    """`candidates`: the base level's choice first, then its fire and paint options best first by their own score,
    or by the tie-break key the fire weighing gives (`ranked`), ties in the order weighed; `CANDIDATES` (4) at most;
    a move's notes are not options here."""
    chosen = Fire("R11", "T11")
    notes = [
        _note("fire", "R11", 5.0),
        _note("fire", "R12", 1.0, ranked=(9.0, 0)),  # its key ranks it above its score
        _note("paint", "R13", 3.0),
        bot_trace.Note("moves", None, 99.0, {}),
        _note("fire", "R14", 3.0),
        _note("paint", "R15", 2.0),
    ]
    got = candidates(notes, chosen)
    assert CANDIDATES == 4
    assert got == [chosen, Fire("R12", "T11"), Paint("R13", "T11"), Fire("R14", "T11")]
    assert candidates(notes[:3], Paint("R13", "T11")) == [Paint("R13", "T11"), Fire("R12", "T11"),
                                                          Fire("R11", "T11")]


def test_the_search_plays_each_option_out_and_notes_its_average(monkeypatch):
    """`search`: each option is played out on the same `SAMPLES` seeds and its average noted; the best average wins
    (here the second option's); with only one option nothing is played out and the base level's own notes stand
    for the reason; a deadline passed after the first option keeps what was played out (the base's choice)."""
    s = new_skirmish("first_game", seed=0)
    a, b = Fire("R11", "T11"), Fire("R11", "T12")

    def base(_s):
        bot_trace.note("fire", a, 5.0, why="base")
        bot_trace.note("fire", b, 4.0, why="other")
        return a

    seeds = []

    def fake_playout(after, side, seed, policy):
        seeds.append(seed)
        return {a: 1.0, b: 4.0}[after] + (seed % 3)

    monkeypatch.setattr(bot_search, "playout", fake_playout)
    monkeypatch.setattr(type(s), "apply", lambda self, action: action)  # the options themselves stand for the states
    with bot_trace.traced() as notes:
        got = search(s, base, policy=None)
    assert got == b
    k = bot_search.SAMPLES
    own = [playout_seed(s, i) for i in range(k)]
    assert seeds == own + own  # the same seeds for both options
    played = {n.action: n.score for n in notes if n.kind == "search"}
    assert played == {a: pytest.approx(1.0 + sum(x % 3 for x in own) / k),
                      b: pytest.approx(4.0 + sum(x % 3 for x in own) / k)}

    def lone(_s):
        bot_trace.note("fire", a, 5.0, why="the only one")
        return a

    with bot_trace.traced() as notes:
        assert search(s, lone, policy=None) == a
    assert [(n.kind, n.action, n.score, n.data) for n in notes] == [("fire", a, 5.0, {"why": "the only one"})]
    with bot_trace.traced():
        assert search(s, base, policy=None, expired=lambda: True) == a


def test_the_elite_searches_its_painting_and_fire_only(bruised):
    """`searched`: the painting and fire phases, in every turn; not the moves (searching them gained nothing
    measurable and made the slowest decisions 2 s: docs/decisions.md)."""
    from centurion.game.bot_search import searched

    assert bruised.phase == "movement" and not searched(bruised)
    s = bruised
    while s.phase != "painting":
        s = s.apply(bot_action(s, "veteran"))
    assert searched(s)
    while s.phase != "fire":
        s = s.apply(bot_action(s, "veteran"))
    assert searched(s)
    assert not searched(replace(s, phase="end"))
