"""The game store: games that live on the server, every decision a committed row (issue 24).

`open_store(url)` gives a `GameStore`. `create` draws the seed of the dice (`secrets.randbits`), makes a token
for each side a person plays and one for spectators (`secrets.token_urlsafe`; only their SHA-256 is stored,
compared with `hmac.compare_digest`) and plays the computer's first decisions. `play` checks the seat and
the step, applies the action to the real state (the rules refuse an illegal one with `IllegalAction`), commits
it as one row in its own transaction, then plays and commits the computer's replies one by one until a person
must decide or the game is over. A state is rebuilt by replaying the rows from the seed (the last state of
each game is cached per process), so a store whose process was killed holds exactly the decisions committed.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import sqlalchemy as sa

from ..game import (
    LEVELS,
    IllegalAction,
    Level,
    action_from_data,
    action_to_data,
    new_skirmish,
    scenarios,
)
from ..game.bot_reasons import bot_decision, with_reason
from ..game.codec import edition_number, edition_scenario
from .errors import StaleStep, StoreError, WrongSeat
from .hidden import hidden_view
from .schema import decisions, default_url, games, make_engine

WATCH = "watch"
# The set-ups current when the store began to keep each game's edition (session 51): a game stored before then (its
# `edition` empty) was begun on these, and replays on them whatever set-up is current now. Never change these
# numbers; a new edition of a scenario is kept in data/scenarios/editions/ and named by the games begun on it.
LEGACY_EDITIONS = {"first_game": 3, "meeting": 4, "pursuit": 3, "village": 4, "centuria_farmstead": 3,
                   "centuria_ford_road": 5}
CACHE_SIZE = 256
F = TypeVar("F", bound=Callable[..., Any])


def _database_errors(method: F) -> F:
    """A database that fails (unreachable, locked too long) is a StoreError naming the call, not a driver error."""

    @functools.wraps(method)
    def wrapper(self: GameStore, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sa.exc.SQLAlchemyError as exc:
            first = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
            raise StoreError(f"the game store failed during {method.__name__}: {first}") from exc

    return wrapper  # type: ignore[return-value]


@dataclass(frozen=True)
class GameRef:
    """A new stored game: its id, a secret token for each side a person plays, and the spectators' token."""

    id: str
    seats: dict[str, str]
    watch: str


@dataclass(frozen=True)
class GameInfo:
    """A stored game's row, without its seed or tokens (for `centurion games list|show`)."""

    id: str
    system: str
    scenario: str
    variants: tuple[str, ...]
    people: tuple[str, ...]
    computer: dict[str, str]
    steps: int
    over: bool
    result: str | None
    created: float
    updated: float


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _setup(row: Any) -> str:
    """The scenario key of the set-up a stored game was begun on: its `edition` of its scenario, or for a game
    stored before the store kept editions the one then current (`LEGACY_EDITIONS`); a later set-up never replays
    an earlier game (session 50's note: the store kept only the scenario's name)."""
    edition = row.edition if row.edition is not None else LEGACY_EDITIONS.get(row.scenario, 1)
    return edition_scenario(row.scenario, edition)


def _result_text(state: Any) -> str | None:
    r = state.result
    if r is None:
        return None
    return "a draw" if r.winner is None else f"{r.level} victory for {state.label(r.winner)}"


