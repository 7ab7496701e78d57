"""Frozen baseline: the computer opponent as it was before issue 25 (a copy of centurion/game/bot.py at 0e5a1e5).

The ladder (benchmarks/ladder.py) plays the new levels against it. Only the game's public API is used
(`legal_actions`, `end_states`, `attack_set`, `paint_attempt`, ...), so it keeps working while the bot changes.
Entry point: `baseline_action(state)` (its veteran). The original docstring follows.

The computer opponent: picks a legal action for the side to decide from the exact odds (issue 14, item 5).

Moves: every legal end state of the vehicle (the engine's `legal_grav_moves`) gets a quick score (range to the
nearest enemy against the range its weapons like, the objectives, staying near its platoon, the chance of
no piloting damage); the best few are then weighed exactly: the expected hits it can deal from there (the
engine's fire declaration, to-hit odds as Fractions) against the expected hits the enemy can deal to it there
(its shields on the side shown, cover, hull down in a crater). Fire and painting: the target with the most
expected hits, weighted by what the target is worth and how damaged it already is. The work is bounded by the
level's number of candidates, not by the clock, so a seed and the levels replay a computer game exactly on any
machine; an optional `budget` (seconds) caps a decision's exact weighing (its choice then depends on the machine).

Levels: "novice" (few candidates, only its own fire counts, never stands on opportunity fire or lays smoke)
and "veteran" (more candidates, weighs the fire it takes, uses opportunity fire and smoke).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from centurion.game.actions import (
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
    Watch,
)
from centurion.game.enums import Level
from centurion.game.skirmish import Skirmish, Vehicle
from centurion.game.variants import variant_move_bonus, with_variant_candidates
from centurion.hexgrid import Hex, distance, format_label
from centurion.rules.targets import Attack, FirePlan, TargetView, declare_fire, in_arc, weapon_family
from centurion.variants.ruleset import RuleSet


@dataclass(frozen=True)
class LevelSettings:
    """How hard the computer thinks: candidates weighed exactly, whether it fears return fire, tactics."""

    name: Level
    candidates: int
    defensive: bool
    tactics: bool


LEVELS: dict[str, LevelSettings] = {  # keyed by Level (a str enum: LEVELS["novice"] works too, issue 23)
    Level.NOVICE: LevelSettings(Level.NOVICE, 6, False, False),
    Level.VETERAN: LevelSettings(Level.VETERAN, 24, True, True),
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
        from centurion.game.centuria_bot import centuria_bot_action

        return centuria_bot_action(s, level, budget=budget)
    if s.over:
        raise IllegalAction("CEN-SEQ-1", "the game is over")  # what apply says (issue 20, G5)
    lv = LEVELS[level]
    now = clock or time.perf_counter
    deadline = None if budget is None else now() + budget
    p = s.phase
    if p == "initiative":
        return max(s.legal_actions(), key=lambda a: a.points)
    if p == "order":
        if s.rules.enabled("VAR-INIT"):  # who activates first (VAR-INIT)
            return _activation_first(s)
        return Order(False)  # moving last sees the enemy's moves first (CEN-SEQ-2)
    if p == "movement":
        return _movement(s, lv, deadline, now)
    if p == "opportunity":
        return _opportunity(s, lv)
    if p == "painting":
        return _paint(s)
    if p == "fire":
        return _fire(s)
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


def armor_fraction(v: Vehicle) -> float:
    """The share of the vehicle's armor boxes still intact."""
    full = sum(v.sheet.vehicle.armor.values()) or 1
    return sum(sec.intact for _n, sec in v.sheet.armor.sections) / full


def _plan_hits(plan: FirePlan | None, rules: RuleSet | None = None) -> float:
    """Expected hits of a checked plan (sum of the exact to-hit chances; under VAR-SHIELD the chance that a
    round hits and gets through the shield)."""
    if plan is None:
        return 0.0
    if rules and rules.enabled("VAR-SHIELD"):
        from centurion.rules.targets import TO_HIT_KIND
        from centurion.variants.fire import shield_shot

        return float(sum((shield_shot(a.to_hit, weapon=TO_HIT_KIND[a.family], rules=rules).p_damage
                          for a in plan.attacks), Fraction(0)))
    return float(sum((a.to_hit.chance for a in plan.attacks), Fraction(0)))


