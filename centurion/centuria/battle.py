"""A Centuria battle: immutable state and the actions of a round (CTA-1, CTA-MOVE, CTA-CMD, CTA-COMBAT,
CTA-MORALE, CTA-ART).

Every action returns `(new_battle, events)` or a `Refusal` naming the rule; a
refused action leaves the battle as it was (the state is immutable).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..data import BattleMap, CenturiaScenario, CenturiaTables, centuria_tables
from ..dice import Dice, Roll
from ..hexgrid import Hex, arcs, distance, format_label, neighbor, neighbors
from ..rules.grav import Refusal
from ..rules.inputs import a_hex, choice
from .command import in_sight, spread_command
from .values import (
    MARKERS,
    Exchange,
    Target,
    as_target_row,
    attack_terms,
    counter_terms,
    morale_terms,
    no_counter,
    roll_over,
    shot_terms,
)

PHASES = ("movement", "combat")
REPLACEMENT_TYPES = ("subpraefectus", "tribunus")  # who may take over a fallen leader (CTA-MORALE b)
FRONT_ARCS = {0, 1, 5}  # relative hexside wedges: ahead and the two front-side hexsides (CTA-MOVE)
REAR_ARC = 3


class UnknownPiece(KeyError, ValueError):
    """No piece with that id: a KeyError for the lookups, a ValueError naming the rule for callers (CTA-1)."""

    def __str__(self) -> str:
        return f"CTA-1: {self.args[0]}"


@dataclass(frozen=True)
class Piece:
    """A unit or leader on the map (CTA-1): its type, side, place, facing and morale marker."""

    id: str
    type: str
    side: str
    hex: Hex
    facing: int
    commander: str | None
    kind: str  # sub_unit, engine or leader
    arm: str | None = None
    marker: int = 0  # 0 intact, 1 idle, 2 dissolving, 3 fleeing (CTA-MORALE)
    alive: bool = True
    engine_out_round: int | None = None  # the round an engine was put out of action by a roll of 1

    @property
    def is_leader(self) -> bool:
        """Leaders move singly and command (CTA-1)."""
        return self.kind == "leader"


@dataclass(frozen=True)
class Event:
    """One thing that happened, for the log: text, rule, and the rolls behind it."""

    text: str
    rule: str
    rolls: tuple[Roll, ...] = ()


@dataclass(frozen=True)
class CenturiaBattle:
    """The state of a Centuria battle (CTA-1)."""

    name: str
    map: BattleMap
    pieces: tuple[Piece, ...]
    round: int = 1
    phase: str = "movement"
    active_side: str = ""
    sides: tuple[str, ...] = ()
    moved: frozenset[str] = frozenset()
    attacked: frozenset[str] = frozenset()
    shots: tuple[tuple[str, int], ...] = ()  # (engine id, shots fired this round)
    time_limit_seconds: int | None = None
    log: tuple[Event, ...] = field(default=())
    alternate: bool = False  # CTA-1 as the seed has it: both sides in one phase, one unit at a time
    passed: frozenset[str] = frozenset()  # sides that have ended their part of the current phase (CTA-1)
    first_side: str = ""  # the side that starts alternating this round (CTA-1)
    die_sides: int | None = None  # the scenario's die (DIE-20); None: the tables' die
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    # --- lookups ---------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, scenario: CenturiaScenario, tables: CenturiaTables | None = None) -> CenturiaBattle:
        """The opening position of a scenario; the first side listed moves first."""
        tables = tables or centuria_tables()
        pieces = [Piece(p.id, p.type, p.side, p.hex, p.facing, p.commander, tables.units[p.type].kind, p.arm)
                  for p in (*scenario.leaders, *scenario.units)]
        sides = tuple(scenario.sides)
        battle = cls(scenario.name, scenario.map, tuple(pieces), active_side=sides[0], sides=sides,
                     time_limit_seconds=scenario.time_limit_seconds, die_sides=scenario.die_sides)
        return start_alternating(battle)  # the round as the seed has it (CTA-1); `practice_order` for the tables

    def piece(self, pid: str) -> Piece:
        """The piece with this id."""
        for p in self.pieces:
            if p.id == pid:
                return p
        raise UnknownPiece(f"no unit or leader {pid!r} in this battle"[:200])

    def living(self, side: str | None = None) -> list[Piece]:
        """Pieces still on the map, of one side or all."""
        return [p for p in self.pieces if p.alive and (side is None or p.side == side)]

    def at(self, hex_: Hex) -> list[Piece]:
        """Living pieces in a hex."""
        return [p for p in self.pieces if p.alive and p.hex == hex_]

    def placed(self, pid: str, label: str, facing: int | None = None, **changes: object) -> CenturiaBattle:
        """A copy with a piece set up elsewhere (scenario set-up, not a move): CCRR label, facing, other fields."""
        from ..hexgrid import parse_label

        p = self.piece(pid)
        h = parse_label(label)
        if h not in self.map:
            raise ValueError(f"HEX-4: {label} is off the {self.map.columns}x{self.map.rows} map")
        return self.with_piece(replace(p, hex=h, facing=p.facing if facing is None else facing % 6, **changes))

    def with_piece(self, piece: Piece) -> CenturiaBattle:
        """A copy with one piece replaced."""
        return replace(self, pieces=tuple(piece if p.id == piece.id else p for p in self.pieces))

    def other_side(self, side: str) -> str:
        """The next side after `side` (two sides: the opponent)."""
        return self.sides[(self.sides.index(side) + 1) % len(self.sides)]

    def terrain(self, hex_: Hex) -> str:
        """The Centuria terrain key of a hex."""
        return self.map[hex_].terrain

    # --- command (CTA-CMD) -------------------------------------------------------------
    def command(self, tables: CenturiaTables | None = None) -> dict[str, str]:
        """Every living sub-unit's command status: direct, chain or out (CTA-CMD).

        Direct: a leader who may command the unit (`commanders`) has it within his action radius and in sight.
        """
        tables = tables or centuria_tables()
        key = ("command", id(tables))
        if key in self._cache:
            return dict(self._cache[key])
        out: dict[str, str] = {}
        for side in self.sides:
            subs = [p for p in self.living(side) if not p.is_leader]
            status = {p.id: "out" for p in subs}
            for p in subs:
                if self.covering(p, tables):
                    status[p.id] = "direct"
            # the chain through adjacent sub-units of the side, transitively
            status = spread_command(status, {p.id: p.hex for p in subs})
            out.update(status)
        self._cache[key] = out
        return dict(out)

    def _by_id(self) -> dict[str, Piece]:
        if "ids" not in self._cache:
            self._cache["ids"] = {p.id: p for p in self.pieces}
        return self._cache["ids"]

    def superiors(self, leader_id: str | None) -> list[Piece]:
        """A leader and the leaders above him, living or not, up the chain of command (`above` in the scenario)."""
        out: list[Piece] = []
        ids = self._by_id()
        while leader_id is not None and leader_id in ids and all(q.id != leader_id for q in out):
            lead = ids[leader_id]
            out.append(lead)
            leader_id = lead.commander
        return out

    def commanders(self, p: Piece) -> list[Piece]:
        """The living leaders who may command a sub-unit (CTA-CMD): its own leader (or, fallen, his replacement,
        CTA-MORALE b) and every leader above them in the chain of command. A leader has none (decision)."""
        if p.is_leader or p.commander is None:
            return []
        chain = self.superiors(p.commander)
        out = [q for q in chain if q.alive]
        if chain and not chain[0].alive:
            repl = self.replacement_for(chain[0])
            if repl is not None and repl not in out:
                out.insert(0, repl)
        return out

    def covering(self, p: Piece, tables: CenturiaTables | None = None) -> list[Piece]:
        """The leaders who may command `p` and have it within their action radius and in sight (CTA-CMD)."""
        tables = tables or centuria_tables()
        return [lead for lead in self.commanders(p)
                if distance(lead.hex, p.hex) <= tables.units[lead.type].action_radius
                and in_sight(lead.hex, p.hex, self.map, tables)]

    def _leader_of(self, p: Piece) -> Piece | None:
        """The living leader a sub-unit answers to first: its own, else the replacement (CTA-MORALE b)."""
        cs = self.commanders(p)
        return cs[0] if cs else None

    def acting_leader(self, p: Piece) -> Piece | None:
        """A sub-unit's leader now: its own if he lives, else his replacement (CTA-MORALE b), else None."""
        if p.is_leader or p.commander is None:
            return None
        own = self._by_id().get(p.commander)
        if own is None:
            return None
        return own if own.alive else self.replacement_for(own)

    def formation_leaders(self, leader: Piece) -> list[Piece]:
        """The leaders in command of a leader's formation: those above him and those under him (decision)."""
        above = self.superiors(leader.commander)
        below: list[Piece] = []
        frontier = [leader.id]
        while frontier:
            nxt = [q for q in self.pieces if q.is_leader and q.commander in frontier and q not in below]
            below += nxt
            frontier = [q.id for q in nxt]
        return above + below

    def _under(self, leader_id: str) -> list[Piece]:
        """Every leader below a leader in the chain of command, living or not."""
        below: list[Piece] = []
        frontier = [leader_id]
        while frontier:
            nxt = [q for q in self.pieces if q.is_leader and q.commander in frontier and q not in below]
            below += nxt
            frontier = [q.id for q in nxt]
        return below

    def replacement_for(self, fallen: Piece) -> Piece | None:
        """Who takes over a fallen leader (CTA-MORALE b): the nearest living subpraefectus or tribunus in command
        of the fallen leader's formation (above or under him in the chain, and under any fallen leader above
        him, whose formation he may have led as a replacement himself); ties by id (decision)."""
        pool = list(self.formation_leaders(fallen))
        for sup in self.superiors(fallen.commander):
            if not sup.alive:
                pool += self._under(sup.id)
        eligible = [q for q in pool
                    if q.alive and q.type in REPLACEMENT_TYPES and q.id != fallen.id and q.side == fallen.side]
        if not eligible:
            return None
        return min(eligible, key=lambda q: (distance(q.hex, fallen.hex), q.id))

    def best_leader(self, p: Piece, purpose: str, tables: CenturiaTables | None = None) -> str | None:
        """The best leader who may command `p` and covers it (range and sight), for attack, defence or morale
        (CTA-COMBAT, CTA-CMD). Leader modifiers are not cumulative: only the best one counts (decision in RULES.md).
        """
        tables = tables or centuria_tables()
        best, best_val = None, None
        for lead in self.covering(p, tables):
            if lead.type not in tables.leaders:
                continue
            mod = tables.leaders[lead.type]
            val = {"attack": mod.attack, "defence": -mod.defence, "morale": mod.morale}[purpose]
            if best_val is None or val < best_val:
                best, best_val = lead.type, val
        return best

    def adjacent_intact(self, p: Piece) -> int:
        """Friendly sub-units with intact morale next to `p` (CTA-MORALE)."""
        near = set(neighbors(p.hex))
        return sum(1 for q in self.living(p.side)
                   if q.id != p.id and not q.is_leader and q.marker == 0 and q.hex in near)

    def side_of_attack(self, attacker: Piece, defender: Piece) -> str:
        """Which side of the defender the attack comes from: front, flank or rear (CTA-MOVE arcs).

        On a hexside boundary the defender gets the better (more frontal) side.
        """
        rel = arcs(defender.hex, defender.facing, attacker.hex)
        if any(r in FRONT_ARCS for r in rel):
            return "front"
        if all(r == REAR_ARC for r in rel):
            return "rear"
        return "flank"

    # --- log -----------------------------------------------------------------------------
    def logged(self, *events: Event) -> CenturiaBattle:
        """A copy with events appended to the log."""
        return replace(self, log=self.log + tuple(events))


