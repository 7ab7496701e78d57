"""The computer opponent: picks a legal action for the side to decide from the exact odds (issue 14, item 5).

Moves: every legal end state of the vehicle (the engine's `legal_grav_moves`) gets a quick score (range to the
nearest enemy against the range its weapons like, the objectives, staying near its platoon, the chance of
no piloting damage); the best few are then weighed exactly: the expected hits it can deal from there (the
engine's fire declaration, to-hit odds as Fractions) against the expected hits the enemy can deal to it there
(its shields on the side shown, cover, hull down in a crater). Fire and painting: the target with the most
expected hits, weighted by what the target is worth and how damaged it already is. The work is bounded by the
level's number of candidates, not by the clock, so a seed and the levels replay a computer game exactly on any
machine; an optional `budget` (seconds) caps a decision's exact weighing (its choice then depends on the machine).

Levels: "novice" (a beginner: few candidates, the move drawn among its 3 best by the game's seeded dice, only its
own fire counts, shoots the nearest target, never stands on opportunity fire or lays smoke), "veteran" (more
candidates, weighs the fire it takes, lays smoke, and plays like a player: cover, no stacking,
objectives at the end, braking, no trap next turn, paints spread, focus fire) and "elite" (the veteran, in
the last turn moving, painting and firing at the enemy whose destruction changes who holds an objective, and
playing its best painting and fire options out to the end of the turn on dice of its own: game/bot_search.py).
Every level weighs the exact self-inflicted damage
of each path it weighs, its size and odds (game/bot_move.py, issue 25).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from ..hexgrid import Hex, distance, format_label
from ..rules.grav import GravMove, Refusal
from ..rules.targets import TargetView
from . import bot_search, bot_trace
from .actions import (
    Action,
    Conceal,
    EndTurn,
    Fire,
    IllegalAction,
    Leadership,
    LetPass,
    March,
    Move,
    OpportunityFire,
    Order,
    Paint,
    Smoke,
    SquadFire,
    Stay,
    Watch,
)
from .bot_fire import dealt_from, paint_odds, paint_plans, screened
from .bot_fire import harm_from as _harm_from
from .bot_fire import hits_from as _hits_from
from .bot_fire import plan_hits as _plan_hits
from .bot_harm import plan_harm
from .bot_move import (
    NO_RISK,
    TRAP_CHECKS,
    Row,
    armor_fraction,
    best_first,
    objective_stakes,
    objective_terms,
    path_risk,
    position_terms,
    reach_checks,
    speed_terms,
    trapped,
)
from .bot_range import preferred_range
from .enums import Level
from .skirmish import Skirmish, Vehicle, decision_dice
from .variants import variant_move_bonus, with_variant_candidates


@dataclass(frozen=True)
class LevelSettings:
    """How hard the computer thinks: candidates weighed exactly, whether it fears return fire, tactics."""

    name: Level
    candidates: int
    defensive: bool
    tactics: bool
    careful: bool = False  # cover, elevation, spreading out, coordinated painting and fire (issue 25)
    safe: int = 2  # risk-free ends weighed exactly besides the best quick scores (issue 25, G9)
    stakes: bool = False  # in the last turn, fire and paint at the enemy that holds or denies an objective
    pick: int = 1  # a beginner: the move drawn from its best `pick` ends by the game's seeded dice (issue 25)
    unstacked: bool = False  # ends no move on a friend when another end exists (issue 26, walk-through 16)
    reach: bool = False  # the turn before the last: ends from which an objective is in reach next turn (issue 25)
    search: bool = False  # its best options played out to the end of the turn on sampled dice (game/bot_search.py)


LEVELS: dict[str, LevelSettings] = {  # keyed by Level (a str enum: LEVELS["novice"] works too, issue 23)
    Level.NOVICE: LevelSettings(Level.NOVICE, 4, False, False, pick=3, unstacked=True),
    Level.VETERAN: LevelSettings(Level.VETERAN, 24, True, True, careful=True, safe=6, reach=True),
    Level.ELITE: LevelSettings(Level.ELITE, 24, True, True, careful=True, safe=6, reach=True, stakes=True,
                               search=True),
}


def bot_action(s: Skirmish, level: str = "veteran", *, budget: float | None = None,
               clock: Callable[[], float] | None = None) -> Action:
    """A legal action for `s.active`, chosen from the exact odds; deterministic unless `budget` (seconds) caps the
    exact weighing. `clock` (default time.perf_counter) is read only under a budget; tests inject a fake one."""
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"level is one of {', '.join(LEVELS)}, got {level!r}"[:200])
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not budget > 0 or budget == float("inf")):
        raise ValueError(f"budget is a number of seconds > 0 (or None), got {budget!r}"[:200])
    if getattr(s, "system", "centurion") == "centuria":  # issue 15: the Centuria opponent
        from .centuria_bot import centuria_bot_action

        return centuria_bot_action(s, level, budget=budget)
    if s.over:
        raise IllegalAction("CEN-SEQ-1", "the game is over")  # what apply says (issue 20, G5)
    lv = LEVELS[level]
    now = clock or time.perf_counter
    deadline = None if budget is None else now() + budget
    return _decide(s, lv, deadline, now)


def _decide(s: Skirmish, lv: LevelSettings, deadline: float | None, now: Callable[[], float]) -> Action:
    """The level's action for the side to decide (the elite searches its painting and fire, game/bot_search.py)."""
    if lv.search and bot_search.searched(s):
        veteran = LEVELS[Level.VETERAN]
        return bot_search.search(s, base=lambda x: _decide(x, replace(lv, search=False), deadline, now),
                                 policy=lambda x: _decide(x, veteran, None, now),
                                 expired=lambda: deadline is not None and now() > deadline)
    p = s.phase
    if p == "initiative":
        return max(s.legal_actions(), key=lambda a: a.points)
    if p == "order":
        order = s.game_rules.bot_order(s)  # a variant's order decision (VAR-INIT: who activates first)
        return order if order is not None else Order(False)  # moving last sees the enemy's moves first (CEN-SEQ-2)
    if p == "movement":
        return _movement(s, lv, deadline, now)
    if p == "opportunity":
        return _opportunity(s)
    if p == "painting":
        return _paint_together(s, lv.stakes) if lv.careful else _paint(s)
    if p == "fire":
        return _fire(s, lv.careful, nearest=lv.pick > 1, stakes=lv.stakes)
    if p == "end":
        return _end(s, lv)
    return s.legal_actions()[0]


