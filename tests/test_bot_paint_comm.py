"""The careful levels' painting judgement follows book-a 13.2: a vehicle whose comm is out neither paints nor gains
from a friend's paint (only from its own, which it cannot make). Session 35: the computer counted such a friend's
gain when it chose a paint, and such a painter's chance when it weighed an end's fire."""

from __future__ import annotations

from centurion.game import Paint, bot_action, new_skirmish
from centurion.game.bot_fire import dealt_from, paint_chance
from centurion.game.bot_reasons import bot_decision
from centurion.rules.targets import TO_HIT_KIND
from tests.bot_games import comm_out, with_vehicle


def _hits(state, firer: str, target: str) -> float:
    plan = state.attack_set(state.vehicle(firer), target)
    return 0.0 if plan is None else float(sum(state.rules.damage_chance(a.to_hit, weapon=TO_HIT_KIND[a.family])
                                              for a in plan.attacks))


def _painting_for_a_friend():
    """The first veteran paint (meeting, seed 0) whose reason names a friend of the painter's that gains."""
    s = new_skirmish("meeting", seed=0)
    while not s.over:
        if s.phase == "painting":
            d = bot_decision(s, "veteran")
            a = d.action
            if isinstance(a, Paint) and a.target:
                side = s.combat_units()[a.unit].side
                painted = with_vehicle(s, a.target, painted_by=(a.unit,))
                for v in s.live_vehicles(side):
                    if v.key != a.unit and _hits(painted, v.key, a.target) > _hits(s, v.key, a.target):
                        return s, a, v.key
        s = s.apply(bot_action(s, "veteran"))
    raise AssertionError("no paint for a friend in meeting seed 0")


def test_a_friend_whose_comm_is_out_gains_nothing_from_the_paint_and_is_not_named():
    s, a, friend = _painting_for_a_friend()
    assert friend in bot_decision(s, "veteran").reason
    s2 = comm_out(s, friend)
    painted = with_vehicle(s2, a.target, painted_by=(a.unit,))
    assert _hits(painted, friend, a.target) == _hits(s2, friend, a.target)  # the engine: no gain (book-a 13.2)
    d = bot_decision(s2, "veteran")
    if isinstance(d.action, Paint) and d.action.target == a.target:
        assert f" {friend}" not in d.reason.split(":")[0], d.reason
    v = s2.vehicle(friend)
    tv = s2.combat_units()[a.target].target_view(s2.combat_units()[friend])
    assert dealt_from(s2, v, v.hex, v.facing, tv)[1] == 0.0  # no chance of being painted counts for it


def test_a_painter_whose_comm_is_out_has_no_chance_to_paint():
    s, a, _friend = _painting_for_a_friend()
    units = s.combat_units()
    tv = units[a.target].target_view(units[a.unit])
    v = s.vehicle(a.unit)
    assert paint_chance(s, v, v.hex, v.facing, tv) > 0
    s2 = comm_out(s, a.unit)
    assert not s2.vehicle(a.unit).sheet.may_paint  # book-a 13.2
    assert paint_chance(s2, s2.vehicle(a.unit), v.hex, v.facing, tv) == 0.0
