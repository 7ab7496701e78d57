"""Why the computer opponent decided as it did: the reason in a few words and the best options it weighed (issue 25).

`bot_decision(state, level)` runs `bot_action` itself with its notes kept (game/bot_trace.py), so its action is
the very action `bot_action` returns (same scores, same ties, same seed); then it writes, from the terms the bot
used, a short reason for the chosen option and for each of the best three it weighed, best first: a move's end
hex and its terrain (CEN-TER-1), the expected hits it can deal from there and (veteran, elite) the expected hits
it takes there, the exact odds of the damage its own path risks (CEN-SPD-2, CEN-GRD-1), an objective held
(book-b §15.2); a shot's target with each weapon's exact chance (CEN-CMB-1); a painter's target and the friends
it paints for (book-a §7.2); a Centuria move's gain or attack's exact odds (CTA-COMBAT). `explained(before,
after, decision)` writes the reason into the log line of the decision (the log is a record: it never changes
what a state equals).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from ..data import centuria_tables, terrain_table
from ..hexgrid import FACING_NAMES, distance, format_label
from ..rules.fire import attack_side, smoke_modifier
from ..rules.grav import Refusal
from .actions import (
    Conceal,
    EndTurn,
    Fire,
    Leadership,
    LetPass,
    March,
    Move,
    Order,
    Paint,
    Smoke,
    SquadFire,
    Stay,
    Watch,
)
from .bot import LEVELS, bot_action
from .bot_fire import paint_odds, paint_plans, plan_hits
from .bot_move import armor_fraction, objective_terms, path_risk
from .bot_trace import Note, traced
from .centuria import CtaAttack, CtaEndPhase, CtaMove, CtaShoot
from .centuria_bot import LEVELS as CTA_LEVELS
from .centuria_bot import MIN_GAIN as CTA_MIN_GAIN  # what a Centuria move must gain over standing still
from .centuria_bot import following_leader
from .ramming import ram_preview, ram_value
from .wording import plural, weapon_word

TOP = 3  # the options shown: the chosen one and the next best two
OPPORTUNITY_MIN = 0.4  # the expected hits an opportunity shot needs (game/bot.py)


@dataclass(frozen=True)
class Alternative:
    """One option the computer weighed: the action, in words, its score (None: not scored) and its reason."""

    action: Any
    text: str
    score: float | None
    reason: str


@dataclass(frozen=True)
class BotDecision:
    """The computer's decision: the action (`bot_action`'s), the reason in a few words, and the best options it
    weighed with their scores, best first, the chosen one first (at most three; one when nothing was weighed)."""

    action: Any
    reason: str
    alternatives: tuple[Alternative, ...]
    level: str
    turn: int
    phase: str
    side: str | None


def bot_decision(s: Any, level: str = "veteran", *, budget: float | None = None,
                 clock: Callable[[], float] | None = None, bot: Callable[..., Any] | None = None) -> BotDecision:
    """`bot_action(s, level)` with its reason and the best three options it weighed (deterministic given the
    seed, like `bot_action`; a bad level or a finished game refuses as `bot_action` does). `bot`: the function
    asked for the action, `bot_action` by default (a page passes the one it imported, so tests may stand in)."""
    with traced() as notes:
        if bot is None:
            action = bot_action(s, level, budget=budget, clock=clock)
        else:
            action = bot(s, level)
    if getattr(s, "system", "centurion") == "centuria":
        options = _centuria_options(s, action, notes, level)
    else:
        options = _options(s, level, action, notes)
    if not options or options[0].action != action:  # nothing weighed option by option (a rule of thumb)
        options = [Alternative(action, _words(s, action), None, _plain_reason(s, action)), *options]
    return BotDecision(action, options[0].reason, tuple(options[:TOP]), str(getattr(level, "value", level)), s.turn,
                       str(getattr(s.phase, "value", s.phase)), s.active)


def explained(before: Any, after: Any, decision: BotDecision) -> Any:
    """`after` (the state `before.apply(decision.action)` gave) with the reason on the decision's log line."""
    return with_reason(before, after, decision.action, decision.reason)


