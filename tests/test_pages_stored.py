"""The battle pages with a game store (issue 24, item 3): a served page keeps its game on the server, its address
resumes it, two pages play one game, a spectator watches, a stale click decides nothing.

The pages are driven as a browser drives them (clicks, Confirm); the expected values come from the store itself
(the decisions it holds) and from the game layer used independently (`Skirmish.apply` on a fresh game). The browser
tests (tests/browser/test_stored_games.py) do the same with Chromium and a served Voila.
"""

from __future__ import annotations

import html

import pytest

from centurion.game import Leadership
from centurion.widgets import seat as seat_module
from centurion.widgets.battle_page import OTHER, PERSON
from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
from centurion.widgets.skirmish import SkirmishTable


@pytest.fixture
def served(tmp_path, monkeypatch):
    """Pages served with an SQLite store in a temporary folder (as `centurion serve --store` does)."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    monkeypatch.setenv("CENTURION_STORE", url)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(seat_module, "_stores", {})
    return seat_module.served_store()


def at_address(monkeypatch, game_id: str, token: str) -> None:
    """As if the page were opened at `…?game=ID&seat=TOKEN` (Voila passes the query string to the kernel)."""
    monkeypatch.setenv("QUERY_STRING", seat_module.address(game_id, token)[1:])


def both_people(page: SkirmishTable) -> None:
    for pick in page.player_picks:
        pick.value = PERSON
    page.start_button.click()


def take_turns(pages: dict, n: int) -> None:
    """`n` decisions, each by the page of the side to decide (after both pages bring the game in): the first one
    listed, or in the movement phase a move of the first vehicle still to move to another hex."""
    for _ in range(n):
        for page in pages.values():
            page.sync()
        me = pages[next(iter(pages.values())).game.active]
        if me.game.phase == "movement":
            v = me.game.movers()[0]
            me.click(v.hex)
            me.click(next(e.hex for _m, e in me.game.move_options(v.key) if e.hex != v.hex))
        me.confirm()


def test_a_local_page_keeps_its_games_local(monkeypatch):
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    page = SkirmishTable("meeting", seed=1)
    page.confirm()
    assert page.seat is None and page.links.value == "" and len(page.game.history) >= 1
    assert "centurion-tab-only" in page.tab_note.value  # beside Save: the game lives in this tab (session 50)
    assert "seed 1" in page.game.log[0]  # today's behaviour: a local game shows its seed


def test_the_first_decision_puts_the_game_in_the_store(served):
    page = SkirmishTable("meeting", seed=1)
    assert page.seat is None and not served.games()  # opening a page writes nothing
    page.confirm()
    assert page.seat is not None and page.seat.side == "renegade"
    info = served.info(page.seat.game_id)
    assert info.steps == len(page.game.history) >= 1 and info.computer == {"tog": "novice"}  # the default opponent (W22)
    assert page.game.history[0] == Leadership(0)
    assert "seed hidden" in page.game.log[0] and "seed 1" not in page.game.log[0]
    assert "your seat" in page.links.value and "watching" in page.links.value
    assert f"game={page.seat.game_id}" in page.links.value and "history.replaceState" in page.links.value
    assert "downloads once it is over" in page.save_link.value  # the dice stay secret while it runs
    assert not page.undo() and "every decision is final" in page.message.value


def test_a_reload_resumes_at_the_same_step(served, monkeypatch):
    page = SkirmishTable("meeting", seed=1)
    page.confirm()
    game_id, token = page.seat.game_id, page.seat.token
    at_address(monkeypatch, game_id, token)
    again = SkirmishTable("meeting", seed=1)  # the page reloaded at its address
    assert again.seat is not None and again.seat.game_id == game_id and again.seat.side == "renegade"
    assert again.game.history == page.game.history and again.game.phase == page.game.phase
    assert again.banner.value == page.banner.value


def test_two_browsers_play_one_game_and_a_spectator_watches(served, monkeypatch):
    a = SkirmishTable("meeting", seed=1)
    both_people(a)
    a.confirm()  # Renegade spends 0 leadership points: the game goes to the store with two people's seats
    assert "the other player's seat" in html.unescape(a.links.value)
    game_id = a.seat.game_id
    tokens = a.game_links
    at_address(monkeypatch, game_id, tokens["tog"])
    b = SkirmishTable("meeting", seed=1)
    assert b.seat.side == "tog" and b.game == a.game
    at_address(monkeypatch, game_id, tokens["watch"])
    watcher = SkirmishTable("meeting", seed=1)
    assert watcher.seat.watching and not watcher.may_decide() and watcher.confirm_button.disabled
    # whose turn it is depends on the store's dice (their seed is hidden): the page of that side decides
    pages = {"renegade": a, "tog": b}
    for _ in range(2):  # the order decision (if any) and the first move
        side = a.game.active
        me, other = pages[side], pages["tog" if side == "renegade" else "renegade"]
        assert me.may_decide() and not other.may_decide()
        assert f"the other player ({other.game.label(side)})" in html.unescape(other.banner.value)
        n = len(me.game.history)
        if me.game.phase == "movement":
            v = me.game.movers()[0]
            me.click(v.hex)
            me.click(next(e.hex for _m, e in me.game.move_options(v.key) if e.hex != v.hex))
        me.confirm()
        assert len(me.game.history) > n
        assert other.sync() and other.game.history == me.game.history  # the watcher brings the decision in
        assert watcher.sync() and watcher.game.history == me.game.history
        assert served.steps(game_id) == len(me.game.history)
    assert a.players["tog"] == OTHER and b.players["renegade"] == OTHER


def test_two_tabs_of_one_seat_racing_for_one_decision(served, monkeypatch):
    a = SkirmishTable("meeting", seed=1)
    a.confirm()
    at_address(monkeypatch, a.seat.game_id, a.seat.token)
    b = SkirmishTable("meeting", seed=1)  # the same seat in a second tab
    g = a.game
    v = g.vehicle("R11")
    end = next(e.hex for _m, e in g.move_options("R11") if e.hex != v.hex)
    for page in (a, b):
        page.click(v.hex)
        page.click(end)
    a.confirm()
    stored = served.steps(a.seat.game_id)
    assert stored == len(a.game.history) > len(g.history)
    b.confirm()  # a step behind: refused, and the page shows the game as it is now
    # the step was the seat's own: another tab took it, not "the other player" (walk of session 49)
    assert "already taken for your side" in b.message.value and "other player" not in b.message.value
    assert served.steps(a.seat.game_id) == stored and b.game.history == a.game.history


def test_a_wrong_address_is_refused_and_the_page_stays_usable(served, monkeypatch):
    page = SkirmishTable("meeting", seed=1)
    page.confirm()
    at_address(monkeypatch, page.seat.game_id, "not-a-token")
    other = SkirmishTable("meeting", seed=1)
    assert other.seat is None and "could not be opened" in other.message.value
    at_address(monkeypatch, "no-such-game", "x")
    third = SkirmishTable("meeting", seed=1)
    assert third.seat is None and "could not be opened" in third.message.value
    third.confirm()  # a new game of its own
    assert third.seat is not None and third.seat.game_id != page.seat.game_id


def test_a_centuria_battle_address_opens_on_the_skirmish_page(served, monkeypatch):
    cta = CenturiaSkirmishTable("centuria_ford_road", seed=1)
    assert cta.end_part()
    assert cta.seat is not None and served.steps(cta.seat.game_id) == len(cta.game.history)
    at_address(monkeypatch, cta.seat.game_id, cta.seat.token)
    page = SkirmishTable("meeting", seed=1)
    assert page.centuria is not None and page.centuria.seat is not None
    assert page.centuria.game.history == cta.game.history


def test_a_loaded_save_is_a_local_game(served):
    from centurion.game import new_skirmish

    local = new_skirmish("meeting", seed=5)
    local = local.apply(local.legal_actions()[0])
    page = SkirmishTable("meeting", seed=1)
    assert page.load_text(local.to_json(), "mine.json")
    page.confirm()
    assert page.seat is None and not served.games()  # its seed is known: it stays on this page


def test_a_resumed_battle_keeps_its_round_countdown(served, monkeypatch):
    """CTA-1: reloading a stored battle (or opening it in a second browser) does not give the round its full time
    again: the countdown goes on from when the round began on the server."""
    from types import SimpleNamespace

    from centurion.store import games as games_module
    from centurion.widgets import centuria_skirmish as page_module

    clock = [5000.0]
    fake = SimpleNamespace(time=lambda: clock[0])
    monkeypatch.setattr(games_module, "time", fake)
    monkeypatch.setattr(page_module, "time", fake)
    cta = CenturiaSkirmishTable("centuria_farmstead", seed=1, players={"legio": PERSON, "auxilia": PERSON})
    assert cta.game.time_limit_seconds == 240 and cta.end_part()  # the first decision stores the game at 5000
    assert cta.game.turn == 1
    clock[0] = 5100.0  # the player reloads the page 100 s later
    at_address(monkeypatch, cta.seat.game_id, cta.seat.token)
    again = CenturiaSkirmishTable("centuria_farmstead", seed=1)
    assert again.seat is not None and again.game.history == cta.game.history
    assert again.time_used == 100 and again.tick.playing
    assert "2:20 left this round" in again.clock.value
    clock[0] = 5400.0  # reopened after the round's 240 s: the time is up for the side whose turn it is
    late = CenturiaSkirmishTable("centuria_farmstead", seed=1)
    assert late.time_used == 240 and not late.tick.playing
    # the round's time is up on this page while the other browser's player is to decide: this page ends only its own
    # side's part (it cannot decide for the other seat), and says so without an error
    assert late.game.active == "auxilia" and late.players["auxilia"] == OTHER
    assert late.game.history == cta.game.history
    assert "Time is up" in late.message.value and "went wrong" not in late.message.value


def test_the_time_before_a_battles_first_decision_counts_after_a_reload(served, monkeypatch):
    """Walk of session 33: a served page stores its battle at the first decision, and the round's countdown on the
    server ran from then, so a reload gave back the seconds taken before it (3:40 left, then 3:53 after the reload).
    The store now starts the round when the page's clock did (CTA-1)."""
    from types import SimpleNamespace

    from centurion.store import games as games_module
    from centurion.widgets import centuria_skirmish as page_module

    clock = [5000.0]
    fake = SimpleNamespace(time=lambda: clock[0])
    monkeypatch.setattr(games_module, "time", fake)
    monkeypatch.setattr(page_module, "time", fake)
    cta = CenturiaSkirmishTable("centuria_farmstead", seed=1, players={"legio": PERSON, "auxilia": PERSON})
    clock[0] = 5037.0
    cta.tick.value = 37  # the browser's clock: 37 s thought over before the first decision
    assert cta.end_part() and cta.seat is not None
    clock[0] = 5100.0  # reloaded 100 s into the round
    at_address(monkeypatch, cta.seat.game_id, cta.seat.token)
    again = CenturiaSkirmishTable("centuria_farmstead", seed=1)
    assert again.time_used == 100 and "2:20 left this round" in again.clock.value


