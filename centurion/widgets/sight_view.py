"""SightExplorer: click a firer and a target on the map; the line, what each hex does and the verdict (CEN-LOS-1).

A view only: the verdict, the deciding hex and the role of every hex come from `rules.sight_cells` (a reading of
`rules.sight.line_of_sight`); "everything it sees" is `rules.sight.sight_from`.
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..data import BattleMap, MapHex, TerrainTable, terrain_table
from ..game.wording import counted, sentence
from ..hexgrid import Hex, format_label
from ..rules.sight import blocking_height, sight_from
from ..rules.sight_cells import sight_cells
from .hexmap import DEFAULT_SIZE, Counter, HexMapView, Overlay
from .reference import link_rules
from .safety import MessageArea, guarded

ROLE_COLOURS = {
    "end": "#1f4e9c", "clear": "#7cc47c", "blocking": "#e53935", "deciding": "#b71c1c",
    "dead zone": "#8e24aa", "spine, counted": "#fb8c00", "spine, not counted": "#ffe082",
}
SEEN_COLOUR = "#42a5f5"


class SightExplorer(w.VBox):
    """Line of sight on the battlefield: next click places the firer or the target; the panel gives the verdict."""

    def __init__(self, battlemap: BattleMap, terrain: TerrainTable | None = None, *,
                 firer: Hex | None = None, target: Hex | None = None, size: float = DEFAULT_SIZE) -> None:
        self.battlemap = battlemap
        self.terrain = terrain or terrain_table()
        self.firer, self.target = firer, target
        self.place = w.ToggleButtons(options=["firer", "target"], value="firer" if firer is None else "target",
                                     description="Next click places the", style={"description_width": "initial"})
        self.show_all = w.Checkbox(value=False, description="Shade everything the firer can see", indent=False)
        self.show_all.observe(self._on_toggle, names="value")
        self.verdict = w.HTML()
        self.verdict.add_class("centurion-sight-verdict")
        self.message = MessageArea()
        legend = " ".join(f"<span style='display:inline-block;width:11px;height:11px;background:{c}'></span> {r}"
                          for r, c in ROLE_COLOURS.items())
        self.legend = w.HTML(f"<div style='font-size:12px'>{legend} <span style='display:inline-block;width:11px;"
                             f"height:11px;background:repeating-linear-gradient(45deg,{SEEN_COLOUR} 0 2px,"
                             "#fff 2px 4px)'>"
                             "</span> in sight "
                             "of the firer (hatched)</div>")
        self.verdict.layout = w.Layout(max_height="420px", overflow="auto")
        self.map = HexMapView(battlemap, self.terrain, size=size, hex_details=self._details, side_panel=self.verdict)
        self.map.on_hex_click(self._on_click)
        self.map.show_hexes([h for h in (self.firer, self.target) if h is not None])  # in view at first (W26)
        super().__init__([w.HBox([self.place, self.show_all]), self.legend, self.map, self.message])
        self.add_class("centurion-sight")
        self.refresh()

    def _details(self, cell: MapHex) -> list[tuple[str, str]]:
        return [("Height for sight", f"{blocking_height(self.battlemap, cell.hex, self.terrain)} (CEN-LOS-1)")]

    @guarded()
    def _on_click(self, hex_: Hex) -> None:
        self.click(hex_)

    @guarded()
    def _on_toggle(self, _change: object = None) -> None:
        self.refresh()

    def click(self, hex_: Hex) -> None:
        """Place the firer or the target on `hex_` (the toggle says which), then show the line."""
        if hex_ not in self.battlemap:
            self.message.show(f"{hex_!r} is not on the map (HEX-2).", "refusal")
            return
        if self.place.value == "firer":
            self.firer = hex_
            self.place.value = "target"
        else:
            self.target = hex_
        self.message.clear()
        self.refresh()

    def refresh(self) -> None:
        """Redraw the counters and the overlay, and rewrite the verdict."""
        counters = []
        if self.firer is not None:
            counters.append(Counter(self.firer, 0, "grav", "#1f4e9c", "F"))
        if self.target is not None and self.target != self.firer:
            counters.append(Counter(self.target, 3, "grav", "#b71c1c", "T"))
        self.map.set_counters(counters)
        ov = Overlay(alpha=0.55)
        if self.firer is not None and self.show_all.value:
            seen = sight_from(self.battlemap, self.firer, table=self.terrain)
            ov.hatched += [(h, SEEN_COLOUR) for h in seen.visible]  # hatched: never read as water
        if self.firer is None or self.target is None:
            self.verdict.value = "<i>Click a hex for the firer, then one for the target.</i>"
            self.map.set_overlay(ov)
            return
        sight, cells = sight_cells(self.battlemap, self.firer, self.target, self.terrain)
        for c in cells:
            if c.role == "end":
                continue
            if self.show_all.value and c.role == "clear":
                continue
            ov.fills.append((c.hex, ROLE_COLOURS[c.role]))
        if sight.deciding is not None:
            ov.outlines.append((sight.deciding, "#000000"))
        ov.lines.append((self.firer, self.target, "#000000" if sight.seen else "#d50000"))
        self.map.set_overlay(ov)
        self.verdict.value = self.verdict_html(sight, cells)

    def verdict_html(self, sight: object, cells: tuple) -> str:
        """Seen or not, why, the deciding hex, every hex crossed with its height and role."""
        head = ("<b style='color:#1b7a1b'>SEEN</b>" if sight.seen else "<b style='color:#b00020'>NOT SEEN</b>")
        fl, tl = format_label(self.firer), format_label(self.target)
        deciding = (f" Deciding hex: <b>{format_label(sight.deciding)}</b> ({html.escape(sight.kind)})."
                    if sight.deciding is not None else "")
        rows = "".join(f"<tr><td>{format_label(c.hex)}</td><td style='text-align:right'>{c.height}</td>"
                       f"<td><span style='background:{ROLE_COLOURS[c.role]};display:inline-block;width:10px;"
                       f"height:10px'></span> {html.escape(c.role)}</td></tr>" for c in cells)
        why = html.escape(sentence(counted(sight.reason)))  # a sentence of its own after 'SEEN.' (W20)
        return link_rules(f"<div>{fl} → {tl}: {head}. {why} ({sight.rule}).{deciding}</div>"
                          f"<table class='centurion-terms'><tr><th>Hex</th><th>Height</th><th>Does</th></tr>"
                          f"{rows}</table>")
