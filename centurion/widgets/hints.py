"""Hints for a first game on the Skirmish page (issue 26, item 4): for every phase, what to click and why, with the
rule behind it (each rule ID becomes a link to the reference); a checkbox switches them off."""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from ..game import Skirmish, scenarios
from ..hexgrid import Hex, distance, format_label
from .reference import link_rules
from .turn_summary import stack_cycle

FIRST_GAME = "first_game"  # the short scenario the front page offers a newcomer first

_PHASE_HINTS = {
    "initiative": "Pick how many Leadership points to spend on the initiative roll (0 is a fine start) and click "
                  "Confirm. Each side rolls a d10; the lower total wins the initiative [CEN-INI-1]. Points you do "
                  "not spend buy passes, 3 points each [CEN-INI-2].",
    "order": "You won the initiative. Pick 'moves last (side B)' to see where the enemy goes before you move, then "
             "click Confirm [CEN-SEQ-2].",
    "opportunity": "An enemy moved in sight of your tank waiting on opportunity fire: pick 'fires on' to shoot now, "
                   "or let it pass, then Confirm [CEN-OPP-1].",
    "painting": "Painting: a painting laser that hits makes the enemy easier for your missiles. Pick one of your "
                "tanks and the enemy it paints (or 'does not paint') and Confirm [CEN-SEQ-1, CEN-SEQ-3].",
    "fire": "Fire: pick one of your tanks and its target; the text under the list gives each weapon's chance to "
            "hit. Confirm to declare; all fire is rolled together once both sides have declared [CEN-SEQ-3].",
    "end": "End Phase: click 'End phase' to finish the turn (you may first lay smoke in a tank's hex) "
           "[CEN-SEQ-1].",
}


def suggested_end(g: Skirmish, selected: str, moves: Iterable[tuple[Any, Any]]) -> Hex | None:
    """A shaded end hex to try first: the safest ends that do not crash-land, in a hex with no other unit (no stack
    to click through, CEN-STK-1), nearest the first objective; among the listed moves that end no faster than the
    tank flies now where there are any (braking keeps it near the objective, CEN-GRAV-4); None when nothing is
    shaded (CEN-GRAV-2)."""
    return _suggestion(g, selected, moves)[0]


def slow_limit(g: Skirmish, selected: str) -> int:
    """The fastest end velocity the suggested end may have: the velocity now, so that the tank does not speed up
    (walk 3, finding 6); from a standstill its thrust, from which it can still stop next turn (CEN-GRAV-1; walk of
    session 28: at velocity 0 the only end "no faster" was to stay, however far the objective)."""
    v = g.vehicle(selected)
    if v.velocity or v.sheet is None:
        return v.velocity
    return v.sheet.max_thrust


def _suggestion(g: Skirmish, selected: str, moves: Iterable[tuple[Any, Any]]) -> tuple[Hex | None, bool]:
    """The end hex to try first and whether one of its listed moves ends no faster than now (walk 3, finding 6)."""
    moves = list(moves)
    limit = slow_limit(g, selected)
    slow = [(m, e) for m, e in moves if not e.grounded and g.end_velocity(m.unit, m.move) <= limit]
    ends = [e for _m, e in slow] or [e for _m, e in moves if not e.grounded] or [e for _m, e in moves]
    if not ends:
        return None, False
    taken = {v.hex for v in g.vehicles if v.key != selected and not v.destroyed}
    best = max(e.p_no_damage for e in ends)
    ends = [e for e in ends if e.p_no_damage == best]
    ends = [e for e in ends if e.hex not in taken] or ends
    aim = g.scenario.objectives[0].hex if g.scenario.objectives else g.vehicle(selected).hex
    return min((e.hex for e in ends), key=lambda h: (distance(h, aim), format_label(h))), bool(slow)


def stack_note(g: Skirmish, selected: str | None) -> str:
    """'R11 is one of 2 units in 1013 (R11, R12): click the hex again to select R12.' when the selected unit stands
    in a stack (CEN-STK-1) whose units a click selects in turn; '' otherwise (walk-through 8)."""
    v = next((u for u in (*g.vehicles, *g.squads) if u.key == selected and getattr(u, "hex", None) is not None),
             None)
    cycle = stack_cycle(g, v.hex) if v is not None else []
    if len(cycle) < 2 or selected not in cycle:
        return ""
    nxt = cycle[(cycle.index(selected) + 1) % len(cycle)]
    return (f"{selected} is one of {len(cycle)} units in {format_label(v.hex)} ({', '.join(cycle)}): click the hex "
            f"again to select {nxt}.")