# --- odds --------------------------------------------------------------------------------------------------

def _worth(s: Skirmish, key: str) -> float:
    """What hitting a unit is worth: its cost, more when its armor is already thin."""
    units = s.combat_units()
    u = units[key]
    if u.sheet is None:
        return 10.0
    v = s.vehicle(key)
    return (v.cost or 20) * (2.0 - armor_fraction(v))


def _max_range(v: Vehicle) -> int:
    return max((w.range for i, w in enumerate(v.sheet.vehicle.weapons) if v.sheet.weapon_usable(i)), default=0)


def _enemies(s: Skirmish, side: str) -> list[Vehicle]:
    return s.live_vehicles(s.other(side))


# --- movement ------------------------------------------------------------------------------------------------

def _movement(s: Skirmish, lv: LevelSettings, deadline: float | None,
              now: Callable[[], float] = time.perf_counter) -> Action:
    movers = s.movers()
    if not movers and s.squads_alone():  # a platoon of squads alone: a useful step, else each stays (CEN-SEQ-2)
        others = s.movement_others()
        step = _squad_step(s, lv, others, _enemies(s, s.active)) if s.active else None
        return step or next((a for a in others if isinstance(a, Stay)), None) or s.legal_actions()[0]
    if not movers:
        return s.legal_actions()[0]
    v = movers[0]
    others = s.movement_others()
    enemies = _enemies(s, v.side)
    squad = _squad_step(s, lv, others, enemies)
    if squad is not None:
        return squad
    ram = s.game_rules.bot_ram(s, v.key)  # VAR-RAM: a ram whose expected damage beats what it takes
    if ram is not None:
        return ram
    ends = s.end_states(v.key)
    if not ends:
        return next(a for a in s.legal_actions() if getattr(a, "unit", None) == v.key)
    if lv.unstacked:  # a beginner does not end on a friend when another end exists (legal, CEN-STK-1; W4, walk 16)
        ends = _unstacked(s, v, ends)
    mates = [m.hex for m in s.live_vehicles(v.side) if m.platoon == v.platoon and m.key != v.key]
    objectives = [o.hex for o in s.scenario.objectives]
    late = s.turn / max(1, s.scenario.turns)
    reach = max(6, min(_max_range(v), 15))
    pref = max(4, reach * 2 // 3)
    liked = preferred_range(v, enemies, lambda k: _worth(s, k)) if lv.careful else None
    if liked is not None:  # nearer, where its weapons outgun the enemy's (game/bot_range.py, book-a 8.3)
        pref = min(pref, liked)
    if lv.careful and objectives and _outgunned(s, v.side):  # the weaker side runs for its objective (issue 25)
        pref = -max((_max_range(x) for x in enemies), default=0) - 2

    hexes = np.array([e[0] for e in ends], dtype=np.int64).reshape(-1, 2)
    p_safe = np.array([float(e.p_no_damage) for e in ends])
    quick = _quick_scores(ends, enemies, objectives, mates, pref, late)
    quick = quick + position_terms(s, v, hexes, lv.careful)  # cover, elevation, no stacking (issue 25, G10)
    quick = quick - speed_terms(s, v, ends)  # a first guess of the self-inflicted damage; too fast to stop (G9)
    slow = np.array([e.grounded or abs(e.velocity_min) <= v.sheet.vehicle.max_thrust for e in ends], dtype=float)
    held = (objective_terms(s, v, hexes, slow, ends if lv.reach else None) if lv.careful  # within 1 hex, §15.2
            else np.zeros(len(ends)))
    quick = quick + held
    quick = quick + variant_move_bonus(s, v, ends, enemies)  # facing the enemy (VAR-LATERAL/-EMERGENCY; else 0)
    if objectives and any(q.aboard == v.key and q.men > 0 for q in s.squads):  # a carrier: set the squad down
        near = np.min(np.stack([_distances(hexes, o) for o in objectives]), axis=0) <= 1
        quick += 3.0 * (near & np.array([e.grounded for e in ends]))
    order = np.lexsort((np.arange(len(ends)), -p_safe, -quick))[: lv.candidates]
    safe = np.lexsort((np.arange(len(ends)), -quick, -p_safe))[: lv.safe]  # the safest ends always weighed (G9)
    order = np.concatenate([order, safe[~np.isin(safe, order)]])
    order = with_variant_candidates(ends, quick, order)  # the best variant ends weighed too (VAR-LATERAL/-EMERGENCY)
    ranked = [ends[i] for i in order.tolist()]
    units = s.combat_units()
    hits = _harm_from if lv.careful else _hits_from  # the careful levels weigh a hit by where it lands (bot_harm)
    mine = _worth(s, v.key)
    staked = objective_stakes(s, v.side) if lv.stakes else {}  # the elite: in range of an objective's holder
    rows = []
    bot_trace.note("moves", None, 0.0, rows=rows, unit=v, level=lv, move_for=_move_for, hits=_hits_from,
                   dealt=dealt_from, me_at=_me_at, worth=_worth, reach=_max_range, pref=pref)  # scored below
    for n, (i, e) in enumerate(zip(order.tolist(), ranked, strict=True)):
        if n and deadline is not None and now() > deadline:
            break
        risk = NO_RISK if e.p_no_damage == 1 else path_risk(s, v, e.safest.move)
        score = float(quick[i]) - risk.loss(mine)  # its exact self-inflicted damage, size and odds (G9)
        score -= float(held[i]) * risk.p_through  # a wreck holds nothing
        deal = 0.0
        for x in enemies:
            tv = units[x.key].target_view(units[v.key])
            dh = dealt_from(s, v, e.hex, e.facing, tv)[0] if lv.careful else hits(s, v, e.hex, e.facing, tv)
            deal = max(deal, dh * (_worth(s, x.key) + staked.get(x.key, 0.0)) / 20)  # painted or not (bot_fire)
        score += 3.0 * deal * (1.0 - risk.p_through)  # a wreck fires nothing either (G9: meeting seed 15's R12)
        if lv.defensive:
            me = _me_at(s, v, e)
            for x in enemies:
                if distance(x.hex, e.hex) <= _max_range(x):
                    score -= 2.0 * hits(s, x, x.hex, x.facing, me) * mine / 20
        move = _braked(s, v, e, want_slow=bool(slow[i]) and held[i] > 0 and s.turn < s.scenario.turns) \
            if lv.careful else e.safest.move
        rows.append(Row.weighed(score, (risk.p_none, -e.hex.q, -e.hex.r, -e.facing), e, move,  # not by order
                                risk.p_through, float(held[i]) * (1 - risk.p_through)))
    if lv.careful:  # the best few ends: is there still a risk-free move next turn? (issue 25, G9)
        for r in best_first(rows, TRAP_CHECKS):  # until the best end is one already checked
            t = trapped(s, v, r.move)
            if t:  # no room next turn at this speed (the map's edge, woods ahead): brake as hard as the thrust allows
                slower = _braked(s, v, r.end, want_slow=True)
                if slower != r.move and (t2 := trapped(s, v, slower)) < t:
                    r.move, t = slower, t2
            r.set_score(r.score - t * max(mine, 20.0) / 20)
    if lv.reach:  # the turn before the last: an objective in reach next turn, checked exactly (book-b §15.2)
        reach_checks(s, v, rows)
    best = max(rows, key=lambda r: r.key) if lv.pick == 1 else _beginner_pick(s, rows, lv.pick)
    return _move_for(s, v, best.end, best.move)


def _unstacked(s: Skirmish, v: Vehicle, ends: list) -> list:
    """The end states in no hex holding another live unit of `v`'s side, or all of them when every end does
    (stacking is legal, CEN-STK-1, but a stack hides the units under the top counter: W4)."""
    friends = {m.hex for m in s.live_vehicles(v.side) if m.key != v.key}
    friends |= {q.hex for q in s.squads if q.side == v.side and q.hex is not None and q.men > 0}
    return [e for e in ends if e.hex not in friends] or list(ends)


def _beginner_pick(s: Skirmish, rows: list[Row], pick: int) -> Row:
    """The novice's move: one of its `pick` best weighed ends, never one riskier to itself than the best, drawn by
    a d6 from the game's seeded dice (a stream of its own per decision: the same game replays the same picks). A
    stored game's view hides its seed (issue 24): the stream then comes from the decision count alone."""
    rows = sorted(rows, key=lambda r: r.key, reverse=True)
    top = [r for r in rows[:pick] if r.p_through <= rows[0].p_through]
    seed = s.seed if isinstance(s.seed, int) else 0
    roll = decision_dice(seed, -2 - len(s.history)).roll("d6", purpose="the novice's move", rule="issue 25").result
    return top[min(len(top) - 1, 0 if roll <= 3 else 1 if roll <= 5 else 2)]


CRUISE = 10  # the careful levels end a move no faster than this when the path allows (issue 25)


def _braked(s: Skirmish, v: Vehicle, e, want_slow: bool):
    """The safest path to end `e`, decelerating at its end (CEN-GRAV-1: the hexes and their rolls unchanged) to
    CRUISE, or as slow as the thrust allows when it must stop beside an objective next turn."""
    base = e.safest.move
    if e.grounded or not isinstance(base, GravMove):
        return base
    r = s.resolve_move(v.key, base)
    if isinstance(r, Refusal) or r.end_velocity <= 0:
        return base
    want = max(0, e.velocity_min) if want_slow else CRUISE
    for extra in range(r.end_velocity - want, 0, -1):
        m = replace(base, decelerate=base.decelerate + extra)
        if not isinstance(s.resolve_move(v.key, m), Refusal):
            return m
    return base


def _me_at(s: Skirmish, v: Vehicle, e) -> TargetView:
    """`v` as a target standing at end state `e` (hull down when it grounds in a crater)."""
    units = s.combat_units()
    return replace(units[v.key].target_view(), hex=e.hex, facing=e.facing,
                   crater=e.grounded and "crater" in s.battlemap[e.hex].counters)


def _squad_step(s: Skirmish, lv: LevelSettings, others: list, enemies: list[Vehicle]) -> Action | None:
    """A squad of the moving platoon walks toward the nearest objective; on it (within 1 hex), with enemies within
    12 hexes, the careful levels stand it on opportunity fire where it may (CEN-OPP-1), else hide it (CEN-CMB-1,
    book-a §16.7); None when no squad has anything useful to do."""
    objectives = [o.hex for o in s.scenario.objectives]
    if not objectives:
        return None
    for a in others:
        if not isinstance(a, (March, Conceal)):
            continue
        q = s.squad(a.squad)
        d0 = min(distance(q.hex, o) for o in objectives)
        if d0 <= 1:
            if lv.tactics and any(distance(q.hex, e.hex) <= 12 for e in enemies):
                if Watch(q.key) in others:  # stands on opportunity fire where it may (session 52), else hides
                    return Watch(q.key)
                return Conceal(q.key)
            continue
        targets = s.march_targets(q.key)
        if targets:
            best = min(targets, key=lambda h: (min(distance(h, o) for o in objectives), targets[h], h))
            if min(distance(best, o) for o in objectives) < d0:
                return March(q.key, format_label(best))
    return None


OUTGUNNED = 0.5  # a side whose vehicles are worth less than this share of the enemy's keeps off and goes for goals


def _outgunned(s: Skirmish, side: str) -> bool:
    """Whether `side`'s live vehicles cost less than OUTGUNNED times the enemy's (the pursuit's Vipers: 15 to 45)."""
    mine = sum(x.cost or 20 for x in s.live_vehicles(side))
    theirs = sum(x.cost or 20 for x in s.live_vehicles(s.other(side)))
    return mine < OUTGUNNED * theirs


def _distances(hexes: np.ndarray, h: Hex) -> np.ndarray:
    dq, dr = hexes[:, 0] - h.q, hexes[:, 1] - h.r
    return (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2


def _quick_scores(ends: list, enemies: list[Vehicle], objectives: list[Hex], mates: list[Hex], pref: int,
                  late: float) -> np.ndarray:
    """The quick score of every end state at once: range to the nearest enemy against the liked range, the
    objectives (more as the game runs out), staying within 3 hexes of the platoon, the odds of no damage."""
    hexes = np.array([e[0] for e in ends], dtype=np.int64).reshape(-1, 2)
    score = np.zeros(len(ends))
    if enemies:
        d = np.min(np.stack([_distances(hexes, x.hex) for x in enemies]), axis=0)
        score -= np.abs(d - pref) if pref >= 0 else np.maximum(0, -pref - d)  # pref < 0: only stay that far off
    if objectives:
        d = np.min(np.stack([_distances(hexes, o) for o in objectives]), axis=0)
        score -= d * (0.3 + 1.2 * late)
    if mates:
        spread = np.mean(np.stack([_distances(hexes, m) for m in mates]), axis=0)
        score -= np.maximum(0.0, spread - 3) * 0.4
    score += 4.0 * np.array([float(e.p_no_damage) for e in ends])  # a first guess; the exact risk comes later
    score += 0.5 * np.array([e.grounded and e.velocity_max == 0 for e in ends], dtype=float)
    return score


def _move_for(s: Skirmish, v: Vehicle, e, move=None) -> Action:
    """The safest path to the chosen end (or `move`, the same path braked); a carrier grounding next to an
    objective lets its squad out (CEN-MNT-1)."""
    carrying = any(q.aboard == v.key and q.men > 0 for q in s.squads) and s.dismount_refusal_at(e.hex) is None
    near_objective = any(distance(e.hex, o.hex) <= 1 for o in s.scenario.objectives)
    return Move(v.key, e.safest.move if move is None else move, dismount=carrying and e.grounded and near_objective)


# --- opportunity, painting, fire, end ----------------------------------------------------------------------

def _opportunity(s: Skirmish) -> Action:
    """Opportunity fire at the unit moving (CEN-OPP-1): the shot expecting the most hits if at least 0.4, else none;
    every level alike."""
    best, score = None, 0.0
    mover_key, path = s.pending_move
    for a in s.opportunity_actions():
        if a.weapon is not None:  # a squad on watch (a person's: no level puts one there): its expected hits
            att = s.squad_opportunity(a.unit, a.weapon, a.step)
            hits = float(att.attacks * att.to_hit.chance)
        else:
            plan = s.attack_set(s.vehicle(a.unit), mover_key, at=path[a.step - 1], opportunity=True)
            hits = _plan_hits(plan, s.rules)
        if hits > score:
            best, score = a, hits
        bot_trace.note("opportunity", a, hits)  # its reason (game/bot_reasons.py, issue 25)
    if best is not None and score >= 0.4:
        return best
    return LetPass()


def _paint(s: Skirmish) -> Action:
    best, chance = None, Fraction(0)
    squads = {q.key: s.fire_actions(q.key)[:-1] for q in s.squads if q.key in s.undeclared()}
    for a in s.legal_actions():
        if a.target is None or (squads.get(a.unit)):
            continue  # a squad that paints does nothing else: it paints only when it has nothing to fire at
        att = s.paint_attempt(a.unit, a.target)
        c = paint_odds(s, att)
        if c > chance:
            best, chance = a, c
        bot_trace.note("paint", a, c)  # its reason (game/bot_reasons.py, issue 25)
    if best is not None:
        return best
    return next(a for a in s.legal_actions() if isinstance(a, Paint) and a.target is None)  # paint nothing


def _paint_together(s: Skirmish, stakes: bool = False) -> Action:
    """Paint where it adds most to the side's fire (book-a §7.2: a painted target's shields do not count): the
    chance to paint times what painting adds to the expected harm of the side's vehicles on it (their plans painted
    and not) times its worth; never a target a friend paints already (the paints spread, G10)."""
    side = s.active
    units = s.combat_units()
    done = {t for p, t in s.paints if units[p].side == side}
    squads = {q.key: s.fire_actions(q.key)[:-1] for q in s.squads if q.key in s.undeclared()}
    friends = s.live_vehicles(side)
    staked = objective_stakes(s, side) if stakes else {}
    best, best_key = None, None
    for a in s.legal_actions():
        if a.target is None or squads.get(a.unit) or a.target in done:
            continue  # a squad that paints does nothing else: it paints only when it has nothing to fire at
        c = _paint_odds(s, a.unit, a.target)
        if c <= 0:
            continue
        gain = 0.0
        for f in friends:  # each friend's plan as it stands, on the target as it is and painted by a.unit
            bare, painted = paint_plans(s, f, a.target, a.unit)
            gain += max(0.0, plan_harm(s, painted, common=True) - plan_harm(s, bare, common=True))
        worth = _worth(s, a.target) + staked.get(a.target, 0.0)
        key = (round(c * (PAINT_FLOOR + gain) * worth, 9), a.target, a.unit)  # ties: by key, not order
        if best_key is None or key > best_key:
            best, best_key = a, key
        bot_trace.note("paint", a, key[0], ranked=key)  # its reason (game/bot_reasons.py, issue 25)
    if best is not None:
        return best
    return next(a for a in s.legal_actions() if isinstance(a, Paint) and a.target is None)  # paint nothing


PAINT_FLOOR = 0.05  # a paint nobody's fire gains from still beats painting nothing (it costs the vehicle nothing)


def _paint_odds(s: Skirmish, unit: str, target: str) -> float:
    """The exact chance of `unit`'s painting attempt at `target` (book-a §7.1), 0 when it may not paint."""
    return float(paint_odds(s, s.paint_attempt(unit, target)))


def _fire(s: Skirmish, careful: bool = False, nearest: bool = False, stakes: bool = False) -> Action:
    """The best expected fire (careful: focus and kills weigh more); a beginner (`nearest`) shoots the nearest
    target it can hurt, the best expected hits among those."""
    best, score, best_key = None, -1.0, None
    side = s.active
    aimed: dict[str, int] = {}  # careful: the targets friends already fire at this turn (focus fire)
    staked = objective_stakes(s, side) if stakes else {}  # the elite: an objective changes hands with it
    for f in s.fires:
        if len(f) >= 2 and s.combat_units()[f[0]].side == side:
            aimed[f[1]] = aimed.get(f[1], 0) + 1
    for a in s.legal_actions():
        if a.target is None:
            continue
        if isinstance(a, SquadFire) and s.concealed(a.unit):  # it hid to hold or deny ground: it stays hidden
            continue
        if isinstance(a, SquadFire):  # expected hits; a missile or mortar template weighs double (book-a §16)
            att = s.squad_attack(a.unit, a.weapon, a.target)
            val = float(att.attacks * att.to_hit.chance) * _worth(s, a.target) * (1 if a.weapon == "personal" else 2)
        else:
            plan = s.attack_set(s.vehicle(a.unit), a.target)
            val = (plan_harm(s, plan, common=True) if careful else _plan_hits(plan, s.rules)) * _worth(s, a.target)
            if getattr(a, "driver", False):  # the driver's weapons at half weight: his roll, next turn's limits
                from .crew import driver_plan

                val += 0.5 * _plan_hits(driver_plan(s, s.vehicle(a.unit), a.target), s.rules) * _worth(s, a.target)
        if careful:  # focus: what friends already shoot at, and what is nearly gone, is worth more (issue 25)
            val *= 1.0 + FOCUS * aimed.get(a.target, 0) + _kill_chance(s, a.target)
            val *= 1.0 + staked.get(a.target, 0.0) / max(1.0, _worth(s, a.target))
            key = (round(val, 9), a.target, a.unit)  # ties broken by the target's key, not by list order
            if val > 0 and (best_key is None or key > best_key):
                best, best_key = a, key
        elif nearest:
            key = (-distance(s.combat_units()[a.unit].hex, s.combat_units()[a.target].hex), round(val, 9))
            if val > 0 and (best_key is None or key > best_key):
                best, best_key = a, key
        elif val > score:
            best, score = a, val
        bot_trace.note("fire", a, val, ranked=(round(val, 9), a.target, a.unit) if careful else None)  # issue 25
    if best is not None:
        return best
    return next(a for a in s.legal_actions() if isinstance(a, Fire) and a.target is None)  # no shot worth it: hold


FOCUS = 0.3  # the careful levels: each friend already firing at a target adds this share to its worth (G10)


def _kill_chance(s: Skirmish, key: str) -> float:
    """How near destruction a target is: 1 minus its thinnest armor section's share left (0 for a squad)."""
    u = s.combat_units()[key]
    if u.sheet is None:
        return 0.0
    v = s.vehicle(key)
    full = dict(v.sheet.vehicle.armor)
    shares = [sec.intact / full[n] for n, sec in v.sheet.armor.sections if full.get(n)]
    return 1.0 - min(shares, default=1.0)


def _end(s: Skirmish, lv: LevelSettings) -> Action:
    sd = s.game_rules.bot_end_decision(s)  # VAR-SELFDESTRUCT: immobile, badly damaged, enemy near
    if sd is not None:
        return sd
    if lv.tactics:  # a vehicle under half its armor with an enemy within 8 hexes lays smoke
        charges: dict[str, list[Smoke]] = {}
        for a in s.legal_actions():
            if isinstance(a, Smoke):
                charges.setdefault(a.unit, []).append(a)
        for key, options in charges.items():
            v = s.vehicle(key)
            near = [e for e in _enemies(s, v.side) if distance(e.hex, v.hex) <= 8]
            if not near or armor_fraction(v) >= 0.5:
                continue
            if not options[0].hexes:  # rules editions 1-2: smoke in its own hex
                return options[0]
            score = {a: screened(s, v, a.hexes, near) for a in options}  # the hexes that screen it most (book-b
            best = max(options, key=lambda a: score[a])  # §10.2-10.3); the first of the best, in label order
            if score[best] > 0:
                return best
    return EndTurn()


__all__ = ["LEVELS", "Level", "LevelSettings", "bot_action", "Leadership", "OpportunityFire"]
