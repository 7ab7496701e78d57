"""Side-by-side views of the basic rule and a fan variant on the same situation (chapter "Variant rules", VAR-*).

A view only: every answer comes from `centurion.variants.compare` (and the engine's `rules.fire.to_hit` for
the situation's to-hit breakdown); nothing here decides a rule.
"""

from __future__ import annotations

import html
from fractions import Fraction
from types import MappingProxyType

import ipywidgets as w

from ..data import map_from_rows, terrain_table, vehicle_types
from ..data.partial_hexes import PartialHex
from ..game.wording import counted
from ..hexgrid import format_label, from_offset
from ..rules import GravState, Refusal
from ..rules.fire import to_hit
from ..variants import (
    RuleSet,
    activation_side_by_side,
    fire_side_by_side,
    legal_moves_side_by_side,
    ram_side_by_side,
    shield_shot,
    with_speed_modifier,
)
from ..variants.compare import (
    crew_side_by_side,
    occupy_side_by_side,
    salvo_side_by_side,
    self_destruct_side_by_side,
    straight_runs_side_by_side,
)
from .hexmap import Counter, HexMapView
from .reference import link_rules
from .safety import MessageArea, guarded

BASIC_COLOUR = "#2b8a3e"  # end states of the basic rules
VARIANT_COLOUR = "#d9480f"  # end states only the variant reaches


def _pct(p: Fraction) -> str:
    return f"{p} = {float(p):.1%}"


def _columns(basic: str, variant: str, rule: str) -> str:
    """Two columns, basic rule | variant, as HTML; `rule` names the switches on ('' for none)."""
    cell = "vertical-align:top;padding:4px 12px;border:1px solid #ccc;width:50%"
    head = f"Variant ({link_rules(rule)})" if rule else "Variant (no switch ticked: the basic rules)"
    return (f"<table style='border-collapse:collapse;width:100%'><tr><th style='{cell}'>Basic rules</th>"
            f"<th style='{cell}'>{head}</th></tr>"
            f"<tr><td style='{cell}'>{basic}</td><td style='{cell}'>{variant}</td></tr></table>")


#: a weapon family as a player names it (data/weapons.yaml's `family` keys; its weapons are "MDC 8", "200mm Gauss")
WEAPON_NAMES = MappingProxyType({"laser": "Laser", "mdc": "MDC", "gauss": "Gauss cannon", "missile": "Missile"})


def _terms(roll) -> str:
    return "<br>".join(f"{html.escape(t.label)} {t.value:+d} <span style='font-size:11px'>{link_rules(t.rule)}</span>"
                       for t in roll.terms)


class FireSideBySide(w.VBox):
    """To-hit with the shield as a modifier (basic) | without it, then the stop roll, with the speed modifier."""

    def __init__(self, range_hexes: int = 5, shield_factor: int = 7, velocity: int = 8, weapon: str = "laser"):
        style = {"description_width": "120px"}
        self.range = w.IntSlider(value=range_hexes, min=1, max=20, description="Range (hexes)", style=style)
        self.shield = w.IntSlider(value=shield_factor, min=0, max=20, description="Shield factor", style=style)
        self.velocity = w.IntSlider(value=velocity, min=0, max=25, description="Target velocity", style=style)
        self.weapon = w.Dropdown(options=[(WEAPON_NAMES[k], k) for k in ("laser", "mdc", "gauss", "missile")],
                                 value=weapon, description="Weapon", style=style)
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.range, self.shield, self.velocity, self.weapon):
            c.observe(self._update, names="value")
        super().__init__([w.HBox([self.range, self.shield]), w.HBox([self.velocity, self.weapon]), self.out,
                          self.message])
        self.add_class("centurion-variant-fire")
        self._update()

    @guarded()
    def _update(self, _change=None) -> None:
        roll = to_hit(self.range.value, weapon=self.weapon.value, shield_factor=self.shield.value)
        if roll.impossible:
            self.out.value = _columns("no shot at this range", "no shot at this range", "VAR-SHIELD")
            return
        rules = RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])
        shot = shield_shot(with_speed_modifier(roll, self.velocity.value, rules), weapon=self.weapon.value,
                           rules=rules)
        side = fire_side_by_side(roll, weapon=self.weapon.value, target_velocity=self.velocity.value)
        basic = f"{_terms(roll)}<br><b>hit on {roll.value} or less: {_pct(side.basic)}</b>"
        stop = (f"then d100: the shield (rating {shot.shield_rating}) stops it on {shot.stop_percent} or less "
                f"<span style='font-size:11px'>{link_rules('VAR-SHIELD')}</span>" if shot.stop_percent
                else "no stop roll (no shield, or a weapon the shield rule leaves alone)")
        variant = (f"{_terms(shot.to_hit)}<br>hit on {shot.to_hit.value} or less: {_pct(shot.p_hit)}<br>{stop}"
                   f"<br><b>damage: {_pct(side.variant)}</b>")
        self.out.value = _columns(basic, variant, "VAR-SHIELD")


