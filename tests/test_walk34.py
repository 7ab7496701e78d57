"""Session 34's walk (the village as the Renegades against the elite) and its findings, each test failing before its
fix."""

from __future__ import annotations

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import Hex, neighbor
from centurion.rules import GravState, legal_grav_moves, resolve_grav_move


def test_a_tank_that_lands_short_is_listed_slowed_by_its_thrust_first_e10():
    """RULES.md CEN-GRD-1 and its seed (book-a E10): a Horatius at velocity 8 that moved only one hex decelerates its
    6 thrust points first and lands at velocity 2: 20 points of grounding damage, not 80. The walk's list offered
    'grounded at velocity 8: 80 points' as the only way to land one hex ahead (the safest path took the least thrust
    among certain damage). The safest path to that grounded end now lands at 2; the engine resolves it to 20."""
    horatius = vehicle_types()["horatius"]
    assert horatius.max_thrust == 6
    m = map_from_rows(["." * 8] * 9, ["0" * 8] * 9)
    here = Hex(3, 2)
    state = GravState.of(horatius, here, 0, 8)
    ahead = neighbor(here, 0)
    end = next(e for e in legal_grav_moves(state, horatius, m) if e.hex == ahead and e.facing == 0 and e.grounded)
    r = resolve_grav_move(state, end.safest.move, m, horatius)
    assert (end.safest.move.decelerate, r.end_velocity, r.grounding_damage) == (6, 2, 20), end.safest

