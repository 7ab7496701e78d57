"""More tests for the surviving mutants of centurion/rules/legal.py (issue 22, docs/mutation.md): the odds the
search gives a drifting vehicle and a one-hex-rule move with the vehicle's damage. Expected values from RULES.md
(CEN-SPD-1: target 5 - ceil(over / 2) plus damage modifiers; CEN-SPD-3: a lost TS&R halves every limit;
CEN-TER-1: light woods 2 VP, limit 8) and book-a §13.2 (driver out: straight on, piloting fails on 2+); not from
the code. Maps are built in each test (the step tables are cached on the map, see tests/test_mutation_rules_legal.py).
"""

from __future__ import annotations

from fractions import Fraction

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import parse_label
from centurion.rules import GravState, legal_grav_moves

HORATIUS = vehicle_types()["horatius"]


def test_CEN13_SPD3_a_drift_with_the_TSR_lost_rolls_where_the_halved_limit_is_passed():
    """Driver out at velocity 6, straight up a column with light woods in 0227: 1+1+1+2+1 VP, ending in 0225.
    Light woods' limit 8 halves to 4 with the TS&R lost: one roll, which only a 1 passes (driver out): 1/10.
    With the TS&R working, 6 is within 8: no roll."""
    def ends(tsr_lost):
        m = map_from_rows(["..."] * 26 + [".l."] + ["..."] * 3)
        s = GravState(parse_label("0230"), 0, velocity=6, driver_out=True, tsr_lost=tsr_lost)
        return legal_grav_moves(s, HORATIUS, m)

    (e,) = ends(True)
    assert (e.hex, e.grounded, e.velocity_min, e.velocity_max) == (parse_label("0225"), False, 6, 6)
    assert (e.p_no_damage, e.rolls) == (Fraction(1, 10), 1)
    (e,) = ends(False)
    assert (e.hex, e.p_no_damage, e.rolls) == (parse_label("0225"), Fraction(1), 0)