def _turn_cost(from_facing: int, to_facing: int) -> int:
    """MP to change facing: to a front or flank hexside 1, an about-face 2 (CTA-MOVE)."""
    d = (to_facing - from_facing) % 6
    return 0 if d == 0 else (2 if d == 3 else 1)


def move_cost(battle: CenturiaBattle, p: Piece, dest: Hex, tables: CenturiaTables) -> int:
    """MP to enter a hex: always 1; terrain changes the movement value instead (CTA-MOVE, `movement_value`)."""
    a_hex(dest, "dest")
    return 1


def terrain_movement(battle: CenturiaBattle, p: Piece, hex_: Hex, tables: CenturiaTables) -> int:
    """The terrain table's movement modifier of a piece in a hex (0 or less; CTA-2, CTA-MOVE).

    Leaders have no row: they move as their arm (infantry like a centuria, cavalry like a turma; decision).
    """
    a_hex(hex_, "hex_")
    mod = tables.terrain[battle.terrain(hex_)].modifiers.get(terrain_row(p, tables))
    return mod.movement if mod and not as_target_row(mod) else 0


def movement_value(battle: CenturiaBattle, p: Piece, hexes: list[Hex] | tuple[Hex, ...],
                   tables: CenturiaTables | None = None) -> int:
    """The movement value for a move through `hexes` (the start hex and those entered): the unit's value plus the
    lowest terrain movement modifier among them, never below 1 (CTA-MOVE: a turma crossing fields moves 3)."""
    tables = tables or centuria_tables()
    worst = min((terrain_movement(battle, p, h, tables) for h in hexes), default=0)
    return max(1, movement_allowance(p, tables) + min(0, worst))


