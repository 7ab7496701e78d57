"""The end of a side's part of a phase (CTA-1), a decision of both phases: `CtaEndPhase`, or `CtaTimeUp` when the
round's countdown runs out (the side's units not yet ordered stay). When both sides have ended the movement phase
the combat phase begins; when both have ended the combat phase a new round begins with its rally tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...centuria import pass_phase
from ...dice import Dice
from ..actions import IllegalAction
from .actions import CtaAction, CtaEndPhase, CtaTimeUp
from .morale import open_round

if TYPE_CHECKING:
    from .state import CenturiaSkirmish


def end_options(state: CenturiaSkirmish) -> list[CtaAction]:
    """The decisions that end the active side's part of the phase: always `CtaEndPhase`; `CtaTimeUp` in a battle
    with a countdown (CTA-1)."""
    out: list[CtaAction] = [CtaEndPhase()]
    if state.time_limit_seconds is not None:
        out.append(CtaTimeUp())
    return out


def check_time_up(state: CenturiaSkirmish, action: CtaTimeUp) -> None:
    """Only a battle with a countdown runs out of time (CTA-1)."""
    if state.time_limit_seconds is None:
        raise IllegalAction("CTA-1", "this battle has no countdown")


def _pass(state: CenturiaSkirmish, dice: Dice, *, time_up: bool) -> CenturiaSkirmish:
    b = state.battle
    new = pass_phase(b, time_up=time_up)
    events = [e for e in new.log[len(b.log):]]
    if new.round != b.round and new.round <= state.scenario.round_limit:
        new, more = open_round(new, dice)
        events += more
    elif new.round > state.scenario.round_limit:  # the last round is fought: no round after it is announced
        events = [e for e in events if not e.text.startswith(f"round {new.round}:")]  # (walk of session 33)
    return state.after(new, events)


def end_part(state: CenturiaSkirmish, action: CtaEndPhase, dice: Dice) -> CenturiaSkirmish:
    """The side ends its part of the phase (CTA-1)."""
    return _pass(state, dice, time_up=False)


def time_up(state: CenturiaSkirmish, action: CtaTimeUp, dice: Dice) -> CenturiaSkirmish:
    """The round's countdown ran out on this side's turn: its part of the phase ends now (CTA-1)."""
    return _pass(state, dice, time_up=True)


#: the end of a side's part, as both phases register it: action type -> apply, and the check of each
END_APPLY = {CtaEndPhase: end_part, CtaTimeUp: time_up}
END_CHECKS = {CtaTimeUp: check_time_up}

__all__ = ["END_APPLY", "END_CHECKS", "check_time_up", "end_options", "end_part", "time_up"]
