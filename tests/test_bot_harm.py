"""A hit is worth what it does where it lands (issue 25, "play like a player"; game/bot_harm.py).

Book-a §11: 3 hits in 10 strike the turret and 7 the side the attack comes from (hull down in a crater: 7 the turret,
3 the side). The Liberator's armor (data/vehicles.yaml): front 90, turret 90, left 70, right 70, stern 60. So the
same expected hits taken on the stern harm a Liberator by (0.3/90 + 0.7/60) / (0.3/90 + 0.7/70) = 1.125 times what
they do on a flank, and a careful level turns a flank rather than its stern toward the enemy when both ends are
otherwise the same. The weaker side (the pursuit's three Vipers, cost 15, against six TOG vehicles, cost 45) keeps
off and runs for its objective instead of closing to its weapons' liked range.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from centurion.game import Move, bot_action, new_skirmish
from centurion.game.bot import _harm_from, _me_at, _outgunned
from centurion.game.bot_harm import plan_harm, shot_harm
from centurion.hexgrid import Hex, distance, parse_label
from centurion.rules.fire import attack_side, to_hit
from tests.bot_games import TOG_AT, r11_choice, r11_exchanges

BRIDGE = parse_label("1516")
STERN_END, FLANK_END = Hex(4, 10), Hex(4, 11)  # both grounded in the clear, 12 hexes from the TOG tanks
LIBERATOR = {"front": 90, "turret": 90, "left": 70, "right": 70, "stern": 60}  # data/vehicles.yaml


def _hit(side: str, crater: bool = False) -> SimpleNamespace:
    """A 150mm Gauss hit on R11 from `side` (what shot_harm reads of a resolved attack)."""
    return SimpleNamespace(target=SimpleNamespace(kind="vehicle", key="R11", crater=crater), side=side,
                           family="gauss", attack=SimpleNamespace(shell="HEAP"), weapon=SimpleNamespace(type="150mm Gauss"))


@pytest.mark.parametrize("crater", [False, True])
def test_a_hit_on_the_stern_weighs_by_book_a_11_and_the_armor_left(crater):
    s = new_skirmish("meeting", seed=3)
    turret, side = (Fraction(7, 10), Fraction(3, 10)) if crater else (Fraction(3, 10), Fraction(7, 10))

    def share(where: str) -> Fraction:
        return turret / LIBERATOR["turret"] + side / LIBERATOR[where]

    stern, flank, front = (shot_harm(s, _hit(w, crater), {}) for w in ("stern", "left", "front"))
    assert stern / flank == pytest.approx(float(share("stern") / share("left")))
    assert flank / front == pytest.approx(float(share("left") / share("front")))
    thin = {"R11": ({**LIBERATOR, "stern": 20}, sum(LIBERATOR.values()) / 5)}  # the stern shot down to 20 boxes
    assert shot_harm(s, _hit("stern", crater), thin) / stern == pytest.approx(
        float((turret / 90 + side / 20) / share("stern")))


@pytest.fixture
def facing_choice(monkeypatch):
    """Meeting seed 3, R11's first move, the TOG tanks in 1718: two grounded risk-free ends 12 hexes from them, one
    showing its stern (first in the tie-break of equal scores: lower hex), one a flank; the other Renegade tanks in
    a hex as far from both, so the ends differ only in the side shown."""
    def pick(s, ends, at):
        wanted = ("stern",) if at == STERN_END else ("left", "right")
        return next(e for e in ends if e.hex == at and e.grounded and e.p_no_damage == 1
                    and attack_side(e.hex, e.facing, TOG_AT) in wanted)

    s, stern, flank = r11_choice(monkeypatch, STERN_END, FLANK_END, pick)
    assert distance(STERN_END, BRIDGE) == distance(FLANK_END, BRIDGE)
    assert distance(STERN_END, TOG_AT) == distance(FLANK_END, TOG_AT) == 12
    return s, stern, flank


def test_both_ends_take_the_same_hits_and_the_stern_more_harm(facing_choice):
    """The premise, by the engine's fire declaration: equal hits dealt and taken; the stern's harm 1.125 times."""
    s, stern, flank = facing_choice
    r11 = s.vehicle("R11")
    for x, deal, taken in r11_exchanges(s, (stern, flank)):
        harm = [_harm_from(s, x, x.hex, x.facing, _me_at(s, r11, e)) for e in (stern, flank)]
        assert deal[0] == pytest.approx(deal[1]) and taken[0] == pytest.approx(taken[1]) and taken[0] > 0
        assert harm[0] / harm[1] == pytest.approx((0.3 / 90 + 0.7 / 60) / (0.3 / 90 + 0.7 / 70))


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_the_careful_levels_show_a_flank_rather_than_the_stern(facing_choice, level):
    s, _stern, flank = facing_choice
    a = bot_action(s, level)
    assert isinstance(a, Move) and a.unit == "R11"
    end = s.resolve_move("R11", a.move).end_state()
    assert (end.hex, end.facing) == (flank.hex, flank.facing)


def test_the_pursuits_vipers_are_outgunned_and_the_meetings_tanks_are_not():
    assert _outgunned(new_skirmish("pursuit", seed=0), "renegade")  # 3 Vipers of cost 5 against 4 + 4 + 4 + 3 x 11
    assert not _outgunned(new_skirmish("pursuit", seed=0), "tog")
    assert not any(_outgunned(new_skirmish("meeting", seed=0), side) for side in ("renegade", "tog"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_veterans_vipers_run_for_the_exit_on_the_first_turn(seed):
    """Pursuit: every Viper ends its first move nearer the road exit (4315) than it started, the enemy behind it."""
    s = new_skirmish("pursuit", seed=seed)
    exit_ = parse_label("4315")
    start = {v.key: v.hex for v in s.live_vehicles("renegade")}
    while s.turn == 1 and not s.over:
        s = s.apply(bot_action(s, "veteran"))
    for key, was in start.items():
        assert distance(s.vehicle(key).hex, exit_) < distance(was, exit_), key


def test_the_reason_names_the_side_it_shows(facing_choice):
    """The "Why?" words say which side each weighed end shows the enemy that hits it most (HEX-4)."""
    from centurion.game.bot_reasons import bot_decision

    s, _stern, flank = facing_choice
    d = bot_decision(s, "veteran")
    shown = attack_side(flank.hex, flank.facing, TOG_AT)
    assert shown in ("left", "right") and f"(its {shown} toward T" in d.reason
    assert any("(its stern toward T" in alt.reason for alt in d.alternatives[1:])


def _plan(chance: Fraction, family: str = "gauss", side: str = "front", roll=None) -> SimpleNamespace:
    """A checked plan of one shot at R11 (what plan_harm reads): its to-hit roll (or only its chance) and family."""
    hit = _hit(side)
    hit.family = family
    hit.to_hit = roll if roll is not None else SimpleNamespace(chance=chance)
    return SimpleNamespace(attacks=[hit])


def test_the_move_weighs_a_hit_on_its_vehicles_own_scale_and_the_fire_on_one_scale_for_all():
    """Session 36: the fire and the paint compare targets on one armor scale (COMMON, 70 boxes); the move keeps each
    vehicle's own, the mean of its full armor over front, left, right, stern and turret (the Liberator's (90 + 70 +
    70 + 60 + 90) / 5 = 76, data/vehicles.yaml). A hit on a fresh front lands 3 in 10 on the 90-box turret and 7 in
    10 on the 90-box front (book-a §11)."""
    s = new_skirmish("meeting", seed=3)
    share = 0.3 / 90 + 0.7 / 90
    mean = sum(LIBERATOR.values()) / 5
    assert mean == 76
    assert shot_harm(s, _hit("front"), {}) == pytest.approx(mean * share)
    assert shot_harm(s, _hit("front"), {}, common=True) == pytest.approx(70 * share)
    half = Fraction(1, 2)
    assert plan_harm(s, _plan(half)) == pytest.approx(0.5 * mean * share)
    assert plan_harm(s, _plan(half), common=True) == pytest.approx(0.5 * 70 * share)
    assert plan_harm(s, None) == 0.0  # no plan (out of range, no sight): no harm


def test_a_squad_hit_counts_one_whatever_the_scale():
    """A squad or a building has no armor sections: a hit on it counts one (game/bot_harm.py)."""
    s = new_skirmish("meeting", seed=3)
    hit = SimpleNamespace(target=SimpleNamespace(kind="infantry", key="R31s", crater=False), side="front")
    assert shot_harm(s, hit, {}) == 1.0 and shot_harm(s, hit, {}, common=True) == 1.0


def test_under_var_shield_a_lasers_harm_counts_the_stop_roll_and_a_gauss_round_does_not():
    """VAR-SHIELD (RULES.md): a laser rolls to hit without the shield, then a shield of factor 7 (rating 70) stops
    the round on a percentile roll of 52 or less; Gauss rounds ignore shields. The harm counts the chance that the
    round does damage as the game rolls it, by the weapon's kind."""
    s = new_skirmish("meeting", seed=3, variants=("VAR-SHIELD",))
    laser = to_hit(3, weapon="laser", shield_factor=7, shield_side="front")
    bare = to_hit(3, weapon="laser", shield_factor=0).chance
    one = shot_harm(s, _hit("front"), {})
    assert plan_harm(s, _plan(laser.chance, "laser", roll=laser)) == pytest.approx(float(bare * Fraction(48, 100)) * one)
    gauss = to_hit(3, weapon="gauss", shield_factor=7, shield_side="front")
    assert plan_harm(s, _plan(gauss.chance, "gauss", roll=gauss)) == pytest.approx(float(gauss.chance) * one)
