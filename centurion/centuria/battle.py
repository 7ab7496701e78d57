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
from .command import in_sight, spread_command
from .values import MARKERS, Exchange, Target, attack_terms, counter_terms, morale_terms

PHASES = ("movement", "combat")
FRONT_ARCS = {0, 1, 5}  # relative hexside wedges: ahead and the two front-side hexsides (CTA-MOVE)
REAR_ARC = 3


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

    # --- lookups ---------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, scenario: CenturiaScenario, tables: CenturiaTables | None = None) -> CenturiaBattle:
        """The opening position of a scenario; the first side listed moves first."""
        tables = tables or centuria_tables()
        pieces = [Piece(p.id, p.type, p.side, p.hex, p.facing, p.commander, tables.units[p.type].kind, p.arm)
                  for p in (*scenario.leaders, *scenario.units)]
        sides = tuple(scenario.sides)
        return cls(scenario.name, scenario.map, tuple(pieces), active_side=sides[0], sides=sides,
                   time_limit_seconds=scenario.time_limit_seconds)

    def piece(self, pid: str) -> Piece:
        """The piece with this id."""
        for p in self.pieces:
            if p.id == pid:
                return p
        raise KeyError(f"no unit or leader {pid!r} in this battle")

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

    def terrain(self, hex_: Hex) -> str:
        """The Centuria terrain key of a hex."""
        return self.map[hex_].terrain

    # --- command (CTA-CMD) -------------------------------------------------------------
    def command(self, tables: CenturiaTables | None = None) -> dict[str, str]:
        """Every living sub-unit's command status: direct, chain or out (CTA-CMD)."""
        tables = tables or centuria_tables()
        out: dict[str, str] = {}
        for side in self.sides:
            subs = [p for p in self.living(side) if not p.is_leader]
            status = {p.id: "out" for p in subs}
            for p in subs:
                lead = self._leader_of(p)
                if lead is None:
                    continue
                radius = tables.units[lead.type].action_radius
                if distance(p.hex, lead.hex) <= radius and in_sight(p.hex, lead.hex, self.map, tables):
                    status[p.id] = "direct"
            # the chain through adjacent sub-units of the side, transitively
            status = spread_command(status, {p.id: p.hex for p in subs})
            out.update(status)
        return out

    def _leader_of(self, p: Piece) -> Piece | None:
        """The living leader a sub-unit answers to: its own, else the replacement (CTA-MORALE b)."""
        if p.commander is None:
            return None
        lead = self.piece(p.commander)
        if lead.alive:
            return lead
        return self.replacement_for(lead)

    def replacement_for(self, fallen: Piece) -> Piece | None:
        """A living subpraefectus or tribunus of the side who takes over a fallen leader (CTA-MORALE b)."""
        for p in self.living(fallen.side):
            if p.is_leader and p.type in ("subpraefectus", "tribunus") and p.id != fallen.id:
                return p
        return None

    def best_leader(self, p: Piece, purpose: str, tables: CenturiaTables | None = None) -> str | None:
        """The best friendly leader whose range and sight cover `p`, for attack, defence or morale (CTA-COMBAT).

        Leader modifiers are not cumulative: only the best one counts (decision in RULES.md).
        """
        tables = tables or centuria_tables()
        best, best_val = None, None
        for lead in self.living(p.side):
            if not lead.is_leader or lead.type not in tables.leaders:
                continue
            radius = tables.units[lead.type].action_radius
            if distance(lead.hex, p.hex) > radius or not in_sight(lead.hex, p.hex, self.map, tables):
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
    """MP to enter a hex: 1 + |terrain movement modifier| of the unit type (CTA-MOVE)."""
    row_key = p.type
    if p.is_leader:  # leaders move as their arm: infantry like a centuria, cavalry like a turma (decision)
        row_key = "turma" if _arm(p, tables) == "cavalry" else "centuria"
    mod = tables.terrain[battle.terrain(dest)].modifiers.get(row_key)
    return 1 + abs(mod.movement if mod else 0)


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
    try:
        p = battle.piece(mv.piece)
    except KeyError as exc:
        return Refusal("CTA-1", str(exc.args[0]))
    if battle.phase != "movement":
        return Refusal("CTA-1", f"moves belong to the movement phase; it is the {battle.phase} phase")
    if p.side != battle.active_side:
        return Refusal("CTA-1", f"it is {battle.active_side}'s turn to move, not {p.side}'s")
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
        if p.marker in (1, 2) and hex_steps:
            return Refusal("CTA-MORALE", f"{p.id} is {MARKERS[p.marker]}: it stands and does not move")
    mp = movement_allowance(p, tables)
    here, facing, spent = p.hex, p.facing, 0
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
        else:
            return Refusal("CTA-MOVE", f"step {i + 1}: unknown step {s!r}; use F, FL, FR or T0..T5")
        spent += cost
        if spent > mp:
            return Refusal("CTA-MOVE", f"step {i + 1} needs {spent} MP in all; {p.id} has {mp}")
    moved = replace(p, hex=here, facing=facing)
    text = f"{p.id} moves to {format_label(here)} facing {facing} ({spent} of {mp} MP)"
    new = battle.with_piece(moved)
    new = replace(new, moved=battle.moved | {p.id})
    ev = Event(text, "CTA-MOVE")
    return new.logged(ev), [ev]


