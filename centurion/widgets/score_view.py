"""Knowing how to win, on the Skirmish page (issue 26, W6): the running score with the points each level of victory
needs, who holds each objective and why, and at the end the verdict explained in a sentence (book-b §15).

A view only: the points, holders and thresholds come from `centurion.game.summary`.
"""

from __future__ import annotations

import html

from ..game import Skirmish
from ..game.summary import needed, objective_sentence, objective_status, score_parts, verdict
from .reference import HOW_TO_WIN, link_rules


def _table(g: Skirmish) -> str:
    head = "".join(f"<th style='text-align:right;padding-left:16px'>{html.escape(g.label(s))}</th>"  # over its
                   for s in g.sides)  # numbers (walk of session 50: centred, they sat left of them)
    parts = {s: score_parts(g, s) for s in g.sides}
    rows = ""
    for i, (label, _p) in enumerate(parts[g.sides[0]]):
        rows += f"<tr><td>{html.escape(label)}</td>" + "".join(
            f"<td style='text-align:right'>{parts[s][i][1]}</td>" for s in g.sides) + "</tr>"
    totals = {s: sum(p for _l, p in parts[s]) for s in g.sides}
    rows += "<tr><td><b>total</b></td>" + "".join(
        f"<td style='text-align:right'><b>{totals[s]}</b></td>" for s in g.sides) + "</tr>"
    a, b = g.sides
    for side, other in ((a, b), (b, a)):
        if totals[other] == 0:  # no ratio against 0: any point at all is three times 0 (walk 34, finding 12)
            rows += (f"<tr><td colspan=3 style='color:#444'>{html.escape(g.label(side))}: against 0 points, any "
                     "point is a decisive victory</td></tr>")
            continue
        levels = ", ".join(f"{name} {pts}" for name, pts in needed(totals[other]))
        rows += (f"<tr><td colspan=3 style='color:#444'>{html.escape(g.label(side))} needs, against "
                 f"{totals[other]}: {levels}</td></tr>")
    return f"<table class='centurion-score-table'><tr><th></th>{head}</tr>{rows}</table>"


def score_html(g: Skirmish) -> str:
    """The running score during a game, or the end screen with its verdict once it is over."""
    objectives = "<br>".join(html.escape(objective_sentence(g, o)) for o in objective_status(g))
    if g.over:
        head = html.escape(verdict(g))
        title = ("A draw" if g.result.winner is None else
                 f"{g.result.level.capitalize()} victory for {html.escape(g.label(g.result.winner))}")
        return link_rules(
            f'<div class="centurion-end" style="border:2px solid #333;padding:8px;margin:6px 0"><h3>{title}</h3>'
            f'<p class="centurion-verdict">{head}</p><p>The game ended because {html.escape(g.result.reason)}.</p>'
            f"{_table(g)}<p style='font-size:12px;color:#444'>{html.escape(HOW_TO_WIN)}</p></div>")
    return link_rules(
        '<details class="centurion-score" style="border:1px solid #ccd;padding:2px 8px;margin:4px 0;'
        'background:#f7f9fc"><summary><b>Score now</b>: '
        + ", ".join(f"{html.escape(g.label(s))} {g.points(s)}" for s in g.sides)
        + f" (turn {g.turn} of {g.scenario.turns}; click for how to win)</summary>"
        f"<div style='font-size:12px'>{objectives}{_table(g)}<p>{html.escape(HOW_TO_WIN)}</p></div></details>")


__all__ = ["HOW_TO_WIN", "score_html"]
