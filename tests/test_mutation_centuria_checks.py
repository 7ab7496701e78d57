"""Fast tests for centurion/centuria/checks.py written against its surviving mutants (issue 22, docs/mutation.md).

The checks answer "may this attack / shot be made now?" with the refusal the action itself would give. Expected
values: RULES.md CTA-1 (attacks in the combat phase), CTA-COMBAT (next to the enemy), CTA-CMD (a sub-unit out
of command does not attack), CTA-ART (ballista range 5 = its action radius in the seed's table); and the
preview must not change the battle nor roll.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from test_centuria import T, artillery_field, two_centuriae

from centurion.centuria import attack, fire_refusal
from centurion.centuria.checks import attack_refusal, shot_refusal
from centurion.dice import Dice
from centurion.rules.grav import Refusal


def tables_with(unit: str, **changes):
    """The Centuria tables with one unit type's values changed."""
    units = dict(T.units)
    units[unit] = dataclasses.replace(units[unit], **changes)
    return dataclasses.replace(T, units=MappingProxyType(units))


def test_CTA_COMBAT_a_legal_attack_has_no_refusal_and_nothing_is_rolled_or_changed():
    b = two_centuriae(defender_facing=3, phase="combat")
    assert attack_refusal(b, "A", "D") is None
    assert attack_refusal(b, "A", "D", T) is None
    assert b.attacked == frozenset() and b.piece("D").alive and b.piece("A").alive
    # the real attack still rolls afterwards
    after, _ = attack(b, "A", "D", Dice.scripted([20, 1]))
    assert not after.piece("D").alive


def test_CTA_1_and_CTA_COMBAT_the_refusal_is_the_attacks_own():
    moving = two_centuriae(defender_facing=3)  # movement phase
    r = attack_refusal(moving, "A", "D")
    assert isinstance(r, Refusal) and r.rule == "CTA-1"
    assert r == attack(moving, "A", "D", Dice.scripted([]))
    b = two_centuriae(defender_facing=3, phase="combat")
    own = attack_refusal(b, "A", "L")
    assert isinstance(own, Refusal) and own.rule == "CTA-COMBAT" and "own side" in own.reason
    unknown = attack_refusal(b, "A", "nobody")
    assert isinstance(unknown, Refusal) and unknown.rule == "CTA-1" and "nobody" in unknown.reason


def test_CTA_CMD_the_check_uses_the_tables_it_is_given():
    b = two_centuriae(defender_facing=3, phase="combat")
    # a centurio ballista with action radius 0 cannot command A (one hex away): A is out of command
    narrow = tables_with("centurio ballista", action_radius=0)
    r = attack_refusal(b, "A", "D", narrow)
    assert isinstance(r, Refusal) and r.rule == "CTA-CMD"
    assert attack_refusal(b, "A", "D") is None


def test_CTA_ART_shot_refusal_is_the_engines_check_with_its_tables():
    b = artillery_field()  # the ballista 5 hexes from its target, in sight
    assert shot_refusal(b, "B", "X") is None and shot_refusal(b, "B", "X", T) is None
    short = tables_with("ballista", action_radius=4)
    r = shot_refusal(b, "B", "X", short)
    assert isinstance(r, Refusal) and r.rule == "CTA-ART" and "reaches 4" in r.reason
    assert r == fire_refusal(b, "B", "X", short)
    notengine = shot_refusal(b, "S", "X")
    assert isinstance(notengine, Refusal) and notengine.rule == "CTA-ART" and "not an engine" in notengine.reason
