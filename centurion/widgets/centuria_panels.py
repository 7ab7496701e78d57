"""What the Centuria table shows of the selected piece and of an attack: the piece panel and the odds panel.

HTML only, from the engine's own answers (`command`, `morale_test_target`, `move`, `exchange`, `fire_refusal`,
`attack_refusal`, `spotters`): the table (`CenturiaTable`) puts them on screen (CTA-CMD, CTA-MORALE, CTA-MOVE,
CTA-COMBAT, CTA-ART).
"""

from __future__ import annotations

import html

from ..centuria import (
    MARKERS,
    CenturiaBattle,
    CenturiaMove,
    exchange,
    fire_refusal,
    in_sight,
    morale_test_target,
    move,
    movement_allowance,
    spotters,
)
from ..centuria.battle import ENGINE_RANGE
from ..centuria.checks import attack_refusal
from ..data import CenturiaTables
from ..game.wording import facing_name
from ..hexgrid import format_label
from ..rules import Refusal
from .centuria_words import english, side_name, terms_of
from .dice_panel import modifiers_html, percent


def piece_panel_html(b: CenturiaBattle, t: CenturiaTables, selected: str | None, plot: list[str]) -> str:
    """The selected piece's panel: what it is, its command (CTA-CMD), morale and its test (CTA-MORALE), the
    plotted move (CTA-MOVE), an engine's range (CTA-ART)."""
    if not selected:
        return ("<div class='centurion-cpanel'>Click a piece to select it. Outlines: "
                "<span style='color:#2e7d32'>in command</span>, <span style='color:#1565c0'>in command through a "
                "neighbour</span>, <span style='color:#c62828'>out of command</span> <code>CTA-CMD</code>.</div>")
    p = b.piece(selected)
    u = t.units[p.type]
    kind = english(u.label, t)
    lines = [f"<b>{html.escape(p.id)}</b>: {html.escape(kind)} of {html.escape(side_name(p.side))} in "
             f"{format_label(p.hex)}, facing {facing_name(p.facing)}{'' if p.alive else ' — fallen'}"]
    lines.append(f"Movement {movement_allowance(p, t)}, action radius {u.action_radius}, attack {u.attack}, "
                 f"defence {u.defence}, morale {u.morale} <code>CTA-2</code>")
    if not p.alive:
        return "<div class='centurion-cpanel'>" + "<br>".join(lines) + "</div>"
    if not p.is_leader:
        status = b.command(t).get(p.id, "out")
        cover = [q.id for q in b.covering(p, t)]  # the leaders who hold it, not only its own (walk, S28)
        lead = " and ".join(f"{q}'s" for q in cover) if cover else "its leader's"
        text = {"direct": f"in command: within {lead} action radius and in {'their' if len(cover) > 1 else 'his'} "
                          "sight",
                "chain": "in command through an adjacent sub-unit that is in command",
                "out": "out of command: it may turn, defend or flee, but not move or attack"}[status]
        lines.append(f"<span class='centurion-command' data-status='{status}'>{text}</span> <code>CTA-CMD</code>")
        lines.append(f"Morale: {MARKERS[p.marker]} <code>CTA-MORALE</code>")
        target = morale_test_target(b, p.id, t)
        lines.append(f"Morale test: roll over {target.value}, P(pass) = {percent(target.p_success)}"
                     + modifiers_html(terms_of(target)))
    if plot:
        # what the engine says of the plot, word for word: the MP it spends of the movement value (CTA-MOVE)
        r = move(b, CenturiaMove(p.id, tuple(plot)), t)
        said = f"refused: {r}" if isinstance(r, Refusal) else r[1][-1].text
        lines.append(f"Plotted: {' '.join(plot)} — {html.escape(english(said, t, tuple(b.sides)))} "
                     "<code>CTA-MOVE</code>")
    if p.type in ENGINE_RANGE:
        how = "direct fire only" if p.type == "ballista" else "may fire indirectly"
        lines.append(f"Range {ENGINE_RANGE[p.type]} hexes; {how} <code>CTA-ART</code>")
    return "<div class='centurion-cpanel'>" + "<br>".join(lines) + "</div>"


def odds_html(b: CenturiaBattle, t: CenturiaTables, selected: str | None, target: str | None, mode: str) -> str:
    """The odds of the selected piece's attack on the target (CTA-COMBAT) or an engine's shot at it (CTA-ART);
    '' without both."""
    if not (selected and target):
        return ""
    a, d = b.piece(selected), b.piece(target)
    if a.type in ENGINE_RANGE and mode in ("artillery", "round"):
        refusal = fire_refusal(b, a.id, d.id, t)
        if refusal is not None and not (a.alive and d.alive):  # a fallen piece has no sight to report (walk, S49)
            return (f"<div class='centurion-odds'><b>{a.id}</b> cannot shoot at <b>{d.id}</b>: "
                    f"<code>{refusal.rule}</code> {html.escape(refusal.reason)}</div>")
        sight = "in sight" if in_sight(a.hex, d.hex, b.map, t) else "out of sight"
        seen = ", ".join(spotters(b, a, d, t)) or "nobody"
        head = (f"<b>{a.id}</b> shoots at <b>{d.id}</b>: {sight} of the engine; seen by {seen} "
                f"<code>CTA-ART</code>")
        if refusal is not None:
            return (f"<div class='centurion-odds'>{head}<br>Not allowed: <code>{refusal.rule}</code> "
                    f"{html.escape(refusal.reason)}</div>")
        ex = exchange(b, a.id, d.id, t)
        return (f"<div class='centurion-odds'>{head}<br>Hit on a roll over {ex.attack.value}: P = "
                f"{percent(ex.attack.p_success)}; a roll of 1 puts the engine out"
                f"{modifiers_html(terms_of(ex.attack))}</div>")
    refusal = attack_refusal(b, a.id, d.id, t)
    if refusal is not None:
        return (f"<div class='centurion-odds'><b>{a.id}</b> cannot attack <b>{d.id}</b> now: "
                f"<code>{refusal.rule}</code> {html.escape(english(refusal.reason, t, tuple(b.sides)))}</div>")
    ex = exchange(b, a.id, d.id, t)
    side = b.side_of_attack(a, d)
    return (f"<div class='centurion-odds'><b>{a.id}</b> attacks <b>{d.id}</b> on its {side} "
            f"<code>CTA-COMBAT</code>. Both roll at once.<br>"
            f"Attack: over {ex.attack.value}{modifiers_html(terms_of(ex.attack))}"
            f"Counter: over {ex.counter.value}{modifiers_html(terms_of(ex.counter))}"
            f"<table class='centurion-outcomes'>"  # four outcomes apart, summing to 1 (walk of session 49: 114 %)
            f"<tr><td>only {d.id} falls</td><td><b>{percent(ex.defender_falls - ex.both_fall)}</b></td></tr>"
            f"<tr><td>only {a.id} falls</td><td><b>{percent(ex.attacker_falls - ex.both_fall)}</b></td></tr>"
            f"<tr><td>both fall</td><td><b>{percent(ex.both_fall)}</b></td></tr>"
            f"<tr><td>neither falls</td><td><b>{percent(ex.neither_falls)}</b></td></tr></table>"
            f"{d.id} falls in {percent(ex.defender_falls)} of attacks, {a.id} in "
            f"{percent(ex.attacker_falls)}: the two rolls are independent.</div>")


__all__ = ["odds_html", "piece_panel_html"]