def _arm(p: Piece, tables: CenturiaTables) -> str:
    return p.arm or tables.units[p.type].arm


def movement_allowance(p: Piece, tables: CenturiaTables) -> int:
    """A piece's movement points; the subpraefectus has 2 with infantry, 4 with cavalry (CTA-2)."""
    u = tables.units[p.type]
    if u.movement_cavalry is not None and _arm(p, tables) == "cavalry":
        return u.movement_cavalry
    return u.movement


@dataclass(frozen=True)
class CenturiaMove:
    """A Centuria move as data: steps are 'F' (ahead), 'FL'/'FR' (the front-left/right hexes), 'T<n>' (face n)."""

    piece: str
    steps: tuple[str, ...]


def move(battle: CenturiaBattle, mv: CenturiaMove, tables: CenturiaTables | None = None
         ) -> tuple[CenturiaBattle, list[Event]] | Refusal:
    """Move a piece in the movement phase (CTA-MOVE, CTA-CMD); a refusal leaves the battle unchanged."""
    tables = tables or centuria_tables()
    if not isinstance(mv.steps, (tuple, list)) or not all(isinstance(s, str) for s in mv.steps):
        return Refusal("CTA-MOVE", f"steps are a sequence of step names, got {mv.steps!r}"[:200])
    try:
        p = battle.piece(mv.piece)
    except KeyError as exc:
        return Refusal("CTA-1", str(exc.args[0]))
    if battle.phase != "movement":
        return Refusal("CTA-1", f"moves belong to the movement phase; it is the {battle.phase} phase")
    if p.side != battle.active_side:
        return Refusal("CTA-1", f"it is {battle.active_side}'s turn to move, not {p.side}'s")
    if p.side in battle.passed:
        return Refusal("CTA-1", f"{p.side} has ended its part of the movement phase")
    if not p.alive:
        return Refusal("CTA-COMBAT", f"{p.id} has fallen")
    if p.id in battle.moved:
        return Refusal("CTA-MOVE", f"{p.id} has already moved this round")
    if p.marker == 3:
        return Refusal("CTA-MORALE", f"{p.id} is fleeing: it moves backwards on its own (flee)")
    hex_steps = [s for s in mv.steps if not s.startswith("T")]
    if not p.is_leader:
        status = battle.command(tables).get(p.id, "out")
        if status == "out" and hex_steps:
            return Refusal("CTA-CMD", f"{p.id} is out of command (beyond its leader's action radius or sight, "
                           "and not next to a sub-unit in command): it may turn, defend or flee, not move")
        if p.marker in (1, 2):
            return Refusal("CTA-MORALE", f"{p.id} is {MARKERS[p.marker]}: it stands and neither moves nor turns")
    mp = movement_allowance(p, tables)
    here, facing, spent = p.hex, p.facing, 0
    through = [p.hex]
    for i, s in enumerate(mv.steps):
        if s.startswith("T"):
            try:
                new = int(s[1:]) % 6
            except ValueError:
                return Refusal("CTA-MOVE", f"step {i + 1}: {s!r} is not a facing; use T0..T5")
            cost = _turn_cost(facing, new)
            facing = new
        elif s in ("F", "FL", "FR"):
            side_f = {"F": facing, "FL": (facing - 1) % 6, "FR": (facing + 1) % 6}[s]
            dest = neighbor(here, side_f)
            if dest not in battle.map:
                return Refusal("HEX-4", f"step {i + 1}: the hex beyond {format_label(here)} is off the map")
            if any(q.side != p.side for q in battle.at(dest)):
                return Refusal("CTA-MOVE", f"step {i + 1}: {format_label(dest)} holds the enemy; attack it in the "
                               "combat phase instead")
            cost = move_cost(battle, p, dest, tables)
            here = dest
            through.append(dest)
        else:
            return Refusal("CTA-MOVE", f"step {i + 1}: unknown step {s!r}; use F, FL, FR or T0..T5")
        spent += cost
        mp = movement_value(battle, p, through, tables)
        if spent > mp:
            return Refusal("CTA-MOVE", f"step {i + 1} needs {spent} MP in all; {p.id} has {mp} "
                           f"(movement {movement_allowance(p, tables)}, terrain on the way changes it)")
    if here != p.hex and any(q.id != p.id and q.is_leader == p.is_leader for q in battle.at(here)):
        return Refusal("CTA-MOVE", f"{format_label(here)} already holds a {'leader' if p.is_leader else 'unit'}: "
                       "a move ends where no other piece of its kind stands (decision)")
    moved = replace(p, hex=here, facing=facing)
    text = f"{p.id} moves to {format_label(here)} facing {facing} ({spent} of {mp} MP)"
    new = battle.with_piece(moved)
    new = replace(new, moved=battle.moved | {p.id})
    ev = Event(text, "CTA-MOVE")
    return _alternated(new.logged(ev)), [ev]


