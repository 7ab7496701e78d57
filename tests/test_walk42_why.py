"""Walk of session 42 (a newcomer's game against the computer, the Why? box of issue 25, item 4).

The box showed only the computer's latest decision: when it took several in a row, the earlier ones' tables were
overwritten at once and the replay slider hid the box at every earlier step, so they could not be seen at all; and
a reload of a stored game (its address) brought the box back empty until the computer's next decision, where the
README says a reload still shows it. The box now follows the step the map shows: the computer's last decision up to
that step, worked out again where the page did not see it taken (the computer is deterministic given the state and
its level). Expected values come from the game's own record: the action in its history and the reason the log
line kept when the decision was taken ("— why: ..."), never from the box's code.
"""

from __future__ import annotations

import pytest

from centurion.game import bot_action
from centurion.widgets.battle_page import COMPUTER, PERSON
from centurion.widgets.skirmish import SkirmishTable


def _logged_reason(before, after) -> str:
    """The reason the log line of the decision from `before` to `after` kept when it was taken."""
    line = after.log[len(before.log)]
    assert " — why: " in line, line
    return line.split(" — why: ", 1)[1]


def _play(page: SkirmishTable, decisions: int) -> None:
    """The person's decisions (the novice's choice: any legal one would do), the computer answering each."""
    for _ in range(decisions):
        if page.game.over:
            return
        assert page._take(bot_action(page.game, "novice"), PERSON)
        page._run_computer()
        page._refresh()


def test_the_why_box_follows_the_replay_slider_to_every_computer_decision():
    page = SkirmishTable("first_game", seed=3, players={"renegade": PERSON, "tog": "veteran"})
    _play(page, 12)
    states, actors = page.states, page.actors
    mine = [j for j in range(1, len(states)) if actors[j] == COMPUTER]
    assert any(j + 1 in mine for j in mine)  # two computer decisions in a row: the case the box lost
    for k in range(1, len(states)):
        page.replay.value = k
        last = max((j for j in mine if j <= k), default=None)
        if last is None:
            assert page.why.layout.display == "none"
            continue
        d = page.why.decision
        assert page.why.layout.display != "none" and d is not None
        assert d.action == states[last].history[-1]
        assert d.reason == _logged_reason(states[last - 1], states[last])
    page.replay.value = page.replay.max  # the game now: its latest computer decision
    assert page.viewing is None and page.why.decision.action == states[mine[-1]].history[-1]


def test_a_reloaded_stored_game_shows_the_computers_last_decision(served):
    page = SkirmishTable("first_game", players={"renegade": PERSON, "tog": "veteran"})
    _play(page, 6)
    assert page.seat is not None
    shown = page.why.decision
    assert shown is not None
    again = SkirmishTable("first_game")  # the same address opened in a new page (a reload)
    assert again.open_seat(page.seat.game_id, page.seat.token)
    again._refresh()
    states = again.states
    last = max(j for j in range(1, len(states)) if states[j - 1].active == "tog")
    d = again.why.decision
    assert again.why.layout.display != "none" and d is not None
    assert d.action == states[last].history[-1] == shown.action
    assert d.reason == _logged_reason(states[last - 1], states[last])
    assert [a.text for a in d.alternatives] == [a.text for a in shown.alternatives]


def test_the_store_works_a_computer_decision_out_again_as_it_took_it(served):
    """The store hands a stored decision's options out again (GameStore.decision): the very BotDecision `play`
    handed out with the computer's reply (the novice's drawn pick too, whose dice come from the seed the seat does
    not see), None for a person's decision, a clear refusal for a step the game has not reached or a wrong token."""
    from centurion.store import StoreError, WrongSeat

    ref = served.create("first_game", computer={"tog": "novice"})
    token = ref.seats["renegade"]
    replies: list = []
    for _ in range(6):
        state = served.state(ref.id, token)
        if state.over:
            break
        served.play(ref.id, token, bot_action(state, "novice"), step=len(state.history), replies=replies)
    taken = [(len(s.history), d) for s, d in replies if d is not None]
    assert len(taken) >= 3
    for step, d in taken:
        again = served.decision(ref.id, token, step)
        assert again is not None and again.action == d.action and again.reason == d.reason
        assert [a.text for a in again.alternatives] == [a.text for a in d.alternatives]
    person = next(len(s.history) for s, d in replies if d is None)
    assert served.decision(ref.id, token, person) is None
    steps = served.steps(ref.id)
    for bad in (0, steps + 1, "1", True):
        with pytest.raises(StoreError):
            served.decision(ref.id, token, bad)
    with pytest.raises(WrongSeat):
        served.decision(ref.id, "not-a-token", 1)


def test_an_earlier_decision_is_worked_out_from_the_decisions_before_it_only(served, monkeypatch):
    """The Why? of an early step (the replay slider of a reopened page) reads the stored decisions up to that step,
    not the whole game (session 45: it replayed every decision for each call), and the game's own state is
    untouched: the next move still plays on the latest state."""
    from centurion.store import games as store_games

    ref = served.create("first_game", computer={"tog": "novice"})
    token = ref.seats["renegade"]
    replies: list = []
    for _ in range(8):
        state = served.state(ref.id, token)
        served.play(ref.id, token, bot_action(state, "novice"), step=len(state.history), replies=replies)
    taken = [(len(s.history), d) for s, d in replies if d is not None]
    step, d = taken[0]
    made = served.steps(ref.id)
    assert step < made - 4  # an early decision of a longer game
    read: list[str] = []
    decode = store_games.action_from_data
    monkeypatch.setattr(store_games, "action_from_data", lambda data, where: read.append(where) or decode(data, where))
    again = served.decision(ref.id, token, step)
    assert again is not None and again.action == d.action and again.reason == d.reason
    assert read == [f"decision {k}" for k in range(step)]  # the decisions 0 .. step-1 that lead to its state
    state = served.state(ref.id, token)
    assert len(state.history) == made  # the game is where it was
    served.play(ref.id, token, bot_action(state, "novice"), step=made)
    assert served.steps(ref.id) > made


