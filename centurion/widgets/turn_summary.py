"""What happened since your last decision, on the Skirmish page (issue 26, W4, W5, W17).

Views only: the facts come from `centurion.game.summary.turn_summary`. A short summary above the log; the moves
as trails on the map that fade toward where each move began; the units that were hit outlined; damaged vehicles
with a red corner and wrecks in grey, as damage markers on paper counters; a stack count on a hex with more
than one unit, and every unit of a hex listed when the pointer is over it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..data import terrain_table
from ..game import Skirmish
from ..game.summary import TurnSummary, span_since, turn_summary
from ..game.wording import in_words, plural
from ..hexgrid import Hex, distance
from ..rules.infantry_fire import tvlgs_available
from .hexmap import Counter, Overlay, terrain_key_html
from .stored_page import PERSON, who_plays

WRECK = "#6b6b6b"
HIT = "#ff6d00"  # the outline of a unit hit since your last decision
WATCH = "#00e5ff"  # the outline of a unit standing on opportunity fire (CEN-OPP-1): cyan shows on red and blue
# counters alike (walk of session 52: the first blue vanished on the Renegades' dark blue)
OPPORTUNITY_SHOT = "#d500f9"  # the line of the opportunity shot picked, to the hex of the move where it is taken
FACING_NAMES = ("N", "NE", "SE", "S", "SW", "NW")


def page_summary(page: Any) -> TurnSummary | None:
    """What happened since the person's last decision on a battle page (cached per step); when that was nothing
    worth telling (an initiative roll, the order), the whole last turn instead. None on a replayed step, in a
    Centuria battle, or before anything happened."""
    return _summary(page)[1]


def summary_title(page: Any) -> str:
    """The heading of the page's summary: since your last decision, this turn so far, or turn N."""
    return _summary(page)[0]


