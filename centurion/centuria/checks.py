"""Questions the Centuria table asks before it offers an action: may this attack or shot be made now?

Each answer comes from the very function that resolves the action (`battle.attack`, `battle.fire_refusal`), run
against dice that refuse to roll, so the preview and the action can never disagree (CTA-COMBAT, CTA-ART).
"""

from __future__ import annotations

from ..data import CenturiaTables
from ..dice import Dice
from ..rules.grav import Refusal
from .artillery import fire_refusal
from .combat import attack
from .state import CenturiaBattle


class _WouldRoll(Exception):
    """Raised by the probe dice: the action passed every check and was about to roll."""


class _ProbeDice(Dice):
    """Dice that stop an action at its first roll."""

    def __init__(self) -> None:
        super().__init__(0)

    def _face(self, die: str) -> int:
        raise _WouldRoll


def attack_refusal(battle: CenturiaBattle, attacker_id: str, defender_id: str,
                   tables: CenturiaTables | None = None) -> Refusal | None:
    """None if `attacker_id` may attack `defender_id` now, else the refusal `attack` would give (CTA-COMBAT)."""
    try:
        r = attack(battle, attacker_id, defender_id, _ProbeDice(), tables)
    except _WouldRoll:
        return None
    return r if isinstance(r, Refusal) else None


def shot_refusal(battle: CenturiaBattle, engine_id: str, target_id: str,
                 tables: CenturiaTables | None = None) -> Refusal | None:
    """None if the engine may shoot at the target now (CTA-ART)."""
    return fire_refusal(battle, engine_id, target_id, tables)
