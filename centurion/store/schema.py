"""The store's tables and its database connection: SQLite (the default) or PostgreSQL (issue 24).

Two tables. `games`: one row a game (its scenario, variants, the seed of its dice, which sides the computer
plays and at what level, the SHA-256 of each seat's token and of the spectator's, the number of decisions, when
it was made and last played). `decisions`: one row a decision (game, step, side, the action in the save's data
form, time), keyed by (game, step), so a second decision for one step cannot be stored: two players racing for
one decision, the second insert fails and is told `StaleStep`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from .errors import StoreError

ENV = "CENTURION_STORE"

metadata = sa.MetaData()

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("system", sa.String(16), nullable=False),
    sa.Column("scenario", sa.String(64), nullable=False),
    sa.Column("variants", sa.Text, nullable=False),  # JSON list of names
    sa.Column("seed", sa.BigInteger, nullable=False),  # secret while the game runs
    sa.Column("computer", sa.Text, nullable=False),  # JSON {side: level}
    sa.Column("seats", sa.Text, nullable=False),  # JSON {side: SHA-256 of the seat's token}
    sa.Column("watch", sa.String(64), nullable=False),  # SHA-256 of the spectator token
    sa.Column("steps", sa.Integer, nullable=False),  # decisions stored
    sa.Column("over", sa.Boolean, nullable=False),
    sa.Column("result", sa.Text, nullable=True),  # how it ended, once over
    sa.Column("created", sa.Float, nullable=False),  # Unix time
    sa.Column("updated", sa.Float, nullable=False),  # last decision (or creation)
    sa.Column("rules", sa.Integer, nullable=True),  # the edition of the rules (game.RULES_EDITION); None: the first
    sa.Column("edition", sa.Integer, nullable=True),  # the set-up's edition; None: games.LEGACY_EDITIONS
)

decisions = sa.Table(
    "decisions", metadata,
    sa.Column("game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    sa.Column("step", sa.Integer, nullable=False),  # 0 for the first decision
    sa.Column("side", sa.String(32), nullable=False),
    sa.Column("action", sa.Text, nullable=False),  # JSON: game.action_to_data
    sa.Column("at", sa.Float, nullable=False),  # Unix time
    sa.Column("why", sa.Text, nullable=True),  # the computer's reason for its decision (issue 25); None: a person's
    sa.PrimaryKeyConstraint("game", "step", name="one_decision_a_step"),
)

sa.Index("games_by_update", games.c.updated)


def default_url() -> str:
    """$CENTURION_STORE, else an SQLite file in the user's data folder ($XDG_DATA_HOME or ~/.local/share)."""
    env = os.environ.get(ENV, "").strip()
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME", "").strip() or str(Path.home() / ".local" / "share")
    return "sqlite:///" + str(Path(base) / "centurion" / "games.db")


def engine_url(url: str | URL) -> URL:
    """The SQLAlchemy URL of a store address: sqlite:///FILE or postgresql://... (driven by psycopg 3)."""
    try:
        u = make_url(url)
    except (ArgumentError, ValueError, TypeError) as exc:
        raise StoreError(f"store address: not a database URL ({exc}); expected sqlite:///FILE or "
                         f"postgresql://USER@HOST/DB") from None
    if u.drivername in ("postgresql", "postgres", "postgresql+psycopg"):
        return u.set(drivername="postgresql+psycopg")
    if u.drivername in ("sqlite", "sqlite+pysqlite"):
        return u
    raise StoreError(f"store address: the store runs on SQLite or PostgreSQL, got {u.drivername!r} "
                     f"(expected sqlite:///FILE or postgresql://USER@HOST/DB)")


def _sqlite_setup(engine: Engine) -> None:
    """SQLite: write-ahead log; BEGIN IMMEDIATE for writes so two writers wait in turn instead of failing."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # the driver's own BEGIN off: the begin hook below says which
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: sa.Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")


def _add_column(engine: Engine, table: str, column: str, sql_type: str) -> None:
    """A store made before a column existed gets it, empty for its old rows: the decisions' `why` (the computer's
    reasons, issue 25), the games' `rules` (the edition of the rules, session 50: empty is the first) and
    `edition` (the edition of the scenario's set-up, session 51: empty is the one current before then)."""
    def has() -> bool:
        return column in {c["name"] for c in sa.inspect(engine).get_columns(table)}

    if has():
        return
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}"))  # names of our own
    except sa.exc.SQLAlchemyError:  # another process added it at the same moment
        if not has():
            raise


def make_engine(url: str | URL) -> Engine:
    """A connected engine with the tables made (if they are not there yet)."""
    u = engine_url(url)
    try:
        if u.get_backend_name() == "sqlite":
            if u.database and u.database != ":memory:" and not u.database.startswith("file:"):
                Path(u.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            engine = sa.create_engine(u, connect_args={"timeout": 30})
            _sqlite_setup(engine)
        else:
            engine = sa.create_engine(u, pool_pre_ping=True)
        try:
            metadata.create_all(engine)
        except sa.exc.SQLAlchemyError:  # another process made the tables at the same moment: they are there now
            metadata.create_all(engine)
        _add_column(engine, "decisions", "why", "TEXT")
        _add_column(engine, "games", "rules", "INTEGER")
        _add_column(engine, "games", "edition", "INTEGER")
    except NoSuchModuleError as exc:
        raise StoreError(f"store address {u.render_as_string(hide_password=True)}: no driver ({exc}); "
                         f"PostgreSQL needs psycopg 3: pip install 'centurion[postgresql]'") from None
    except sa.exc.SQLAlchemyError as exc:
        raise StoreError(f"store address {u.render_as_string(hide_password=True)}: cannot open the store: "
                         f"{str(exc).splitlines()[0][:300]}") from None
    return engine


__all__ = ["ENV", "metadata", "games", "decisions", "default_url", "engine_url", "make_engine"]
