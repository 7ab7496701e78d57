"""Hints for a first game on the Skirmish page (issue 26, item 4): for every phase, what to click and why, with the
rule behind it (each rule ID becomes a link to the reference); a checkbox switches them off."""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, NamedTuple
from urllib.parse import parse_qs

import ipywidgets as w

from ..game import Skirmish, scenarios
from ..hexgrid import Hex, distance, format_label
from .move_speed import end_velocity
from .reference import link_rules
from .turn_summary import stack_cycle

FIRST_GAME = "first_game"  # the short scenario the front page offers a newcomer first

_PHASE_HINTS = {
    "initiative": "Pick how many Leadership points to spend on the initiative roll (0 is a fine start) and click "
                  "Confirm. Each side rolls a d10; the lower total wins the initiative [CEN-INI-1]. Points you do "
                  "not spend buy passes, 3 points each [CEN-INI-2].",
    "opportunity": "An enemy moved in sight of a unit of yours waiting on opportunity fire (a {one} or a squad): "
                   "pick a shot in the list (who fires, at which hex of the move, at what range) to shoot now, or "
                   "'let ... pass', then Confirm [CEN-OPP-1].",
    "painting": "Painting: a painting laser that hits switches off the enemy's shields against your side's "
                "lasers, MDCs and missiles for the rest of the turn (Gauss ignores shields anyway). Pick one of your "
                "{many} and the enemy it paints (or 'does not paint') and Confirm [CEN-SEQ-1, CEN-SEQ-3].",
    "fire": "Fire: pick one of your {many} and its target; the text under the list gives each weapon's chance to "
            "hit. Confirm to declare; all fire is rolled together once both sides have declared [CEN-SEQ-3].",
    "end": "End Phase: click 'End phase' to finish the turn. To lay smoke first, click a {one} and pick one of its "
           "'lays smoke in ...' in the list: a charge smokes 3 hexes next to it, hatched dark grey on the map while "
           "it is picked (book-b §10.2), then Confirm [CEN-SEQ-1].",
}


# the phases VAR-INIT words its own way (third walk of session 49: the basic rule's hints stood beside its banner)
_VAR_INIT_HINTS = {
    "initiative": "Pick how many rating points to spend on the initiative roll (0 is a fine start) and click Confirm. "
                  "Each side rolls a d10 and adds the points it spends, +1 each; the higher total wins the "
                  "initiative, ties are rolled again [VAR-INIT].",
    "order": "You won the initiative: choose which side activates a platoon first. The sides then take turns; each "
             "activated platoon moves, paints and fires, its damage at once. Activating second lets you see the "
             "enemy's first platoon act before yours. Pick one and click Confirm [VAR-INIT].",
    "painting": "Painting: pick one of the activated platoon's {many} and the enemy it paints (or 'does not paint') "
                "and Confirm; the platoon's paints are rolled as soon as it has declared. A paint that hits "
                "switches off the enemy's shields against your side's lasers, MDCs and missiles for the rest of the "
                "turn [VAR-INIT, CEN-CMB-1].",
    "fire": "Fire: pick one of the activated platoon's {many} and its target; the text under the list gives each "
            "weapon's chance to hit. Confirm to declare; the platoon's fire is rolled, with all its damage, as soon "
            "as it has declared [VAR-INIT].",
}


def nouns(g: Skirmish, keys: Iterable[str] | None = None) -> tuple[str, str]:
    """('tank', 'tanks') when every vehicle named (default: the deciding side's live ones) is a tank by its record
    sheet's label (data/vehicles.yaml), else ('vehicle', 'vehicles'): the pursuit's Vipers are APCs (walk 30)."""
    wanted = None if keys is None else set(keys)
    vs = [v for v in g.vehicles if (v.key in wanted if wanted is not None else v.side == g.active and not v.destroyed)]
    tanks = bool(vs) and all(v.sheet is not None and " tank" in v.sheet.vehicle.label for v in vs)
    return ("tank", "tanks") if tanks else ("vehicle", "vehicles")


def suggested_end(g: Skirmish, selected: str, moves: Iterable[tuple[Any, Any]]) -> Hex | None:
    """A shaded end hex to try first: the safest ends of all, grounded ones included (a flying end only when it is
    as safe as the safest, walk 29), in a hex with no other unit (no stack to click through, CEN-STK-1), nearest the
    first objective; among the listed moves that end no faster than the tank flies now where there are any (braking
    keeps it near the objective, CEN-GRAV-4); None when nothing is shaded (CEN-GRAV-2)."""
    return _suggestion(g, selected, moves).hex


