"""The state of a Centuria battle (CTA-1): the map, the pieces, the round and phase, whose turn it is, and the
chain of command read from it (CTA-CMD, CTA-MORALE b). Immutable: every action returns a new battle."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..data import BattleMap, CenturiaScenario, CenturiaTables, centuria_tables
from ..hexgrid import Hex, arcs, distance, neighbors
from .command import in_sight, spread_command
from .pieces import Event, Piece, UnknownPiece
from .round import start_alternating

PHASES = ("movement", "combat")
REPLACEMENT_TYPES = ("subpraefectus", "tribunus")  # who may take over a fallen leader (CTA-MORALE b)
FRONT_ARCS = {0, 1, 5}  # relative hexside wedges: ahead and the two front-side hexsides (CTA-MOVE)
REAR_ARC = 3


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
        cached = self._cache.get("command")
        if cached is not None and cached[0] is tables:  # the tables kept with the answer: an id is never reused
            return dict(cached[1])
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
        self._cache["command"] = (tables, out)
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
        known = self._cache.setdefault("commanders", {})  # by the sub-unit's own leader: all they depend on
        out = known.get(p.commander)
        if out is None:
            chain = self.superiors(p.commander)
            out = [q for q in chain if q.alive]
            if chain and not chain[0].alive:
                repl = self.replacement_for(chain[0])
                if repl is not None and repl not in out:
                    out.insert(0, repl)
            known[p.commander] = out
        return list(out)

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

    def leaders_under(self, leader_id: str) -> list[Piece]:
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
                pool += self.leaders_under(sup.id)
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


def battle_tables(battle: CenturiaBattle, tables: CenturiaTables) -> CenturiaTables:
    """The tables with the battle's own die: the scenario's `die_sides` (DIE-20: the die is a data value)."""
    if battle.die_sides is None or battle.die_sides == tables.die_sides:
        return tables
    return replace(tables, die_sides=battle.die_sides)
