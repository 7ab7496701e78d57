"""The ladder's win-rate interval (benchmarks/ladder.py): the 95 % Wilson score interval, checked against its
published values, so a row's '62 % of 64 games' is read with what those games can tell."""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
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


@pytest.mark.parametrize(("k", "n", "verdict"), [
    (7, 20, "in"),     # 35 %: on the band's edge, inside (issue 25, item 5: 35-65 %)
    (13, 20, "in"),    # 65 %
    (5, 20, "out?"),   # 25 %: the village's TOG at the veteran; Wilson 11.2-46.9 % (by hand) still reaches 35 %
    (14, 20, "out?"),  # 70 %: Wilson 48.1-85.5 % reaches 65 %
    (1, 20, "OUT"),    # 5 %: the village's TOG at the elite; Wilson 0.9-23.6 % (by hand) lies wholly under 35 %
    (19, 20, "OUT"),   # 95 %: 76.4-99.1 %, wholly over 65 %
    (0, 0, "out?"),    # no games: nothing known
])
def test_band_verdict_tells_an_out_of_band_rate_from_noise(ladder, k, n, verdict):
    assert ladder.band_verdict(k, n) == verdict


@pytest.mark.parametrize(("better", "worse", "p"), [
    (5, 0, Fraction(1, 16)),   # 5 of 5 one way: 2 x (1/2)^5
    (3, 1, Fraction(5, 8)),    # n = 4, at most 1 the rarer way: 2 x (1 + 4) / 16
    (2, 2, Fraction(1)),       # an even split: nothing to tell (2 x 11/16 capped at 1)
    (0, 0, Fraction(1)),       # nothing changed
])
def test_sign_test_matches_the_binomial_worked_by_hand(ladder, better, worse, p):
    assert ladder.sign_test(better, worse) == p
    assert ladder.sign_test(worse, better) == p


def test_compare_counts_the_games_whose_result_changed_for_the_player(ladder):
    """Two records of the same three games: one a loss turned win (better), one a win turned draw (worse), one
    the same; a game only one record holds is not compared."""
    def row(seed, winner, scenario="meeting"):
        return {"pair": "veteran:baseline", "scenario": scenario, "seed": seed,
                "players": {"renegade": "veteran", "tog": "baseline"}, "winner": winner}

    old = [row(0, "baseline"), row(1, "veteran"), row(2, None, "village"), row(3, "veteran")]
    new = [row(0, "veteran"), row(1, None), row(2, None, "village"), row(9, "baseline")]
    c = ladder.compare(old, new, "veteran")
    assert (c["games"], c["changed"], c["better"], c["worse"]) == (3, 2, 1, 1)
    assert c["by"] == {"meeting": [1, 1]} and c["p"] == 1
    assert ladder.compare(new, old, "veteran")["games"] == 3


def test_a_centuria_battle_in_the_ladder_records_its_round_and_the_pieces_lost(ladder):
    """The ladder plays a level pair on a Centuria battle too (issue 25: every scenario): the battle's round stands
    for the turn, no side "moves first" (CTA-SEQ alternates within the round), and a side's losses are its pieces
    no longer on the field, each named once; the result is the battle's own."""
    from centurion.game import bot_action, new_skirmish

    players = {"legio": "veteran", "auxilia": "novice"}
    r = ladder.play("centuria_farmstead", 0, players)
    s = new_skirmish("centuria_farmstead", seed=0)  # the same battle played here, to read its end independently
    while not s.over:
        s = s.apply(bot_action(s, players[s.active]))
    assert r["winner"] == players[s.result.winner] and r["points"] == dict(s.result.points)
    assert r["turn"] == s.battle.round and r["first"] is None
    for side in ("legio", "auxilia"):
        start = {p.id for p in new_skirmish("centuria_farmstead", seed=0).battle.pieces if p.side == side}
        living = {p.id for p in s.battle.living(side)}
        assert r["lost"][side] == sorted(start - living) and len(set(r["lost"][side])) == len(r["lost"][side])
    assert any(r["lost"].values())  # a battle fought to its end removes somebody


def test_the_baseline_is_not_paired_on_a_centuria_battle(ladder):
    """The frozen baseline (benchmarks/baseline_bot.py) is the Centurion computer: the ladder says so instead of
    failing in a worker."""
    with pytest.raises(SystemExit, match="baseline plays Centurion only"):
        ladder.main(["--seeds", "0", "--pairs", "veteran:baseline", "--scenarios", "centuria_farmstead"])
