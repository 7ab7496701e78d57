"""A stored game keeps the computer's reasons (issue 25, item 4: the log line of every computer decision says why).

Before, the store kept the decisions and not their reasons: a game read again by another process (a second
browser, a server restart) showed the computer's log lines without "— why: …", and the computer's opening
decisions never had one. Expected values: the game replayed independently of the store from its seed, each
computer decision's reason recomputed with `bot_decision` on that replay.
"""

from __future__ import annotations

import sqlalchemy as sa

from centurion.game import bot_action, new_skirmish
from centurion.game.bot_reasons import bot_decision, explained
from centurion.store import open_store
from centurion.store.hidden import hidden_view
from tests.test_store import db_seed


def play_person(store, ref, side: str, decisions: int) -> None:
    """The person's side decides as the novice would, through the store, until `decisions` are stored."""
    token = ref.seats[side]
    for _ in range(400):
        st = store.state(ref.id, token)
        if st.over or len(st.history) >= decisions:
            return
        store.play(ref.id, token, bot_action(st, "novice"), step=len(st.history))


def replayed_with_reasons(scenario: str, seed: int, computer: dict[str, str], history) -> object:
    """The game's decisions replayed from its seed, each of the computer's with its reason (recomputed) on its line."""
    s = new_skirmish(scenario, seed=seed)
    for a in history:
        if s.active in computer:
            d = bot_decision(s, computer[s.active])
            assert d.action == a
            s = explained(s, s.apply(a), d)
        else:
            s = s.apply(a)
    return s


def test_a_game_read_again_by_another_store_keeps_every_computer_reason(url, store_seed):
    """A person against the computer: a second store (nothing cached, as a second server process) shows every
    computer line with its reason, as the independent replay gives it, its first decisions included. The store's
    seed is fixed (the `store_seed` fixture, as for `served`): with a drawn one, a game the Renegades lost in its first
    turn (both vehicles destroyed, seed 7135355187658711437 in a CI run of session 47) left too few lines to count."""
    computer = {"tog": "veteran"}
    with open_store(url) as one:
        ref = one.create("first_game", computer=computer)
        play_person(one, ref, "renegade", 40)
    with open_store(url) as two:
        seen = two.state(ref.id, ref.watch)
        first_seen = two.state(ref.id, ref.seats["renegade"])
    expected = replayed_with_reasons("first_game", db_seed(url, ref.id), computer, seen.history)
    assert seen.log == hidden_view(expected).log == first_seen.log  # the seed hidden while the game runs
    why = [line for line in seen.log if " — why: " in line]
    assert len(why) >= 10  # not vacuous: the computer explained its lines
    assert any(" — why: " in line for line in seen.log[:len(seen.log) // 4])  # its first decisions too


def test_a_store_made_before_the_reasons_were_kept_opens_and_keeps_them(tmp_path):
    """An SQLite store with the decisions table of issue 24 (no reason column): opening it adds the column, its
    old decisions replay without reasons, and new computer decisions keep theirs."""
    path = tmp_path / "old.db"
    eng = sa.create_engine(f"sqlite:///{path}")
    with eng.begin() as conn:
        conn.execute(sa.text(
            "CREATE TABLE decisions (game VARCHAR(32) NOT NULL, step INTEGER NOT NULL, side VARCHAR(32) NOT NULL, "
            "action TEXT NOT NULL, at FLOAT NOT NULL, CONSTRAINT one_decision_a_step PRIMARY KEY (game, step))"))
    eng.dispose()
    with open_store(f"sqlite:///{path}") as store:
        ref = store.create("first_game", computer={"tog": "novice"})
        play_person(store, ref, "renegade", 20)
    eng = sa.create_engine(f"sqlite:///{path}")
    columns = {c["name"] for c in sa.inspect(eng).get_columns("decisions")}
    with eng.connect() as conn:
        kept = conn.execute(sa.text("SELECT count(*) FROM decisions WHERE why IS NOT NULL")).scalar_one()
    eng.dispose()
    assert "why" in columns
    assert kept > 0
    with open_store(f"sqlite:///{path}") as again:
        assert any(" — why: " in line for line in again.state(ref.id, ref.watch).log)
