"""How far the elite's fire search can go (issue 25, item 2): the ladder's elite-v-veteran games with the search
changed, to measure, never to ship.

`--oracle` plays each painting and fire option out once on the game's *own* dice: a game's dice come from its
seed and the decision's number (game/skirmish.py), so the playout draws the rolls the game will draw and, against
the veteran, plays its real replies. That is an upper bound, not a player: the shipped elite takes dice of its own
(tests/test_bot_levels.py::test_elite_search_never_reads_the_games_own_dice). `--samples N` keeps honest dice and
plays each option out N times instead of `bot_search.SAMPLES`. Session 27's figures: docs/decisions.md.

Run: nice python benchmarks/elite_bounds.py --oracle --seeds 0 1 2 3 4 5 6 7
     nice python benchmarks/elite_bounds.py --samples 12 --seeds 0 1 2 3 4 5 6 7
(other arguments go to benchmarks/ladder.py; the pair is elite:veteran unless `--pairs` says otherwise)
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import ladder

from centurion.game import bot_search


def main(argv: list[str] | None = None) -> None:
    """Change the elite's search as asked, then run the ladder (its workers are forked, so they see the change)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--oracle", action="store_true", help="one playout an option, on the game's own dice")
    mode.add_argument("--samples", type=int, help="playouts an option, on dice of their own")
    args, rest = ap.parse_known_args(argv)
    if args.oracle:
        bot_search.SAMPLES = 1
        bot_search.playout_seed = lambda s, k: s.seed  # the game's own dice: the bound, not a player
    else:
        if args.samples < 1:
            ap.error(f"--samples must be at least 1, not {args.samples}")
        bot_search.SAMPLES = args.samples
    if "--pairs" not in rest:
        rest += ["--pairs", "elite:veteran"]
    multiprocessing.set_start_method("fork", force=True)
    how = "one playout an option, the game's own dice" if args.oracle else f"{args.samples} playouts an option"
    print(f"elite search: {how}")
    ladder.main(rest)


if __name__ == "__main__":
    main()