# --- combat (CTA-COMBAT) --------------------------------------------------------------------


def battle_tables(battle: CenturiaBattle, tables: CenturiaTables) -> CenturiaTables:
    """The tables with the battle's own die: the scenario's `die_sides` (DIE-20: the die is a data value)."""
    if battle.die_sides is None or battle.die_sides == tables.die_sides:
        return tables
    return replace(tables, die_sides=battle.die_sides)


def terrain_row(p: Piece, tables: CenturiaTables) -> str:
    """The terrain table row of a piece: its own type, or for a leader his arm's (centuria or turma; decision)."""
    if p.is_leader:
        return "turma" if _arm(p, tables) == "cavalry" else "centuria"
    return p.type


def shot(battle: CenturiaBattle, engine_id: str, target_id: str, tables: CenturiaTables | None = None) -> Target:
    """The target number of an engine's shot with its terms: the one function behind the preview and the roll
    (CTA-ART): the engine's best commanding leader, the target's hex with its "(Ziel)" rows, side and marker."""
    tables = tables or centuria_tables()
    e, t = battle.piece(engine_id), battle.piece(target_id)
    return shot_terms(e.type, t.type, side=battle.side_of_attack(e, t), engine_terrain=battle.terrain(e.hex),
                      target_terrain=battle.terrain(t.hex), engine_leader=battle.best_leader(e, "attack", tables),
                      target_leader=battle.best_leader(t, "defence", tables), target_marker=t.marker,
                      tables=battle_tables(battle, tables), target_row=terrain_row(t, tables))


def is_engine(p: Piece, tables: CenturiaTables | None = None) -> bool:
    """Ballista and tormentum (kind `engine` in data/centuria.yaml, CTA-ART)."""
    tables = tables or centuria_tables()
    return tables.units[p.type].kind == "engine"


def exchange(battle: CenturiaBattle, attacker_id: str, defender_id: str, tables: CenturiaTables | None = None
             ) -> Exchange:
    """The exact odds of an attack and its counter between two pieces on the map (CTA-COMBAT).

    An engine does not close-attack: its exchange is its shot (`shot`) with no counter roll (CTA-ART), so the
    preview of a shot and the shot itself use the same terms.
    """
    tables = tables or centuria_tables()
    a, d = battle.piece(attacker_id), battle.piece(defender_id)
    if is_engine(a, tables):
        return Exchange(shot(battle, a.id, d.id, tables), no_counter(battle_tables(battle, tables)))
    kw = dict(attacker_terrain=battle.terrain(a.hex), defender_terrain=battle.terrain(d.hex),
              attacker_marker=a.marker, defender_marker=d.marker, tables=battle_tables(battle, tables),
              attacker_row=terrain_row(a, tables), defender_row=terrain_row(d, tables))
    att = attack_terms(a.type, d.type, side=battle.side_of_attack(a, d),
                       attacker_leader=battle.best_leader(a, "attack", tables),
                       defender_leader=battle.best_leader(d, "defence", tables), **kw)
    cnt = counter_terms(a.type, d.type, attacker_leader=battle.best_leader(a, "defence", tables),
                        defender_leader=battle.best_leader(d, "attack", tables), **kw)
    return Exchange(att, cnt)