def with_reason(before: Any, after: Any, action: Any, reason: str) -> Any:
    """`after` (the state `before.apply(action)` gave) with `reason` on the action's log line ("— why: …"); a
    stored game puts back the reasons it kept this way (issue 25)."""
    at = len(before.log)
    if (len(after.history) != len(before.history) + 1 or after.history[-1] != action
            or len(after.log) <= at or not after.log[at].endswith(_words(before, action))):
        return after  # not the state this decision led to: unchanged
    line = f"{after.log[at]} — why: {reason}"
    return replace(after, log=(*after.log[:at], line, *after.log[at + 1:]))


def _words(s: Any, a: Any) -> str:
    """An action in the words of the game's log."""
    try:
        return s.describe(a) if hasattr(s, "describe") else a.describe()
    except AttributeError:  # not an action of this game: its refusal comes when it is applied
        return str(a)


# --- ranking the options as the bot ranked them ---------------------------------------------------------------

def _options(s: Any, level: str, action: Any, notes: list[Note]) -> list[Alternative]:
    searched = [n for n in notes if n.kind == "search"]
    if searched:  # the elite: its options by their played-out averages (game/bot_search.py)
        return _searched_options(s, level, action, searched)
    moves = [n for n in notes if n.kind == "moves"]
    if moves and isinstance(action, Move):
        return _move_options(s, action, moves[-1].data)
    kinds = {"fire": _fire_reason, "paint": _paint_reason, "opportunity": _opportunity_reason}
    scored = [n for n in notes if n.kind in kinds]
    if not scored:
        return []
    kind = scored[0].kind
    # the bot's order: its tie-break key when it has one (careful levels), else the score and the list order
    ranked = sorted(scored, key=lambda n: n.data.get("ranked") or (n.score,), reverse=True)
    if not any(n.data.get("ranked") for n in scored):
        ranked = sorted(scored, key=lambda n: -n.score)  # stable: the first of equal scores is the bot's
    nearest = kind == "fire" and not any(n.data.get("ranked") for n in scored) and _beginner(level)
    if nearest:  # the novice shoots the nearest target it can hurt, the best among those (game/bot.py `_fire`)
        units = s.combat_units()
        ranked = sorted(scored, key=lambda n: (-(n.score > 0), distance(units[n.action.unit].hex,
                                                                          units[n.action.target].hex), -n.score))
    out = [Alternative(n.action, s.describe(n.action), round(n.score, 3),
                       kinds[kind](s, n) + ("; a beginner shoots at the nearest target it can hurt" if nearest else ""))
           for n in ranked]
    chosen = next((o for o in out if o.action == action), None)
    if chosen is None:  # it held: nothing scored above its threshold
        best = out[0]
        why = _hold_reason(kind, best)
        limit = OPPORTUNITY_MIN if kind == "opportunity" else 0.0
        chosen = Alternative(action, s.describe(action), limit, why)
        return [chosen, *out[: TOP - 1]]
    return [chosen, *[o for o in out if o is not chosen]]


def _searched_options(s: Any, level: str, action: Any, searched: list[Note]) -> list[Alternative]:
    """The elite's options, best average first (the chosen one first): each with the veteran's reason for it and
    what its playouts to the end of the turn gave on average."""
    base = _options(s, level, searched[0].action, searched[0].data["base"])
    why = {}
    for o in base:
        why.setdefault(o.action, o.reason)
    ranked = sorted(searched, key=lambda n: (n.action != action, -n.score))
    out = []
    for n in ranked:
        last = s.turn >= s.scenario.turns  # the game's end scores victory points alone (bot_search.outcome)
        played = (f"played out {plural(n.data['samples'], 'time')} to the end of the "
                  f"{'game' if last else 'turn'}: {n.score:+.1f} points on average "
                  f"({'victory points' if last else 'victory points, and armor lost on both sides'})")
        reason = f"{why[n.action]}; {played}" if n.action in why else played
        out.append(Alternative(n.action, _words(s, n.action), round(n.score, 3), reason))
    return out