def _key_text(page) -> str:
    return " ".join(html.unescape(page.map_key.value).split())


def test_the_key_names_a_person_in_another_browser_not_the_computer(served, monkeypatch):
    """Walk of session 29, finding 2: with both sides played by people, after the first decision each seat's key
    said the other side was played by 'the computer', and a spectator's said so of both sides."""
    a = SkirmishTable("first_game", seed=1)
    both_people(a)
    a.confirm()
    assert "Renegade Legion (you)" in _key_text(a) and "Terran Overlord Government (another browser)" in _key_text(a)
    theirs = next(t for s, t in a.game_links.items() if s == "tog")
    at_address(monkeypatch, a.seat.game_id, theirs)
    b = SkirmishTable("first_game", seed=1)
    assert "Renegade Legion (another browser)" in _key_text(b) and "Terran Overlord Government (you)" in _key_text(b)
    at_address(monkeypatch, a.seat.game_id, a.game_links["watch"])
    c = SkirmishTable("first_game", seed=1)
    assert "the computer" not in _key_text(c) and _key_text(c).count("(another browser)") == 2


def test_a_reopened_page_replays_the_game_from_its_set_up(served, monkeypatch):
    """Walk of session 29, finding 4: a page opened mid-game (a reload, the second player, a spectator) replayed
    only from the step it opened at ("step 0 of 26" showed turn 1's painting)."""
    from centurion.game import new_skirmish

    a = SkirmishTable("first_game", seed=1)
    both_people(a)
    a.confirm()
    tog = a.game_links["tog"]
    at_address(monkeypatch, a.seat.game_id, tog)
    b = SkirmishTable("first_game", seed=1)
    pages = {"renegade": a, "tog": b}
    take_turns(pages, 3)  # a few decisions more, by whichever side is to decide (the store's dice)
    stored = served.info(a.seat.game_id).steps
    assert stored >= 4
    at_address(monkeypatch, a.seat.game_id, a.game_links["watch"])
    c = SkirmishTable("first_game", seed=1)
    assert c.replay.max == stored == len(c.game.history)  # one replay step a decision, from the set-up
    start = new_skirmish("first_game")  # the set-up does not depend on the seed
    assert c.states[0].history == () and c.states[0].phase == start.phase
    assert {v.key: v.hex for v in c.states[0].vehicles} == {v.key: v.hex for v in start.vehicles}
    assert all(len(s.history) == i for i, s in enumerate(c.states))


