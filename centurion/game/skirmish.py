"""A whole game of Centurion as an immutable state and its decisions (CEN-SEQ-1..3, CEN-INI, CEN-OPP, End Phase).

`Skirmish` is a frozen value: `apply(action)` returns the next state or raises `IllegalAction` (rule named,
state unchanged). Every die comes from a `Dice` seeded by the game's seed and the number of the decision, so
a game replays exactly from its seed and its actions; undo is the previous state. The rules are the engine's
(`centurion.rules`): this module only sequences them and keeps the units.

How the turn is cut into decisions (docs/decisions.md, "Skirmish"):
initiative (the side with the Leadership Advantage spends points, CEN-INI-1) -> order (the winner moves
first or last) -> movement (per platoon in CEN-SEQ-2 order: each vehicle moves or stands on opportunity fire;
passes with 3 unused leadership points, CEN-INI-2) with opportunity decisions after each enemy move
(CEN-OPP-1) -> painting declarations (CEN-SEQ-3 order) -> painting resolved -> fire declarations (loser
first, alternating) -> fire resolved one firing unit at a time, internals after all fire -> End Phase
(widowed armor, waking crews, old smoke lifts; each side may lay smoke) -> victory check.
With VAR-INIT on, `game/activation.py` runs the variant turn instead (rating points -> who activates first ->
platoon activations, each moving, painting and firing with damage at once -> the same End Phase).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType

from ..data import BattleMap, vehicle_types
from ..data.scenarios import Scenario, shipped_scenario
from ..dice import Dice
from ..hexgrid import Hex, distance, format_label, neighbor, parse_label
from ..rules import (
    CombatUnit,
    GravState,
    RecordSheet,
    combat_phase,
    end_phase,
    execute_grav_move,
    legal_grav_moves,
    movement_effects,
    resolve_grav_move,
    resolve_opportunity_fire,
)
from ..rules.grav import Refusal
from ..rules.ground import ground_reach
from ..rules.infantry_fire import SquadAttack
from ..rules.leadership import (
    Centurion,
    activation_sequence,
    century_advantage,
    pass_platoon,
    plan_leadership,
    roll_century_initiative,
)
from ..rules.resolution import SquadOrder, declare_squad_fire, resolve_painting
from ..rules.sequence import declaration_order
from ..rules.targets import Attack, FirePlan, declare_fire, in_arc, infantry_paint, vehicle_paint, weapon_family
from ..rules.victory import battle_outcome, victory_points
from ..variants.movement import VariantMove, VariantResolvedMove, execute_variant_move, resolve_variant_move
from ..variants.ruleset import RuleSet
from . import activation as vinit
from . import crew, opportunity, ramming
from .actions import (
    Action,
    Conceal,
    EndTurn,
    Fire,
    IllegalAction,
    Leadership,
    LetPass,
    March,
    Mount,
    Move,
    OpportunityFire,
    Order,
    Paint,
    Pass,
    SelfDestruct,
    Smoke,
    SquadFire,
    Watch,
    check_action,
    seed_refusal,
)
from .enums import Phase
from .fire_log import fire_lines, variant_terms
from .variants import (
    as_variant_move,
    check_variants,
    end_position,
    fire_map,
    game_end_states,
    moves_need_variants,
    movetype_lines,
    occupy_lines,
    occupy_map_for,
    occupy_options,
    occupy_parts,
    positions_in_play,
    variant_path,
)

SYSTEM = "centurion"
SQUAD_DESTROYED_AT = 5  # men killed for a squad to count as destroyed (book-b §15.2, rules/victory.py)


@dataclass(frozen=True)
class Vehicle:
    """A vehicle in the game: where it is, how it flies, its live record sheet (CEN-REC-1)."""

    key: str
    side: str
    platoon: str
    type: str
    hex: Hex
    facing: int
    velocity: int
    sheet: RecordSheet
    cost: int = 0
    grounded: bool = False
    in_crater: bool = False
    submerged: bool = False
    painted_by: tuple[str, ...] = ()
    vane_boxes: tuple[tuple[str, int], ...] = ()  # VAR-EMERGENCY: vane boxes lost per side (left, right)
    vanes_lost: tuple[str, ...] = ()  # VAR-EMERGENCY: vanes burnt out (for the rest of the game)
    vanes_shorted: tuple[str, ...] = ()  # VAR-EMERGENCY: shorted this turn: out for the next turn only
    destruct_turn: int | None = None  # VAR-SELFDESTRUCT: the turn whose End Phase blows the charge set
    destruct_tried: int = 0  # VAR-SELFDESTRUCT: the last turn its crew tried (one attempt per End Phase)
    driver_fire: tuple = ()  # VAR-WEAPONS: (turn, target, weapons) the driver fires; next turn's limits cut
    occupy: str = ""  # VAR-OCCUPY: 'in' or 'out' in its partly covered hex ('' = the basic reading)
    entered: int | None = None  # the hexside it came in by, into a hex an enemy held (same hex, book-a §14.2)
    vulcan: object = None  # its Vulcan's engagement this turn (a VulcanEngagement, book-a 15.2), None: not yet
    vanes_out: tuple[str, ...] = ()  # VAR-EMERGENCY: shorted last turn: out this turn, usable again the next
    flown: int | None = None  # the velocity it flew its last move at (VAR-SPEEDMOD: shots at hexes of that move)

    @property
    def destroyed(self) -> bool:
        """Destroyed: Vehicle Destroyed box, explosion or the whole crew dead (book-a 14.1)."""
        return self.sheet.destroyed

    def grav(self) -> GravState:
        """Its movement state with the sheet's damage (book-a §13, `movement_effects`) and vanes lost to
        emergency turns (VAR-EMERGENCY)."""
        effects = movement_effects(self.sheet)
        for side in self.vanes_lost + self.vanes_out:
            effects[f"{side}_vane_lost"] = True
        return GravState(self.hex, self.facing, self.velocity, grounded=self.grounded, in_crater=self.in_crater,
                         submerged=self.submerged, **effects)


@dataclass(frozen=True)
class Squad:
    """An infantry squad: dismounted in a hex, or aboard a carrier (CEN-INF-1, CEN-MNT-1)."""

    key: str
    side: str
    platoon: str
    men: int
    hex: Hex | None = None
    aboard: str | None = None
    started: int = 8
    concealed_turn: int | None = None  # the turn it concealed; hidden during the next (book-a §16.7)
    tvlgs_left: int | None = None  # TVLGs left after firing (None: a full load, book-a §16.4)

    @property
    def destroyed(self) -> bool:
        """Every man lost."""
        return self.men <= 0


@dataclass(frozen=True)
class Result:
    """The end of a game: winner (a side key, None on a draw), level of victory, points per side (book-b §15.3)."""

    winner: str | None
    level: str
    points: Mapping[str, int]
    reason: str = ""


_MAPS: dict[tuple[int, tuple], tuple[BattleMap, BattleMap]] = {}


def _map_with(base: BattleMap, extra: tuple[tuple[Hex, str], ...]) -> BattleMap:
    """The scenario map with the game's own counters (craters dug, smoke laid); sight/step caches rebuilt."""
    if not extra:
        return base
    key = (id(base), tuple(sorted(extra)))
    if key in _MAPS and _MAPS[key][0] is base:
        return _MAPS[key][1]
    if len(_MAPS) > 64:
        _MAPS.clear()
    hexes = dict(base.hexes)
    for h, kind in extra:
        hexes[h] = replace(hexes[h], counters=hexes[h].counters + (kind,))
    out = replace(base, hexes=hexes)
    if not any(k == "crater" for _h, k in extra):  # smoke changes sight, not movement: share the step tables
        out.__dict__["_grav_step_cache"] = base.__dict__.setdefault("_grav_step_cache", {})
    _MAPS[key] = (base, out)
    return out


def decision_dice(seed: int, n: int) -> Dice:
    """The dice of decision n of a game (n = -1 for the set-up): a stream of its own from the seed."""
    return Dice(seed=seed * 1_000_003 + n + 1)


