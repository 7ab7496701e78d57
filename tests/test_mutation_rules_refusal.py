"""Kills the one surviving mutant of centurion/rules/refusal.py (issue 22, docs/mutation.md): a Refusal has no
truth value, and the error says what to write instead (results are tested with isinstance, never for truth)."""

from __future__ import annotations

import pytest

from centurion.rules.refusal import Refusal


def test_T1_refusal_truth_value_error_says_use_isinstance():
    r = Refusal("CEN-GRAV-1", "too much thrust")
    with pytest.raises(TypeError) as e:
        bool(r)
    assert str(e.value) == "a Refusal has no truth value; use isinstance(x, Refusal)"
    assert str(r) == "CEN-GRAV-1: too much thrust" and r.step is None
