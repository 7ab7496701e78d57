"""A page's seat at a game kept on the server (issue 24): the store, the game, this browser's token, its side.

A served page (`centurion serve` sets CENTURION_STORE) keeps its games in the store: the first decision of a new
game creates it there (the server draws its dice's seed and hides it until the game is over), the page's address
becomes `…?game=ID&seat=TOKEN` so a reload or a crash resumes it, and the page shows the links of the other seat
and of the spectators. Without a store (a notebook in Jupyter, the tests) games are local, as before.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode

from ..store import GameStore, open_store
from ..store.games import WATCH

ENV = "CENTURION_STORE"
POLL_SECONDS = 0.25  # how often a page looks for the other player's decisions (one small query)

_stores: dict[str, GameStore] = {}


def served_store() -> GameStore | None:
    """The store of a served page (CENTURION_STORE set by `centurion serve`), one per kernel; None when local."""
    url = os.environ.get(ENV, "").strip()
    if not url:
        return None
    if url not in _stores:
        _stores[url] = open_store(url)
    return _stores[url]


def page_address() -> tuple[str, str] | None:
    """The (game id, seat token) the page was opened with (`?game=…&seat=…`; Voila passes QUERY_STRING)."""
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    game, seat = query.get("game", [""])[0], query.get("seat", [""])[0]
    return (game, seat) if game and seat else None


# the Undo button's label and tooltip (and the refusal) in a game kept on the server: its decisions are final
STORED_UNDO = ("No undo: game on server",
               "No undo in a game kept on the server: the server rolls its dice and every decision is final.")


@dataclass
class Seat:
    """This browser's place at a stored game: `side` is the side it plays, or WATCH for a spectator."""

    store: GameStore
    game_id: str
    token: str
    side: str

    @classmethod
    def open(cls, store: GameStore, game_id: str, token: str) -> Seat:
        """The seat a token gives at a stored game (WrongSeat / StoreError when it gives none)."""
        return cls(store, game_id, token, store.seat(game_id, token))

    @property
    def watching(self) -> bool:
        """Whether this browser only watches (a spectator decides nothing)."""
        return self.side == WATCH

    def state(self) -> Any:
        """The game as this seat sees it now (its seed hidden while it runs)."""
        return self.store.state(self.game_id, self.token)

    def history(self) -> list[Any]:
        """Every state of the game from its set-up to now, as this seat sees them (a reopened page's replay)."""
        return self.store.history(self.game_id, self.token)

    def decision(self, step: int) -> Any:
        """The computer's decision that made state `step`, with the options it weighed (None: a person's); the
        store works it out on the real state, whose seed this seat does not see while the game runs."""
        return self.store.decision(self.game_id, self.token, step)

    def play(self, action: Any, step: int, replies: list | None = None) -> Any:
        """Decide at step `step`; the game after it and the computer's replies (StaleStep, WrongSeat, IllegalAction);
        each state on the way, with the computer's decision, appended to `replies` when given."""
        return self.store.play(self.game_id, self.token, action, step=step, replies=replies)

    def steps(self) -> int:
        """The decisions stored so far (one small query: what the watcher polls)."""
        return self.store.steps(self.game_id)

    def round_began(self) -> float:
        """When the game's current turn or round began, in Unix time (the store's clock, CTA-1)."""
        return self.store.round_began(self.game_id)

    def record(self) -> str:
        """The save with the seed, once the game is over."""
        return self.store.record(self.game_id)

    def watch(self, sync: Callable[[], Any], watching: Callable[[], bool], every: float = POLL_SECONDS) -> Any:
        """Poll the store from the kernel's event loop for the other browser's decisions: `sync()` every `every`
        seconds while `watching()`; the task, or None where no kernel event loop runs (a test, a script: call
        sync() yourself)."""
        return every_while(sync, watching, every)


def every_while(step: Callable[[], Any], alive: Callable[[], bool], every: float) -> Any:
    """Run `step()` every `every` seconds on the kernel's event loop while `alive()` (an error in a step is
    swallowed: the next one tries again); the task, or None where no event loop runs (a test, a script)."""
    import asyncio

    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    if not loop.is_running():
        return None

    async def repeat() -> None:
        while alive():
            await asyncio.sleep(every)
            try:
                step()
            except Exception:
                pass

    return loop.create_task(repeat())


