"""A short bot-against-bot Centurion game for the variant tests: every action the computer picks is checked
against the legal actions before it is applied."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

import centurion.game.bot as bot
from centurion.game import Move, bot_action, new_skirmish


@contextmanager
def steady_novice():
    """The novice these games were seeded for: its best end and its best shot, as before issue 25 made it a
    beginner (its move drawn among its 3 best ends, the nearest target): the variant events they pin still occur."""
    saved = bot.LEVELS["novice"]
    bot.LEVELS["novice"] = replace(saved, candidates=6, pick=1, unstacked=False)
    try:
        yield
    finally:
        bot.LEVELS["novice"] = saved


def bot_game(variants: tuple[str, ...] = (), scenario: str = "meeting", seed: int = 3, *, turns: int = 2,
             limit: int = 600, until: str | None = None):
    """Play `scenario` with the rule set `variants`, novice against novice, to the end of turn `turns` (or, with
    `until`, as soon as a log line contains that text). No budget: the bot's choices do not depend on the machine."""
    s = new_skirmish(scenario, seed=seed, variants=variants)
    for _ in range(limit):
        if s.over or s.turn > turns or (until is not None and any(until in line for line in s.log)):
            break
        with steady_novice():
            a = bot_action(s, "novice")
        legal = s.move_actions(a.unit) if isinstance(a, Move) else s.legal_actions()
        assert legal and a in legal, f"bot chose {a} not among the legal actions"
        s = s.apply(a)
    return s
