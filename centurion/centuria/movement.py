"""Movement (CTA-MOVE): the movement value a move has, the price of a turn, and the move of one unit or leader in
the movement phase, in command (CTA-CMD) and not held by its morale (CTA-MORALE)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..data import CenturiaTables, centuria_tables
from ..hexgrid import Hex, format_label, neighbor
from ..rules.grav import Refusal
from ..rules.inputs import a_hex
from .pieces import Event, Piece, arm, terrain_row
from .round import alternated
from .state import CenturiaBattle
from .values import MARKERS, as_target_row


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
    return value_with(p, worst, tables)


def value_with(p: Piece, worst: int, tables: CenturiaTables) -> int:
    """The movement value of a move whose lowest terrain movement modifier on the way is `worst`: the unit's
    value plus it, never below 1 (CTA-MOVE; `movement_value` for a path, kept step by step by `move`)."""
    return max(1, movement_allowance(p, tables) + min(0, worst))


def movement_allowance(p: Piece, tables: CenturiaTables) -> int:
    """A piece's movement points; the subpraefectus has 2 with infantry, 4 with cavalry (CTA-2)."""
    u = tables.units[p.type]
    if u.movement_cavalry is not None and arm(p, tables) == "cavalry":
        return u.movement_cavalry
    return u.movement


@dataclass(frozen=True)
class CenturiaMove:
    """A Centuria move as data: steps are 'F' (ahead), 'FL'/'FR' (the front-left/right hexes), 'T<n>' (face n)."""

    piece: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class CheckedMove:
    """A move the engine accepts, before it is made: the piece, where it ends, its facing, the MP spent and the
    movement value it had (CTA-MOVE)."""

    piece: Piece
    hex: Hex
    facing: int
    spent: int
    value: int


def move(battle: CenturiaBattle, mv: CenturiaMove, tables: CenturiaTables | None = None
         ) -> tuple[CenturiaBattle, list[Event]] | Refusal:
    """Move a piece in the movement phase (CTA-MOVE, CTA-CMD); a refusal leaves the battle unchanged."""
    tables = tables or centuria_tables()
    c = check_move(battle, mv, tables)
    if isinstance(c, Refusal):
        return c
    p, here, facing, spent, mp = c.piece, c.hex, c.facing, c.spent, c.value
    moved = replace(p, hex=here, facing=facing)
    text = f"{p.id} moves to {format_label(here)} facing {facing} ({spent} of {mp} MP)"
    new = battle.with_piece(moved)
    new = replace(new, moved=battle.moved | {p.id})
    ev = Event(text, "CTA-MOVE")
    return alternated(new.logged(ev)), [ev]


def check_move(battle: CenturiaBattle, mv: CenturiaMove, tables: CenturiaTables | None = None
               ) -> CheckedMove | Refusal:
    """Whether `move` would make this move now, and where it would end, without making it (CTA-MOVE, CTA-CMD,
    CTA-MORALE; out of the movement phase, CTA-1): the check `move` itself makes, for the legal-move lists."""
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
    worst = terrain_movement(battle, p, p.hex, tables)
    mp = value_with(p, worst, tables)
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
            worst = min(worst, terrain_movement(battle, p, dest, tables))
        else:
            return Refusal("CTA-MOVE", f"step {i + 1}: unknown step {s!r}; use F, FL, FR or T0..T5")
        spent += cost
        mp = value_with(p, worst, tables)
        if spent > mp:
            return Refusal("CTA-MOVE", f"step {i + 1} needs {spent} MP in all; {p.id} has {mp} "
                           f"(movement {movement_allowance(p, tables)}, terrain on the way changes it)")
    if here != p.hex and any(q.id != p.id and q.is_leader == p.is_leader for q in battle.at(here)):
        return Refusal("CTA-MOVE", f"{format_label(here)} already holds a {'leader' if p.is_leader else 'unit'}: "
                       "a move ends where no other piece of its kind stands (decision)")
    return CheckedMove(p, here, facing, spent, mp)
