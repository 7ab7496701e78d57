"""The careful levels choose whom to shoot by the share of the target a hit destroys, times its cost (session 36).

A hit does its damage to the armor where it lands (book-a §11: 3 in 10 on the turret, 7 on the side the attack comes
from). The same hit takes 1/100 of a fresh Trajan's front but 1/80 of a fresh Horatius's (data/vehicles.yaml), so
per expected hit a fresh Trajan (cost 19 in the meeting) is worth 19 x (0.3/100 + 0.7/100) and a fresh Horatius
(cost 11) 11 x (0.3/80 + 0.7/side). The veteran's fire options on the two, per expected hit, must stand in that
ratio: before session 36 each target's harm was scaled by its own mean armor, which made a hit on the Trajan count
as much of the Trajan as a hit on the Horatius did of the Horatius, and the fire chased the costlier tank.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from centurion.game import bot_action, bot_trace, new_skirmish
from centurion.game.actions import Fire
from centurion.game.bot_move import armor_fraction

TRAJAN = {"front": 100, "turret": 100, "left": 80, "right": 80, "stern": 70}  # data/vehicles.yaml
HORATIUS = {"front": 80, "turret": 80, "left": 60, "right": 60, "stern": 50}
COST = {"T11": 11, "T13": 19}  # data/scenarios/meeting.yaml


def _per_hit(armor: dict[str, int], side: str) -> Fraction:
    """The share of a fresh vehicle one hit on `side` takes (book-a §11's 3 turret : 7 side)."""
    return Fraction(3, 10) / armor["turret"] + Fraction(7, 10) / armor[side]


@pytest.fixture(scope="module")
def renegade_fire():
    """Meeting seed 1, played by the novice (whose fire counts hits, not harm: the position does not depend on the
    rule tested), the Renegades' first fire decision of turn 1, weighed by the veteran: nobody has fired yet and T11
    (a Horatius) and T13 (the Trajan) are untouched, so nothing but the hit's share and the cost differs."""
    s = new_skirmish("meeting", seed=1)
    while len(s.history) < 14:
        s = s.apply(bot_action(s, "novice"))
    assert (s.phase, s.active, s.fires) == ("fire", "renegade", ())
    assert armor_fraction(s.vehicle("T11")) == armor_fraction(s.vehicle("T13")) == 1.0
    with bot_trace.traced() as notes:
        bot_action(s, "veteran")
    return s, {(n.action.unit, n.action.target): n.score for n in notes
               if n.kind == "fire" and isinstance(n.action, Fire) and n.action.target}


@pytest.mark.parametrize("unit", ["R11", "R12", "R13"])
def test_a_hit_on_the_trajan_weighs_its_share_of_the_trajan(renegade_fire, unit):
    s, scores = renegade_fire
    per_hit = {}
    for target, armor in (("T11", HORATIUS), ("T13", TRAJAN)):
        plan = s.attack_set(s.vehicle(unit), target)
        sides = {a.side for a in plan.attacks}
        assert len(sides) == 1  # one firer's shots at one target strike one side (HEX-4)
        hits = sum((a.to_hit.chance for a in plan.attacks), Fraction(0))  # basic rules: a hit does damage
        assert hits > 0
        per_hit[target] = (scores[(unit, target)] / float(hits),
                           float(COST[target] * _per_hit(armor, sides.pop())))
    measured = per_hit["T13"][0] / per_hit["T11"][0]
    expected = per_hit["T13"][1] / per_hit["T11"][1]
    assert measured == pytest.approx(expected, rel=1e-6)
