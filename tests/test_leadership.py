"""Centurions, leadership and victory (book-b §3 with its TESTs, §15; CEN-INI-1, CEN-INI-2)."""

import pytest

from centurion.dice import Dice
from centurion.rules import Refusal, roll_initiative
from centurion.rules.leadership import (
    Centurion,
    activation_sequence,
    advancement_points,
    century_advantage,
    lead_platoon,
    lose_centurion,
    pass_platoon,
    plan_leadership,
    random_rating,
    rating_from_advancement,
    roll_century_initiative,
)
from centurion.rules.victory import battle_outcome, scenario_cost, victory_level, victory_points


def test_book_b_3_3_tog_2_renegade_4_renegade_holds_plus_2():
    side, points = century_advantage(Centurion(2), Centurion(4))  # first = TOG, second = Renegade
    assert (side, points) == ("second", 2)


def test_default_ratings_give_no_advantage():
    assert century_advantage(Centurion(), Centurion()) == (None, 0)


def test_book_b_3_4_advantage_3_unused_on_initiative_buys_one_pass_moved_after_the_last_platoon():
    renegade, tog = Centurion(5), Centurion(2)
    plan = plan_leadership(renegade, tog, on_initiative=0)
    assert (plan.side, plan.advantage, plan.passes) == ("first", 3, 1)
    # he wins the initiative (lowest roll) without spending points and chooses to be Player A
    r = roll_initiative(Dice.scripted([3, 7]), rating_first=5, rating_second=2, use_advantage=0)
    assert r.winner == "first"
    seq = activation_sequence(["R1", "R2", "R3"], ["T1", "T2", "T3"])
    assert seq == [("A", "R1"), ("B", "T1"), ("A", "R2"), ("B", "T2"), ("A", "R3"), ("B", "T3")]
    moved = pass_platoon(seq, "R1", after="R3", passes=plan.passes)
    assert moved == [("B", "T1"), ("A", "R2"), ("B", "T2"), ("A", "R3"), ("A", "R1"), ("B", "T3")]


def test_points_spent_on_initiative_leave_fewer_passes_and_never_more_than_held():
    assert plan_leadership(Centurion(8), Centurion(2), on_initiative=1).passes == 1
    assert plan_leadership(Centurion(8), Centurion(2), on_initiative=1).leftover == 5
    assert plan_leadership(Centurion(8), Centurion(2), on_initiative=4).passes == 0
    r = plan_leadership(Centurion(3), Centurion(2), on_initiative=2)
    assert isinstance(r, Refusal) and r.rule == "CEN-INI-1"


def test_passes_need_points_and_a_later_platoon_of_the_same_side():
    seq = activation_sequence(["R1", "R2"], ["T1", "T2"])
    assert isinstance(pass_platoon(seq, "R1", "R2", passes=0), Refusal)
    assert isinstance(pass_platoon(seq, "R2", "R1", passes=1), Refusal)
    assert isinstance(pass_platoon(seq, "R1", "T2", passes=1), Refusal)
    # moving a platoon at the very start of his portion: it joins his first activation, ahead of it
    assert lead_platoon(seq, "T2", passes=1) == [("A", "R1"), ("B", "T2"), ("B", "T1"), ("A", "R2")]


def test_a_centurion_lost_leaves_rating_0_and_the_advantage_is_recomputed():
    renegade, tog = Centurion(4), Centurion(2)
    assert century_advantage(renegade, tog) == ("first", 2)
    for how in ("killed", "unconscious", "out_of_comm", "vehicle_destroyed"):
        lost = lose_centurion(renegade, how)
        assert lost.century_rating == 0
        assert century_advantage(lost, tog) == ("second", 2)
        assert isinstance(lost.support_refusal(), Refusal)
    assert renegade.support_refusal() is None


def test_random_starting_rating():
    got = [random_rating(Dice.scripted([f]))[0] for f in range(1, 11)]
    assert got == [1, 1, 2, 2, 2, 2, 2, 2, 3, 3]


def test_campaign_advancement_to_rating():
    table = {-10: 0, -6: 0, -5: 1, -1: 1, 0: 2, 4: 2, 5: 3, 9: 3, 10: 4, 14: 4, 15: 5, 19: 5, 20: 6, 24: 6,
             25: 7, 29: 7}
    assert {ap: rating_from_advancement(ap) for ap in table} == table
    assert rating_from_advancement(-11) == -1  # the book allows negative ratings
    assert [advancement_points(lvl, "victory") for lvl in ("decisive", "substantive", "marginal", "draw")] == [3, 2,
                                                                                                              1, 0]
    assert [advancement_points(lvl, "defeat") for lvl in ("decisive", "substantive", "marginal")] == [-3, -2, -1]


