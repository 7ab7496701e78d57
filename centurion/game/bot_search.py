"""The elite's search (issue 25, item 2): in the painting and fire phases, the few options the veteran rates best
are each played out to the end of the turn several times with sampled dice, and the one with the best average
outcome is taken.

An outcome is scored for the side deciding as what decides a game (book-b §15.2): its victory points minus the
enemy's, plus `DAMAGE_WEIGHT` times the armor each side has lost, weighted by its vehicles' costs (a damaged tank is
nearer to being destroyed next turn). In the last turn the game ends with the turn, so the outcome is the final
score exactly. The samples never read the game's own dice: each playout takes a seed of its own, derived from the
game's seed and the decision's number (the same game replays the same choices), and every option is played out on
the same seeds (common random numbers: the options differ by their play, not by their luck). The work is bounded by
`CANDIDATES` x `SAMPLES` playouts, not by the clock; an optional deadline stops it early (the best so far is taken).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import replace

from . import bot_trace
from .actions import Action
from .bot_move import armor_fraction
from .skirmish import Skirmish

CANDIDATES = 4  # the options played out: the veteran's choice and its next best three
SAMPLES = 3  # playouts of each option, each on dice of its own
DAMAGE_WEIGHT = 0.5  # victory points per scenario point of armor lost (a vehicle's cost times its share lost)
SEARCHED = ("painting", "fire")  # the phases searched, in every turn (searching the last turn's moves too gained
# nothing measurable in 32 games and made the slowest decisions 2 s: docs/decisions.md)
PLAYOUT_LIMIT = 400  # decisions in one playout at most (a turn takes a few dozen)


def _armor_lost(s: Skirmish, side: str) -> float:
    """A side's armor lost, weighted by cost: each live vehicle's cost times the share of its armor boxes gone."""
    return sum((v.cost or 20) * (1 - armor_fraction(v)) for v in s.live_vehicles(side))


def outcome(s: Skirmish, side: str) -> float:
    """A playout's end scored for `side`: victory points against the enemy's (book-b §15.2), and before the game's
    end `DAMAGE_WEIGHT` times the armor lost by the enemy against its own."""
    enemy = s.other(side)
    value = float(s.points(side) - s.points(enemy))
    if not s.over:
        value += DAMAGE_WEIGHT * (_armor_lost(s, enemy) - _armor_lost(s, side))
    return value


def playout_seed(s: Skirmish, k: int) -> int:
    """The seed of the k-th playout of this decision: from the game's seed (0 in a stored game's view, which hides
    it) and the decision's number, never the game's own dice stream."""
    seed = s.seed if isinstance(s.seed, int) else 0
    return zlib.crc32(f"centurion search {seed} {len(s.history)} {k}".encode())


def playout(s: Skirmish, side: str, seed: int, policy: Callable[[Skirmish], Action]) -> float:
    """Play `s` to the end of its turn (or of the game) with `policy` for both sides, on dice seeded by `seed`;
    the end's `outcome` for `side`."""
    s = replace(s, seed=seed)
    turn = s.turn
    for _ in range(PLAYOUT_LIMIT):
        if s.over or s.turn != turn:
            break
        s = s.apply(policy(s))
    return outcome(s, side)


def searched(s: Skirmish) -> bool:
    """Whether the elite searches this decision: painting and fire, in every turn."""
    return s.phase in SEARCHED  # a Phase is a str enum: "painting" == Phase.PAINTING


def candidates(notes: list[bot_trace.Note], chosen: Action) -> list[Action]:
    """The base level's choice first, then its next best fire or painting options by its own scores (its tie-break
    key where it has one), `CANDIDATES` at most."""
    out = [chosen]
    scored = [n for n in notes if n.kind in ("fire", "paint")]
    ranked = sorted(range(len(scored)), key=lambda i: (-(scored[i].data.get("ranked") or (scored[i].score,))[0], i))
    for i in ranked:
        if len(out) >= CANDIDATES:
            break
        if scored[i].action not in out:
            out.append(scored[i].action)
    return out


def search(s: Skirmish, base: Callable[[Skirmish], Action], policy: Callable[[Skirmish], Action],
           expired: Callable[[], bool] = lambda: False) -> Action:
    """The elite's decision: `base`'s best options each played out `SAMPLES` times with `policy` (common seeds),
    the best average outcome taken (ties: the earlier option, `base`'s own choice first). Each option's average is
    noted for its reason (game/bot_reasons.py)."""
    with bot_trace.traced() as notes:
        chosen = base(s)
    options = candidates(notes, chosen)
    if len(options) < 2:  # nothing to search: the base level's own notes give the reason (walk of session 32: an
        for n in notes:  # elite's lone paint read "the only sensible decision open")
            bot_trace.note(n.kind, n.action, n.score, **n.data)
        return chosen
    side = s.active
    seeds = [playout_seed(s, k) for k in range(SAMPLES)]
    results: list[tuple[Action, float]] = []
    with bot_trace.silenced():
        for a in options:
            if results and expired():
                break
            after = s.apply(a)
            results.append((a, sum(playout(after, side, seed, policy) for seed in seeds) / len(seeds)))
    best = max(range(len(results)), key=lambda i: (round(results[i][1], 9), -i))
    for a, mean in results:
        bot_trace.note("search", a, mean, base=notes, samples=len(seeds))
    return results[best][0]


__all__ = ["CANDIDATES", "DAMAGE_WEIGHT", "SAMPLES", "candidates", "outcome", "playout", "playout_seed", "search",
           "searched"]