def _beginner(level: str) -> bool:
    """Whether `level` picks like the novice (among its best by the dice, the nearest target first)."""
    lv = LEVELS.get(level)
    return lv is not None and getattr(lv, "pick", 1) > 1


def _hold_reason(kind: str, best: Alternative) -> str:
    if kind == "opportunity":
        return (f"the best shot, {best.text}, expects {best.score:.2f} hits, under the "
                f"{OPPORTUNITY_MIN} it takes to fire")
    return f"nothing scores above 0 (best: {best.text}, {best.score:.2f})"


# --- moves ----------------------------------------------------------------------------------------------------

def _move_options(s: Any, action: Any, d: dict[str, Any]) -> list[Alternative]:
    """The move played first, then the best other ends weighed, by the bot's final score (after the trap check:
    its rows are scored in place)."""
    v, lv, rows = d["unit"], d["level"], sorted(d["rows"], key=lambda r: r.key, reverse=True)
    moves = [d["move_for"](s, v, r.end, r.move) for r in rows]
    first = next((i for i, a in enumerate(moves) if a == action), None)
    if first is None:
        return []
    kept: list[int] = []  # one row a hex and score: ends in one hex that score alike are said on its row (walk of
    alike: dict[int, set[int]] = {}  # session 42: a third of the tables listed one hex at three facings)
    for i in [first, *[j for j in range(len(rows)) if j != first]]:
        twin = next((k for k in kept if rows[k].end.hex == rows[i].end.hex
                     and round(rows[k].score, 3) == round(rows[i].score, 3)), None)
        if twin is not None:
            alike.setdefault(twin, set()).add(rows[i].end.facing % 6)
        elif len(kept) < TOP:
            kept.append(i)
    out = []
    for i in kept:
        reason = _move_reason(s, v, lv, rows[i].end, d, moves[i].move)
        if i == first and first > 0:  # a beginner's pick among its best ends (the level's `pick`, by the dice)
            reason += f", drawn by the dice from its best {getattr(lv, 'pick', first + 1)} ends"
        others = sorted(alike.get(i, set()) - {rows[i].end.facing % 6})
        if others:
            reason += f"; ending facing {_and([FACING_NAMES[f] for f in others])} there scores the same"
        out.append(Alternative(moves[i], s.describe(moves[i]), round(rows[i].score, 3), reason))
    return out


def _move_reason(s: Any, v: Any, lv: Any, e: Any, d: dict[str, Any], move: Any = None) -> str:
    """A move's reason: its end hex and terrain, hits dealt and taken there, its own risk and how it ends (grounded
    or its velocity), the distances it weighs, an objective."""
    hits, worth = d["hits"], d["worth"]
    cell = s.battlemap.hexes.get(e.hex)
    move = e.safest.move if move is None else move
    r = s.resolve_move(v.key, move)
    crater = not isinstance(r, Refusal) and r.in_crater
    parts = [f"{v.key} to {format_label(e.hex)} facing {FACING_NAMES[e.facing % 6]}: "  # ends differ by facing too
             f"{_terrain_words(cell, lv.careful, crater)}"]
    units = s.combat_units()
    enemies = s.live_vehicles(s.other(v.side))
    dealt = []
    for x in enemies:  # the careful levels count the painting before the fire (game/bot_fire.py, book-a §7.2)
        tv = units[x.key].target_view(units[v.key])
        h, p = d["dealt"](s, v, e.hex, e.facing, tv, harm=False) if lv.careful else (hits(s, v, e.hex, e.facing, tv), 0)
        dealt.append((h, x, p))
    best = max(dealt, key=lambda t: (t[0] * worth(s, t[1].key), t[1].key), default=(0.0, None, 0))
    painted = f" (painted {best[2]:.0%})" if best[2] else ""
    parts.append(f"{best[0]:.2f} hits dealt on {best[1].key}{painted}" if best[0] > 0 else "no enemy in reach")
    if lv.defensive:
        me = d["me_at"](s, v, e)
        near = [(hits(s, x, x.hex, x.facing, me), x) for x in enemies if distance(x.hex, e.hex) <= d["reach"](x)]
        taken = sum(h for h, _x in near)
        parts.append(f"{taken:.2f} expected against it if unpainted")  # the enemy's paint is not guessed (audit 35)
        h, x = max(near, key=lambda t: (t[0], t[1].key), default=(0.0, None))
        if lv.careful and h > 0 and x.hex != e.hex:  # where those hits land weighs too (game/bot_harm.py, book-a §11)
            parts[-1] += f" (its {attack_side(e.hex, e.facing, x.hex, shields=dict(me.shields))} toward {x.key})"
    parts.append(_risk_words(s, v, move, r))
    if not isinstance(r, Refusal):  # what tells a braked or grounded end from the same hex flown through (audit 35)
        parts.append("ends grounded" if r.grounds else f"ends at velocity {r.end_velocity}")
    parts.extend(_distance_words(s, e, enemies, d.get("pref")))  # what tells near ends apart (walk of session 31)
    if lv.careful:
        parts.extend(_objective_words(s, v, e))
    return ", ".join(parts)