def _summary(page: Any) -> tuple[str, TurnSummary | None]:
    states = getattr(page, "states", None)
    if not states or page.viewing is not None or not isinstance(states[-1], Skirmish):
        return "", None
    key = (len(states), id(states[-1]))
    cached = getattr(page, "_summary_cache", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    start = span_since(states, page.actors, "person")
    person = "person" in page.actors
    title = "Your last decision and what followed" if person else "This turn so far"
    summary = (turn_summary(states[start], states[-1], states[start + 1:-1]) if start < len(states) - 1
               else None)
    turn = states[-1].turn
    now = next((i for i, st in enumerate(states) if st.turn == turn), None)
    if (summary is None or not summary.lines) and now is not None and now < start:  # nothing new: this turn so far
        summary, title = turn_summary(states[now], states[-1], states[now + 1:-1]), "This turn so far"
    if (summary is None or not summary.lines) and turn > 1:  # nothing this turn yet: the last turn, whole
        first = next((i for i, st in enumerate(states) if st.turn == turn - 1), None)
        last = next((i for i, st in enumerate(states) if st.turn == turn), None)
        if first is not None and last is not None:  # (a page opened mid-game has not seen the last turn)
            summary, title = turn_summary(states[first], states[last], states[first + 1:last]), f"Turn {turn - 1}"
    page._summary_cache = (key, (title, summary))
    return title, summary


def summary_html(summary: TurnSummary | None, title: str = "Since your last decision") -> str:
    """The summary box above the log (empty when nothing happened)."""
    if summary is None or not summary.lines:
        return ""
    items = "".join(f"<li>{html.escape(in_words(line))}</li>" for line in summary.lines[:24])
    more = f"<li>… and {len(summary.lines) - 24} more (see the log)</li>" if len(summary.lines) > 24 else ""
    return (f'<div class="centurion-turn-summary" style="border:1px solid #d9c89e;background:#fffaf0;'
            f'padding:4px 8px;margin:4px 0;font-size:13px"><b>{html.escape(title)}</b> (moves drawn as trails on '
            f"the map, units hit outlined in orange)<ul style='margin:2px 0 2px 18px;padding:0'>{items}{more}</ul>"
            "</div>")


def newest_first(log: Sequence[str]) -> list[str]:
    """A log with the latest decision first, each decision's own indented lines (dice, results) kept under it in
    the order they happened, so the log reads one way in both games (W25)."""
    blocks: list[list[str]] = []
    for line in log:
        if line.startswith(" ") and blocks:
            blocks[-1].append(line)
        else:
            blocks.append([line])
    return [line for block in reversed(blocks) for line in block]


def unit_counters(g: Skirmish, selected: str | None, colors: tuple[str, str]) -> list[Counter]:
    """The counters of a Centurion game: live vehicles (a red corner once damaged, a target mark while painted),
    wrecks in grey, squads, and on a hex of several units the number stacked there (W4)."""
    sides = g.sides
    counters: list[Counter] = []
    stack: dict[Hex, int] = {}
    for v in g.vehicles:
        if v.destroyed:
            continue
        stack[v.hex] = stack.get(v.hex, 0) + 1
    for q in g.squads:
        if q.hex is not None and q.men > 0:
            stack[q.hex] = stack.get(q.hex, 0) + 1
    for v in g.vehicles:  # wrecks under the live counters
        if v.destroyed and v.hex not in stack:
            counters.append(Counter(v.hex, v.facing, "grav", WRECK, v.key[-2:], damaged=True))
    for v in g.vehicles:
        if v.destroyed:
            continue
        counters.append(Counter(v.hex, v.facing, "grav", colors[sides.index(v.side)], v.key[-2:],
                                selected=v.key == selected, damaged=damaged(v), stack=stack[v.hex],
                                painted=bool(v.painted_by)))
    for q in g.squads:
        if q.hex is not None and q.men > 0:
            counters.append(Counter(q.hex, 0, "infantry", colors[sides.index(q.side)], squad_number(q.key),
                                    selected=q.key == selected, stack=stack[q.hex]))
    return counters


def squad_number(key: str) -> str:
    """A squad's counter label: its carrier's number ("21" for T21s), over the infantry symbol; before, every squad
    read "i" and two squads could not be told apart on the map (walk of session 52)."""
    core = key[:-1] if key.endswith("s") else key
    return core[-2:]


def damaged(v: Any) -> bool:
    """Whether a vehicle has lost armor, a weapon or a crew member (a damage marker on its counter)."""
    s = v.sheet
    return (any(sec.intact < sec.armor for _n, sec in s.armor.sections)
            or any(not s.weapon_usable(i) for i, _w in enumerate(s.vehicle.weapons))
            or any(m.state != "ok" for m in s.crew))


def key_html(g: Skirmish, players: dict[str, str], colors: tuple[str, str]) -> str:
    """The map's key (W17): each side's colour and who plays it, and every mark the map draws."""
    chips = " ".join(
        f"<span style='display:inline-block;width:12px;height:12px;background:{colors[i]};vertical-align:middle;"
        f"border:1px solid #111'></span> {html.escape(g.label(s))} "
        f"({who_plays(players.get(s, PERSON))})" for i, s in enumerate(g.sides))
    marks = ("orange ring: an objective (held by a side with a unit within 1 hex and no enemy unit within 1); "
             "green hatching: where the selected vehicle may end its move (red: only by a crash landing); "
             "coloured trail: a move since your last decision, pale where it began; orange outline: a unit hit "
             "since then; red corner: a damaged vehicle; purple target mark at a counter's lower left: a vehicle "
             "painted this turn (its shields do not count against lasers and missiles, book-a §7.2); "
             "grey counter: a wreck; yellow number: units stacked in the hex (all listed when you point at it; "
             "click the hex again to select the next unit of the stack); "
             "cyan outline: a unit standing on opportunity fire while units move (CEN-OPP-1); magenta line and "
             "outline: the opportunity shot picked in the list, to the hex of the move where it is taken; "
             "with a vehicle selected, pointing at a hex gives the range from it; "
             "white point on a counter's edge: the hexside the unit faces, its front")
    # one line until opened: the banner, the hint and the map fit on one screen at 1024×768 (issue 26, item 5)
    return (f"<details class='centurion-map-key' style='font-size:12px;padding:2px 6px'><summary><b>Key</b>: "
            f"{chips} (click for the map's marks and colours)</summary>{html.escape(marks)}.<br>"
            f"{terrain_key_html(g.battlemap, terrain_table())}.</details>")  # the colours too (walk 3, finding 7)


def _fade(color: str, t: float) -> str:
    """`color` blended toward white by t (0: the colour, 1: white)."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(round(c + (255 - c) * t) for c in (r, g, b)))


def watch_outlines(g: Skirmish) -> list[tuple[Hex, str]]:
    """In the movement phase (its opportunity decisions too), a cyan outline for each unit standing on opportunity
    fire that has not fired yet (CEN-OPP-1: the watch is declared in the open, instead of a move)."""
    if g.phase not in ("movement", "opportunity") or g.over:
        return []
    units = g.combat_units()
    return [(units[k].hex, WATCH) for k in sorted(g.watching) if k in units and k not in g.opp_fired]


def add_marks(ov: Overlay, g: Skirmish, summary: TurnSummary | None, colors: tuple[str, str]) -> None:
    """Draw the summary on the overlay: each move as a trail, pale where it began and in the side's colour where it
    ended; each unit hit outlined in orange."""
    if summary is None:
        return
    for trail in summary.trails:
        n = len(trail.hexes) - 1
        base = colors[g.sides.index(trail.side)]
        for i in range(n):
            ov.lines.append((trail.hexes[i], trail.hexes[i + 1], _fade(base, 0.75 * (1 - (i + 1) / n))))
    where = {v.key: v.hex for v in g.vehicles}
    ov.outlines += [(where[k], HIT) for k in summary.hit_units if k in where]


def units_here(g: Skirmish, hex_: Hex, selected: str | None = None) -> list[tuple[str, str]]:
    """Every unit in a hex with its state, for the hex panel and the hover line (W4, W17), a squad carried by a
    vehicle under it (CEN-MNT-1); with a vehicle selected, the range from it in hexes, as a ruler (HEX-4)."""
    rows = []
    here = next((v for v in g.vehicles if v.key == selected and not v.destroyed), None)
    if here is not None and here.hex != hex_:
        rows.append((f"Range from {here.key}", plural(distance(here.hex, hex_), "hex")))
    for v in g.vehicles:
        if v.hex != hex_:
            continue
        s = v.sheet
        if v.destroyed:
            rows.append((v.key, f"{g.label(v.side)}, wreck ({s.destroyed_by()})"))
        else:
            armor = ", ".join(f"{n} {sec.intact}/{sec.armor}" for n, sec in s.armor.sections
                              if sec.intact < sec.armor)
            out = [wp.type for i, wp in enumerate(s.vehicle.weapons) if not s.weapon_usable(i)]
            rows.append((v.key, f"{g.label(v.side)} {s.vehicle.label}, facing {FACING_NAMES[v.facing]}, "
                                f"velocity {v.velocity}" + (", grounded" if v.grounded else "")
                                + (", in a crater (hull down, CEN-CRT-1)" if v.in_crater else "")  # walk 34
                                + (", under water (CEN-GRD-2)" if v.submerged else "")
                                + (f"; armor {armor}" if armor else "") + (f"; out: {', '.join(out)}" if out else "")))
        rows += _carried(g, v.key)
    rows += [(q.key, squad_state(g, q)) for q in g.squads if q.hex == hex_ and q.men > 0]
    cycle = stack_cycle(g, hex_)
    if len(cycle) > 1:  # how to reach each unit of the stack (walk-through 8)
        rows.append(("Stack", f"{len(cycle)} units to select here ({', '.join(cycle)}): each click on the hex "
                              "selects the next one"))
    return rows


def squad_state(g: Skirmish, q: Any) -> str:
    """A squad on the ground in words: its men, its TVLGs left (a TVLG squad, book-a 16.3-16.4) and whether it is
    concealed this turn (only a unit in its hex may engage it, book-a 16.7); walk of session 30: no mark said so."""
    text = f"{g.label(q.side)} squad, {q.men} men"
    u = g.combat_units().get(q.key)
    if u is not None and u.squad_kind == "tvlg":
        text += f", {plural(tvlgs_available(q.men, q.tvlgs_left), 'TVLG')} left to fire"
    if g.concealed(q.key):
        text += ", concealed: only a unit in its hex may engage it this turn (book-a 16.7)"
    return text


def _carried(g: Skirmish, key: str) -> list[tuple[str, str]]:
    """The squads riding in vehicle `key`, listed under it: they stand in its hex but take no click of their own
    (a mounted squad does nothing but ride, CEN-MNT-1); see docs/decisions.md, "Stack list: carried squads"."""
    return [(q.key, f"{g.label(q.side)} squad, {q.men} men, carried by {key} (CEN-MNT-1)")
            for q in g.squads if q.aboard == key and q.men > 0]


def stack_cycle(g: Skirmish, hex_: Hex) -> list[str]:
    """The units that clicks on `hex_` select in turn: the vehicles there still to move and the squads there with a
    decision (mount, march, conceal: CEN-MNT-1, CEN-INF-1) in the Movement Phase, else every live unit there (a
    stack, CEN-STK-1)."""
    here = [v.key for v in g.vehicles if v.hex == hex_ and not v.destroyed]
    here += [q.key for q in g.squads if q.hex == hex_ and q.men > 0]
    movers = {v.key for v in g.movers()} | {getattr(a, "squad", None) for a in g.movement_others()}
    return [k for k in here if k in movers] or here


__all__ = ["HIT", "OPPORTUNITY_SHOT", "WATCH", "WRECK", "add_marks", "damaged", "newest_first", "page_summary",
           "summary_html", "summary_title", "key_html", "stack_cycle", "unit_counters", "units_here"]
