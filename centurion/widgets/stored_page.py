"""The battle pages' games kept on the server (issue 24): a new game put into the store at its first decision, a
seat's address opened, the links, each decision sent to the store, the other browser's decisions brought in.

`StoredGame` is a part of `BattlePage` (widgets/battle_page.py), kept apart for size: it uses the page's widgets
(`links`, `message`, the pickers) and state (`states`, `actors`, `players`, `seat`).
"""

from __future__ import annotations

from typing import Any

from ..game import LEVELS, IllegalAction
from ..store import StaleStep, StoreError, WrongSeat
from .seat import (
    POLL_SECONDS,
    Seat,
    address_script,
    clear_address_script,
    links_html,
    page_address,
    recent_games_html,
    remember_script,
)

PERSON = "person"
COMPUTER = "computer"
OTHER = "other player"  # a side a person plays in another browser (a stored game, issue 24)


def who_plays(player: str) -> str:
    """How a map key names a side's player (issue 24, walk of session 29): 'you' on this page, 'another browser'
    for a person at another seat (a stored game; a spectator sees both sides so), else the computer and its level."""
    if player == PERSON:
        return "you"
    if player == OTHER:
        return "another browser"
    return f"the computer, {player}" if player in LEVELS else "the computer"


def pending_links_html(players: dict[str, str]) -> str:
    """Before the first decision of a served game two people play: how the second player will join (walk of
    session 29, finding 7: nothing said so until the first decision); '' otherwise."""
    if sum(1 for p in players.values() if p == PERSON) < 2:
        return ""
    return ('<div class="centurion-links" style="padding:4px 6px;border:1px solid #ccd;background:#f7f9fc">'
            "<b>Two people play this game</b>, each in their own browser: make the first decision, and the game is "
            "kept on the server; the link to send the other player (and one for spectators) then appears here. "
            "Until then this page decides for both sides.</div>")


TAB_ONLY = ('<div class="centurion-tab-only" style="padding:4px 8px;color:#555;line-height:1.3">This game is not kept '
            "on a server (this page has no game store): reloading or closing the tab ends it. <b>Save the game</b> "
            "keeps it in a file that <b>Load a saved game</b> brings back.</div>")


