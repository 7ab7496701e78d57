"""FireLab: pick firer, target and weapons on the map; every to-hit term with its rule, the target number, the
exact chance, the arcs and the side struck (CEN-CMB-1, HEX-4, CEN-LOS-1). Also two small live lookups: the
infantry casualties table and the Vulcan's odds.

A view only: every verdict comes from `rules.targets.declare_fire`, `vehicle_paint`, `firing_arc_hexes`,
`rules.infantry_fire.casualty_odds` and `rules.damage.vulcan_kill_number`.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction

import ipywidgets as w

from ..data import BattleMap, TerrainTable, terrain_table, vehicle_types
from ..dice import d10_chance
from ..game.wording import facing_name
from ..hexgrid import Hex, format_label
from ..rules.damage import vulcan_kill_number
from ..rules.grav import Refusal
from ..rules.infantry_fire import casualty_odds, casualty_table, infantry_casualties
from ..rules.rolls import TargetRoll
from ..rules.targets import (
    Attack,
    FirePlan,
    FirerView,
    TargetView,
    declare_fire,
    firing_arc_hexes,
    shield_factors,
    vehicle_paint,
)
from .dice_panel import percent
from .hexmap import DEFAULT_SIZE, Counter, HexMapView, Overlay
from .reference import link_rules
from .safety import MessageArea, guarded, show_full_labels

HULL_ARC, TURRET_ARC = "#ffb300", "#5c6bc0"


def terms_html(roll: TargetRoll) -> str:
    """A to-hit as a table: each term, its value and rule ID, then the target number and the exact chance."""
    rows = "".join(f"<tr><td>{html.escape(t.label)}</td><td style='text-align:right'>{t.value:+d}</td>"
                   f"<td><code>{html.escape(t.rule)}</code></td></tr>" for t in roll.terms)
    value = roll.value
    total = ("<b>no fire</b>" if value is None else f"<b>{value}</b> or less on a d10, chance {percent(roll.chance)}")
    return (f"<table class='centurion-terms'>{rows}<tr><td><b>Target number</b></td><td colspan=2>{total}</td></tr>"
            "</table>")


class FireLab(w.VBox):
    """Weapons fire on the battlefield: a firer, a target (and a second one), the firer's weapons."""

    def __init__(self, battlemap: BattleMap, terrain: TerrainTable | None = None, *, firer: str = "horatius",
                 target: str = "liberator", firer_hex: Hex, target_hex: Hex, size: float = DEFAULT_SIZE) -> None:
        self.battlemap = battlemap
        self.terrain = terrain or terrain_table()
        self.vehicles = vehicle_types()
        self.firer_type, self.target_type = self.vehicles[firer], self.vehicles[target]
        self.firer_hex, self.target_hex, self.second_hex = firer_hex, target_hex, None
        # numbered from 1, as on the record sheet and in the log (CEN-REC-1, W20)
        weapons = [(f"{i + 1}: {wp.type} ({wp.location})", i) for i, wp in enumerate(self.firer_type.weapons)]
        self.weapons = w.SelectMultiple(options=weapons, value=(weapons[0][1],), description="Weapons at target",
                                        rows=len(weapons))
        self.second = w.Dropdown(options=[("none", -1), *weapons], value=-1, description="Weapon at 2nd target")
        self.shell = w.Dropdown(options=["HEAP", "APDS", "Hammerhead"], value="HEAP", description="Gauss shell")
        # facings by their compass names, as everywhere else on the pages (HEX-3, W20); the values stay 0-5
        facings = [(facing_name(f), f) for f in range(6)]
        self.facing = w.Dropdown(options=facings, value=0, description="Firer facing")
        self.turret = w.Dropdown(options=facings, value=0, description="Turret facing")
        self.target_facing = w.Dropdown(options=facings, value=3, description="Target facing")
        self.painted = w.Checkbox(value=False, description="Target painted by a friend", indent=False)
        self.hull_down = w.Checkbox(value=False, indent=False,  # walk of session 50: the crater's -2 could not be shown
                                    description="Target grounded in a crater of its hex (hull down)",
                                    layout=w.Layout(width="auto"))  # its whole label (W13)
        self.place = w.ToggleButtons(options=["firer", "target", "2nd target"], value="target",
                                     description="Next click places the")
        self.panel = w.HTML()
        self.panel.add_class("centurion-fire-panel")
        self.message = MessageArea()
        self.map = HexMapView(battlemap, self.terrain, size=size)
        self.map.show_hexes([firer_hex, target_hex])  # both in view when the page opens (W26)
        self.map.on_hex_click(self._on_click)
        for c in (self.weapons, self.second, self.shell, self.facing, self.turret, self.target_facing, self.painted,
                  self.hull_down):
            c.observe(self._on_change, names="value")
        controls = w.VBox([w.HBox([self.place, self.painted, self.hull_down]),
                           w.HBox([self.weapons, w.VBox([self.second, self.shell])]),
                           w.HBox([self.facing, self.turret, self.target_facing])])
        show_full_labels(controls)
        legend = w.HTML(f"<div style='font-size:12px'><span style='background:{HULL_ARC}'>&nbsp;&nbsp;&nbsp;</span> "
                        f"hull forward arc (shaded) <span style='background:{TURRET_ARC}'>&nbsp;&nbsp;&nbsp;</span> "
                        "turret arc (hatched) (both within the longest weapon's range)</div>")
        super().__init__([controls, legend, self.map, self.message, self.panel])
        self.add_class("centurion-fire-lab")
        self.refresh()

    @guarded()
    def _on_click(self, hex_: Hex) -> None:
        self.click(hex_)

    @guarded()
    def _on_change(self, _change: object = None) -> None:
        self.refresh()

    def click(self, hex_: Hex) -> None:
        """Place the firer, the target or the second target on `hex_`."""
        if hex_ not in self.battlemap:
            self.message.show(f"{hex_!r} is not on the map (HEX-2).", "refusal")
            return
        if self.place.value == "firer":
            self.firer_hex = hex_
        elif self.place.value == "target":
            self.target_hex = hex_
        else:
            self.second_hex = hex_
        self.message.clear()
        self.refresh()

    def views(self) -> tuple[FirerView, list[TargetView]]:
        """The firer and the targets as the fire rules see them."""
        firer = FirerView("firer", self.firer_hex, self.facing.value, self.firer_type.weapons)
        shields = shield_factors(self.target_type)
        crater = self.hull_down.value and "crater" in self.battlemap[self.target_hex].counters  # CEN-CRT-1
        targets = [TargetView("target", self.target_hex, self.target_facing.value, shields=shields,
                              painted=self.painted.value, crater=crater)]
        if self.second_hex is not None:
            targets.append(TargetView("second", self.second_hex, self.target_facing.value, shields=shields))
        return firer, targets

    def attacks(self) -> list[Attack]:
        """The declared attacks: the chosen weapons at the target, one more at the second target."""
        out = []
        for i in self.weapons.value:
            shell = self.shell.value if "Gauss" in self.firer_type.weapons[i].type else None
            out.append(Attack(i, "target", shell))
        if self.second.value >= 0 and self.second_hex is not None:
            i = self.second.value
            out.append(Attack(i, "second", self.shell.value if "Gauss" in self.firer_type.weapons[i].type else None))
        return out

    def declare(self) -> FirePlan | Refusal:
        """The declaration checked by the rules: a FirePlan or a Refusal naming its rule."""
        firer, targets = self.views()
        return declare_fire(self.battlemap, firer, self.attacks(), targets, turret_facing=self.turret.value)

    def declare_apart(self) -> tuple[FirePlan | None, list[tuple[Attack, Refusal]]]:
        """The attacks the rules allow as one plan, and each declared attack left out with its refusal: a weapon
        out of range, arc or sight does not stop the others, each weapon bears on its own (CEN-CMB-1, walk 13)."""
        firer, targets = self.views()
        attacks, left = self.attacks(), []
        while attacks:
            plan = declare_fire(self.battlemap, firer, attacks, targets, turret_facing=self.turret.value)
            if isinstance(plan, FirePlan):
                return plan, left
            n = plan.step if plan.step is not None and 1 <= plan.step <= len(attacks) else 1
            left.append((attacks[n - 1], plan))
            attacks = attacks[:n - 1] + attacks[n:]
        return None, left

    def refresh(self) -> None:
        """Redraw counters and arcs and rewrite the panel."""
        counters = [Counter(self.firer_hex, self.facing.value, "grav", "#1f4e9c", "F"),
                    Counter(self.target_hex, self.target_facing.value, "grav", "#b71c1c", "T")]
        if self.second_hex is not None:
            counters.append(Counter(self.second_hex, self.target_facing.value, "grav", "#b71c1c", "2"))
        self.map.set_counters(counters)
        reach = max(wp.range for wp in self.firer_type.weapons)
        hull = firing_arc_hexes(self.battlemap, self.firer_hex, self.facing.value, reach)
        turret = firing_arc_hexes(self.battlemap, self.firer_hex, self.turret.value, reach)
        # the hull's arc shaded, the turret's hatched over it: where they overlap both show
        ov = Overlay(alpha=0.35, fills=[(h, HULL_ARC) for h in hull], hatched=[(h, TURRET_ARC) for h in turret])
        ov.lines.append((self.firer_hex, self.target_hex, "#000000"))
        if self.second_hex is not None:
            ov.lines.append((self.firer_hex, self.second_hex, "#555555"))
        self.map.set_overlay(ov)
        self.panel.value = self.panel_html()
        if self.hull_down.value and "crater" not in self.battlemap[self.target_hex].counters:
            self.message.show(f"No crater in {format_label(self.target_hex)}: a target is hull down only when grounded "
                              "in a crater; place it on a crater hex (CEN-CRT-1).", "refusal")

    def panel_html(self) -> str:
        """The verdict: each attack's range, side struck, sight and to-hit terms, or the refusal and its rule."""
        plan, left = self.declare_apart()
        parts = [f"<b>{html.escape(self.firer_type.label)}</b> in {format_label(self.firer_hex)} fires at the "
                 f"<b>{html.escape(self.target_type.label)}</b> in {format_label(self.target_hex)}"]
        for atk, why in left:  # which weapon does not fire, and why; the others still fire (walk 13)
            wp = self.firer_type.weapons[atk.weapon]
            reason = re.sub(r"^attack \d+(?: \([^)]*\))?: ", "", why.reason)  # the engine's count (walk S50)
            parts.append(f"<div class='centurion-refusal' style='color:#8a5a00'>Weapon {atk.weapon + 1}, "
                         f"{html.escape(wp.type)}, does not fire: {html.escape(reason)} ({why.rule})</div>")
        if plan is None:
            parts.append("<div class='centurion-refusal' style='color:#8a5a00'>Refused: no weapon picked fires."
                         "</div>" if left else "<div>Pick at least one weapon.</div>")
        else:
            if left:
                parts.append("<div>The other weapons fire:</div>")
            for a in plan.attacks:
                how = " — indirect: shields ignored, no sight needed" if a.indirect else ""
                parts.append(f"<div><b>{html.escape(a.weapon.type)}</b> at {a.target.key}: range {a.range}, strikes "
                             f"the <b>{a.side}</b> side (HEX-4){how}</div>{terms_html(a.to_hit)}")
        firer, targets = self.views()
        paint = vehicle_paint(self.battlemap, firer, targets[0])
        if isinstance(paint, Refusal):
            parts.append(f"<div>Painting it instead: refused, {html.escape(paint.reason)} ({paint.rule})</div>")
        else:
            parts.append(f"<div>Painting it instead (range {paint.range}, {paint.side} side):</div>"
                         f"{terms_html(paint.to_hit)}")
        return link_rules("".join(parts))


