"""The weapons left out of a vehicle's fire on the Skirmish page, each with its reason (walk-through finding 11).

The weapon picker lists only the weapons that bear on the target (the game's `attack_set`); a weapon out of arc,
out of range or out of action is named under it, greyed, with the rule that keeps it silent, so a player does not
wonder where it went. Every reason is the fire rules' own refusal (`declare_fire`, CEN-CMB-1, HEX-4).
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w

from ..game import Skirmish
from ..game.variants import fire_map
from ..rules import Refusal
from ..rules.targets import Attack, FirePlan, declare_fire, weapon_family
from .reference import link_rules

NO_ATTACK = ("vulcan", "infantry", "artillery", "engineering")  # no attack of their own at a vehicle (book-a §8)


def left_out(g: Skirmish, unit: str, target: str, plan: FirePlan) -> list[str]:
    """One line per weapon of `unit` that makes attacks but is not in `plan` at `target`: '3/6 laser (hull 1): out
    of arc: … [CEN-CMB-1, HEX-4]', out of range, out of sight or knocked out (CEN-CMB-1)."""
    v = g.vehicle(unit)
    units = g.combat_units()
    if unit not in units or target not in units:
        return []
    firing = {ra.attack.weapon for ra in plan.attacks}
    fv = units[unit].firer_view()
    tv = units[target].target_view(units[unit])
    bm = fire_map(g, unit, target)
    out = []
    for i, wp in enumerate(v.sheet.vehicle.weapons):
        fam = weapon_family(wp)
        if i in firing or fam in NO_ATTACK:
            continue
        name = f"{i + 1}: {wp.type} ({wp.location})"
        if not v.sheet.weapon_usable(i):
            out.append(f"{name}: knocked out [CEN-CMB-1]")
            continue
        shell = ("AP" if tv.kind == "infantry" else "HEAP") if fam == "gauss" else None
        alone = declare_fire(bm, fv, [Attack(i, target, shell)], {target: tv}, turret_facing=plan.turret_facing,
                             rules=g.rules)
        if isinstance(alone, Refusal):
            why = re.sub(r"^attack \d+ \([^)]*\): ", "", alone.reason)
            tag = "out of arc: " if " arc" in why else "out of range: " if "range" in why else ""
            rules = f"{alone.rule}, HEX-4" if tag == "out of arc: " else alone.rule
            out.append(f"{name}: {tag}{why} [{rules}]")
        else:  # it could fire alone: the turn's missile limits or the one direct-fire target keep it out
            out.append(f"{name}: not with the others this turn (one direct-fire target, missile limits) "
                       "[CEN-CMB-1]")
    return out


class FireNote(w.HTML):
    """The greyed note under the weapon picker: the weapons that do not fire at this target and why."""

    def __init__(self) -> None:
        super().__init__(layout=w.Layout(display="none"))
        self.add_class("centurion-fire-note")

    def show_for(self, g: Skirmish, unit: str, target: str, plan: FirePlan | None) -> None:
        """Name the weapons left out of `plan` (hidden when none is, or without a plan)."""
        lines = left_out(g, unit, target, plan) if plan is not None else []
        if not lines:
            self.hide()
            return
        self.value = link_rules("<div style='font-size:12px;color:#777'>Not firing at "
                                f"{html.escape(target)}:<br>" + "<br>".join(html.escape(x) for x in lines)
                                + "</div>")
        self.layout.display = None

    def hide(self, *_: Any) -> None:
        """Hide the note."""
        self.value = ""
        self.layout.display = "none"


__all__ = ["FireNote", "left_out"]
