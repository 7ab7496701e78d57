"""DamageLab: fire at a record sheet and watch the damage rules work (CEN-CMB-1, CEN-SEQ-3, CEN-SEQ-1).

Hit location, template or laser, overflow into internals, the internal effects once all fire is resolved, and
widowed armor removed at the End Phase, each a step. Every result comes from `centurion.rules.damage` and
`centurion.rules.internals`; the lab only shows them.
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..data import vehicle_types
from ..data.vehicles import ARMOR_ROWS, COLUMNS, weapon_table
from ..dice import Dice
from ..game.wording import in_words, plural
from ..rules.damage import HIT_COLUMNS, SIDES, drop_template, hit_section, template_shape
from ..rules.internals import apply_internal_damage, end_phase
from ..rules.record import RecordSheet
from .dice_panel import DiceLog
from .record_sheet import RecordSheetView, mark_boxes
from .reference import link_rules
from .safety import ClickButton, MessageArea, guarded, show_full_labels

LOCATIONS = ("roll", "turret", "side", "bottom")


def damage_weapons() -> list[tuple[str, tuple[str, str | None]]]:
    """(label, (weapon key, shell)) of every weapon that damages armor: lasers, MDCs, Gauss shells, missiles."""
    out = []
    for key, spec in weapon_table().weapons.items():
        if spec.family in ("vulcan", "ap_laser") or key.startswith("IWF"):
            continue
        if spec.family == "gauss":
            out += [(f"{key} {shell}", (key, shell)) for shell in spec.shells]
        else:
            try:
                template_shape(key)
            except ValueError:
                continue
            out.append((key, (key, None)))
    return out


class DamageLab(w.VBox):
    """A vehicle's record sheet to shoot at: pick the weapon and side, roll or choose location and column."""

    def __init__(self, vehicle: str = "horatius", *, seed: int = 7) -> None:
        self.vehicles = vehicle_types()
        self.dice = Dice(seed)
        self.turn = 1
        self.vehicle = w.Dropdown(options=[(v.label, k) for k, v in self.vehicles.items() if v.internals is not None],
                                  value=vehicle, description="Vehicle")
        self.weapon = w.Dropdown(options=damage_weapons(), value=("3/6 laser", None), description="Weapon")
        self.side = w.Dropdown(options=list(SIDES), value="front", description="Attacked side")
        self.column_kind = w.Dropdown(options=list(HIT_COLUMNS), value="normal", description="Hit column")
        self.location = w.Dropdown(options=list(LOCATIONS), value="roll", description="Location")
        auto = w.Layout(width="auto")
        self.fire_button = ClickButton(description="Fire: roll location and column", button_style="danger",
                                       layout=auto)  # T9: a double click fires once
        self.fire_button.on_click(self._on_fire)
        self.column_buttons = [ClickButton(description=str(c), tooltip=f"drop the hit on column {c}",
                                           layout=w.Layout(width="38px")) for c in range(1, COLUMNS + 1)]
        for b in self.column_buttons:
            b.on_click(self._on_column)
        self.apply_button = ClickButton(description="All fire resolved: apply internal damage", layout=auto)
        self.apply_button.on_click(self._on_apply)
        self.end_button = ClickButton(description="End Phase: remove widowed armor", layout=auto)
        self.end_button.on_click(self._on_end_phase)
        self.reset_button = w.Button(description="New sheet")
        self.reset_button.on_click(self._on_reset)
        self.view = RecordSheetView(RecordSheet.of(self.vehicles[vehicle]))
        self.report = w.HTML(layout=w.Layout(min_height="60px"))
        self.report.add_class("centurion-damage-report")
        self.effects = w.HTML("<i>No internal effects yet.</i>")
        self.effects.add_class("centurion-internal-effects")
        self.message = MessageArea()
        self.dice_log = DiceLog(self.dice)
        self.vehicle.observe(self._on_vehicle, names="value")
        controls = w.VBox([
            w.HBox([self.vehicle, self.weapon]),
            w.HBox([self.side, self.column_kind, self.location]),
            w.HBox([self.fire_button, w.HTML("&nbsp;or drop on column:&nbsp;"), *self.column_buttons]),
            w.HBox([self.apply_button, self.end_button, self.reset_button]),
        ])
        super().__init__([controls, self.message, self.view, self.report, self.effects, self.dice_log])
        self.add_class("centurion-damage-lab")
        show_full_labels(controls)

    @property
    def sheet(self) -> RecordSheet:
        """The record sheet on the lab's table now (book-a §12-13)."""
        return self.view.sheet

    # --- actions (called by the buttons, and by the chapter's checked cells) ---------------------------------
    def fire(self, column: int | None = None) -> None:
        """One hit: location from the dropdown or a d10, column given or a d10, then the template (CEN-CMB-1)."""
        if self.sheet.destroyed:  # a wreck takes no more hits worth counting: nothing is rolled (CEN-CMB-1)
            self.message.show(f"The {self.sheet.vehicle.label} is destroyed ({self.sheet.destroyed_by()}, CEN-CMB-1): "
                              "pick New sheet, or another vehicle, to shoot again.", "refusal")
            return
        key, shell = self.weapon.value
        shape = template_shape(key, shell)
        lines = []
        if self.location.value == "roll":
            roll = self.dice.roll("d10", purpose="hit location", rule="CEN-CMB-1")
            section = hit_section(roll.result, self.side.value, self.column_kind.value)
            lines.append(f"Hit location: d10 rolled {roll.result} on the {self.column_kind.value} column → "
                         f"<b>{section}</b>")
        else:
            where = self.location.value
            section = self.side.value if where == "side" else where
            lines.append(f"Hit location chosen: <b>{section}</b>")
        if column is None:
            column = self.dice.roll("d10", purpose="damage column", rule="CEN-CMB-1").result
            lines.append(f"Damage column: d10 rolled <b>{column}</b>")
        else:
            lines.append(f"Damage column chosen: <b>{column}</b>")
        before = self.sheet
        start = before.highest_remaining(section, column - 1)
        new, mark = drop_template(before, section, column, shape)
        laser = weapon_table()[key].laser_boxes is not None
        what = (f"a laser: {len(shape)} boxes straight down the column" if laser
                else f"template rows {'/'.join(map(str, shape))} ({sum(shape)} points)")
        if start is None:
            lines.append("That column is gone to the bottom: the whole hit is lost (CEN-CMB-1).")
        else:
            row = f"armor row {start + 1}" if start < ARMOR_ROWS else f"internal row {start - ARMOR_ROWS + 1}"
            lines.append(f"{html.escape(key + (' ' + shell if shell else ''))}: {what}, first row on the highest "
                         f"remaining box ({row}).")
        lines.append(html.escape(mark.describe()))
        if mark.internal:
            lines.append(f"{plural(len(mark.internal), 'internal box', 'internal boxes')} hit: pending (orange) "
                         "until all fire is resolved (CEN-SEQ-3).")
        self.view.update(new, recent=mark_boxes(mark))
        self.report.value = link_rules("<br>".join(lines))
        self.message.clear()

    def apply_internals(self) -> None:
        """Apply the pending internal boxes: each component's effect, with its rolls (CEN-SEQ-3, CEN-CMB-1)."""
        new, report = apply_internal_damage(self.sheet, self.dice, turn=self.turn)
        if not report.components:
            self.message.show("No internal box is pending: nothing to apply (CEN-SEQ-3).", "info")
            return
        from .record_sheet import component_name

        rows = "".join(f"<li>{html.escape(component_name(c))} ({s}): {plural(n, 'box')}</li>"
                       for s, c, n in report.components)
        effects = "".join(f"<li>{html.escape(in_words(e))}</li>" for e in report.effects)  # '1 box', CEN-CMB-1
        self.effects.value = link_rules(f"<b>Internal damage applied (turn {self.turn})</b><ul>{rows}</ul>"
                                        f"<b>Effects</b><ul>{effects or '<li>none beyond the boxes</li>'}</ul>")
        self.view.update(new)

    def end_phase_step(self) -> None:
        """End Phase step A: widowed armor falls away, then knocked-out crew may wake (CEN-SEQ-1)."""
        new, rolls, removed = end_phase(self.sheet, self.dice, turn=self.turn)
        recent = [(s, b // COLUMNS, b % COLUMNS) for s, boxes in removed.items() for b in boxes]
        text = ("; ".join(f"{s}: {plural(len(b), 'widowed box', 'widowed boxes')} removed" for s, b in removed.items())
                or "no widowed armor")
        woke = "".join(f"<br>{html.escape(r.purpose)}: rolled {r.result} ≤ {r.target}? "
                       f"{'yes' if r.success else 'no'}" for r in rolls)
        self.report.value = link_rules(f"<b>End Phase of turn {self.turn}</b> (CEN-SEQ-1): {text}{woke}")
        self.view.update(new, recent=recent)
        self.turn += 1

    # --- callbacks -----------------------------------------------------------------------------------------
    @guarded()
    def _on_fire(self, _b: object = None) -> None:
        self.fire()

    @guarded()
    def _on_column(self, button: ClickButton) -> None:
        self.fire(int(button.description))

    @guarded()
    def _on_apply(self, _b: object = None) -> None:
        self.apply_internals()

    @guarded()
    def _on_end_phase(self, _b: object = None) -> None:
        self.end_phase_step()

    @guarded()
    def _on_reset(self, _b: object = None) -> None:
        self.reset()

    @guarded()
    def _on_vehicle(self, _change: object = None) -> None:
        self.reset()

    def reset(self) -> None:
        """A fresh sheet of the chosen vehicle."""
        self.turn = 1
        self.view.update(RecordSheet.of(self.vehicles[self.vehicle.value]))
        self.report.value = ""
        self.effects.value = "<i>No internal effects yet.</i>"
        self.message.clear()