class RamSideBySide(w.VBox):
    """Ramming: no such action in the basic rules | the variant's chance and damage (VAR-RAM)."""

    def __init__(self, attacker_bonus: int = 7, defender_bonus: int = 7, velocity: int = 6):
        # the seed's example: Trajan piloting 5 + 2, Liberator 5 + 2 (rolls 6 and 4: 13 beats 11)
        style = {"description_width": "140px"}
        self.attacker = w.IntSlider(value=attacker_bonus, min=0, max=15, description="Attacker bonus", style=style)
        self.defender = w.IntSlider(value=defender_bonus, min=0, max=15, description="Defender bonus", style=style)
        self.velocity = w.IntSlider(value=velocity, min=1, max=20, description="Attacker velocity", style=style)
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.attacker, self.defender, self.velocity):
            c.observe(self._update, names="value")
        super().__init__([w.HBox([self.attacker, self.defender]), self.velocity, self.out, self.message])
        self.add_class("centurion-variant-ram")
        self._update()

    @guarded()
    def _update(self, _change=None) -> None:
        side = ram_side_by_side(self.attacker.value, self.defender.value, self.velocity.value)
        chance, (to_defender, to_attacker) = side.variant
        basic = ("No ramming: a tank may end its move in an enemy's hex (stacking is unlimited, friend and foe "
                 f"<span style='font-size:11px'>{link_rules('CEN-STK-1')}</span>) and nothing happens to either.")
        variant = (f"d10 + {self.attacker.value} against d10 + {self.defender.value}, ties to the defender: "
                   f"<b>the ram connects {_pct(chance)}</b><br>damage: {to_defender} points to the defender, "
                   f"{to_attacker} to the rammer (its front)")
        self.out.value = _columns(basic, variant, "VAR-RAM")


class ActivationSideBySide(w.VBox):
    """Who moves when with uneven sides: basic movement order (CEN-SEQ-2) | variant activation (VAR-INIT)."""

    def __init__(self, first: int = 5, second: int = 2):
        style = {"description_width": "150px"}
        self.first = w.IntSlider(value=first, min=1, max=9, description="Platoons, side A", style=style)
        self.second = w.IntSlider(value=second, min=1, max=9, description="Platoons, side B", style=style)
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.first, self.second):
            c.observe(self._update, names="value")
        super().__init__([w.HBox([self.first, self.second]), self.out, self.message])
        self.add_class("centurion-variant-activation")
        self._update()

    @guarded()
    def _update(self, _change=None) -> None:
        side = activation_side_by_side(self.first.value, self.second.value)
        names = {"first": "A", "second": "B"}

        def steps(order) -> str:
            return " → ".join(f"{names.get(s, s)}×{n}" for s, n in order)

        basic = (f"{steps(side.basic)}<br><span style='font-size:11px'>every platoon moves, then all fire "
                 f"{link_rules('CEN-SEQ-2')}</span>")
        variant = (f"{steps(side.variant)}<br><span style='font-size:11px'>each activation moves, paints and fires at "
                   "once, damage at once</span>")
        self.out.value = _columns(basic, variant, "VAR-INIT")


