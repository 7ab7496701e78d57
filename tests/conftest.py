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


@pytest.fixture(autouse=True)
def _pages_fixed_seed(monkeypatch):
    """The battle pages draw a fresh seed for every game (W22); the tests that build one without a seed play seed 0,
    as before (tests/test_newcomer_w22.py takes this away to see the fresh seeds)."""
    monkeypatch.setenv("CENTURION_SEED", "0")