def _hits_from(s: Skirmish, firer: Vehicle, hex_: Hex, facing: int, target: TargetView) -> float:
    """Expected hits of every usable weapon of `firer` standing at hex_/facing on `target` (CEN-CMB-1)."""
    units = s.combat_units()
    fv = replace(units[firer.key].firer_view(), hex=hex_, facing=facing)
    tf = next((f for f in range(6) if in_arc("turret", facing, f, hex_, target.hex)), facing)
    best = 0.0
    picked: list[Attack] = []
    bm = s.battlemap
    plan = None
    for i, w in enumerate(firer.sheet.vehicle.weapons):
        if not firer.sheet.weapon_usable(i) or w.range < distance(hex_, target.hex):
            continue
        fam = weapon_family(w)
        if fam in ("vulcan", "infantry", "artillery", "engineering"):
            continue
        shell = ("AP" if target.kind == "infantry" else "HEAP") if fam == "gauss" else None
        trial = declare_fire(bm, fv, [*picked, Attack(i, target.key, shell)], {target.key: target},
                             turret_facing=tf, rules=s.rules)
        if isinstance(trial, FirePlan):
            picked.append(Attack(i, target.key, shell))
            plan = trial
    best = _plan_hits(plan, s.rules)
    return best


def _max_range(v: Vehicle) -> int:
    return max((w.range for i, w in enumerate(v.sheet.vehicle.weapons) if v.sheet.weapon_usable(i)), default=0)


def _enemies(s: Skirmish, side: str) -> list[Vehicle]:
    return s.live_vehicles(s.other(side))


# --- movement ------------------------------------------------------------------------------------------------

