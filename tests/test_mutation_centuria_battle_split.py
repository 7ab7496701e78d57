"""Tests that kill survivors of the modules split from centuria/battle.py by issue 23 (issue 22, docs/mutation.md).

The file name matches `test_mutation_centuria_battle*`, so tools/mutation.py runs it for every module split from
centuria/battle (MOVED_FROM). Expected values come from RULES.md CTA-MORALE (b): a fallen leader is replaced by
a leader of his own formation; with none left, the sub-unit has no leader.
"""

from __future__ import annotations

from dataclasses import replace

from tests.test_centuria import OPEN, battle, piece


def test_CTA_MORALE_a_sub_unit_whose_formation_has_no_leader_left_answers_to_none():
    """CTA-MORALE (b): the praefectus falls and no leader of his formation is left (the tribunus next to him is
    of another formation), so the centuria has no leader to answer to: None, not an error."""
    lead = piece("L", "praefectus coh", "rome", "0404")
    stranger = piece("TR", "tribunus", "rome", "0405")
    unit = piece("C", "centuria", "rome", "0504", commander="L")
    alone = battle(OPEN, [lead, stranger, unit]).with_piece(replace(lead, alive=False))
    assert alone._leader_of(alone.piece("C")) is None
    assert alone.acting_leader(alone.piece("C")) is None
