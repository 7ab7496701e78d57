"""GravMoveTable: plot a grav vehicle's move on the map with clicks or keys, see the budget and odds live,
then roll it (CEN-GRAV, CEN-TER, CEN-SPD, CEN-GRD). A view: every rule question goes to `centurion.rules`."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import ipywidgets as w

from ..data import BattleMap, MapHex, TerrainTable, VehicleType, terrain_table
from ..dice import Dice
from ..game.wording import plural
from ..hexgrid import FACING_NAMES, Hex, arcs, distance, format_label, hex_range, neighbor, parse_label
from ..rules import (
    GravMove,
    GravState,
    Refusal,
    ResolvedMove,
    entry_cost,
    execute_grav_move,
    facing_change_interval,
    legal_grav_moves,
    resolve_grav_move,
    state_refusal,
)
from ..rules.placement import placement_refusal
from .armor import ArmorDiagram
from .dice_panel import DiceLog, percent, roll_html
from .hexmap import Counter, HexMapView, Overlay
from .reference import link_rules
from .safety import ClickButton, MessageArea, guarded, show_full_labels

UNIT_COLORS = ("#1f4e9c", "#b71c1c", "#2e7d32", "#6a1b9a")
KEYS = {"ArrowUp": "F", "w": "F", "f": "F", "ArrowDown": "B", "s": "B", "b": "B", "ArrowLeft": "L", "a": "L",
        "l": "L", "ArrowRight": "R", "d": "R", "r": "R"}
UNDO_KEYS = {"Backspace", "u", "z"}


def odds_color(p: Fraction) -> str:
    """Red (no chance) through yellow to green (certain), for shading hexes by the chance of no damage."""
    x = float(p)
    if x >= 0.5:
        t = (x - 0.5) * 2
        r, g, b = 255 + (26 - 255) * t, 217 + (152 - 217) * t, 47 + (80 - 47) * t
    else:
        t = x * 2
        r, g, b = 215 + (255 - 215) * t, 48 + (217 - 48) * t, 39 + (47 - 39) * t
    return f"#{int(r):02x}{int(g):02x}{int(b):02x}"


class GravMoveTable(w.VBox):
    """A grav vehicle on the battlefield: plot, check and roll its move (CEN-GRAV-1..6, CEN-SPD, CEN-GRD)."""

    def __init__(self, battlemap: BattleMap, vehicle: VehicleType, state: GravState, *,
                 terrain: TerrainTable | None = None, dice: Dice | None = None, show_legal: bool | str = False,
                 show_armor: bool = True, seed: int = 1, start_options: bool = False,
                 others: Sequence[tuple[VehicleType, GravState]] = ()) -> None:
        self.battlemap, self.terrain = battlemap, terrain or terrain_table()
        # every vehicle on the table: [type, state, Velocity Record Track (CEN-REC-1)]; click one to select it
        self.units: list[list] = [[vehicle, state, [state.velocity]]] + [[v, st, [st.velocity]] for v, st in others]
        self.current = 0
        self.steps: list[str] = []
        self.resolved: ResolvedMove | Refusal | None = None
        self._legal_cache: dict[tuple, list] = {}
        self._shading: tuple[list | None, list] = (None, [])
        self.dice_log = DiceLog(dice, seed=seed)
        self.dice = self.dice_log.dice
        thrust = vehicle.max_thrust or 0
        self.accel = w.IntSlider(0, 0, thrust, description="Accelerate", continuous_update=False)
        self.decel = w.IntSlider(0, 0, thrust, description="Decelerate", continuous_update=False)
        self.ground = w.Checkbox(False, description="Ground at the end", indent=False)
        self.face = w.Dropdown(options=[("keep", -1)] + [(f"{i} {n}", i) for i, n in enumerate(FACING_NAMES)],
                               value=-1, description="Face first", layout=w.Layout(width="200px"))
        mode = {False: "off", True: "accel"}.get(show_legal, show_legal)
        self.legal_mode = w.Dropdown(options=[("off", "off"), ("at this acceleration", "accel"),
                                              ("at any acceleration", "any")], value=mode, description="Legal ends",
                                     tooltip="shade the hexes where the move can end, by the chance of no damage",
                                     layout=w.Layout(width="260px"))
        self._quiet = False
        self.show_arcs = w.Checkbox(False, description="Show arcs", indent=False,
                                    tooltip="front, side and stern arcs of the tank (HEX-4)")
        self.place_mode = w.ToggleButton(False, description="Place by click", tooltip="click a hex to put the "
                                         "vehicle there", layout=w.Layout(width="120px"))
        self.start_v = w.IntSlider(state.velocity, -10, 40, description="Start velocity", continuous_update=False)
        self.start_facing = w.Dropdown(options=[(f"{i} {n}", i) for i, n in enumerate(FACING_NAMES)],
                                       value=state.facing, description="Facing", layout=w.Layout(width="200px"))
        self.start_down = w.Dropdown(options=[("flying", "flying"), ("grounded", "grounded"),
                                              ("grounded in a crater", "crater"), ("under water", "submerged")],
                                     value="flying", description="Starts", layout=w.Layout(width="240px"))
        self.start_down.observe(self._start_changed, names="value")
        buttons = []
        for label, action, tip in (("↑ F", "F", "forward one hex (key ↑ or F)"), ("↓ B", "B", "backward (key ↓ or B)"),
                                   ("↶ L", "L", "turn left one hexside (key ← or L)"),
                                   ("↷ R", "R", "turn right one hexside (key → or R)")):
            b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="60px"))
            b.on_click(lambda _b, a=action: self._step(a))
            buttons.append(b)
        self.undo_button = w.Button(description="Undo", tooltip="undo the last step (key Backspace or U)",
                                    layout=w.Layout(width="auto"))  # never "U…" (item 5)
        self.undo_button.on_click(lambda _b: self._undo())
        self.clear_button = w.Button(description="Clear", layout=w.Layout(width="auto"))
        self.clear_button.on_click(lambda _b: self._clear())
        self.execute_button = ClickButton(description="Roll and move", button_style="primary",
                                       tooltip="carry out the plotted move with the dice")
        self.execute_button.on_click(lambda _b: self._execute())
        self.execute_button.layout.flex = "0 0 auto"
        self.undo_move_button = ClickButton(description="Take back the move", disabled=True,
                                         tooltip="undo the last move carried out (the dice log keeps its rolls)",
                                         layout=w.Layout(width="auto", flex="0 0 auto"))  # never "Take back the …"
        self.undo_move_button.on_click(lambda _b: self._undo_move())
        # committed moves, newest last: (which vehicle, its state and velocity track before the move, the move)
        self.move_history: list[tuple[int, GravState, list[int], GravMove]] = []
        self.budget = w.HTML(layout=w.Layout(width="290px"))
        # two lines' room above the map, whatever the message: a message never moves the map under the pointer (W1)
        self.message = MessageArea(layout=w.Layout(height="56px", overflow_y="auto", flex="1 1 auto"))
        self.rolls = w.HTML()
        self.armor = ArmorDiagram(state.armor) if (show_armor and state.armor is not None) else None
        self.map = HexMapView(battlemap, self.terrain, hex_details=self._hex_details,
                              side_panel=w.VBox([self.budget]))
        self.map.on_hex_click(self._clicked)
        self.map.on_key(self._key)
        self.map.show_hexes([unit[1].hex for unit in self.units])  # the vehicles in view when the page opens (W26)
        for control in (self.accel, self.decel, self.ground, self.face, self.legal_mode, self.show_arcs):
            control.observe(self._changed, names="value")
        self.start_v.observe(self._start_changed, names="value")
        self.start_facing.observe(self._start_changed, names="value")
        start_row = [self.start_v, self.start_facing, self.place_mode]
        if start_options:
            start_row.insert(2, self.start_down)
        wrap = w.Layout(flex_flow="row wrap")  # a narrow window wraps a row instead of cutting its buttons (item 5)
        controls = w.VBox([
            w.HBox(start_row, layout=wrap),
            w.HBox([self.accel, self.decel, self.face], layout=wrap),
            w.HBox([*buttons, self.undo_button, self.clear_button, self.ground, self.legal_mode, self.show_arcs],
                   layout=wrap),
            w.HBox([self.execute_button, self.undo_move_button, self.message]),
        ])
        lower = [self.rolls] + ([self.armor] if self.armor is not None else []) + [self.dice_log]
        super().__init__([controls, self.map, w.HBox(lower[:-1]), lower[-1]])
        self.add_class("centurion-movetable")
        show_full_labels(self)
        self.refresh()

    # --- the selected vehicle ------------------------------------------------------------------------
    @property
    def vehicle(self) -> VehicleType:
        """The selected vehicle's type."""
        return self.units[self.current][0]

    @property
    def state(self) -> GravState:
        """The selected vehicle's state."""
        return self.units[self.current][1]

    @state.setter
    def state(self, value: GravState) -> None:
        self.units[self.current][1] = value

    @property
    def history(self) -> list[int]:
        """The selected vehicle's Velocity Record Track."""
        return self.units[self.current][2]

    def unit_at(self, hex_: Hex) -> int | None:
        """The index of a vehicle standing in a hex, other than the selected one first."""
        found = [i for i, (_v, st, _h) in enumerate(self.units) if st.hex == hex_]
        others = [i for i in found if i != self.current]
        return (others or found or [None])[0]

    def select_unit(self, index: int) -> None:
        """Make another vehicle the one being plotted."""
        self.current = index
        self.steps.clear()
        thrust = self.vehicle.max_thrust or 0
        for slider in (self.accel, self.decel):
            slider.unobserve(self._changed, names="value")
            slider.value = 0
            slider.max = thrust
            slider.observe(self._changed, names="value")
        self._show_start_controls()
        if self.armor is not None and self.state.armor is not None:
            self.armor.update(self.state.armor)
        self.message.show(f"Selected the {self.vehicle.label} in {format_label(self.state.hex)}.", "info")
        self.refresh()

    # --- rules queries (all in centurion.rules) ------------------------------------------------------
    def move(self) -> GravMove:
        """The plotted move as data."""
        return GravMove(self.accel.value, tuple(self.steps), self.decel.value, self.ground.value,
                        None if self.face.value == -1 else self.face.value)

    def _hex_details(self, cell: MapHex) -> list[tuple[str, str]]:
        rows = []
        here = self._plot_end()[0]
        if cell.hex != here and cell.hex in self.battlemap and distance(here, cell.hex) == 1:
            cost, limit, key = entry_cost(self.battlemap, here, cell.hex, "grav")
            rows.append(("From the plot's end", f"{'prohibited' if cost is None else f'{cost} VP'}, limit {limit} "
                                                f"({self.terrain[key].label.lower()})"))  # 'light woods', not a key
        ends = [e for e in self._legal() if e.hex == cell.hex and not e.grounded]
        if ends:
            facings = ", ".join(FACING_NAMES[f] for f in sorted({e.facing for e in ends}))
            low, high = min(e.velocity_min for e in ends), max(e.velocity_max for e in ends)
            rows.append(("Legal end", f"facing {facings}; velocity {low}..{high} after the move; chance of no "
                                      f"damage up to {percent(max(e.p_no_damage for e in ends))}"))
        return rows

    def _plot_end(self) -> tuple[Hex, int]:
        r = self.resolved
        if isinstance(r, ResolvedMove):
            return r.end_hex, r.end_facing
        return self.state.hex, self.state.facing if self.face.value == -1 else self.face.value

    # --- interaction -------------------------------------------------------------------------------------
    @guarded()
    def _step(self, step: str) -> None:
        self.add_step(step)

    def add_step(self, step: str) -> bool:
        """Add one step to the plot; a step that breaks a rule is refused with its rule ID and not kept."""
        trial = resolve_grav_move(self.state, replace(self.move(), steps=(*self.steps, step), ground=False,
                                                      decelerate=0), self.battlemap, self.vehicle)
        if isinstance(trial, Refusal) and trial.step == len(self.steps):
            self.message.show(str(trial), "refusal")
            return False
        self.steps.append(step)
        self.refresh()
        return True

    @guarded()
    def _undo(self) -> None:
        if self.steps:
            self.steps.pop()
        self.refresh()

    @guarded()
    def _clear(self) -> None:
        self.steps.clear()
        self.refresh()

    @guarded()
    def _key(self, key: str) -> None:
        if key in UNDO_KEYS:
            self._undo()
        elif key in KEYS:
            self.add_step(KEYS[key])

    @guarded()
    def _clicked(self, hex_: Hex) -> None:
        self.click(hex_)

    def click(self, hex_: Hex) -> None:
        """What a click on a hex does: place the vehicle, select another, plot a step or the safest path."""
        if hex_ not in self.battlemap:
            self.message.show("That point is off the map (HEX-4); nothing changed.", "refusal")
            return
        if self.place_mode.value:
            self.place(hex_)
            return
        j = self.unit_at(hex_)
        if j is not None and j != self.current and not self.steps:
            self.select_unit(j)
            return
        end, facing = self._plot_end()
        if hex_ == neighbor(end, facing):
            self.add_step("F")
        elif hex_ == neighbor(end, (facing + 3) % 6):
            self.add_step("B")
        elif self.legal_mode.value != "off":
            self.plot_to(hex_)

    def place(self, hex_: Hex) -> bool:
        """Put the selected vehicle in a hex, if the rules let it stand there (HEX-4, CEN-GRD-2)."""
        new = replace(self.state, hex=hex_)
        refusal = placement_refusal(self.battlemap, hex_, "grav")
        if refusal is None:
            refusal = state_refusal(new, self.battlemap)
        if refusal is not None:
            self.message.show(f"Not placed: {str(refusal).rstrip('.')}.", "refusal")
            return False
        self.state = new
        self.place_mode.value = False
        self.steps.clear()
        self.refresh()
        self.message.show(f"Placed the {self.vehicle.label} in {format_label(hex_)}.", "info")
        return True

    def plot_to(self, hex_: Hex) -> bool:
        """Plot the safest legal path to an end hex (any facing; flying on if it can), if there is one.

        With legal ends shown 'at any acceleration' the acceleration is set too. Moves beneath a lake's
        surface (CEN-GRD-2) are not plotted on this table.
        """
        here = [e for e in self._legal() if e.hex == hex_ and not e.safest.move.under_water]
        ends = [e for e in here if not e.grounded]
        if not ends:
            when = "this turn" if self.legal_mode.value == "any" else "at this acceleration"
            if here:
                why = (f"the tank could only get to {format_label(hex_)} {when} by grounding there (CEN-GRAV-2, "
                       "CEN-GRD-1), so it is not shaded. To ground there anyway, plot the steps yourself")
            else:
                why = (f"no legal move ends in {format_label(hex_)} {when}: it is out of reach for the velocity "
                       "and thrust (CEN-GRAV-1, CEN-GRAV-2)")
            self.message.show(f"{why[0].upper()}{why[1:]}. Nothing was plotted.", "refusal")
            return False
        best = max(ends, key=lambda e: (e.p_no_damage, -e.safest.thrust_used))
        mv = best.safest.move
        self._quiet = True
        try:
            self.accel.value = mv.accelerate
            self.face.value = -1 if mv.initial_facing is None else mv.initial_facing
            self.decel.value = mv.decelerate
            self.ground.value = mv.ground
        finally:
            self._quiet = False
        self.steps = list(mv.steps)
        self.refresh()
        return True

    @guarded()
    def _changed(self, _change: dict) -> None:
        if not self._quiet:
            self.refresh()

    @guarded()
    def _start_changed(self, _change: dict) -> None:
        down = self.start_down.value
        if down != "flying" and self.start_v.value != 0:
            self.start_v.unobserve(self._start_changed, names="value")
            self.start_v.value = 0  # a grounded vehicle has velocity 0 (CEN-GRD-1)
            self.start_v.observe(self._start_changed, names="value")
        new = replace(self.state, velocity=self.start_v.value, facing=self.start_facing.value,
                      grounded=down in ("grounded", "crater", "submerged"), in_crater=down == "crater",
                      submerged=down == "submerged")
        self.start_v.disabled = down != "flying"  # a grounded start has velocity 0; the check above enforces it
        refusal = state_refusal(new, self.battlemap)
        if refusal is not None:
            self._show_start_controls()
            self.message.show(f"{str(refusal).rstrip('.')}. The start stays as it was.", "refusal")
            return
        self.state = new
        self.history[:] = [new.velocity]  # a new start: its track begins at it (third walk of session 49: "8")
        self.steps.clear()
        self.refresh()

    def _show_start_controls(self) -> None:
        """Set the start controls to the vehicle's real state, without acting on the change."""
        s = self.state
        down = "submerged" if s.submerged else ("crater" if s.in_crater else ("grounded" if s.grounded else "flying"))
        for widget, value in ((self.start_v, s.velocity), (self.start_facing, s.facing), (self.start_down, down)):
            widget.unobserve(self._start_changed, names="value")
            try:
                widget.value = value
            finally:
                widget.observe(self._start_changed, names="value")
        self.start_v.disabled = down != "flying"

    def nothing_plotted(self) -> bool:
        """Whether the player has plotted nothing at all: no step, thrust, facing or grounding."""
        m = self.move()
        return not (m.steps or m.accelerate or m.decelerate or m.ground or m.initial_facing is not None)

    @guarded()
    def _execute(self) -> None:
        self.execute()

    def execute(self) -> bool:
        """Roll the plotted move: piloting rolls, damage, grounding; the vehicle ends where the rules say."""
        if self.nothing_plotted() and self.state.velocity != 0:
            self.message.show("Nothing is plotted yet, so nothing was rolled: plot the move with the buttons, the "
                              "arrow keys or a click on the hex ahead, then press Roll and move.", "refusal")
            return False
        r = resolve_grav_move(self.state, self.move(), self.battlemap, self.vehicle)
        if isinstance(r, Refusal):
            self.message.show(str(r), "refusal")
            return False
        report = execute_grav_move(r, self.dice)
        lines = []
        by_label = {e.label: e for e in r.checks}
        for roll in report.rolls:
            label = roll.purpose.split("entering ")[1].split(" ")[0]
            e = by_label.get(label)
            terms = []
            if e is not None:
                terms = [("base", 5, "CEN-SPD-1"), (f"{e.check.over} over the limit {e.speed_limit}",
                                                      -((e.check.over + 1) // 2), "CEN-SPD-1")]
            lines.append(roll_html(roll, terms))
        for d in report.damage:
            lines.append(f"<div>{html.escape(d.cause)}: {d.points} points on the {d.section} armor "
                         f"<code>{d.rule}</code>{'; ' + str(d.internal) + ' reach the internals' if d.internal else ''}"
                         "</div>")
        if report.grav_drive_hit:
            lines.append("<div><b>Grav Drive hit</b>: it grounds at once, without deceleration (CEN-SPD-2).</div>")
        self.rolls.value = link_rules("".join(lines)) or "<div>No rolls were needed: the move is safe.</div>"
        if self.armor is not None and report.state.armor is not None:
            recent: dict[str, list[int]] = {}
            for d in report.damage:
                recent.setdefault(d.section, []).extend(d.boxes)
            self.armor.update(report.state.armor, {k: tuple(v) for k, v in recent.items()})
        self.move_history.append((self.current, self.state, list(self.history), self.move()))  # and its plot
        self.undo_move_button.disabled = False
        self.state = report.state
        self.history.append(self.state.velocity)
        self.steps.clear()
        for slider in (self.accel, self.decel):
            slider.unobserve(self._changed, names="value")
            slider.value = 0
            slider.observe(self._changed, names="value")
        self.face.value = -1
        self.ground.value = False
        self.start_v.unobserve(self._start_changed, names="value")
        self.start_v.value = self.state.velocity
        self.start_v.observe(self._start_changed, names="value")
        self.message.show(f"Moved: now in {format_label(self.state.hex)}, velocity {self.state.velocity}"
                          f"{', grounded' if self.state.grounded else ''}.", "info")
        self.refresh()
        return True

    @guarded()
    def _undo_move(self) -> None:
        self.undo_move()

    def undo_move(self) -> bool:
        """Take back the last move carried out: the vehicle returns to where and how it started it."""
        if not self.move_history:
            self.message.show("No move has been carried out yet, so there is nothing to take back.", "refusal")
            return False
        index, state, track, mv = self.move_history.pop()
        self.units[index][1] = state
        self.units[index][2][:] = track
        self.undo_move_button.disabled = not self.move_history
        if index != self.current:
            self.select_unit(index)
        self._quiet = True  # the move taken back is plotted again, as it was rolled (walk of session 50)
        try:
            self.accel.value, self.decel.value, self.ground.value = mv.accelerate, mv.decelerate, mv.ground
            self.face.value = -1 if mv.initial_facing is None else mv.initial_facing
        finally:
            self._quiet = False
        self.steps = list(mv.steps)
        if self.armor is not None and state.armor is not None:
            self.armor.update(state.armor)
        self._show_start_controls()
        self.refresh()
        self.message.show(f"Took back the move: the {self.vehicle.label} is in {format_label(state.hex)} again at "
                          f"velocity {state.velocity}, its plot as it was rolled (the dice log keeps its rolls).",
                          "info")
        return True

    # --- display -----------------------------------------------------------------------------------------
    def _legal(self) -> list:
        """The legal end states shown: at the chosen acceleration, or at any (CEN-GRAV-1); none when off."""
        mode = self.legal_mode.value
        if mode == "off":
            return []
        key = (self.current, self.state, mode, self.accel.value if mode == "accel" else None)
        if key not in self._legal_cache:
            try:
                accel = self.accel.value if mode == "accel" else None
                ends = legal_grav_moves(self.state, self.vehicle, self.battlemap, accelerate=accel)
            except ValueError as e:  # e.g. no thrust left for this acceleration after lifting off
                self.message.show(str(e), "refusal")
                ends = []
            self._legal_cache = {key: ends}
        return self._legal_cache[key]

    def _legal_shading(self) -> list[tuple[Hex, str]]:
        """Each hex the move can end in flying on, coloured by its best chance of no damage (kept with the ends)."""
        ends = self._legal()
        if self._shading[0] is not ends:
            best: dict[Hex, Fraction] = {}
            for e in ends:
                if not e.grounded:
                    p = e.p_no_damage
                    if p > best.get(e.hex, -1):
                        best[e.hex] = p
            self._shading = (ends, [(h, odds_color(p)) for h, p in best.items()])
        return self._shading[1]

    def refresh(self) -> None:
        """Re-check the plot with the rules and redraw the panel, the counter and the overlay."""
        self.resolved = resolve_grav_move(self.state, self.move(), self.battlemap, self.vehicle)
        r = self.resolved
        shown = r
        if isinstance(r, Refusal):
            self.message.show(str(r), "refusal")
            if r.step is not None:
                shown = resolve_grav_move(self.state, replace(self.move(), steps=tuple(self.steps[:r.step]),
                                                              ground=True), self.battlemap, self.vehicle)
        else:
            self.message.clear()
        self.budget.value = link_rules(self._budget_html(r, shown))
        counters = []
        for i, (vehicle, st, _h) in enumerate(self.units):
            facing = st.facing if (i != self.current or self.face.value == -1) else self.face.value
            counters.append(Counter(st.hex, facing, "grav", UNIT_COLORS[i % len(UNIT_COLORS)],
                                    vehicle.label[:1], selected=i == self.current))
        self.map.set_counters(counters)
        self.map.set_overlay(self._overlay(shown if isinstance(shown, ResolvedMove) else None))
        self.map.show_info()  # the panel and the pointer line as the plot and the shading now stand (walk, S50)

    def _overlay(self, r: ResolvedMove | None) -> Overlay:
        ov = Overlay()
        if self.show_arcs.value:
            # HEX-4: front = the faced wedge, stern = the opposite one, sides = the two wedges on each side;
            # a hex on a wedge boundary (a spine) is shown in both colours' mix (the defender chooses)
            colors = {0: "#43a047", 1: "#fdd835", 2: "#fdd835", 3: "#e53935", 4: "#fdd835", 5: "#fdd835"}
            facing = self.state.facing if self.face.value == -1 else self.face.value
            for h in hex_range(self.state.hex, 6):
                if h == self.state.hex or h not in self.battlemap:
                    continue
                rel = arcs(self.state.hex, facing, h)
                ov.fills.append((h, colors[rel[0]] if len(rel) == 1 else "#fb8c00"))
            ov.alpha = 0.45
        if self.legal_mode.value != "off":
            ov.fills = list(self._legal_shading())
            ov.alpha = 0.7
            ov.hatch = True  # legal ends are hatched, never mistaken for woods
        if r is None:
            return ov
        ov.path = [self.state.hex] + [e.hex for e in r.entries]
        ov.labels = [(e.hex, str(e.vp)) for e in r.entries]
        ov.outlines = [(h, "#7b1fa2") for _i, h, _f in r.turns]
        # where the next one-hexside turn is allowed, straight ahead of the plot's end (CEN-GRAV-4)
        interval = facing_change_interval(r.velocity)
        straight = 0
        for s in reversed(r.move.steps):
            if s in "LR":
                break
            straight += 1
        here = r.end_hex
        way = r.end_facing if r.velocity >= 0 else (r.end_facing + 3) % 6
        for k in range(0, r.vp_unspent + 1):  # as far as the VP still to spend can carry it
            if here not in self.battlemap:
                break
            if interval and straight + k >= interval:
                ov.outlines.append((here, "#0277bd"))
            here = neighbor(here, way)
        if r.checks:
            ov.fills += [(e.hex, odds_color(e.check.p_pass)) for e in r.checks]
        return ov

    def _budget_html(self, r: ResolvedMove | Refusal | None, shown: object) -> str:
        s = self.state
        head = (f"<b>{html.escape(self.vehicle.label)}</b> in {format_label(s.hex)}, "
                f"facing {FACING_NAMES[s.facing % 6]}, "
                f"velocity {s.velocity}{' (grounded)' if s.grounded else ''}{' (under water)' if s.submerged else ''}")
        if isinstance(r, Refusal):
            return (f"<div class='centurion-budget'>{head}<br><span style='color:#8a5a00'>The plot breaks "
                    f"<code>{r.rule}</code>: {html.escape(r.reason)}</span></div>")
        assert isinstance(r, ResolvedMove)
        interval = facing_change_interval(r.velocity)
        def roll_cell(e) -> str:
            return "—" if not e.check.needs_roll else f"{e.check.target} / {percent(e.check.p_pass)}"

        rows = "".join(
            f"<tr><td>{e.label}</td><td>{e.terrain.replace('_', ' ')}</td><td>{e.vp}</td><td>{e.vp_left}</td>"
            f"<td>{e.speed_limit}</td><td>{roll_cell(e)}</td></tr>" for e in r.entries)
        turning = "spin freely" if interval == 0 else f"{plural(interval, 'straight hex')} before each turn"
        table = ("<table class='centurion-hexes'><tr><th>hex</th><th>terrain</th><th>VP</th><th>left</th>"
                 f"<th>limit</th><th>roll ≤ / P</th></tr>{rows}</table>") if rows else ""
        ground = ""
        if r.grounds:
            why = f" (forced: <code>{r.forced_grounding}</code>)" if r.forced_grounding else ""
            ground = (f"<br>Grounds{why} at velocity {r.end_velocity}: {r.grounding_damage} damage to the bottom "
                      f"<code>CEN-GRD-1</code>{' (half, in a lake)' if r.in_water else ''}")
        track = " ".join(f"<span title='turn {i}' style='border:1px solid #999;padding:0 4px'>{v}</span>"
                         for i, v in enumerate(self.history[-12:]))
        if not r.move.steps and r.vp_unspent > 0:
            forecast = (f"Nothing plotted yet: {r.vp_unspent} VP to spend, so plot the move before rolling "
                        "<code>CEN-GRAV-2</code>.")
        else:
            forecast = (f"{table}End: {format_label(r.end_hex)}, facing {FACING_NAMES[r.end_facing % 6]}, velocity "
                        f"{0 if r.grounds else r.end_velocity}{ground}<br>"
                        f"Chance of no damage: <b>{percent(r.p_no_damage)}</b>")
        return (f"<div class='centurion-budget'>{head}<br>Velocity record track: {track}<br>"
                f"Thrust <code>CEN-GRAV-1</code>: accelerate {r.move.accelerate}"
                + (f" (of which {r.lift_tp} to lift off, <code>CEN-GRAV-6</code>)" if r.lift_tp else "")
                + f" + decelerate {r.move.decelerate} = <b>{r.thrust_used}</b> of {r.thrust_max}<br>"
                f"Velocity {r.velocity}: VP spent <b>{r.vp_spent}</b> of {abs(r.velocity)}, {r.vp_unspent} left "
                f"<code>CEN-GRAV-2</code><br>"
                f"Facing changes <code>CEN-GRAV-4</code>: {turning}<br>{forecast}</div>")


def tank_on(battlemap: BattleMap, vehicle: VehicleType, label: str, facing: int, velocity: int, **kw) -> GravState:
    """A fresh vehicle state at a CCRR label, for notebooks."""
    return GravState.of(vehicle, parse_label(label), facing, velocity, **kw)