def _movement(s: Skirmish, lv: LevelSettings, deadline: float | None,
              now: Callable[[], float] = time.perf_counter) -> Action:
    movers = s.movers()
    if not movers:
        return s.legal_actions()[0]
    v = movers[0]
    others = s.movement_others()
    enemies = _enemies(s, v.side)
    squad = _squad_step(s, lv, others, enemies)
    if squad is not None:
        return squad
    if lv.tactics and v.velocity == 0 and enemies and Watch(v.key) in others:
        near = min(distance(v.hex, e.hex) for e in enemies)
        if v.in_crater and near <= 15:
            return Watch(v.key)
    if s.rules.enabled("VAR-RAM"):  # a ram whose expected damage dealt beats what it takes (game/ramming.py)
        from centurion.game.ramming import bot_ram

        ram = bot_ram(s, v.key)
        if ram is not None:
            return ram
    ends = s.end_states(v.key)
    if not ends:
        return next(a for a in s.legal_actions() if getattr(a, "unit", None) == v.key)
    mates = [m.hex for m in s.live_vehicles(v.side) if m.platoon == v.platoon and m.key != v.key]
    objectives = [o.hex for o in s.scenario.objectives]
    late = s.turn / max(1, s.scenario.turns)
    reach = max(6, min(_max_range(v), 15))
    pref = max(4, reach * 2 // 3)

    quick = _quick_scores(ends, enemies, objectives, mates, pref, late)
    quick = quick + variant_move_bonus(s, v, ends, enemies)  # facing the enemy (VAR-LATERAL/-EMERGENCY; else 0)
    if objectives and any(q.aboard == v.key and q.men > 0 for q in s.squads):  # a carrier: set the squad down
        hexes = np.array([e[0] for e in ends], dtype=np.int64).reshape(-1, 2)
        near = np.min(np.stack([_distances(hexes, o) for o in objectives]), axis=0) <= 1
        quick += 3.0 * (near & np.array([e.grounded for e in ends]))
    order = np.argsort(-quick, kind="stable")[: lv.candidates]
    order = with_variant_candidates(ends, quick, order)  # the best variant ends weighed too (VAR-LATERAL/-EMERGENCY)
    ranked = [ends[i] for i in order.tolist()]
    if not enemies:
        return _move_for(s, v, ranked[0])
    units = s.combat_units()
    best, best_score = ranked[0], None
    for n, (i, e) in enumerate(zip(order.tolist(), ranked, strict=True)):
        if n and deadline is not None and now() > deadline:
            break
        score = float(quick[i])
        deal = 0.0
        for x in enemies:
            tv = units[x.key].target_view(units[v.key])
            deal = max(deal, _hits_from(s, v, e.hex, e.facing, tv) * _worth(s, x.key) / 20)
        score += 3.0 * deal
        if lv.defensive:
            me = replace(units[v.key].target_view(), hex=e.hex, facing=e.facing,
                         crater=e.grounded and "crater" in s.battlemap[e.hex].counters)
            taken = sum(_hits_from(s, x, x.hex, x.facing, me) for x in enemies
                        if distance(x.hex, e.hex) <= _max_range(x))
            score -= 2.0 * taken * _worth(s, v.key) / 20
        if best_score is None or score > best_score:
            best, best_score = e, score
    return _move_for(s, v, best)


def _squad_step(s: Skirmish, lv: LevelSettings, others: list, enemies: list[Vehicle]) -> Action | None:
    """A squad of the moving platoon walks toward the nearest objective, or (veteran) conceals on it when enemies
    are within 12 hexes (CEN-INF-1, book-a §16.7); None when no squad has anything useful to do."""
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
                return Conceal(q.key)
            continue
        targets = s.march_targets(q.key)
        if targets:
            best = min(targets, key=lambda h: (min(distance(h, o) for o in objectives), targets[h], h))
            if min(distance(best, o) for o in objectives) < d0:
                return March(q.key, format_label(best))
    return None


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
        score -= np.abs(d - pref)
    if objectives:
        d = np.min(np.stack([_distances(hexes, o) for o in objectives]), axis=0)
        score -= d * (0.3 + 1.2 * late)
    if mates:
        spread = np.mean(np.stack([_distances(hexes, m) for m in mates]), axis=0)
        score -= np.maximum(0.0, spread - 3) * 0.4
    score += 4.0 * np.array([float(e.p_no_damage) for e in ends])
    score += 0.5 * np.array([e.grounded and e.velocity_max == 0 for e in ends], dtype=float)
    return score


def _move_for(s: Skirmish, v: Vehicle, e) -> Action:
    """The safest path to the chosen end; a carrier grounding next to an objective lets its squad out (CEN-MNT-1)."""
    carrying = any(q.aboard == v.key and q.men > 0 for q in s.squads)
    near_objective = any(distance(e.hex, o.hex) <= 1 for o in s.scenario.objectives)
    return Move(v.key, e.safest.move, dismount=carrying and e.grounded and near_objective)


def _activation_first(s: Skirmish) -> Action:
    """VAR-INIT: activate first when an enemy is already within reach of its weapons (its fire and damage come
    at once, before the enemy acts); otherwise let the enemy activate first and see its moves."""
    side = s.active
    close = any(distance(v.hex, e.hex) <= _max_range(v) for v in s.live_vehicles(side) for e in _enemies(s, side))
    return Order(close)


# --- opportunity, painting, fire, end ----------------------------------------------------------------------

def _opportunity(s: Skirmish, lv: LevelSettings) -> Action:
    best, score = None, 0.0
    mover_key, path = s.pending_move
    for a in s.opportunity_actions():
        plan = s.attack_set(s.vehicle(a.unit), mover_key, at=path[a.step - 1], opportunity=True)
        hits = _plan_hits(plan, s.rules)
        if hits > score:
            best, score = a, hits
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
        c = getattr(getattr(att, "to_hit", None), "chance", Fraction(0))
        if c > chance:
            best, chance = a, c
    if best is not None:
        return best
    return next(a for a in s.legal_actions() if isinstance(a, Paint) and a.target is None)  # paint nothing


def _fire(s: Skirmish) -> Action:
    best, score = None, -1.0
    for a in s.legal_actions():
        if a.target is None:
            continue
        if isinstance(a, SquadFire):  # expected hits; a missile or mortar template weighs double (book-a §16)
            att = s.squad_attack(a.unit, a.weapon, a.target)
            val = float(att.attacks * att.to_hit.chance) * _worth(s, a.target) * (1 if a.weapon == "personal" else 2)
        else:
            plan = s.attack_set(s.vehicle(a.unit), a.target)
            val = _plan_hits(plan, s.rules) * _worth(s, a.target)
            if getattr(a, "driver", False):  # the driver's weapons at half weight: his roll, next turn's limits
                from centurion.game.crew import driver_plan

                val += 0.5 * _plan_hits(driver_plan(s, s.vehicle(a.unit), a.target), s.rules) * _worth(s, a.target)
        if val > score:
            best, score = a, val
    if best is not None:
        return best
    return next(a for a in s.legal_actions() if isinstance(a, Fire))


def _end(s: Skirmish, lv: LevelSettings) -> Action:
    if s.rules.enabled("VAR-SELFDESTRUCT"):  # immobile, badly damaged, enemy near (game/crew.py)
        from centurion.game.crew import bot_self_destruct

        sd = bot_self_destruct(s, s.legal_actions())
        if sd is not None:
            return sd
    if lv.tactics:
        for a in s.legal_actions():
            if isinstance(a, Smoke):
                v = s.vehicle(a.unit)
                near = [e for e in _enemies(s, v.side) if distance(e.hex, v.hex) <= 8]
                if near and armor_fraction(v) < 0.5:
                    return a
    return EndTurn()


def baseline_action(s: Skirmish, level: str = "veteran") -> Action:
    """The baseline's choice (its veteran unless told), budget-free, so deterministic."""
    return bot_action(s, level)


__all__ = ["LEVELS", "Level", "LevelSettings", "bot_action", "baseline_action", "Leadership", "OpportunityFire"]
