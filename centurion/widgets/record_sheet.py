"""RecordSheetView: a vehicle's record sheet drawn as on paper (CEN-REC-1): six armor sections of rows of 10
boxes (unused rows crossed), the internal grid with its components labelled, shields, weapons, velocity track,
charges and crew. A view only: every box state and every effect comes from `centurion.rules.record`.

Drawn as one HTML block (a few hundred boxes as table cells: one message per update, no canvas to wake up).
`RecordSheetView(sheet)` shows a sheet; `.update(sheet)` shows a new one (optionally with the boxes the last hit
destroyed outlined).
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as w

from ..data.vehicles import ARMOR_ROWS, COLUMNS
from ..rules.record import WEAPON_COMPONENT, RecordSheet, sheet_rows
from .reference import link_rules

# Where each section sits: the top row follows the sheet's neighbours (a template crosses turret-left-front-right),
# the second row the bottom and the stern.
SHEET_ROWS = (("turret", "left", "front", "right"), ("bottom", "stern"))

# Component colours: crew, weapons, drive, protection, the rest.
COMPONENT_COLOURS = {
    "commander": "#f4c2c2", "gunner": "#f4c2c2", "driver": "#f4c2c2",
    "turret_weapons": "#f9d99a", "hull_weapons_1": "#f9d99a", "hull_weapons_2": "#f9d99a", "targeting": "#f9e7b0",
    "ammo": "#f7b267", "vane": "#c8e6c9", "grav_drive": "#a5d6a7", "thrust_quarter": "#b2dfdb",
    "thrust_half": "#b2dfdb", "thrust_three_quarters": "#b2dfdb", "engine": "#a5d6a7", "mobility": "#c8e6c9",
    "shield_1": "#bbdefb", "shield_2": "#bbdefb", "tsr_1": "#d1c4e9", "tsr_2": "#d1c4e9", "comm": "#d1c4e9",
    "infantry": "#e1bee7", "vehicle_destroyed": "#9e9e9e", "digging": "#d7ccc8",
}
ARMOR_COLOUR, LOST_ARMOR, CROSSED, PENDING, LOST_INTERNAL, EMPTY = (
    "#e8e8e0", "#555555", "#ffffff", "#ff8f00", "#8b0000", "#fafafa")
BOX = 15  # px per box: its letter at 11 px stays readable (W15)


def component_name(component: str) -> str:
    """A component key as the sheet prints it: 'thrust_half' -> 'Thrust 1/2'."""
    special = {"thrust_quarter": "Thrust 1/4", "thrust_half": "Thrust 1/2", "thrust_three_quarters": "Thrust 3/4",
               "tsr_1": "TS&R", "tsr_2": "TS&R", "targeting": "Targ", "shield_1": "Shield", "shield_2": "Shield",
               "vehicle_destroyed": "Vehicle Destroyed", "comm": "Communications", "hull_weapons_1": "Hull weapons 1",
               "hull_weapons_2": "Hull weapons 2", "turret_weapons": "Turret weapons", "grav_drive": "Grav Drive"}
    return special.get(component, component.replace("_", " ").capitalize())


def _cell(colour: str, text: str = "", *, title: str = "", outline: bool = False,
          kind: str = "") -> str:
    """One box. Plain armor, lost armor and crossed boxes use a CSS class (most of the sheet: small HTML)."""
    cls = f"rs-box {kind}".strip()
    style = "" if kind else f"background:{colour};"
    if outline:
        style += "outline:2px solid #d50000;outline-offset:-2px;"
    attrs = f" style='{style}'" if style else ""
    if title:
        attrs += f" title='{html.escape(title)}'"
    return f"<td class='{cls}'{attrs}>{html.escape(text)}</td>"


def section_html(sheet: RecordSheet, section: str, recent: frozenset[tuple[str, int, int]] = frozenset()) -> str:
    """One section: its title, armor rows (unused crossed, lost dark), internal rows with component letters."""
    rows = sheet_rows(sheet, section)
    layout = sheet.vehicle.internals
    sec = sheet.armor[section]
    body = []
    for r, line in enumerate(rows):
        cells = []
        for c, ch in enumerate(line):
            hot = (section, r, c) in recent
            where = f"{section} internal row {r - ARMOR_ROWS + 1} column {c + 1}"
            if r < ARMOR_ROWS:
                if ch == "/":
                    cells.append(_cell(CROSSED, kind="rs-c"))
                elif ch == "x":
                    cells.append(_cell(LOST_ARMOR, outline=hot, kind="rs-x"))
                else:
                    cells.append(_cell(ARMOR_COLOUR, outline=hot, kind="rs-a"))
                continue
            name = layout.component_at(section, (r - ARMOR_ROWS) * COLUMNS + c) if layout is not None else None
            label = component_name(name) if name else "empty internal box"
            letter = layout.symbols.get(name, "") if (layout is not None and name) else ""
            if ch == "*":
                cells.append(_cell(PENDING, letter, title=f"{where}: {label} hit, takes effect after all fire "
                                                          "(CEN-SEQ-3)", outline=hot))
            elif ch == "#":
                cells.append(_cell(LOST_INTERNAL, letter, title=f"{where}: {label} lost", outline=hot))
            else:
                cells.append(_cell(COMPONENT_COLOURS.get(name, EMPTY) if name else EMPTY, letter,
                                   title=f"{where}: {label}"))
        sep = " style='border-top:2px solid #222'" if r == ARMOR_ROWS else ""
        body.append(f"<tr{sep}>{''.join(cells)}</tr>")
    head = (f"<div class='rs-title'><b>{section.capitalize()}</b> {sec.intact}/{sec.armor}"
            + (f" · shield {sheet.shield_factor(section)}" if section not in ("bottom",) else "") + "</div>")
    return (f"<div class='rs-section' data-section='{section}'>{head}"
            f"<table class='rs-grid'>{''.join(body)}</table></div>")


def _legend(sheet: RecordSheet) -> str:
    layout = sheet.vehicle.internals
    if layout is None:
        return ""
    seen: dict[str, str] = {}
    for name, letter in layout.symbols.items():
        if any(c == name for (_s, c) in layout.boxes):
            colour = COMPONENT_COLOURS.get(name, EMPTY)
            seen.setdefault(component_name(name),
                            f"<span class='rs-key' style='background:{colour}'>{html.escape(letter)}</span>")
    keys = " ".join(f"<span style='white-space:nowrap'>{v} {html.escape(k)}</span>" for k, v in seen.items())
    states = (f"<span class='rs-key' style='background:{PENDING}'>&nbsp;</span> hit, pending (CEN-SEQ-3) "
              f"<span class='rs-key' style='background:{LOST_INTERNAL}'>&nbsp;</span> lost "
              f"<span class='rs-key' style='background:{LOST_ARMOR}'>&nbsp;</span> armor lost "
              "<span class='rs-key' style='outline:2px solid #d50000'>&nbsp;</span> last hit")
    return f"<div class='rs-legend'>{keys}<br>{states}</div>"


def _side_panel(sheet: RecordSheet, velocity: int | None) -> str:
    v = sheet.vehicle
    shields = " ".join(f"{f} {sheet.shield_factor(f)}" + ("" if sheet.shield_factor(f) == v.shield_factor(f)
                                                           else f" (was {v.shield_factor(f)})")
                       for f in ("front", "left", "right", "stern"))
    weapons = []
    for i, wp in enumerate(v.weapons):
        ok = sheet.weapon_usable(i) if wp.location in WEAPON_COMPONENT else sheet.may_fire
        ammo = ""
        if wp.type.startswith(("SMLM", "TVLG")):
            kind = wp.type.split()[0]
            ammo = f" · {sheet.missiles_left(kind)} {kind} left"
        mark = "" if ok else " <b style='color:#b00020'>out</b>"
        weapons.append(f"<li>{html.escape(wp.type)} ({html.escape(wp.location)}){ammo}{mark}</li>")
    top = max(v.thrust * 2, 6) if v.kind == "grav" else v.thrust
    here = " style='background:#1f4e9c;color:#fff'"
    track = "".join(
        f"<span class='rs-vel'{here if velocity == n else ''}>{n}</span>"
        for n in range(-3 if v.kind == "grav" else 0, top + 1))
    crew = ", ".join(f"{m.role} {'ok' if m.state == 'ok' else '<b>' + m.state + '</b>'}" for m in sheet.crew)
    charges = f"smoke {sheet.smoke_left}/{v.smoke_charges}"
    if v.digging_charges:
        charges += f" · digging {sheet.digging_left}/{v.digging_charges}"
    if v.infantry_capacity:
        charges += f" · infantry aboard {sheet.infantry_aboard}"
    status = (f"<div style='color:#b00020'><b>Destroyed</b>: {html.escape(sheet.destroyed_by() or '')}</div>"
              if sheet.destroyed else "")
    thrust = f"max thrust {sheet.max_thrust} of {v.thrust}" if v.kind == "grav" else f"MP {sheet.max_thrust}"
    return (f"<div class='rs-side'>{status}<div><b>Shields</b>: {shields}</div>"
            f"<div><b>Weapons</b><ul style='margin:0;padding-left:18px'>{''.join(weapons)}</ul></div>"
            f"<div><b>Velocity</b> ({thrust}):<div style='white-space:nowrap'>{track}</div></div>"
            f"<div><b>Charges</b>: {charges}</div><div><b>Crew</b>: {crew}</div></div>")


STYLE = f"""<style>
.centurion-sheet .rs-grid{{border-collapse:collapse;margin:0}}
.centurion-sheet .rs-box{{border:1px solid #777;padding:0;font-size:11px;line-height:13px;text-align:center;
 font-family:monospace;overflow:hidden;width:{BOX}px;height:{BOX}px}}