class StoredGame:
    """The stored-game part of a battle page (issue 24; walk of session 29: links kept, replay from the set-up)."""

    def _storing(self) -> bool:
        """Whether this page's new games go to the store: served, and not a loaded save."""
        return self.store is not None and not self.local_only and len(self.game.history) == 0

    def _setup(self) -> tuple[str, tuple[str, ...]]:
        """The scenario and variant rules of the game on the page (for the store)."""
        g = self.game
        return g.scenario.key, tuple(g.variants)

    def _store_game(self) -> bool:
        """Put the new game on the page into the store: a seat for each side a person plays, the computer's
        levels for the others; this browser takes the first person's seat (or watches, computer against
        computer). False, with a message, when the store refuses."""
        keys = self._side_keys(self.game)
        computer = {k: str(lv) for k, lv in self.players.items() if lv not in (PERSON, OTHER)}
        scenario, variants = self._setup()
        try:
            ref = self.store.create(scenario, variants=variants, computer=computer, began=self._first_turn_began())
            mine = next((k for k in keys if k in ref.seats), None)
            seat = Seat(self.store, ref.id, ref.seats[mine] if mine else ref.watch, mine or "watch")
            state = seat.state()
        except StoreError as exc:
            self.message.show(f"The game could not be kept on the server ({exc}); it is played here only.", "refusal")
            self.local_only = True
            return False
        self.states = [state]
        self.actors = [None]
        self._set_seat(seat, ref.seats, ref.watch)
        return True

    def _first_turn_began(self) -> float | None:
        """When the game's first turn began on this page (a countdown's start, CTA-1); None: now."""
        return None

    def open_seat(self, game_id: str, token: str) -> bool:
        """Open a stored game at its current step from a seat's address; False, with a message, if it gives none."""
        if self.store is None:
            self.message.show("This page is not served with a game store, so it cannot open a stored game.",
                              "refusal")
            return False
        try:
            seat = Seat.open(self.store, game_id, token)
            states = seat.history()  # from the set-up: the replay slider starts at the game's first step
            state = states[-1]
            info = self.store.info(game_id)
        except StoreError as exc:
            self.message.show(f"The game of this address could not be opened: {exc}", "refusal")
            return False
        if not self._shows(state):
            return False
        self._restore_setup(state)
        for pick, key in zip(self.player_picks, self._side_keys(state), strict=True):
            pick.value = info.computer.get(key, PERSON)
        self._begin(state, history=states, seat=seat)
        if not seat.watching:
            self.players = {k: info.computer.get(k, PERSON if k == seat.side else OTHER) for k in state.sides}
        self.message.show(f"Game {game_id} resumed at decision {len(state.history)}.", "info")
        self._refresh()
        return True

    def _shows(self, state: Any) -> bool:
        """Whether this page plays a stored game of this kind (the Skirmish page hands a Centuria battle on)."""
        return True

    def _open_address(self) -> bool:
        """Open the stored game the page's address names, if any."""
        found = page_address()
        return found is not None and self.open_seat(*found)

    def _set_seat(self, seat: Seat | None, seats: dict[str, str] | None = None, watch: str | None = None) -> None:
        """Play from `seat` (None: a local game): the address, the links, the watcher."""
        # the address bar holds a stored game's address: this page was opened with one, or gave it one
        self._addressed = getattr(self, "_addressed", page_address() is not None) or seat is not None
        self.seat = seat
        if seats is not None:
            self.game_links = {**seats, "watch": watch}
        if seat is None:
            self.game_links = {}
            pending = pending_links_html(self.players) if self.states and self._storing() else ""
            # walk of session 50: a reload lost the game without a word; said beside Save, under the map, so the
            # banner, the hint and the map still fit one screen (item 5)
            self.tab_note.value = TAB_ONLY if self.store is None and self.states else ""
            # a new game, not stored before its first decision: the old game's address goes (walk of session 33)
            self.links.value = (pending + (clear_address_script() if self._addressed else "")
                                + (recent_games_html() if self.store is not None else ""))  # walk of session 53
            self._stop_watching()
            return
        g = self.game if self.states else None
        if seat.watching:
            self.players = {k: OTHER for k in (g.sides if g is not None else ())}
        elif g is not None:
            self.players = {k: (PERSON if k == seat.side else self.players.get(k, OTHER)) for k in g.sides}
            self.players = {k: (OTHER if v == PERSON and k != seat.side else v) for k, v in self.players.items()}
        links = []
        if seats is not None:
            for side, token in seats.items():
                who = "your seat" if side == seat.side else "the other player's seat"
                links.append((f"{who} ({g.label(side) if g is not None else side})", token))
            links.append(("watching (spectators)", watch))
            note = ("Keep your link to come back to this game; send the other player theirs. "
                    "Spectators see everything and decide nothing.")
        else:
            links.append(("this page's address", seat.token))
            note = "This game is kept on the server: reloading the page resumes it."
        title = g.scenario.title if g is not None else "A game"
        mine = "watching" if seat.watching else f"your seat, {g.label(seat.side) if g is not None else seat.side}"
        mine += " (over)" if g is not None and g.over else ""
        self.links.value = (links_html(seat.game_id, links, note, kept=(seat.token, seats is not None))
                            + address_script(seat.game_id, seat.token)  # kept: a reload shows them again
                            + remember_script(seat.game_id, seat.token, f"{title}: {mine}"))  # walk of session 53
        self._start_watching()

    def _take_stored(self, action: Any, actor: str) -> bool:
        """Send a decision to the store; the game after it and the computer's replies."""
        try:
            replies: list = []
            nxt = self.seat.play(action, step=len(self.game.history), replies=replies)
        except StaleStep:
            ours = self.game.active == self.seat.side  # the step was this seat's to take (walk of session 49)
            self.sync()  # first: bringing the game in clears the page's older message
            who = ("This decision was already taken for your side (in another tab or window with your link, or "
                   "when your time ran out)" if ours else "The other player decided first")
            self.message.show(f"{who}, so your click decided nothing: here is the game as it is now.", "refusal")
            return False
        except WrongSeat as exc:
            self.message.show(f"Not your decision: {exc}", "refusal")
            return False
        except IllegalAction as exc:
            self.message.show(f"Refused: {exc}", "refusal")
            return False
        except StoreError as exc:
            self.message.show(f"The server refused the decision: {exc}", "refusal")
            return False
        for state, decision in replies or [(nxt, None)]:  # every step kept: the computer's moves drawn, and why
            if decision is not None:  # the store's state carries its reason on the log line already (issue 25)
                self.why.show(decision)
                self.why.remember(state, decision)  # the replay slider shows it again (walk of session 42)
            self.states.append(state)
            self.actors.append(actor if decision is None else COMPUTER)
        return True

    def sync(self) -> bool:
        """Bring in the decisions stored since this page last looked (the other player's, the computer's)."""
        if self.seat is None:
            return False
        try:
            if self.seat.steps() == len(self.game.history):
                return False
            states = self.seat.history()  # every state since: one replay step a decision (walk 29, finding 4)
        except StoreError as exc:
            self.message.show(f"The game could not be read from the server: {exc}", "refusal")
            return False
        new = states[len(self.game.history) + 1:]  # the store keeps the computer's reasons with its decisions
        if not new:
            return False
        self.states += new
        self.actors += [OTHER] * len(new)
        self.selected = None
        self.message.clear()  # it spoke of a moment now past (walk of session 29, finding 8)
        self._refresh()
        return True

    def _start_watching(self) -> None:
        """Poll the store from the kernel's event loop for the other browser's decisions (none in a script)."""
        if self._watcher is None:
            self._watcher = self.seat.watch(self.sync, lambda: self.seat is not None, POLL_SECONDS)

    def _stop_watching(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            self._watcher = None
