"""Walk 2: the guided first game played as the README's quick start serves it, with the games kept in the store.

The page is driven as a person would (one decision at a time, the page redrawn after each); the person's
decisions are the novice's (`bot_action`, any legal decision would do). The expected behaviour comes from the
README (undo, the computer's "why", trails of every move, the end screen) and docs/decisions.md (W22: the seed).
"""

from __future__ import annotations

import pytest

from centurion.game import bot_action, new_skirmish
from centurion.game.actions import Move
from centurion.game.summary import turn_summary
from centurion.store.hidden import hidden_view
from centurion.widgets.battle_page import PERSON
from centurion.widgets.skirmish import SkirmishTable
from centurion.widgets.turn_summary import page_summary
from tests.conftest import STORE_SEED as SEED  # the seed the `served` store draws


def decide(page: SkirmishTable) -> None:
    """One decision of the person's, then the page redrawn as after a click."""
    assert page.may_decide()
    assert page._take(bot_action(page.game, "novice"), PERSON)
    page._refresh()
    assert "went wrong" not in page.message.value, page.message.value


def play_to_end(page: SkirmishTable, each=None) -> None:
    for _ in range(300):
        if page.game.over:
            return
        decide(page)
        if each is not None:
            each(page)
    raise AssertionError("the first game did not end")


def test_W2_1_end_screen_appears_at_once_in_a_stored_game(served):
    page = SkirmishTable("first_game")
    play_to_end(page)
    g = page.game
    assert g.over and g.seed == SEED  # the real state, seed shown, once over
    assert "centurion-verdict" in page.victory.value  # the verdict sentence
    assert "download=" in page.save_link.value  # Save
    assert f"seed {SEED}" in page.seeds.note.value
    assert page.end_phase_button.layout.display == "none"


def test_W2_1_summary_from_a_hidden_running_state_to_the_real_end():
    s0 = new_skirmish("first_game", seed=SEED)
    s1 = s0.apply(bot_action(s0, "novice"))
    summary = turn_summary(hidden_view(s0), s1, ())  # a running view (seed hidden) and a later real state
    assert summary is not None
    with pytest.raises(ValueError):
        turn_summary(s0, new_skirmish("first_game", seed=SEED + 1).apply(s1.history[0]))


def test_W2_2_undo_is_off_and_says_why_in_a_stored_game(served):
    page = SkirmishTable("first_game")
    seen: list[bool] = []

    def look(p: SkirmishTable) -> None:
        seen.append(p.undo_button.disabled and "server" in p.undo_button.description + (p.undo_button.tooltip or ""))

    play_to_end(page, look)
    assert seen and all(seen)


def test_W2_4_the_computers_moves_are_drawn_and_summarized(served):
    page = SkirmishTable("first_game")
    trails: set[str] = set()
    lines: list[str] = []

    def look(p: SkirmishTable) -> None:
        s = page_summary(p)
        if s is not None:
            trails.update(t.side for t in s.trails)
            lines.extend(s.lines)

    play_to_end(page, look)
    tog_moves = [a for a in page.game.history if isinstance(a, Move) and a.unit.startswith("T")]
    assert tog_moves  # the computer moved its tanks
    assert "tog" in trails  # and its moves were drawn as trails
    assert any(line.startswith(("T11 moved", "T12 moved", "T11 stayed", "T12 stayed")) for line in lines)


def test_W2_5_a_served_page_names_no_seed_it_will_not_use(served):
    page = SkirmishTable("first_game")
    local = page.seed_box.value
    assert page.seed_box.layout.display == "none" and page.seeds.fresh.layout.display == "none"
    assert "seed hidden" in page.log_html.value and f"seed {local}," not in page.log_html.value
    assert "server" in page.seeds.note.value
    decide(page)
    assert "seed hidden" in page.log_html.value and f"seed {local}," not in page.log_html.value


def test_W2_3_the_computers_reasons_in_a_stored_game(served):
    page = SkirmishTable("first_game")
    play_to_end(page)
    why = [line for line in page.game.log if " — why: " in line]
    tog = [line for line in page.game.log if "Terran Overlord Government:" in line and not line.startswith(" ")]
    assert tog and len(why) >= len(tog) // 2  # the computer's decisions say why (kept across the store's states)
    assert page.why.layout.display != "none" and page.why.decision is not None


def test_W2_3_the_store_hands_each_reply_with_its_reason(served):
    ref = served.create("first_game", computer={"tog": "novice"})
    token = ref.seats["renegade"]
    state = served.state(ref.id, token)
    replies: list = []
    served.play(ref.id, token, bot_action(state, "novice"), step=len(state.history), replies=replies)
    assert replies[0][1] is None and len(replies[0][0].history) == len(state.history) + 1
    for k in range(1, len(replies)):
        assert len(replies[k][0].history) == len(replies[k - 1][0].history) + 1
        assert replies[k][1].action == replies[k][0].history[-1]