def _distance_words(s: Any, e: Any, enemies: list, pref: int | None) -> list[str]:
    """The quick score's distances: to the nearest enemy against the range the unit likes (or keeps off beyond),
    and to the nearest objective (game/bot.py `_quick_scores`)."""
    out = []
    if enemies and pref is not None:
        near = min(distance(x.hex, e.hex) for x in enemies)
        where = f"{plural(near, 'hex')} from the nearest enemy" if near else "in an enemy's hex"
        if pref >= 0:
            out.append(f"{where} (it likes {pref}, by its weapons' ranges)")
        else:  # audit 35: "it keeps at least 22 hexes off" read false of an end 5 hexes off that shoots
            out.append(f"{where} (its side is outgunned: it prefers ends at least {-pref} hexes off, 2 beyond the "
                       "enemy's longest reach, and the objective" + ("" if near >= -pref else
                                                                       "; here what it deals outweighs that") + ")")
    if s.scenario.objectives:
        o = min(s.scenario.objectives, key=lambda o: distance(o.hex, e.hex))
        away = distance(o.hex, e.hex)
        out.append(f"{plural(away, 'hex')} from {o.name}" if away else f"on {o.name}")
    return out


def _terrain_words(cell: Any, careful: bool, crater: bool = False) -> str:
    """The end hex's cover as a shot at it counts it: its terrain's modifier (CEN-TER-1), smoke as heavy woods where
    that is worse (book-b §10.3), hull down in a crater it grounds in (CEN-CRT-1), and (careful) its level."""
    if cell is None:
        return "off the map"
    row = terrain_table()[cell.terrain]
    words = row.label.lower()
    mod = row.combat_modifier or 0
    thicker = smoke_modifier(mod) if "smoke" in getattr(cell, "counters", ()) else 0
    if thicker:
        words += f" under smoke ({mod + thicker:+d} to hit it: it counts as heavy woods, book-b §10.3)"
    elif row.combat_modifier:
        words += f" ({row.combat_modifier:+d} to hit it)"
    if crater:
        words += ", grounded in a crater (hull down: -2 to hit it, CEN-CRT-1)"
    if careful and cell.level:
        words += f", level {cell.level}"
    return words


def _risk_words(s: Any, v: Any, move: Any, r: Any) -> str:
    """The exact odds of the damage the path's piloting rolls risk (CEN-SPD-2), and its grounding at speed
    (CEN-GRD-1, certain), from `r`, the move resolved. Audit 35: the failure chance came from the chance of no damage
    at all, which any grounding makes 0, so a landing without a roll read '1 chance of piloting damage'."""
    if isinstance(r, Refusal):
        return f"refused: {r}"
    p, ground = 1 - r.p_rolls_pass, r.grounding_damage
    if p == 0 and ground == 0:
        return "no piloting or grounding risk to itself"
    risk = path_risk(s, v, move)
    rolls = plural(len(r.checks), "piloting roll")
    piloting = [f"certain damage from its {rolls}" if p == 1 else f"{p} chance of damage from its {rolls}"] if p else []
    words = " and ".join(piloting + ([f"{ground} points grounding at speed"] if ground else []))
    words += f" ({risk.expected:.1f} points expected"
    return words + (f", {risk.p_through:.0%} chance some get past the armor)" if risk.p_through else ")")


