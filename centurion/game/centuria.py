"""A whole battle of Centuria under the game API of `centurion.game` (issue 15): the same verbs as a Centurion
skirmish (`legal_actions`, `apply` raising `IllegalAction`, `to_json`/`load`, `over`, `result`, `bot_action`).

The round as the seed has it (CTA-1): one movement phase in which both sides move, one unit at a time, the round's
first side starting and the sides taking turns to start; one combat phase with every attack and shot, alternating
the same way; a side ends its part of a phase with `CtaEndPhase`, or the countdown does it (`CtaTimeUp`, sent by
the page when the round's time runs out: the side's units not yet ordered stay). Rally tests open each round after
the first (CTA-MORALE). The battle ends when a side has lost (all its units removed, fled or dissolving, or all its
leaders fallen) or after the last round (a scenario's `holds_out` side wins if it has not lost; otherwise the
side that lost fewer units wins). Decisions in docs/decisions.md, "Centuria battles".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar

from ..centuria import (
    MARKERS,
    CenturiaBattle,
    CenturiaMove,
    Exchange,
    attack,
    exchange,
    fire,
    fire_refusal,
    morale_test,
    morale_triggers,
    move,
    movement_value,
    pass_phase,
    start_alternating,
    start_round,
)
from ..centuria.battle import Event, is_engine
from ..centuria.checks import attack_refusal, shot_refusal
from ..data import centuria_tables
from ..data.centuria_scenarios import CenturiaBattleSpec, centuria_battle_names, shipped_centuria_battle
from ..hexgrid import Hex, distance, neighbor
from ..rules.grav import Refusal
from ..rules.victory import victory_level
from .actions import IllegalAction, Notation, seed_refusal
from .codec import FORMAT, MAX_ACTIONS, VERSION, SaveError, replay, scenario_and_seed
from .enums import Phase
from .state import Result, decision_dice

SYSTEM = "centuria"
STEPS = ("F", "FL", "FR", "T0", "T1", "T2", "T3", "T4", "T5")


# --- actions ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CtaMove(Notation):
    """One unit's or leader's move in the movement phase: steps F, FL, FR and turns T0..T5 (CTA-MOVE)."""

    kind: ClassVar[str] = "cta_move"
    unit: str
    steps: tuple[str, ...]

    def describe(self) -> str:
        """In words."""
        return f"{self.unit} moves {' '.join(self.steps) or '(stays)'}"


@dataclass(frozen=True)
class CtaAttack(Notation):
    """A close attack on an adjacent enemy; attack and counter are rolled at once (CTA-COMBAT)."""

    kind: ClassVar[str] = "cta_attack"
    unit: str
    target: str

    def describe(self) -> str:
        """In words."""
        return f"{self.unit} attacks {self.target}"


@dataclass(frozen=True)
class CtaShoot(Notation):
    """A ballista or tormentum shoots at an enemy in range (CTA-ART)."""

    kind: ClassVar[str] = "cta_shoot"
    engine: str
    target: str

    def describe(self) -> str:
        """In words."""
        return f"{self.engine} shoots at {self.target}"


@dataclass(frozen=True)
class CtaEndPhase(Notation):
    """The side ends its part of the current phase; its units not yet ordered stay (CTA-1)."""

    kind: ClassVar[str] = "cta_end_phase"

    def describe(self) -> str:
        """In words."""
        return "ends its part of the phase"


@dataclass(frozen=True)
class CtaTimeUp(Notation):
    """The round's countdown ran out on this side's turn: its part of the phase ends now (CTA-1)."""

    kind: ClassVar[str] = "cta_time_up"

    def describe(self) -> str:
        """In words."""
        return "runs out of time: its part of the phase ends"


CtaAction = CtaMove | CtaAttack | CtaShoot | CtaEndPhase | CtaTimeUp
KINDS: dict[str, type] = {c.kind: c for c in (CtaMove, CtaAttack, CtaShoot, CtaEndPhase, CtaTimeUp)}


def action_to_data(action: CtaAction) -> dict[str, Any]:
    """The plain-data form of a Centuria action (for the save file)."""
    out: dict[str, Any] = {"kind": action.kind}
    for name in (f.name for f in fields(action)):
        v = getattr(action, name)
        out[name] = list(v) if isinstance(v, tuple) else v
    return out


def action_from_data(data: Any, where: str = "action") -> CtaAction:
    """A Centuria action from its plain-data form; anything malformed raises ValueError naming the field."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a mapping with a 'kind', got {type(data).__name__}")
    kind = data.get("kind")
    if kind not in KINDS:
        raise ValueError(f"{where}: unknown kind {str(kind)[:40]!r}; one of {', '.join(KINDS)}")
    cls = KINDS[kind]
    names = [f.name for f in fields(cls)]
    extra = set(data) - set(names) - {"kind"}
    if extra:
        raise ValueError(f"{where}: unknown field(s) {sorted(map(str, extra))[:5]} for a {kind} action")
    kw: dict[str, Any] = {}
    for name in names:
        if name not in data:
            raise ValueError(f"{where}: field {name!r} is missing")
        v = data[name]
        if name == "steps":
            if not isinstance(v, list) or len(v) > 16 or any(s not in STEPS for s in v):
                raise ValueError(f"{where}.steps: expected a list of at most 16 of {', '.join(STEPS)}"[:300])
            kw[name] = tuple(v)
        else:
            if not isinstance(v, str) or not 0 < len(v) <= 60:
                raise ValueError(f"{where}.{name}: expected an id (text), got {str(v)[:40]!r}")
            kw[name] = v
    return cls(**kw)




