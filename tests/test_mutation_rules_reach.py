"""Kills a surviving mutant of centurion/rules/reach.py (issue 22, docs/mutation.md): the VP cost groups of the
steps out of a layer when every step costs 3 VP or more and the costs differ. Expected values come from the
brute-force oracle of tests/test_legal_moves_oracle.py (every move tried through resolve_grav_move), not from the
search under test."""

from __future__ import annotations

from test_mutation_rules_legal import V2, assert_matches_oracle

from centurion.hexgrid import parse_label
from centurion.rules import GravState


def test_GRAV2_from_a_standstill_on_heavy_woods_slopes_every_first_step_costs_3_VP_or_more():
    """At velocity 0 in the corner of heavy woods on a slope (CEN-TER-1: 3 VP, +1 per level up) the six facings'
    first steps cost 3, 4 or more VP: each end state, range and best path is the oracle's."""
    assert_matches_oracle("heavy", V2, GravState.of(V2, parse_label("0101"), 0, 0))