# --- combat (CTA-COMBAT) --------------------------------------------------------------------


def exchange(battle: CenturiaBattle, attacker_id: str, defender_id: str, tables: CenturiaTables | None = None
             ) -> Exchange:
    """The exact odds of an attack and its counter between two pieces on the map (CTA-COMBAT)."""
    tables = tables or centuria_tables()
    a, d = battle.piece(attacker_id), battle.piece(defender_id)
    kw = dict(attacker_terrain=battle.terrain(a.hex), defender_terrain=battle.terrain(d.hex),
              attacker_marker=a.marker, defender_marker=d.marker, tables=tables)
    att = attack_terms(a.type, d.type, side=battle.side_of_attack(a, d),
                       attacker_leader=battle.best_leader(a, "attack", tables),
                       defender_leader=battle.best_leader(d, "defence", tables), **kw)
    cnt = counter_terms(a.type, d.type, attacker_leader=battle.best_leader(a, "defence", tables),
                        defender_leader=battle.best_leader(d, "attack", tables), **kw)
    return Exchange(att, cnt)


def attack(battle: CenturiaBattle, attacker_id: str, defender_id: str, dice: Dice,
           tables: CenturiaTables | None = None) -> tuple[CenturiaBattle, list[Event]] | Refusal:
    """Resolve a close attack: simultaneous attack and counter rolls; a success removes the struck piece."""
    tables = tables or centuria_tables()
    try:
        a, d = battle.piece(attacker_id), battle.piece(defender_id)
    except KeyError as exc:
        return Refusal("CTA-1", str(exc.args[0]))
    if battle.phase != "combat":
        return Refusal("CTA-1", f"attacks belong to the combat phase; it is the {battle.phase} phase")
    if a.side != battle.active_side:
        return Refusal("CTA-1", f"it is {battle.active_side}'s turn to attack")
    if not (a.alive and d.alive):
        return Refusal("CTA-COMBAT", "both pieces must still be on the map")
    if a.side == d.side:
        return Refusal("CTA-COMBAT", "a unit attacks the enemy, not its own side")
    if a.id in battle.attacked:
        return Refusal("CTA-COMBAT", f"{a.id} has already attacked this round")
    if distance(a.hex, d.hex) != 1:
        return Refusal("CTA-COMBAT", f"{a.id} must stand next to {d.id} to attack it")
    if not a.is_leader:
        if battle.command(tables).get(a.id) == "out":
            return Refusal("CTA-CMD", f"{a.id} is out of command: only a sub-unit in command may attack")
        if a.marker:
            return Refusal("CTA-MORALE", f"{a.id} is {MARKERS[a.marker]}: it does not attack")
    ex = exchange(battle, a.id, d.id, tables)
    r1 = dice.d20_over_test(ex.attack.value, purpose=f"{a.id} attacks {d.id}", rule="CTA-COMBAT")
    r2 = dice.d20_over_test(ex.counter.value, purpose=f"{d.id} strikes back at {a.id}", rule="CTA-COMBAT")
    new = replace(battle, attacked=battle.attacked | {a.id})
    events = [Event(f"{a.id} attacks {d.id}: roll {r1.result} vs {ex.attack.value} "
                    f"({'hit' if r1.success else 'miss'}); counter {r2.result} vs {ex.counter.value} "
                    f"({'hit' if r2.success else 'miss'})", "CTA-COMBAT", (r1, r2))]
    for struck, hit in ((d, r1.success), (a, r2.success)):
        if hit:
            new = new.with_piece(replace(struck, alive=False))
            events.append(Event(f"{struck.id} falls", "CTA-COMBAT"))
    return new.logged(*events), events


# --- morale (CTA-MORALE) -----------------------------------------------------------------------


