"""The log lines of resolved fire, shared by the turn's phases (CEN-CMB-1; the variant rolls named, VAR-*)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..rules.damage import HitMark
from ..rules.grav import Refusal
from ..rules.rolls import Term
from ..rules.targets import FirePlan
from .wording import counted, plural


def variant_term_lines(roll: str, terms: Iterable[Term]) -> list[str]:
    """Log lines for the terms of one roll that a variant rule added (e.g. VAR-SPEEDMOD), naming the rule; `roll`
    says whose roll at what ('R11 MDC at T12', 'R11 paint at T12')."""
    return [f"  {roll}: {t.label} {t.value:+d} [{t.rule}]" for t in terms if t.rule.startswith("VAR-")]


def variant_terms(firer: str, plan: FirePlan) -> list[str]:
    """Log lines for the to-hit terms a variant rule added to a plan (e.g. VAR-SPEEDMOD), naming the rule."""
    return [line for ra in plan.attacks
            for line in variant_term_lines(f"{firer} {ra.weapon.type} at {ra.target.key}", ra.to_hit.terms)]


def fire_lines(res: object, men_before: Mapping[str, int] | None = None) -> list[str]:
    """Log lines of resolved fire: refusals, variant rolls (VAR-SHIELD, VAR-SALVO), hits, internals, and each
    squad's men killed with the men left or its destruction (`men_before`: its men before the fire; book-a 14.1)."""
    lines = []
    for fr in res.fire:
        if isinstance(fr, Refusal):
            lines.append(f"  fire refused: {fr}")
            continue
        for h in fr.hits:  # rolls a variant rule changed, named (VAR-SHIELD, VAR-SALVO)
            if h.stop is not None:
                lines.append(f"  {fr.firer} {h.weapon} at {h.target}: to hit without the shield, then d100 "
                             f"{h.stop.result} against {h.stop.target}: "
                             f"{'stopped by the shield' if h.stop.success else 'through'} [VAR-SHIELD]")
            if h.to_hit.rule == "VAR-SALVO":
                lines.append(f"  {fr.firer} {h.weapon} at {h.target}: one roll for the salvo [VAR-SALVO]")
        # a hit is a shot that hit and got through (not shot down by a Vulcan, not stopped by a shield), whatever it
        # then did: a hit on infantry that kills nobody is still a hit (walk of session 30; CEN-CMB-1)
        hits = sum(1 for h in fr.hits if _landed(h))
        lines.append(f"  {fr.firer} fires: {plural(hits, 'hit')} of {plural(len(fr.hits), 'shot')}" +
                     "".join(f"; {t} struck on the {sec}" for t, _r, sec in fr.locations))
        lines += [wasted_hit(fr.firer, h) for h in fr.hits if _wasted(h)]
    for key, rep in res.internals.items():
        if rep.effects:
            lines.append(f"  {key} internal damage: " + counted("; ".join(rep.effects)))
    for key, n in res.casualties.items():
        lines.append(squad_losses(key, n, res.units, men_before))
    units = getattr(res, "units", {}) or {}
    spared = {h.target for fr in res.fire if not isinstance(fr, Refusal) for h in fr.hits
              if _landed(h) and getattr(units.get(h.target), "kind", None) == "infantry"
              and not res.casualties.get(h.target)}
    lines += [f"  {key}: no man killed (its casualty rolls) [book-a 14.1]" for key in sorted(spared)]  # walk 34
    return lines


def _landed(h: object) -> bool:
    """A shot that hit and got through: not shot down by a Vulcan, not stopped by a shield (CEN-CMB-1, VAR-SHIELD)."""
    return h.to_hit.success and not h.shot_down and not h.stopped


def _wasted(h: object) -> bool:
    """A hit whose template found no box left to destroy (book-a 12.1)."""
    mark = getattr(h, "mark", None)
    return isinstance(mark, HitMark) and not mark.armor and not mark.internal


def wasted_hit(firer: str, h: object) -> str:
    """Why a hit did nothing: every box under its template in the column rolled was already gone or off the sheet
    (book-a 12.1; walk 33b: a hit on a shot-through column went by without a word)."""
    m = h.mark
    return (f"  {firer}'s {h.weapon} hit {h.target} on the {m.section}, column {m.column}, and did no damage: its "
            f"{plural(m.points, 'point')} fell on boxes already destroyed or off the sheet [CEN-CMB-1, book-a 12.1]")


def squad_losses(key: str, killed: int, units: Mapping, men_before: Mapping[str, int] | None) -> str:
    """'R31s: 2 men killed, 6 left', or '...: the squad is destroyed' with the survivors it puts out of the game
    (book-a 14.1: a squad is out once 5 of its men are killed; walk of session 30: the log said '5 men lost' of a
    squad of 8 that the summary showed with 8 lost, and neither said destroyed)."""
    u = units.get(key)
    head = f"  {key}: {plural(killed, 'man', 'men')} killed"
    if u is None or getattr(u, "men", None) is None:
        return head  # riders outside a vehicle: the men the d10s killed
    if u.men:
        return f"{head}, {u.men} left"
    out = (men_before or {}).get(key, killed) - killed
    rest = f", its other {plural(out, 'man', 'men')} out of the game" if out > 0 else ""
    return f"{head}: the squad is destroyed (book-a 14.1: 5 of its men killed, or none left){rest}"
