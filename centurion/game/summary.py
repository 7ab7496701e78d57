"""What happened between two states of a Centurion game, and where the score stands (issue 26, W5, W6).

Pure functions over `Skirmish` states, for the pages: the moves made (with the hexes entered, to draw them as
trails), the fire declared, and what each unit lost (armor boxes, weapons, crew, the vehicle itself); the score of
each side with its parts, who holds each objective and why, and the end verdict in one sentence (book-b §15).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..hexgrid import Hex, distance, format_label
from ..rules import Refusal
from ..rules.leadership import plan_leadership
from ..rules.victory import LEVELS, OBJECTIVE_POINTS, victory_points
from .actions import Fire, Move, OpportunityFire, SquadFire
from .skirmish import SQUAD_DESTROYED_AT, Skirmish
from .wording import VICTORY_SOURCE, plural


@dataclass(frozen=True)
class Trail:
    """The hexes a vehicle passed through on one move, first to last (drawn fading on the map)."""

    unit: str
    side: str
    hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class UnitChange:
    """What one vehicle lost between two states."""

    unit: str
    side: str
    armor_lost: tuple[tuple[str, int], ...]  # (section, boxes lost)
    weapons_out: tuple[str, ...]
    crew_lost: tuple[tuple[str, str], ...]  # (role, new state)
    destroyed: bool
    cause: str = ""
    systems_hit: tuple[str, ...] = ()  # "comm (front)", "vane (right)": internal components out (book-a 13.1)

    @property
    def hit(self) -> bool:
        """Whether anything at all was lost."""
        return bool(self.armor_lost or self.weapons_out or self.crew_lost or self.destroyed or self.systems_hit)


#: the internal components a summary names when hit (weapons, crew and the Vehicle Destroyed box have lines of their
#: own; walk of session 31: the summary left out "comm out" and "vane out" that the log had)
SYSTEM_WORDS = {"comm": "comm", "tsr_1": "TSR", "tsr_2": "TSR", "targeting": "Targ", "vane": "vane",
                "grav_drive": "grav drive", "thrust_quarter": "thrust 1/4", "thrust_half": "thrust 1/2",
                "thrust_three_quarters": "thrust 3/4", "digging": "digging cannon", "ammo": "ammunition",
                "infantry": "infantry compartment", "shield_1": "shield location", "shield_2": "shield location"}


def system_words(hits) -> tuple[str, ...]:
    """The named internal components among `hits` ((section, component) pairs), as 'TSR (turret)', in one order
    for the summary and the unit panel: by section, then component (book-a §13; session 33: the two differed)."""
    return tuple(dict.fromkeys(f"{SYSTEM_WORDS[c]} ({s})" for s, c in sorted(hits) if c in SYSTEM_WORDS))


@dataclass(frozen=True)
class TurnSummary:
    """Moves, fire and losses between two states of one game, with the sentences the page shows."""

    trails: tuple[Trail, ...]
    changes: tuple[UnitChange, ...]
    lines: tuple[str, ...]

    @property
    def hit_units(self) -> tuple[str, ...]:
        """The vehicles that lost something."""
        return tuple(c.unit for c in self.changes if c.hit)


def _change(a, b) -> UnitChange:
    """What vehicle `a` (before) lost to become `b` (after)."""
    sa, sb = a.sheet, b.sheet
    before = dict(sa.armor.sections)
    armor = tuple((name, before[name].intact - sec.intact) for name, sec in sb.armor.sections
                  if name in before and before[name].intact > sec.intact)
    weapons = tuple(wp.type for i, wp in enumerate(sb.vehicle.weapons)
                    if sa.weapon_usable(i) and not sb.weapon_usable(i))
    crew = tuple((m.role, m.state) for m, old in zip(sb.crew, sa.crew, strict=False) if m.state != old.state)
    gone = sb.destroyed and not sa.destroyed
    new = sb.components_hit() - sa.components_hit()
    systems = system_words(new)
    return UnitChange(b.key, b.side, armor, weapons, crew, gone, str(sb.destroyed_by()) if gone else "", systems)


def _loss_sentence(c: UnitChange, label: str) -> str:
    parts = []
    if c.destroyed:
        parts.append(f"destroyed ({c.cause})")
    if c.armor_lost:
        parts.append(", ".join(f"{n} armor -{k}" for n, k in c.armor_lost))
    if c.weapons_out:
        parts.append(", ".join(c.weapons_out) + " out")
    if c.systems_hit:
        parts.append(", ".join(c.systems_hit) + " hit")
    if c.crew_lost:
        parts.append(", ".join(f"{role} {state}" for role, state in c.crew_lost))
    return f"{c.unit} ({label}): " + "; ".join(parts)


def turn_summary(before: Skirmish, after: Skirmish, steps: Sequence[Skirmish] | None = None) -> TurnSummary:
    """The decisions taken from `before` to `after` (a later state of the same game) and what they did: each move
    with its hexes, each fire declared, each vehicle's losses (CEN-SEQ-1). `steps`: the states in between, one per
    decision, as a page keeps them; without them the decisions are replayed from `before` (the dice of a decision
    are fixed by the game's seed)."""
    n = len(before.history)
    seeds = {before.seed, after.seed} - {None}  # a stored game's running states hide the seed its end shows (issue 24)
    if after.history[:n] != before.history or len(seeds) > 1 or after.scenario.key != before.scenario.key:
        raise ValueError("turn_summary: `after` must be a later state of the same game as `before`")
    trails: list[Trail] = []
    lines: list[str] = []
    fired: dict[str, list[str]] = {}
    known = {len(st.history): st for st in (*(steps or ()), after)} if steps is not None else None
    s: Skirmish | None = before
    for k, action in enumerate(after.history[n:]):
        nxt = known.get(n + k + 1) if known is not None else s.apply(action)
        if isinstance(action, (Fire, SquadFire, OpportunityFire)) and action.target is not None:
            fired.setdefault(action.unit, []).append(action.target)
        if s is None or nxt is None:  # a step the page does not keep: its move is not drawn
            s = nxt
            continue
        if isinstance(action, Move):
            v = s.vehicle(action.unit)
            res = s.resolve_move(v.key, action.move)
            hexes = (v.hex,) + tuple(e.hex for e in getattr(res, "entries", ()))
            new = nxt.vehicle(action.unit)
            trails.append(Trail(v.key, v.side, hexes))
            if new.hex == v.hex:
                lines.append(f"{v.key} stayed in {format_label(v.hex)} (velocity {v.velocity} → {new.velocity})")
            else:
                lines.append(f"{v.key} moved {len(hexes) - 1} hex{'es' if len(hexes) != 2 else ''} to "
                             f"{format_label(new.hex)} (velocity {v.velocity} → {new.velocity}"
                             f"{', grounded' if new.grounded and not v.grounded else ''})")
        s = nxt
    for unit, targets in fired.items():
        lines.append(f"{unit} fired at {', '.join(dict.fromkeys(targets))}")
    old = {v.key: v for v in before.vehicles}
    changes = tuple(_change(old[v.key], v) for v in after.vehicles if v.key in old)
    lines += [_loss_sentence(c, after.label(c.side)) for c in changes if c.hit]
    for q in after.squads:
        was = next((p for p in before.squads if p.key == q.key), None)
        if was is not None and q.men < was.men:
            lost = plural(was.men - q.men, "man", "men")  # as the log counts them: killed and put out (book-a 14.1)
            lines.append(f"squad {q.key} ({after.label(q.side)}): destroyed, {lost} lost" if not q.men
                         else f"squad {q.key} ({after.label(q.side)}): {lost} lost, {q.men} left")
    return TurnSummary(tuple(trails), changes, tuple(lines))


# --- the score ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ObjectiveStatus:
    """One objective: who holds it now, and why (a unit of one's own within 1 hex and no enemy unit within 1)."""

    name: str
    hex: Hex
    holder: str | None
    near: tuple[tuple[str, tuple[str, ...]], ...]  # (side, its live units within 1 hex)


def _units_near(g: Skirmish, side: str, hex_: Hex) -> tuple[str, ...]:
    units = [(v.key, v.hex) for v in g.live_vehicles(side)]
    units += [(q.key, q.hex) for q in g.squads if q.side == side and q.hex is not None and q.men > 0]
    return tuple(k for k, h in units if distance(h, hex_) <= 1)


def objective_status(g: Skirmish) -> list[ObjectiveStatus]:
    """Each objective with its holder (None: nobody) and each side's live units within 1 hex of it (book-b §15)."""
    out = []
    for o in g.scenario.objectives:
        near = tuple((side, _units_near(g, side, o.hex)) for side in g.sides)
        holders = [side for side, units in near if units]
        out.append(ObjectiveStatus(o.name, o.hex, holders[0] if len(holders) == 1 else None, near))
    return out


def objective_sentence(g: Skirmish, o: ObjectiveStatus) -> str:
    """Why an objective is held or not, in a sentence."""
    where = f"{o.name} ({format_label(o.hex)})"
    near = {side: units for side, units in o.near}
    if o.holder is not None:
        return f"{g.label(o.holder)} holds {where}: {', '.join(near[o.holder])} within 1 hex and no enemy unit."
    if not any(near.values()):
        return f"Nobody holds {where}: no live unit is within 1 hex of it."
    a, b = g.sides
    return (f"Nobody holds {where}: it is contested ({g.label(a)}: {', '.join(near[a])}; {g.label(b)}: "
            f"{', '.join(near[b])} within 1 hex).")


def score_parts(g: Skirmish, side: str) -> list[tuple[str, int]]:
    """A side's victory points now, part by part (book-b §15.2): objectives held, enemy vehicles destroyed (their
    cost, once the ammunition exploded or the Vehicle Destroyed box is crossed), enemy squads destroyed, unspent."""
    enemy = g.other(side)
    held = sum(1 for o in objective_status(g) if o.holder == side)
    scored = [v.cost for v in g.vehicles if v.side == enemy and v.destroyed
              and (v.sheet.exploded or v.sheet.vehicle_destroyed_box)]
    squads = sum(1 for q in g.squads if q.side == enemy and q.started - q.men >= SQUAD_DESTROYED_AT)
    vp = victory_points(objectives=held, vehicles_destroyed=scored, squads_destroyed=squads,
                        unspent=g.scenario.side(side).unspent)
    return [(label, pts) for label, pts, _rule in vp.terms()]


def needed(other: int) -> list[tuple[str, int]]:
    """The points a side needs against `other` points for each level of victory, lowest level first (book-b §15.3):
    marginal 3 to 2, substantive 2 to 1, decisive 3 to 1 (any score against 0 is decisive)."""
    out = []
    for name, num, den in reversed(LEVELS):
        out.append((name, max(1, math.ceil(other * num / den))))
    return out


def verdict(g: Skirmish) -> str:
    """The result of a finished game (or the game as it would end now) explained in a sentence or two (§15)."""
    a, b = g.sides
    pa, pb = (g.result.points[a], g.result.points[b]) if g.over else (g.points(a), g.points(b))
    hi = a if pa >= pb else b
    phi, plo = max(pa, pb), min(pa, pb)
    levels = dict(needed(plo))
    if g.over and g.result.winner is not None:
        w = g.result.winner
        head = (f"{g.label(w)} wins a {g.result.level} victory: {phi} points against {plo}"
                + (f" (a {g.result.level} victory needs {levels[g.result.level]})." if plo else "."))
    elif phi == plo:
        head = f"A draw: both sides have {phi} points."
    else:
        head = (f"A draw: {g.label(hi)} has {phi} points against {plo}, short of the {levels['marginal']} a "
                f"marginal victory needs (3 to 2).")
    objectives = " ".join(objective_sentence(g, o) for o in objective_status(g))
    return f"{head} {objectives}".strip() + f" [{VICTORY_SOURCE}; {OBJECTIVE_POINTS} points an objective]"


# --- the initiative, explained (W7) ---------------------------------------------------------------------------------
def centurion_words(g: Skirmish, side: str) -> str:
    """Where a side's Centurion rides and the Century's Leadership Rating now: his rating, or 0 once he is lost,
    with why (killed, unconscious, out of communication, his vehicle destroyed; book-b §3.1, §3.5)."""
    spec = g.scenario.side(side)
    c = g.centurion(side)
    where = f"{g.label(side)}'s Centurion in {spec.centurion}"
    if not c.lost:
        return f"{where}: rating {c.rating}"
    why = [w for w, on in (("killed", c.killed), ("unconscious", c.unconscious),
                           ("out of communication: his vehicle's comm is hit", c.out_of_comm),
                           ("his vehicle is destroyed", c.vehicle_destroyed)) if on]
    return f"{where} is lost ({', '.join(why)}): rating 0, not {c.rating} (chapter 20, Leadership and victory)"


def leadership_note(g: Skirmish, points: int) -> str:
    """What spending `points` on this turn's initiative roll does: the Leadership Advantage (CEN-INI-1, -2), or under
    VAR-INIT the rating points added to the roll."""
    if g.rules.enabled("VAR-INIT"):  # the variant's roll: points added, the higher total wins (third walk, S49)
        have = g.centurion(g.active).century_rating
        return (f"Each side rolls a d10 and adds the rating points it spends, +1 each; the higher total wins the "
                f"initiative, ties are rolled again, and the winner chooses which side activates a platoon first "
                f"[VAR-INIT]. {g.label(g.active)} has {plural(have, 'rating point')} this turn "
                f"({'; '.join(centurion_words(g, s) for s in g.sides)}): spending {points} adds {points} to its "
                f"roll.")
    a, b = g.sides
    plan = plan_leadership(g.centurion(a), g.centurion(b), points)
    if isinstance(plan, Refusal):
        return f"Refused: {plan}"
    return (f"Each side rolls a d10 and the lower total wins the initiative; the winner chooses to move first or "
            f"last [CEN-INI-1]. {g.label(g.active)} has a Leadership Advantage of "
            f"{plural(plan.advantage, 'point')} (the difference of the two Centurions' ratings; "
            f"{'; '.join(centurion_words(g, s) for s in g.sides)}): spending {points} "
            f"takes {points} off its roll, and the {plan.advantage - points} left buy {plural(plan.passes, 'pass')}, "
            f"each letting a platoon wait and move later this turn (3 points a pass) [CEN-INI-2]. Unspent points are "
            f"lost at the end of the turn.")


def initiative_note(g: Skirmish) -> str:
    """Who won this turn's initiative and why (the lower total wins), and who moves first; '' before the roll."""
    if g.initiative_winner is None or g.phase in ("initiative", "over"):
        return ""
    mark = f"— Turn {g.turn} —"
    start = max((i for i, line in enumerate(g.log) if line == mark), default=0)
    lines = [line for line in g.log[start:] if line.startswith("  initiative: ")]
    rolled = next((line for line in lines if "(totals " in line), None)  # a tie's line comes first (walk, S49)
    if rolled is None:
        return ""
    tied = any("tied and was rolled again" in line for line in lines)
    totals = rolled.split("(totals ", 1)[1].split(")", 1)[0].split(" and ")
    if len(totals) != 2:  # VAR-INIT rolls with rating points: another line (game/activation.py)
        return ""
    ta, tb = totals
    a, b = g.sides
    text = (f"{g.label(g.initiative_winner)} won the initiative this turn: the lower total wins "
            f"({g.label(a)} {ta}, {g.label(b)} {tb}{', after a tie rolled again' if tied else ''}) [CEN-INI-1]")
    if g.phase == "order":
        return text + "; it now chooses to move first (side A) or last (side B, seeing the other's moves first)."
    if g.first is not None:
        text += f"; {g.label(g.first)} moves first (side A) [CEN-SEQ-2]"
    return text + "."


def span_since(states: Sequence[Skirmish], actors: Sequence[str | None], person: str) -> int:
    """The index in `states` to summarize from: the state before the person's last decision, or (no person playing
    or none yet) the start of the current turn."""
    last = next((i for i in range(len(actors) - 1, 0, -1) if actors[i] == person), None)
    if last is not None:  # from the state before it: what their decision did (a fire declared last resolves the
        return last - 1   # combat in that step, CEN-SEQ-3) and what the others did since
    turn = states[-1].turn
    return next((i for i, s in enumerate(states) if s.turn == turn), 0)


__all__ = ["ObjectiveStatus", "Trail", "TurnSummary", "UnitChange", "initiative_note", "leadership_note", "needed",
           "objective_sentence",
           "objective_status", "score_parts", "span_since", "turn_summary", "verdict"]
