"""The computer opponent for Centuria (issue 15): a legal action for the side to decide, from the exact odds.

Movement: every unit and leader that may move gets each of its legal end states scored against standing still; the
best gain is played, or the side ends its part of the phase when nothing gains. A unit's score: staying in command
and leaving no friend out of it (CTA-CMD, exactly: the chain through neighbours is recomputed; the veteran lets a
unit go beyond its leader's radius when he has yet to move and can follow it, and a leader out of danger goes after
the units out of command), the exact odds of the attack it could make from there against the attack it would suffer
(`exchange`, Fractions; flank and rear count), friends beside it (flanks covered, morale support), cover, and
closing on the enemy (reserves far from the fight close first; a side whose scenario posture is `hold` does not
advance; a side without engines facing engines closes faster), keeping formation (no unit alone where an enemy can
reach it; not the elite, which weighs only the attacks a unit would meet where it stands), shielding its own engines
(a unit between an engine and the enemy that can reach it) and going for the enemy's (cavalry closes on them; an
engine is worth more than a centuria as a target). Engines look for targets in range and keep out of contact;
leaders stay among their units, keep every unit in command and stay out of contact. Combat: the attack or shot with
the best exact expectation, attacks only where the odds favour the attacker (the careful levels take an even
exchange too, and strike at a piece whose fall ends the battle whatever the odds); otherwise the side ends its part
of the phase. The elite looks one move ahead (CTA-1: the sides move one piece at a time): each of its four best
moves is weighed against the veteran's best answer to it (`_answered`). The work is bounded by the pieces and their
moves, not by the clock, so a battle replays from its seed; an optional `budget` (seconds) caps a decision.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from fractions import Fraction

from ..centuria import exchange, in_sight, over_chance
from ..centuria.battle import CenturiaBattle, Piece, engine_range, is_engine, movement_allowance
from ..data import CenturiaTables, centuria_tables
from ..dice import Dice
from ..hexgrid import Hex, distance, neighbors
from . import bot_trace
from .actions import IllegalAction
from .centuria import CenturiaSkirmish, CtaAction, CtaAttack, CtaEndPhase, CtaMove, CtaShoot
from .centuria_phases.movement import apply_move
from .enums import Level


@dataclass(frozen=True)
class LevelSettings:
    """How hard the computer thinks: whether it weighs the attacks it would suffer; whether it counts on a leader who
    has yet to move following a unit that leaves his action radius (CTA-CMD); whether it keeps every unit beside a
    friend where an enemy can reach it (a rule of thumb for CTA-COMBAT flanks and CTA-MORALE support that the elite
    drops: measured, it costs the side that keeps it); what a move must gain over standing still to be made (the elite
    makes every move that gains at all; docs/decisions.md, session 44); whether its engines shoot at the nearest target
    they may (CTA-ART: the novice's habit, as the Centurion novice fires at the nearest target it can hurt; the others
    pick the target whose fall is worth most); and whether its attacks and shots weigh what a piece is worth to its side
    (`worth`: a leader, an engine or a turma more than a centuria) or count every piece as one, as a beginner does (the
    novice; session 45: the others also count the fall that ends the battle, `BATTLE_WON`, session 56); and how many of
    its best moves it plays against the enemy's best answer before it chooses (`answers`: the elite's look ahead,
    CTA-1's alternate moves; session 47); and whether it takes an even exchange (`evens`: an attack whose exact odds and
    worth make both sides' losses alike; the novice waits for odds in its favour, so two lines in contact can stand idle
    until the battle runs out; session 56)."""

    name: Level
    defensive: bool
    follows: bool = False
    formation: bool = True
    min_gain: float = 0.05
    nearest: bool = False
    weighs_worth: bool = True
    answers: int = 0
    evens: bool = False


LEVELS: dict[str, LevelSettings] = {Level.NOVICE: LevelSettings(Level.NOVICE, False, nearest=True,
                                                                  weighs_worth=False),
                                    Level.VETERAN: LevelSettings(Level.VETERAN, True, True, evens=True),
                                    Level.ELITE: LevelSettings(Level.ELITE, True, True, formation=False, min_gain=0.0,
                                                               answers=4, evens=True)}
WORTH = {"centuria": 1.0, "turma": 1.2, "singulares": 1.0, "evocati": 1.0, "ballista": 2.0, "tormentum": 2.0,
         "legatus": 3.0}  # an engine shoots every round, twice under its centurio (CTA-ART): worth more than a centuria
MIN_GAIN = LEVELS[Level.VETERAN].min_gain  # what the novice's and the veteran's moves must gain
EVEN_TRADE = 0.001  # the careful levels: an even exchange (0 expected) scores this, so it is taken (CTA-COMBAT)
BATTLE_WON = 10.0  # the careful levels: what the fall that ends the battle adds to the target's worth
LEADER_UNDER_FIRE = 4.0  # a fallen leader shakes his units (CTA-MORALE b, c); all fallen lose the battle
ENGINE_COMMANDER_REACH = 1.0  # the careful levels: an engines' commander keeps out of reach of enemies yet to move


def worth(p: Piece) -> float:
    """What a piece is worth to its side (leaders more: their fall shakes their units, CTA-MORALE b, c)."""
    return WORTH.get(p.type, 2.0 if p.is_leader else 1.0)


def _worth(p: Piece, lv: LevelSettings) -> float:
    """What `p` is worth to a level: `worth`, or one for every piece (the novice counts them all alike)."""
    return worth(p) if lv.weighs_worth else 1.0


def centuria_bot_action(s: CenturiaSkirmish, level: str = "veteran", *, budget: float | None = None) -> CtaAction:
    """A legal action for `s.active`, chosen from the exact odds; deterministic unless `budget` (seconds) caps the
    search."""
    if s.over:
        raise IllegalAction("CTA-1", "the battle is over")  # what apply says (issue 20, G5)
    lv = LEVELS[level]
    deadline = None if budget is None else time.perf_counter() + budget
    if s.phase == "combat":
        return _combat(s, lv)
    return _movement(s, lv, deadline)


# --- combat -------------------------------------------------------------------------------------------------------

def _combat(s: CenturiaSkirmish, lv: LevelSettings) -> CtaAction:
    b = s.battle
    best, best_val = None, 0.0
    legal = s.legal_actions()
    reach = {a: distance(b.piece(a.engine).hex, b.piece(a.target).hex)  # each shot's range, for the novice's aim
             for a in legal if isinstance(a, CtaShoot)} if lv.nearest else {}
    nearest: dict[str, int] = {}  # an engine -> the distance of its nearest target (the novice's engines shoot there)
    for a, d in reach.items():
        nearest[a.engine] = min(nearest.get(a.engine, d), d)
    ends = _battle_enders(s, s.other(s.active)) if lv.weighs_worth else frozenset()
    for a in legal:
        ends_battle = getattr(a, "target", None) in ends
        data = {"ends_battle": True} if ends_battle else {}
        won = BATTLE_WON if ends_battle else 0.0  # its fall ends the battle in the side's favour
        if isinstance(a, CtaShoot):
            ex = exchange(b, a.engine, a.target)
            val = float(ex.defender_falls) * (_worth(b.piece(a.target), lv) + won) - 0.05 * 0.8  # a 1 costs a round
            if a in reach:  # the novice: its engine's nearest target, however little the fall is worth
                data["nearest"] = reach[a] == nearest[a.engine]
                if not data["nearest"]:
                    bot_trace.note("cta_combat", a, val, **data)  # weighed for the reasons' table, not taken
                    continue
        elif isinstance(a, CtaAttack):
            ex = exchange(b, a.unit, a.target)
            if ex.defender_falls < ex.attacker_falls and not won:  # only where the exact odds favour the attacker
                continue
            val = float(ex.defender_falls) * (_worth(b.piece(a.target), lv) + won) - float(ex.attacker_falls) * _worth(
                b.piece(a.unit), lv)
            if lv.evens and val == 0:
                data["even"] = True
        else:
            continue
        bot_trace.note("cta_combat", a, val, **data)  # its reason (game/bot_reasons.py, issue 25)
        if data.get("even"):
            val += EVEN_TRADE  # taken when nothing better is open: the losses alike, the standoff broken
        if val > best_val:
            best, best_val = a, val
    return best if best is not None else CtaEndPhase()


def _battle_enders(s: CenturiaSkirmish, side: str) -> frozenset[str]:
    """The pieces of `side` whose fall ends the battle with its defeat (`CenturiaSkirmish.lost`): its last living
    leader, or its last unit not fled or dissolving."""
    leaders = [p.id for p in s.battle.living(side) if p.is_leader]
    fighting = [p.id for p in s.fighting(side)]
    return frozenset((leaders if len(leaders) == 1 else []) + (fighting if len(fighting) == 1 else []))


# --- movement -----------------------------------------------------------------------------------------------------

class _View:
    """What the scorer needs of the battle, computed once per decision."""

    def __init__(self, s: CenturiaSkirmish) -> None:
        self.s = s
        self.b: CenturiaBattle = s.battle
        self.tables = centuria_tables()
        self.side = s.active
        self.enemy = s.other(self.side)
        self.mine = self.b.living(self.side)
        self.theirs = self.b.living(self.enemy)
        self.enemy_units = [e for e in self.theirs if not e.is_leader]
        self.status = self.b.command(self.tables)
        self.hold = s.scenario.postures.get(self.side) == "hold"
        self.engines = [e for e in self.theirs if is_engine(e, self.tables) and not e.marker]
        self.front = min((distance(p.hex, e.hex) for p in self.mine if not p.is_leader for e in self.enemy_units),
                         default=0)
        self.own_engines = [e for e in self.mine if is_engine(e, self.tables) and not e.marker]
        self.urgent = bool(self.engines) and not self.own_engines  # under engines with none: close fast
        self.chained = any(st == "chain" for q, st in self.status.items() if q in {m.id for m in self.mine})
        self._lost: dict[tuple[str, Hex], int] = {}
        self._after: dict[tuple[str, Hex], dict[str, str]] = {}
        self._reach: dict[tuple[str, Hex], float] = {}

    def command_with(self, p: Piece, h: Hex) -> dict[str, str]:
        """Every sub-unit's command status with `p` in `h` (CTA-CMD), worked out once a decision."""
        key = (p.id, h)
        if key not in self._after:
            self._after[key] = self.b.with_piece(replace(p, hex=h)).command(self.tables)
        return self._after[key]

    def command_lost(self, p: Piece, h: Hex) -> int:
        """Exactly (CTA-CMD): the side's sub-units in command now that would be out of it with `p` in `h`, `p`
        included (a unit that leaves its leader's radius, or breaks the chain through it, or a leader who walks
        away from his units)."""
        key = (p.id, h)
        if key in self._lost:
            return self._lost[key]
        if not p.is_leader and not self.chained and any(
                distance(lead.hex, h) <= self.tables.units[lead.type].action_radius
                and in_sight(lead.hex, h, self.b.map, self.tables) for lead in self.b.commanders(p)):
            lost = 0  # covered directly and no one hangs on a chain: nobody can drop out
        else:
            after = self.command_with(p, h)
            lost = sum(1 for q in self.mine if not q.is_leader and self.status.get(q.id, "out") != "out"
                       and after.get(q.id) == "out")
        self._lost[key] = lost
        return lost

    def command_regained(self, lead: Piece, h: Hex) -> int:
        """Exactly (CTA-CMD): the side's sub-units out of command now that would be in it with leader `lead` in `h`."""
        out = [q for q in self.mine if not q.is_leader and self.status.get(q.id, "out") == "out" and lead in
               self.b.commanders(q)]
        if not out:
            return 0
        after = self.command_with(lead, h)
        return sum(1 for q in out if after.get(q.id, "out") != "out")

    def commands_engine(self, p: Piece) -> bool:
        """Whether leader `p` commands one of the side's engines directly (his fall makes its crew test, CTA-MORALE c;
        an idle crew does not shoot)."""
        return any(q.commander == p.id for q in self.own_engines)

    def reach_threat(self, p: Piece, h: Hex) -> float:
        """Exactly (CTA-COMBAT), the chance that `p` in `h` falls to the enemy sub-units that have yet to move this
        phase and can reach a hex beside `h` (CTA-MOVE: its allowance + 1), each attacking once from the hex beside
        `h` nearest to it: 1 - the product of their misses."""
        key = (p.id, h)
        if key in self._reach:
            return self._reach[key]
        b, t = self.b, self.tables
        trial, miss = None, Fraction(1)
        beside = [n for n in neighbors(h) if n in b.map] or list(neighbors(h))
        for e in self.enemy_units:
            if e.id in b.moved or is_engine(e, t) or self.status.get(e.id) == "out" or not self.can_close(e, h):
                continue
            if trial is None:
                trial = b.with_piece(replace(p, hex=h))  # made once, where some enemy can reach him
            there = min(beside, key=lambda n: (distance(n, e.hex), n))
            miss *= 1 - exchange(trial.with_piece(replace(e, hex=there)), e.id, p.id).defender_falls
        self._reach[key] = float(1 - miss)
        return self._reach[key]

    def leader_follows(self, h: Hex, p: Piece) -> bool:
        """A leader of `p` who has yet to move this round can reach a hex whose action radius covers `h`."""
        return following_leader(self.b, p, h, self.tables) is not None

    def can_close(self, e: Piece, h: Hex) -> bool:
        """Whether `e` can come beside `h` in one move: not idle (CTA-MORALE), within its allowance + 1 (CTA-MOVE)."""
        return not e.marker and distance(e.hex, h) <= movement_allowance(e, self.tables) + 1

    def threats_to(self, engine: Piece) -> list[Piece]:
        """The enemy sub-units that could reach contact with one of the side's engines next round (CTA-MOVE)."""
        return [e for e in self.enemy_units if self.status.get(e.id) != "out" and self.can_close(e, engine.hex)]

    def nearest_enemy(self, h: Hex) -> tuple[int, Piece | None]:
        best, who = 99, None
        for e in self.theirs:
            d = distance(h, e.hex)
            if d < best or (d == best and who is not None and who.is_leader and not e.is_leader):
                best, who = d, e
        return best, who

    def engine_threat(self, p: Piece, h: Hex) -> float:
        """Expected loss from the enemy engines' shots at `p` in `h` next combat phase: in range, seen by a
        spotter (and by the ballista itself), the chance of a hit from the engine's attack + `p`'s defence (CTA-ART)."""
        if not self.engines:
            return 0.0
        seen = None
        total = 0.0
        for e in self.engines:
            if distance(e.hex, h) > engine_range(e.type, self.tables):
                continue
            if e.type == "ballista" and not in_sight(e.hex, h, self.b.map, self.tables):
                continue
            if seen is None:
                seen = any(in_sight(q.hex, h, self.b.map, self.tables) for q in self.theirs)
            if not seen:
                return 0.0
            value = self.tables.units[e.type].attack + self.tables.units[p.type].defence - 1
            total += float(over_chance(value, self.b.die_sides or self.tables.die_sides)) * worth(p)  # DIE-20
        return total

    def in_command_at(self, p: Piece, h: Hex) -> bool:
        """Approximately: some leader who may command `p` covers `h`, or a friend in command stands beside it."""
        for lead in self.b.commanders(p):
            if distance(lead.hex, h) <= self.tables.units[lead.type].action_radius and in_sight(
                    lead.hex, h, self.b.map, self.tables):
                return True
        near = set(neighbors(h))
        return any(q.id != p.id and not q.is_leader and q.hex in near and self.status.get(q.id) in ("direct", "chain")
                   for q in self.mine)