# --- victory (book-b §15) ------------------------------------------------------------------------------

def test_victory_levels_at_the_thresholds():
    assert victory_level(300, 100) == "decisive"
    assert victory_level(299, 100) == "substantive"
    assert victory_level(200, 100) == "substantive"
    assert victory_level(199, 100) == "marginal"
    assert victory_level(150, 100) == "marginal"
    assert victory_level(149, 100) == "draw"
    assert victory_level(100, 100) == "draw"


def test_a_zero_score_against_a_positive_one_is_decisive_and_zero_zero_is_a_draw():
    assert victory_level(1, 0) == "decisive"
    assert victory_level(0, 0) == "draw"


def test_victory_level_does_not_depend_on_the_order_of_the_scores():
    for a in range(0, 40):
        for b in range(0, 40):
            assert victory_level(a, b) == victory_level(b, a)


def test_victory_level_only_improves_as_the_winner_scores_more():
    order = ["draw", "marginal", "substantive", "decisive"]
    for low in (0, 1, 7, 50):
        ranks = [order.index(victory_level(high, low)) for high in range(low, low + 200)]
        assert ranks == sorted(ranks)


def test_negative_scores_are_refused_by_name():
    with pytest.raises(ValueError, match="book-b §15"):
        victory_level(-1, 3)


def test_victory_points_and_outcome():
    # the medium tank of book-b §16.5 costs 1,404,750 talents = 15 scenario points
    assert scenario_cost(1_404_750) == 15
    a = victory_points(objectives=1, vehicles_destroyed=[15, 15, 9], squads_destroyed=2, unspent=6)
    assert (a.objectives, a.vehicles, a.squads, a.unspent, a.total) == (75, 39, 4, 6, 124)
    b = victory_points(vehicles_destroyed=[15], unspent=12)
    assert b.total == 27
    out = battle_outcome(a.total, b.total)
    assert out.winner == "first" and out.level == "decisive"
    assert out.result_of("first") == "decisive victory" and out.result_of("second") == "decisive defeat"
    assert battle_outcome(10, 12).result_of("first") == "draw"


def test_initiative_with_points_set_aside_and_a_lost_centurion():
    renegade, tog = Centurion(4), Centurion(2)
    plan = plan_leadership(renegade, tog, on_initiative=2)
    r = roll_century_initiative(Dice.scripted([5, 4]), renegade, tog, plan)
    assert r.totals == (3, 4) and r.winner == "first"
    # the Renegade Centurion falls: his Century is at 0, so the TOG side now holds +2
    lost = lose_centurion(renegade, "killed")
    r = roll_century_initiative(Dice.scripted([4, 5]), lost, tog, plan_leadership(lost, tog, on_initiative=2))
    assert r.totals == (4, 3) and r.winner == "second"


@pytest.mark.parametrize("variants", [(), ("VAR-INIT",)])
def test_a_games_initiative_rolls_name_the_side_that_rolls_each(variants):
    """Session 30: the dice log read "initiative, first side: d10 = 9" and left the reader to guess whose roll it was
    (CEN-INI-1; VAR-INIT's rolls likewise). The names are the scenario's labels, read from its YAML here."""
    import yaml

    from centurion.data.paths import data_dir
    from centurion.game import bot_action, new_skirmish

    sides = yaml.safe_load((data_dir() / "scenarios" / "meeting.yaml").read_text(encoding="utf-8"))["sides"]
    labels = [sides[k]["label"] for k in sides]  # the order the scenario lists them: the first side first
    s = new_skirmish("meeting", seed=3, variants=list(variants))
    while s.phase in ("initiative", "order") or s.turn == 0:
        s = s.apply(bot_action(s, "novice"))
    rolls = [line.strip() for line in s.log if line.strip().startswith("initiative, ")]
    assert rolls and len(rolls) % 2 == 0
    for first, second in zip(rolls[::2], rolls[1::2], strict=True):
        assert first.startswith(f"initiative, {labels[0]} ") and second.startswith(f"initiative, {labels[1]} ")
