"""The careful levels' liked range comes from the record sheets (issue 25, game/bot_range.py).

Expected values from the books, not from the code: the weapons table (book-b 16.6: a Liberator carries a 150mm
Gauss, a 3/6 laser and two TVLG 4 packs of range 6; a Horatius a 150mm Gauss, a 3/6 laser and an SMLM 2 of range
10), the missile limit (book-a 8.3: at most 1 SMLM and 2 TVLG a vehicle a turn), the base to-hit by range (book-a
10.1: 12 at 1, 11 at 2-3, 10 at 4-6, 9 at 7-10; a d10 of 10 always misses, so 9 in 10 at best), the shields'
factors (rating / 10, not against a Gauss, none against a painted target: book-a 10.2) and the templates' squares
(data/templates.yaml: HEAP 150 5+3+3+1+1+1+1 = 15, TVLG 1+1+1+5+5 = 13, SMLM 9+5+3+1 = 18; a 3/6 laser 8 boxes).
"""

from __future__ import annotations

import pytest

from centurion.game import new_skirmish
from centurion.game.bot import _worth
from centurion.game.bot_range import firepower, preferred_range

GAUSS, LASER, TVLG, SMLM = 15, 8, 13, 18
BEST = 0.9  # a 10 on the d10 always misses


@pytest.fixture(scope="module")
def duel():
    s = new_skirmish("first_game", seed=1)  # two Liberators (R11, R12) against two Horatius (T11, T12)
    return s, s.vehicle("R11"), s.vehicle("T11")


def test_firepower_counts_the_weapons_in_reach_their_odds_and_their_squares(duel):
    _s, lib, hor = duel
    # painted (no shield): every shot at its best odds within 10 hexes
    assert firepower(lib, 6, hor, True) == pytest.approx(BEST * (GAUSS + LASER + 2 * TVLG))  # two TVLG a turn
    assert firepower(lib, 7, hor, True) == pytest.approx(BEST * (GAUSS + LASER))  # the TVLG's 6 hexes are past
    assert firepower(hor, 7, lib, True) == pytest.approx(BEST * (GAUSS + LASER + SMLM))  # one SMLM a turn
    assert firepower(hor, 11, lib, True) == pytest.approx(0.8 * (GAUSS + LASER))  # base 8; the SMLM's 10 past
    # not painted: the laser and the missiles lose the shield factor (Horatius front 7, flanks 6: 6 on average),
    # the Gauss does not; range 7-10, base 9: the laser hits on 3 or less
    assert firepower(lib, 7, hor, False) == pytest.approx(BEST * GAUSS + 0.3 * LASER)


def test_the_liberator_closes_to_its_missiles_reach_and_the_horatius_keeps_beyond_it(duel):
    s, lib, hor = duel
    worth = lambda k: _worth(s, k)  # noqa: E731
    assert 4 <= preferred_range(lib, [hor], worth) <= 6  # within its TVLGs' 6 hexes, not nearer than it needs
    assert 7 <= preferred_range(hor, [lib], worth) <= 10  # past the TVLGs, within its own SMLM's 10 hexes


def test_a_vehicle_without_its_missiles_has_no_reason_to_close(duel):
    """With its TVLG rounds spent the Liberator's fire is the Horatius's without the SMLM at every range: it no
    longer gains by closing to 6, and keeps off past the SMLM's 10 hexes (where the two tanks fire alike)."""
    from dataclasses import replace

    s, lib, hor = duel
    spent = replace(lib, sheet=replace(lib.sheet, missiles_fired=(*lib.sheet.missiles_fired, ("TVLG", 8))))
    assert spent.sheet.missiles_left("TVLG") == 0
    assert firepower(spent, 6, hor, True) == pytest.approx(BEST * (GAUSS + LASER))
    assert preferred_range(spent, [hor], lambda k: _worth(s, k)) > 10


def test_no_liked_range_without_an_enemy_or_a_sheet(duel):
    """`preferred_range` is None with no enemy vehicle to weigh (then the move keeps its rule-of-thumb range) and for
    a vehicle without a record sheet; an enemy without one is left out of the weighing."""
    from dataclasses import replace

    s, lib, hor = duel
    worth = lambda k: _worth(s, k)  # noqa: E731
    assert preferred_range(lib, [], worth) is None
    assert preferred_range(replace(lib, sheet=None), [hor], worth) is None
    assert preferred_range(lib, [replace(hor, sheet=None)], worth) is None
    assert preferred_range(lib, [hor, replace(hor, sheet=None)], worth) == preferred_range(lib, [hor], worth)


def test_the_careful_levels_move_by_it_and_the_novice_does_not(monkeypatch):
    """The veteran and the elite ask for the liked range of the vehicle they move, against its enemies; the
    novice keeps the rule of thumb (two thirds of its reach)."""
    import centurion.game.bot as bot
    from centurion.game import bot_action

    asked = []
    real = bot.preferred_range
    monkeypatch.setattr(bot, "preferred_range", lambda v, en, w: asked.append((v.key, sorted(x.key for x in en)))
                        or real(v, en, w))
    s = new_skirmish("first_game", seed=1)
    while s.phase != "movement" or not s.movers():
        s = s.apply(bot_action(s, "veteran"))
    mover = s.movers()[0]
    enemies = sorted(v.key for v in s.live_vehicles(s.other(mover.side)))
    for level, want in (("novice", []), ("veteran", [(mover.key, enemies)])):
        asked.clear()
        bot_action(s, level)
        assert asked == want, level


def test_a_weapon_missing_from_the_table_is_an_error_and_a_vulcan_scores_no_armor_boxes():
    """book-b 16.6: a Vulcan's and an AP laser's damage is special (S), so no armor boxes; a 3/6 laser 8 boxes, a
    TVLG's template 13 squares. A name that is not in the table is refused by name (CEN-REC-1) instead of counting
    as a weapon that does no harm (session 23: it came out 0)."""
    from centurion.game.bot_range import _boxes

    assert _boxes("Vulcan-1") == 0 and _boxes("AP laser") == 0
    assert _boxes("3/6 laser") == LASER and _boxes("TVLG 4") == TVLG
    with pytest.raises(KeyError, match="CEN-REC-1.*'TVLG 5'"):
        _boxes("TVLG 5")