def _objective_words(s: Any, v: Any, e: Any) -> list[str]:
    slow = np.array([float(e.grounded or abs(e.velocity_min) <= v.sheet.vehicle.max_thrust)])
    held = float(objective_terms(s, v, np.array([[e.hex.q, e.hex.r]], dtype=np.int64), slow)[0])
    if held <= 0:
        return []
    o = min(s.scenario.objectives, key=lambda o: distance(o.hex, e.hex))
    away = distance(o.hex, e.hex)
    return [(f"objective {format_label(o.hex)} {plural(away, 'hex')} away" if away else
             f"on objective {format_label(o.hex)}")
            + (" at the end" if s.turn >= s.scenario.turns else ", slow enough to stop beside it next turn")]


# --- fire, painting, opportunity --------------------------------------------------------------------------------

def _plan_words(s: Any, plan: Any) -> tuple[float, str]:
    """Expected hits of a fire plan and each weapon's exact chance (CEN-CMB-1)."""
    if plan is None:
        return 0.0, "nothing bears"
    from ..rules.targets import TO_HIT_KIND

    chances = [(a.family, s.rules.damage_chance(a.to_hit, weapon=TO_HIT_KIND[a.family])) for a in plan.attacks]
    hits = float(sum((c for _f, c in chances), Fraction(0)))
    return hits, ", ".join(f"{weapon_word(f)} {c}" for f, c in chances)


def _target_words(s: Any, key: str) -> str:
    u = s.combat_units()[key]
    if u.sheet is None:
        return f"{key} (a squad)"
    v = s.vehicle(key)
    gone = 1 - armor_fraction(v)
    return f"{key} ({v.cost or 20} points" + (f", {gone:.0%} of its armor gone)" if gone > 0 else ")")


def _fire_reason(s: Any, n: Note) -> str:
    a = n.action
    if isinstance(a, SquadFire):
        att = s.squad_attack(a.unit, a.weapon, a.target)
        attacks = plural(att.attacks, f"{weapon_word(a.weapon)} attack")
        return f"{a.unit} at {_target_words(s, a.target)}: {attacks} at {att.to_hit.chance} each"
    hits, odds = _plan_words(s, s.attack_set(s.vehicle(a.unit), a.target))
    units = s.combat_units()
    side, away = units[a.unit].side, distance(units[a.unit].hex, units[a.target].hex)
    friends = sorted({f[0] for f in s.fires if len(f) >= 2 and f[1] == a.target and f[0] != a.unit
                      and s.combat_units()[f[0]].side == side}) if n.data.get("ranked") else []  # focus (careful)
    where = f"{plural(away, 'hex')} away" if away else "in its hex (range 1, book-a 14.2)"
    return (f"{a.unit} at {_target_words(s, a.target)} {where}: {hits:.2f} hits expected ({odds})"
            + (f"; {_and(friends)} already {'fire' if len(friends) > 1 else 'fires'} at it"
               if friends else ""))


def _paint_reason(s: Any, n: Note) -> str:
    a = n.action
    att = s.paint_attempt(a.unit, a.target)
    chance = paint_odds(s, att)
    if not n.data.get("ranked"):  # the novice paints at its best chance, for whoever fires
        return f"{a.unit} paints {a.target} (chance {chance})"
    gains = _paint_gains(s, a.unit, a.target)
    rising = [k for k, (bare, painted) in gains.items() if painted > bare + 1e-9]
    bare = sum(gains[k][0] for k in rising)
    painted = sum(gains[k][1] for k in rising)
    rise = f"hits expected on it rise from {bare:.2f} to {painted:.2f} if it is painted"
    if rising and rising != [a.unit]:
        named = [k for k in rising if k != a.unit] + (["itself"] if a.unit in rising else [])
        return f"{a.unit} paints {a.target} (chance {chance}) for {_and(named)}: their {rise}"
    if rising:  # its own shots gain (walk of session 31: the old words read as a reason not to)
        return f"{a.unit} paints {a.target} (chance {chance}) for its own fire: its {rise}"
    if gains:  # session 35: the old words counted a Gauss cannon's hits, which a paint does not change
        return (f"{a.unit} paints {a.target} (chance {chance}): the fire of {_and(sorted(gains))} bears on it but "
                "gains nothing from a paint (book-a §7.2: a paint takes away shields); a paint costs the vehicle "
                "nothing")
    return (f"{a.unit} paints {a.target} (chance {chance}): no weapon of its side bears on it now, but a paint costs "
            "the vehicle nothing and this is the target it paints best")