class GameStore:
    """Games stored in one database (see the module docstring); make it with `open_store`."""

    def __init__(self, url: str | None = None) -> None:
        self.url = default_url() if url is None else url
        self.engine = make_engine(self.url)
        # game id -> its last state (step = len(history)) and when its turn began (None: not known yet)
        self._cache: OrderedDict[str, tuple[Any, float | None]] = OrderedDict()
        self._lock = threading.Lock()

    # --- connections -------------------------------------------------------------------------------------------
    def close(self) -> None:
        """Close the store's connections."""
        self.engine.dispose()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self) -> Any:
        """A connection in a write transaction (SQLite: BEGIN IMMEDIATE), committed when the block ends."""
        return self.engine.connect().execution_options(write=True)

    # --- games ------------------------------------------------------------------------------------------------
    @_database_errors
    def create(self, scenario: str, variants: tuple[str, ...] | list[str] = (),
               computer: dict[str, str] | None = None, *, began: float | None = None) -> GameRef:
        """A new stored game of a shipped scenario (either system); the sides not in `computer` are people's.
        `began`: when its first turn began on the page that made it (Unix time, at most an hour back; default now):
        the first round's countdown runs from it (CTA-1; walk of session 33: a page stores its game at the first
        decision, and a reload then gave back the time taken before it)."""
        if not isinstance(scenario, str) or scenario not in scenarios("all"):
            raise StoreError(f"scenario: no scenario {str(scenario)[:60]!r}; the scenarios are "
                             f"{', '.join(scenarios('all'))}")
        if isinstance(variants, str) or not isinstance(variants, (tuple, list)):
            raise StoreError(f"variants: a tuple of variant names, got {str(variants)[:60]!r}")
        computer = {} if computer is None else computer
        if not isinstance(computer, dict):
            raise StoreError(f"computer: a dict {{side: level}}, got {str(computer)[:60]!r}")
        seed = secrets.randbits(63)
        try:
            state = new_skirmish(scenario, seed=seed, variants=tuple(variants))
        except ValueError as exc:
            raise StoreError(str(exc)) from None
        levels: dict[str, str] = {}
        for side, level in computer.items():
            if side not in state.sides:
                raise StoreError(f"computer: {str(side)[:40]!r} is no side of {scenario}; the sides are "
                                 f"{', '.join(state.sides)}")
            if not isinstance(level, str) or level not in LEVELS:
                raise StoreError(f"computer: the level of {side} is one of {', '.join(LEVELS)}, got "
                                 f"{str(level)[:40]!r}")
            levels[side] = Level(level).value
        people = [s for s in state.sides if s not in levels]
        if not people:
            raise StoreError("computer: a person plays at least one side (a stored game waits for its players)")
        gid = secrets.token_hex(8)
        seats = {side: secrets.token_urlsafe(24) for side in people}
        watch = secrets.token_urlsafe(24)
        now = time.time()
        if began is not None:
            if isinstance(began, bool) or not isinstance(began, (int, float)) or began != began:
                raise StoreError(f"began: a time in seconds since 1970, got {str(began)[:40]!r}")
            now = min(now, max(now - 3600.0, float(began)))
        with self._write() as conn, conn.begin():
            conn.execute(games.insert().values(
                id=gid, system=state.system, scenario=scenario, variants=json.dumps(list(state.variants)),
                seed=seed, computer=json.dumps(levels), seats=json.dumps({s: _digest(t) for s, t in seats.items()}),
                watch=_digest(watch), steps=0, over=False, result=None, created=now, updated=now,
                rules=getattr(state, "rules_edition", None), edition=edition_number(state.scenario.key)))
        self._remember(gid, state, now)
        self._computer(gid, levels, state)
        return GameRef(gid, seats, watch)

    @_database_errors
    def state(self, game_id: str, token: str) -> Any:
        """The game as a seat or the spectator sees it (its seed hidden until it is over); WrongSeat otherwise."""
        row = self._row(game_id)
        self._seat(row, token)
        state = self._current(game_id, row)
        return hidden_view(self._computer(game_id, json.loads(row.computer), state))

    @_database_errors
    def history(self, game_id: str, token: str) -> list[Any]:
        """Every state of a stored game from its set-up to now, as `state` shows the last one (the seed hidden
        while it runs): the replay of a page opened mid-game (walk of session 29: it began where the page opened)."""
        self.state(game_id, token)  # the seat's check, and the computer's replies stored first
        states: list[Any] = []
        self._replayed(game_id, self._row(game_id), cached=False, states=states)
        return [hidden_view(s) for s in states]

    @_database_errors
    def play(self, game_id: str, token: str, action: Any, *, step: int, replies: list | None = None) -> Any:
        """Decide for the seat's side at step `step` (the decisions already made), then let the computer reply;
        the game as the seat sees it afterwards. WrongSeat, StaleStep or IllegalAction: nothing is stored.
        `replies`, a list: each state after this decision, as the seat sees it, is appended to it with the
        computer's `BotDecision` (its reason) that led to it (None for the seat's own), so a page draws every move
        and says why the computer decided (issues 25, 26)."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise StoreError(f"step: the number of decisions already made (a whole number), got {str(step)[:40]!r}")
        row = self._row(game_id)
        seat = self._seat(row, token)
        if seat == WATCH:
            raise WrongSeat(f"game {game_id}: this is the spectators' link; a spectator decides nothing")
        levels = json.loads(row.computer)
        state = self._computer(game_id, levels, self._current(game_id, row))
        now = len(state.history)
        if step != now:
            raise StaleStep(f"game {game_id}: the decision is for step {step}, but {now} decisions are made "
                            f"already; look at the game again")
        if state.over:
            raise IllegalAction("CTA-1" if state.system == "centuria" else "CEN-SEQ-1", "the game is over")
        if seat != state.active:
            raise WrongSeat(f"game {game_id}: it is {state.label(state.active)}'s decision; this seat plays "
                            f"{state.label(seat)}")
        nxt = state.apply(action)  # IllegalAction: refused, nothing stored
        nxt = self._commit(game_id, state, action, nxt)
        if replies is not None:
            replies.append((hidden_view(nxt), None))
        return hidden_view(self._computer(game_id, levels, nxt, replies))

    @_database_errors
    def decision(self, game_id: str, token: str, step: int) -> Any:
        """The computer's decision that made state `step` (1 = the first decision's), worked out again on the real
        state before it (the seed a running game's seats do not see) with the options it weighed, as `play` hands
        them out: the Why? of a reopened page or of an earlier step (walk of session 42). None when a person took
        that decision or the computer would now take another; StoreError for a step the game has not reached."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise StoreError(f"step: a decision's number (a whole number), got {str(step)[:40]!r}")
        row = self._row(game_id)
        self._seat(row, token)
        if not 1 <= step <= int(row.steps):
            raise StoreError(f"game {game_id}: no decision {step} (1 to {int(row.steps)} are made)")
        states: list[Any] = []
        self._replayed(game_id, row, cached=False, states=states, upto=step)  # the decisions up to `step` only
        if step >= len(states):
            raise StoreError(f"game {game_id}: decision {len(states) - 1} is missing from the store")
        before, after = states[step - 1], states[step]
        level = json.loads(row.computer).get(before.active)
        if level is None:
            return None
        d = bot_decision(before, level)
        return d if d.action == after.history[-1] else None

    @_database_errors
    def record(self, game_id: str) -> str:
        """The save text (version 1, with the seed) of a game that is over; StoreError while it runs."""
        row = self._row(game_id)
        state = self._current(game_id, row)
        if not state.over:
            raise StoreError(f"game {game_id} is not over ({len(state.history)} decisions made): its record, "
                             f"with the seed of its dice, is given once it has ended")
        return state.to_json()

    @_database_errors
    def log(self, game_id: str) -> tuple[str, ...]:
        """A game's log as a spectator sees it (the seed hidden while it runs), for `centurion games show`."""
        row = self._row(game_id)
        return hidden_view(self._current(game_id, row)).log

    @_database_errors
    def games(self) -> list[GameInfo]:
        """Every stored game, the most recently played first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(games).order_by(games.c.updated.desc())).all()
        return [self._info(r) for r in rows]

    @_database_errors
    def seat(self, game_id: str, token: str) -> str:
        """The side a token plays in a game, or "watch" for the spectators' token; WrongSeat for any other."""
        return self._seat(self._row(game_id), token)

    @_database_errors
    def steps(self, game_id: str) -> int:
        """The number of decisions stored for a game (one small query: what a page's watcher polls)."""
        if not isinstance(game_id, str):
            raise StoreError(f"game id: expected text, got {type(game_id).__name__}")
        with self.engine.connect() as conn:
            n = conn.execute(sa.select(games.c.steps).where(games.c.id == game_id)).scalar_one_or_none()
        if n is None:
            raise StoreError(f"no stored game {game_id[:40]!r}")
        return int(n)

    @_database_errors
    def round_began(self, game_id: str) -> float:
        """When the current turn (a Centuria round, CTA-1) began, in Unix time: the time of the decision that
        started it, or the game's creation in its first turn. Every browser's countdown runs from it, so a reload
        or a second player's page does not give a round its full time again. Kept with the cached state and moved
        on with each decision; the game is replayed from its seed only when this process has not seen it yet."""
        row = self._row(game_id)
        began = self._replayed(game_id, row)[1]
        if began is None:  # a decision was stored from a state this process had not cached: replay from the seed
            began = self._replayed(game_id, row, cached=False)[1]
        return began

    @_database_errors
    def info(self, game_id: str) -> GameInfo:
        """One stored game's row (no seed, no tokens)."""
        return self._info(self._row(game_id))

    @_database_errors
    def prune(self, days: float) -> int:
        """Delete the games nobody played for `days` days (finished or not); the number deleted."""
        if isinstance(days, bool) or not isinstance(days, (int, float)) or not days >= 0:
            raise StoreError(f"days: a number of days (0 or more), got {str(days)[:40]!r}")
        cut = time.time() - days * 86400
        with self._write() as conn, conn.begin():
            old = sa.select(games.c.id).where(games.c.updated < cut)
            conn.execute(decisions.delete().where(decisions.c.game.in_(old)))
            n = conn.execute(games.delete().where(games.c.updated < cut)).rowcount
        with self._lock:
            self._cache.clear()
        return n

    # --- inside ------------------------------------------------------------------------------------------------
    def _row(self, game_id: str) -> Any:
        if not isinstance(game_id, str):
            raise StoreError(f"game id: expected text, got {type(game_id).__name__}")
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games).where(games.c.id == game_id)).one_or_none()
        if row is None:
            raise StoreError(f"no stored game {game_id[:40]!r}")
        return row

    @staticmethod
    def _seat(row: Any, token: Any) -> str:
        """The side whose token this is, or WATCH; WrongSeat for anything else (compared in constant time)."""
        if not isinstance(token, str):
            raise WrongSeat(f"game {row.id}: a seat's token is text, got {type(token).__name__}")
        digest = _digest(token)
        found = None
        for side, known in json.loads(row.seats).items():
            if hmac.compare_digest(known, digest):
                found = side
        if hmac.compare_digest(row.watch, digest):
            found = WATCH
        if found is None:
            raise WrongSeat(f"game {row.id}: this token is no seat of the game")
        return found

    def _remember(self, game_id: str, state: Any, began: float | None) -> None:
        with self._lock:
            self._cache[game_id] = (state, began)
            self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def _current(self, game_id: str, row: Any) -> Any:
        """The real state after every stored decision: the cached one and the decisions stored since."""
        return self._replayed(game_id, row)[0]

    def _replayed(self, game_id: str, row: Any, cached: bool = True, states: list | None = None,
                  upto: int | None = None) -> tuple[Any, float | None]:
        """The real state and when its turn began (None: not known): the cached state (unless not `cached`, or
        from the seed) and the decisions stored since, each decision that starts a turn setting the time; each
        state on the way appended to `states` when given; with `upto`, only the first `upto` decisions (a state of
        the past: not remembered as the game's)."""
        with self._lock:
            state, began = self._cache.get(game_id, (None, None)) if cached else (None, None)
        setup = _setup(row)
        if state is None or state.scenario.key != setup:
            try:
                state = new_skirmish(setup, seed=row.seed, variants=tuple(json.loads(row.variants)),
                                     rules_edition=row.rules or 1)  # a game stored before session 50: the first
            except ValueError as exc:
                raise StoreError(f"game {game_id}: its set-up cannot be rebuilt: {exc}") from None
            began = float(row.created)
        if states is not None:
            states.append(state)
        start = len(state.history)
        query = (sa.select(decisions.c.step, decisions.c.action, decisions.c.why, decisions.c.at)
                 .where(decisions.c.game == game_id, decisions.c.step >= start))
        if upto is not None:
            query = query.where(decisions.c.step < upto)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(decisions.c.step)).all()
        for r in rows:
            if r.step != len(state.history):
                raise StoreError(f"game {game_id}: decision {len(state.history)} is missing from the store")
            try:
                action = action_from_data(json.loads(r.action), f"decision {r.step}")
                nxt = state.apply(action)
            except (ValueError, IllegalAction) as exc:
                raise StoreError(f"game {game_id}: stored decision {r.step} does not replay: {exc}") from None
            if began is not None and nxt.turn != state.turn:
                began = float(r.at)  # the decision that started a turn (CTA-1: the round's countdown)
            state = nxt if r.why is None else with_reason(state, nxt, action, r.why)  # the computer's reason
            if states is not None:
                states.append(state)
        if rows and upto is None:
            self._remember(game_id, state, began)
        return state, began

    def _commit(self, game_id: str, state: Any, action: Any, nxt: Any, why: str | None = None) -> Any:
        """Store decision len(state.history) in its own transaction, with the computer's reason `why` (its log line
        ends with it); StaleStep when that step is taken."""
        step, now = len(state.history), time.time()
        if why is not None:
            nxt = with_reason(state, nxt, action, why)
        try:
            with self._write() as conn, conn.begin():
                conn.execute(decisions.insert().values(game=game_id, step=step, side=state.active,
                                                       action=json.dumps(action_to_data(action)), at=now, why=why))
                conn.execute(games.update().where(games.c.id == game_id).values(
                    steps=step + 1, updated=now, over=nxt.over, result=_result_text(nxt)))
        except sa.exc.IntegrityError:
            raise StaleStep(f"game {game_id}: decision {step} was stored by another player first; "
                            f"look at the game again") from None
        with self._lock:
            known, began = self._cache.get(game_id, (None, None))
        if known is not state:
            began = None  # not the cached state: round_began replays to find it
        elif nxt.turn != state.turn:
            began = now
        self._remember(game_id, nxt, began)
        return nxt

    def _computer(self, game_id: str, levels: dict[str, str], state: Any, replies: list | None = None) -> Any:
        """Play and store the computer's decisions until a person must decide or the game is over (each state
        after one, with the decision and its reason, appended to `replies` when given)."""
        while not state.over and state.active in levels:
            decision = bot_decision(state, levels[state.active])  # its reason is stored with it (issue 25)
            action = decision.action
            try:
                state = self._commit(game_id, state, action, state.apply(action), decision.reason)
                if replies is not None:
                    replies.append((hidden_view(state), decision))
            except StaleStep:  # another process stored this reply first: read the game again
                state = self._current(game_id, self._row(game_id))
        return state

    @staticmethod
    def _info(row: Any) -> GameInfo:
        computer = json.loads(row.computer)
        return GameInfo(row.id, row.system, row.scenario, tuple(json.loads(row.variants)),
                        tuple(json.loads(row.seats)), computer, row.steps, bool(row.over), row.result,
                        row.created, row.updated)


def open_store(url: str | None = None) -> GameStore:
    """The game store at `url` (sqlite:///FILE or postgresql://USER@HOST/DB); by default $CENTURION_STORE or an
    SQLite file in the user's data folder (issue 24)."""
    return GameStore(url)


__all__ = ["GameStore", "GameRef", "GameInfo", "open_store", "WATCH"]
