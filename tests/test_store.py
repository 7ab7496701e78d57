"""The game store (issue 24), on SQLite and on a real PostgreSQL server (tests/pg_cluster.py).

Expected values come from the issue's contract and from the game layer used independently of the store: a
replay of the stored record with `centurion.game.load`, the computer's replies recomputed with `bot_action`,
the seed read from the database itself.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from centurion.cli import main as cli_main
from centurion.game import (
    CenturiaSkirmish,
    IllegalAction,
    Skirmish,
    action_from_data,
    bot_action,
    load,
    new_skirmish,
    parse_action,
)
from centurion.store import StaleStep, StoreError, WrongSeat, open_store
from centurion.store.schema import default_url, engine_url

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def store(url):
    s = open_store(url)
    yield s
    s.close()


def db_seed(url: str, game_id: str) -> int:
    """The seed as the database holds it (read by the test, not through the store)."""
    eng = sa.create_engine(engine_url(url))
    with eng.connect() as conn:
        seed = conn.execute(sa.text("SELECT seed FROM games WHERE id = :g"), {"g": game_id}).scalar_one()
    eng.dispose()
    return seed


def db_rows(url: str, game_id: str) -> list[tuple[int, str, dict]]:
    """The stored decisions of a game, (step, side, action data), read by the test with plain SQL."""
    eng = sa.create_engine(engine_url(url))
    with eng.connect() as conn:
        rows = conn.execute(sa.text("SELECT step, side, action FROM decisions WHERE game = :g ORDER BY step"),
                            {"g": game_id}).all()
    eng.dispose()
    return [(r[0], r[1], json.loads(r[2])) for r in rows]


def play_out(store, ref, side, level="novice", limit=10_000):
    """Play `side`'s decisions with the computer's choice until the game is over; the last state."""
    token = ref.seats[side]
    s = store.state(ref.id, token)
    while not s.over and limit:
        assert s.active == side, "after a play, a person decides or the game is over"
        s = store.play(ref.id, token, bot_action(s, level), step=len(s.history))
        limit -= 1
    return s


# --- the API ---------------------------------------------------------------------------------------------------
def test_I24_api_shape(store):
    assert issubclass(StoreError, ValueError)
    assert issubclass(StaleStep, StoreError) and issubclass(WrongSeat, StoreError)
    ref = store.create("meeting", variants=(), computer={"tog": "novice"})
    assert isinstance(ref.id, str) and ref.id
    assert list(ref.seats) == ["renegade"], "the sides not in `computer` are people's, and only those"
    tokens = [ref.seats["renegade"], ref.watch]
    assert all(isinstance(t, str) and len(t) >= 32 for t in tokens) and len(set(tokens)) == 2
    s = store.state(ref.id, ref.seats["renegade"])
    assert isinstance(s, Skirmish) and s.scenario.key == "meeting" and s.system == "centurion"
    two = store.create("meeting")
    assert sorted(two.seats) == ["renegade", "tog"] and two.id != ref.id
    assert len({*two.seats.values(), two.watch, *tokens}) == 5


def test_I24_create_refuses_bad_requests(store):
    for kwargs, words in [
        ({"scenario": "nowhere"}, "no scenario"),
        ({"scenario": "meeting", "computer": {"martians": "novice"}}, "no side"),
        ({"scenario": "meeting", "computer": {"tog": "grandmaster"}}, "level"),
        ({"scenario": "meeting", "computer": {"tog": "novice", "renegade": "novice"}}, "a person"),
        ({"scenario": "meeting", "variants": ("VAR-NOPE",)}, "VAR-NOPE"),
        ({"scenario": "centuria_farmstead", "variants": ("VAR-INIT",)}, "Centuria"),
    ]:
        with pytest.raises(StoreError, match=words):
            store.create(**kwargs)
    assert store.games() == [], "a refused game is not stored"


def test_I24_default_address_and_bad_addresses(monkeypatch, tmp_path):
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_url() == f"sqlite:///{tmp_path}/xdg/centurion/games.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_url() == f"sqlite:///{tmp_path}/home/.local/share/centurion/games.db"
    monkeypatch.setenv("CENTURION_STORE", f"sqlite:///{tmp_path}/env.db")
    with open_store() as s:
        s.create("meeting")
    assert (tmp_path / "env.db").is_file(), "CENTURION_STORE names the default store"
    for given in ("postgresql://u@h/db", "postgres://u@h/db", "postgresql+psycopg://u@h/db"):
        assert engine_url(given).drivername == "postgresql+psycopg", "PostgreSQL through psycopg 3"
    assert engine_url("sqlite:///x.db").drivername == "sqlite"
    for bad in ("mysql://u@h/db", "not a url", 42):
        with pytest.raises(StoreError, match="store address"):
            open_store(bad)


# --- seats and spectators ------------------------------------------------------------------------------------------
def test_I24_seats_and_the_watch_token(store):
    ref = store.create("meeting")
    first = store.state(ref.id, ref.watch)
    mover, other = first.active, first.other(first.active)
    action = bot_action(first, "novice")
    for token in (ref.watch, ref.seats[other], "", "x" * 32, ref.seats[mover] + "x", None):
        with pytest.raises(WrongSeat):
            store.play(ref.id, token, action, step=0)
    for token in ("", "x" * 32, None):
        with pytest.raises(WrongSeat):
            store.state(ref.id, token)
    with pytest.raises(WrongSeat, match="spectator"):  # whatever the step
        store.play(ref.id, ref.watch, action, step=7)
    with pytest.raises(StoreError, match="no stored game"):
        store.state("no-such-game", ref.watch)
    assert store.info(ref.id).steps == 0 and db_rows(store.url, ref.id) == [], "a refused play stores nothing"
    s = store.play(ref.id, ref.seats[mover], action, step=0)
    assert s.history == (action,)
    # every seat and the spectator see the same game
    for token in (ref.watch, *ref.seats.values()):
        assert store.state(ref.id, token).history == (action,)


def test_I24_an_unreachable_database_is_a_store_error(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/games.db")
    ref = store.create("meeting")
    (tmp_path / "games.db").unlink()
    (tmp_path / "games.db").mkdir()  # the file is gone and cannot be made again
    store.close()
    with pytest.raises(StoreError, match="failed during state"):
        store.state(ref.id, ref.watch)


def test_I24_a_token_of_another_game_is_no_seat(store):
    a, b = store.create("meeting"), store.create("meeting")
    with pytest.raises(WrongSeat):
        store.state(a.id, b.watch)
    with pytest.raises(WrongSeat):
        store.state(a.id, b.seats["renegade"])


# --- steps and the race ----------------------------------------------------------------------------------------------
def test_I24_stale_step_is_refused(store):
    ref = store.create("meeting")
    s = store.state(ref.id, ref.watch)
    token = ref.seats[s.active]
    a = bot_action(s, "novice")
    for wrong in (1, -1, 5):
        with pytest.raises(StaleStep):
            store.play(ref.id, token, a, step=wrong)
    with pytest.raises(StoreError, match="step"):
        store.play(ref.id, token, a, step="0")
    s1 = store.play(ref.id, token, a, step=0)
    with pytest.raises(StaleStep):  # the same decision again, from a page that did not reload
        store.play(ref.id, ref.seats[s.active], a, step=0)
    assert len(store.state(ref.id, ref.watch).history) == len(s1.history) == 1


@pytest.mark.parametrize("rounds", [3])
def test_I24_two_browsers_racing_exactly_one_wins(url, rounds):
    """Two stores on one database (two servers), two threads playing the same step at once."""
    a, b = open_store(url), open_store(url)
    ref = a.create("meeting")
    try:
        for _ in range(rounds):
            s = a.state(ref.id, ref.watch)
            token, n = ref.seats[s.active], len(s.history)
            action = bot_action(s, "novice")
            b.state(ref.id, ref.watch)  # both have the game cached at step n
            barrier, out = threading.Barrier(2), {}

            def go(store, name, token=token, n=n, action=action, barrier=barrier, out=out):
                barrier.wait()
                try:
                    out[name] = store.play(ref.id, token, action, step=n)
                except StaleStep as exc:
                    out[name] = exc

            threads = [threading.Thread(target=go, args=(st, nm)) for st, nm in ((a, "a"), (b, "b"))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            kinds = sorted(type(v).__name__ for v in out.values())
            assert len(out) == 2 and kinds.count("StaleStep") == 1, kinds
            assert [r[0] for r in db_rows(url, ref.id)] == list(range(n + 1))
    finally:
        a.close()
        b.close()


def test_I24_the_unique_step_refuses_the_second_insert(url, monkeypatch):
    """The other server checked the step before the first decision was stored: the database refuses its insert."""
    a, b = open_store(url), open_store(url)
    try:
        ref = a.create("meeting")
        s = a.state(ref.id, ref.watch)
        real = b._current(ref.id, b._row(ref.id))  # b's view of step 0, about to go stale
        token = ref.seats[s.active]
        a.play(ref.id, token, bot_action(s, "novice"), step=0)
        monkeypatch.setattr(b, "_current", lambda game_id, row: real)  # b still believes 0 decisions are made
        other = next(x for x in real.legal_actions() if x != bot_action(s, "novice"))
        with pytest.raises(StaleStep):
            b.play(ref.id, token, other, step=0)
        rows = db_rows(url, ref.id)
        assert len(rows) == 1 and action_from_data(rows[0][2]) == bot_action(s, "novice")
    finally:
        a.close()
        b.close()


# --- illegal actions ---------------------------------------------------------------------------------------------------
def test_I24_illegal_action_changes_nothing(store):
    ref = store.create("meeting", computer={"tog": "novice"})
    s = store.state(ref.id, ref.seats["renegade"])
    assert s.phase == "initiative"
    bad = parse_action("fire R11")  # no fire in the Initiative Phase (CEN-SEQ-1)
    assert not s.is_legal(bad)
    n = len(s.history)
    for action in (bad, "lead 1", None):
        with pytest.raises(IllegalAction):
            store.play(ref.id, ref.seats["renegade"], action, step=n)
    after = store.state(ref.id, ref.seats["renegade"])
    assert after == s and len(after.history) == n and store.info(ref.id).steps == n


# --- the computer, the hidden seed and the record, on both game systems ----------------------------------------------
@pytest.mark.parametrize("scenario,person,computer,cls", [
    ("meeting", "renegade", "tog", Skirmish),
    ("centuria_farmstead", "legio", "auxilia", CenturiaSkirmish),
])
def test_I24_whole_game_computer_replies_hidden_seed_and_record(store, scenario, person, computer, cls):
    ref = store.create(scenario, computer={computer: "novice"})
    seed = db_seed(store.url, ref.id)
    other = store.create(scenario, computer={computer: "novice"})
    assert db_seed(store.url, other.id) != seed, "each game's seed is drawn by the server"
    token = ref.seats[person]
    s = store.state(ref.id, token)
    assert isinstance(s, cls)
    checked = 0
    while not s.over:
        assert s.active == person
        # while the game runs, the seed is nowhere: not in the log, the state, its save, nor the record
        if checked < 3 or len(s.history) % 25 == 0:
            real = new_skirmish(scenario, seed=seed)
            for a in s.history:
                real = real.apply(a)
            assert s.legal_actions() == real.legal_actions() and s.history == real.history, "the view plays alike"
            shown = "\n".join(s.log) + repr(s) + "\n".join(store.log(ref.id)) + repr(store.info(ref.id))
            assert str(seed) not in shown and "seed hidden" in s.log[0] and s.seed is None
            with pytest.raises(StoreError, match="over"):
                s.to_json()
            with pytest.raises(StoreError, match="over"):
                store.record(ref.id)
            with pytest.raises(StoreError, match="play"):
                s.apply(bot_action(s, "novice"))
            checked += 1
        s = store.play(ref.id, token, bot_action(s, "novice"), step=len(s.history))
    with pytest.raises(IllegalAction, match="over"):
        store.play(ref.id, token, bot_action(g0 := new_skirmish(scenario, seed=0), "novice"), step=len(s.history))
    assert g0.active is not None
    # after the end: the full record, with the seed, replays anywhere to an equal state
    text = store.record(ref.id)
    data = json.loads(text)
    assert data["format"] == "centurion-skirmish" and data["version"] == 1 and data["seed"] == seed
    replayed = load(text)
    final = store.state(ref.id, ref.watch)
    # the store's view also puts the computer's reasons on its lines (issue 25); the record keeps decisions only
    assert type(replayed) is cls and replayed == final
    assert replayed.log == tuple(line.split(" — why: ")[0] for line in final.log)
    assert f"seed {seed}" in final.log[0] and final.to_json() == text
    # every decision of the computer's side is the computer's choice at its level, recomputed here
    g = new_skirmish(scenario, seed=seed)
    rows = db_rows(store.url, ref.id)
    assert [r[0] for r in rows] == list(range(len(replayed.history)))
    replies = 0
    for step, side, raw in rows:
        action = action_from_data(raw)
        assert side == g.active and action == replayed.history[step]
        if side == computer:
            assert action == bot_action(g, "novice")
            replies += 1
        g = g.apply(action)
    assert replies > 0 and g == replayed
    info = store.info(ref.id)
    assert info.over and info.steps == len(rows) and info.result


def test_I24_computer_moves_first_on_creation(store):
    s0 = new_skirmish("meeting", seed=0)
    first = s0.active  # who decides first in this scenario (the rules, not the store)
    ref = store.create("meeting", computer={first: "novice"})
    s = store.state(ref.id, ref.watch)
    assert len(s.history) >= 1 and s.active == s0.other(first), "the computer's first decisions are played"


def test_I24_a_fresh_process_rebuilds_the_game_by_replay(url):
    """Another server (no cache) sees the same game, variants included, rebuilt from the stored rows."""
    with open_store(url) as a:
        ref = a.create("meeting", variants=("VAR-INIT",), computer={"tog": "novice"})
        s = a.state(ref.id, ref.seats["renegade"])
        for _ in range(3):
            s = a.play(ref.id, ref.seats["renegade"], bot_action(s, "novice"), step=len(s.history))
    with open_store(url) as b:
        t = b.state(ref.id, ref.watch)
        assert t == s and t.history == s.history and t.log == s.log and t.variants == ("VAR-INIT",)
        assert b.info(ref.id).variants == ("VAR-INIT",) and b.info(ref.id).steps == len(s.history)


# --- a process killed mid-game ---------------------------------------------------------------------------------------
CHILD = r"""
import sys
from centurion.game import bot_action
from centurion.store import open_store
store = open_store(sys.argv[1])
ref = store.create("meeting", computer={"tog": "novice"})
token = ref.seats["renegade"]
print(ref.id, token, flush=True)
s = store.state(ref.id, token)
while not s.over:
    s = store.play(ref.id, token, bot_action(s, "novice"), step=len(s.history))
    print(len(s.history), flush=True)
