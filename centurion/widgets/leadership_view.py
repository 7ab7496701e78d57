"""LeadershipLab: the Leadership Advantage, its split between the initiative roll and passes, a lost Centurion,
and the victory level of two scores (CEN-INI-1, CEN-INI-2, book-b §15). Every number is the engine's own
(`rules.leadership.plan_leadership`, `century_advantage`, `rules.victory.battle_outcome`)."""

from __future__ import annotations

import ipywidgets as w

from ..game.wording import plural
from ..rules.grav import Refusal
from ..rules.leadership import Centurion, century_advantage, plan_leadership
from ..rules.victory import battle_outcome
from .reference import link_rules
from .safety import MessageArea, guarded, show_full_labels


class LeadershipLab(w.VBox):
    """Two Centurions' ratings, the points put on initiative, a lost Centurion; and two victory scores."""

    def __init__(self, first: int = 4, second: int = 2) -> None:
        wide = {"layout": w.Layout(width="420px")}  # room for a track beside the long labels (walk of session 50)
        self.first = w.IntSlider(value=first, min=0, max=7, description="Renegade Centurion rating", **wide)
        self.second = w.IntSlider(value=second, min=0, max=7, description="TOG Centurion rating", **wide)
        self.lost = w.Checkbox(value=False, description="Renegade Centurion lost (killed, unconscious, out of "
                               "communications)", indent=False, layout=w.Layout(width="auto"))  # never cut (W13)
        self.on_initiative = w.IntSlider(value=0, min=0, max=7, description="Points on the initiative roll", **wide)
        self.score_first = w.BoundedIntText(value=124, min=0, max=100_000, description="Renegade victory points")
        self.score_second = w.BoundedIntText(value=27, min=0, max=100_000, description="TOG victory points")
        self.out = w.HTML()
        self.out.add_class("centurion-leadership")
        self.message = MessageArea()
        controls = w.VBox([w.HBox([self.first, self.second]), w.HBox([self.on_initiative, self.lost]),
                           w.HBox([self.score_first, self.score_second])])
        show_full_labels(controls)
        for c in (self.first, self.second, self.lost, self.on_initiative, self.score_first, self.score_second):
            c.observe(self._on_change, names="value")
        super().__init__([controls, self.out, self.message])
        self.refresh()

    @guarded()
    def _on_change(self, _c: object = None) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Rewrite the advantage, this turn's plan (or why not) and the victory level."""
        renegade = Centurion(self.first.value, killed=self.lost.value)
        tog = Centurion(self.second.value)
        side, points = century_advantage(renegade, tog)
        names = {"first": "Renegade", "second": "TOG"}
        lines = []
        if renegade.lost:
            why = renegade.support_refusal().reason.removeprefix("the Centurion is lost: ")  # said once (walk S50)
            lines.append(f"The Renegade Centurion is lost: his Century's rating is 0 and {why} (book-b §3.5).")
        if side is None:
            lines.append("Equal ratings: no Leadership Advantage (CEN-INI-1).")
        else:
            lines.append(f"The <b>{names[side]}</b> side holds a Leadership Advantage of <b>{points}</b> (CEN-INI-1).")
        plan = plan_leadership(renegade, tog, self.on_initiative.value)
        if isinstance(plan, Refusal):
            lines.append(f"<span style='color:#8a5a00'>Refused: {plan.reason} ({plan.rule})</span>")
        elif side is not None:
            lines.append(f"This turn: {plural(plan.on_initiative, 'point')} off its initiative roll (CEN-INI-1), "
                         f"{plan.leftover} left = <b>{plan.passes}</b> {'pass' if plan.passes == 1 else 'passes'} "
                         "at 3 points each (CEN-INI-2).")
        out = battle_outcome(self.score_first.value, self.score_second.value)
        lines.append(f"Victory points {out.points[0]} to {out.points[1]}: Renegade <b>{out.result_of('first')}</b>, "
                     f"TOG <b>{out.result_of('second')}</b> (3 to 1 decisive, 2 to 1 substantive, 3 to 2 marginal).")
        self.out.value = link_rules("<br>".join(lines))