def morale_test_target(battle: CenturiaBattle, pid: str, tables: CenturiaTables | None = None) -> Target:
    """A piece's morale test target, with the best leader and its intact neighbours (CTA-MORALE)."""
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    return morale_terms(p.type, leader=battle.best_leader(p, "morale", tables),
                        adjacent_intact=battle.adjacent_intact(p), tables=tables)


def morale_test(battle: CenturiaBattle, pid: str, dice: Dice, reason: str, *, rally: bool = False,
                tables: CenturiaTables | None = None) -> tuple[CenturiaBattle, list[Event]]:
    """Roll a morale test: pass keeps the marker (a rally pass clears it), fail adds one (CTA-MORALE).

    A third failure sets the unit fleeing: it moves backwards as far as its movement
    allows, and every unit it touches tests in turn.
    """
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    target = morale_test_target(battle, pid, tables)
    roll = dice.d20_over_test(target.value, purpose=f"{'rally' if rally else 'morale'} test of {pid} ({reason})",
                              rule="CTA-MORALE")
    if roll.success:
        marker = 0 if rally else p.marker
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


def flee(battle: CenturiaBattle, pid: str, dice: Dice, tables: CenturiaTables | None = None
         ) -> tuple[CenturiaBattle, list[Event]]:
    """A fleeing unit moves backwards as far as its movement allows; units it touches test morale (CTA-MORALE d)."""
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    mp = movement_allowance(p, tables)
    back = (p.facing + 3) % 6
    here, spent = p.hex, 0
    while True:
        dest = neighbor(here, back)
        if dest not in battle.map or battle.at(dest):
            break
        cost = move_cost(battle, p, dest, tables)
        if spent + cost > mp:
            break
        here, spent = dest, spent + cost
    events = [Event(f"{pid} flees to {format_label(here)}", "CTA-MORALE")]
    new = battle.with_piece(replace(p, hex=here))
    touched = [q for q in new.living(p.side)
               if q.id != pid and not q.is_leader and distance(q.hex, here) <= 1 and q.marker < 3]
    for q in touched:
        new, more = morale_test(new, q.id, dice, f"touched by the fleeing {pid}", tables=tables)
        events += more
    return new, events


def morale_triggers(before: CenturiaBattle, after: CenturiaBattle, tables: CenturiaTables | None = None
                    ) -> list[tuple[str, str]]:
    """Which sub-units must test morale after losses, as (id, reason) (CTA-MORALE a-c)."""
    tables = tables or centuria_tables()
    out: dict[str, str] = {}
    leaders_before = {p.id: p for p in before.pieces if p.is_leader}
    for lead in leaders_before.values():
        subs_all = [p for p in after.pieces if not p.is_leader and p.commander == lead.id]
        if not subs_all:
            continue
        lost = sum(1 for p in subs_all if not p.alive)
        lost_before = sum(1 for p in before.pieces if not p.is_leader and p.commander == lead.id and not p.alive)
        alive = [p for p in subs_all if p.alive]
        if lost * 2 > len(subs_all) and lost_before * 2 <= len(subs_all):
            for p in alive:
                out.setdefault(p.id, "more than half of the unit has fallen (a)")
        fell = before.piece(lead.id).alive and not after.piece(lead.id).alive
        if fell:
            repl = after.replacement_for(after.piece(lead.id))
            if repl is None:
                for p in alive:
                    out.setdefault(p.id, f"{lead.id} fell with no one to replace him (c)")
            else:
                radius = tables.units[repl.type].action_radius
                for p in alive:
                    if distance(p.hex, repl.hex) > radius:
                        out.setdefault(p.id, f"{lead.id} fell; outside {repl.id}'s range (b)")
    return sorted(out.items())


def rally_phase(battle: CenturiaBattle, side: str, dice: Dice, tables: CenturiaTables | None = None
                ) -> tuple[CenturiaBattle, list[Event]]:
    """At the start of a side's turn each marked (not fleeing) unit takes a rally test (CTA-MORALE decision)."""
    events: list[Event] = []
    for p in battle.living(side):
        if not p.is_leader and p.marker in (1, 2):
            battle, more = morale_test(battle, p.id, dice, "rally test", rally=True, tables=tables)
            events += more
    return battle, events


# --- artillery (CTA-ART) ---------------------------------------------------------------------------

ENGINE_RANGE = {"ballista": 5, "tormentum": 6}


def spotters(battle: CenturiaBattle, engine: Piece, target: Piece, tables: CenturiaTables) -> list[str]:
    """Friendly pieces that see the target and touch the engine or see it (CTA-ART)."""
    out = []
    for q in battle.living(engine.side):
        if q.id == engine.id:
            continue
        touches = distance(q.hex, engine.hex) <= 1
        if (touches or in_sight(q.hex, engine.hex, battle.map, tables)) and in_sight(
                q.hex, target.hex, battle.map, tables):
            out.append(q.id)
    return out