class Suggestion(NamedTuple):
    """The end to try first: its hex, whether one of its moves ends no faster than now, whether it lands, its
    chance of no damage (the game's `p_no_damage`)."""

    hex: Hex | None
    slow: bool = False
    grounded: bool = False
    p_no_damage: Fraction = Fraction(0)


def slow_limit(g: Skirmish, selected: str) -> int:
    """The fastest end velocity the suggested end may have: the velocity now, so that the tank does not speed up
    (walk 3, finding 6); from a standstill its thrust, from which it can still stop next turn (CEN-GRAV-1; walk of
    session 28: at velocity 0 the only end "no faster" was to stay, however far the objective)."""
    v = g.vehicle(selected)
    if v.velocity or v.sheet is None:
        return v.velocity
    return v.sheet.max_thrust


def _suggestion(g: Skirmish, selected: str, moves: Iterable[tuple[Any, Any]]) -> Suggestion:
    """The end to try first (walk 3, finding 6; walk 29: the safest of all ends, a landing when only a landing
    is that safe)."""
    moves = list(moves)
    if not moves:
        return Suggestion(None)
    best = max(e.p_no_damage for _m, e in moves)
    safest = [(m, e) for m, e in moves if e.p_no_damage == best]
    safest = [(m, e) for m, e in safest if not e.grounded] or safest  # in flight when as safe as a landing
    limit = slow_limit(g, selected)
    slow = [(m, e) for m, e in safest if end_velocity(g, m, e.grounded) <= limit]
    ends = [e for _m, e in slow or safest]
    taken = {v.hex for v in g.vehicles if v.key != selected and not v.destroyed}
    taken |= {q.hex for q in g.squads if q.hex is not None and q.men > 0 and q.aboard is None}  # walk of S31
    ends = [e for e in ends if e.hex not in taken] or ends
    aim = g.scenario.objectives[0].hex if g.scenario.objectives else g.vehicle(selected).hex
    hex_ = min((e.hex for e in ends), key=lambda h: (distance(h, aim), format_label(h)))
    return Suggestion(hex_, bool(slow), bool(ends[0].grounded), best)


def _safety(p: Fraction) -> str:
    """'a safe end' only when nothing can damage the tank, else its chance of no damage (walk 29)."""
    return "a safe end" if p == 1 else f"the safest end there is ({float(p):.0%} chance of no damage)"


def _first(g: Skirmish, selected: str, s: Suggestion) -> str:
    """The 'Try XXXX first' sentence of the movement hint (walk 3, finding 6; walk 29)."""
    if s.hex is None:
        return ""
    v = g.vehicle(selected)
    now, label, safety = v.velocity, format_label(s.hex), _safety(s.p_no_damage)
    if s.grounded:
        how = "a safe end: a controlled landing, no damage" if s.p_no_damage == 1 else safety
        where = "the hex it is in: brake and" if s.hex == v.hex else "brake,"
        return (f" Try {label} first, {where} land (ground) there, {how}; every end in flight is riskier "
                "[CEN-GRD-1].")
    if s.hex == v.hex:
        return f" Try {label} first, the hex it is in: it may stay there, {safety} near the objective with no other "\
               "unit in it."
    if s.slow and now:
        return (f" Try {label} first: {safety} near the objective, no other unit in it, where {selected} can end at "
                f"velocity {now} or slower.")  # how to pick a slower end: the braking sentence after it (walk 33b)
    if s.slow:
        return (f" Try {label} first: {safety} near the objective, no other unit in it, where {selected} ends at "
                f"velocity {slow_limit(g, selected)} or slower, slow enough to stop next turn [CEN-GRAV-1].")
    return (f" Try {label} first: {safety} near the objective, but every shaded end makes {selected} speed up past "
            f"velocity {now}.")