def _turn_refusal(battle: CenturiaBattle, side: str, phase: str) -> Refusal | None:
    if battle.phase != phase:
        return Refusal("CTA-1", f"that belongs to the {phase} phase; it is the {battle.phase} phase")
    if side != battle.active_side:
        return Refusal("CTA-1", f"it is {battle.active_side}'s turn, not {side}'s")
    if side in battle.passed:
        return Refusal("CTA-1", f"{side} has ended its part of the {phase} phase")
    return None


def attack(battle: CenturiaBattle, attacker_id: str, defender_id: str, dice: Dice,
           tables: CenturiaTables | None = None) -> tuple[CenturiaBattle, list[Event]] | Refusal:
    """Resolve a close attack: simultaneous attack and counter rolls; a success removes the struck piece."""
    tables = tables or centuria_tables()
    try:
        a, d = battle.piece(attacker_id), battle.piece(defender_id)
    except KeyError as exc:
        return Refusal("CTA-1", str(exc.args[0]))
    turn = _turn_refusal(battle, a.side, "combat")
    if turn is not None:
        return turn
    if not (a.alive and d.alive):
        return Refusal("CTA-COMBAT", "both pieces must still be on the map")
    if a.side == d.side:
        return Refusal("CTA-COMBAT", "a unit attacks the enemy, not its own side")
    if a.id in battle.attacked:
        return Refusal("CTA-COMBAT", f"{a.id} has already attacked this round")
    if is_engine(a, tables):
        return Refusal("CTA-ART", f"{a.id} is an engine: it shoots (CTA-ART) rather than close-attacks; "
                       "it defends and strikes back (decision)")
    if distance(a.hex, d.hex) != 1:
        return Refusal("CTA-COMBAT", f"{a.id} must stand next to {d.id} to attack it")
    if not a.is_leader:
        if battle.command(tables).get(a.id) == "out":
            return Refusal("CTA-CMD", f"{a.id} is out of command: only a sub-unit in command may attack")
        if a.marker:
            return Refusal("CTA-MORALE", f"{a.id} is {MARKERS[a.marker]}: it does not attack")
    ex = exchange(battle, a.id, d.id, tables)
    r1 = roll_over(dice, ex.attack, purpose=f"{a.id} attacks {d.id}", rule="CTA-COMBAT")
    r2 = roll_over(dice, ex.counter, purpose=f"{d.id} strikes back at {a.id}", rule="CTA-COMBAT")
    new = replace(battle, attacked=battle.attacked | {a.id})
    events = [Event(f"{a.id} attacks {d.id}: roll {r1.result} vs {ex.attack.value} "
                    f"({'hit' if r1.success else 'miss'}); counter {r2.result} vs {ex.counter.value} "
                    f"({'hit' if r2.success else 'miss'})", "CTA-COMBAT", (r1, r2))]
    for struck, hit in ((d, r1.success), (a, r2.success)):
        if hit:
            new = new.with_piece(replace(struck, alive=False))
            events.append(Event(f"{struck.id} falls", "CTA-COMBAT"))
    return _alternated(new.logged(*events)), events


# --- morale (CTA-MORALE) -----------------------------------------------------------------------


def morale_test_target(battle: CenturiaBattle, pid: str, tables: CenturiaTables | None = None) -> Target:
    """A piece's morale test target, with the best leader and its intact neighbours (CTA-MORALE)."""
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    return morale_terms(p.type, leader=battle.best_leader(p, "morale", tables),
                        adjacent_intact=battle.adjacent_intact(p), tables=battle_tables(battle, tables))


def morale_test(battle: CenturiaBattle, pid: str, dice: Dice, reason: str, *, rally: bool = False,
                tables: CenturiaTables | None = None) -> tuple[CenturiaBattle, list[Event]]:
    """Roll a morale test (CTA-MORALE): any pass restores the unit (markers removed); a failed test adds a
    marker, a failed rally leaves the markers as they are.

    A third failure sets the unit fleeing: it moves backwards as far as its movement value allows, and every
    unit it passes next to or ends beside tests in turn (`flee`).
    """
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    if p.marker >= 3:  # a fleeing unit takes no more tests and does not come back (decision)
        ev = Event(f"{pid} is fleeing: it takes no more morale or rally tests", "CTA-MORALE")
        return battle, [ev]
    target = morale_test_target(battle, pid, tables)
    roll = roll_over(dice, target, purpose=f"{'rally' if rally else 'morale'} test of {pid} ({reason})",
                     rule="CTA-MORALE")
    if roll.success:
        marker = 0
    elif rally:
        marker = p.marker
    else:
        marker = min(3, p.marker + 1)
    events = [Event(f"{pid} {'rallies' if rally else 'tests morale'} ({reason}): roll {roll.result} vs "
                    f"{target.value}, {'passes' if roll.success else 'fails'}; now {MARKERS[marker]}",
                    "CTA-MORALE", (roll,))]
    new = battle.with_piece(replace(p, marker=marker))
    if marker == 3 and p.marker != 3:
        new, more = flee(new, pid, dice, tables)
        events += more
    return new.logged(*events), events