# --- the state --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CenturiaSkirmish:
    """One battle of Centuria (see the module docstring); create it with `new_centuria_skirmish`."""

    scenario: CenturiaBattleSpec
    seed: int
    variants: tuple[str, ...]
    history: tuple[CtaAction, ...]
    battle: CenturiaBattle
    log: tuple[str, ...] = ()
    result: Result | None = None
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    system = SYSTEM

    # --- equality and hashing (issue 23): the position, not the way it was reached ----------------------------
    def _state_key(self) -> tuple:
        """What makes two battles equal: all but the record (history, logs) and caches, plus the number of
        decisions taken (the next decision's dice depend on it)."""
        b = self.battle
        return (self.scenario, self.seed, self.variants, len(self.history), self.result,
                tuple(getattr(b, f.name) for f in fields(b) if f.name not in ("log", "_cache")))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is other or self._state_key() == other._state_key()

    def __hash__(self) -> int:
        """Equal battles hash alike; the hash is cached."""
        if "hash" not in self._cache:
            b = self.battle
            self._cache["hash"] = hash((self.seed, self.variants, len(self.history), self.result is None, b.round,
                                        b.phase, b.active_side, b.pieces, b.moved, b.attacked, b.shots, b.passed))
        return self._cache["hash"]

    # --- views -------------------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the battle has ended."""
        return self.result is not None

    @property
    def turn(self) -> int:
        """The round (CTA-1); after the last round, the last."""
        return min(self.battle.round, self.scenario.round_limit)

    @property
    def phase(self) -> Phase:
        """movement, combat, or over (a str-valued enum, issue 23)."""
        return Phase.OVER if self.over else Phase(self.battle.phase)

    @property
    def active(self) -> str | None:
        """The side whose turn it is (None when the battle is over)."""
        return None if self.over else self.battle.active_side

    @property
    def sides(self) -> tuple[str, str]:
        """The two side keys, in scenario order (the first starts round 1)."""
        return (self.battle.sides[0], self.battle.sides[1])

    @property
    def battlemap(self):
        """The battle map."""
        return self.battle.map

    @property
    def time_limit_seconds(self) -> int | None:
        """The countdown of a round, None when off (CTA-1)."""
        return self.scenario.time_limit_seconds

    def other(self, side: str) -> str:
        """The opposing side."""
        a, b = self.sides
        return b if side == a else a

    def label(self, side: str | None) -> str:
        """A side's name."""
        return "nobody" if side is None else self.scenario.scenario.sides[side]

    def words(self, text: str) -> str:
        """Text of the rules engine as shown to players: each side key becomes the side's name (CTA-1)."""
        for side in self.sides:
            name = self.label(side)

            def sub(m: re.Match, name: str = name) -> str:
                before = m.string[:m.start()].rstrip()
                mid = before != "" and before[-1] not in ".!?"
                n = "t" + name[1:] if mid and name.startswith("The ") else name
                return (f"{n}'" if n.endswith("s") else f"{n}'s") if m.group(1) else n

            text = re.sub(rf"\b{re.escape(side)}\b('s\b)?", sub, text)
        return text

    def units(self, side: str | None = None) -> list:
        """The fighting units (sub-units and engines, not leaders) of a side, living or not."""
        return [p for p in self.battle.pieces if not p.is_leader and (side is None or p.side == side)]

    def losses(self, side: str) -> int:
        """Units of a side removed so far (sub-units and engines; leaders are not counted) (CTA-COMBAT)."""
        return sum(1 for p in self.units(side) if not p.alive)

    def morale(self) -> dict[str, str]:
        """Every living unit's morale state: intact, idle, dissolving or fleeing (CTA-MORALE)."""
        return {p.id: MARKERS[p.marker] for p in self.units() if p.alive}

    def command(self) -> dict[str, str]:
        """Every living unit's command status: direct, chain or out (CTA-CMD)."""
        return self.battle.command()

    def banner(self) -> str:
        """What is happening now and what may be done, in a sentence for the page."""
        if self.over:
            r = self.result
            if r.winner is None:
                return f"The battle is over: a draw ({r.reason})."
            return f"The battle is over: {r.level} victory for {self.label(r.winner)} ({r.reason})."
        b = self.battle
        what = ("move one unit or leader (a unit must be in command to move), or end your part of the phase "
                "[CTA-1, CTA-MOVE, CTA-CMD]" if b.phase == "movement" else
                "attack with one unit or shoot with one engine, or end your part of the phase [CTA-COMBAT, CTA-ART]")
        clock = "" if self.time_limit_seconds is None else f" Countdown: {self.time_limit_seconds} s a round."
        return (f"Round {b.round} of {self.scenario.round_limit}, {b.phase} phase. {self.label(self.active)}: "
                f"{what}.{clock}")

    # --- legal actions ---------------------------------------------------------------------------------------
    def legal_actions(self) -> list[CtaAction]:
        """Every decision open to the active side now, the list a player (or the bot) chooses from (CTA-1).

        Moves are grouped by where they end: one `CtaMove` per reachable end hex and facing of each unit, by the
        fewest steps. Other step sequences to the same end may be legal too but are not listed: test any action
        with `is_legal(action)`."""
        if self.over:
            return []
        if "legal" not in self._cache:
            self._cache["legal"] = self._legal()
        return list(self._cache["legal"])

    def _legal(self) -> list[CtaAction]:
        b = self.battle
        out: list[CtaAction] = []
        mine = [p for p in b.living(b.active_side)]
        if b.phase == "movement":
            for p in mine:
                out += self.move_actions(p.id)
        else:
            enemies = b.living(self.other(b.active_side))
            for p in mine:
                if is_engine(p):
                    out += [CtaShoot(p.id, e.id) for e in enemies if fire_refusal(b, p.id, e.id) is None]
                elif p.id not in b.attacked:
                    out += [CtaAttack(p.id, e.id) for e in enemies
                            if distance(p.hex, e.hex) == 1 and attack_refusal(b, p.id, e.id) is None]
        out.append(CtaEndPhase())
        if self.time_limit_seconds is not None:
            out.append(CtaTimeUp())
        return out

    def move_actions(self, unit: str) -> tuple[CtaMove, ...]:
        """One move for each end hex and facing the unit can reach now, by the fewest steps (CTA-MOVE); each is
        checked by the engine's `move`."""
        ck = ("moves", unit)
        if ck in self._cache:
            return self._cache[ck]
        b = self.battle
        p = b.piece(unit)
        out: list[CtaMove] = []
        if b.phase == "movement" and p.alive and p.side == b.active_side and p.id not in b.moved and p.marker < 3:
            # search end states by the MP left (a path through kinder terrain may reach further), then let the
            # engine's `move` check each one: the list holds only what `apply` accepts
            best: dict[tuple[Hex, int], int] = {}
            found: dict[tuple[Hex, int], tuple[str, ...]] = {}
            frontier = [(p.hex, p.facing, (), (p.hex,), 0)]
            while frontier:
                here, facing, steps, through, spent = frontier.pop(0)
                for s in STEPS:
                    if s.startswith("T"):
                        f = int(s[1])
                        if f == facing:
                            continue
                        cost = 2 if (f - facing) % 6 == 3 else 1
                        cand, thr = (here, f), through
                    else:
                        side_f = {"F": facing, "FL": (facing - 1) % 6, "FR": (facing + 1) % 6}[s]
                        dest = neighbor(here, side_f)
                        if dest not in b.map or any(q.side != p.side for q in b.at(dest)):
                            continue
                        cost, cand, thr = 1, (dest, facing), (*through, dest)
                    left = movement_value(b, p, thr) - spent - cost
                    if left < 0 or best.get(cand, -1) >= left:
                        continue
                    best[cand] = left
                    trial = (*steps, s)
                    frontier.append((cand[0], cand[1], trial, thr, spent + cost))
                    if cand not in found and cand != (p.hex, p.facing):
                        if not isinstance(move(b, CenturiaMove(unit, trial)), Refusal):
                            found[cand] = trial
            out = [CtaMove(unit, steps) for steps in found.values()]
        self._cache[ck] = tuple(out)  # a tuple: a caller cannot change what is legal (issue 20, G4)
        return self._cache[ck]

    def command_after(self, action: CtaMove) -> str | None:
        """The command status a move would leave the unit in (direct, chain, out), None if it is not legal now —
        for the page to warn before the move is confirmed (CTA-CMD)."""
        r = move(self.battle, CenturiaMove(action.unit, action.steps))
        if isinstance(r, Refusal):
            return None
        return r[0].command().get(action.unit, "leader")

    def preview(self, action: CtaAttack | CtaShoot) -> Exchange | None:
        """The exact odds of an attack or shot, only if it can really be made now (CTA-COMBAT, CTA-ART)."""
        if action not in self.legal_actions():
            return None
        unit = action.unit if isinstance(action, CtaAttack) else action.engine
        return exchange(self.battle, unit, action.target)

    # --- applying a decision ---------------------------------------------------------------------------------
    def is_legal(self, action: CtaAction) -> bool:
        """Whether `apply(action)` would accept it now: the very check `apply` makes, no dice rolled, the battle
        unchanged; a move by any legal path, not only the one `legal_actions` lists (issue 23)."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, action: CtaAction) -> None:
        """IllegalAction naming the rule unless `apply` may play `action` now (CTA-1, CTA-MOVE, CTA-COMBAT,
        CTA-ART); attacks and shots are probed without rolling (centuria/checks.py)."""
        if self.over:
            raise IllegalAction("CTA-1", "the battle is over")
        if type(action) not in KINDS.values():
            raise IllegalAction("CTA-1", f"not a Centuria action: {action!r}"[:200])
        for f in fields(action):
            v = getattr(action, f.name)
            if f.name == "steps":
                if not isinstance(v, tuple) or not 0 < len(v) <= 16 or any(s not in STEPS for s in v):
                    raise IllegalAction("CTA-MOVE", f"a move has 1 to 16 steps of {', '.join(STEPS)}, got "
                                        f"{v!r}"[:200])
            elif not isinstance(v, str) or not 0 < len(v) <= 60:
                raise IllegalAction("CTA-1", f"{f.name}: expected an id (text), got {v!r}"[:200])
        b = self.battle
        r = None
        if isinstance(action, CtaMove):
            r = move(b, CenturiaMove(action.unit, action.steps))
        elif isinstance(action, CtaAttack):
            r = attack_refusal(b, action.unit, action.target)
        elif isinstance(action, CtaShoot):
            r = shot_refusal(b, action.engine, action.target)
        elif isinstance(action, CtaTimeUp) and self.time_limit_seconds is None:
            raise IllegalAction("CTA-1", "this battle has no countdown")
        if isinstance(r, Refusal):
            raise IllegalAction(r.rule, self.words(r.reason))

    def apply(self, action: CtaAction) -> CenturiaSkirmish:
        """The state after `action`; an action the rules refuse raises IllegalAction and changes nothing."""
        if self.over:
            raise IllegalAction("CTA-1", "the battle is over")
        if not isinstance(action, tuple(KINDS.values())):
            raise IllegalAction("CTA-1", f"not a Centuria action: {action!r}"[:200])
        self._check(action)  # the check `is_legal` makes (issue 23)
        dice = decision_dice(self.seed, len(self.history))
        b = self.battle
        entry = f"R{b.round} {b.phase} — {self.label(b.active_side)}: {action.describe()}"
        events: list[Event] = []
        if isinstance(action, CtaMove):
            if not action.steps:
                raise IllegalAction("CTA-MOVE", "a move has at least one step; a unit left where it is is not "
                                    "ordered")
            r = move(b, CenturiaMove(action.unit, action.steps))
            if isinstance(r, Refusal):
                raise IllegalAction(r.rule, self.words(r.reason))
            new, events = r
        elif isinstance(action, (CtaAttack, CtaShoot)):
            if isinstance(action, CtaAttack):
                r = attack(b, action.unit, action.target, dice)
            else:
                r = fire(b, action.engine, action.target, dice)
            if isinstance(r, Refusal):
                raise IllegalAction(r.rule, self.words(r.reason))
            new, events = r
            for pid, reason in morale_triggers(b, new):
                q = new.piece(pid)
                if q.alive and q.marker < 3:
                    new, more = morale_test(new, pid, dice, reason)
                    events += more
        else:
            if isinstance(action, CtaTimeUp) and self.time_limit_seconds is None:
                raise IllegalAction("CTA-1", "this battle has no countdown")
            new = pass_phase(b, time_up=isinstance(action, CtaTimeUp))
            events = [e for e in new.log[len(b.log):]]
            if new.round != b.round and new.round <= self.scenario.round_limit:
                new, more = start_round(new, dice)
                events += more
        rolls = tuple(f"    {r.describe()}" for r in dice.log)
        lines = tuple(f"  {self.words(e.text)} [{e.rule}]" for e in events)
        nxt = replace(self, history=self.history + (action,), battle=new, log=self.log + (entry,) + rolls + lines)
        return nxt._victory_check()

    def lost(self, side: str) -> str | None:
        """Why a side has lost now, or None (decisions: all units removed, fled or dissolving; all leaders
        fallen)."""
        units = self.units(side)
        if units and all(not p.alive or p.marker >= 2 for p in units):
            return f"every unit of {self.label(side)} is removed, fled or dissolving"
        leaders = [p for p in self.battle.pieces if p.is_leader and p.side == side]
        if leaders and not any(p.alive for p in leaders):
            return f"every leader of {self.label(side)} has fallen"
        return None

    def _victory_check(self) -> CenturiaSkirmish:
        a, b = self.sides
        la, lb = self.lost(a), self.lost(b)
        removed = {a: self.losses(b), b: self.losses(a)}  # units each side has removed
        if la and lb:
            return self._ended(None, "draw", removed, f"{la}; {lb}")
        if la or lb:
            winner = b if la else a
            return self._ended(winner, _level(removed[winner], removed[self.other(winner)]), removed, la or lb)
        if self.battle.round > self.scenario.round_limit:
            reason = f"the {self.scenario.round_limit} rounds are fought"
            holder = self.scenario.holds_out
            if holder is not None:  # the scenario's own goal: this side only has to hold out (decision)
                mine, theirs = removed[holder], removed[self.other(holder)]
                level = _level(mine, theirs) if mine > theirs else "marginal"  # holding alone: a marginal win
                return self._ended(holder, level, removed, f"{reason}; {self.label(holder)} held out")
            if removed[a] == removed[b]:
                return self._ended(None, "draw", removed, f"{reason}; both sides lost {removed[a]} unit(s)")
            winner = a if self.losses(a) < self.losses(b) else b
            return self._ended(winner, _level(removed[winner], removed[self.other(winner)]), removed,
                               f"{reason}; {self.label(winner)} lost fewer units")
        return self

    def _ended(self, winner: str | None, level: str, removed: dict[str, int], reason: str) -> CenturiaSkirmish:
        result = Result(winner, level, dict(removed), reason)
        a, b = self.sides
        text = (f"Battle over ({reason}): {self.label(a)} removed {removed[a]} unit(s), {self.label(b)} "
                f"{removed[b]}; " + ("a draw" if winner is None else f"{level} victory for {self.label(winner)}"))
        return replace(self, result=result, log=self.log + (text,))

    # --- saving --------------------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save text: format, version, system, scenario, seed and every decision (replayed on load)."""
        data = {"format": FORMAT, "version": VERSION, "system": SYSTEM, "scenario": self.scenario.key,
                "seed": self.seed, "variants": list(self.variants),
                "actions": [action_to_data(a) for a in self.history]}
        return json.dumps(data, separators=(",", ":"))