class LegalMovesSideBySide(w.VBox):
    """Where a Liberator may end its move: basic end states | with lateral shifts and emergency turns.

    The map shades the basic ends green and the ends only the variant reaches orange (VAR-LATERAL,
    VAR-EMERGENCY); the table lists those new ends with their thrust and chance of no damage.
    """

    def __init__(self, velocity: int = 6, accelerate: int = 0):
        style = {"description_width": "110px"}
        self.velocity = w.IntSlider(value=velocity, min=1, max=8, description="Velocity", style=style)
        self.accelerate = w.IntSlider(value=accelerate, min=-2, max=2, description="Accelerate", style=style)
        self.lateral = w.Checkbox(value=True, description="VAR-LATERAL")
        self.emergency = w.Checkbox(value=True, description="VAR-EMERGENCY")
        self.battlemap = map_from_rows(["." * 11] * 14)
        self.start = from_offset(6, 13)
        self.vehicle = vehicle_types()["liberator"]
        self.map = HexMapView(self.battlemap, terrain_table())
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.velocity, self.accelerate, self.lateral, self.emergency):
            c.observe(self._update, names="value")
        super().__init__([w.HBox([self.velocity, self.accelerate]), w.HBox([self.lateral, self.emergency]),
                          self.map, self.out, self.message])
        self.add_class("centurion-variant-moves")
        self._update()

    @guarded()
    def _update(self, _change=None) -> None:
        names = tuple(n for n, box in (("VAR-LATERAL", self.lateral), ("VAR-EMERGENCY", self.emergency))
                      if box.value)
        state = GravState.of(self.vehicle, self.start, 0, self.velocity.value)
        self.map.set_counters([Counter(self.start, 0, "grav", label="Lib", velocity=self.velocity.value)])
        side = legal_moves_side_by_side(state, self.vehicle, self.battlemap, accelerate=self.accelerate.value,
                                        names=names) if names else None
        basic_ends = {(e.hex, e.facing, e.grounded) for e in (side.basic if side else self._basic(state))}
        basic_hexes = {h for h, _f, _g in basic_ends}
        new = [e for e in (side.variant if side else []) if (e.hex, e.facing, e.grounded) not in basic_ends]
        new_hexes = {e.hex for e in new} - basic_hexes
        hexes = sorted(basic_hexes) + sorted(new_hexes)
        self.map.set_overlay(hexes, [BASIC_COLOUR] * len(basic_hexes) + [VARIANT_COLOUR] * len(new_hexes))
        rows = "".join(f"<tr><td>{format_label(e.hex)}</td><td>{e.facing}</td><td>{html.escape(e.move.describe())}"
                       f"</td><td>{e.thrust_used}</td><td>{_pct(e.p_no_damage)}</td>"
                       f"<td>{', '.join(e.variant_rules)}</td></tr>" for e in new[:12])
        more = f"<br><span style='font-size:11px'>… and {len(new) - 12} more</span>" if len(new) > 12 else ""
        basic = (f"<b>{len(basic_ends)}</b> end states (hex, facing, grounded) in {len(basic_hexes)} hexes "
                 f"(green) <span style='font-size:11px'>{link_rules('CEN-GRAV-4')}</span>")
        variant = (f"<b>{len(basic_ends) + len(new)}</b> end states; {len(new)} new, {len(new_hexes)} hexes only "
                   "the variant reaches (orange)" + (
                       "<table><tr><th>hex</th><th>facing</th><th>path</th><th>TP</th><th>no damage</th>"
                       f"<th>uses</th></tr>{rows}</table>{more}" if new else ""))
        self.out.value = _columns(basic, variant, ", ".join(names))  # the switches ticked (walk of session 49)

    def _basic(self, state: GravState) -> list:
        from ..rules import legal_grav_moves

        return legal_grav_moves(state, self.vehicle, self.battlemap, accelerate=self.accelerate.value)


def _distribution(dist: dict[int, Fraction]) -> str:
    """{rounds: chance} as HTML rows: 'k round(s) do damage: p'."""
    return "<br>".join(f"{k} {'round does' if k == 1 else 'rounds do'} damage: {_pct(p)}"
                       for k, p in sorted(dist.items()))