def flee_path(battle: CenturiaBattle, p: Piece, tables: CenturiaTables | None = None) -> list[Hex]:
    """The hexes a fleeing unit enters: straight back through its rear hexside as far as a move could take it
    (CTA-MORALE: "as far as the movement rules allow"): its movement value, never into the enemy or off the map;
    it may pass friendly pieces and ends where no other unit stands (a hex with only a leader will do, CTA-MOVE)."""
    tables = tables or centuria_tables()
    back = (p.facing + 3) % 6
    here, path = p.hex, []
    while True:
        dest = neighbor(here, back)
        if dest not in battle.map or any(q.side != p.side for q in battle.at(dest)):
            break
        if len(path) + 1 > movement_value(battle, p, [p.hex, *path, dest], tables):
            break
        path.append(dest)
        here = dest
    while path and any(q.id != p.id and not q.is_leader for q in battle.at(path[-1])):
        path.pop()  # a move may pass a friendly unit but not end on it
    return path


def flee(battle: CenturiaBattle, pid: str, dice: Dice, tables: CenturiaTables | None = None
         ) -> tuple[CenturiaBattle, list[Event]]:
    """A fleeing unit moves backwards; every unit, of either side, that it passes next to or ends beside tests
    morale (CTA-MORALE d)."""
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    path = flee_path(battle, p, tables)
    here = path[-1] if path else p.hex
    events = [Event(f"{pid} flees to {format_label(here)}", "CTA-MORALE")]
    new = battle.with_piece(replace(p, hex=here))
    near: set[Hex] = set()
    for h in path or [p.hex]:
        near |= {h, *neighbors(h)}
    touched = [q for q in new.pieces if q.alive and q.id != pid and not q.is_leader and q.hex in near
               and q.marker < 3]
    for q in sorted(touched, key=lambda q: q.id):
        if new.piece(q.id).marker >= 3:
            continue
        new, more = morale_test(new, q.id, dice, f"touched by the fleeing {pid}", tables=tables)
        events += more
    return new, events


def out_of_action(p: Piece) -> bool:
    """Whether a sub-unit counts as "ausgefallen" for trigger (a): removed or fleeing (CTA-MORALE, decision)."""
    return not p.alive or p.marker >= 3


def led_units(battle: CenturiaBattle, lead: Piece) -> list[Piece]:
    """The sub-units a leader leads (CTA-MORALE b, c): those whose acting leader he is (their own, or the one he
    replaced); a leader with none of his own (a legatus) leads every sub-unit under him in the chain (decision)."""
    subs = [p for p in battle.pieces if not p.is_leader and p.alive and p.side == lead.side]
    own = [p for p in subs if (q := battle.acting_leader(p)) is not None and q.id == lead.id]
    if own or any(p.commander == lead.id for p in battle.pieces if not p.is_leader):
        return own
    under = {q.id for q in battle._under(lead.id)}
    return [p for p in subs if p.commander in under]


def morale_triggers(before: CenturiaBattle, after: CenturiaBattle, tables: CenturiaTables | None = None
                    ) -> list[tuple[str, str]]:
    """Which sub-units must test morale after losses, as (id, reason) (CTA-MORALE a-c).

    (a): more than half of a leader's sub-units are out of action (removed or fleeing), the first time.
    (b): the sub-units a fallen leader led (`led_units`: his own or those he had taken over) that their new
    leader (`acting_leader`, a subpraefectus or tribunus) does not have within his action radius **and** in sight.
    (c): all of them, when no replacement is left.
    """
    tables = tables or centuria_tables()
    out: dict[str, str] = {}
    leaders_before = {p.id: p for p in before.pieces if p.is_leader}
    for lead in leaders_before.values():
        subs_all = [p for p in after.pieces if not p.is_leader and p.commander == lead.id]
        if subs_all:
            lost = sum(1 for p in subs_all if out_of_action(p))
            lost_before = sum(1 for p in before.pieces
                              if not p.is_leader and p.commander == lead.id and out_of_action(p))
            if lost * 2 > len(subs_all) and lost_before * 2 <= len(subs_all):
                why = "has fallen" if all(not p.alive for p in subs_all if out_of_action(p)) else "has fallen or fled"
                for p in subs_all:
                    if not out_of_action(p):
                        out.setdefault(p.id, f"more than half of the unit {why} (a)")
        if not (lead.alive and not after.piece(lead.id).alive):
            continue
        for q in led_units(before, lead):
            p = after.piece(q.id)
            if not p.alive:
                continue
            was = before.acting_leader(q)
            repl = (after.acting_leader(p) if was is not None and was.id == lead.id
                    else after.replacement_for(after.piece(lead.id)))  # a legatus: his own replacement
            if repl is None:
                out.setdefault(p.id, f"{lead.id} fell with no one to replace him (c)")
                continue
            radius = tables.units[repl.type].action_radius
            if distance(p.hex, repl.hex) > radius or not in_sight(p.hex, repl.hex, after.map, tables):
                out.setdefault(p.id, f"{lead.id} fell; outside {repl.id}'s range or sight (b)")
    return sorted(out.items())