@dataclass(frozen=True)
class Skirmish:
    """One game of Centurion (see the module docstring); create it with `new_skirmish`."""

    scenario: Scenario
    seed: int
    variants: tuple[str, ...]
    history: tuple[Action, ...]
    turn: int
    phase: Phase  # a str-valued enum: Phase.MOVEMENT == "movement" (issue 23)
    active: str | None
    vehicles: tuple[Vehicle, ...]
    squads: tuple[Squad, ...]
    counters: tuple[tuple[Hex, str], ...] = ()
    smoke_turn: tuple[tuple[Hex, int], ...] = ()
    first: str | None = None  # side A this turn
    initiative_winner: str | None = None
    leadership_used: int = 0
    passes: int = 0
    sequence: tuple[tuple[str, str], ...] = ()
    done: frozenset[str] = frozenset()  # vehicles and squads that have moved (or stood) this turn
    watching: frozenset[str] = frozenset()
    opp_fired: frozenset[str] = frozenset()
    pending_move: tuple[str, tuple[tuple[Hex, int], ...]] | None = None  # mover, path entered (opportunity)
    moving: opportunity.MoveInProgress | None = None  # that move, to fly it again from a shot (CEN-OPP-1)
    queue: tuple[str, ...] = ()  # sides still to declare, in order (painting / fire)
    paints: tuple[tuple[str, str], ...] = ()
    fires: tuple[tuple[str, ...], ...] = ()  # (vehicle, target) or (squad, target, weapon)
    fire_choices: tuple[Fire, ...] = ()  # declarations naming weapons, shells or a second target (book-a §8.2)
    marched: frozenset[str] = frozenset()  # squads that walked this turn: 1 personal attack (book-a 16.3)
    declared: frozenset[str] = frozenset()
    end_done: tuple[str, ...] = ()
    log: tuple[str, ...] = ()
    # VAR-INIT (the variant turn sequence, game/activation.py): points spent, velocities at the turn's start, fired
    spent: tuple[tuple[str, int], ...] = ()
    start_velocities: tuple[tuple[str, int], ...] = ()
    fired: frozenset[str] = frozenset()
    result: Result | None = None
    rams: tuple = ()  # VAR-RAM: PendingRam values waiting for the end of the Combat Phase (game/ramming.py)
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    system = SYSTEM

    def __post_init__(self) -> None:
        object.__setattr__(self, "phase", Phase(self.phase))  # every phase set anywhere becomes a Phase (issue 23)

    # --- equality and hashing (issue 23): the position, not the way it was reached ----------------------------
    def _state_key(self) -> tuple:
        """What makes two states equal: every field but the record (history, log) and the caches, plus the number
        of decisions taken (the dice of the next decision depend on it, `decision_dice`)."""
        return (len(self.history),) + tuple(getattr(self, f.name) for f in fields(self)
                                            if f.name not in ("history", "log", "_cache"))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is other or self._state_key() == other._state_key()

    def __hash__(self) -> int:
        """Equal states hash alike (a transposition table may key on states); the hash is cached."""
        if "hash" not in self._cache:
            self._cache["hash"] = hash((
                self.scenario.key, self.seed, self.variants, len(self.history), self.turn, self.phase, self.active,
                tuple((v.key, v.hex, v.facing, v.velocity, v.grounded, v.sheet.destroyed) for v in self.vehicles),
                tuple((q.key, q.men, q.hex, q.aboard) for q in self.squads), self.counters, self.done,
                self.sequence, self.queue, self.declared, self.result is None))
        return self._cache["hash"]

    # --- views -------------------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    @property
    def battlemap(self) -> BattleMap:
        """The scenario map with craters dug and smoke laid."""
        return _map_with(self.scenario.map, self.counters)

    @property
    def sides(self) -> tuple[str, str]:
        """The two side keys, in scenario order."""
        return (self.scenario.sides[0].key, self.scenario.sides[1].key)

    def other(self, side: str) -> str:
        """The opposing side."""
        a, b = self.sides
        return b if side == a else a

    def label(self, side: str | None) -> str:
        """A side's name."""
        return "nobody" if side is None else self.scenario.side(side).label

    def vehicle(self, key: str) -> Vehicle:
        """A vehicle by key."""
        for v in self.vehicles:
            if v.key == key:
                return v
        raise KeyError(key)

    def squad(self, key: str) -> Squad:
        """A squad by key."""
        for s in self.squads:
            if s.key == key:
                return s
        raise KeyError(key)

    def live_vehicles(self, side: str | None = None) -> list[Vehicle]:
        """Vehicles not destroyed (of one side)."""
        return [v for v in self.vehicles if not v.destroyed and (side is None or v.side == side)]

    def centurion(self, side: str) -> Centurion:
        """A side's Centurion now: his rating, lost when his vehicle is destroyed or he is out (book-b §3.5)."""
        spec = self.scenario.side(side)
        v = self.vehicle(spec.centurion)
        cmd = v.sheet.crew_member("commander").state
        return Centurion(spec.rating, killed=cmd == "dead", unconscious=cmd == "unconscious",
                         out_of_comm=v.sheet.comm_out, vehicle_destroyed=v.destroyed)

    def concealed(self, key: str) -> bool:
        """Whether a squad is concealed this turn (it concealed last turn, book-a §16.7)."""
        q = next((q for q in self.squads if q.key == key), None)
        return q is not None and q.concealed_turn is not None and self.turn == q.concealed_turn + 1

    def march_targets(self, key: str) -> Mapping[Hex, int]:
        """Where a dismounted squad can walk this turn, with the MP used (`ground_reach`, CEN-INF-1); read-only."""
        ck = ("march", key)
        if ck not in self._cache:
            self._cache[ck] = MappingProxyType(self._march_targets(key))
        return self._cache[ck]

    def _march_targets(self, key: str) -> dict[Hex, int]:
        q = self.squad(key)
        if q.hex is None or q.men <= 0:
            return {}
        bm = self.battlemap  # building fights are not wired in: squads stay out of building hexes (decisions)
        return {h: mp for h, mp in ground_reach(q.hex, 0, bm, mover="infantry").items()
                if h != q.hex and not bm[h].building_levels}

    @property
    def rules(self) -> RuleSet:
        """The game's variant rule set (VAR-*), rebuilt from the stored names; passed to every rules call."""
        return RuleSet.from_names(self.variants)

    def combat_units(self) -> dict[str, CombatUnit]:
        """Every unit as the fire rules see it (vehicles and dismounted squads)."""
        if "units" not in self._cache:
            out: dict[str, CombatUnit] = {}
            for v in self.vehicles:
                if v.destroyed:
                    continue
                out[v.key] = CombatUnit(v.key, v.side, v.hex, v.facing, v.sheet, v.velocity, v.in_crater,
                                        painted_by=v.painted_by, submerged=v.submerged,  # CEN-GRD-2
                                        vulcan=v.vulcan)  # declared once a turn (book-a 15.2)
            in_crater = self._squads_in_craters()
            for s in self.squads:
                if s.hex is not None and s.men > 0:
                    out[s.key] = CombatUnit(s.key, s.side, s.hex, 0, men=s.men, crater=s.key in in_crater,
                                            moved=s.key in self.marched, tvlgs_left=s.tvlgs_left,
                                            started=s.started)
            for v in self.vehicles:  # the same hex: how it came in (book-a §14.2)
                if v.entered is not None and v.key in out:
                    out[v.key] = replace(out[v.key], entered=v.entered)
            self._cache["units"] = out
        return self._cache["units"]

    def _squads_in_craters(self) -> set[str]:
        """The squads that have a crater: one infantry unit per crater, so in a hex with n craters the first n
        squads by key (CEN-CRT-1; docs/decisions.md)."""
        out: set[str] = set()
        here: dict[Hex, list[str]] = {}
        for s in self.squads:
            if s.hex is not None and s.men > 0:
                here.setdefault(s.hex, []).append(s.key)
        for h, keys in here.items():
            out.update(sorted(keys)[:self.battlemap[h].counters.count("crater")])
        return out

    def banner(self) -> str:
        """What is happening now and what may be done, in a sentence for the page."""
        if self.over:
            r = self.result
            if r.winner is None:
                return f"The game is over: a draw ({r.reason})."
            return f"The game is over: {r.level} victory for {self.label(r.winner)} ({r.reason})."
        who = self.label(self.active)
        variant = vinit.banner(self) if vinit.on(self) else None
        what = variant or {
            "initiative": "decide how many Leadership Advantage points to spend on the initiative roll "
                          "(the rest buys passes, 3 points each) [CEN-INI-1, CEN-INI-2]",
            "order": "won the initiative: choose to move first (side A) or last (side B) [CEN-INI-1]",
            "movement": f"move {self._current_platoon()}: pick a vehicle, then a shaded end hex; a vehicle at "
                        "velocity 0 may stand on opportunity fire instead [CEN-SEQ-2, CEN-OPP-1]",
            "opportunity": "an enemy moved in sight of a vehicle on opportunity fire: fire now at one hex of its "
                           "move, or let it pass [CEN-OPP-1]",
            "painting": "declare painting: pick a vehicle (or squad) and the enemy it paints, or none "
                        "[CEN-SEQ-1, CEN-SEQ-3]",
            "fire": "declare fire: pick a vehicle and its target (every weapon that bears fires unless you pick the "
                    "weapons and the Gauss shell), or a squad, its weapon and its target, or hold "
                    "[CEN-SEQ-3, CEN-INF-1]",
            "end": "End Phase: lay smoke in a vehicle's hex if you wish, then end the turn [CEN-SEQ-1]",
        }[self.phase]
        if any(self.rules.enabled(r) for r in ("VAR-RAM", "VAR-SELFDESTRUCT", "VAR-WEAPONS")):
            what += crew.banner_hint(self)  # rams, self-destruct, the driver's fire (VAR-RAM, -SELFDESTRUCT, -WEAPONS)
        return f"Turn {self.turn} of {self.scenario.turns}, {self.phase_name()}. {who}: {what}."

    def phase_name(self) -> str:
        """The phase as the rules in play name it: under VAR-INIT moving, painting and fire are steps of the
        Action Phase (one platoon's activation)."""
        if vinit.on(self) and self.phase in ("movement", "opportunity", "painting", "fire"):
            step = {"movement": "moves", "opportunity": "opportunity fire", "painting": "painting",
                    "fire": "fire"}[self.phase]
            return f"Action Phase ({self._current_platoon()}: {step})"
        if vinit.on(self) and self.phase in ("initiative", "order"):
            return "Initiative Phase"
        return f"{self.phase} phase"

    def describe(self, action: Action) -> str:
        """An action in the words of the rules in play (the log, the page): under VAR-INIT the initiative spends
        rating points, the winner picks who activates first, a vehicle standing still may fire later (VAR-INIT)."""
        if vinit.on(self) and (self.phase in ("initiative", "order", "opportunity") or vinit.describe(self, action)):
            return f"{vinit.describe(self, action) or action.describe()} [VAR-INIT]"
        return action.describe()

    def _current_platoon(self) -> str:
        return self.sequence[0][1] if self.sequence else "-"

    # --- legal actions ---------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every decision open to the active side now, the list a player (or the bot) chooses from (CEN-SEQ-1).

        Moves are grouped by where they end: one `Move` per legal end state of each vehicle (hex, facing,
        velocity, grounded), by its safest path (`end_states(key)[i].safest`), plus the same move with the squad
        dismounting and, under VAR-RAM, as a ram. Other paths to the same end are legal too but not listed: test
        any action with `is_legal(action)`."""
        if self.over:
            return []
        if "legal" not in self._cache:
            self._cache["legal"] = self._legal()
        return list(self._cache["legal"])

    def _legal(self) -> list[Action]:
        p = self.phase
        if p == "initiative" and vinit.on(self):
            return vinit.initiative_actions(self)
        if p == "initiative":
            _side, points = century_advantage(self.centurion(self.sides[0]), self.centurion(self.sides[1]))
            return [Leadership(k) for k in range(points + 1)]
        if p == "order":
            return [Order(False), Order(True)]
        if p == "movement":
            out: list[Action] = []
            for v in self.movers():
                out += self.move_actions(v.key)
            return out + self.movement_others()
        if p == "opportunity":
            return [*self.opportunity_actions(), LetPass()]
        if p == "painting":
            return [a for u in self.undeclared() for a in self.paint_actions(u)]
        if p == "fire":
            return [a for u in self.undeclared() for a in self.fire_actions(u)]
        if p == "end":
            # self-destruct only under VAR-SELFDESTRUCT (none with the switch off)
            return [*self.smoke_actions(), *crew.self_destruct_actions(self), EndTurn()]
        raise AssertionError(p)

    # movement
    def movers(self) -> list[Vehicle]:
        """The vehicles of the platoon whose turn it is that have not moved yet (CEN-SEQ-2)."""
        if self.phase != "movement" or not self.sequence:
            return []
        side, platoon = self.sequence[0]
        return [v for v in self.live_vehicles(side) if v.platoon == platoon and v.key not in self.done]

    def end_states(self, key: str) -> tuple:
        """The legal end states of a vehicle's move (legal_grav_moves), cached per state; a tuple (issue 20, G4)."""
        ck = ("ends", key)
        if ck not in self._cache:
            v = self.vehicle(key)
            vt = v.sheet.vehicle
            if moves_need_variants(self.rules):  # variant costs, shifts, emergency turns, positions (VAR-*)
                ends = game_end_states(v.grav(), vt, self.battlemap, self.rules, **occupy_options(self, key),
                                       table=self.speed_table(key))
            else:
                ends = legal_grav_moves(v.grav(), vt, self.battlemap, table=self.speed_table(key))
            self._cache[ck] = tuple(ends)
        return self._cache[ck]

    def resolve_move(self, key: str, move):
        """A vehicle's move checked by the engine (the variant resolver for a VariantMove): the engine's
        `ResolvedMove` (hexes entered, odds) or a `Refusal` (CEN-GRAV, VAR-LATERAL, VAR-EMERGENCY)."""
        res = self.resolve_variant(key, move)
        if res is not None:
            return res if isinstance(res, Refusal) else res.basic
        v = self.vehicle(key)
        return resolve_grav_move(v.grav(), move, self.battlemap, v.sheet.vehicle, table=self.speed_table(key))

    def resolve_variant(self, key: str, move) -> VariantResolvedMove | Refusal | None:
        """With a move variant on, the move as the variant resolver sees it (its lateral shifts, emergency turns
        with their vane odds, terrain surcharge burned or paid, positions declared) or its `Refusal`; None when no
        move variant is on (VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY)."""
        move = as_variant_move(move, self.rules)  # with a move variant on, the variant resolver checks every move
        if not isinstance(move, VariantMove):
            return None
        v = self.vehicle(key)
        return resolve_variant_move(v.grav(), move, self.battlemap, v.sheet.vehicle, self.rules,
                                    partial=occupy_parts(self), table=self.speed_table(key))

    def with_position(self, action: Move, position: str) -> Move | Refusal:
        """The same move with the position declared on entering its end hex set to 'in' (the covering terrain) or
        'out' (the open part), checked by the variant resolver; else a Refusal naming VAR-OCCUPY with the reason
        (a covered hexside, an open part or a cover its VP cannot pay for, a hex not partly covered)."""
        if not self.rules.enabled("VAR-OCCUPY"):
            return Refusal("VAR-OCCUPY", "the variant rule VAR-OCCUPY is off in this game: no position is declared")
        if position not in ("in", "out"):
            return Refusal("VAR-OCCUPY", f"a position is 'in' (the terrain) or 'out' (the open part), not {position!r}")
        move = as_variant_move(action.move, self.rules)
        probe = self.resolve_variant(action.unit, move)
        if not isinstance(probe, VariantResolvedMove):
            return Refusal("VAR-OCCUPY", f"the move itself is refused ({probe})")
        if not probe.basic.entries or probe.end_hex not in occupy_parts(self):
            return Refusal("VAR-OCCUPY", f"the move ends in {format_label(probe.end_hex)}, which is not a partly "
                           "covered hex entered on this move: there is no position to declare")
        step = probe.basic.entries[-1].step
        placed = replace(move, positions=tuple((i, p) for i, p in move.positions if i != step) + ((step, position),))
        res = self.resolve_variant(action.unit, placed)
        if not isinstance(res, VariantResolvedMove):
            where = "out in the open part" if position == "out" else "in the cover"
            why = res.reason if res.rule == "VAR-OCCUPY" else str(res)
            return Refusal("VAR-OCCUPY", f"{action.unit} cannot stand {where} of {format_label(probe.end_hex)}: "
                           f"{why}")
        return replace(action, move=placed)

    def move_options(self, key: str) -> tuple[tuple[Move, object], ...]:
        """Each legal move of the vehicle with its end state (hex, facing, grounded, odds): one per end state,
        the safest path, plus dismounting where it ends grounded with a squad aboard (CEN-GRAV, CEN-MNT-1).
        `legal_actions` and the page's highlights both come from here."""
        ck = ("moves", key)
        if ck not in self._cache:
            carrying = any(s.aboard == key and s.men > 0 for s in self.squads)
            out: list[tuple[Move, object]] = []
            for e in self.end_states(key):
                m = e.safest.move
                out.append((Move(key, m), e))
                if carrying and e.grounded:
                    out.append((Move(key, m, dismount=True), e))
            if self.rules.enabled("VAR-RAM"):  # the ends in an enemy's hex at v > 0, as rams (VAR-RAM)
                out += ramming.ram_options(self, key, out)
            self._cache[ck] = tuple(out)
        return self._cache[ck]

    def move_actions(self, key: str) -> list[Action]:
        """One Move per legal end state of the vehicle (its safest path), plus dismounting at velocity 0."""
        return [m for m, _e in self.move_options(key)]

    def movement_others(self) -> list[Action]:
        """Stand on opportunity fire, pass the platoon, mount: the movement decisions other than moves."""
        out: list[Action] = []
        for v in self.movers():
            if v.velocity == 0 and not v.destroyed:
                out.append(Watch(v.key))
        if self.sequence:
            side, platoon = self.sequence[0]
            later = [p for s, p in self.sequence[1:] if s == side]
            if self.passes > 0 and later and side == self._pass_side() and not any(
                    v.key in self.done for v in self.live_vehicles(side) if v.platoon == platoon):
                out.append(Pass(platoon))
            if vinit.on(self):  # the commander picks which of his platoons activates in this slot (VAR-INIT)
                out += vinit.pass_actions(self)
            for s in self.squads:
                if s.side == side and s.platoon == platoon and s.hex is not None and s.men > 0 \
                        and s.key not in self.done and not self.concealed(s.key):
                    out += [March(s.key, format_label(h)) for h in sorted(self.march_targets(s.key))]
                    out.append(Conceal(s.key))
                    for v in self.live_vehicles(side):
                        if v.hex == s.hex and v.velocity == 0 and v.sheet.vehicle.infantry_capacity \
                                and not v.sheet.compartment_gone and v.key not in self.done \
                                and not any(q.aboard == v.key for q in self.squads):
                            out.append(Mount(s.key, v.key))
        return out

    def _pass_side(self) -> str | None:
        side, _pts = century_advantage(self.centurion(self.sides[0]), self.centurion(self.sides[1]))
        return None if side is None else self.sides[0 if side == "first" else 1]

    # opportunity fire
    def watchers(self) -> list[Vehicle]:
        """Vehicles of the side not moving that stand on opportunity fire and have not fired (CEN-OPP-1)."""
        if self.pending_move is None:
            return []
        if vinit.on(self):  # stationary since last turn, or dropped to 0 in its own activation (VAR-INIT)
            return vinit.watchers(self)
        mover = self.vehicle(self.pending_move[0])
        return [v for v in self.live_vehicles(self.other(mover.side))
                if v.key in self.watching and v.key not in self.opp_fired and v.sheet.may_fire]

    def attack_set(self, firer: Vehicle, target_key: str, *, at: tuple[Hex, int] | None = None,
                   opportunity: bool = False) -> FirePlan | None:
        """Every usable weapon of `firer` that legally bears at the target, as one checked plan (CEN-CMB-1).

        The turret turns toward the target; Gauss fires HEAP at vehicles and AP at infantry; each launcher
        fires one missile within the turn's limits. None when nothing bears.
        """
        ck = ("atk", firer.key, target_key, at, opportunity)
        if ck not in self._cache:
            choice = next((f for f in self.fire_choices if f.unit == firer.key and f.target == target_key), None)
            if choice is not None and at is None and not opportunity:  # the weapons and shells declared
                plan = self.chosen_plan(choice)
                plan = plan if isinstance(plan, FirePlan) else None
            else:
                plan = self._attack_set(firer, target_key, at, opportunity)
            if plan is None and at is None and not opportunity and vinit.on(self):  # a pop-up attack (VAR-INIT)
                plan = vinit.pop_up_plan(self, firer, target_key)
            if plan is not None and self.rules.enabled("VAR-WEAPONS"):  # what the able crew may fire (VAR-WEAPONS)
                plan = crew.crew_share(self, firer, plan)
            plan = crew.salvo_plan(self.rules, plan)  # identical mounts fire as one salvo (VAR-SALVO)
            self._cache[ck] = plan
        return self._cache[ck]

    def _attack_set(self, firer: Vehicle, target_key: str, at: tuple[Hex, int] | None,
                    opportunity: bool, *, level: int | None = None) -> FirePlan | None:
        units = self.combat_units()
        target = units.get(target_key)
        if target is None or firer.destroyed or not firer.sheet.may_fire or firer.key not in units \
                or firer.submerged or target.submerged:  # nothing fires out of or into a lake (CEN-GRD-2)
            return None
        tv = target.target_view(units[firer.key])
        if at is not None:
            tv = replace(tv, hex=at[0], facing=at[1], crater=False, entered=None,  # its end-hex entry: not here
                         velocity=_flown(self, target_key, tv.velocity))
        rng = distance(firer.hex, tv.hex)
        fv = units[firer.key].firer_view()
        if level is not None:  # a pop-up attack fires from above its cover (VAR-INIT)
            fv = replace(fv, level=level)
        bm = fire_map(self, firer.key, target_key if at is None else None)  # positions taken (VAR-OCCUPY)
        tf = next((f for f in range(6) if in_arc("turret", firer.facing, f, firer.hex, tv.hex)), firer.facing)
        singles: list[Attack] = []
        for i, w in enumerate(firer.sheet.vehicle.weapons):
            if not firer.sheet.weapon_usable(i) or w.range < rng:
                continue
            fam = weapon_family(w)
            if fam in ("vulcan", "infantry", "artillery", "engineering"):
                continue
            shell = ("AP" if tv.kind == "infantry" else "HEAP") if fam == "gauss" else None
            atk = Attack(i, target_key, shell)
            if isinstance(declare_fire(bm, fv, [atk], {target_key: tv}, turret_facing=tf,
                                       opportunity=opportunity, rules=self.rules), FirePlan):
                singles.append(atk)
        while singles:  # every weapon that bears; missiles beyond the turn's limits are dropped (book-a §8.3)
            plan = declare_fire(bm, fv, singles, {target_key: tv}, turret_facing=tf, opportunity=opportunity,
                                rules=self.rules)
            if isinstance(plan, FirePlan):
                return plan
            singles = singles[:-1] if plan.step is None else singles[:plan.step - 1] + singles[plan.step:]
        return None

    def chosen_plan(self, action: Fire) -> FirePlan | Refusal:
        """The checked plan of a fire declaration with the player's choices: the weapons firing at the target (by
        default every weapon that bears), their Gauss shells (HEAP, APDS, Hammerhead; AP at infantry) and a second
        target with its weapons; the turret turned to a facing that serves them all (book-a §8.2-8.3, E17)."""
        units = self.combat_units()
        v = next((x for x in self.vehicles if x.key == action.unit), None)
        if v is None or action.unit not in units or action.target is None:
            return Refusal("CEN-SEQ-3", f"{action.unit} is not a vehicle that may fire now")
        for t in (action.target, action.second):
            if t is not None and t not in self._enemy_keys(v.side, v.hex):
                return Refusal("CEN-CMB-1", f"{action.unit} cannot engage {t}")
        if action.weapons is None:
            full = self._attack_set(v, action.target, None, False)
            weapons = tuple(ra.attack.weapon for ra in full.attacks) if full is not None else ()
        else:
            weapons = action.weapons
        shells = dict(action.shells)
        n_weapons = len(v.sheet.vehicle.weapons)
        attacks: list[Attack] = []
        for target, idxs in ((action.target, weapons), (action.second, action.second_weapons)):
            for i in idxs:
                if not 0 <= i < n_weapons:
                    return Refusal("CEN-CMB-1", f"{v.key} has no weapon {i + 1}")
                if not v.sheet.weapon_usable(i):
                    return Refusal("CEN-CMB-1", f"{v.key}'s {v.sheet.vehicle.weapons[i].type} is out (book-a 13.2)")
                gauss = weapon_family(v.sheet.vehicle.weapons[i]) == "gauss"
                infantry = units[target].kind == "infantry"
                shell = shells.get(i, ("AP" if infantry else "HEAP") if gauss else None)
                attacks.append(Attack(i, target, shell))
        if not attacks:
            return Refusal("CEN-CMB-1", f"{v.key}: no weapon declared to fire")
        fv = units[v.key].firer_view()
        views = {t: units[t].target_view(units[v.key]) for t in {a.target for a in attacks}}
        bm = fire_map(self, v.key, action.target if action.second is None else None)  # VAR-OCCUPY
        first = next((f for f in range(6) if in_arc("turret", v.facing, f, v.hex, views[action.target].hex)),
                     v.facing)
        out: FirePlan | Refusal = Refusal("CEN-CMB-1", "no turret facing serves these attacks")
        for tf in (first, *[f for f in range(6) if f != first]):
            plan = declare_fire(bm, fv, attacks, views, turret_facing=tf, rules=self.rules)
            if isinstance(plan, FirePlan):
                return plan
            if tf == first:
                out = plan
        return out

    def opportunity_actions(self) -> tuple[OpportunityFire, ...]:
        """Each (watcher, hex of the enemy's move) where the watcher may fire (CEN-OPP-1)."""
        if self.pending_move is None:
            return ()
        ck = "opp"
        if ck not in self._cache:
            mover_key, path = self.pending_move
            out = []
            floor = self.moving.step if self.moving is not None else 0  # in the order it enters them (CEN-OPP-1)
            if mover_key in self.combat_units():
                for w in self.watchers():
                    for step, at in enumerate(path, start=1):
                        if step >= floor and self.attack_set(w, mover_key, at=at, opportunity=True) is not None:
                            out.append(OpportunityFire(w.key, mover_key, step))
            self._cache[ck] = tuple(out)
        return self._cache[ck]

    # painting and fire
    def undeclared(self) -> list[str]:
        """The units of the declaring side that have not declared yet (CEN-SEQ-3)."""
        if not self.queue:
            return []
        side = self.queue[0]
        eligible = self._painters(side) if self.phase == "painting" else self._firers(side)
        return [k for k in eligible if k not in self.declared]

    def _painters(self, side: str) -> list[str]:
        out = [v.key for v in self.live_vehicles(side) if v.sheet.may_paint and v.key not in self.opp_fired
               and not v.submerged]  # CEN-GRD-2
        out += [s.key for s in self.squads if s.side == side and s.hex is not None and s.men > 0
                and not self.concealed(s.key)]
        if vinit.on(self):  # only the platoon being activated, and units that have not fired (VAR-INIT)
            mine = vinit.in_activation(self, side)
            out = [k for k in out if k in mine and k not in self.fired]
        return out

    def _firers(self, side: str) -> list[str]:
        out = [v.key for v in self.live_vehicles(side) if (v.sheet.may_fire or self._driver_may_fire(v))
               and v.key not in self.opp_fired and not v.submerged]  # CEN-GRD-2
        painted = {p for p, _t in self.paints}  # a squad that paints does nothing else (book-a 7.3)
        out += [s.key for s in self.squads if s.side == side and s.hex is not None and s.men > 0
                and not self.concealed(s.key) and s.key not in painted]
        if vinit.on(self):  # only the platoon being activated, and units that have not fired (VAR-INIT)
            mine = vinit.in_activation(self, side)
            out = [k for k in out if k in mine and k not in self.fired]
        return out

    def _enemy_keys(self, side: str, at: Hex | None = None) -> list[str]:
        """Enemy units that may be engaged: a concealed squad only from its own hex (book-a §16.7)."""
        return [k for k, u in self.combat_units().items() if u.side != side
                and not (self.concealed(k) and u.hex != at)]

    def paint_attempt(self, unit: str, target: str):
        """The checked painting attempt (to-hit and odds) of `unit` at `target`, or a Refusal (book-a §7)."""
        units = self.combat_units()
        u, t = units.get(unit), units.get(target)
        if u is None or t is None or t.kind != "vehicle" or t.side == u.side:
            return Refusal("CEN-CMB-1", f"{unit} cannot paint {target}")
        if u.submerged or t.submerged:
            return Refusal("CEN-GRD-2", f"{unit if u.submerged else target} is under water: no painting")
        view = replace(t.target_view(), painted=False)
        if u.sheet is not None:
            return vehicle_paint(self.battlemap, u.firer_view(), view, rules=self.rules)
        return infantry_paint(self.battlemap, u.hex, u.men, view, squad_key=unit, rules=self.rules)

    def paint_actions(self, unit: str) -> tuple[Action, ...]:
        """Paint each enemy vehicle the unit may paint, or none."""
        ck = ("paint", unit)
        if ck not in self._cache:
            out: list[Action] = []
            me = self.combat_units()[unit]
            for t in self._enemy_keys(me.side, me.hex):
                if self.combat_units()[t].kind == "vehicle" and not isinstance(self.paint_attempt(unit, t), Refusal):
                    out.append(Paint(unit, t))
            self._cache[ck] = (*out, Paint(unit, None))
        return self._cache[ck]

    def squad_attack(self, unit: str, weapon: str, target: str) -> SquadAttack | Refusal:
        """The checked attack of a dismounted squad's `weapon` (personal, tvlg, mortar) at `target`, with its
        to-hit odds, or a Refusal naming the rule (book-a §16, CEN-INF-1)."""
        ck = ("sq", unit, weapon, target)
        if ck not in self._cache:
            me = self.combat_units().get(unit)
            if me is None or me.kind != "infantry":
                out: SquadAttack | Refusal = Refusal("CEN-MNT-1", f"{unit} is not a dismounted squad")
            elif target not in self._enemy_keys(me.side, me.hex):
                out = Refusal("CEN-CMB-1", f"{unit} cannot engage {target}")
            else:
                out = declare_squad_fire(self.battlemap, self.combat_units(), SquadOrder(unit, weapon, target),
                                         rules=self.rules)  # the target's speed (VAR-SPEEDMOD)
            self._cache[ck] = out
        return self._cache[ck]

    def fire_actions(self, unit: str) -> tuple[Action, ...]:
        """Fire at each enemy the vehicle's weapons bear on, or hold (CEN-CMB-1); a squad: each weapon at each
        enemy in range and sight (CEN-INF-1)."""
        ck = ("fire", unit)
        if ck in self._cache:
            return self._cache[ck]
        if any(q.key == unit for q in self.squads):
            me = self.combat_units()[unit]
            weapons = ("personal", "mortar") if me.squad_kind == "mortar" else ("personal", "tvlg")
            acts: list[Action] = [SquadFire(unit, w, t) for t in self._enemy_keys(me.side, me.hex) for w in weapons
                                  if not isinstance(self.squad_attack(unit, w, t), Refusal)]
            self._cache[ck] = (*acts, Fire(unit, None))
        else:
            v = self.vehicle(unit)
            out: list[Action] = [Fire(unit, t) for t in self._enemy_keys(v.side, v.hex)
                                 if self.attack_set(v, t) is not None]
            if self.rules.enabled("VAR-WEAPONS"):  # the driver fires what nobody else may, at -2 (VAR-WEAPONS)
                out += crew.driver_fire_actions(self, v)
            self._cache[ck] = (*out, Fire(unit, None))
        return self._cache[ck]

    def smoke_actions(self) -> list[Action]:
        """Smoke in the hex of each vehicle of the active side with a charge left and no smoke there."""
        out: list[Action] = []
        for v in self.live_vehicles(self.active):
            if v.sheet.smoke_left > 0 and "smoke" not in self.battlemap[v.hex].counters:
                out.append(Smoke(v.key))
        return out

    # --- applying a decision ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> Skirmish:
        """The state after `action`; an action the rules refuse raises IllegalAction and changes nothing."""
        if self.over:
            raise IllegalAction("CEN-SEQ-1", "the game is over")
        self._check(action)
        dice = decision_dice(self.seed, len(self.history))
        nxt = replace(self, history=self.history + (action,))
        entry = f"T{self.turn} {self.phase} — {self.label(self.active)}: {self.describe(action)}"
        start = len(dice.log)
        nxt = nxt._do(action, dice)
        rolls = tuple(f"    {r.describe()}" for r in dice.log[start:])
        # the log: the decision, then its rolls (each with target and exact odds), then what came of it
        return replace(nxt, log=self.log + (entry,) + rolls + nxt.log[len(self.log):])

    def _log(self, *lines: str) -> Skirmish:
        return replace(self, log=self.log + lines)

    def is_legal(self, action: Action) -> bool:
        """Whether `apply(action)` would accept it now: the very check `apply` makes, no dice rolled, the state
        unchanged; a Move by any legal path, not only the one `legal_actions` lists (issue 23)."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("CEN-SEQ-1", "the game is over")
        check_action(action)  # its shape and types, as the save loader checks them (issue 20, G3)
        if isinstance(action, Move):
            if self.phase != "movement":
                raise IllegalAction("CEN-SEQ-1", f"no moves in the {self.phase} phase")
            if action.unit not in {v.key for v in self.movers()}:
                raise IllegalAction("CEN-SEQ-2", f"{action.unit} is not a vehicle of the platoon moving now "
                                    f"({self._current_platoon()}) that has still to move")
            v = self.vehicle(action.unit)
            res = self.resolve_move(v.key, action.move)
            if isinstance(res, Refusal):
                raise IllegalAction(res.rule, res.reason)
            if action.ram is not None:  # a declared ram must end in the target's hex at v > 0 (VAR-RAM)
                ramming.check_ram(self, action, res)
            if action.dismount:
                if not any(s.aboard == v.key and s.men > 0 for s in self.squads):
                    raise IllegalAction("CEN-MNT-1", f"no squad rides in {v.key}")
                if not res.end_state().grounded:
                    raise IllegalAction("CEN-MNT-1", "a squad dismounts only with its carrier grounded (velocity 0) "
                                        "at the end of its move")
            return
        if isinstance(action, Fire) and action.chosen and action.unit in {v.key for v in self.vehicles}:
            self._check_fire_choices(action)  # weapons, shells, second target (book-a §8.2-8.3)
            return
        try:  # in the movement phase the other decisions are checked without listing every move
            ok = action in (self.movement_others() if self.phase == "movement" else self.legal_actions())
        except TypeError:
            ok = False
        if not ok:
            rule = {"initiative": "CEN-INI-1", "order": "CEN-INI-1", "movement": "CEN-SEQ-2",
                    "opportunity": "CEN-OPP-1", "painting": "CEN-SEQ-3", "fire": "CEN-SEQ-3",
                    "end": "CEN-SEQ-1"}[self.phase]
            if self.phase == "movement" and isinstance(action, (Fire, Paint)):
                rule = "CEN-SEQ-1"  # fire and painting come in the Combat Phase, after movement
            if vinit.on(self) and self.phase != "end":
                rule = "VAR-INIT"
            what = getattr(action, "describe", lambda: repr(action))()
            raise IllegalAction(rule, f"not allowed now ({self.phase} phase, {self.label(self.active)} to "
                                f"decide): {what}")

    def _check_fire_choices(self, action: Fire) -> None:
        """A fire declaration with choices: the same declaration without them must be open, and the plan legal."""
        plain = replace(action, weapons=None, shells=(), second=None, second_weapons=())
        if self.phase != "fire" or plain not in self.legal_actions():
            raise IllegalAction("VAR-INIT" if vinit.on(self) else "CEN-SEQ-3",
                                f"not allowed now ({self.phase} phase): {action.describe()}")
        plan = self.chosen_plan(action)
        if isinstance(plan, Refusal):
            raise IllegalAction(plan.rule, plan.reason)

    def _do(self, action: Action, dice: Dice) -> Skirmish:
        if isinstance(action, Leadership):
            if vinit.on(self):
                return vinit.spend(self, action.points, dice)
            return self._roll_initiative(action.points, dice)
        if isinstance(action, Order):
            first = self.initiative_winner if action.move_first else self.other(self.initiative_winner)
            if vinit.on(self):
                return vinit.start_activations(self, first)
            return replace(self, first=first)._start_movement()
        if isinstance(action, Move):
            return self._move(action, dice)
        if isinstance(action, Watch):
            return replace(self, done=self.done | {action.unit}, watching=self.watching | {action.unit})._next_mover()
        if isinstance(action, Pass) and vinit.on(self):
            return vinit.pass_platoon(self, action.platoon)
        if isinstance(action, Pass):
            side, platoon = self.sequence[0]
            after = next(p for s, p in self.sequence[1:] if s == side)
            seq = pass_platoon(list(self.sequence), platoon, after, passes=self.passes)
            return replace(self, sequence=tuple(seq), passes=self.passes - 1)._next_mover()
        if isinstance(action, Mount):
            squads = tuple(replace(s, hex=None, aboard=action.carrier) if s.key == action.squad else s
                           for s in self.squads)
            car = self.vehicle(action.carrier)
            sq = self.squad(action.squad)
            vs = self._with_vehicle(replace(car, sheet=replace(car.sheet, infantry_aboard=sq.men)))
            return replace(self, squads=squads, vehicles=vs, done=self.done | {action.squad})._fresh()
        if isinstance(action, March):
            h = parse_label(action.hex)
            squads = tuple(replace(q, hex=h) if q.key == action.squad else q for q in self.squads)
            return replace(self, squads=squads, done=self.done | {action.squad},
                           marched=self.marched | {action.squad})._fresh()
        if isinstance(action, Conceal):
            squads = tuple(replace(q, concealed_turn=self.turn) if q.key == action.squad else q for q in self.squads)
            return replace(self, squads=squads, done=self.done | {action.squad})._fresh()
        if isinstance(action, OpportunityFire):
            return self._opportunity(action, dice)
        if isinstance(action, LetPass):
            return replace(self, pending_move=None)._fresh()._next_mover()
        if isinstance(action, Paint):
            nxt = replace(self, declared=self.declared | {action.unit}, queue=self.queue[1:],
                          paints=self.paints + ((action.unit, action.target),) if action.target else self.paints)
            return nxt._fresh()._next_declarer(dice)
        if isinstance(action, Fire) and action.driver:  # the driver's piloting roll now (VAR-WEAPONS)
            return crew.declare_driver_fire(self, action, dice)._do(replace(action, driver=False), dice)
        if isinstance(action, Fire):
            nxt = replace(self, declared=self.declared | {action.unit}, queue=self.queue[1:],
                          fires=self.fires + ((action.unit, action.target),) if action.target else self.fires,
                          fire_choices=self.fire_choices + ((action,) if action.chosen else ()))
            return nxt._fresh()._next_declarer(dice)
        if isinstance(action, SquadFire):
            nxt = replace(self, declared=self.declared | {action.unit}, queue=self.queue[1:],
                          fires=self.fires + ((action.unit, action.target, action.weapon),))
            return nxt._fresh()._next_declarer(dice)
        if isinstance(action, SelfDestruct):  # the check, then the charge set or nothing (VAR-SELFDESTRUCT)
            return crew.attempt(self, action, dice)
        if isinstance(action, Smoke):
            v = self.vehicle(action.unit)
            vs = self._with_vehicle(replace(v, sheet=v.sheet.spend_smoke_charge()))
            return replace(self, vehicles=vs, counters=self.counters + ((v.hex, "smoke"),),
                           smoke_turn=self.smoke_turn + ((v.hex, self.turn),))._fresh()
        if isinstance(action, EndTurn):
            nxt = replace(self, end_done=self.end_done + (self.active,))._fresh()
            if len(nxt.end_done) < 2:
                return replace(nxt, active=self.other(self.active))._fresh()
            return nxt._victory_check(dice)
        raise AssertionError(action)

    def speed_table(self, key: str):
        """The terrain table for a vehicle's move (basic or variant): None (the engine's), or one with speed limits
        cut by a third per weapon its driver fired last turn (VAR-WEAPONS, game/crew.py)."""
        if not self.rules.enabled("VAR-WEAPONS"):
            return None
        return crew.speed_table(self, key)

    def _driver_may_fire(self, v: Vehicle) -> bool:
        """Whether a vehicle declares fire for its driver alone (gunner and commander out) (VAR-WEAPONS)."""
        if not self.rules.enabled("VAR-WEAPONS"):
            return False
        return crew.driver_may_fire(self, v)

    def resolve_rams(self, attackers=None, dice: Dice | None = None) -> Skirmish:
        """The state after the pending rams of `attackers` (every pending ram when None) are resolved, in the
        order declared (VAR-RAM; VAR-INIT calls it at the end of the rammer's activation). See game/ramming.py."""
        if not self.rams:
            return self
        dice = dice if dice is not None else decision_dice(self.seed, len(self.history))
        return ramming.resolve_rams(self, attackers, dice)

    def _fresh(self) -> Skirmish:
        """The same state with its caches emptied (after any change)."""
        return replace(self)

    def _with_vehicle(self, v: Vehicle) -> tuple[Vehicle, ...]:
        return tuple(v if x.key == v.key else x for x in self.vehicles)

    # initiative
    def _start_turn(self, dice: Dice) -> Skirmish:
        a, b = self.sides
        side, points = century_advantage(self.centurion(a), self.centurion(b))
        base = replace(self, phase="initiative", done=frozenset(), watching=frozenset(), opp_fired=frozenset(),
                       marched=frozenset(),
                       paints=(), fires=(), fire_choices=(), declared=frozenset(), end_done=(), queue=(), sequence=(),
                       pending_move=None, vehicles=tuple(replace(v, painted_by=(), vanes_shorted=(), vulcan=None,
                                                                 vanes_out=v.vanes_shorted)
                                                         for v in self.vehicles))
        base = base._log(f"— Turn {self.turn} —")
        if vinit.on(self):  # Initiative, Action and End phases (VAR-INIT)
            base = replace(base, fired=frozenset(), start_velocities=tuple((v.key, v.velocity) for v in base.vehicles))
            return vinit.start_initiative(base._log("  the variant turn: Initiative, Action and End phases "
                                                    "[VAR-INIT]"), dice)
        if points > 0:
            return replace(base, active=a if side == "first" else b)._fresh()
        return base._roll_initiative(0, dice)

    def _roll_initiative(self, points: int, dice: Dice) -> Skirmish:
        a, b = self.sides
        ca, cb = self.centurion(a), self.centurion(b)
        plan = plan_leadership(ca, cb, points)
        if isinstance(plan, Refusal):
            raise IllegalAction(plan.rule, plan.reason)
        start = len(dice.log)
        res = roll_century_initiative(dice, ca, cb, plan)
        winner = a if res.winner == "first" else b
        lines = [f"    {r.describe()}" for r in dice.log[start:]]
        lines.append(f"  initiative: {self.label(winner)} wins (totals {res.totals[0]} and {res.totals[1]}); "
                     f"passes this turn: {plan.passes}")
        del dice.log[start:]
        return replace(self, phase="order", active=winner, initiative_winner=winner, leadership_used=points,
                       passes=plan.passes)._log(*lines)

    # movement
    def _start_movement(self) -> Skirmish:
        a = self.first
        b = self.other(a)

        def platoons(side: str) -> list[str]:
            names = [p.name for p in self.scenario.side(side).platoons]
            return [n for n in names if any(v.platoon == n for v in self.live_vehicles(side))]

        seq = activation_sequence(platoons(a), platoons(b))
        seq = [(a if s == "A" else b, p) for s, p in seq]
        nxt = replace(self, phase="movement", sequence=tuple(seq))._fresh()
        return nxt._log("  movement order (CEN-SEQ-2): " + ", ".join(p for _s, p in seq))._next_mover()

    def _next_mover(self) -> Skirmish:
        if vinit.on(self):  # the platoon being activated moves, then paints and fires (VAR-INIT)
            return vinit.next_mover(self)
        s = replace(self, phase="movement", pending_move=None, moving=None)  # back from an opportunity decision
        while s.sequence and not s.movers():
            s = replace(s, sequence=s.sequence[1:])._fresh()
        if s.sequence:
            return replace(s, phase="movement", active=s.sequence[0][0])._fresh()
        return s._start_declarations("painting", None)

    def _move(self, action: Move, dice: Dice) -> Skirmish:
        v = self.vehicle(action.unit)
        bm = self.battlemap
        marked = [v.sheet]  # the record sheet as the move damages it (the hook below keeps it)
        effects: list[str] = []  # the internal effects of that damage, for the log

        def mark_at(res):  # survivors of an explosion roll against the velocity flown (book-a §13.2)
            return opportunity.damage_hook(v, marked, effects, dice, self.turn, res.velocity,
                                           max(0, res.velocity - res.move.decelerate))

        vlines: list[str] = []
        move = as_variant_move(action.move, self.rules)  # VAR-LATERAL, -EMERGENCY, -MOVETYPE, -OCCUPY
        if isinstance(move, VariantMove):  # lateral shifts, emergency turns (VAR-LATERAL, VAR-EMERGENCY)
            boxes = dict(v.vane_boxes)
            vres = resolve_variant_move(v.grav(), move, bm, v.sheet.vehicle, self.rules,
                                        vane_boxes_lost=boxes, partial=occupy_parts(self),
                                        table=self.speed_table(v.key))
            vrep = execute_variant_move(vres, dice, vane_boxes_lost=boxes, damage=mark_at(vres.basic))
            report, resolved = replace(vrep.report, state=vrep.state), vres
            for sh in vres.shifts:
                vlines.append(f"  {v.key} shifts {sh.side} to {format_label(sh.to_hex)}: {sh.thrust} TP + {sh.vp} VP "
                              "[VAR-LATERAL]")
            for e, r in zip(vres.emergencies, vrep.vanes, strict=True):
                vlines.append(f"  {v.key} emergency turn at velocity {abs(vres.basic.velocity)}, {e.thrust} TP into "
                              f"the {e.side} vane (straight {e.straight} of {e.required}): "
                              + ", ".join(f"d10 {x.result} vs {x.target}" for x in r.rolls)
                              + f"{'; the vane burns out' if r.burned_out else ''}"
                              + f"{f'; {r.boxes_lost} vane box lost' if r.boxes_lost else ''}"
                              + f"{'; the vane shorts' if r.shorted else ''} [VAR-EMERGENCY]")
            vlines += movetype_lines(v.key, vres, vrep.report.stopped_at) + occupy_lines(v.key, vres)
        else:
            resolved = resolve_grav_move(v.grav(), action.move, bm, v.sheet.vehicle, table=self.speed_table(v.key))
            report = execute_grav_move(resolved, dice, damage=mark_at(resolved))
        sheet = marked[0]  # every damage event is already on it, in the order it happened
        end = report.state
        counters = self.counters
        if report.dig_hex is not None:
            sheet = sheet.spend_digging_charge() if sheet.digging_left > 0 else sheet
            counters = counters + ((report.dig_hex, "crater"),)
        nv = replace(v, hex=end.hex, facing=end.facing, velocity=end.velocity, grounded=end.grounded,
                     in_crater=end.in_crater, submerged=end.submerged, sheet=sheet,
                     flown=getattr(resolved, "basic", resolved).velocity)  # its speed along the path (VAR-SPEEDMOD)
        if isinstance(move, VariantMove):  # the vanes after the emergency turns' saves (VAR-EMERGENCY)
            nv = replace(nv, occupy=end_position(vres, v.occupy))  # where it stands in its hex (VAR-OCCUPY)
            nv = _vanes_after(nv, vrep.vanes, end)
        squads = self.squads
        lines = vlines + [f"  {v.key} ends in {format_label(end.hex)} facing {end.facing}, velocity {end.velocity}"
                          f"{', grounded' if end.grounded else ''}{', in a crater' if end.in_crater else ''}"]
        for ev in report.damage:
            lines.append(f"  {v.key}: {ev.points} damage to the {ev.section} ({ev.cause}) [{ev.rule}]")
        lines += effects
        if nv.destroyed and not v.destroyed:  # the move's damage destroyed it (book-a 14.1)
            why = ("its ammunition exploded" if sheet.exploded else "its whole crew is dead"
                   if all(m.state == "dead" for m in sheet.crew) else "the Vehicle Destroyed box is crossed")
            lines.append(f"  {v.key} is DESTROYED during its move: {why} [book-a 14.1]")
        if action.dismount and end.grounded:  # the carrier ended its move grounded (CEN-MNT-1)
            squads = tuple(replace(s, hex=end.hex, aboard=None, men=sheet.infantry_aboard or s.men)
                           if s.aboard == v.key else s for s in squads)
            nv = replace(nv, sheet=replace(nv.sheet, infantry_aboard=0))
            lines.append(f"  the squad in {v.key} dismounts in {format_label(end.hex)} [CEN-MNT-1]")
        riders = {q.key for q in squads if q.aboard is None and q.key not in {x.key for x in self.squads
                                                                              if x.aboard is None}}
        # a squad that got out does not move this turn (CEN-MNT-1)
        nxt = replace(self, vehicles=self._with_vehicle(nv), squads=squads, counters=counters,
                      done=self.done | {v.key} | riders)._log(*lines)._sync_riders()
        path = variant_path(resolved) if isinstance(move, VariantMove) else _path(resolved)
        path = opportunity.stopped_in(path, report.stopped_at)  # it went no further (CEN-SPD-2)
        nxt = _entered(nxt, v, path)  # into an enemy's hex: its sides are fixed by the entry (book-a §14.2)
        nxt = replace(nxt, moving=None if isinstance(move, VariantMove) else  # fired at inside the move (CEN-OPP-1)
                      opportunity.MoveInProgress(len(self.history) - 1, v, riders=tuple(sorted(riders))))
        if action.ram is not None:  # the ram waits for the end of the Combat Phase (VAR-RAM)
            nxt = ramming.register_ram(nxt, action, v.hex, path)
        if path and not nv.destroyed:
            pend = replace(nxt, pending_move=(v.key, path), phase="opportunity", active=self.other(v.side))._fresh()
            if pend.opportunity_actions():
                return pend
        return nxt._next_mover()

    def _opportunity(self, action: OpportunityFire, dice: Dice) -> Skirmish:
        """The shot taken as the mover enters hex `step`, damage at once; the mover stops there if destroyed or
        grounded by it, else goes on with its damage (CEN-OPP-1 D, game/opportunity.py)."""
        mover_key, path = self.pending_move
        k, mp, here, flown = action.step, self.moving, self, None
        if mp is not None:  # the mover as it enters hex k (its move flown again with its own dice)
            at_k, flown = opportunity.at_step(self, mp, k)
            here = replace(self, vehicles=self._with_vehicle(at_k))._fresh()
        w = here.vehicle(action.unit)
        plan = here.attack_set(w, mover_key, at=path[k - 1], opportunity=True)
        if plan is None:
            raise IllegalAction("CEN-OPP-1", f"no weapon of {w.key} bears on {mover_key} in hex {k} of its move")
        res = resolve_opportunity_fire(plan, here.combat_units(), dice, battlemap=self.battlemap, turn=self.turn,
                                       rules=self.rules)
        nxt = replace(here, opp_fired=self.opp_fired | {w.key})._absorb(res.units, res.internals, res.casualties)
        nxt = nxt._log(*variant_terms(w.key, plan), *fire_lines(res))
        hit = nxt.vehicle(mover_key)
        at_label = format_label(path[k - 1][0])
        irep = res.internals.get(mover_key)
        if hit.destroyed or (irep is not None and irep.grounded_at_velocity is not None):  # grounds there (13.2)
            hit = replace(hit, hex=path[k - 1][0], facing=path[k - 1][1], velocity=0, grounded=True,
                          in_crater=False, submerged=self.battlemap[path[k - 1][0]].terrain == "lake")
            nxt = replace(nxt, vehicles=nxt._with_vehicle(hit), pending_move=(mover_key, path[:k]))
            nxt = nxt._log(f"  {mover_key} {'is destroyed' if hit.destroyed else 'grounds'} in {at_label}, where "
                           "the opportunity fire hit it: its move ends there [CEN-OPP-1]")
        elif mp is not None:
            shots = mp.shots + ((k, hit),)
            if hit.sheet == here.vehicle(mover_key).sheet:  # undamaged: it goes on as it moved
                nv = replace(self.vehicle(mover_key), vulcan=hit.vulcan, painted_by=hit.painted_by)
                nxt = replace(nxt, vehicles=nxt._with_vehicle(nv), moving=replace(mp, shots=shots))
                nxt = nxt._log(f"  {mover_key} takes no damage in {at_label} and goes on as it moved [CEN-OPP-1]")
            else:  # the rest of the path flown again with the damage (CEN-OPP-1, CEN-SPD-1..3)
                nv, rep, lines = opportunity.fly_on(self, mp, k, hit, flown)
                rest = opportunity.stopped_in(path, rep.stopped_at)
                nxt = replace(nxt, vehicles=nxt._with_vehicle(nv), pending_move=(mover_key, rest),
                              moving=replace(mp, shots=shots))
                nxt = nxt._log(f"  {mover_key} survives the fire in {at_label} and goes on with its damage "
                               "[CEN-OPP-1]", *lines)._sync_riders()
        if mp is not None:
            nxt = opportunity.riders_follow(nxt, mp, mover_key)
            if nxt.pending_move is not None and nxt.pending_move[1] != path:  # stopped short: its entry (§14.2)
                nxt = _entered(nxt, mp.before, nxt.pending_move[1])
        nxt = nxt._fresh()
        if nxt.opportunity_actions():
            return nxt
        return replace(nxt, pending_move=None)._fresh()._next_mover()

    def _absorb(self, units: Mapping[str, CombatUnit], internals: Mapping, casualties: Mapping) -> Skirmish:
        """Take the fire rules' units back into the game (sheets, velocity after a forced grounding, squads)."""
        vs = []
        for v in self.vehicles:
            u = units.get(v.key)
            if u is None or u.sheet is None:
                vs.append(v)
                continue
            nv = replace(v, sheet=u.sheet, painted_by=u.painted_by, vulcan=u.vulcan)
            rep = internals.get(v.key)
            if rep is not None and rep.grounded_at_velocity is not None:
                nv = replace(nv, velocity=0, grounded=True)
            vs.append(nv)
        sq = []
        for s in self.squads:
            u = units.get(s.key)
            sq.append(replace(s, men=u.men, tvlgs_left=u.tvlgs_left) if u is not None and s.hex is not None else s)
        return replace(self, vehicles=tuple(vs), squads=tuple(sq))._sync_riders()

    def _sync_riders(self) -> Skirmish:
        """Squads aboard lose the men their carrier's compartment lost (book-a 13.2, 16.2)."""
        sq = []
        for s in self.squads:
            if s.aboard is not None:
                car = self.vehicle(s.aboard)
                men = car.sheet.infantry_aboard if not car.sheet.exploded else 0
                sq.append(replace(s, men=min(s.men, men)))
            else:
                sq.append(s)
        return replace(self, squads=tuple(sq))

    # declarations
    def _start_declarations(self, phase: str, dice: Dice | None) -> Skirmish:
        if vinit.on(self):  # the activated platoon's declarations only (VAR-INIT)
            return vinit.start_declarations(self, phase, dice)
        winner = self.initiative_winner
        loser = self.other(winner)
        tmp = replace(self, phase=phase, declared=frozenset(), queue=(), pending_move=None)._fresh()
        pick = tmp._painters if phase == "painting" else tmp._firers
        # only units with something to declare take a turn (a unit with no target holds without a decision)
        eligible = {s: [k for k in pick(s) if (tmp.paint_actions(k) if phase == "painting" else
                                                tmp.fire_actions(k))[:-1]] for s in (loser, winner)}
        order = declaration_order(len(eligible[loser]), len(eligible[winner]))
        queue = tuple(loser if o == "loser" else winner for o in order)
        nxt = replace(tmp, queue=queue, declared=frozenset(k for s in (loser, winner) for k in pick(s)
                                                             if k not in eligible[s]))._fresh()
        return nxt._next_declarer(dice)

    def _next_declarer(self, dice: Dice | None) -> Skirmish:
        if self.queue:
            return replace(self, active=self.queue[0])._fresh()
        if dice is None:
            dice = decision_dice(self.seed, len(self.history))
        if self.phase == "painting":
            return self._resolve_painting(dice)
        return self._resolve_fire(dice)

    def _resolve_painting(self, dice: Dice) -> Skirmish:
        units = self.combat_units()
        lines = []
        if self.paints:
            units, results = resolve_painting(self.battlemap, units, self.paints, dice, rules=self.rules,
                                              map_for=occupy_map_for(self) if positions_in_play(self) else None)
            for r in results:
                if isinstance(r, Refusal):
                    lines.append(f"  painting refused: {r}")
                elif r.stop is not None and r.stop.success:
                    lines.append(f"  {r.painter} paints {r.target}: hit, but the shield stops it (d100 "
                                 f"{r.stop.result} <= {r.stop.target}) [VAR-SHIELD]")
                else:
                    lines.append(f"  {r.painter} paints {r.target}: {'hit' if r.painted else 'miss'}"
                                 + (" [VAR-SHIELD: no shield modifier, the stop roll let it through]"
                                    if r.stop is not None else ""))
        nxt = self._absorb(units, {}, {})._log(*lines)
        return nxt._start_declarations("fire", dice)

    def _resolve_fire(self, dice: Dice) -> Skirmish:
        if vinit.on(self):  # the activated platoon's fire, all damage at once (VAR-INIT)
            return vinit.resolve_activation_fire(self, dice)
        units = self.combat_units()
        decls = []
        terms: list[str] = []
        if any(v.driver_fire for v in self.vehicles):  # the drivers' shots first, -2 each (VAR-WEAPONS)
            units, terms = crew.resolve_driver_fire(self, units, dice)
        for firer, target, *weapon in self.fires:
            if weapon:  # a squad: its order goes to the engine as declared (book-a §16, CEN-SEQ-3)
                decls.append(SquadOrder(firer, weapon[0], target))
                continue
            plan = self.attack_set(self.vehicle(firer), target)
            if plan is None:
                continue
            decls.append((firer, [a.attack for a in plan.attacks], plan.turret_facing))
            terms += variant_terms(firer, plan)
        res = combat_phase(self.battlemap, units, decls, dice, turn=self.turn, rules=self.rules,
                           map_for=occupy_map_for(self) if positions_in_play(self) else None)  # VAR-OCCUPY
        nxt = self._absorb(res.units, res.internals, res.casualties)._log(*terms, *fire_lines(res))
        nxt = nxt.resolve_rams(None, dice)  # rams after the Combat Phase (VAR-RAM)
        return nxt._end_phase(dice)

    # end phase
    def _end_phase(self, dice: Dice) -> Skirmish:
        if any(v.destruct_turn is not None and v.destruct_turn <= self.turn for v in self.vehicles):
            return crew.explode_due(self)._end_phase(dice)  # self-destruct charges set to blow now (VAR-SELFDESTRUCT)
        vs = []
        lines = []
        for v in self.vehicles:
            if v.destroyed:
                vs.append(v)
                continue
            sheet, _rolls, removed = end_phase(v.sheet, dice, turn=self.turn)
            if any(removed.values()):
                lines.append(f"  {v.key}: widowed armor removed [CEN-SEQ-1]")
            vs.append(replace(v, sheet=sheet))
        # old smoke lifts (smoke laid in an earlier End Phase) (CEN-SEQ-1)
        old = {(h, t) for h, t in self.smoke_turn if t < self.turn}
        counters = list(self.counters)
        for h, _t in old:
            counters.remove((h, "smoke"))
            lines.append(f"  the smoke in {format_label(h)} lifts")
        smoke_turn = tuple(x for x in self.smoke_turn if x not in old)
        nxt = replace(self, vehicles=tuple(vs), counters=tuple(counters), smoke_turn=smoke_turn, phase="end",
                      active=self.first, end_done=(), queue=())._log(*lines)._fresh()
        return nxt

    def destroyed_this_game(self, side: str) -> list[Vehicle]:
        """A side's vehicles destroyed so far."""
        return [v for v in self.vehicles if v.side == side and v.destroyed]

    def holds(self, side: str) -> list[str]:
        """The objectives a side holds: a unit of its own within 1 hex and no enemy unit within 1 hex."""
        out = []
        for o in self.scenario.objectives:
            def near(s: str, hex_: Hex = o.hex) -> bool:
                units = [v.hex for v in self.live_vehicles(s)] + [q.hex for q in self.squads
                                                                  if q.side == s and q.hex is not None and q.men > 0]
                return any(distance(h, hex_) <= 1 for h in units)
            if near(side) and not near(self.other(side)):
                out.append(o.name)
        return out

    def points(self, side: str) -> int:
        """A side's victory points now (book-b §15.2): an enemy vehicle scores when its ammunition exploded or its
        Vehicle Destroyed box is crossed, not when only its crew is dead."""
        enemy = self.other(side)
        squads = sum(1 for q in self.squads if q.side == enemy and q.started - q.men >= SQUAD_DESTROYED_AT)
        scored = [v.cost for v in self.destroyed_this_game(enemy) if v.sheet.exploded or v.sheet.vehicle_destroyed_box]
        vp = victory_points(objectives=len(self.holds(side)), vehicles_destroyed=scored,
                            squads_destroyed=squads, unspent=self.scenario.side(side).unspent)
        return vp.total

    def _victory_check(self, dice: Dice) -> Skirmish:
        a, b = self.sides
        reason = None
        if not self.live_vehicles(a) or not self.live_vehicles(b):
            gone = a if not self.live_vehicles(a) else b
            reason = f"every vehicle of {self.label(gone)} is destroyed"
        elif self.turn >= self.scenario.turns:
            reason = f"the {self.scenario.turns} turns are played"
        if reason is None:
            return replace(self, turn=self.turn + 1)._start_turn(dice)
        pa, pb = self.points(a), self.points(b)
        out = battle_outcome(pa, pb)
        winner = None if out.winner is None else (a if out.winner == "first" else b)
        result = Result(winner, out.level, {a: pa, b: pb}, reason)
        text = (f"Game over ({reason}): {self.label(a)} {pa} points, {self.label(b)} {pb} points; "
                + ("a draw" if winner is None else f"{out.level} victory for {self.label(winner)}")
                + " [book-b §15]")
        return replace(self, result=result, phase="over", active=None)._log(text)._fresh()

    # --- saving --------------------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save file: format, version, scenario, seed, variants and every action (a game replays from them)."""
        from .save import dump

        return dump(self)


def _vanes_after(v: Vehicle, results, end: GravState) -> Vehicle:
    """Vane boxes crossed, burnt-out vanes (lost at once) and shorted vanes (out for the next turn) (VAR-EMERGENCY)."""
    boxes = dict(v.vane_boxes)
    lost, shorted = list(v.vanes_lost), list(v.vanes_shorted)
    for r in results:
        boxes[r.side] = boxes.get(r.side, 0) + r.boxes_lost
        if r.shorted and r.side not in shorted + lost:
            shorted.append(r.side)
    for side in ("left", "right"):
        if getattr(end, f"{side}_vane_lost") and side not in lost + list(v.vanes_out) and not v.sheet.vane_lost(side):
            lost.append(side)
    return replace(v, vane_boxes=tuple(sorted((k, n) for k, n in boxes.items() if n)), vanes_lost=tuple(lost),
                   vanes_shorted=tuple(s for s in shorted if s not in lost))


def _flown(game: Skirmish, key: str, default: int) -> int:
    """The velocity a vehicle flew its last move at (the target's speed at a hex of that move), VAR-SPEEDMOD."""
    v = next((x for x in game.vehicles if x.key == key), None)
    return default if v is None or v.flown is None else v.flown


def _path(resolved) -> tuple[tuple[Hex, int], ...]:
    """The hexes a move entered, each with the facing it had there (for opportunity fire, CEN-OPP-1)."""
    facing = resolved.move.initial_facing if resolved.move.initial_facing is not None else resolved.start.facing
    here = resolved.start.hex
    out = []
    for s in resolved.move.steps:
        if s == "L":
            facing = (facing - 1) % 6
        elif s == "R":
            facing = (facing + 1) % 6
        else:
            here = neighbor(here, facing if s == "F" else (facing + 3) % 6)
            out.append((here, facing))
    return tuple(out)


def _entered(game: Skirmish, mover: Vehicle, path: tuple[tuple[Hex, int], ...]) -> Skirmish:
    """The game with the mover's `entered` set: the hexside it crossed last into its end hex when an enemy
    stood there, else None; unchanged when it never left its hex (book-a §14.2)."""
    from ..hexgrid import facing_between  # kept here: one small hunk for this rule

    v = game.vehicle(mover.key)
    steps = [h for h, _f in path]
    if v.hex not in steps:
        return game
    i = len(steps) - 1 - steps[::-1].index(v.hex)
    came_from = steps[i - 1] if i else mover.hex
    enemy = any(x.hex == v.hex for x in game.live_vehicles(game.other(v.side))) or any(
        q.hex == v.hex and q.men > 0 and q.side != v.side for q in game.squads)
    side = facing_between(v.hex, came_from) if enemy else None
    if side == v.entered:
        return game
    return replace(game, vehicles=game._with_vehicle(replace(v, entered=side)))


def new_skirmish(name: str, *, seed: int = 0, variants: tuple[str, ...] = ()) -> Skirmish:
    """A new game of a shipped scenario, set up and at its first decision (initiative, CEN-SEQ-1); `variants`: the
    variant rules switched on, a tuple of names such as ("VAR-INIT", "VAR-MOVETYPE:thrust") (VAR-*)."""
    from .centuria import centuria_scenarios, new_centuria_skirmish  # issue 15: a Centuria battle has its own state

    if not isinstance(name, str) or name not in scenarios("all"):
        raise ValueError(f"name: no scenario {name!r}; the scenarios are {', '.join(scenarios('all'))}"[:300])
    if name in centuria_scenarios():
        return new_centuria_skirmish(name, seed=seed, variants=variants)
    if seed_refusal(seed) is not None:
        raise ValueError(seed_refusal(seed))
    variants = check_variants(variants)
    sc = shipped_scenario(name)
    types = vehicle_types()
    vehicles, squads = [], []
    for side in sc.sides:
        for p in side.platoons:
            riders = {q.aboard: q for q in p.squads if q.aboard}
            for vs in p.vehicles:
                vt = types[vs.type]
                aboard = riders[vs.id].men if vs.id in riders else 0
                sheet = RecordSheet.of(vt, infantry_aboard=aboard)
                crater = vs.grounded and "crater" in sc.map[vs.hex].counters
                vehicles.append(Vehicle(vs.id, side.key, p.name, vs.type, vs.hex, vs.facing, vs.velocity, sheet,
                                        vs.cost, vs.grounded, crater))
            for q in p.squads:
                squads.append(Squad(q.id, side.key, p.name, q.men, q.hex, q.aboard, q.men))
    # the designs against the weapons-per-location quota (VAR-WEAPONS)
    layout = crew.check_layouts(RuleSet.from_names(variants), [v.sheet.vehicle for v in vehicles])
    s = Skirmish(sc, seed, variants, (), 1, "initiative", None, tuple(vehicles), tuple(squads))
    s = s._log(f"{sc.title}: {sc.sides[0].label} against {sc.sides[1].label}, seed {seed}, {sc.turns} turns")
    s = s._log(*layout)
    dice = decision_dice(seed, -1)
    start = len(dice.log)
    s = s._start_turn(dice)
    return replace(s, log=s.log + tuple(f"    {r.describe()}" for r in dice.log[start:]))


def scenarios(system: str = "centurion") -> list[str]:
    """The shipped scenarios, by key: Centurion's (the default), "centuria" (issue 15) or "all"."""
    from ..data.scenarios import scenario_names
    from .centuria import centuria_scenarios

    if system not in ("centurion", "centuria", "all"):
        raise ValueError(f"system is 'centurion', 'centuria' or 'all', got {system!r}")
    return (scenario_names() if system != "centuria" else []) + (centuria_scenarios() if system != "centurion" else [])


__all__ = ["Skirmish", "Vehicle", "Squad", "Result", "new_skirmish", "scenarios", "json"]
