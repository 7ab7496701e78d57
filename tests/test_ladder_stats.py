"""The ladder's win-rate interval (benchmarks/ladder.py): the 95 % Wilson score interval, checked against its
published values, so a row's '62 % of 64 games' is read with what those games can tell."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture(scope="module")
def ladder():
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("ladder_under_test", BENCH / "ladder.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (5, 10, 0.2366, 0.7634),   # Wilson (1927) at z = 1.96: the textbook example of half the games won
    (0, 10, 0.0, 0.2775),      # none won: the upper bound, not 0 (a naive p +- z sqrt(p(1-p)/n) says [0, 0])
    (10, 10, 0.7225, 1.0),
])
def test_wilson_interval_matches_its_published_values(ladder, k, n, low, high):
    lo, hi = ladder.wilson(k, n)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_sixty_four_games_cannot_tell_sixty_two_from_sixty_five_percent(ladder):
    lo, hi = ladder.wilson(40, 64)  # the veteran against the novice in session 11: 40 wins in 64 games
    assert lo < 0.65 < hi and hi - lo > 0.2
