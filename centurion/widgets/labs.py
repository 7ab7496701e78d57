"""Small interactive labs for single mechanics: speed limits, the facing change table, ground units,
initiative and the movement order. Views only: the numbers come from `centurion.rules`."""

from __future__ import annotations

import html
from dataclasses import replace

import ipywidgets as w
import numpy as np
from ipycanvas import Canvas, hold_canvas

from ..data import BattleMap, VehicleType, terrain_table
from ..dice import Dice
from ..game.wording import facing_name
from ..hexgrid import Hex, format_label, neighbor, parse_label
from ..rules import (
    Armor,
    GravMove,
    GravState,
    Refusal,
    SpeedCheck,
    effective_speed_limit,
    facing_change_interval,
    ground_reach,
    hex_speed_limit,
    leadership_advantage,
    legal_grav_moves,
    mount_refusal,
    movement_order,
    opportunity_fire_refusal,
    resolve_grav_move,
    roll_initiative,
    speed_limit_check,
)
from ..rules.placement import placement_refusal
from .armor import ArmorDiagram
from .colors import rgb_array
from .dice_panel import DiceLog, percent, roll_html
from .hexmap import Counter, HexMapView, Overlay
from .reference import link_rules
from .safety import ClickButton, MessageArea, guarded, reset_canvas_switch, show_full_labels