def _brake(g: Skirmish, selected: str, moves: list[tuple[Any, Any]]) -> str:
    """How to brake, naming only an end velocity that a listed move has (walk 29, finding 1)."""
    now = g.vehicle(selected).velocity
    if not now:
        return " At velocity 0 it may stay where it is, or accelerate and fly [CEN-GRAV-1]."
    # every flying end velocity slower than now, braking after the path included (the Speed list's, CEN-GRAV-4;
    # walk of session 33: the hint counted each end's own velocity only, and said no slower end flew)
    flying = {n for _m, e in moves if not e.grounded for n in range(max(0, e.velocity_min), e.velocity_max + 1)
              if n < now}
    top = max(flying, default=None)
    if top is None:
        if any(e.grounded for _m, e in moves):
            return f" No end in flight is slower than velocity {now}; the slower ones land [CEN-GRD-1]."
        return ""
    near = f"near {_objective_names(g)}" if g.scenario.objectives else "closer"
    return (f" To brake, pick 'end at velocity {top}' or slower in the Speed list: next turn it flies fewer hexes "
            f"and stays {near} (braking spends thrust) [CEN-GRAV-1, CEN-GRAV-2].")


def _objective_names(g: Skirmish) -> str:
    """The scenario's objectives by their names ("the bridge"; "the ridge road"), for the hints (book-b §15.2)."""
    return " and ".join(o.name for o in g.scenario.objectives)


def _ring_words(g: Skirmish) -> str:
    """What the orange ring on the map is, in this scenario's words ('' without objectives; walk of session 30: the
    village's hint spoke of a bridge)."""
    objectives = g.scenario.objectives
    if not objectives:
        return ""
    last = _last_turn(g)
    if len(objectives) == 1:
        return f" The orange ring is {objectives[0].name}: end within 1 hex of it to hold it.{last}"
    return f" The orange rings are {_objective_names(g)}: end within 1 hex of one to hold it.{last}"


def _last_turn(g: Skirmish) -> str:
    """The last turn's warning: what its end will count (walk 33b: an enemy that moved later denied the bridge, and
    nothing had said it could; book-b §15.2)."""
    if not g.scenario.objectives or g.turn < g.scenario.turns:
        return ""
    return (" This is the last turn: at its end an enemy unit within 1 hex denies an objective to you, even one that "
            "moves after you [CEN-SEQ-2].")


def _squads_first(g: Skirmish) -> str:
    """The squads of the moving platoon still to decide: they walk, conceal, mount or stand on opportunity fire
    before its last vehicle moves, or stay (walk of session 31: the squads' turn passed without a word)."""
    waiting = g.waiting_squads()
    if not waiting:
        return ""
    who = " and ".join(waiting) if len(waiting) < 3 else ", ".join(waiting[:-1]) + " and " + waiting[-1]
    kinds = {type(a).__name__ for a in g.movement_others()
             if getattr(a, "squad", None) in waiting or (type(a).__name__ == "Watch" and a.unit in waiting)}
    verbs = [v for k, v in (("March", "walk"), ("Conceal", "conceal"), ("Mount", "mount"),
                            ("Watch", "stand on opportunity fire")) if k in kinds]
    can = " or ".join(verbs) if len(verbs) < 3 else f"{', '.join(verbs[:-1])} or {verbs[-1]}"
    if g.squads_alone():  # a platoon of squads alone (audit of session 50): its activation ends with their decisions
        return (f" Squad{'s' if len(waiting) > 1 else ''} {who} may {can} or stay (the decisions list); the "
                "platoon's movement ends once each has decided [CEN-SEQ-2, CEN-INF-1].")
    many = len(waiting) > 1
    return (f" Squad{'s' if many else ''} {who} may {can}: click {'them' if many else 'it'} before the platoon's "
            "last vehicle moves, which ends the platoon's movement; after that "
            f"{'they stay where they are' if many else 'it stays where it is'} [CEN-INF-1].")


