"""The combat phase of a Centuria round (CTA-1): the sides take turns, one attack or shot at a time — a close attack
on an adjacent enemy, attack and counter rolled at once (CTA-COMBAT), or an engine's shot (CTA-ART) — or end their
part of the phase (`end`). The losses of each exchange shake the units around them (`morale`, CTA-MORALE)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...centuria import Exchange, attack, exchange, fire, fire_refusal, is_engine
from ...centuria.checks import attack_refusal, shot_refusal
from ...dice import Dice
from ...hexgrid import distance
from ...rules.grav import Refusal
from ..actions import IllegalAction
from ..dispatch import PhaseRules, by_type
from .actions import CtaAction, CtaAttack, CtaShoot
from .end import END_APPLY, END_CHECKS, end_options
from .morale import after_losses

if TYPE_CHECKING:
    from .state import CenturiaSkirmish


def legal(state: CenturiaSkirmish) -> list[CtaAction]:
    """Every shot of the active side's engines and every attack of its other pieces that have not attacked this
    round, at adjacent enemies, as the engine allows them now; then the end of its part of the phase (CTA-1)."""
    b = state.battle
    out: list[CtaAction] = []
    enemies = b.living(state.other(b.active_side))
    for p in b.living(b.active_side):
        if is_engine(p):
            out += [CtaShoot(p.id, e.id) for e in enemies if fire_refusal(b, p.id, e.id) is None]
        elif p.id not in b.attacked:
            out += [CtaAttack(p.id, e.id) for e in enemies
                    if distance(p.hex, e.hex) == 1 and attack_refusal(b, p.id, e.id) is None]
    return out + end_options(state)


def preview(state: CenturiaSkirmish, action: CtaAttack | CtaShoot) -> Exchange | None:
    """The exact odds of an attack or shot, only if it can really be made now (CTA-COMBAT, CTA-ART)."""
    if action not in state.legal_actions():
        return None
    unit = action.unit if isinstance(action, CtaAttack) else action.engine
    return exchange(state.battle, unit, action.target)


def _refused(state: CenturiaSkirmish, r: Refusal | None) -> None:
    if isinstance(r, Refusal):
        raise IllegalAction(r.rule, state.words(r.reason))


def check_attack(state: CenturiaSkirmish, action: CtaAttack) -> None:
    """IllegalAction naming the rule unless the attack may be made now; probed without rolling (CTA-COMBAT)."""
    _refused(state, attack_refusal(state.battle, action.unit, action.target))


def check_shot(state: CenturiaSkirmish, action: CtaShoot) -> None:
    """IllegalAction naming the rule unless the engine may shoot at the target now (CTA-ART)."""
    _refused(state, shot_refusal(state.battle, action.engine, action.target))


def _exchanged(state: CenturiaSkirmish, r, dice: Dice) -> CenturiaSkirmish:
    _refused(state, r if isinstance(r, Refusal) else None)
    new, events = r
    new, events = after_losses(state.battle, new, events, dice, state.rules_edition)
    return state.after(new, events)


def apply_attack(state: CenturiaSkirmish, action: CtaAttack, dice: Dice) -> CenturiaSkirmish:
    """The battle after the attack and its counter, and the morale tests their losses call for (CTA-COMBAT)."""
    return _exchanged(state, attack(state.battle, action.unit, action.target, dice), dice)


def apply_shot(state: CenturiaSkirmish, action: CtaShoot, dice: Dice) -> CenturiaSkirmish:
    """The battle after the shot, and the morale tests its losses call for (CTA-ART)."""
    return _exchanged(state, fire(state.battle, action.engine, action.target, dice), dice)


RULES = PhaseRules("combat", legal=legal, apply={CtaAttack: apply_attack, CtaShoot: apply_shot, **END_APPLY},
                   check=by_type({CtaAttack: check_attack, CtaShoot: check_shot, **END_CHECKS}), rule="CTA-1",
                   doc="Attacks and shots, one at a time, the sides taking turns (CTA-1, CTA-COMBAT, CTA-ART).")

__all__ = ["RULES", "apply_attack", "apply_shot", "check_attack", "check_shot", "legal", "preview"]


def idle_reason(state: CenturiaSkirmish, unit: str) -> Refusal:
    """Why a piece of the side to attack has no attack or shot now: the engine's refusal against the nearest enemy
    (attacked already, out of command, its morale, out of range: CTA-COMBAT, CTA-CMD, CTA-MORALE, CTA-ART)."""
    b = state.battle
    p = b.piece(unit)
    enemies = sorted(b.living(state.other(b.active_side)), key=lambda e: (distance(p.hex, e.hex), e.id))
    if not enemies:
        return Refusal("CTA-COMBAT", "no enemy is left on the map")
    if is_engine(p):
        r = fire_refusal(b, unit, enemies[0].id)  # a Refusal has no truth value: test it against None
        return r if r is not None else Refusal("CTA-ART", f"{unit} has no enemy it may shoot at now")
    if distance(p.hex, enemies[0].hex) > 1 and unit not in b.attacked:
        return Refusal("CTA-COMBAT", f"{unit} has no enemy next to it: a unit attacks only an adjacent enemy")
    r = attack_refusal(b, unit, enemies[0].id)
    return r if r is not None else Refusal("CTA-COMBAT", f"{unit} may not attack now")