def _no_paint_reason(s: Any, a: Paint) -> str:
    """Why a unit paints nothing: the enemies it may paint are each painted by a friend already (one paint a target:
    the paints spread, G10), it is a squad with a target to fire at (a squad that paints does nothing else), or it
    has no enemy to paint (walk of session 42: all three read "has nothing worth the shot")."""
    units = s.combat_units()
    side = units[a.unit].side
    painter = {t: p for p, t in s.paints if units[p].side == side}
    targets = sorted({x.target for x in s.legal_actions()
                      if isinstance(x, Paint) and x.unit == a.unit and x.target is not None})
    if any(q.key == a.unit for q in s.squads) and s.fire_actions(a.unit)[:-1]:
        return f"{a.unit} has a target to fire at: a squad that paints does nothing else"
    if targets and all(t in painter for t in targets):
        return (f"{a.unit} paints nothing: " + _and([f"{t} is painted by {painter[t]} already" for t in targets])
                + " (one paint a target: the paints spread)")
    if not targets:
        return f"{a.unit} has no enemy it may paint"
    return f"{a.unit} has no paint worth trying"


def _paint_gains(s: Any, painter: str, target: str) -> dict[str, tuple[float, float]]:
    """Each live vehicle of the painter's side whose fire bears on `target`: its expected hits on it as it stands and
    once `painter`'s paint hits it (book-a §7.2; a friend whose comm is out gains only from its own, 13.2)."""
    out = {}
    for f in s.live_vehicles(s.combat_units()[painter].side):
        plan, painted = paint_plans(s, f, target, painter)  # painted: indirect fire too (E24)
        if plan is not None or painted is not None:
            out[f.key] = (plan_hits(plan, s.rules), plan_hits(painted, s.rules))
    return out


