"""The movement phase of a Centuria round (CTA-1, CTA-MOVE): the sides take turns, one unit or leader at a time, to
move it (a sub-unit only in command, CTA-CMD, and not held by its morale, CTA-MORALE) or to end their part of the
phase (`end`). The rules engine (`centurion.centuria.move`) checks and makes each move."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from ...centuria import CenturiaMove, move
from ...centuria.movement import check_move as engine_check
from ...centuria.movement import terrain_movement, value_with
from ...data import centuria_tables
from ...dice import Dice
from ...hexgrid import Hex, neighbor
from ...rules.grav import Refusal
from ..actions import IllegalAction
from ..dispatch import PhaseRules, by_type
from .actions import STEPS, CtaAction, CtaMove
from .end import END_APPLY, END_CHECKS, end_options

if TYPE_CHECKING:
    from .state import CenturiaSkirmish


def legal(state: CenturiaSkirmish) -> list[CtaAction]:
    """Every move of the active side's units and leaders (one per end hex and facing, `move_actions`), then the
    end of its part of the phase (CTA-1)."""
    b = state.battle
    out: list[CtaAction] = []
    for p in b.living(b.active_side):
        out += move_actions(state, p.id)
    return out + end_options(state)


def move_actions(state: CenturiaSkirmish, unit: str) -> tuple[CtaMove, ...]:
    """One move for each end hex and facing the unit can reach now, by the fewest steps (CTA-MOVE); each is
    checked by the engine's `move`."""
    ck = ("moves", unit)
    if ck in state._cache:
        return state._cache[ck]
    b = state.battle
    p = b.piece(unit)
    out: list[CtaMove] = []
    if b.phase == "movement" and p.alive and p.side == b.active_side and p.id not in b.moved and p.marker < 3:
        # search end states by the MP left (a path through kinder terrain may reach further), then let the
        # engine's check (`move` makes the same) pass each one: the list holds only what `apply` accepts
        tables = centuria_tables()
        enemy = {q.hex for q in b.living() if q.side != p.side}
        best: dict[tuple[Hex, int], int] = {}
        found: dict[tuple[Hex, int], tuple[str, ...]] = {}
        frontier = deque([(p.hex, p.facing, (), terrain_movement(b, p, p.hex, tables), 0)])
        while frontier:
            here, facing, steps, worst, spent = frontier.popleft()
            for s in STEPS:
                if s.startswith("T"):
                    f = int(s[1])
                    if f == facing:
                        continue
                    cost = 2 if (f - facing) % 6 == 3 else 1
                    cand, low = (here, f), worst
                else:
                    side_f = facing if s == "F" else (facing - 1) % 6 if s == "FL" else (facing + 1) % 6
                    dest = neighbor(here, side_f)
                    if dest not in b.map or dest in enemy:
                        continue
                    cost, cand = 1, (dest, facing)
                    low = min(worst, terrain_movement(b, p, dest, tables))
                left = value_with(p, low, tables) - spent - cost
                if left < 0 or best.get(cand, -1) >= left:
                    continue
                best[cand] = left
                trial = (*steps, s)
                frontier.append((cand[0], cand[1], trial, low, spent + cost))
                if cand not in found and cand != (p.hex, p.facing):
                    if not isinstance(engine_check(b, CenturiaMove(unit, trial), tables), Refusal):
                        found[cand] = trial
        out = [CtaMove(unit, steps) for steps in found.values()]
    state._cache[ck] = tuple(out)  # a tuple: a caller cannot change what is legal (issue 20, G4)
    return state._cache[ck]


def command_after(state: CenturiaSkirmish, action: CtaMove) -> str | None:
    """The command status a move would leave the unit in (direct, chain, out), None if it is not legal now —
    for the page to warn before the move is confirmed (CTA-CMD)."""
    r = move(state.battle, CenturiaMove(action.unit, action.steps))
    if isinstance(r, Refusal):
        return None
    return r[0].command().get(action.unit, "leader")


def command_changes(state: CenturiaSkirmish, action: CtaMove) -> dict[str, tuple[str, str]]:
    """The side's other units whose command a move would change: {id: (now, after)} (a leader's move may bring
    units back into command or leave them out, CTA-CMD; walk of session 33: the page did not say); {} if the move
    is not legal now."""
    r = move(state.battle, CenturiaMove(action.unit, action.steps))
    if isinstance(r, Refusal):
        return {}
    side = state.battle.piece(action.unit).side
    now, after = state.battle.command(), r[0].command()
    return {q.id: (now[q.id], after[q.id]) for q in state.battle.living(side)
            if q.id != action.unit and q.id in now and q.id in after and now[q.id] != after[q.id]}


def check_move(state: CenturiaSkirmish, action: CtaMove) -> None:
    """IllegalAction naming the rule unless the engine would make the move now, by these very steps (CTA-MOVE,
    CTA-CMD, CTA-MORALE; out of the movement phase, CTA-1)."""
    r = move(state.battle, CenturiaMove(action.unit, action.steps))
    if isinstance(r, Refusal):
        raise IllegalAction(r.rule, state.words(r.reason))


def apply_move(state: CenturiaSkirmish, action: CtaMove, dice: Dice) -> CenturiaSkirmish:
    """The battle after the move (checked); the other side's turn comes unless it has ended its part (CTA-1)."""
    r = move(state.battle, CenturiaMove(action.unit, action.steps))
    if isinstance(r, Refusal):
        raise IllegalAction(r.rule, state.words(r.reason))
    new, events = r
    return state.after(new, events)


RULES = PhaseRules("movement", legal=legal, apply={CtaMove: apply_move, **END_APPLY},
                   check=by_type({CtaMove: check_move, **END_CHECKS}), rule="CTA-1",
                   doc="Moves, one unit or leader at a time, the sides taking turns (CTA-1, CTA-MOVE).")

__all__ = ["RULES", "apply_move", "check_move", "command_after", "legal", "move_actions"]


def idle_reason(state: CenturiaSkirmish, unit: str) -> Refusal:
    """Why a piece of the side to move has no move now: the engine's refusal of the piece itself (moved, fleeing,
    out of command, held by its morale: CTA-MOVE, CTA-MORALE, CTA-CMD) or no hex within its reach (CTA-MOVE)."""
    r = engine_check(state.battle, CenturiaMove(unit, ("F",)))
    if isinstance(r, Refusal) and not r.reason.startswith("step "):
        return r  # about the piece, not about the hex ahead
    return Refusal("CTA-MOVE", f"{unit} has no hex within its reach this round")