class CasualtyLookup(w.VBox):
    """The infantry casualties table as a live lookup: row and modified roll → men lost, and each outcome's odds."""

    def __init__(self, row: int | str = 5, roll: int = 6, modifier: int = 0) -> None:
        table = casualty_table()  # every row of the table, by its label (an "AP" row it lacks crashed: walk, S28)
        self.row = w.Dropdown(options=[(table.labels.get(k, k), k) for k in table.rows], value=table.row_key(row),
                              description="Casualty row")
        self.roll = w.IntSlider(value=roll, min=-5, max=15, description="Modified roll")
        # the hex's terrain modifier: 0 in the open, -1 to -3 in cover, a crater's -2 on top (book-a 16.6; the walk of
        # session 50 set +4, which no rule gives)
        self.modifier = w.IntSlider(value=min(0, modifier), min=-5, max=0, description="Terrain modifier")
        self.out = w.HTML()
        self.out.add_class("centurion-casualties")
        self.message = MessageArea()
        for c in (self.row, self.roll, self.modifier):
            c.observe(self._on_change, names="value")
        box = w.HBox([self.row, self.roll, self.modifier])
        show_full_labels(box)
        super().__init__([box, self.out, self.message])
        self.refresh()

    @guarded()
    def _on_change(self, _c: object = None) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Rewrite the lookup and the odds of each number of men lost."""
        lost = infantry_casualties(self.row.value, self.roll.value)
        odds = casualty_odds(self.row.value, self.modifier.value)
        cells = "".join(f"<tr><td>{k} killed</td><td>{percent(p)}</td></tr>" for k, p in sorted(odds.items()))
        self.out.value = link_rules(
            f"<div>Row {html.escape(self.row.label)}, modified roll {self.roll.value}: <b>{lost}</b> "
            f"{'man' if lost == 1 else 'men'} lost (CEN-CMB-1)</div>"
            f"<div>A d10 {self.modifier.value:+d} on this row gives:</div><table class='centurion-terms'>{cells}"
            "</table>")


class VulcanOdds(w.VBox):
    """A Vulcan's kill number and odds per missile for a rating and the missiles it engages (CEN-CMB-1)."""

    def __init__(self, rating: int = 2, engaged: int = 3) -> None:
        self.rating = w.Dropdown(options=[1, 2, 3, 4], value=rating, description="Vulcan rating")
        self.engaged = w.IntSlider(value=engaged, min=1, max=6, description="Missiles engaged")
        self.out = w.HTML()
        self.out.add_class("centurion-vulcan")
        self.message = MessageArea()
        for c in (self.rating, self.engaged):
            c.observe(self._on_change, names="value")
        box = w.HBox([self.rating, self.engaged])
        show_full_labels(box)
        super().__init__([box, self.out, self.message])
        self.refresh()

    @guarded()
    def _on_change(self, _c: object = None) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Rewrite the kill number, the chance per roll, and the chance one missile gets through."""
        kill = vulcan_kill_number(self.rating.value, self.engaged.value)
        if kill is None:
            self.out.value = link_rules(f"A Vulcan-{self.rating.value} cannot engage {self.engaged.value} missiles "
                                        "a turn: the table has no entry (CEN-CMB-1).")
            return
        p = d10_chance(kill)
        self.out.value = link_rules(
            f"Vulcan-{self.rating.value} engaging {self.engaged.value}: each roll shoots a missile down on "
            f"<b>{kill}</b> or less, chance {percent(p)}; a missile gets through {percent(Fraction(1) - p)} "
            "(CEN-CMB-1).")