class SalvoSideBySide(w.VBox):
    """Identical mounts firing: each rolls on its own (basic) | one roll for all (VAR-SALVO), optionally with the
    shield stop roll per round (VAR-SHIELD)."""

    def __init__(self, range_hexes: int = 5, shield_factor: int = 5, mounts: int = 2, weapon: str = "laser"):
        style = {"description_width": "120px"}
        self.range = w.IntSlider(value=range_hexes, min=1, max=20, description="Range (hexes)", style=style)
        self.shield = w.IntSlider(value=shield_factor, min=0, max=20, description="Shield factor", style=style)
        self.mounts = w.IntSlider(value=mounts, min=2, max=4, description="Identical mounts", style=style)
        self.weapon = w.Dropdown(options=[(WEAPON_NAMES[k], k) for k in ("laser", "mdc")], value=weapon,
                                 description="Weapon", style=style)
        self.shield_rule = w.Checkbox(value=False, description="with VAR-SHIELD too")
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.range, self.shield, self.mounts, self.weapon, self.shield_rule):
            c.observe(self._update, names="value")
        super().__init__([w.HBox([self.range, self.shield]), w.HBox([self.mounts, self.weapon]), self.shield_rule,
                          self.out, self.message])
        self.add_class("centurion-variant-salvo")
        self._update()

    @guarded()
    def _update(self, _change=None) -> None:
        roll = to_hit(self.range.value, weapon=self.weapon.value, shield_factor=self.shield.value)
        if roll.impossible:
            self.out.value = _columns("no shot at this range", "no shot at this range", "VAR-SALVO")
            return
        names = ("VAR-SALVO", "VAR-SHIELD") if self.shield_rule.value else ("VAR-SALVO",)
        side = salvo_side_by_side(roll, self.mounts.value, weapon=self.weapon.value, names=names)
        basic = (f"{self.mounts.value} rolls, each hits on {roll.value} or less<br>"
                 f"{_distribution(side.basic)}")
        variant = ("one roll for the salvo: all hit or all miss"
                   + (", then a stop roll per round" if self.shield_rule.value else "")
                   + f"<br>{_distribution(side.variant)}")
        self.out.value = _columns(basic, variant, "VAR-SALVO")


#: the terrain a straight run crosses in the VAR-MOVETYPE view, by name: its map letter
RUN_TERRAIN = MappingProxyType({"light woods": "l", "heavy woods": "h", "clear": "."})


