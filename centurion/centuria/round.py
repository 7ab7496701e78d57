"""The round of a Centuria battle (CTA-1): whose turn it is, ending a side's part of a phase, the next phase and
the next round. Pure turn order: the rally tests that open a round are morale's (`morale.start_round`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .pieces import Event

if TYPE_CHECKING:
    from .state import CenturiaBattle


def alternated(battle: CenturiaBattle) -> CenturiaBattle:
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
