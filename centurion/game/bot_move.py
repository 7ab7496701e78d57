"""What the computer opponent weighs for a move (issue 25): the exact risk of a path, cover, elevation, spreading out.

`path_risk` reads the engine's resolved move (every Piloting Skill Roll's exact odds and the damage of a failure,
the grounding damage, CEN-SPD-1..3, CEN-GRD-1) and the vehicle's armor left, and gives the expected damage, the
expected points that get through the front or bottom armor to the internals (where ammunition and crew are) and the
chance that any do. `position_terms` scores every end hex at once: the terrain's combat modifier against fire
(CEN-TER-1; woods and buildings are cover), the hex's level (CEN-LOS-1) and the friends already standing in or
next to it. The bot (game/bot.py) adds these to its quick score and its exact weighing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..hexgrid import Hex, distance
from ..rules.fire import smoke_modifier, terrain_modifier
from ..rules.grav import Refusal
from ..rules.legal import legal_grav_moves
from ..rules.targets import in_arc
from ..rules.victory import OBJECTIVE_POINTS
from .skirmish import Skirmish, Vehicle


@dataclass(eq=False)
class Row:
    """One end weighed for a move (issue 25), rescored in place by the trap and reach checks: its score key (the
    score, then the chance of no damage and the end's hex and facing, so ties never go by list order), the end
    state, the path played to it (braked at its end where the level brakes), the chance that its own damage gets
    through the armor (G9) and the quick objective bonus in its score (book-b §15.2), which `reach_checks` replaces."""

    key: tuple
    end: Any
    move: Any
    p_through: float
    held: float

    @classmethod
    def weighed(cls, score: float, ties: tuple, end: Any, move: Any, p_through: float, held: float) -> Row:
        """A row whose key is `score` rounded (so sums in another order tie exactly), then the tie-breaks `ties`."""
        return cls((_rounded(score), *ties), end, move, p_through, held)

    @property
    def score(self) -> float:
        """The row's score, the first item of its key."""
        return self.key[0]

    def set_score(self, score: float) -> None:
        """Rescore the row, its tie-breaking items unchanged."""
        self.key = (_rounded(score), *self.key[1:])


def _rounded(score: float) -> float:
    """A score as the keys compare it: to 9 decimals, so float sums taken in another order still tie."""
    return round(score, 9)


POINT = 0.15  # score per point of self-inflicted damage (about a sixth of an expected hit's worth)
THROUGH = 0.3  # more per point that gets through the armor to the internals
PIERCED = 20.0  # the chance that anything gets through: ammunition, crew, the drive (book-a §13)


@dataclass(frozen=True)
class Risk:
    """The exact self-inflicted damage of a path: expected points, expected points past the armor, the chance of
    any past the armor, the chance of none at all (CEN-SPD-2, CEN-GRD-1)."""

    expected: float
    through: float
    p_through: float
    p_none: float

    def loss(self, worth: float) -> float:
        """What the risk costs in the bot's score, for a vehicle of this worth (its cost, more when damaged)."""
        unit = max(worth, 20.0) / 20  # losing any unit costs at least a battle tank's share of the victory points
        return (POINT * self.expected + THROUGH * self.through) * worth / 20 + PIERCED * self.p_through * unit


NO_RISK = Risk(0.0, 0.0, 0.0, 1.0)


def path_risk(s: Skirmish, v: Vehicle, move) -> Risk:
    """The exact self-inflicted damage of `move` for `v`: every piloting roll on the path by its odds, the damage
    of a failure on the front and bottom, the grounding damage on the bottom, against the armor left there."""
    r = s.resolve_move(v.key, move)
    if isinstance(r, Refusal):
        return Risk(1000.0, 1000.0, 1.0, 0.0)
    dist: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for e in r.checks:
        c = e.check
        ok = float(c.p_pass)
        nxt: dict[tuple[int, int], float] = {}
        for (f, b), p in dist.items():
            nxt[(f, b)] = nxt.get((f, b), 0.0) + p * ok
            k = (f + c.front, b + c.bottom)
            nxt[k] = nxt.get(k, 0.0) + p * (1 - ok)
        dist = nxt
    ground = r.grounding_damage
    armor = dict(v.sheet.armor.sections)
    front = armor["front"].intact if "front" in armor else 0
    bottom = armor["bottom"].intact if "bottom" in armor else 0
    expected = through = p_through = 0.0
    p_none = 0.0
    for (f, b), p in dist.items():
        b += ground
        q = p
        expected += q * (f + b)
        over = max(0, f - front) + max(0, b - bottom)
        through += q * over
        p_through += q * (over > 0)
        p_none += q * (f + b == 0)
    return Risk(expected, through, p_through, p_none)


def armor_fraction(v: Vehicle) -> float:
    """The share of the vehicle's armor boxes still intact."""
    full = sum(v.sheet.vehicle.armor.values()) or 1
    return sum(sec.intact for _n, sec in v.sheet.armor.sections) / full


def position_terms(s: Skirmish, v: Vehicle, hexes: np.ndarray, careful: bool) -> np.ndarray:
    """Per end hex: cover (minus the terrain's combat modifier, CEN-TER-1), elevation (CEN-LOS-1), and a penalty
    for friends already in the hex or next to it (one shot template or area attack less to fear, room to move)."""
    out = np.zeros(len(hexes))
    if not careful or not len(hexes):
        return out
    bm = s.battlemap
    cover: dict[tuple[int, int], float] = {}
    for i, (q, r) in enumerate(hexes.tolist()):
        if (q, r) not in cover:
            cell = bm.hexes.get(Hex(q, r))
            if cell is None:
                cover[(q, r)] = 0.0
            else:
                mod = terrain_modifier(cell.terrain)
                if "smoke" in cell.counters and mod is not None:  # as the to-hit counts it (book-b §10.3; audit 35:
                    mod += smoke_modifier(mod)  # the cover term read first_game's smoke in 2220 as clear ground)
                cover[(q, r)] = (2.0 if mod is None else -float(mod)) * 0.8 + 0.2 * cell.level
        out[i] += cover[(q, r)]
    for m in s.live_vehicles(v.side):
        if m.key == v.key:
            continue
        dq, dr = hexes[:, 0] - m.hex.q, hexes[:, 1] - m.hex.r
        d = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        out -= 2.5 * (d == 0) + 0.5 * (d == 1)
    return out


def speed_terms(s: Skirmish, v: Vehicle, ends) -> np.ndarray:
    """Per end, a quick penalty before the exact weighing: grounding at velocity (10 points a point on the bottom,
    CEN-GRD-1, weighed like `Risk.loss` against the bottom armor left), the chance of a failed piloting roll, and
    ending faster than 10, from where the vehicle can no longer stop or slow into cover next turn (CEN-GRAV-1)."""
    worth = (v.cost or 20) / 20
    armor = dict(v.sheet.armor.sections)
    bottom = armor["bottom"].intact if "bottom" in armor else 0
    out = np.zeros(len(ends))
    for i, e in enumerate(ends):
        p = float(e.p_no_damage)
        vmin = e.velocity_min
        pen = 1.0 * max(0, abs(vmin) - 10)
        if e.grounded and vmin:
            d = 10 * abs(vmin)
            pen += (POINT * d + THROUGH * max(0, d - bottom)) * worth + PIERCED * (d > bottom) * max(worth, 1.0)
        elif p < 1:
            pen += (1 - p) * (4 + 0.5 * abs(vmin)) * worth
        out[i] = pen
    return out


TRAP_CHECKS = 4  # at most this many of the best ends checked for a trap next turn (a count, not a clock)
TRAP_SPEED = 7  # from this end velocity on, the bot checks that next turn still has a risk-free move
TRAP = 20.0  # no risk-free move next turn: about a unit's loss (the map edge, woods, a lake ahead)


def trapped(s: Skirmish, v: Vehicle, move) -> float:
    """0 when the vehicle, after `move`, still has a risk-free move next turn; TRAP when it has none (it would
    have to ground at speed or fail piloting rolls, CEN-GRAV-2, CEN-SPD-1, CEN-GRD-1); half when under 10."""
    r = s.resolve_move(v.key, move)
    if isinstance(r, Refusal):
        return TRAP
    end = r.end_state()
    if end.grounded or abs(end.velocity) < TRAP_SPEED:
        return 0.0
    ends = legal_grav_moves(end, v.sheet.vehicle, s.battlemap)  # next turn: the engine's limits (`reach_chance`)
    safe = sum(1 for e in ends if e.p_no_damage == 1)
    return TRAP if safe == 0 else TRAP / 2 if safe < 10 else 0.0


HOLD = 25.0  # an objective held at the end is 75 victory points, a tank about 12 (book-b §15.2)


def objective_terms(s: Skirmish, v: Vehicle, hexes: np.ndarray, slow: np.ndarray | None = None,
                    ends: list | None = None) -> np.ndarray:
    """Per end hex: in the last turn, a large bonus within 1 hex of an objective no friend already covers, less
    where one friend does, none where two do (a unit within 1 hex holds it, or denies it to the enemy, book-b
    §15.2); the turn before, a smaller one within 4 hexes of an uncovered objective for the ends marked `slow`
    (from where it can reach it and stop)."""
    out = np.zeros(len(hexes))
    turns = s.scenario.turns
    if not len(hexes) or not s.scenario.objectives or s.turn < turns - 1:
        return out
    for o in s.scenario.objectives:
        mates = [m.hex for m in s.live_vehicles(v.side) if m.key != v.key and m.key in s.done]
        mates += [q.hex for q in s.squads if q.side == v.side and q.hex is not None and q.men > 0]
        covered = sum(1 for h in mates if distance(h, o.hex) <= 1)
        if covered >= 2:
            continue  # friends already hold (or deny) it
        dq, dr = hexes[:, 0] - o.hex.q, hexes[:, 1] - o.hex.r
        d = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        if s.turn >= turns:  # a second unit there in case the fire phase destroys the first
            out += (HOLD if covered == 0 else 0.4 * HOLD) * (d <= 1)
        elif not covered:  # from there, slow enough to brake to a stop beside it next turn (CEN-GRAV-1)
            near = (d <= 4) * (1.0 if slow is None else slow)
            if ends is not None:  # or heading for it, fast enough to get there (`heading_for`)
                near = np.maximum(near, heading_for(ends, o.hex) * (d - 1 <= _next_move(v, ends)))
            out += 0.5 * HOLD * near
    return out


def _next_move(v: Vehicle, ends: list) -> np.ndarray:
    """Per end, the most hexes the vehicle can enter next turn: its velocity plus its thrust (CEN-GRAV-1/2)."""
    return np.array([abs(e.velocity_min) for e in ends]) + v.sheet.vehicle.max_thrust


def heading_for(ends: list, target: Hex) -> np.ndarray:
    """Per end, 1 where the vehicle flies with `target` in its front arc (CEN-CMB-1's arcs, HEX-4): at speed it
    cannot turn back toward it in one move (the facing change table, CEN-GRAV-4)."""
    return np.array([0.0 if e.grounded else float(in_arc("hull", e.facing, e.facing, e.hex, target)) for e in ends])


def best_first(rows: list[Row], limit: int) -> Iterator[Row]:
    """The best weighed end (`rows`, by their score key) again after each rescoring in place, until the best is one
    already given or `limit` were: how the trap and reach checks spend a count of checks, not a clock."""
    given: set[int] = set()
    for _ in range(limit):
        r = max(rows, key=lambda r: r.key)
        if id(r) in given:
            return
        given.add(id(r))
        yield r


REACH_CHECKS = 8  # the turn before the last: at most this many of the best ends checked for an objective in reach


def reach_chance(s: Skirmish, v: Vehicle, state, target: Hex) -> float:
    """From movement state `state`, the best chance of no damage among next turn's legal ends within 1 hex of
    `target` (CEN-GRAV-1/2; 0 when none is; book-b §15.2: a unit within 1 hex holds or denies an objective).
    Next turn's speed limits are the engine's own: a cut for the driver's fire (VAR-WEAPONS) lasts only the turn
    after that fire, so this turn's cut does not reach the next, and this turn's fire is not declared yet."""
    ends = legal_grav_moves(state, v.sheet.vehicle, s.battlemap)
    return max((float(e.p_no_damage) for e in ends if distance(e.hex, target) <= 1), default=0.0)


def reach_goals(s: Skirmish, v: Vehicle) -> list[tuple[Hex, float]]:
    """The turn before the last: each objective that fewer than two friends (already moved, or squads beside it)
    can reach next turn, with what reaching it is worth to `v` (as `objective_terms` weighs the last turn)."""
    if s.turn != s.scenario.turns - 1:
        return []
    out = []
    for o in s.scenario.objectives:
        n = sum(1 for q in s.squads if q.side == v.side and q.hex is not None and q.men > 0
                and distance(q.hex, o.hex) <= 1)
        for m in s.live_vehicles(v.side):
            if n < 2 and m.key != v.key and m.key in s.done and reach_chance(s, m, m.grav(), o.hex) >= 0.5:
                n += 1
        if n < 2:
            out.append((o.hex, 0.5 * HOLD if n == 0 else 0.2 * HOLD))
    return out


def reach_checks(s: Skirmish, v: Vehicle, rows: list[Row]) -> None:
    """The turn before the last, the best ends rescored in place by what they can reach next turn (an objective
    within 1 hex, `reach_chance`) instead of the quick guess (`objective_terms`: near and slow); a count of
    checks, not a clock."""
    goals = reach_goals(s, v)
    if not goals:
        return
    for r in best_first(rows, REACH_CHECKS):
        res = s.resolve_move(v.key, r.move)
        if isinstance(res, Refusal):
            continue
        end = res.end_state()
        bonus = max(w * reach_chance(s, v, end, h) for h, w in goals)
        r.set_score(r.score - r.held + bonus * (1 - r.p_through))


def objective_stakes(s: Skirmish, side: str) -> dict[str, float]:
    """In the last turn, the enemy vehicles whose destruction changes who holds an objective at the end (book-b
    §15.2: a unit within 1 hex holds it when no enemy unit is within 1 hex): the only enemy unit near an objective
    is worth its 75 points (it holds it, or denies it to a friend beside it); one of two, a quarter of that."""
    if s.turn < s.scenario.turns:
        return {}
    enemy = s.other(side)
    out: dict[str, float] = {}
    for o in s.scenario.objectives:
        near = [v.key for v in s.live_vehicles(enemy) if distance(v.hex, o.hex) <= 1]
        squads = sum(1 for q in s.squads if q.side == enemy and q.hex is not None and q.men > 0
                     and distance(q.hex, o.hex) <= 1)
        if squads or not near or len(near) > 2:
            continue  # a squad still there denies it whatever the fire does to the vehicles
        for k in near:
            out[k] = out.get(k, 0.0) + OBJECTIVE_POINTS / len(near) ** 2
    return out


__all__ = ["NO_RISK", "REACH_CHECKS", "TRAP_CHECKS", "Risk", "Row", "armor_fraction", "best_first", "heading_for",
           "objective_stakes", "reach_chance", "reach_checks", "reach_goals",
           "objective_terms", "trapped", "path_risk", "position_terms", "speed_terms"]