def following_leader(b: CenturiaBattle, p: Piece, h: Hex, tables: CenturiaTables) -> Piece | None:
    """The first leader of `p` who has yet to move this round and can reach a hex whose action radius covers `h`
    (CTA-CMD, CTA-MOVE; sight is not asked): leaving his radius now need not leave `p` out of command next round."""
    return next((lead for lead in b.commanders(p) if lead.id not in b.moved and distance(lead.hex, h)
                 <= tables.units[lead.type].action_radius + movement_allowance(lead, tables)), None)


def _score(v: _View, p: Piece, h: Hex, facing: int, lv: LevelSettings) -> float:
    b, t = v.b, v.tables
    moved = replace(p, hex=h, facing=facing)
    trial = None  # the battle with `p` moved, made only where an exchange or a side of attack needs it
    d, near = v.nearest_enemy(h)
    score = 0.0
    adjacent_enemies = [e for e in v.theirs if distance(e.hex, h) == 1]
    if p.is_leader:
        own = [q for q in v.mine if not q.is_leader and p in b.commanders(q)]
        if own:
            radius = t.units[p.type].action_radius
            covered = sum(1 for q in own if distance(q.hex, h) <= radius and in_sight(q.hex, h, b.map, t))
            score += 0.6 * covered - 0.1 * sum(distance(q.hex, h) for q in own) / len(own)
        score -= 3.0 * len(adjacent_enemies) + (1.0 if d == 2 else 0.0) + LEADER_UNDER_FIRE * v.engine_threat(p, h)
        if lv.defensive and not adjacent_enemies and v.commands_engine(p):
            score -= ENGINE_COMMANDER_REACH * v.reach_threat(p, h) * worth(p)  # his fall idles crews (CTA-MORALE c)
        if lv.follows and d > 2:
            score += 4.0 * v.command_regained(p, h)  # he brings back the units that went ahead of him (CTA-CMD)
        return score - 4.0 * v.command_lost(p, h)  # no unit of his left out of command (CTA-CMD)
    if p.marker == 0 and v.command_lost(p, h) and not (lv.follows and v.leader_follows(h, p)):
        score -= 4.0 * v.command_lost(p, h)  # out of command: no move, no attack next round (CTA-CMD)
    if is_engine(p, t):
        rng = engine_range(p.type, t)
        targets = [e for e in v.theirs if distance(e.hex, h) <= rng]
        score += 0.5 * min(len(targets), 2) - 2.0 * len(adjacent_enemies) - (0.8 if d == 2 else 0.0)
        return score
    # the attack it could make from here and the ones it would suffer, exact odds
    if adjacent_enemies:
        trial = b.with_piece(moved)
        best_att = max(float(ex.defender_falls) * _worth(e, lv) - float(ex.attacker_falls) * _worth(p, lv)
                       for e in adjacent_enemies for ex in [exchange(trial, p.id, e.id)])
        score += max(best_att, -0.2)
        if lv.defensive:
            threat = 0.0
            for e in adjacent_enemies:
                if e.is_leader or is_engine(e, t) or e.marker:
                    continue
                ex = exchange(trial, e.id, p.id)
                threat += max(0.0, float(ex.defender_falls) * worth(p) - float(ex.attacker_falls) * worth(e))
            score -= threat
    # flanks and morale: friends beside it, the nearest enemy in front
    friends = sum(1 for q in v.mine if q.id != p.id and not q.is_leader and distance(q.hex, h) == 1)
    score += 0.15 * min(friends, 3)
    if not friends and lv.formation and any(v.can_close(e, h) for e in v.enemy_units):
        score -= 0.6  # alone where an enemy can reach it: flanks open, no morale support (CTA-COMBAT, CTA-MORALE)
    score += _engine_terms(v, p, h)
    if near is not None and d <= movement_allowance(near, t) + 1:
        side = (trial or b.with_piece(moved)).side_of_attack(near, moved)
        if side != "front":
            score -= 0.5 if side == "flank" else 0.9
    mod = t.terrain[b.terrain(h)].modifiers.get(p.type)
    if mod is not None:
        score += 0.08 * mod.defence - 0.04 * mod.attack
    # closing on the enemy; reserves far from the fight close first; a holding side waits
    if near is not None and not v.hold:
        reserve = 1.5 if d > v.front + 2 else 1.0
        score -= (0.2 if v.urgent else 0.12) * reserve * d
    elif near is not None and d > 4:
        score -= 0.03 * d
    return score


