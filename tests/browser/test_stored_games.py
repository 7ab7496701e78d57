"""Games kept on the server, in real browsers (issue 24): two Chromium contexts play one game, each sees the other's
decision; one reloads mid-game and resumes; a third context watches and cannot decide; the server is killed with
SIGKILL mid-game, started again on the same store, and both players resume with nothing lost.

The expected values come from the store itself (`centurion.store.open_store` on the same SQLite file): the number
of decisions it holds and its log, read apart from the pages.
"""

from __future__ import annotations

import os
import re
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from centurion.hexgrid import distance, format_label
from centurion.store import open_store

from .conftest import loopback_only, start_server
from .helpers import click_hex, open_chapter, open_chapters, text_of, wait_button_up

pytestmark = pytest.mark.browser

PAGE = "skirmish.ipynb"
BANNER = ".centurion-banner-text"


@pytest.fixture
def store_url(tmp_path):
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def served(tmp_path, store_url):
    server = start_server(tmp_path / "voila-stored.log", "--store", store_url, "--max-kernels", "0",
                          "--cull-idle-after", "300")
    yield server
    server.stop()


def new_page(browser):
    """A page in a context of its own (its own cookies: another player's browser), loopback only."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = context.new_page()
    loopback_only(pg)
    return pg


def banner(page) -> str:
    return text_of(page, BANNER)


def wait_banner(page, words: str, timeout_ms: int = 90_000) -> str:
    page.wait_for_function("([sel, w]) => { const b = document.querySelector(sel); return b && b.innerText.includes(w); }",
                           arg=[BANNER, words], timeout=timeout_ms)
    return banner(page)


def wait_log(page, words: str, timeout_ms: int = 30_000, times: int = 1) -> None:
    """Wait until the page's log holds `words` at least `times` times (a side's second decision in a phase opens its
    line with the same words as its first)."""
    page.wait_for_function("([w, n]) => { const l = document.querySelector('.centurion-log'); "
                           "return l && l.innerText.split(w).length - 1 >= n; }", arg=[words, times],
                           timeout=timeout_ms)


def confirm(page) -> None:
    page.wait_for_timeout(800)  # a person looks at the list first (the list-changed guard, 0.6 s)
    page.get_by_role("button", name="Confirm").click()
    wait_button_up(page, "Confirm")


def links(page) -> dict[str, str]:
    """The game's links on the page: {label: href}."""
    page.wait_for_selector(".centurion-links a.centurion-seat-link", timeout=60_000)
    out = {}
    for a in page.locator(".centurion-links a.centurion-seat-link").all():
        out[a.inner_text()] = a.get_attribute("href")
    return out


