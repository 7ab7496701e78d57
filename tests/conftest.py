"""Test settings shared by the whole suite.

Hypothesis: no deadline anywhere (a loaded 2-core machine must not fail a property test for its speed), and under
CI (`CI=true`) derandomized, so a CI run draws the same examples every time (T9).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("centurion", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "centurion")


# --- the store's throwaway PostgreSQL cluster (issue 24, tests/pg_cluster.py) ------------------------------------
@pytest.fixture(scope="session")
def postgres_cluster():
    """A PostgreSQL server for this test session (a Unix socket in a temporary folder), stopped at the end.
    Skipped with the reason when the server binaries are absent, except under CI (CI=true), where it fails."""
    from tests.pg_cluster import Cluster, postgres_binaries

    bindir = postgres_binaries()
    if bindir is None:
        reason = "PostgreSQL's server binaries (initdb, pg_ctl) are not installed: apt-get install postgresql"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason + " (CI must run the store's tests on PostgreSQL)")
        pytest.skip(reason)
    cluster = Cluster(bindir).start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    """The store tests' address (tests/test_store*.py), a fresh, empty store of each engine: an SQLite file in a
    temporary folder, a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/games.db"
    return request.getfixturevalue("postgres_cluster").new_database()


STORE_SEED = 5  # the seed the `served` fixture's store draws, fixed so a stored game is the same each run


@pytest.fixture
def store_seed(monkeypatch) -> int:
    """Every store made in the test draws `STORE_SEED` for its games' dice, not a random seed."""
    from centurion.store import games as store_games

    monkeypatch.setattr(store_games.secrets, "randbits", lambda _bits: STORE_SEED)
    return STORE_SEED


@pytest.fixture
def served(tmp_path, monkeypatch, store_seed):
    """A page served with an SQLite store (as `centurion serve` does by default), the store's seed fixed (the walks
    of sessions 2 and 42; test files with a store of their own define their own `served`)."""
    from centurion.widgets import seat as seat_module

    monkeypatch.setenv("CENTURION_STORE", f"sqlite:///{tmp_path / 'games.db'}")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(seat_module, "_stores", {})
    return seat_module.served_store()


@pytest.fixture(autouse=True)
def _pages_fixed_seed(monkeypatch):
    """The battle pages draw a fresh seed for every game (W22); the tests that build one without a seed play seed 0,
    as before (tests/test_newcomer_w22.py takes this away to see the fresh seeds)."""
    monkeypatch.setenv("CENTURION_SEED", "0")


# --- the slowest files first, the browser tests on one worker (issue 22 item 7, issue 25) -------------------------
# pytest-xdist (`--dist loadfile --no-loadscope-reorder`, pyproject.toml) hands out whole files in collection order
# (by default it would hand out the files with the most tests first, which leaves the few, slow browser tests for
# the end); a long file handed out last keeps one core busy while the other idles. These files take the most time
# (measured with `--durations` and `--junitxml` in CI runs, docs/testing.md), so they go first; the order of tests
# inside a file (and of a notebook's cells) is kept.
SLOWEST_FILES = (
    "browser/test_serving.py", "browser/test_stored_games.py", "browser/test_chapters.py",
    "browser/test_guided_game.py", "browser/test_combat_chapters.py", "browser/test_skirmish.py",
    "browser/test_newcomer_clicks.py", "browser/test_navigation.py", "test_binder.py", "test_variant_move_game.py",
    "test_store.py", "test_serve_signals.py", "test_packaging.py", "test_game.py", "test_variants_game.py",
    "test_game_squads.py", "test_centuria_game.py", "test_variants_in_play.py",
)
BROWSER_SCOPE = "tests/browser"


def _slowness_rank(item) -> int:
    """0 for the files of SLOWEST_FILES (in its order), then every other file in collection order."""
    path = item.nodeid.split("::", 1)[0]
    for rank, name in enumerate(SLOWEST_FILES):
        if path == f"tests/{name}":
            return rank
    return len(SLOWEST_FILES)


def pytest_collection_modifyitems(config, items):
    """Run the slowest files first so that the two workers finish together."""
    items.sort(key=_slowness_rank)  # stable: the order inside a file and across the other files is kept


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: unknown where it is not installed
def pytest_xdist_make_scheduler(config, log):
    """Whole files to the workers, as `--dist loadfile`, except that the browser tests are one unit for every two
    workers (one unit on a 2-core machine): its worker runs those files one after the other while the other worker
    runs the rest. Two browser files at once (each with its Voila server, its kernels and its Chromium) ran each
    about twice as slowly as alone on a 2-core machine: the browser tests took 1,018 s of the workers' time in a CI
    run, 492 s one after the other (docs/testing.md, "Time of the suite")."""
    if config.getoption("dist") != "loadfile":
        return None  # another mode asked for on the command line: xdist's own scheduler
    from xdist.scheduler import LoadFileScheduling

    try:
        units = max(1, int(config.getoption("numprocesses")) // 2)
    except (TypeError, ValueError):
        units = 1

    files: dict[str, str] = {}  # a browser file -> its unit

    class BrowserApart(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)  # the test's file
            if not path.startswith(BROWSER_SCOPE + "/"):
                return path
            # the browser files, slowest first (SLOWEST_FILES), dealt round the units in turn
            return files.setdefault(path, f"{BROWSER_SCOPE} #{len(files) % units}")

    return BrowserApart(config, log)