def hint_text(g: Skirmish, selected: str | None, target: Any, yours: bool,
              moves: Iterable[tuple[Any, Any]] | None = None) -> str:
    """The hint for this moment of the game: what to click and why, with the rule IDs; `moves` are the selected
    vehicle's moves shaded on the map (its legal moves when None)."""
    if g.over:
        return ("The game is over: the box above the map says who won and why. Click 'Start a new game' to play "
                "again, or pick another scenario.")
    if not yours:
        return "Wait: the other side is deciding. Its moves will be drawn as trails on the map."
    if g.phase == "movement":
        movers = {v.key: v for v in g.movers()}
        if selected not in movers:
            where = ", ".join(f"{k} in {format_label(v.hex)}" for k, v in movers.items())
            return (f"Movement: click one of your tanks that has not moved yet ({where}). Its counter shows "
                    "its number; the white point shows where it faces [CEN-SEQ-2].")
        if target is None:
            try_, slow = _suggestion(g, selected, g.move_options(selected) if moves is None else moves)
            now = g.vehicle(selected).velocity
            here = g.vehicle(selected).hex
            first = "" if try_ is None else (
                f" Try {format_label(try_)} first, the hex it is in: it may stay there, a safe end near the "
                "objective with no other tank in it." if try_ == here else (
                f" Try {format_label(try_)} first: a safe end near the objective, no other tank in it, where "
                f"{selected} can end at velocity {now} or slower." if slow and now else
                f" Try {format_label(try_)} first: a safe end near the objective, no other tank in it, where "
                f"{selected} ends at velocity {slow_limit(g, selected)} or slower, slow enough to stop next turn "
                "[CEN-GRAV-1]." if slow else
                f" Try {format_label(try_)} first: a safe end near the objective, but every shaded end makes "
                f"{selected} speed up past velocity {now}."))
            brake = (f" To brake, pick 'end at velocity {now}' or slower in the Speed list: next turn it flies fewer "
                     "hexes and stays near the bridge [CEN-GRAV-4]." if now else
                     " At velocity 0 it may stay where it is, or accelerate and fly [CEN-GRAV-1].")
            return (f"Now click one of the green hatched hexes: each is where {selected} can end its move (it flies "
                    f"as many hexes as its velocity, or stops short and grounds) [CEN-GRAV-2, CEN-GRD-1].{first}"
                    f"{brake} The orange ring is the bridge: end within 1 hex of it to hold it.")
        return ("Pick a move in the list: the percentage is the chance it ends without damage (pick 100% safe if "
                "you can; 'grounded' at 0% safe is a crash landing that can destroy the tank) [CEN-SPD-1, "
                "CEN-GRD-1]. Then click Confirm.")
    return _PHASE_HINTS.get(str(g.phase), "Pick a decision in the list and click Confirm.")


def hint_html(g: Skirmish, selected: str | None, target: Any, yours: bool, on: bool,
              moves: Iterable[tuple[Any, Any]] | None = None) -> str:
    """The hint box under the banner, or '' with the hints switched off."""
    if not on:
        return ""
    text = hint_text(g, selected, target, yours, moves)
    if yours and not g.over and target is None and stack_note(g, selected):  # a stack was clicked (walk 8)
        text = f"{stack_note(g, selected)} {text}"
    text = link_rules(html.escape(text))
    # room for three lines: a hint of another length does not move the map under the pointer (walk-through, 12)
    return (f"<div class='centurion-hint' style='padding:4px 8px;margin-top:2px;background:#fff8e1;"
            f"border-left:4px solid #f9a825;font-size:14px;line-height:1.45;min-height:4.4em'><b>Hint</b>: {text}"
            "</div>")


def hints_checkbox(handler: Any) -> w.Checkbox:
    """The 'Show hints' checkbox: on at first; `handler` runs when the player switches it."""
    box = w.Checkbox(value=True, description="Show hints", indent=False, layout=w.Layout(width="110px"))
    box.add_class("centurion-hints-toggle")
    box.observe(handler, names="value")
    return box


def requested_scenario(default: str) -> str:
    """The scenario a link asked for (`skirmish.ipynb?scenario=first_game`), else `default`; an unknown name is
    ignored. Voila passes the page's query string to the kernel as QUERY_STRING."""
    wanted = parse_qs(os.environ.get("QUERY_STRING", "")).get("scenario", [""])[0].strip()
    return wanted if wanted in scenarios("all") else default


__all__ = ["FIRST_GAME", "hint_html", "hint_text", "hints_checkbox", "requested_scenario", "stack_note",
           "suggested_end"]
