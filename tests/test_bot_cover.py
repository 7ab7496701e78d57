"""The computer stands in cover when cover costs it nothing (issue 25, acceptance: "cover chosen over open ground
when both deal the same"; audit G10: all 35 end hexes of two meeting games were clear or river).

The position is built from the meeting's first Renegade move: R11 may end grounded in the clear (0513) or in heavy
woods (0518), both without any piloting roll, both 10 hexes from the bridge, both 12 hexes from the TOG tanks
standing in 1718, from where R11's weapons expect the same hits on them. The woods' combat modifier makes R11 harder
to hit there (CEN-TER-1: heavy woods -2), so a player takes the woods. Only those two ends are offered (the engine's
own end states); the other Renegade tanks stand as far from one as from the other. Two things take the computer
to the woods: the cover term of its quick score and the exact fire it expects to take; with both broken (cover
read with the wrong sign, the fire taken weighed 0) the choice test fails, with either one left it passes.
"""

from __future__ import annotations

import pytest

from centurion.game import Move, bot_action
from centurion.hexgrid import distance, parse_label
from tests.bot_games import TOG_AT, r11_choice, r11_exchanges

CLEAR, WOODS, BRIDGE = (parse_label(x) for x in ("0513", "0518", "1516"))


@pytest.fixture
def choice(monkeypatch):
    def pick(s, ends, at):
        return next(e for e in ends if e.hex == at and e.grounded and e.p_no_damage == 1)

    s, clear, woods = r11_choice(monkeypatch, CLEAR, WOODS, pick)
    assert s.battlemap[CLEAR].terrain == "clear" and s.battlemap[WOODS].terrain == "heavy_woods"
    assert distance(CLEAR, BRIDGE) == distance(WOODS, BRIDGE) == 10
    assert distance(CLEAR, TOG_AT) == distance(WOODS, TOG_AT) == 12
    return s, clear, woods


def test_G10_both_ends_deal_the_same_and_the_woods_take_less(choice):
    """The premise, by the engine's fire declaration: equal hits dealt, fewer taken in the woods (CEN-TER-1)."""
    s, clear, woods = choice
    for _x, deal, taken in r11_exchanges(s, (clear, woods)):
        assert deal[0] == pytest.approx(deal[1]) and deal[0] > 0
        assert taken[1] < taken[0]


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_G10_cover_is_chosen_over_open_ground_when_both_deal_the_same(choice, level):
    s, _clear, woods = choice
    a = bot_action(s, level)
    assert isinstance(a, Move) and a.unit == "R11"
    assert s.resolve_move("R11", a.move).end_state().hex == woods.hex == WOODS