class MoveTypeSideBySide(w.VBox):
    """A Liberator flying straight into woods: how far it may go and at what velocity it ends, by the basic VP
    costs | under VAR-MOVETYPE, the surcharge burned off the velocity or paid in thrust."""

    def __init__(self, velocity: int = 6, terrain: str = "heavy woods"):
        style = {"description_width": "110px"}
        self.velocity = w.IntSlider(value=velocity, min=1, max=10, description="Velocity", style=style)
        self.terrain = w.Dropdown(options=list(RUN_TERRAIN), value=terrain, description="Terrain ahead",
                                  style=style)
        self.vehicle = vehicle_types()["liberator"]
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.velocity, self.terrain):
            c.observe(self._update, names="value")
        super().__init__([w.HBox([self.velocity, self.terrain]), self.out, self.message])
        self.add_class("centurion-variant-movetype")
        self._update()

    @staticmethod
    def _cell(res) -> str:
        if isinstance(res, Refusal):
            return f"<span style='color:#888'>refused: {html.escape(str(res.reason))}</span>"
        base = getattr(res, "basic", res)
        extra = ""
        if getattr(res, "burned", 0):
            extra = f", {res.burned} burned"
        if getattr(res, "terrain_thrust", 0):
            extra = f", {res.terrain_thrust} TP paid"
        if base.grounds:
            unspent = f" ({base.vp_unspent} VP left unspent)" if base.vp_unspent else ""
            return f"grounds at velocity {base.end_velocity}{unspent}{extra}; no damage {_pct(res.p_no_damage)}"
        return f"ends at velocity {base.end_velocity}{extra}; no damage {_pct(res.p_no_damage)}"

    @guarded()
    def _update(self, _change=None) -> None:
        v = self.velocity.value
        letter = RUN_TERRAIN[self.terrain.value]
        battlemap = map_from_rows([letter * 3] * (v + 2) + ["..."])
        state = GravState.of(self.vehicle, from_offset(1, v + 2), 0, v)
        side = straight_runs_side_by_side(state, self.vehicle, battlemap, most=v + 1)
        rows = "".join(f"<tr><td>{k}</td><td>{self._cell(b)}</td><td>{self._cell(burn)}</td><td>{self._cell(tp)}"
                       f"</td></tr>" for k, (b, burn, tp) in enumerate(zip(side.basic, side.variant["burn"],
                                                                              side.variant["thrust"],
                                                                              strict=True), start=1))
        cell = "padding:2px 8px;border:1px solid #ccc"
        self.out.value = (
            f"<p>A Liberator (max thrust {self.vehicle.max_thrust}) at velocity {v}, flying 1 to {v + 1} hexes "
            f"straight into {self.terrain.value}. Basic rules: each hex costs its full VP "
            f"<span style='font-size:11px'>{link_rules('CEN-TER-1')}</span>. {link_rules('VAR-MOVETYPE')}: each hex "
            "costs 1 VP (plus the "
            "slope); the rest of the terrain's cost (the seed's terrain table is absent: our assumption, the basic "
            "VP − 1) is burned off the velocity at the end of the move, or paid in thrust.</p>"
            f"<table style='border-collapse:collapse'><tr><th style='{cell}'>hexes</th><th style='{cell}'>Basic "
            f"rules</th><th style='{cell}'>Variant: burn velocity</th><th style='{cell}'>Variant: pay thrust</th>"
            f"</tr>{rows}</table>").replace("<td>", f"<td style='{cell}'>")


class SelfDestructSideBySide(w.VBox):
    """Blowing up one's own tank: not in the basic rules | the check and the d3 turns (VAR-SELFDESTRUCT)."""

    def __init__(self, skill: int = 5, damage_modifier: int = 0, check: str = "piloting"):
        style = {"description_width": "140px"}
        self.skill = w.IntSlider(value=skill, min=1, max=9, description="Crew skill", style=style)
        self.damage = w.IntSlider(value=damage_modifier, min=-4, max=0, description="Damage modifiers", style=style)
        self.check = w.Dropdown(options=["piloting", "gunnery"], value=check, description="Check", style=style)
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.skill, self.damage, self.check):
            c.observe(self._update, names="value")
        super().__init__([w.HBox([self.skill, self.damage]), self.check, self.out, self.message])
        self.add_class("centurion-variant-selfdestruct")
        self._update()

    @guarded()
    def _update(self, _change=None) -> None:
        side = self_destruct_side_by_side(self.skill.value, self.damage.value, check=self.check.value)
        roll, delay = side.variant
        basic = "No such action: a crew may only bail out of its tank."
        variant = (f"{_terms(roll)}<br>d10 of {roll.value} or less: <b>the charge is set {_pct(roll.chance)}</b><br>"
                   + "<br>".join(f"blows up after {t} turn{'s' if t > 1 else ''}: {_pct(p)}"
                                 for t, p in delay.items()))
        self.out.value = _columns(basic, variant, "VAR-SELFDESTRUCT")


#: the covering terrain a partly covered hex may hold in the VAR-OCCUPY view: its map letter and TET key
COVER = MappingProxyType({"heavy woods": ("h", "heavy_woods"), "light woods": ("l", "light_woods")})


