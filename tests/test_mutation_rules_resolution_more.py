"""More tests that kill surviving mutants of centurion/rules/resolution.py (issue 22, docs/mutation.md).

Expected values come from book-a §15.2 and E25 (the Vulcan: engaged missiles, kill rolls spread over the
turn's attackers, Vulcan-2 engaging 3 has kill number 2), E21 (one location roll per firing unit and target)
and values worked by hand in each test; not from the code.
"""

from __future__ import annotations

from centurion.data import vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import CombatUnit, VulcanEngagement, _Hit, _vulcan_budget
from centurion.rules.vulcan import E25_POLICY, VulcanPolicy

V = vehicle_types()


def unit(key, side, label, facing=0, vehicle=None, **kw):
    sheet = RecordSheet.of(V[vehicle]) if vehicle else None
    return CombatUnit(key, side, parse_label(label), facing, sheet, **kw)


ROLL = Dice.scripted([1]).roll("d10", purpose="to hit", rule="CEN-CMB-1")


def hit(target: str, missile: bool = True) -> _Hit:
    return _Hit("TVLG", target, ROLL, missile, (1,), "front", None)


class Recorder:
    """A Vulcan owner whose choices are fixed, recording what it was asked (book-a §15.2)."""

    def __init__(self, declare: int, spend: int) -> None:
        self.declared: list[tuple[int, int, int]] = []
        self.spent: list[tuple[int, int, int]] = []
        self._declare, self._spend = declare, spend

    def policy(self) -> VulcanPolicy:
        def declare(rating, hits, later):
            self.declared.append((rating, hits, later))
            return self._declare

        def spend(left, hits, later):
            self.spent.append((left, hits, later))
            return self._spend

        return VulcanPolicy(declare, spend)


# --- the Vulcan's kill rolls for one attacker (book-a §15.2, E25) ----------------------------------------------


def test_CMB1_vulcan_without_owner_choice_spends_only_a_declared_engagement():
    """No owner's choice: a vehicle engaged beforehand rolls on its rolls left, one not engaged rolls none; a
    hit that is not a missile is no business of the Vulcan."""
    tra = unit("t", "TOG", "0205", 0, "trajan", vulcan=VulcanEngagement(2, 3, 3))
    bare = unit("b", "TOG", "0305", 0, "trajan")
    other = unit("o", "TOG", "0405", 0, "trajan", vulcan=VulcanEngagement(2, 3, 3))
    units = {"t": tra, "b": bare, "o": other}
    budget = _vulcan_budget([hit("t"), hit("b"), hit("o", missile=False)], units, None, {})
    assert budget == {"t": 3, "b": 0}
    assert units == {"t": tra, "b": bare, "o": other}


def test_CMB1_vulcan_declared_at_the_first_missile_hits_with_the_hits_and_later_attackers():
    """The owner declares when this attacker's missile hits are known: Vulcan-2 of a Trajan, 2 missile hits
    on it (plus one hit elsewhere, one non-missile), 1 attacker to come; then spends rolls on these hits."""
    rec = Recorder(declare=3, spend=2)
    units = {"t": unit("t", "TOG", "0205", 0, "trajan"), "h": unit("h", "TOG", "0305", 0, "horatius")}
    hits = [hit("t"), hit("t", missile=False), hit("t"), hit("h")]
    budget = _vulcan_budget(hits, units, rec.policy(), {"t": 1, "h": 4})
    assert rec.declared == [(2, 2, 1)]  # the Horatius has no Vulcan: never asked
    assert rec.spent == [(3, 2, 1)]
    assert budget == {"t": 2}
    assert units["t"].vulcan == VulcanEngagement(2, 3, 3)  # kill rolls used later, by _land_hits
    assert units["h"].vulcan is None


def test_CMB1_vulcan_later_attackers_default_to_none():
    rec = Recorder(declare=1, spend=1)
    units = {"t": unit("t", "TOG", "0205", 0, "trajan")}
    assert _vulcan_budget([hit("t")], units, rec.policy(), {}) == {"t": 1}
    assert rec.declared == [(2, 1, 0)] and rec.spent == [(1, 1, 0)]


def test_CMB1_vulcan_declaring_none_engages_none_this_turn():
    """Declared 0: the Vulcan engages no missile this turn, and is not asked again (book-a §15.2)."""
    rec = Recorder(declare=0, spend=5)
    units = {"t": unit("t", "TOG", "0205", 0, "trajan")}
    assert _vulcan_budget([hit("t"), hit("t")], units, rec.policy(), {}) == {}
    assert units["t"].vulcan == VulcanEngagement(2, 0, 0) and rec.spent == []
    assert _vulcan_budget([hit("t")], units, rec.policy(), {}) == {}
    assert len(rec.declared) == 1


def test_CMB1_vulcan_spends_within_its_rolls_left():
    """Already engaged: no new declaration; the rolls spent are clamped to 0 .. rolls left."""
    for asked, got in ((5, 2), (-1, 0), (1, 1), (2, 2)):
        rec = Recorder(declare=4, spend=asked)
        units = {"t": unit("t", "TOG", "0205", 0, "trajan", vulcan=VulcanEngagement(2, 3, 2))}
        assert _vulcan_budget([hit("t"), hit("t"), hit("t")], units, rec.policy(), {"t": 2}) == {"t": got}
        assert rec.declared == [] and rec.spent == [(2, 3, 2)]
        assert units["t"].vulcan == VulcanEngagement(2, 3, 2)
    spent = Recorder(declare=4, spend=1)
    units = {"t": unit("t", "TOG", "0205", 0, "trajan", vulcan=VulcanEngagement(2, 3, 0))}
    assert _vulcan_budget([hit("t")], units, spent.policy(), {}) == {} and spent.spent == []


def test_E25_policy_engages_the_hits_plus_one_kept_for_later():
    """E25: a Vulcan-2 hit by 2 missiles with one more attacker to come engages 3 (kill number 2), 2 rolls now."""
    units = {"t": unit("t", "TOG", "0205", 0, "trajan")}
    assert _vulcan_budget([hit("t"), hit("t")], units, E25_POLICY, {"t": 1}) == {"t": 2}
    assert units["t"].vulcan == VulcanEngagement(2, 3, 3) and units["t"].vulcan.kill_number == 2
