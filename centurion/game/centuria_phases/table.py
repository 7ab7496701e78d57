"""The phases of a Centuria round as the dispatcher holds them (CTA-1): the movement phase and the combat phase,
each registered by its module. Command (CTA-CMD) and morale (CTA-MORALE) take no decision of their own: the
engine checks command in each move and attack, and `morale` rolls the tests the rules call for.

A decision that belongs to the other phase is refused with the engine's own reason (which names its phase), as
before the phases were split (`out_of_phase`)."""

from __future__ import annotations

from ..dispatch import PhaseTable, by_type
from . import combat, movement
from .actions import CtaAttack, CtaMove, CtaShoot

PHASES: PhaseTable = PhaseTable.of(
    [movement.RULES, combat.RULES],
    out_of_phase=by_type({CtaMove: movement.check_move, CtaAttack: combat.check_attack, CtaShoot: combat.check_shot}),
)

__all__ = ["PHASES"]
