"""The dice log and roll views: every roll shows target, modifiers with rule IDs, exact odds, result, outcome."""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as w

from ..dice import Dice, Roll
from ..game.wording import in_words
from .reference import link_rules
from .safety import MessageArea, guarded


def percent(p: Fraction) -> str:
    """An exact fraction and its percentage, e.g. '3/10 (30%)'."""
    return f"{p.numerator}/{p.denominator} ({float(p):.1%})" if p.denominator != 1 else f"{p} ({float(p):.0%})"


def modifiers_html(terms: Sequence[tuple[str, int, str]]) -> str:
    """A small table of the terms of a target: label, value, rule ID."""
    rows = "".join(f"<tr><td>{html.escape(label)}</td><td style='text-align:right'>{value:+d}</td>"
                   f"<td><code>{html.escape(rule)}</code></td></tr>" for label, value, rule in terms)
    return f"<table class='centurion-terms'>{rows}</table>"


def roll_html(roll: Roll, terms: Sequence[tuple[str, int, str]] = ()) -> str:
    """One roll: purpose, target and its terms, exact odds, the die, the outcome."""
    outcome = ("" if roll.success is None else  # a plain roll (a location, a column): no success to tell
               " → <b style='color:#1b7a1b'>success</b>" if roll.success else " → <b style='color:#b00020'>failure</b>")
    target = "" if roll.target is None else f" target <b>{roll.target}</b>, P(success) = {percent(roll.probability)};"
    return (f"<div class='centurion-roll'>{html.escape(in_words(roll.purpose))} <code>{html.escape(roll.rule)}</code>:"
            f"{target} {roll.die} rolled <b>{roll.result}</b>{outcome}"
            f"{modifiers_html(terms) if terms else ''}</div>")


MAX_SEED = 2**63 - 1


def parse_seed(text: object) -> int | None:
    """A seed typed in the box: a whole number 0..MAX_SEED (spaces around allowed), else None."""
    if not isinstance(text, str):
        return None
    t = text.strip()
    if not t.isascii() or not t.isdigit() or len(t) > 19:
        return None
    value = int(t)
    return value if value <= MAX_SEED else None


class DiceLog(w.VBox):
    """A seed field and the log of every roll of a dice source; a new seed makes a session reproducible."""

    def __init__(self, dice: Dice | None = None, seed: int = 1) -> None:
        self.dice = dice or Dice(seed)
        start = self.dice.seed if self.dice.seed is not None else seed
        self.seed = w.Text(value=str(start), description="Seed", placeholder="a whole number",
                           tooltip="a whole number, such as 42: the same seed gives the same rolls",
                           layout=w.Layout(width="180px"))
        self.reseed = w.Button(description="Use seed", tooltip="restart the dice from this seed",
                               layout=w.Layout(width="90px"))
        self.reseed.on_click(self._on_reseed)
        self.entries = w.HTML(value="<i>No rolls yet.</i>", layout=w.Layout(max_height="180px", overflow="auto"))
        self.message = MessageArea()
        self.dice.listeners.append(self._on_roll)
        super().__init__([w.HTML("<b>Dice log</b>"), w.HBox([self.seed, self.reseed]), self.entries, self.message])
        self.add_class("centurion-dicelog")

    @guarded()
    def _on_reseed(self, _button: object = None) -> None:
        self.reseed_from_box()

    def reseed_from_box(self) -> bool:
        """Restart the dice from the seed box if it holds a whole number; otherwise say so and change nothing."""
        seed = parse_seed(self.seed.value)
        if seed is None:
            shown = str(self.seed.value)[:40]
            self.message.show(f"The seed must be a whole number from 0 to {MAX_SEED}, such as 42; "
                              f"{shown!r} is not one. The dice are unchanged.", "refusal")
            return False
        self.message.clear()
        self.use_seed(seed)
        return True

    def use_seed(self, seed: int) -> None:
        """Restart the dice from `seed`, keeping this log's listener (DIE-10)."""
        self.dice.reseed(seed)
        self.dice.log.clear()
        self.entries.value = f"<i>Dice restarted from seed {seed}.</i>"

    def _on_roll(self, roll: Roll) -> None:
        lines = [roll_html(r) for r in reversed(self.dice.log[-30:])]
        self.entries.value = link_rules("".join(lines))