print("over", flush=True)
"""


def test_I24_sigkill_mid_game_leaves_a_consistent_store(url):
    proc = subprocess.Popen([sys.executable, "-c", CHILD, url], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        game_id, token = proc.stdout.readline().split()
        seen = 0
        deadline = time.monotonic() + 120
        while seen < 6 and time.monotonic() < deadline:
            line = proc.stdout.readline().strip()
            assert line and line != "over", "the game ended before the kill"
            seen = int(line)
        time.sleep(0.05)  # somewhere in the next decision or the computer's replies
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    rows = db_rows(url, game_id)
    assert [r[0] for r in rows] == list(range(len(rows))) and len(rows) >= seen
    with open_store(url) as store:
        assert store.info(game_id).steps == len(rows), "the game's row and its decisions agree"
        s = store.state(game_id, token)
        # the state is the replay of the stored decisions (the computer's pending replies, if any, played on)
        assert [action_from_data(r[2]) for r in rows] == list(s.history[:len(rows)])
        assert s.active == "renegade"
        while not s.over:
            s = store.play(game_id, token, bot_action(s, "novice"), step=len(s.history))
        assert load(store.record(game_id)) == store.state(game_id, token)


# --- listing, pruning and the command line ---------------------------------------------------------------------------
def test_I24_prune_deletes_idle_games(store):
    old, new = store.create("meeting"), store.create("centuria_ford_road")
    s = store.state(old.id, old.watch)
    store.play(old.id, old.seats[s.active], bot_action(s, "novice"), step=0)
    eng = sa.create_engine(engine_url(store.url))
    with eng.begin() as conn:
        conn.execute(sa.text("UPDATE games SET updated = :t WHERE id = :g"),
                     {"t": time.time() - 10 * 86400, "g": old.id})
    eng.dispose()
    assert store.prune(30) == 0
    assert store.prune(7) == 1
    assert [g.id for g in store.games()] == [new.id]
    assert db_rows(store.url, old.id) == [], "its decisions go with it"
    with pytest.raises(StoreError, match="no stored game"):
        store.state(old.id, old.watch)
    with pytest.raises(StoreError, match="days"):
        store.prune(-1)


def test_I24_games_command(store, capsys, tmp_path):
    ref = store.create("meeting", computer={"tog": "novice"})
    done = store.create("meeting", computer={"tog": "novice"})
    play_out(store, done, "renegade")
    seed = db_seed(store.url, ref.id)
    assert cli_main(["games", "--store", store.url, "list"]) == 0
    out = capsys.readouterr().out
    assert ref.id in out and done.id in out and "2 game(s)" in out
    assert cli_main(["games", "--store", store.url, "show", ref.id]) == 0
    out = capsys.readouterr().out
    assert "seed hidden" in out and str(seed) not in out and "tog (novice)" in out
    assert cli_main(["games", "--store", store.url, "export", ref.id]) == 1
    assert "not over" in capsys.readouterr().err
    assert cli_main(["games", "--store", store.url, "export", done.id, "-o", str(tmp_path / "g.json")]) == 0
    assert load((tmp_path / "g.json").read_text()) == store.state(done.id, done.watch)
    assert cli_main(["games", "--store", store.url, "prune", "--days", "0"]) == 0
    assert "deleted 2 game(s)" in capsys.readouterr().out
    assert store.games() == []


def test_I24_serve_passes_the_store_on(monkeypatch, tmp_path, capsys):
    import centurion.cli as cli

    seen = {}

    def fake_serve(options, open_browser):
        seen["store"] = os.environ.get("CENTURION_STORE")
        return 0

    monkeypatch.setenv("CENTURION_STORE", "before")  # restored after the test, whatever serve set
    monkeypatch.setattr(cli, "serve", fake_serve)
    url = f"sqlite:///{tmp_path / 'served.db'}"
    assert cli.main(["serve", "--no-browser", "--store", url]) == 0
    assert seen["store"] == url, "the pages' kernels inherit the store's address"
    assert (tmp_path / "served.db").exists()  # made at start: a bad address stops serve, not a page later
    assert cli.main(["serve", "--no-browser", "--no-store"]) == 0
    assert seen["store"] is None, "--no-store: games live in their tab"
    with pytest.raises(SystemExit) as e:  # an unreachable database: refused at once, with the reason
        cli.main(["serve", "--no-browser", "--store", "postgresql://nobody@127.0.0.1:1/none"])
    assert e.value.code == 2 and "--store" in capsys.readouterr().err


def test_round_began_is_when_the_decision_starting_the_round_was_stored(store, url, monkeypatch):
    """CTA-1: a stored battle's round began when the decision that ended the last round was stored (its creation in
    the first round), so every browser's countdown runs from one time. The store's clock is injected; the rounds
    come from the game layer replayed independently on the stored seed."""
    from types import SimpleNamespace

    from centurion.store import games as games_module

    clock = [1000.0]
    monkeypatch.setattr(games_module, "time", SimpleNamespace(time=lambda: clock[0]))
    ref = store.create("centuria_farmstead")  # both sides people
    assert store.round_began(ref.id) == 1000.0
    local = new_skirmish("centuria_farmstead", seed=db_seed(url, ref.id))
    began, rounds_seen = 1000.0, 0
    while rounds_seen < 2:
        clock[0] += 7.0
        action = bot_action(local, "novice")
        store.play(ref.id, ref.seats[local.active], action, step=len(local.history))
        turn, local = local.turn, local.apply(action)
        if local.turn != turn:
            began, rounds_seen = clock[0], rounds_seen + 1
        assert store.round_began(ref.id) == began
    assert began > 1007.0 and local.turn == 3


def test_round_began_follows_the_decisions_without_replaying_the_battle(store, url, monkeypatch):
    """CTA-1: the store moves a round's start on with each decision it stores or reads, so a page's poll does not
    replay the battle from its seed; another process (a store with nothing cached) replays once and agrees."""
    from types import SimpleNamespace

    from centurion.store import games as games_module

    clock = [5000.0]
    monkeypatch.setattr(games_module, "time", SimpleNamespace(time=lambda: clock[0]))
    ref = store.create("centuria_farmstead")
    local = new_skirmish("centuria_farmstead", seed=db_seed(url, ref.id))
    replays = []
    real = games_module.new_skirmish
    monkeypatch.setattr(games_module, "new_skirmish", lambda *a, **k: replays.append(a) or real(*a, **k))
    began = 5000.0
    while local.turn < 3:
        clock[0] += 3.0
        action = bot_action(local, "novice")
        store.play(ref.id, ref.seats[local.active], action, step=len(local.history))
        turn, local = local.turn, local.apply(action)
        if local.turn != turn:
            began = clock[0]
        assert store.round_began(ref.id) == began
    assert replays == [], "the warm store never replays the battle from its seed"
    other = open_store(url)  # a second server process: nothing cached
    try:
        assert other.round_began(ref.id) == began
        assert len(replays) >= 1
        n = len(replays)
        assert other.round_began(ref.id) == began and len(replays) == n, "replayed once, then kept"
    finally:
        other.close()


def test_history_replays_every_state_as_the_seat_sees_it(store):
    """GameStore.history (walk of session 29, finding 4): every state from the set-up, the seed hidden while the
    game runs; the expected states are the game replayed apart from the store, from the seed the database holds."""
    ref = store.create("first_game", computer={"tog": "novice"})
    me = ref.seats["renegade"]
    s = store.state(ref.id, me)
    for _ in range(6):
        if s.over:
            break
        s = store.play(ref.id, me, bot_action(s, "novice"), step=len(s.history))
    states = store.history(ref.id, me)
    assert [len(x.history) for x in states] == list(range(len(s.history) + 1))
    assert states[-1] == store.state(ref.id, me) and all(x.seed != db_seed(store.url, ref.id) for x in states)
    apart = new_skirmish("first_game", seed=db_seed(store.url, ref.id))
    for x in states[1:]:
        apart = apart.apply(x.history[-1])
        assert x.phase == apart.phase and [v.hex for v in x.vehicles] == [v.hex for v in apart.vehicles]
    with pytest.raises(WrongSeat):
        store.history(ref.id, "x" * 32)