def rally_phase(battle: CenturiaBattle, side: str, dice: Dice, tables: CenturiaTables | None = None
                ) -> tuple[CenturiaBattle, list[Event]]:
    """Each marked (not fleeing) unit of a side takes a rally test: a pass restores it, a fail changes nothing
    (CTA-MORALE decision)."""
    if battle.sides:
        choice(side, battle.sides, "CTA-MORALE", "side")
    events: list[Event] = []
    for p in battle.living(side):
        if not p.is_leader and p.marker in (1, 2):
            battle, more = morale_test(battle, p.id, dice, "rally test", rally=True, tables=tables)
            events += more
    return battle, events


# --- artillery (CTA-ART) ---------------------------------------------------------------------------


def engine_range(engine_type: str, tables: CenturiaTables | None = None) -> int:
    """An engine's range: its action radius in data/centuria.yaml (ballista 5, tormentum 6; CTA-ART)."""
    tables = tables or centuria_tables()
    if not isinstance(engine_type, str) or engine_type not in tables.units:
        raise ValueError(f"CTA-ART: an engine is one of {', '.join(ENGINE_RANGE)}, got {engine_type!r}"[:200])
    return tables.units[engine_type].action_radius


#: engine type -> range, read from data/centuria.yaml (kept for the views; `engine_range` is the function)
ENGINE_RANGE = {k: u.action_radius for k, u in centuria_tables().units.items() if u.kind == "engine"}


def spotters(battle: CenturiaBattle, engine: Piece, target: Piece, tables: CenturiaTables) -> list[str]:
    """Friendly pieces (units and leaders, the seed's "Einheit" table lists both) that see the target and touch
    the engine or see it; an engine that sees the target itself is its own spotter (CTA-ART, decision)."""
    out = []
    for q in battle.living(engine.side):
        if q.id == engine.id:
            if in_sight(q.hex, target.hex, battle.map, tables):
                out.append(q.id)
            continue
        touches = distance(q.hex, engine.hex) <= 1
        if (touches or in_sight(q.hex, engine.hex, battle.map, tables)) and in_sight(
                q.hex, target.hex, battle.map, tables):
            out.append(q.id)
    return out


def shots_allowed(battle: CenturiaBattle, engine: Piece, tables: CenturiaTables | None = None) -> int:
    """Shots an engine has a round: two when a leader whose data says `engines_fire_twice` (the centurio
    ballista) may command it and covers it (range and sight), else one (CTA-ART)."""
    tables = tables or centuria_tables()
    twice = any(tables.leaders.get(q.type) is not None and tables.leaders[q.type].engines_fire_twice
                for q in battle.covering(engine, tables))
    return 2 if twice else 1


def fire_refusal(battle: CenturiaBattle, engine_id: str, target_id: str, tables: CenturiaTables | None = None
                 ) -> Refusal | None:
    """None if the engine may fire at the target now, else why not (CTA-ART)."""
    tables = tables or centuria_tables()
    try:
        e, t = battle.piece(engine_id), battle.piece(target_id)
    except KeyError as exc:
        return Refusal("CTA-1", str(exc.args[0]))
    if not is_engine(e, tables):
        return Refusal("CTA-ART", f"{e.id} is not an engine")
    if battle.phase != "combat" or e.side != battle.active_side or e.side in battle.passed:
        return Refusal("CTA-1", "engines fire in their side's turn of the combat phase")
    if not (e.alive and t.alive) or e.side == t.side:
        return Refusal("CTA-ART", "the target must be a living enemy piece")
    if e.marker:
        return Refusal("CTA-MORALE", f"{e.id}'s crew is {MARKERS[e.marker]}: the engine does not shoot")
    if e.engine_out_round is not None and battle.round <= e.engine_out_round + 1:
        return Refusal("CTA-ART", f"{e.id} is out of action until the end of round {e.engine_out_round + 1} "
                       "(it rolled a 1)")
    if battle.command(tables).get(e.id) == "out":
        return Refusal("CTA-CMD", f"{e.id} is out of command")
    rng = engine_range(e.type, tables)
    if distance(e.hex, t.hex) > rng:
        return Refusal("CTA-ART", f"{t.id} is {distance(e.hex, t.hex)} hexes away; the {e.type} reaches {rng}")
    if e.type == "ballista" and not in_sight(e.hex, t.hex, battle.map, tables):
        return Refusal("CTA-ART", "the ballista fires only at what it sees (no indirect fire)")
    if not spotters(battle, e, t, tables):
        return Refusal("CTA-ART", f"no friendly piece that touches or sees {e.id} can see {t.id}")
    fired = dict(battle.shots).get(e.id, 0)
    allowed = shots_allowed(battle, e, tables)
    if fired >= allowed:
        return Refusal("CTA-ART", f"{e.id} has fired {fired} time(s) this round; it may fire {allowed}")
    return None