def _engine_terms(v: _View, p: Piece, h: Hex) -> float:
    """Shield the side's engines (a unit beside an engine, no farther than the engine from an enemy that can reach it)
    and go for the enemy's (cavalry closes on the nearest enemy engine): CTA-ART, CTA-COMBAT."""
    score = 0.0
    for e in v.own_engines:
        threats = v.threats_to(e)
        if not threats or distance(e.hex, h) != 1:
            continue
        if any(distance(h, x.hex) <= distance(e.hex, x.hex) for x in threats):
            shields = sum(1 for q in v.mine if q.id != p.id and not q.is_leader and not is_engine(q, v.tables)
                          and distance(q.hex, e.hex) == 1)
            score += 0.7 if shields < 2 else 0.2
    if v.engines and v.tables.units[p.type].arm == "cavalry":
        score -= 0.15 * min(distance(h, e.hex) for e in v.engines)
    return score


def _movement(s: CenturiaSkirmish, lv: LevelSettings, deadline: float | None) -> CtaAction:
    best, _gain = _best_move(s, lv, deadline)
    return best


def _best_move(s: CenturiaSkirmish, lv: LevelSettings, deadline: float | None = None) -> tuple[CtaAction, float]:
    """The move that gains most over standing still and its gain (`CtaEndPhase` and the level's least gain when none
    gains enough); with `lv.answers`, the best of its best moves less the enemy's best answer to each (`_answered`)."""
    v = _View(s)
    best: CtaAction = CtaEndPhase()
    best_gain = lv.min_gain
    ends: list[tuple[float, CtaMove, dict]] = []  # each piece's end once, with its first move (the look ahead's)
    movers = [p for p in v.mine if s.move_actions(p.id)]
    # units before leaders (leaders follow their units), the ones farthest from the enemy first (reserves)
    movers.sort(key=lambda p: (p.is_leader, -v.nearest_enemy(p.hex)[0]))
    for p in movers:
        if deadline is not None and time.perf_counter() > deadline and not isinstance(best, CtaEndPhase):
            break
        here = _score(v, p, p.hex, p.facing, lv)
        guards = lv.defensive and p.is_leader and v.commands_engine(p)
        gains: dict[tuple[Hex, int], float] = {}  # moves that end alike score alike
        for a in s.move_actions(p.id):
            end = end_of(p, a)
            gain = gains.get(end)
            first = gain is None
            if first:
                gain = gains[end] = _score(v, p, end[0], end[1], lv) - here
            reach = {"reach": v.reach_threat(p, end[0])} if guards else {}  # the engines' commander's risk, said
            if not lv.answers:
                bot_trace.note("cta_move", a, gain, end=end, **reach)  # its reason (game/bot_reasons.py, issue 25)
            elif first:
                ends.append((gain, a, {"end": end, **reach}))
            if gain > best_gain:
                best, best_gain = a, gain
    if lv.answers:
        out_of_time = deadline is not None and time.perf_counter() > deadline  # a budget spent: no look ahead
        return _answered(s, lv, sorted(ends, key=lambda x: -x[0]), best, best_gain, out_of_time)
    return best, best_gain