.centurion-sheet .rs-a{{background:{ARMOR_COLOUR}}}
.centurion-sheet .rs-x{{background:{LOST_ARMOR}}}
.centurion-sheet .rs-c{{background:linear-gradient(to top right,#fff 45%,#999 47%,#999 53%,#fff 55%)}}
.centurion-sheet .rs-vel{{display:inline-block;width:15px;text-align:center;border:1px solid #999;font-size:11px}}
.centurion-sheet .rs-section{{display:inline-block;vertical-align:top;margin:0 6px 6px 0}}
.centurion-sheet .rs-title{{font-size:12px}}
.centurion-sheet .rs-key{{display:inline-block;min-width:11px;text-align:center;font-family:monospace;
 font-size:11px;border:1px solid #777;margin-left:6px}}
.centurion-sheet .rs-legend,.centurion-sheet .rs-side{{font-size:12px;margin:4px 0}}
</style>"""


def sheet_html(sheet: RecordSheet, *, velocity: int | None = None,
               recent: Iterable[tuple[str, int, int]] = ()) -> str:
    """The whole sheet as HTML (CEN-REC-1); `recent` = (section, row, column) boxes outlined as the last hit."""
    hot = frozenset(recent)
    rows = "".join("<div>" + "".join(section_html(sheet, s, hot) for s in names if s in sheet.vehicle.armor)
                   + "</div>" for names in SHEET_ROWS)
    title = f"<div><b>{html.escape(sheet.vehicle.label)}</b> — record sheet (CEN-REC-1)</div>"
    return link_rules(f"{STYLE}<div class='centurion-sheet'>{title}"
                      f"<div style='display:flex;gap:12px;flex-wrap:wrap'><div>{rows}</div>"
                      f"<div style='max-width:400px'>{_side_panel(sheet, velocity)}</div></div>"
                      f"{_legend(sheet)}</div>")


class RecordSheetView(w.HTML):
    """A record sheet on the page: `RecordSheetView(sheet)`, then `.update(sheet)` after each change."""

    def __init__(self, sheet: RecordSheet, *, velocity: int | None = None) -> None:
        super().__init__()
        self.add_class("centurion-record-sheet")
        self.sheet = sheet
        self.velocity = velocity
        self.recent: frozenset[tuple[str, int, int]] = frozenset()
        self.update(sheet, velocity=velocity)

    def update(self, sheet: RecordSheet, *, velocity: int | None = None,
               recent: Iterable[tuple[str, int, int]] = ()) -> None:
        """Show `sheet`; `recent` boxes (section, row, column; rows from the top) are outlined as the last hit."""
        self.sheet = sheet
        if velocity is not None:
            self.velocity = velocity
        self.recent = frozenset(recent)
        self.value = sheet_html(sheet, velocity=self.velocity, recent=self.recent)


def mark_boxes(mark: object) -> tuple[tuple[str, int, int], ...]:
    """The (section, row, column) boxes a `damage.HitMark` destroyed, for `update(recent=...)`."""
    section = mark.section
    out = [(section, b // COLUMNS, b % COLUMNS) for b in mark.armor]
    out += [(s, ARMOR_ROWS + b // COLUMNS, b % COLUMNS) for s, b in mark.internal]
    return tuple(out)