class OccupySideBySide(w.VBox):
    """A shot at a tank in a partly wooded hex, 5 hexes away: the basic rules (the woods fill the hex) | the tank
    declared in the woods or out in the open part (VAR-OCCUPY)."""

    def __init__(self, cover: str = "heavy woods", open_level: int = 1, woods_between: bool = True):
        style = {"description_width": "150px"}
        self.cover = w.Dropdown(options=list(COVER), value=cover, description="Cover in its hex", style=style)
        self.open_level = w.IntSlider(value=open_level, min=0, max=2, description="Level of the open part",
                                      style=style)
        self.between = w.Checkbox(value=woods_between, description="light woods in the hex before it",
                                  layout=w.Layout(width="auto"))  # never cut (item 5)
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.cover, self.open_level, self.between):
            c.observe(self._update, names="value")
        super().__init__([w.HBox([self.cover, self.open_level]), self.between, self.out, self.message])
        self.add_class("centurion-variant-occupy")
        self._update()

    @staticmethod
    def _shot(view, where: str) -> str:
        head = f"{where} ({view.terrain.replace('_', ' ')}, level {view.level}): "
        if not view.sight.seen:
            return head + (f"<b>not seen</b> — {html.escape(counted(view.sight.reason))} "
                           f"<span style='font-size:11px'>{link_rules('CEN-LOS-1')}</span>")
        return head + f"seen; {_terms(view.roll)}<br><b>hit on {view.roll.value} or less: {_pct(view.roll.chance)}</b>"

    @guarded()
    def _update(self, _change=None) -> None:
        letter, terrain = COVER[self.cover.value]
        battlemap = map_from_rows([".", ".", ".", ".", "l" if self.between.value else ".", letter])
        firer, target = from_offset(1, 1), from_offset(1, 6)
        parts = {target: PartialHex(target, terrain, "clear", 0, self.open_level.value)}
        side = occupy_side_by_side(battlemap, parts, firer, target)
        basic = self._shot(side.basic, "the woods fill the hex")
        variant = "<br><br>".join(self._shot(side.variant[p], f"declared '{p}'") for p in ("in", "out"))
        self.out.value = (f"<p>A laser in 0101 fires at a tank in 0106 (range 5). Part of 0106 is "
                          f"{self.cover.value} at level 0, the rest open ground at level {self.open_level.value}."
                          "</p>" + _columns(basic, variant, "VAR-OCCUPY"))


class CrewSideBySide(w.VBox):
    """Who fires a tank's weapons: anyone while the gunner or the commander is able (basic) | each weapon to a crew
    role, the driver only at -2 and at a cost to next turn's speed limits (VAR-WEAPONS)."""

    def __init__(self, vehicle: str = "trajan", gunner: bool = True, commander: bool = True):
        style = {"description_width": "80px"}
        names = {t.label: k for k, t in vehicle_types().items() if t.kind == "grav"}
        self.vehicle = w.Dropdown(options=sorted(names.items()), value=vehicle, description="Vehicle", style=style)
        self.gunner = w.Checkbox(value=gunner, description="gunner able")
        self.commander = w.Checkbox(value=commander, description="commander able")
        self.out = w.HTML()
        self.message = MessageArea()
        for c in (self.vehicle, self.gunner, self.commander):
            c.observe(self._update, names="value")
        super().__init__([self.vehicle, w.HBox([self.gunner, self.commander]), self.out, self.message])
        self.add_class("centurion-variant-crew")
        self._update()

    @guarded()
    def _update(self, _change=None) -> None:
        vt = vehicle_types()[self.vehicle.value]
        side = crew_side_by_side(vt, gunner=self.gunner.value, commander=self.commander.value)
        rows, limit = side.variant
        able = self.gunner.value or self.commander.value
        basic = (f"{len(side.basic)} weapons: " + ", ".join(html.escape(t) for t, _f in side.basic)
                 + ("<br><b>all may fire</b>, whoever is at the controls" if able else
                    "<br><b>none fires</b>: the gunner and the commander are both out")
                 + f" <span style='font-size:11px'>{link_rules('CEN-CMB-1')}</span>")
        cells = "".join(f"<tr><td>{html.escape(t)}</td><td>{role or '<i>only the driver: -2, piloting roll</i>'}"
                        f"</td></tr>" for t, _f, role in rows)
        driver = sum(1 for *_x, role in rows if role is None)
        cut = (f"<br>if the driver fires those {driver}, a speed limit of 8 is {limit} next turn"
               if driver else "")
        variant = f"<table>{cells}</table>{cut}"
        self.out.value = _columns(basic, variant, "VAR-WEAPONS")
