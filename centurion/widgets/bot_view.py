"""The computer's last decision explained, on the battle pages (issue 25, item 4).

A view only: the decision, its reason and the options it weighed with their scores come from
`centurion.game.bot_reasons.bot_decision`. The page asks `BotView.decide` for the computer's action (the very
action `bot_action` gives) and hands the state after it to `BotView.explain`, which writes the reason into the
decision's log line and shows it here; the "Why?" toggle opens the best three options the computer weighed.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..game.actions import IllegalAction
from ..game.bot import PAINT_FLOOR
from ..game.bot_reasons import CTA_MIN_GAIN, BotDecision, bot_decision, explained
from ..game.wording import in_words
from .safety import MessageArea, guarded


def alternatives_html(d: BotDecision) -> str:
    """The options the computer weighed, best first (its choice first), with their scores and reasons, in the words
    the log shows them in (`in_words`: counts in their number, rule IDs for the digest's sections, facings by name)."""
    rows = []
    for i, alt in enumerate(d.alternatives, start=1):
        score = "—" if alt.score is None else f"{alt.score:.2f}"
        style = "font-weight:bold" if i == 1 else "color:#333"
        rows.append(f"<tr class='centurion-why-option' style='{style}'><td{PAD}>{i}</td>"
                    f"<td{PAD}>{html.escape(in_words(alt.text))}</td><td{PAD} align='right'>{score}</td>"
                    f"<td{PAD}>{html.escape(in_words(alt.reason))}</td></tr>")
    if len(d.alternatives) < 2:
        rows.append("<tr><td colspan=4 style='color:#555'>Nothing else was weighed: the decision follows a rule of "
                    "thumb or was the only one open.</td></tr>")
    return ("<table class='centurion-why-table' style='font-size:12px;border-collapse:collapse'>"
            "<tr><th>#</th><th>decision</th><th>score</th><th>why</th></tr>" + "".join(rows) + "</table>"
            "<div style='font-size:11px;color:#555'>Scores are the computer's own (higher is better, comparable "
            "only within one decision); the first row is what it did." + _meaning(d) + (_played(d) or _ties(d))
            + "</div>")


PLAYED = (" Each option here was played out to the end of the turn on dice of the computer's own (the game's dice "
          "stay secret): its score is the deciding side's victory points minus the enemy's at that end, plus half "
          "the armor each side lost, weighted by the vehicles' costs (in the last turn the final victory points "
          "alone), averaged over the playouts. One vehicle "
          "destroyed in one playout moves an average by its cost divided by the playouts, so options a few points "
          "apart differ by luck more than by play; equal averages keep the veteran's own choice.")


MEANING = {  # what a score adds up, by phase (session 35's audit: the scores were shown without their unit)
    ("movement", True): " A move's score adds the hits it expects to deal from its end (weighed by where they land "
                        "and the target's worth, with the chance of a paint first) and takes away the hits it expects "
                        "to take there (no enemy paint guessed) and the damage its own path risks; cover, "
                        "elevation, spacing, the range it likes and the objectives add theirs.",
    ("movement", False): " A move's score adds the hits it expects to deal from its end, the range it likes and the "
                         "objectives, less the damage its own path risks (a beginner does not weigh the fire it "
                         "takes or cover).",
    ("fire", True): " A shot's score is its expected harm times the target's worth, more when friends already fire "
                    "at it or it is nearly destroyed. The harm counts each hit as the share it takes of the armor left "
                    "where it may land, one scale for every target: a hit counts less on a heavy tank's thick armor "
                    "than on a light one's.",
    ("fire", False): " A shot's score is its expected hits times the target's worth; a beginner shoots at the nearest "
                     "target it can hurt, whatever the score.",
    ("painting", True): " A paint's score is its chance to paint times what the paint adds to its side's fire on the "
                        f"target (plus {PAINT_FLOOR}: a paint that adds nothing still beats painting nothing, it "
                        "costs the vehicle nothing), times the target's worth.",
    ("painting", False): " A paint's score is its chance to paint: a beginner paints where it paints best.",
}


RAMMED = (" A ram is not scored against other moves: the computer rams an enemy that has already moved when the "
          "armor it expects to destroy, in points of that enemy's cost, beats what it expects to lose of its own "
          "(VAR-RAM); the reason gives both.")


CENTURIA_MEANING = {  # walk of session 42: a battle's table said nothing of what its scores are
    "movement": " A move's score is what it gains over standing still: command kept or regained by the next move "
                "(CTA-CMD; the veteran counts on a leader yet to move following his units), flanks and friends "
                "beside it, cover, the exact odds of the attacks it could make and suffer there (CTA-COMBAT), "
                "shielding its engines (the veteran and the elite keep their commander out of reach of the enemy "
                f"units still to move) and closing on the enemy; a side moves only for more than {CTA_MIN_GAIN} "
                "(the elite: for any gain, and it does not count a unit alone as a loss; its four best moves are "
                "scored in all, the gain less that of the enemy's best move after each, as the veteran would choose "
                "it, CTA-1; it makes the best of the four even when that is below 0, since ending its part of the "
                "phase would leave the enemy its best move all the same).",
    "combat": " An attack's score is the defender's chance to fall times its worth less the attacker's own chance "
              "times its worth (exact odds, CTA-COMBAT); a shot's, the chance of a hit times the target's worth "
              "(CTA-ART); the novice counts every piece as one, and its engines shoot at the nearest target "
              "they may, whatever the score. Only attacks with the odds for them are made; the veteran and the "
              "elite also take an even exchange (a score of 0), where the novice waits, and strike at a piece "
              "whose fall ends the battle (the enemy's last leader or last unit still fighting) whatever the odds.",
}
BAR = (" The first row did nothing: its score is the bar every option had to pass to be taken, not a score of "
       "its own.")


def _meaning(d: BotDecision) -> str:
    """What the scores of this decision add up (by phase; the novice weighs less), '' where it says nothing more or
    nothing was scored; a ram's rule of thumb for a ram (session 37: a ram's table ended with the move scores'
    footnote; session 39: so did a hiding squad's); the bar a do-nothing row shows (walk of session 42)."""
    if _played(d):
        return ""
    bar = BAR if _held(d) else ""
    if _centuria(d):
        return CENTURIA_MEANING.get(str(d.phase), "") + bar
    if getattr(d.action, "ram", None):
        return RAMMED
    if all(a.score is None for a in d.alternatives):  # a rule of thumb (a squad hides, smoke): no score to explain
        return ""
    return MEANING.get((str(d.phase), d.level != "novice"), "") + bar


def _held(d: BotDecision) -> bool:
    """Whether the decision did nothing where options were scored (a hold of fire, a phase ended) and shows the bar
    they had to pass as its score."""
    first = d.alternatives[0] if d.alternatives else None
    nothing = type(d.action).__name__ == "CtaEndPhase" or getattr(d.action, "target", "") is None
    return first is not None and nothing and first.score is not None and len(d.alternatives) > 1


def _played(d: BotDecision) -> str:
    """The footnote on the elite's played-out scores (game/bot_search.py), when the options carry them (walk of
    session 32: '+84.2 points on average', and 0.90 hits expected scoring above 3.60, read as nonsense)."""
    return PLAYED if any("played out" in a.reason for a in d.alternatives) else ""


PAD = " style='padding:2px 10px 2px 0;vertical-align:top'"  # the columns apart (walk of session 28)
TIES = (" Equal scores go by a fixed order, never by chance: for a move the lower risk to itself, then the hex "
        "and facing; for fire and painting the target's key.")
DRAWN = (" The novice draws its move among its three best ends with a die of the game's seeded dice (1-3 the best, "
         "4-5 the second, 6 the third), never one riskier to itself than the best: equal scores or not, the dice "
         "choose.")
TIES_CENTURIA = " Equal scores go by a fixed order, never by chance."


def _centuria(d: BotDecision) -> bool:
    """Whether the decision is a Centuria one (its actions are the Cta* classes)."""
    return type(d.action).__name__.startswith("Cta")


def _ties(d: BotDecision) -> str:
    """The footnote on how the row played was picked among equal scores: by the novice's die for its moves (issue
    25), else a fixed order, told in the words of the game (Centuria has no painting)."""
    centuria = _centuria(d)
    if d.level == "novice" and d.phase == "movement" and not centuria:
        return DRAWN
    if not _tied(d):
        return ""
    return TIES_CENTURIA if centuria else TIES


def _tied(d: BotDecision) -> bool:
    scores = [a.score for a in d.alternatives[:2]]
    return len(scores) == 2 and None not in scores and scores[0] == scores[1]


class BotView(w.VBox):
    """The computer's last decision in a line, and with 'Why?' the best three options it weighed (issue 25)."""

    def __init__(self) -> None:
        self.message = MessageArea()
        self.toggle = w.ToggleButton(value=False, description="Why?", tooltip="the options the computer weighed "
                                     "for its last decision, with their scores", layout=w.Layout(width="80px"))
        self.toggle.add_class("centurion-why-toggle")
        self.toggle.observe(self._on_toggle, names="value")
        self.line = w.HTML()
        self.line.add_class("centurion-why-line")
        self.table = w.HTML(layout=w.Layout(display="none"))
        self.table.add_class("centurion-why")
        self.decision: BotDecision | None = None
        self._pending: tuple[Any, BotDecision] | None = None
        self._known: dict[int, tuple[Any, BotDecision | None]] = {}  # by the state a decision led to (kept alive)
        super().__init__([w.HBox([self.toggle, self.line]), self.table, self.message],
                         layout=w.Layout(display="none"))
        self.add_class("centurion-why-box")

    def decide(self, game: Any, level: str, bot: Callable[..., Any] | None = None) -> Any:
        """The computer's action at this level (`bot`'s, by default `bot_action`'s), its reason kept for
        `explain`."""
        d = bot_decision(game, level, bot=bot)
        self._pending = (game, d)
        return d.action

    def explain(self, before: Any, after: Any) -> Any:
        """`after`, the state the computer's decision in `before` led to, with the reason on its log line; this
        decision is then the one shown."""
        if self._pending is None or self._pending[0] is not before:
            return after
        d = self._pending[1]
        self._pending = None
        self.show(d)
        after = explained(before, after, d)
        self.remember(after, d)
        return after

    def remember(self, after: Any, d: BotDecision | None) -> None:
        """Keep `d` as the computer's decision that led to the state `after` (the replay slider shows it again)."""
        self._known[id(after)] = (after, d)

    def recall(self, before: Any, after: Any, level: str,
               stored: Callable[[], BotDecision | None] | None = None) -> BotDecision | None:
        """The computer's decision that led from `before` to `after`: kept, or worked out again (the computer is
        deterministic given the state and its level, issue 25), else asked of the store (`stored`: a stored game's
        view hides the seed its novice's draws and elite's playouts take), and None when none is the action the
        game recorded: nothing is then shown rather than a decision the computer did not take."""
        known = self._known.get(id(after))
        if known is not None and known[0] is after:
            return known[1]
        try:
            d: BotDecision | None = bot_decision(before, level)
        except (ValueError, IllegalAction):  # not a state the computer decides in
            d = None
        if d is None or not after.history or d.action != after.history[-1]:
            d = stored() if stored is not None else None
        self.remember(after, d)
        return d

    def follow(self, states: list[Any], step: int, level_of: Callable[[str], str | None],
               stored: Callable[[int], BotDecision | None] | None = None) -> None:
        """Show the computer's last decision up to `step` of `states` (the step the map shows: the game now, or
        one the replay slider went back to), hidden when it took none by then (walks of sessions 31 and 42: a
        table for another step than the map's, and the tables of a reloaded game or of earlier decisions lost);
        `stored(j)`, a stored game's decision j as the store works it out. Decisions kept for states the page no
        longer holds (a decision taken back, another game) are let go."""
        held = {id(s) for s in states}
        self._known = {k: v for k, v in self._known.items() if k in held}
        for j in range(min(step, len(states) - 1), 0, -1):
            level = level_of(states[j - 1].active)
            if level is not None:
                ask = None if stored is None else (lambda j=j: stored(j))
                self.show(self.recall(states[j - 1], states[j], level, ask))
                return
        self.show(None)

    def show(self, d: BotDecision | None) -> None:
        """Show a decision (None: nothing, the box hidden)."""
        self.decision = d
        self.layout.display = "none" if d is None else None
        if d is None:
            self.line.value = self.table.value = ""
            return
        period = "round" if _centuria(d) else "turn"  # Centuria counts rounds (CTA-1)
        self.line.value = (f"<span style='font-size:12px'><b>The computer's last decision</b> ({period} {d.turn}, "
                           f"{html.escape(d.phase)}, {html.escape(d.level)}): {html.escape(in_words(d.reason))}</span>")
        self.table.value = alternatives_html(d)

    @guarded()
    def _on_toggle(self, change: dict) -> None:
        self.table.layout.display = None if change["new"] else "none"


__all__ = ["DRAWN", "TIES", "TIES_CENTURIA", "BotView", "alternatives_html"]