@pytest.mark.parametrize("level", ["novice", "elite"])
def test_a_reloaded_game_shows_every_computer_decision_of_the_levels_that_draw(served, level):
    """The novice draws its move with the game's seeded dice and the elite plays its options out on seeds from the
    game's: a reopened page sees the game with its seed hidden, so the store works those decisions out (session 42:
    the page alone could not reproduce 4 of 20 novice and 10 of 22 elite decisions of a meeting, and hid them)."""
    page = SkirmishTable("meeting", players={"renegade": PERSON, "tog": level})
    _play(page, 10)
    again = SkirmishTable("meeting")
    assert again.open_seat(page.seat.game_id, page.seat.token)
    states = again.states
    mine = [j for j in range(1, len(states)) if states[j - 1].active == "tog"]
    assert len(mine) >= 5
    for j in mine:
        again.replay.value = j
        d = again.why.decision
        assert d is not None and d.action == states[j].history[-1], j
        assert d.reason == _logged_reason(states[j - 1], states[j])


def test_a_battles_table_says_what_its_scores_are_and_a_do_nothing_row_shows_a_bar():
    """Walk of session 42: a Centuria Why? table had no word on what its scores are, and a row that ended the phase
    (or a Centurion unit that held its fire) showed a number read as its score where it is the bar the options had to
    pass (game/centuria_bot.py: a move must gain more than 0.05; game/bot.py: a shot must expect more than 0)."""
    from centurion.game import bot_decision, new_skirmish
    from centurion.widgets.bot_view import BAR, CENTURIA_MEANING, alternatives_html

    seen = set()
    s = new_skirmish("centuria_ford_road", seed=1)
    for _ in range(120):
        if s.over:
            break
        d = bot_decision(s, "veteran")
        shown = alternatives_html(d)
        ended = type(d.action).__name__ == "CtaEndPhase"
        assert CENTURIA_MEANING[str(d.phase)] in shown
        assert (BAR in shown) == (ended and len(d.alternatives) > 1)
        seen.add((str(d.phase), ended and len(d.alternatives) > 1))
        s = s.apply(d.action)
    assert {("movement", True), ("movement", False), ("combat", False)} <= seen, seen


def test_a_move_table_lists_a_hex_once_with_the_facings_that_score_alike():
    """Walk of session 42: a third of the pursuit's and the village's move tables listed one end hex at three
    facings with equal scores, hiding the other ends weighed. A hex and score now take one row, which names the other
    facings ending there that score the same; each named facing is an end the computer weighed there at that score
    (its weighed rows, read from its trace). The pursuit, seed 0, the veteran on both sides."""
    from centurion.game import Move, bot_decision, bot_trace, new_skirmish
    from centurion.hexgrid import FACING_NAMES

    s = new_skirmish("pursuit", seed=0)
    named = 0
    while not s.over and named < 3:
        with bot_trace.traced() as notes:
            bot_action(s, "veteran")
        d = bot_decision(s, "veteran")
        if isinstance(d.action, Move) and len(d.alternatives) > 1:
            rows = next(n for n in notes if n.kind == "moves").data["rows"]
            ends = [(s.resolve_move(a.action.unit, a.action.move).end_state(), a) for a in d.alternatives]
            pairs = [(e.hex, a.score) for e, a in ends]
            assert len(set(pairs)) == len(pairs)  # a hex and score once
            for e, a in ends:
                if "there scores the same" not in a.reason:
                    continue
                named += 1
                said = a.reason.split("; ending facing ", 1)[1].split(" there scores the same")[0]
                for word in said.replace(" and ", ", ").split(", "):
                    f = FACING_NAMES.index(word)
                    assert any(r.end.hex == e.hex and r.end.facing % 6 == f and round(r.score, 3) == a.score
                               for r in rows), (a.reason, word)
        s = s.apply(d.action)
    assert named == 3


def test_the_box_lets_go_of_the_decisions_of_states_the_page_no_longer_holds():
    """The decisions the box keeps for the replay slider are those of the page's states: a new game lets the old
    game's go (a served page plays game after game: nothing may pile up, issue 10)."""
    page = SkirmishTable("first_game", seed=3, players={"renegade": PERSON, "tog": "veteran"})
    _play(page, 4)
    assert page.why._known and all(v[0] in page.states for v in page.why._known.values())
    old = [v[0] for v in page.why._known.values()]  # the old game's states, held here
    page.scenario_pick.value = "meeting"
    page.start()  # asks first: a game is in progress
    page.start()  # another game on the same page
    assert page.game.scenario.key == "meeting"
    _play(page, 1)
    kept = [v[0] for v in page.why._known.values()]
    assert all(any(k is s for s in page.states) for k in kept)
    assert not any(k is o for k in kept for o in old)