def abandon_words(seat: Seat | None, noun: str, where: str) -> tuple[str, str]:
    """The Start button's second-click label and its message over a game in progress: a local game is thrown away,
    a stored one goes on without this page (a seat leaves it, a spectator stops watching; walk of session 29)."""
    if seat is None:
        return ("Click again to abandon", f"A {noun} is in progress ({where}): click 'Click again to abandon' to "
                "throw it away and start the new one; any other decision keeps it.")
    if seat.watching:
        return ("Click again to stop watching", f"You are watching a {noun} ({where}): click 'Click again to stop "
                f"watching' to start one of your own on this page. The {noun} goes on; the spectators' link opens "
                "it again.")
    return ("Click again to leave it", f"This {noun} ({where}) is kept on the server: click 'Click again to leave "
            f"it' to start a new one on this page. Your seat's link opens it again, where you left it; until then "
            "nobody decides for your side.")


def address(game_id: str, token: str) -> str:
    """The query string of a seat's page."""
    return "?" + urlencode({"game": game_id, "seat": token})


#: the copy button's handler. An inline handler sees the document's properties first, so `URL` there is the page's
#: address (a string), not the URL class (walk of session 29: "URL is not a constructor"); the link's own `href` is
#: already absolute. The clipboard API needs a secure context (https or this machine): elsewhere (a club's server
#: on its local network) the link is copied through a selected text field, and a refusal says what to do instead.
COPY_SCRIPT = (  # 'copied' goes back to 'copy link' after a few seconds (walk of session 49: it stayed)
    "const link = this.parentElement.querySelector('a').href; const b = this; "
    "const copied = () => { b.innerText = 'copied'; setTimeout(() => { b.innerText = 'copy link'; }, 4000); }; "
    "const by_hand = () => { const t = document.createElement('textarea'); t.value = link; "
    "document.body.appendChild(t); t.select(); let ok = false; try { ok = document.execCommand('copy'); } "
    "catch (e) {} t.remove(); if (ok) { copied(); } else { b.innerText = 'could not copy: right-click the link'; } }; "
    "if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(link).then("
    "copied, by_hand); } else { by_hand(); }")


def links_html(game_id: str, links: list[tuple[str, str]], note: str, kept: tuple[str, bool] | None = None) -> str:
    """The links of a stored game (label, token), each with a copy button, and a line saying what they are for;
    `kept` (this seat's token, whether to keep the box or to show a kept one): `kept_links_script`."""
    extra = "" if kept is None else kept_links_script(game_id, *kept)
    rows = []
    for label, token in links:
        href = html.escape(address(game_id, token), quote=True)
        rows.append(
            f'<div class="centurion-link-row" style="margin:2px 0"><a class="centurion-seat-link" href="{href}" '
            f'target="_blank" rel="noopener">{html.escape(label)}</a> '
            f'<button class="centurion-copy" data-href="{href}" title="copy this link" '
            f'onclick="{COPY_SCRIPT}">copy link</button></div>')
    return (f'<div class="centurion-links" style="padding:4px 6px;border:1px solid #ccd;background:#f7f9fc">'
            f"<b>Links of this game</b> <span style=\"color:#555\">{html.escape(note)}</span>{''.join(rows)}"
            f"{extra}</div>")


def on_show(body: str, data: str = "") -> str:
    """An invisible image whose failed load runs the script `body` when the page shows it (an ipywidgets HTML value
    runs no <script>); `data`: its data attributes, read by the script as `this.dataset`."""
    return f'<img alt="" style="display:none" src="data:image/png;base64,invalid"{data} onerror="{body}">'


def kept_links_script(game_id: str, token: str, keep: bool) -> str:
    """An HTML snippet that keeps this seat's links box in the browser (`keep`: the page that created the game and
    shows every seat's link) or, on a later page of the same seat (a reload), puts the kept box back. The server
    keeps only digests of the tokens (centurion/store), so only the browser that was given a link can show it
    again (walk of session 29: after a reload the host had lost the other player's link)."""
    name = html.escape(json.dumps(f"centurion-links {game_id} {token}"), quote=True)
    body = ("try { const box = this.closest('.centurion-links'); "
            + ("localStorage.setItem(" + name + ", box.outerHTML); " if keep else
               "const kept = localStorage.getItem(" + name + "); if (kept) box.outerHTML = kept; ")
            + "} catch (e) {}")
    return on_show(body)