def _and(words: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _opportunity_reason(s: Any, n: Note) -> str:
    a = n.action
    mover, path = s.pending_move
    if a.weapon is not None:  # a squad on watch: its attacks and their odds (book-a §16)
        att = s.squad_opportunity(a.unit, a.weapon, a.step)
        hits, odds = float(att.attacks * att.to_hit.chance), f"{att.attacks} x {att.to_hit.chance}"
    else:
        hits, odds = _plan_words(s, s.attack_set(s.vehicle(a.unit), mover, at=path[a.step - 1], opportunity=True))
    return f"{a.unit} at {mover} as it passes {format_label(path[a.step - 1][0])}: {hits:.2f} hits expected ({odds})"


# --- decisions not weighed option by option ----------------------------------------------------------------------

def _plain_reason(s: Any, a: Any) -> str:
    """The reason of a decision the bot takes by a rule of thumb (game/bot.py), or of the only one open. (No level
    declares opportunity fire, CEN-OPP-1, since session 11: the words of a watch went with it in session 39.)"""
    if isinstance(a, Leadership):  # why this many: the ratings now (walk of session 31: 2 points, then 4, unsaid)
        from .summary import centurion_words

        ratings = "; ".join(centurion_words(s, side) for side in s.sides) if hasattr(s, "centurion") else ""
        if s.rules.enabled("VAR-INIT"):  # the variant's roll (third walk of session 49: the basic rule was named)
            return (f"all {a.points} rating point(s) on the initiative: each adds 1 to the roll, and the higher "
                    f"total wins it (VAR-INIT)" + (f"; {ratings}" if ratings else ""))
        return (f"all {a.points} leadership point(s) on the initiative: the lower roll wins it (CEN-INI-1)"
                + (f"; the advantage is the difference of the ratings ({ratings})" if ratings else ""))
    if isinstance(a, Order):
        return ("moving last sees the enemy's moves first (CEN-SEQ-2)" if not a.move_first else
                "the rules in play favour activating first")
    if isinstance(a, March):
        return f"{a.squad} walks toward the nearest objective"
    squad = a.squad if isinstance(a, Conceal) else a.unit if isinstance(a, Watch) else None
    if squad in {q.key for q in s.squads}:  # a squad beside an objective (session 39: not "on" it) hides, or since
        q = s.squad(squad)  # session 52 stands on opportunity fire where it may
        o = min(s.scenario.objectives, key=lambda o: distance(o.hex, q.hex))
        does = ("hides (book-a §16.7)" if isinstance(a, Conceal) else
                "stands on opportunity fire, to fire at once at an enemy that moves in its reach (CEN-OPP-1)")
        return (f"{squad} is within 1 hex of {o.name} (book-b §15.2: it holds or denies it) with enemies within 12 "
                f"hexes: it {does}")
    if isinstance(a, Move) and a.ram:
        return _ram_reason(s, a)
    if isinstance(a, Smoke):
        v = s.vehicle(a.unit)
        why = f"{a.unit} has {armor_fraction(v):.0%} of its armor left with an enemy within 8 hexes"
        if a.hexes:  # the hexes that screen it most (book-b §10.2-10.3)
            from .bot_fire import screened

            near = [e for e in s.live_vehicles(s.other(v.side)) if distance(e.hex, v.hex) <= 8]
            n = screened(s, v, a.hexes, near)
            why += f"; smoke in {', '.join(a.hexes)} blocks the sight of {n} of the {len(near)} enemies near"
        return why
    if isinstance(a, Paint) and a.target is None:
        return _no_paint_reason(s, a)
    if isinstance(a, Fire) and a.target is None:
        return f"{a.unit} has nothing worth the shot"
    if isinstance(a, (EndTurn, LetPass)):
        return "nothing else worth doing"
    if isinstance(a, Stay):
        return f"{a.squad} has no step nearer an objective worth taking: it stays (CEN-SEQ-2)"
    return "the only sensible decision open"


def _ram_reason(s: Any, a: Move) -> str:
    """A ram's reason: its exact odds and damage, and the armor it expects to destroy on each side in points of the
    vehicles' costs, the margin the computer rams for (game/ramming.py `bot_ram`, VAR-RAM)."""
    odds = ram_preview(s, a)
    if odds is None:
        return f"{a.unit} rams {a.ram} (VAR-RAM)"
    dealt, taken = ram_value(s, a, odds)
    return (f"{a.unit} rams {a.ram}: {odds.describe()}; expected armor destroyed worth {dealt:.1f} points of "
            f"{a.ram}'s cost against {taken:.1f} of its own")


# --- Centuria ------------------------------------------------------------------------------------------------------

def _centuria_options(s: Any, action: Any, notes: list[Note], level: str = "veteran") -> list[Alternative]:
    scored = sorted((n for n in notes if n.kind in ("cta_move", "cta_combat")), key=lambda n: -n.score)
    ends = {}  # two paths to one end and facing weigh alike: one row for them (walk of session 33: twin rows)
    for n in scored:
        key = (n.action.unit, n.data["end"]) if n.kind == "cta_move" else n.action
        if key not in ends or n.action == action:
            ends[key] = n
    scored = sorted(ends.values(), key=lambda n: -n.score)
    out = [Alternative(n.action, n.action.describe(), round(n.score, 3), _cta_reason(s, n)) for n in scored]
    chosen = next((o for o in out if o.action == action), None)
    if chosen is None:
        lv = CTA_LEVELS.get(str(getattr(level, "value", level)))
        limit = (lv.min_gain if lv is not None else CTA_MIN_GAIN) if s.phase != "combat" else 0.0
        best = (f"best: {out[0].text}, {out[0].score:+.2f}" if out else "nothing to weigh")
        why = ((f"no move gains more than {limit}" if s.phase != "combat" else "no attack or shot with the odds for it")
               + f" ({best})") if isinstance(action, CtaEndPhase) else "the only decision open"
        return [Alternative(action, action.describe(), limit, why), *out[: TOP - 1]]
    return [chosen, *[o for o in out if o is not chosen]]


def _cta_reason(s: Any, n: Note) -> str:
    from ..centuria import exchange

    b, a = s.battle, n.action
    if isinstance(a, CtaMove):
        h, facing = n.data["end"][:2]
        terrain = b.terrain(h).replace("_", " ")
        near = min((distance(h, e.hex) for e in b.living(s.other(s.active))), default=0)
        # what the score weighs, and the facing that tells two ends in one hex apart (walk of session 33)
        gain = round(n.data.get("gain", n.score), 3)  # as the table's score column (walk of session 42)
        ahead = ""
        if s.command_after(a) == "out":  # gone ahead of its leader, who may follow (the veteran's weighing, CTA-CMD)
            lead = following_leader(b, b.piece(a.unit), h, centuria_tables())
            # a hope, not a promise: he may move elsewhere (walk of session 53 read "until" as one)
            ahead = (f"; out of command unless {lead.id}, yet to move, comes within reach (CTA-CMD)" if lead
                     else "; out of command (CTA-CMD)")
        if "reach" in n.data:  # the careful levels' engines' commander (game/centuria_bot.py, session 46)
            risk = n.data["reach"]
            ahead += (f"; he commands the engines (his fall idles their crews, CTA-MORALE c): the enemies yet to move "
                      f"could reach and fell him here, {risk:.0%}" if risk > 0 else
                      "; he commands the engines: out of reach of the enemies yet to move")
        if "answer" in n.data:  # the elite's look ahead (game/centuria_bot.py, session 47; CTA-1)
            answer = n.data["answer"]  # (piece, end hex, gain); () none gains; None the enemy cannot answer
            if answer:
                # the enemy's best move anywhere once this one is made (walk of session 53: "answer" read as a reply)
                ahead += (f"; after it the enemy's best move, {answer[0]} to {format_label(answer[1])}, would gain "
                          f"the enemy {answer[2]:+.2f}")
            elif answer == ():
                ahead += "; after it no move of the enemy's would gain the enemy anything"
            else:
                ahead += "; the enemy has no move left to answer it this phase"
            ahead += f": {n.score:+.2f} in all"
        return (f"{a.unit} to {format_label(h)} facing {FACING_NAMES[facing % 6]}: {terrain}, {gain:+.2f} over "
                f"standing still (command, flanks, cover, the attacks it could make and suffer), nearest enemy "
                f"{near} hex{'es' if near != 1 else ''} away{ahead}")
    if isinstance(a, CtaAttack):
        ex = exchange(b, a.unit, a.target)
        even = ("; an even exchange (CTA-COMBAT): the veteran and the elite take it rather than stand idle in contact"
                if n.data.get("even") else "") + _ends_battle(n)  # session 56
        return (f"{a.unit} on {a.target}: {a.target} falls {ex.defender_falls}, {a.unit} {ex.attacker_falls} (exact "
                f"odds){even}")  # each named: "it" read as either (walk of session 53)
    if isinstance(a, CtaShoot):
        ex = exchange(b, a.engine, a.target)
        habit = {True: "; the nearest target it may shoot (a beginner's engine shoots there, CTA-ART)",
                 False: "; not the nearest target: a beginner's engine shoots at the nearest (CTA-ART)"}
        return (f"{a.engine} at {a.target}: a hit {ex.defender_falls} (exact odds)"
                f"{habit.get(n.data.get('nearest'), '')}{_ends_battle(n)}")
    return a.describe()


def _ends_battle(n: Note) -> str:
    """The words for an attack or shot at a piece whose fall ends the battle (game/centuria_bot.py, session 56)."""
    return ("; its fall ends the battle (the enemy's last leader, or its last unit not fled or dissolving): "
            "worth striking at whatever the odds" if n.data.get("ends_battle") else "")


__all__ = ["Alternative", "BotDecision", "bot_decision", "explained"]