def test_a_spectators_hint_says_who_decides_not_wait_for_the_other_side(served, monkeypatch):
    """Walk of session 29, finding 10: a spectator, who has no side, was told 'Wait: the other side is deciding'."""
    a = SkirmishTable("first_game", seed=1)
    both_people(a)
    a.confirm()
    at_address(monkeypatch, a.seat.game_id, a.game_links["watch"])
    c = SkirmishTable("first_game", seed=1)
    hint = html.unescape(c.hint())
    assert "other side" not in hint and "You are watching" in hint and c.game.label(c.game.active) in hint


def test_the_range_ruler_says_1_hex():
    """Walk of session 29, finding 14: 'Range from T12 1 hexes'."""
    from centurion.game import new_skirmish
    from centurion.hexgrid import neighbor
    from centurion.widgets.turn_summary import units_here

    g = new_skirmish("first_game", seed=1)
    t11 = g.vehicle("T11")
    assert dict(units_here(g, neighbor(t11.hex, 0), "T11"))["Range from T11"] == "1 hex"
    assert dict(units_here(g, g.vehicle("R11").hex, "T11"))["Range from T11"].endswith(" hexes")


def test_the_end_phase_hint_says_how_to_lay_smoke():
    """Walk of session 29, finding 11: the hint said smoke may be laid, but the list shows it only once a tank is
    clicked (each tank's smoke is its own decision, CEN-SEQ-1)."""
    from centurion.game import bot_action, new_skirmish
    from centurion.widgets.hints import hint_text

    g = new_skirmish("first_game", seed=1)
    while not (g.phase == "end" and g.active == "renegade"):
        g = g.apply(bot_action(g, "novice"))
    assert "click a tank" in hint_text(g, None, None, True)