def not_moving_note(g: Skirmish, selected: str, yours: bool) -> str:
    """Why a clicked unit does not move now, in the Movement Phase (CEN-SEQ-2): another player's decision, an enemy
    unit, or one of this side's that has moved or whose platoon's turn it is not (walk of session 29, finding 12)."""
    side = next((u.side for u in (*g.vehicles, *g.squads) if u.key == selected), None)
    if not yours:
        return f"{selected}: it is {g.label(g.active)}'s decision now, not yours; nothing was moved [CEN-SEQ-2]."
    if side != g.active:  # the squads that may still act too (walk of session 50: only the vehicles were named)
        movers = ", ".join([v.key for v in g.movers()] + [q for q in g.waiting_squads() if q not in g.done])
        return (f"{selected} is the enemy's ({g.label(side)}): click one of your units that has not moved yet "
                f"({movers}) [CEN-SEQ-2].")
    squad = next((q for q in g.squads if q.key == selected), None)
    if squad is not None and selected in g.done:  # why, not the banner again (second walk of session 31)
        if selected in g.watching:
            return (f"{selected} stands on opportunity fire this turn: it fires once at an enemy that moves in its "
                    "sight, or in the Combat Phase if none comes [CEN-OPP-1].")
        if selected in g.marched:
            return f"{selected} has walked this turn [CEN-INF-1]."
        if squad.concealed_turn == g.turn:
            return f"{selected} concealed itself this turn: it stays hidden where it is [CEN-INF-1]."
        if squad.aboard is not None:
            return f"{selected} climbed into {squad.aboard} this turn: it rides and does nothing else [CEN-MNT-1]."
        return f"{selected} got out of its carrier this turn: it may not move again until next turn [CEN-MNT-1]."
    vehicle = next((v for v in g.vehicles if v.key == selected), None)
    if vehicle is not None and g.sequence and not vehicle.destroyed:  # why, not the banner (walk of session 49)
        movers = ", ".join(v.key for v in g.movers()) or "none"
        if selected in g.watching:
            return (f"{selected} stands on opportunity fire this turn: it gave up its move to fire at an enemy that "
                    f"moves in its sight [CEN-OPP-1]. Units that may move now: {movers}.")
        if selected in g.done:
            return (f"{selected} has moved this turn: a vehicle moves once a Movement Phase [CEN-SEQ-2]. Units that "
                    f"may move now: {movers}.")
        _side, platoon = g.sequence[0]
        if vehicle.platoon != platoon:
            return (f"{selected}'s platoon ({vehicle.platoon}) moves later: the platoons take turns, and "
                    f"{platoon} moves now ({movers}) [CEN-SEQ-2].")
    return f"{selected} does not move now: {g.banner()}"


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
              moves: Iterable[tuple[Any, Any]] | None = None, watching: bool = False, picked: int | None = None) -> str:
    """The hint for this moment of the game: what to click and why, with the rule IDs; `moves` are the selected
    vehicle's moves shaded on the map (its legal moves when None); `watching`: a spectator's page (no side)."""
    if g.over:
        return ("The game is over: the box above the map says who won and why. Click 'Start a new game' to play "
                "again, or pick another scenario.")
    if watching:  # walk of session 29, finding 10: a spectator has no "other side"
        return (f"You are watching: {g.label(g.active)} is deciding. Each decision appears here as it is made, "
                "its moves drawn as trails on the map; click a unit to see its details.")
    if not yours:
        return "Wait: the other side is deciding. Its moves will be drawn as trails on the map."
    if g.phase == "movement":
        movers = {v.key: v for v in g.movers()}
        if selected not in movers:
            where = ", ".join(f"{k} in {format_label(v.hex)}" for k, v in movers.items())
            return (f"Movement: click one of your {nouns(g, movers)[1]} that has not moved yet ({where}). Its "
                    "counter shows its number; the white point shows where it faces [CEN-SEQ-2]."
                    + _squads_first(g))
        listed = list(g.move_options(selected) if moves is None else moves)
        if target is None:
            first = _first(g, selected, _suggestion(g, selected, listed))
            brake = _brake(g, selected, list(g.move_options(selected)))  # every legal move: one number (S31)
            if picked is not None:  # walk of session 50: the braking advice named another velocity than the one picked
                brake = (f" The shaded ends are those at velocity {picked}, the one picked in the Speed list; pick "
                         "'any end velocity' there to see every end.")
            if not brake and first.endswith(" or slower."):  # no braking sentence to say where slower ends are
                first = first[:-1] + " (a slower end is listed once its velocity is picked in the Speed list)."
            return (f"Now click one of the green hatched hexes: each is where {selected} can end its move (it flies "
                    f"as many hexes as its velocity, or stops short and grounds) [CEN-GRAV-2, CEN-GRD-1].{first}"
                    f"{brake}{_ring_words(g)}")
        if picked is not None and isinstance(target, Hex) and not any(e.hex == target for _m, e in listed):
            return (f"No move of {selected} ends in {format_label(target)} at velocity {picked}, the one picked in the "
                    "Speed list: click a shaded hex, or pick another velocity (or 'any end velocity') there "
                    "[CEN-GRAV-1].")  # walk of session 50: an empty list still said "pick a move in the list"
        return ("Pick a move in the list: the percentage is the chance it ends without damage (pick 100% safe if "
                "you can; 'grounded at velocity N' lands at speed, 10 points a velocity to the bottom armor, which "
                f"can destroy the {nouns(g, [selected])[0]}) [CEN-SPD-1, CEN-GRD-1]. Then click Confirm."
                + (_speeds_between(g, selected, target, listed) if picked is None and isinstance(target, Hex) else "")
                + _last_turn(g))
    one, many = nouns(g)
    if g.rules.enabled("VAR-INIT") and str(g.phase) in _VAR_INIT_HINTS:
        return _VAR_INIT_HINTS[str(g.phase)].format(one=one, many=many)
    if g.phase == "order":
        return _order_hint(g)
    return _PHASE_HINTS.get(str(g.phase), "Pick a decision in the list and click Confirm.").format(one=one, many=many)