def stored_steps(store, game_id: str, more_than: int, timeout_s: float = 90.0) -> int:
    """Wait until the store holds more than `more_than` decisions of the game; their number."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        n = store.steps(game_id)
        if n > more_than:
            return n
        time.sleep(0.2)
    raise AssertionError(f"the store still holds {more_than} decisions of {game_id}")


def decide(page, state) -> None:
    """Take the decision open on this page as a person does: the first one listed, or in the movement phase a move
    of the first vehicle still to move (its hex, then an end hex the game lists for it)."""
    if state.phase == "movement" and state.movers():
        v = state.movers()[0]
        click_hex(page, format_label(v.hex))
        page.wait_for_function("(k) => document.querySelector('.centurion-unit').innerText.includes(k)",
                               arg=v.key, timeout=30_000)
        taken = {u.hex for u in state.vehicles}
        ends = sorted({e.hex for e in state.end_states(v.key) if not e.grounded and e.hex not in taken},
                      key=lambda h: (distance(h, v.hex), h))
        click_hex(page, format_label(ends[min(3, len(ends) - 1)]))  # a short move: it stays on the map
        page.wait_for_function("() => { const s = document.querySelector('.centurion-choices select'); "
                               "return s && s.options.length > 0; }", timeout=30_000)
    confirm(page)


def test_two_browsers_a_reload_and_a_spectator(browser, served, store_url, artifacts):
    a, b, c = new_page(browser), new_page(browser), new_page(browser)
    open_chapter(a, f"{served.url}/voila/render/{PAGE}")
    a.get_by_label("Renegade Legion played by").select_option(label="a person")
    a.get_by_label("Terran Overlord Government played by").select_option(label="a person")
    a.get_by_role("button", name="Start a new game").click()
    wait_banner(a, "It is your turn to decide")
    confirm(a)  # the first decision puts the game on the server
    found = links(a)
    a.screenshot(path=str(artifacts / "stored_links.png"))
    theirs = next(h for label, h in found.items() if label.startswith("the other player"))
    watch = next(h for label, h in found.items() if label.startswith("watching"))
    game_id = re.search(r"game=([^&]+)", theirs).group(1)
    watch_token = re.search(r"seat=([^&]+)", watch).group(1)
    # walk of session 29, finding 1: "copy link" threw "URL is not a constructor" and copied nothing
    errors: list[str] = []
    a.on("pageerror", lambda e: errors.append(str(e)))
    a.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.url)
    a.locator(".centurion-link-row", has_text="the other player").locator("button.centurion-copy").click()
    a.wait_for_function("() => [...document.querySelectorAll('.centurion-copy')].some(b => b.innerText === 'copied')",
                        timeout=10_000)
    copied = a.evaluate("navigator.clipboard.readText()")
    assert copied.startswith(served.url) and copied.endswith(theirs), copied
    # walk of session 49: the button said "copied" for the rest of the session; it reads "copy link" again
    a.wait_for_function("() => [...document.querySelectorAll('.centurion-copy')].every(b => b.innerText === "
                        "'copy link')", timeout=15_000)
    assert not errors, errors
    store = open_store(store_url)
    assert store.steps(game_id) == 1
    a.wait_for_function("() => location.search.includes('seat=')", timeout=10_000)  # the address a reload resumes
    assert "game=" + game_id in a.url

    open_chapters(b, f"{served.url}/voila/render/{PAGE}{theirs}", c, f"{served.url}/voila/render/{PAGE}{watch}")
    wait_log(b, "T1 initiative — Renegade Legion", timeout_ms=60_000)
    wait_banner(c, "you are watching")
    assert c.get_by_role("button", name="Confirm").is_disabled()

    pages = {"renegade": a, "tog": b}
    by = []
    while "tog" not in by or len(by) < 3:  # until each browser has decided, the second one at least once
        s = store.state(game_id, watch_token)
        n = store.steps(game_id)
        who = s.active
        entry = f"T{s.turn} {s.phase} — {s.label(who)}:"
        wait_banner(pages[who], "It is your turn to decide")
        decide(pages[who], s)
        stored_steps(store, game_id, n)
        times = sum(line.count(entry) for line in store.state(game_id, watch_token).log)
        assert times >= 1, (entry, store.state(game_id, watch_token).log[-3:])
        other = pages["tog" if who == "renegade" else "renegade"]
        wait_log(other, entry, times=times)  # the other browser sees this decision (its kernel's watcher), not only
        wait_log(c, entry, times=times)  # an earlier one of the same side and phase; and so does the spectator
        by.append(who)
        assert len(by) < 12, by
    b.screenshot(path=str(artifacts / "stored_second_browser.png"))
    c.screenshot(path=str(artifacts / "stored_spectator.png"))

    position = banner(a)
    log = text_of(a, ".centurion-log")
    a.reload()  # mid-game: the page comes back at the same step
    a.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    a.wait_for_function("(old) => { const l = document.querySelector('.centurion-log'); "
                        "return l && l.innerText === old; }", arg=log, timeout=60_000)
    assert banner(a) == position
    # finding 3: after the reload the host's page showed only its own address; the browser kept the links it was given
    a.wait_for_function("() => document.querySelector('.centurion-links') && "
                        "document.querySelector('.centurion-links').innerText.includes('the other player')",
                        timeout=30_000)
    assert links(a) == found
    a.screenshot(path=str(artifacts / "stored_reloaded.png"))

    # walk of session 53: a tab closed without its seat link lost the game, and the page opened again offered a
    # fresh one without a word. The browser keeps its seats: the bare page links TOG's seat, and the link resumes it.
    b.goto(f"{served.url}/voila/render/{PAGE}")
    b.wait_for_selector(".centurion-recent a.centurion-recent-link", state="visible", timeout=60_000)
    recent = b.locator(".centurion-recent a.centurion-recent-link")
    at = store.state(game_id, watch_token)
    assert recent.count() == 1 and recent.first.inner_text() == f"{at.scenario.title}: your seat, {at.label('tog')}"
    assert recent.first.get_attribute("href") == f"/voila/render/{PAGE}{theirs}"
    b.screenshot(path=str(artifacts / "stored_recent_games.png"))
    steps = store.steps(game_id)
    recent.first.click()
    # the link navigates: until the new page has a body the predicate must not throw (CI, session 56)
    b.wait_for_function("(w) => !!document.body && document.body.innerText.includes(w)",
                        arg=f"Game {game_id} resumed at decision {steps}", timeout=60_000)
    assert "seat=" + re.search(r"seat=([^&]+)", theirs).group(1) in b.url
    assert not c.locator(".centurion-recent").is_visible()  # the spectator's page names a game: no box
    store.close()
    for p in (a, b, c):
        p.context.close()


def test_the_server_killed_mid_game_loses_nothing(browser, tmp_path, store_url, artifacts):
    server = start_server(tmp_path / "voila-kill-1.log", "--store", store_url, "--max-kernels", "0")
    a, b = new_page(browser), new_page(browser)
    try:
        open_chapter(a, f"{server.url}/voila/render/{PAGE}")
        a.get_by_label("Terran Overlord Government played by").select_option(label="a person")
        a.get_by_role("button", name="Start a new game").click()
        wait_banner(a, "It is your turn to decide")
        confirm(a)  # Renegade's initiative decision: the game goes to the store
        found = links(a)
        mine = next(h for label, h in found.items() if label.startswith("your seat"))
        theirs = next(h for label, h in found.items() if label.startswith("the other player"))
        open_chapter(b, f"{server.url}/voila/render/{PAGE}{theirs}")
        game_id = re.search(r"game=([^&]+)", mine).group(1)
        store = open_store(store_url)
        s = store.state(game_id, re.search(r"seat=([^&]+)", mine).group(1))
        decider = {"renegade": a, "tog": b}[s.active]
        wait_banner(decider, "It is your turn to decide")
        decide(decider, s)
        steps = stored_steps(store, game_id, 1)
        log = store.log(game_id)
        assert steps >= 2
    finally:
        os.killpg(server.proc.pid, signal.SIGKILL)  # the whole server dies at once: no clean shutdown
        server.proc.wait(10)
    again = start_server(tmp_path / "voila-kill-2.log", "--store", store_url, "--max-kernels", "0")
    try:
        open_chapters(a, f"{again.url}/voila/render/{PAGE}{mine}", b, f"{again.url}/voila/render/{PAGE}{theirs}")
        for p in (a, b):
            wait_log(p, log[-1].strip()[:60], timeout_ms=60_000)
        assert store.steps(game_id) == steps and store.log(game_id) == log
        s = store.state(game_id, re.search(r"seat=([^&]+)", mine).group(1))
        decider = {"renegade": a, "tog": b}[s.active]  # the game goes on from where it was
        wait_banner(decider, "It is your turn to decide")
        decide(decider, s)
        assert stored_steps(store, game_id, steps) == steps + 1
        a.screenshot(path=str(artifacts / "stored_after_sigkill.png"))
    finally:
        store.close()
        again.stop()
        for p in (a, b):
            p.context.close()


def test_two_servers_share_one_postgresql(browser, postgres_cluster, tmp_path, artifacts):
    """Beyond one machine (docs/hosting.md): two `centurion serve` processes on two ports share one PostgreSQL
    server; a decision made through one appears on the page served by the other."""
    url = postgres_cluster.new_database()
    one = start_server(tmp_path / "voila-pg-1.log", "--store", url, "--max-kernels", "0")
    two = start_server(tmp_path / "voila-pg-2.log", "--store", url, "--max-kernels", "0")
    a, b = new_page(browser), new_page(browser)
    store = open_store(url)
    try:
        open_chapter(a, f"{one.url}/voila/render/{PAGE}")
        a.get_by_label("Terran Overlord Government played by").select_option(label="a person")
        a.get_by_role("button", name="Start a new game").click()
        wait_banner(a, "It is your turn to decide")
        confirm(a)
        found = links(a)
        mine = next(h for label, h in found.items() if label.startswith("your seat"))
        theirs = next(h for label, h in found.items() if label.startswith("the other player"))
        game_id = re.search(r"game=([^&]+)", mine).group(1)
        open_chapter(b, f"{two.url}/voila/render/{PAGE}{theirs}")  # the other server
        pages = {"renegade": a, "tog": b}
        for _ in range(2):
            s = store.state(game_id, re.search(r"seat=([^&]+)", mine).group(1))
            entry = f"T{s.turn} {s.phase} — {s.label(s.active)}:"
            n = store.steps(game_id)
            wait_banner(pages[s.active], "It is your turn to decide")
            decide(pages[s.active], s)
            stored_steps(store, game_id, n)
            for p in (a, b):  # each server's page shows it
                wait_log(p, entry)
        b.screenshot(path=str(artifacts / "stored_postgresql_second_server.png"))
    finally:
        store.close()
        for p in (a, b):
            p.context.close()
        with ThreadPoolExecutor(2) as pool:  # each shuts its kernels down: the two side by side
            list(pool.map(lambda server: server.stop(), (one, two)))


def _clock_seconds(page) -> int:
    """The seconds left on the Centuria page's round clock ('Round clock: 3:41 left this round')."""
    text = text_of(page, ".centurion-centuria-skirmish .centurion-clock")
    m = re.search(r"(\d+):(\d\d) left", text)
    assert m, text
    return int(m.group(1)) * 60 + int(m.group(2))


