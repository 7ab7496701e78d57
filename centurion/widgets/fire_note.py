"""The weapons left out of a vehicle's fire on the Skirmish page, each with its reason (walk-through finding 11).

The weapon picker lists only the weapons that bear on the target (the game's `attack_set`); a weapon out of arc,
out of range or out of action is named under it, greyed, with the rule that keeps it silent, so a player does not
wonder where it went. Every reason is the game's own (`weapon_bearings`: the fire rules' refusal, CEN-CMB-1, HEX-4),
the one source the fire phase's `hold_reasons` reads too.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from ..game import Skirmish
from ..hexgrid import distance
from ..rules.targets import FirePlan, weapon_family
from .reference import link_rules

NO_ATTACK = ("vulcan", "infantry", "artillery", "engineering")  # no attack of their own at a vehicle (book-a §8)


def left_out(g: Skirmish, unit: str, target: str, plan: FirePlan,
             elsewhere: Mapping[int, str] | None = None) -> list[str]:
    """One line per weapon of `unit` that makes attacks but is not in `plan` at `target`: '3/6 laser (hull 1): out
    of arc: … [CEN-CMB-1, HEX-4]', out of range (both distances), out of sight, no rounds, knocked out, or left out
    by the turn's limits; each reason is the game's own (`weapon_bearings`, CEN-CMB-1, book-a §8). A missile sent
    at a second target (`elsewhere`: weapon index to target) says so instead (book-a §8.3, E17)."""
    v = g.vehicle(unit)
    units = g.combat_units()
    if unit not in units or target not in units:
        return []
    elsewhere = elsewhere or {}
    weapons = v.sheet.vehicle.weapons
    firing = {ra.attack.weapon for ra in plan.attacks} - set(elsewhere)
    out = [f"{i + 1}: {weapons[i].type} ({weapons[i].location}): at {other} instead (missiles at a second target) "
           "[CEN-CMB-1]" for i, other in elsewhere.items() if 0 <= i < len(weapons)]
    out += [f"{i + 1}: {wp.type} ({wp.location}): knocked out [CEN-CMB-1]" for i, wp in enumerate(weapons)
            if i not in firing and i not in elsewhere and weapon_family(wp) not in NO_ATTACK
            and not v.sheet.weapon_usable(i)]
    far = distance(v.hex, units[target].hex)
    for b in g.weapon_bearings(unit, target):
        if b.weapon in firing or b.weapon in elsewhere:
            continue
        wp = weapons[b.weapon]
        name = f"{b.weapon + 1}: {wp.type} ({wp.location})"
        if b.refusal is None:  # it could fire alone: the turn's missile limits or the one direct-fire target
            out.append(f"{name}: not with the others this turn (one direct-fire target, missile limits) [CEN-CMB-1]")
        elif b.beyond_range:
            out.append(f"{name}: out of range ({wp.range} hexes; the target is {far} away) [{b.refusal.rule}]")
        else:
            why = b.refusal.reason.removeprefix(f"{wp.type}: ")
            arc = " arc" in why
            out.append(f"{name}: {'out of arc: ' if arc else ''}{why} [{b.refusal.rule}{', HEX-4' if arc else ''}]")
    return sorted(out, key=lambda x: int(x.split(":")[0]))


class FireNote(w.HTML):
    """The greyed note under the weapon picker: the weapons that do not fire at this target and why."""

    def __init__(self) -> None:
        super().__init__(layout=w.Layout(display="none"))
        self.add_class("centurion-fire-note")

    def show_for(self, g: Skirmish, unit: str, target: str, plan: FirePlan | None,
                 elsewhere: Mapping[int, str] | None = None) -> None:
        """Name the weapons left out of `plan` and the missiles sent `elsewhere` (hidden when none is, or without a
        plan)."""
        lines = left_out(g, unit, target, plan, elsewhere) if plan is not None else []
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