def _level(high: int, low: int) -> str:
    """The level of a win by units removed (victory_level); a win never rates below marginal (decision)."""
    level = victory_level(high, low)
    return "marginal" if level == "draw" else level


def new_centuria_skirmish(name: str, *, seed: int = 0, variants: tuple[str, ...] = ()) -> CenturiaSkirmish:
    """A new battle of a shipped Centuria scenario, at its first decision (round 1, movement, CTA-1)."""
    if seed_refusal(seed) is not None:  # the save's bound (issue 20, G3)
        raise ValueError(seed_refusal(seed))
    if tuple(variants):
        raise ValueError("VAR-*: the optional rules are Centurion's; a Centuria battle takes none")
    spec = shipped_centuria_battle(name)
    battle = start_alternating(CenturiaBattle.from_scenario(spec.scenario, centuria_tables()))
    a, b = battle.sides
    s = CenturiaSkirmish(spec, seed, (), (), battle)
    return replace(s, log=(f"{spec.title}: {s.label(a)} against {s.label(b)}, seed {seed}, "
                           f"{spec.round_limit} rounds",))


def centuria_scenarios() -> list[str]:
    """The shipped Centuria battles, by key."""
    return centuria_battle_names()


def load_centuria(data: dict, name: str = "saved game") -> CenturiaSkirmish:
    """A Centuria battle from a parsed save (already through the upload guard); SaveError names what is wrong."""
    if data.get("format") != FORMAT:
        raise SaveError(f"{name}: field 'format': expected {FORMAT!r}, got {str(data.get('format'))[:60]!r}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveError(f"{name}: field 'version': a Centuria save is version {VERSION}, got {str(version)[:20]!r}")
    scen, seed = scenario_and_seed(data, name, centuria_scenarios())
    if data.get("variants", []) != []:
        raise SaveError(f"{name}: field 'variants': a Centuria battle takes none, got {str(data['variants'])[:60]!r}")
    extra = set(data) - {"format", "version", "system", "scenario", "seed", "variants", "actions"}
    if extra:
        raise SaveError(f"{name}: unknown field(s) {sorted(map(str, extra))[:5]}")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise SaveError(f"{name}: field 'actions': expected a list, got {str(actions)[:60]!r}")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"{name}: field 'actions': at most {MAX_ACTIONS} actions, got {len(actions)}")
    game = new_centuria_skirmish(scen, seed=seed)
    return replay(game, actions, name, action_from_data)


__all__ = ["CenturiaSkirmish", "CtaAction", "CtaAttack", "CtaEndPhase", "CtaMove", "CtaShoot", "CtaTimeUp",
           "action_from_data", "action_to_data", "centuria_scenarios", "load_centuria", "new_centuria_skirmish"]