def test_two_people_are_told_how_the_second_joins_before_the_first_decision(served):
    """Walk of session 29, finding 7: with both sides played by people, nothing said how the second player joins
    until the first decision put the game on the server."""
    page = SkirmishTable("first_game", seed=1)
    assert "centurion-links" not in page.links.value  # against the computer: nothing to send anyone (the box of
    # the browser's own games, shown only where it has some, is all there is: session 55)
    both_people(page)
    note = html.unescape(page.links.value)
    assert "Two people play this game" in note and "first decision" in note and page.seat is None
    page.confirm()
    assert "the other player's seat" in html.unescape(page.links.value)  # the links replace the note


def test_the_contents_say_how_to_play_a_friend():
    """Walk of session 29, finding 7: the contents offered a game against the computer only."""
    from pathlib import Path

    front = (Path(__file__).resolve().parents[1] / "notebooks" / "index.ipynb").read_text(encoding="utf-8")
    assert "Against a friend?" in front and "*a person*" in front and "their own browser" in front


def test_start_over_a_stored_game_says_it_goes_on(served, monkeypatch):
    """Walk of session 29, finding 9: over a stored game, Start said 'click to abandon ... throw it away' to a
    player (the game stays on the server) and to a spectator (who cannot throw anything away)."""
    a = SkirmishTable("first_game", seed=1)
    both_people(a)
    a.confirm()
    a.start_button.click()
    text = html.unescape(a.message.value)
    assert a.start_button.description == "Click again to leave it" and "throw it away" not in text
    assert "kept on the server" in text and a.seat is not None  # the first click changes nothing
    at_address(monkeypatch, a.seat.game_id, a.game_links["watch"])
    c = SkirmishTable("first_game", seed=1)
    c.start_button.click()
    assert c.start_button.description == "Click again to stop watching" and "goes on" in html.unescape(c.message.value)
    steps = served.steps(a.seat.game_id)
    c.start_button.click()  # the second click: a game of its own; the stored one is untouched
    assert c.seat is None and served.steps(a.seat.game_id) == steps


