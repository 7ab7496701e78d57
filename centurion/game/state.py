"""The state of a game of Centurion: its units and an immutable dataclass of the whole position (CEN-SEQ-1).

`GameState` holds the data (scenario, seed, variants, history, phase, units, declarations) and the pure queries
every phase asks (units, sides, the map with its counters, the combat units the fire rules see, victory points).
The decisions of each phase are in `centurion.game.phases` (one module per phase); `Skirmish`
(game/skirmish.py) puts them together behind one `PhaseTable`. A phase module moves the game on with
`dataclasses.replace(state, ...)`, which keeps the state's class, and goes on to another phase with
`state.enter(phase, dice)` / `state.close_phase(dice)`, looked up in the table: no phase module imports another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from ..data import BattleMap
from ..data.scenarios import Scenario
from ..dice import Dice
from ..hexgrid import Hex, distance
from ..rules import CombatUnit, GravState, RecordSheet, movement_effects
from ..rules.ground import ground_reach
from ..rules.leadership import Centurion
from ..rules.refusal import Refusal
from ..rules.victory import victory_points
from ..variants.ruleset import RuleSet
from .actions import Action, Fire
from .base import Result, decision_dice
from .dispatch import PhaseTable
from .enums import Phase
from .wording import plural

if TYPE_CHECKING:
    from .opportunity import MoveInProgress

SYSTEM = "centurion"
#: The edition of the game's rules a game is played under. 2 (session 50's audit): a squad that survives its
#: carrier's explosion lives (book-a §13.2); a platoon of squads alone keeps its activation (CEN-SEQ-2, book-a §1.3);
#: passes are the buyer's (CEN-INI-2); a concealed squad may reactivate to fire (book-a §16.7); a squad's march may
#: be fired on by vehicles on opportunity fire (CEN-OPP-1, book-a §5.1). 3 (session 51's audit of smoke): a smoke
#: charge lays smoke in 3 hexes adjacent to the vehicle, not in its own hex (book-b §10.2); a cratering charge
#: clears smoke laid in its hex (§10.3); smoke is one level above the ground for sight over rubble too, and no
#: higher than a building's levels (§10.3: 20 m, like heavy woods). A save or stored
#: game made before names no edition and replays under edition 1, as it was played (docs/decisions.md). 4 (session
#: 53's audit of movement): no squad dismounts from a carrier that ends its move under water, and a squad whose
#: carrier is wrecked in a lake cannot get out (CEN-GRD-2; a lake is closed to infantry, book-a §4.2); an explosion's
#: survivors after a grounding roll against the size of the landing velocity, backwards too (book-a §13.2); smoke in
#: a vehicle's hex counts against a squad's weapons too (book-b §10.3); a mover entering a watcher's own hex is seen
#: from the hex it came from (book-a §14.2); under VAR-INIT a larger side with two slots puts its extra group in
#: the one nearer the middle of the phase.
RULES_EDITION = 4
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


_MAPS: dict[tuple[int, tuple], tuple[BattleMap, BattleMap]] = {}


def map_with(base: BattleMap, extra: tuple[tuple[Hex, str], ...], legacy_smoke: bool = False) -> BattleMap:
    """The scenario map with the game's own counters (craters dug, smoke laid); sight/step caches rebuilt;
    `legacy_smoke`: smoke read for sight as rules editions 1-2 did (`BattleMap.legacy_smoke`)."""
    if not extra and not legacy_smoke:
        return base
    key = (id(base), tuple(sorted(extra)), legacy_smoke)
    if key in _MAPS and _MAPS[key][0] is base:
        return _MAPS[key][1]
    if len(_MAPS) > 64:
        _MAPS.clear()
    hexes = dict(base.hexes)
    for h, kind in extra:
        hexes[h] = replace(hexes[h], counters=hexes[h].counters + (kind,))
    out = replace(base, hexes=hexes, legacy_smoke=legacy_smoke)
    _MAPS[key] = (base, out)
    return out


@dataclass(frozen=True)
class GameState:
    """The position of one game of Centurion, immutable; `Skirmish` adds its decisions (game/skirmish.py)."""

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
    pass_side: str | None = None  # the side whose leftover points bought `passes` (CEN-INI-2)
    sequence: tuple[tuple[str, str], ...] = ()
    done: frozenset[str] = frozenset()  # vehicles and squads that have moved (or stood) this turn
    watching: frozenset[str] = frozenset()
    opp_fired: frozenset[str] = frozenset()
    pending_move: tuple[str, tuple[tuple[Hex, int], ...]] | None = None  # mover, path entered (opportunity)
    moving: MoveInProgress | None = None  # that move, to fly it again from a shot (CEN-OPP-1)
    queue: tuple[str, ...] = ()  # sides still to declare, in order (painting / fire)
    paints: tuple[tuple[str, str], ...] = ()
    fires: tuple[tuple[str, ...], ...] = ()  # (vehicle, target) or (squad, target, weapon)
    fire_choices: tuple[Fire, ...] = ()  # declarations naming weapons, shells or a second target (book-a §8.2)
    marched: frozenset[str] = frozenset()  # squads that walked this turn: 1 personal attack (book-a 16.3)
    declared: frozenset[str] = frozenset()
    end_done: tuple[str, ...] = ()
    smoked: tuple[str, ...] = ()  # the vehicles that laid a smoke charge this End Phase (book-b §10.1: one each)
    log: tuple[str, ...] = ()
    # VAR-INIT (the variant turn sequence, game/activation.py): points spent, velocities at the turn's start, fired
    spent: tuple[tuple[str, int], ...] = ()
    start_velocities: tuple[tuple[str, int], ...] = ()
    fired: frozenset[str] = frozenset()
    result: Result | None = None
    rams: tuple = ()  # VAR-RAM: PendingRam values waiting for the end of the Combat Phase (game/ramming.py)
    rules_edition: int = RULES_EDITION  # the rules it is played under (`RULES_EDITION`; 1: before session 50)
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    system = SYSTEM
    table: ClassVar[PhaseTable | None] = None  # the game's phases (set by Skirmish)

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
        return map_with(self.scenario.map, self.counters, legacy_smoke=self.rules_edition < 3)

    @property
    def squad_smoke(self) -> bool:
        """Whether smoke in a vehicle's hex counts against a squad's weapons as against a vehicle's (book-b §10.3):
        from rules edition 4, in the declaration and in the resolution alike."""
        return self.rules_edition >= 4

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

    def march_refusal(self, key: str, hex_: Hex) -> Refusal | None:
        """Why squad `key` cannot walk to `hex_` this turn, or None when it can (CEN-INF-1, CEN-TER-1)."""
        if hex_ in self.march_targets(key):
            return None
        if hex_ in self.battlemap and self.battlemap[hex_].building_levels:
            return Refusal("CEN-INF-1", "squads stay out of building hexes in this game (fighting inside buildings "
                                        "is not modelled; see the rules reference)")
        return Refusal("CEN-INF-1", "it is beyond the squad's 3 movement points this turn, or closed to infantry "
                                    "(the terrain's cost, CEN-TER-1)")

    def _march_targets(self, key: str) -> dict[Hex, int]:
        q = self.squad(key)
        if q.hex is None or q.men <= 0:
            return {}
        bm = self.battlemap  # building fights are not wired in: squads stay out of building hexes (decisions)
        return {h: mp for h, mp in ground_reach(q.hex, 0, bm, mover="infantry").items()
                if h != q.hex and not bm[h].building_levels}

    @property
    def rules(self) -> RuleSet:
        """The game's variant rule set (VAR-*), built from the stored names once a state; passed to every rules
        call (a RuleSet is immutable, so one object serves every call)."""
        if "rules" not in self._cache:
            self._cache["rules"] = RuleSet.from_names(self.variants)
        return self._cache["rules"]

    def combat_units(self) -> dict[str, CombatUnit]:
        """Every unit as the fire rules see it (vehicles and dismounted squads)."""
        if "units" not in self._cache:
            out: dict[str, CombatUnit] = {}
            for v in self.vehicles:
                if v.destroyed:
                    continue
                over_water = not (v.grounded or v.submerged) and self.battlemap[v.hex].lake
                out[v.key] = CombatUnit(v.key, v.side, v.hex, v.facing, v.sheet, v.velocity, v.in_crater,
                                        painted_by=v.painted_by, submerged=v.submerged,  # CEN-GRD-2
                                        over_water=over_water,  # forced down there: under water (CEN-GRD-2)
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

    def _enemy_keys(self, side: str, at: Hex | None = None) -> list[str]:
        """Enemy units that may be engaged: a concealed squad only from its own hex (book-a §16.7)."""
        return [k for k, u in self.combat_units().items() if u.side != side
                and not (self.concealed(k) and u.hex != at)]

    def _current_platoon(self) -> str:
        return self.sequence[0][1] if self.sequence else "-"

    def dice_of(self, n: int) -> Dice:
        """The dice of decision n of this game (`decision_dice`)."""
        return decision_dice(self.seed, n)

    # --- moving on: the phase table of the game's class --------------------------------------------------------
    @property
    def game_rules(self) -> Any:
        """The game-layer extension points of the rule set in play (game/hooks.py); set by Skirmish."""
        raise NotImplementedError

    def enter(self, phase: str, dice: Dice | None) -> GameState:
        """The state as `phase` begins: the phase's registered `enter` step (game/dispatch.py, CEN-SEQ-1)."""
        return self.table.enter(self, phase, dice)

    def close_phase(self, dice: Dice | None) -> GameState:
        """The state once the decisions of the phase are all taken: its registered `close` step."""
        return self.table.close(self, self.phase, dice)

    def _log(self, *lines: str) -> GameState:
        return replace(self, log=self.log + lines)

    def _fresh(self) -> GameState:
        """The same state with its caches emptied (after any change)."""
        return replace(self)

    def _with_vehicle(self, v: Vehicle) -> tuple[Vehicle, ...]:
        return tuple(v if x.key == v.key else x for x in self.vehicles)

    def _absorb(self, units: Mapping[str, CombatUnit], internals: Mapping, casualties: Mapping,
                *lines: str) -> GameState:
        """Take the fire rules' units back into the game (sheets, velocity after a forced grounding, squads); the
        fire's log `lines` come before the lines of the squads that die aboard (`_sync_riders`)."""
        vs = []
        for v in self.vehicles:
            u = units.get(v.key)
            if u is None or u.sheet is None:
                vs.append(v)
                continue
            nv = replace(v, sheet=u.sheet, painted_by=u.painted_by, vulcan=u.vulcan)
            rep = internals.get(v.key)
            if rep is not None and rep.grounded_at_velocity is not None:  # under water over a lake (CEN-GRD-2)
                nv = replace(nv, velocity=0, grounded=True, in_crater=False, submerged=u.over_water)
            vs.append(nv)
        sq = []
        for s in self.squads:
            u = units.get(s.key)
            sq.append(replace(s, men=u.men, tvlgs_left=u.tvlgs_left) if u is not None and s.hex is not None else s)
        return replace(self, vehicles=tuple(vs), squads=tuple(sq))._log(*lines)._sync_riders()

    def _sync_riders(self) -> GameState:
        """Squads aboard lose the men their carrier's compartment lost, all of them when they fail the explosion's
        survival roll (book-a 13.2, 14.1, 16.2: the engine empties the compartment then; a squad that passes it lives
        and gets out at its next movement); the log names the squad (walk of session 30)."""
        sq, lines = [], []
        for s in self.squads:
            if s.aboard is not None:
                car = self.vehicle(s.aboard)
                aboard = car.sheet.infantry_aboard if not car.sheet.exploded or self.rules_edition >= 2 else 0
                men = min(s.men, aboard)
                if men < s.men:
                    lost = plural(s.men - men, "man", "men")
                    lines.append(f"  {s.key} aboard {car.key}: {lost} lost with it, the squad is destroyed"
                                 if men == 0 else f"  {s.key} aboard {car.key}: {lost} lost in the infantry "
                                 f"compartment, {men} left")
                sq.append(replace(s, men=men))
            else:
                sq.append(s)
        out = replace(self, squads=tuple(sq))
        return out._log(*lines) if lines else out

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


__all__ = ["GameState", "Vehicle", "Squad", "Result", "decision_dice", "map_with", "SYSTEM", "SQUAD_DESTROYED_AT",
           "RULES_EDITION"]