ANSWER_MODEL = Level.VETERAN  # whom the elite expects to meet: the enemy's answer is the veteran's best move


def _answered(s: CenturiaSkirmish, lv: LevelSettings, ranked: list[tuple[float, CtaMove, dict]], best: CtaAction,
              best_gain: float, out_of_time: bool = False) -> tuple[CtaAction, float]:
    """The elite's look ahead (CTA-1: the sides move one piece at a time): each of its `lv.answers` best moves that
    gain enough, less the gain of the enemy's best answer to it (the veteran's best move in the state it leaves; 0
    when the enemy has ended its part of the phase or no move of its gains enough); the best of them, or `best` when
    none gains enough or a `budget` is spent. A move rolls no dice (CTA-MOVE), so the answer is the same whatever the
    dice; the work is capped by `lv.answers`."""
    top = [] if out_of_time else [r for r in ranked[:lv.answers] if r[0] > lv.min_gain]
    if not top:
        for gain, a, data in ranked:
            bot_trace.note("cta_move", a, gain, **data)
        return best, best_gain
    chosen, chosen_val = best, None
    for gain, a, data in top:
        after = apply_move(s, a, Dice.scripted(()))  # a roll here would fail loudly
        answer, answer_gain, said = None, 0.0, None  # said: None, the enemy cannot answer; (), no answer gains
        if not after.over and after.phase == "movement" and after.active != s.active:
            with bot_trace.silenced():
                answer, answer_gain = _best_move(after, LEVELS[ANSWER_MODEL])
            answer_gain = answer_gain if isinstance(answer, CtaMove) else 0.0
            said = (answer.unit, end_of(after.battle.piece(answer.unit), answer)[0], answer_gain) if isinstance(
                answer, CtaMove) else ()  # the enemy's piece, its end hex, its gain
        val = gain - answer_gain
        bot_trace.note("cta_move", a, val, **data, gain=gain, answer=said)  # its reason (game/bot_reasons.py)
        if chosen_val is None or val > chosen_val:
            chosen, chosen_val = a, val
    return chosen, chosen_val


def end_of(p: Piece, a: CtaMove) -> tuple[Hex, int]:
    """The hex and facing a piece ends in after its move's steps (CTA-MOVE), without asking the rules."""
    from ..hexgrid import neighbor

    here, facing = p.hex, p.facing
    for st in a.steps:
        if st.startswith("T"):
            facing = int(st[1])
        else:
            here = neighbor(here, {"F": facing, "FL": (facing - 1) % 6, "FR": (facing + 1) % 6}[st])
    return here, facing


__all__ = ["LEVELS", "centuria_bot_action", "worth"]