def fire(battle: CenturiaBattle, engine_id: str, target_id: str, dice: Dice, tables: CenturiaTables | None = None
         ) -> tuple[CenturiaBattle, list[Event]] | Refusal:
    """An engine shoots (`shot` terms), no counter; a natural 1 puts it out and its crew tests (CTA-ART)."""
    tables = tables or centuria_tables()
    refusal = fire_refusal(battle, engine_id, target_id, tables)
    if refusal is not None:
        return refusal
    e, t = battle.piece(engine_id), battle.piece(target_id)
    target = shot(battle, engine_id, target_id, tables)
    roll = roll_over(dice, target, purpose=f"{e.id} shoots at {t.id}", rule="CTA-ART")
    shots = dict(battle.shots)
    shots[e.id] = shots.get(e.id, 0) + 1
    new = replace(battle, shots=tuple(sorted(shots.items())))
    events = [Event(f"{e.id} shoots at {t.id}: roll {roll.result} vs {target.value}, "
                    f"{'hit' if roll.success else 'miss'}{' (a 1 always misses)' if roll.result == 1 else ''}",
                    "CTA-ART", (roll,))]
    if roll.success:
        new = new.with_piece(replace(t, alive=False))
        events.append(Event(f"{t.id} falls", "CTA-ART"))
    if roll.result == 1:
        new = new.with_piece(replace(new.piece(e.id), engine_out_round=battle.round))
        events.append(Event(f"{e.id} is out of action until the end of the next round (a roll of 1)", "CTA-ART"))
        new, more = morale_test(new, e.id, dice, "its engine failed (roll of 1)", tables=tables)
        events += more
    return _alternated(new.logged(*events)), events


# --- the round (CTA-1) ---------------------------------------------------------------------------------


def _alternated(battle: CenturiaBattle) -> CenturiaBattle:
    """After one unit's move, attack or shot the other side's turn comes, unless it has ended its part of the
    phase (CTA-1, alternating play; a no-op for the per-side order of `end_phase`)."""
    if not battle.alternate:
        return battle
    other = battle.other_side(battle.active_side)
    if other in battle.passed:
        return battle
    return replace(battle, active_side=other)


def start_alternating(battle: CenturiaBattle) -> CenturiaBattle:
    """The battle played as the seed has it (CTA-1): both sides in one movement phase, one unit at a time, the
    first side listed starting round 1 and the sides taking turns to start later rounds."""
    first = battle.sides[(battle.round - 1) % len(battle.sides)]
    return replace(battle, alternate=True, phase="movement", active_side=first, first_side=first,
                   passed=frozenset())


def practice_order(battle: CenturiaBattle) -> CenturiaBattle:
    """The practice order of the chapter tables 10-14 (not the seed's round): one side moves and fights with
    nobody answering, then the other (`end_phase`); chapter 15 and the battles alternate (CTA-1)."""
    return replace(battle, alternate=False, passed=frozenset(), first_side="")


def pass_phase(battle: CenturiaBattle, *, time_up: bool = False) -> CenturiaBattle:
    """The active side ends its part of the current phase (CTA-1): its units not yet ordered stay as they are.

    When both sides have ended it, movement gives way to combat (the round's first side starts), and combat to
    the next round (the other side starts). `time_up`: the round's countdown ran out (only the log differs).
    Rally tests of the new round are rolled by the caller (`start_round`), which has the dice.
    """
    side = battle.active_side
    text = (f"time is up for {side} in the {battle.phase} phase" if time_up
            else f"{side} ends its part of the {battle.phase} phase")
    new = replace(battle, passed=battle.passed | {side}).logged(Event(text, "CTA-1"))
    other = new.other_side(side)
    if other not in new.passed:
        return replace(new, active_side=other)
    first = new.first_side or new.sides[0]
    if new.phase == "movement":
        nxt = replace(new, phase="combat", active_side=first, passed=frozenset())
        return nxt.logged(Event(f"round {nxt.round}: combat phase, {first} first", "CTA-1"))
    first = new.other_side(first)
    nxt = replace(new, phase="movement", round=new.round + 1, active_side=first, first_side=first,
                  passed=frozenset(), moved=frozenset(), attacked=frozenset(), shots=())
    return nxt.logged(Event(f"round {nxt.round}: movement phase, {first} first", "CTA-1"))


def start_round(battle: CenturiaBattle, dice: Dice, tables: CenturiaTables | None = None
                ) -> tuple[CenturiaBattle, list[Event]]:
    """The start of a round: every marked unit of both sides takes its rally test, the round's first side first
    (CTA-MORALE decision)."""
    events: list[Event] = []
    first = battle.first_side or battle.sides[0]
    for side in (first, *[s for s in battle.sides if s != first]):
        battle, more = rally_phase(battle, side, dice, tables)
        events += more
    return battle, events


def end_phase(battle: CenturiaBattle) -> CenturiaBattle:
    """The per-side order of the chapter tables: movement -> combat for the active side, then the next side,
    then the next round (CTA-1). A battle played as the seed has it (`alternate`) ends a side's part instead."""
    if battle.alternate:
        return pass_phase(battle)
    if battle.phase == "movement":
        return replace(battle, phase="combat").logged(Event(f"{battle.active_side}: combat phase", "CTA-1"))
    i = battle.sides.index(battle.active_side)
    if i + 1 < len(battle.sides):
        nxt = replace(battle, phase="movement", active_side=battle.sides[i + 1], moved=frozenset(),
                      attacked=frozenset(), shots=())
        return nxt.logged(Event(f"{nxt.active_side}: movement phase", "CTA-1"))
    nxt = replace(battle, phase="movement", active_side=battle.sides[0], round=battle.round + 1,
                  moved=frozenset(), attacked=frozenset(), shots=())
    return nxt.logged(Event(f"round {nxt.round}: {nxt.active_side} moves", "CTA-1"))