class SpeedLimitLab(w.VBox):
    """Pick terrain, slope and velocity: the Piloting Skill Roll's target, terms, odds, a Roll button and the
    damage on the armor diagram (CEN-SPD-1..3, CEN-TER-3)."""

    def __init__(self, vehicle: VehicleType, *, dice: Dice | None = None, seed: int = 1) -> None:
        table = terrain_table()
        self.vehicle = vehicle
        options = [(t.label, k) for k, t in table.terrain.items() if t.movement_terrain or k == "under_water"]
        self.terrain = w.Dropdown(options=options, value="heavy_woods", description="Terrain")
        self.slope = w.IntSlider(0, -5, 5, description="Slope (levels)", continuous_update=False)
        self.velocity = w.IntSlider(10, -20, 40, description="Velocity", continuous_update=False)
        self.tsr = w.Checkbox(False, description="TS&R lost (limits halved)", indent=False)
        self.odd = w.ToggleButtons(options=[("odd 10 to front", "front"), ("odd 10 to bottom", "bottom")],
                                   value="front", style={"button_width": "130px"})
        self.roll_button = ClickButton(description="Roll", button_style="primary")
        self.reset_button = w.Button(description="Repair armor")
        self.out = w.HTML()
        self.result = w.HTML()
        self.message = MessageArea()
        self.dice_log = DiceLog(dice, seed=seed)
        self.armor_state = Armor.full(vehicle.armor)
        self.armor = ArmorDiagram(self.armor_state)
        for c in (self.terrain, self.slope, self.velocity, self.tsr, self.odd):
            c.observe(self._changed, names="value")
        self.roll_button.on_click(self._roll)
        self.reset_button.on_click(self._reset)
        super().__init__([
            w.HBox([self.terrain, self.slope]), w.HBox([self.velocity, self.tsr]), self.odd,
            self.out, w.HBox([self.roll_button, self.reset_button, self.message]),
            w.HBox([self.result, self.armor]), self.dice_log])
        self.add_class("centurion-speedlab")
        show_full_labels(self)
        self.refresh()

    def check(self) -> SpeedCheck:
        """The speed-limit check for the chosen terrain, slope and velocity (CEN-SPD-1)."""
        limit = hex_speed_limit(self.terrain.value, 0, self.slope.value)
        return speed_limit_check(self.velocity.value, limit, tsr_lost=self.tsr.value, odd_group_to=self.odd.value)

    def refresh(self) -> None:
        """Show the limit, the target with its terms and the exact odds."""
        base = hex_speed_limit(self.terrain.value, 0, self.slope.value)
        c = self.check()
        halvings = []
        if self.velocity.value < 0:
            halvings.append("reverse halves it <code>CEN-GRAV-5</code>")
        if self.tsr.value:
            halvings.append("lost TS&R halves it <code>CEN-SPD-3</code>")
        limit_text = f"Speed limit {base} <code>CEN-TER-3</code>"
        if halvings:
            eff = effective_speed_limit(base, reverse=self.velocity.value < 0, tsr_lost=self.tsr.value)
            limit_text += f"; {', '.join(halvings)} (rounded up) → <b>{eff}</b>"
        if not c.needs_roll:
            body = f"{limit_text}. |velocity| {abs(self.velocity.value)} is not over it: no roll, no damage."
        else:
            body = (f"{limit_text}. Over by <b>{c.over}</b>.<br>Piloting Skill Roll <code>CEN-SPD-1</code>: "
                    f"target = 5 − ⌈{c.over}/2⌉ = <b>{c.target}</b> (d10 ≤ target; a 1 always passes, a 10 always "
                    f"fails, DIE-10): P(no damage) = <b>{percent(c.p_pass)}</b><br>On a failure "
                    f"<code>CEN-SPD-2</code>: {c.damage} damage, {c.front} front and {c.bottom} bottom.")
        self.out.value = link_rules(f"<div class='centurion-speedcheck'>{body}</div>")

    @guarded()
    def _changed(self, _change: dict) -> None:
        self.refresh()

    @guarded()
    def _roll(self, _b: object = None) -> None:
        self.roll()

    def roll(self) -> None:
        """Roll the check and mark any damage, row by row (CEN-SPD-2)."""
        c = self.check()
        if not c.needs_roll:
            self.result.value = "<div>No roll: the velocity is within the limit.</div>"
            return
        r = self.dice_log.dice.d10_test(c.target, purpose=f"Piloting Skill Roll at velocity {c.velocity}, limit "
                                        f"{c.speed_limit}", rule="CEN-SPD-1")
        terms = [("base", 5, "CEN-SPD-1"), (f"{c.over} over the limit", -((c.over + 1) // 2), "CEN-SPD-1")]
        text = roll_html(r, terms)
        recent = {}
        if not r.success:
            for section, points in (("front", c.front), ("bottom", c.bottom)):
                if points:
                    self.armor_state, boxes, internal = self.armor_state.damaged(section, points)
                    recent[section] = boxes
                    if internal:
                        text += f"<div>{internal} points pass the {section} armor into the internals.</div>"
        self.armor.update(self.armor_state, recent)
        self.result.value = link_rules(text)

    @guarded()
    def _reset(self, _b: object = None) -> None:
        self.armor_state = Armor.full(self.vehicle.armor)
        self.armor.update(self.armor_state)
        self.result.value = ""


class _PlacedOnMap(w.VBox):
    """A lab with one piece on a map: any control change redraws, a click on the map moves the piece there."""

    where: Hex

    @guarded()
    def _changed(self, _change: dict) -> None:
        self.refresh()

    mover = "grav"
    message: MessageArea

    @guarded()
    def _clicked(self, hex_: Hex) -> None:
        self.click(hex_)

    def click(self, hex_: Hex) -> bool:
        """Move the piece to a hex, if it may stand there (HEX-4, CEN-GV-1, CEN-INF-1)."""
        refusal = placement_refusal(self.battlemap, hex_, self.current_mover())
        if refusal is not None:
            self.message.show(f"Not moved: {str(refusal).rstrip('.')}.", "refusal")
            return False
        self.where = hex_
        self.message.clear()
        self.refresh()
        return True

    def current_mover(self) -> str:
        """The kind of mover the piece is (grav, ground, infantry)."""
        return self.mover

    def refresh(self) -> None:  # pragma: no cover - every lab defines it
        raise NotImplementedError


class FacingChangeExplorer(_PlacedOnMap):
    """A velocity slider: the map shows where the tank may first turn and every hex it can end in
    (CEN-GRAV-4, CEN-GRAV-2)."""

    def __init__(self, battlemap: BattleMap, vehicle: VehicleType, start: str = "0522", facing: int = 1) -> None:
        self.battlemap, self.vehicle = battlemap, replace(vehicle, max_thrust=0)
        self.where, self.facing = parse_label(start), facing
        self.velocity = w.IntSlider(10, 0, 30, description="Velocity", continuous_update=False)
        self.facing_pick = w.Dropdown(options=[(f"{facing_name(f)} ({f})", f) for f in range(6)], value=facing,
                                      description="Facing", layout=w.Layout(width="200px"))  # walk of session 50
        self.facing_pick.observe(self._turned, names="value")
        self.info = w.HTML()
        self.map = HexMapView(battlemap, terrain_table(), side_panel=self.info)
        self.map.show_hexes([self.where])  # the unit in view when the page opens (W26)
        self.velocity.observe(self._changed, names="value")
        self.map.on_hex_click(self._clicked)
        self.message = MessageArea(layout=w.Layout(height="44px", overflow_y="auto"))  # never moves the map
        super().__init__([w.HTML("Click a hex to place the tank there (a new start, not a move); pick its facing "
                                 "and drag the slider to change its speed."),
                          w.HBox([self.velocity, self.facing_pick]), self.message, self.map])
        self.add_class("centurion-facing")
        show_full_labels(self)
        self.refresh()

    @guarded()
    def _turned(self, change: dict) -> None:
        self.facing = change["new"]
        self.refresh()

    def refresh(self) -> None:
        """Recompute the end hexes and the first turning points for this velocity."""
        v = self.velocity.value
        interval = facing_change_interval(v)
        state = GravState(self.where, self.facing, v)
        ends = legal_grav_moves(state, self.vehicle, self.battlemap, accelerate=0)
        flying = sorted({e.hex for e in ends if not e.grounded}, key=lambda h: (h.q, h.r))
        ov = Overlay(fills=[(h, "#4caf50") for h in flying], alpha=0.35, hatch=True)
        here = self.where
        for k in range(1, v + 1):  # the straight run: where the engine lets a move turn (CEN-GRAV-4, CEN-GRAV-2)
            here = neighbor(here, self.facing)
            straight = ("F",) * k
            if here not in self.battlemap or isinstance(
                    resolve_grav_move(state, GravMove(steps=straight), self.battlemap, self.vehicle), Refusal):
                break  # off the map, or beyond the VP its terrain leaves (walk of session 50)
            if any(not isinstance(resolve_grav_move(state, GravMove(steps=(*straight, t)), self.battlemap,
                                                    self.vehicle), Refusal) for t in ("L", "R")):
                ov.outlines.append((here, "#0277bd"))
        self.map.set_counters([Counter(self.where, self.facing, "grav", "#1f4e9c", "G", True)])
        self.map.set_overlay(ov)
        rule = ("may spin in place" if interval == 0 else
                f"must travel <b>{interval}</b> {'hex' if interval == 1 else 'hexes'} straight before each "
                "one-hexside turn")
        self.info.value = link_rules(f"<div class='centurion-facinginfo'>At velocity <b>{v}</b> the tank {rule} "
                           f"<code>CEN-GRAV-4</code>. "
                           + ("Blue outlines: every hex of its straight run where it may make its first turn. "
                              if v else "") + "Hatched "
                           f"green: the <b>{len(flying)}</b> {'hex' if len(flying) == 1 else 'hexes'} it can end in "
                           f"at this velocity (every VP spent, no thrust used).</div>")


class GroundUnitTable(_PlacedOnMap):
    """Where a ground vehicle (MP, free facing, road bonus) or a squad (3 MP) can go; mounting checks
    (CEN-GV-1, CEN-INF-1, CEN-MNT-1)."""

    def __init__(self, battlemap: BattleMap, vehicle: VehicleType, start: str = "0616") -> None:
        self.battlemap, self.vehicle = battlemap, vehicle
        self.where = parse_label(start)
        self.kind = w.ToggleButtons(options=[(f"{vehicle.label} ({vehicle.movement_points} MP)", "ground"),
                                             ("Infantry squad (3 MP)", "infantry")], value="ground")
        self.info = w.HTML()
        self.mount = w.HTML()
        self.carrier_v = w.IntSlider(0, 0, 10, description="Carrier velocity", continuous_update=False)
        self.same_hex = w.Checkbox(True, description="Squad starts in the carrier's hex", indent=False)
        self.map = HexMapView(battlemap, terrain_table(), side_panel=self.info)
        self.map.show_hexes([self.where])  # the unit in view when the page opens (W26)
        for c in (self.kind, self.carrier_v, self.same_hex):
            c.observe(self._changed, names="value")
        self.map.on_hex_click(self._clicked)
        self.message = MessageArea(layout=w.Layout(height="44px", overflow_y="auto"))  # never moves the map
        super().__init__([w.HTML("Click a hex to place the unit."), self.kind, self.message, self.map,
                          w.HTML("<b>Mounting</b> <code>CEN-MNT-1</code>"), w.HBox([self.carrier_v, self.same_hex]),
                          self.mount])
        self.add_class("centurion-ground")
        show_full_labels(self)
        self.refresh()

    def current_mover(self) -> str:
        """The tank (a ground vehicle) or the squad (infantry)."""
        return self.kind.value if self.kind.value in ("ground", "infantry") else "ground"

    def refresh(self) -> None:
        """Shade every reachable hex by the MP it costs."""
        mover = self.current_mover()
        reach = ground_reach(self.where, 0, self.battlemap, mover=mover, movement_points=self.vehicle.movement_points)
        top = max(reach.values()) or 1
        shades = ["#2e7d32", "#66bb6a", "#a5d6a7", "#e8f5e9", "#fff9c4"]
        ov = Overlay(fills=[(h, shades[min(len(shades) - 1, int(4 * mp / top))]) for h, mp in reach.items()
                            if h != self.where], alpha=0.55, hatch=True)
        squad_hex = self.where if self.same_hex.value else neighbor(self.where, 0)
        counters = [Counter(self.where, 0, mover, "#6d4c41" if mover == "ground" else "#00695c",
                            "T" if mover == "ground" else "I", True)]
        if squad_hex != self.where and squad_hex in self.battlemap:  # the mounting check's squad, on the map too
            counters.append(Counter(squad_hex, 0, "infantry", "#00695c", "S"))  # (walk of session 50)
        self.map.set_counters(counters)
        self.map.set_overlay(ov)
        road = " A road bonus of one hex applies along the road." if mover == "ground" and any(
            self.where in chain for chain in self.battlemap.roads) else ""
        n = len(reach) - 1
        self.info.value = link_rules(f"<div class='centurion-groundinfo'>From {format_label(self.where)} the "
                           f"{'vehicle' if mover == 'ground' else 'squad'} can reach <b>{n}</b> "
                           f"{'hex' if n == 1 else 'hexes'} "
                           f"(darker = cheaper) <code>{'CEN-GV-1' if mover == 'ground' else 'CEN-INF-1'}</code>. "
                           f"Facing is free; lakes and slopes of 4+ levels are closed.{road}</div>")
        refusal = mount_refusal(squad_hex, self.where, self.carrier_v.value)
        self.mount.value = link_rules("<div class='centurion-mount'>" + (
            f"The carrier stands in {format_label(self.where)} (where the unit is placed), the squad in "
            f"{format_label(squad_hex)}{' (S on the map)' if squad_hex != self.where else ''}. ") + (
            "The squad may mount now, instead of moving." if refusal is None else
            f"No mounting: <code>{refusal.rule}</code> {html.escape(refusal.reason)}") + "</div>")


class SequenceOfPlay(w.VBox):
    """Initiative with a leadership advantage, the movement order as a timeline, opportunity fire
    (CEN-SEQ-2, CEN-INI-1, CEN-OPP-1)."""

    def __init__(self, *, dice: Dice | None = None, seed: int = 1) -> None:
        self.rating_a = w.IntSlider(2, 0, 6, description="Centurion, side 1")
        self.rating_b = w.IntSlider(2, 0, 6, description="Centurion, side 2")
        self.use = w.IntSlider(0, 0, 0, description="Advantage used")
        self.roll_button = ClickButton(description="Roll initiative", button_style="primary")
        self.initiative = w.HTML()
        self.platoons_a = w.IntSlider(5, 0, 12, description="Platoons A", continuous_update=False)
        self.platoons_b = w.IntSlider(3, 0, 12, description="Platoons B", continuous_update=False)
        self.order = w.HTML()
        self.timeline = Canvas(width=760, height=70)
        self.timeline.layout.width = "760px"
        self.of_velocity = w.IntSlider(0, 0, 20, description="Start velocity", continuous_update=False)
        self.of = w.HTML()
        self.message = MessageArea()
        self.dice_log = DiceLog(dice, seed=seed)
        for c in (self.rating_a, self.rating_b):
            c.observe(self._ratings, names="value")
        for c in (self.platoons_a, self.platoons_b, self.of_velocity):
            c.observe(self._changed, names="value")
        self.roll_button.on_click(self._roll)
        self.timeline.on_client_ready(self._ready)
        super().__init__([
            w.HTML("<b>Initiative</b> <code>CEN-INI-1</code>"), w.HBox([self.rating_a, self.rating_b]),
            w.HBox([self.use, self.roll_button]), self.initiative,
            w.HTML("<b>Movement order</b> <code>CEN-SEQ-2</code>"), w.HBox([self.platoons_a, self.platoons_b]),
            self.timeline, self.order,
            w.HTML("<b>Opportunity fire</b> <code>CEN-OPP-1</code>"), self.of_velocity, self.of,
            self.message, self.dice_log])
        self.add_class("centurion-sequence")
        show_full_labels(self)
        self._ratings(None)
        self.refresh()

    @guarded()
    def _ready(self) -> None:
        self.draw_timeline()

    @guarded()
    def _ratings(self, _change: dict | None) -> None:
        _side, points = leadership_advantage(self.rating_a.value, self.rating_b.value)
        self.use.max = points
        self.use.value = min(self.use.value, points)
        self.use.disabled = points == 0  # equal ratings: nothing to spend (its handle sat at the far right)

    @guarded()
    def _changed(self, _change: dict) -> None:
        self.refresh()

    @guarded()
    def _roll(self, _b: object = None) -> None:
        self.roll()

    def roll(self) -> None:
        """Roll initiative (ties rolled again) and show every roll."""
        side, _points = leadership_advantage(self.rating_a.value, self.rating_b.value)
        r = roll_initiative(self.dice_log.dice, rating_first=self.rating_a.value, rating_second=self.rating_b.value,
                            use_advantage=self.use.value)
        lines = [roll_html(a) + roll_html(b) for a, b in r.rolls]
        adv = f" Side {1 if side == 'first' else 2} subtracts {r.advantage_used}." if side and r.advantage_used else ""
        winner = 1 if r.winner == "first" else 2
        ties = " Ties were rolled again." if len(r.rolls) > 1 else ""
        left = _points - r.advantage_used if side else 0  # each 3 full points left buy a pass (CEN-INI-2)
        who = 1 if side == "first" else 2
        passes = (f" Side {who} has {left} advantage points left: {left // 3} pass"
                  f"{'es' if left // 3 > 1 else ''} of a platoon (3 points each, CEN-INI-2)." if left >= 3 else
                  f" Side {who}'s {left} point{'s' if left > 1 else ''} left buy no pass (3 full points each, "
                  "CEN-INI-2)." if left else "")
        self.initiative.value = link_rules("".join(lines) + f"<div><b>Side {winner} wins</b> (lowest total "
                                 f"{min(r.totals)})."
                                 f"{adv} It chooses to be side A or B.{ties}{passes}</div>")

    def refresh(self) -> None:
        """The movement order and the opportunity fire answer."""
        order = movement_order(self.platoons_a.value, self.platoons_b.value)
        tail = (" — side B always moves a platoon last." if self.platoons_b.value else
                " — side B has no platoon: side A moves all of its own." if self.platoons_a.value else
                " — no platoon on either side: nobody moves.")
        self.order.value = link_rules("<div class='centurion-order'>" + ", ".join(f"{s}{n}" for s, n in order) +
                            tail + "</div>")
        self._order = order
        self.draw_timeline()
        refusal = opportunity_fire_refusal(self.of_velocity.value)
        self.of.value = link_rules("<div>It may declare opportunity fire instead of moving, and then fire at each "
                         "enemy "
                         "platoon that moves after it declared.</div>" if refusal is None else
                         f"<div>No opportunity fire: <code>{refusal.rule}</code> {html.escape(refusal.reason)}</div>")

    def draw_timeline(self) -> None:
        """One block per platoon activation, A in blue, B in red; narrower blocks when a long order would run past the
        canvas (walk of session 50: 12 against 12 platoons drew 20 of the 24 activations)."""
        reset_canvas_switch(self.timeline)
        blocks, colors, texts = [], [], []
        order = getattr(self, "_order", [])
        need = 30 * sum(n for _s, n in order) + 8 * len(order)
        k = min(1.0, (self.timeline.width - 12) / need) if need else 1.0
        x = 6.0
        for side, n in order:
            for _ in range(n):
                blocks.append((x, 18.0))
                colors.append("#1f4e9c" if side == "A" else "#b71c1c")
                texts.append((side, x))
                x += 30 * k
            x += 8 * k
        self.drawn = [(bx, 26 * k) for bx, _y in blocks]  # each block's left edge and width, as drawn
        with hold_canvas():
            c = self.timeline
            c.clear()
            c.fill_style = "#fafafa"
            c.fill_rect(0, 0, c.width, c.height)
            if blocks:
                xy = np.array(blocks)
                c.fill_styled_rects(xy[:, 0], xy[:, 1], 26 * k, 34, color=rgb_array(colors))
                c.fill_style = "#ffffff"
                c.font = f"bold {14 if k > 0.7 else 11}px sans-serif"
                c.text_align = "center"
                for side, bx in texts:
                    c.fill_text(side, bx + 13 * k, 40)
            c.fill_style = "#333"
            c.font = "11px sans-serif"
            c.text_align = "left"
            c.fill_text("first to move →", 6, 12)


__all__ = ["FacingChangeExplorer", "GroundUnitTable", "SequenceOfPlay", "SpeedLimitLab"]