def fire_refusal(battle: CenturiaBattle, engine_id: str, target_id: str, tables: CenturiaTables | None = None
                 ) -> Refusal | None:
    """None if the engine may fire at the target now, else why not (CTA-ART)."""
    tables = tables or centuria_tables()
    e, t = battle.piece(engine_id), battle.piece(target_id)
    if e.type not in ENGINE_RANGE:
        return Refusal("CTA-ART", f"{e.id} is not an engine")
    if battle.phase != "combat" or e.side != battle.active_side:
        return Refusal("CTA-1", "engines fire in their side's combat phase")
    if not (e.alive and t.alive) or e.side == t.side:
        return Refusal("CTA-ART", "the target must be a living enemy piece")
    if e.engine_out_round is not None and battle.round <= e.engine_out_round + 1:
        return Refusal("CTA-ART", f"{e.id} is out of action until the end of round {e.engine_out_round + 1} "
                       "(it rolled a 1)")
    if battle.command(tables).get(e.id) == "out":
        return Refusal("CTA-CMD", f"{e.id} is out of command")
    rng = ENGINE_RANGE[e.type]
    if distance(e.hex, t.hex) > rng:
        return Refusal("CTA-ART", f"{t.id} is {distance(e.hex, t.hex)} hexes away; the {e.type} reaches {rng}")
    if e.type == "ballista" and not in_sight(e.hex, t.hex, battle.map, tables):
        return Refusal("CTA-ART", "the ballista fires only at what it sees (no indirect fire)")
    if not spotters(battle, e, t, tables):
        return Refusal("CTA-ART", f"no friendly piece that touches or sees {e.id} can see {t.id}")
    fired = dict(battle.shots).get(e.id, 0)
    allowed = 2 if _centurio_ballista_in_command(battle, e, tables) else 1
    if fired >= allowed:
        return Refusal("CTA-ART", f"{e.id} has fired {fired} time(s) this round; it may fire {allowed}")
    return None


def _centurio_ballista_in_command(battle: CenturiaBattle, engine: Piece, tables: CenturiaTables) -> bool:
    for q in battle.living(engine.side):
        if q.type == "centurio ballista":
            radius = tables.units[q.type].action_radius
            if distance(q.hex, engine.hex) <= radius and in_sight(q.hex, engine.hex, battle.map, tables):
                return True
    return False


def fire(battle: CenturiaBattle, engine_id: str, target_id: str, dice: Dice, tables: CenturiaTables | None = None
         ) -> tuple[CenturiaBattle, list[Event]] | Refusal:
    """An engine shoots: engine attack + target defence, no counter; a natural 1 puts it out (CTA-ART)."""
    tables = tables or centuria_tables()
    refusal = fire_refusal(battle, engine_id, target_id, tables)
    if refusal is not None:
        return refusal
    e, t = battle.piece(engine_id), battle.piece(target_id)
    target = attack_terms(e.type, t.type, side=battle.side_of_attack(e, t), attacker_terrain=battle.terrain(e.hex),
                          defender_terrain=battle.terrain(t.hex), defender_leader=battle.best_leader(t, "defence",
                                                                                                     tables),
                          defender_marker=t.marker, tables=tables)
    roll = dice.d20_over_test(target.value, purpose=f"{e.id} shoots at {t.id}", rule="CTA-ART")
    shots = dict(battle.shots)
    shots[e.id] = shots.get(e.id, 0) + 1
    new = replace(battle, shots=tuple(sorted(shots.items())))
    events = [Event(f"{e.id} shoots at {t.id}: roll {roll.result} vs {target.value}, "
                    f"{'hit' if roll.success else 'miss'}", "CTA-ART", (roll,))]
    if roll.success:
        new = new.with_piece(replace(t, alive=False))
        events.append(Event(f"{t.id} falls", "CTA-ART"))
    if roll.result == 1:
        new = new.with_piece(replace(new.piece(e.id), engine_out_round=battle.round))
        events.append(Event(f"{e.id} is out of action until the end of the next round (a roll of 1)", "CTA-ART"))
        new, more = morale_test(new, e.id, dice, "its engine failed (roll of 1)", tables=tables)
        events += more
    return new.logged(*events), events


# --- the round (CTA-1) ---------------------------------------------------------------------------------


def end_phase(battle: CenturiaBattle) -> CenturiaBattle:
    """Advance: movement -> combat for the active side, then the next side, then the next round (CTA-1)."""
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