def test_a_click_on_a_unit_that_does_not_move_says_why(served, monkeypatch):
    """Walk of session 29, finding 12: clicking an enemy tank, or one's own out of turn, answered 'T11 does not move
    now:' and the whole banner."""
    from centurion.widgets.hints import not_moving_note

    page = SkirmishTable("first_game", seed=1)
    g = page.game
    while g.phase != "movement":  # the initiative and order decisions, as the page takes them
        page.confirm()
        g = page.game
    mover = g.movers()[0]
    enemy = next(v for v in g.vehicles if v.side != mover.side)
    assert "is the enemy's" in not_moving_note(g, enemy.key, True) and mover.key in not_moving_note(g, enemy.key, True)
    assert f"{g.label(g.active)}'s decision now, not yours" in not_moving_note(g, mover.key, False)
    page.click(enemy.hex)
    assert "is the enemy's" in html.unescape(page.message.value)


def test_the_other_players_decisions_arrive_one_replay_step_each_and_clear_old_messages(served, monkeypatch):
    """Walk of session 29, findings 4 and 8: a page that brought in several decisions at once gave them one replay
    step (74 steps for 80 decisions), and a message about a moment long past stayed up."""
    a = SkirmishTable("first_game", seed=1)
    both_people(a)
    a.confirm()
    at_address(monkeypatch, a.seat.game_id, a.game_links["tog"])
    b = SkirmishTable("first_game", seed=1)
    at_address(monkeypatch, a.seat.game_id, a.game_links["watch"])
    c = SkirmishTable("first_game", seed=1)  # a spectator, who brings the decisions in only at the end
    pages = {"renegade": a, "tog": b}
    c.message.show("an old word", "info")
    take_turns(pages, 5)
    assert served.steps(a.seat.game_id) - len(c.game.history) >= 3
    c.sync()
    assert [len(s.history) for s in c.states] == list(range(len(c.states)))
    assert c.replay.max == len(c.game.history) == served.steps(a.seat.game_id)
    assert "an old word" not in c.message.value


def test_a_seat_is_remembered_by_the_browser_and_a_bare_served_page_offers_them(served):
    """Walk of session 53: a tab closed without its seat link lost the game, and the page opened again showed a fresh
    game without a word. A seat's page now hands the browser its address and what it is (`remember_script`, kept in
    the browser's localStorage; the server keeps only digests of the tokens), and a served page opened without an
    address carries the box that links the browser's games (`recent_games_html`; tests/browser/test_stored_games.py
    clicks one). A page with no store has neither (test_a_local_page_keeps_its_games_local)."""
    import json
    import re

    page = SkirmishTable("meeting", seed=1)
    assert "centurion-recent-list" in page.links.value and "data-g=" not in page.links.value
    page.confirm()
    seat = page.seat
    kept = [json.loads(html.unescape(x)) for x in re.findall(r'data-g="([^"]+)"', page.links.value)]
    assert kept == [{"q": f"?game={seat.game_id}&seat={seat.token}",
                     "label": f"{page.game.scenario.title}: your seat, Renegade Legion"}]
    assert "centurion-recent-list" not in page.links.value  # the seat's own page: its links, not the box
