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



def test_a_turret_fires_at_an_enemy_squad_in_its_own_hex():
    """Walk 34, finding 2: R23 moved into the hex of a TOG squad, yet no fire at it was offered ('150mm Gauss: 3612
    is outside the turret's arc'). In one hex the later unit counts from the hex it came from (book-a §14.2); the
    turret was turned as if the target stood in the firer's own hex (any facing 'bears' there), then checked from
    the entry hex. A turret turns all round (book-a 8.2), so every working turret weapon that may fire at infantry
    (Gauss, not missiles: book-a §8.3) bears on a squad in the firer's hex. Positions: village seeds 1-2, a Renegade
    vehicle of the novice's game moved onto a TOG squad by a risk-free move, then to the fire phase."""
    from centurion.game import Move, bot_action, new_skirmish

    checked = 0
    for seed in (1, 2):
        g = new_skirmish("village", seed=seed)
        while not g.over and g.turn <= 2 and checked < 2:
            mover = g.movers()[0] if g.phase == "movement" and g.movers() else None
            if mover is not None and mover.side == "renegade":
                squads = {q.hex: q.key for q in g.squads if q.side == "tog" and q.hex is not None and q.men}
                onto = next((m for m, e in g.move_options(mover.key)
                             if e.hex in squads and not e.grounded and e.p_no_damage == 1), None)
                if isinstance(onto, Move):
                    h = g.apply(onto)
                    while h.phase != "fire" and not h.over:
                        h = h.apply(bot_action(h, "novice"))
                    v = h.vehicle(mover.key)
                    squad = next((q.key for q in h.squads if q.hex == v.hex and q.side == "tog" and q.men), None)
                    if squad is not None and not v.destroyed:
                        plan = h.attack_set(v, squad)
                        guns = {w.type for i, w in enumerate(v.sheet.vehicle.weapons)
                                if w.location == "turret" and "Gauss" in w.type and v.sheet.weapon_usable(i)}
                        assert guns and plan is not None and guns <= {ra.weapon.type for ra in plan.attacks}, plan
                        checked += 1
            g = g.apply(bot_action(g, "novice"))
    assert checked >= 2
