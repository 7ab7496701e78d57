"""Morale in a Centuria battle (CTA-MORALE): the tests the rules roll on their own, with no decision of a player —
after an attack or a shot, by the units its losses shake (a-c), and at the start of each round after the first, the
rally tests of marked units. The combat phase and the round call them."""

from __future__ import annotations

from ...centuria import CenturiaBattle, Event, morale_test, morale_triggers, start_round
from ...dice import Dice


def after_losses(before: CenturiaBattle, after: CenturiaBattle, events: list[Event], dice: Dice,
                 rules_edition: int) -> tuple[CenturiaBattle, list[Event]]:
    """The battle once every unit shaken by the losses between `before` and `after` has tested its morale, with
    the events of the exchange followed by the tests' (CTA-MORALE a-c; a fleeing unit takes no more tests).

    From the second edition of Centuria's rules (`CENTURIA_RULES_EDITION`): the army commander's fall shakes his
    whole army (`led_units`, K3), and a unit that flees in those tests is out of action (K9), so it may set off
    trigger (a) for the rest of its unit: the tests go on, wave after wave, until a wave adds no trigger."""
    new, start = after, before
    for _ in range(len(after.pieces) + 1):  # each wave needs a unit passing half its losses for the first time
        wave = new
        for pid, reason in morale_triggers(start, new, whole_army=rules_edition >= 2):
            q = new.piece(pid)
            if q.alive and q.marker < 3:
                new, more = morale_test(new, pid, dice, reason)
                events += more
        if rules_edition < 2 or new is wave:
            break
        start = wave
    return new, events


def open_round(battle: CenturiaBattle, dice: Dice) -> tuple[CenturiaBattle, list[Event]]:
    """The start of a new round: every marked unit of both sides takes its rally test (CTA-MORALE)."""
    return start_round(battle, dice)


__all__ = ["after_losses", "open_round"]