def address_script(game_id: str, token: str) -> str:
    """An HTML snippet that puts the seat's address in the browser's address bar (a reload then resumes the game)."""
    query = html.escape(address(game_id, token), quote=True)
    return on_show("if (location.search !== this.dataset.q) history.replaceState(null, '', this.dataset.q)",
                   f' data-q="{query}"')


def clear_address_script() -> str:
    """An HTML snippet that takes a stored game's `game` and `seat` out of the address bar (a new game on the page
    is not stored before its first decision: a reload then would have brought the old game back; walk of session
    33). Other parameters (`scenario`) stay."""
    body = ("try { const u = new window.URL(location.href); if (u.searchParams.has('game')) { "
            "u.searchParams.delete('game'); u.searchParams.delete('seat'); "
            "history.replaceState(null, '', u.pathname + u.search + u.hash); } } catch (e) {}")
    return on_show(body)


RECENT_KEY = "centurion-recent-games"  # the browser's list of the stored games it was given a seat at
RECENT_KEPT = 6


def remember_script(game_id: str, token: str, label: str) -> str:
    """An HTML snippet that puts this seat's address first in the browser's list of its recent games (at most
    RECENT_KEPT; `recent_games_html` shows them on a page opened without one). Only the browser keeps it: the server
    keeps digests of the tokens (walk of session 53: a tab closed without the seat link lost the game silently)."""
    entry = html.escape(json.dumps({"q": address(game_id, token), "label": label}), quote=True)
    body = ("try { const e = JSON.parse(this.dataset.g); e.href = location.pathname + e.q; e.t = Date.now(); "
            f"const all = JSON.parse(localStorage.getItem('{RECENT_KEY}') || '[]').filter(x => x.href !== e.href); "
            f"localStorage.setItem('{RECENT_KEY}', JSON.stringify([e].concat(all).slice(0, {RECENT_KEPT}))); "
            "} catch (err) {}")
    return on_show(body, f' data-g="{entry}"')


def recent_games_html() -> str:
    """A box, shown only where the browser has recent games (`remember_script`) and the page's address names none,
    that links each of them, the newest first: a link opens its game where it stands. The entries are put in as
    text and links to this server's own pages only."""
    body = ("try { const box = this.parentElement; if (new URLSearchParams(location.search).has('game')) return; "
            f"const all = JSON.parse(localStorage.getItem('{RECENT_KEY}') || '[]'); "
            "const list = box.querySelector('.centurion-recent-list'); "
            "for (const e of all) { if (typeof e.href !== 'string' || !e.href.startsWith('/') || "
            "e.href.startsWith('//')) continue; const row = document.createElement('div'); "
            "const a = document.createElement('a'); a.className = 'centurion-recent-link'; a.href = e.href; "
            "a.style.cssText = 'color:#1a4fa0;text-decoration:underline'; "
            "a.textContent = String(e.label); row.appendChild(a); row.appendChild(document.createTextNode("
            "' (last opened ' + new Date(e.t).toLocaleString() + ')')); list.appendChild(row); } "
            "if (list.children.length) box.style.display = 'block'; } catch (err) {}")
    return ('<div class="centurion-recent" style="display:none;padding:4px 6px;border:1px solid #ccd;'
            'background:#f7f9fc"><b>Your games on this server</b> <span style="color:#555">(kept by this browser, '
            "the newest first: a link opens its game where it stands)</span>"
            '<div class="centurion-recent-list"></div>'
            f"{on_show(body)}</div>")


__all__ = ["every_while", "remember_script", "recent_games_html", "RECENT_KEY",
           "clear_address_script", "STORED_UNDO", "Seat", "served_store", "page_address", "address",
           "links_html", "kept_links_script", "abandon_words", "address_script", "WATCH", "POLL_SECONDS", "ENV"]