def _speeds_between(g: Skirmish, unit: str, target: Hex, listed: list[tuple[Any, Any]]) -> str:
    """With 'any end velocity' the list gives each end in `target` as flown and braked to its slowest: the end
    velocities between, the same path braked after it (`move_options_at`), are said with where to find them
    (CEN-GRAV-1, CEN-GRAV-4; walk of session 53: the list of 1014 had no 7 for any facing and read as every option)."""
    flown = [(m, e) for m, e in listed if e.hex == target and not e.grounded]
    shown = {(e.facing, end_velocity(g, m)) for m, e in flown + list(g.braked_options(unit, target))}
    between = sorted({v for m, e in flown for v in range(max(0, e.velocity_min), end_velocity(g, m))
                      if (e.facing, v) not in shown})  # the path braked after it: the Speed list's ends there
    if not between:
        return ""
    words = ", ".join(map(str, between[:-1])) + (" or " if len(between) > 1 else "") + str(between[-1])
    return (f" The list gives each end here as flown and braked to its slowest; to end at velocity {words}, pick it "
            "in the Speed list [CEN-GRAV-4].")


def _order_hint(g: Skirmish) -> str:
    """The movement order's hint: moving last shows where the enemy goes, but a side with vehicles standing still
    gives up their opportunity fire by it, and in the last turn the side moving last may deny an objective (walk
    33b: the hint always said 'move last'; CEN-SEQ-2, CEN-OPP-1, book-b §15.2)."""
    still = [v.key for v in g.live_vehicles(g.active) if v.velocity == 0 and v.sheet is not None and v.sheet.may_fire]
    text = "You won the initiative. Moving last (side B) lets you see where the enemy goes before you move."
    if still:
        who = still[0] if len(still) == 1 else ", ".join(still[:-1]) + " and " + still[-1]
        text += (f" But {who} {'stands' if len(still) == 1 else 'stand'} still (velocity 0): if you move first "
                 f"(side A), {'it' if len(still) == 1 else 'each'} may wait on opportunity fire instead of moving "
                 "and shoot at an enemy that moves after it [CEN-OPP-1].")
    foot = [q.key for q in g.squads if q.side == g.active and q.hex is not None and q.men > 0
            and not g.concealed(q.key)] if g.game_rules.squads_watch(g) else []
    if foot:  # walk of session 51: the squads may watch too
        who = foot[0] if len(foot) == 1 else ", ".join(foot[:-1]) + " and " + foot[-1]
        text += (f" Your squad{'s' if len(foot) > 1 else ''} on foot ({who}) may stand on opportunity fire "
                 "too, if you move first [CEN-OPP-1].")
    if g.scenario.objectives and g.turn >= g.scenario.turns:
        text += (" This is the last turn: the side moving last can end beside an objective after the other has "
                 "moved, and deny it.")
    return text + " Pick one and click Confirm [CEN-SEQ-2]."


def hint_html(g: Skirmish, selected: str | None, target: Any, yours: bool, on: bool,
              moves: Iterable[tuple[Any, Any]] | None = None, watching: bool = False,
              picked: int | None = None) -> str:
    """The hint box under the banner, or '' with the hints switched off; `picked`: the end velocity picked in the
    Speed list (None: any)."""
    if not on:
        return ""
    text = hint_text(g, selected, target, yours, moves, watching, picked)
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


__all__ = ["FIRST_GAME", "hint_html", "hint_text", "hints_checkbox", "not_moving_note", "requested_scenario",
           "nouns", "stack_note", "suggested_end"]