def test_a_reopened_battle_counts_down_from_when_its_round_began(browser, served, store_url):
    """Walk of session 33: a stored farmstead battle (a 240 s countdown, CTA-1) reopened from its seat's address
    showed its clock and never ticked (the browser's Play widget counts only when `playing` turns on while shown;
    the page was built counting), and Start on that page stood at 4:00 too. The clock now runs on, from the time
    the round began on the server (the store made the battle 30 s ago here). A new battle there takes the old one's
    address out of the address bar."""
    store = open_store(store_url)
    ref = store.create("centuria_farmstead", computer={"auxilia": "novice"}, began=time.time() - 30)
    page = new_page(browser)
    open_chapter(page, f"{served.url}/voila/render/centuria_skirmish.ipynb?game={ref.id}&seat={ref.seats['legio']}")
    page.wait_for_function("() => { const c = document.querySelector('.centurion-centuria-skirmish "
                           ".centurion-clock'); return c && c.innerText.includes('left this round'); }",
                           timeout=60_000)
    first = _clock_seconds(page)
    assert first <= 240 - 30
    page.wait_for_timeout(6_000)  # the page sets a clock that stands going again within 3 s
    assert _clock_seconds(page) <= first - 2  # it ticks
    page.get_by_role("button", name="Start a new battle").click()  # a new battle on the same page
    page.wait_for_function("() => /3:5[0-9] left/.test(document.querySelector("
                           "'.centurion-centuria-skirmish .centurion-clock').innerText)", timeout=30_000)
    # the new battle is not stored before its first decision: the old one's address leaves the address bar, so a
    # reload cannot bring the old battle back (walk of session 33)
    page.wait_for_function("() => !location.search.includes('game=') && !location.search.includes('seat=')",
                           timeout=10_000)
