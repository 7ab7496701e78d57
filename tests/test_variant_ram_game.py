"""Ramming played by the skirmish (VAR-RAM, issue 16): ram moves listed with their exact odds, the declaration
checked (state unchanged when refused), the ram resolved after the Combat Phase with both rolls, totals, odds and
damage in the log, the computer's rams, and a save that replays a game with rams."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from centurion.data import vehicle_types
from centurion.dice import Dice
from centurion.game import IllegalAction, Move, bot_action, load, new_skirmish
from centurion.game.actions import action_from_data, action_to_data
from centurion.game.ramming import PendingRam, bot_ram, ram_odds, ram_value
from centurion.hexgrid import neighbor
from centurion.rules import RecordSheet
from tests.bot_games import steady_novice


def _movement(variants=("VAR-RAM",), seed: int = 1):
    s = new_skirmish("meeting", seed=seed, variants=variants)
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    return s


def _enemy_ahead(s, hexes: int, *, velocity: int | None = None, moved: bool = True, enemy_type: str | None = None):
    """The first mover, with the enemy T11 `hexes` hexes straight ahead of it (and already moved)."""
    v = s.movers()[0]
    if velocity is not None:
        v = replace(v, velocity=velocity)
        s = replace(s, vehicles=s._with_vehicle(v))
    h = v.hex
    for _ in range(hexes):
        h = neighbor(h, v.facing)
    t = replace(s.vehicle("T11"), hex=h, facing=5, velocity=0, grounded=False)
    if enemy_type is not None:
        t = replace(t, type=enemy_type, sheet=RecordSheet.of(vehicle_types()[enemy_type]))
    s = replace(s, vehicles=s._with_vehicle(t), done=s.done | ({"T11"} if moved else set()))._fresh()
    return s, v.key, h


def test_ram_moves_are_listed_only_with_the_switch_and_carry_exact_odds():
    s, key, h = _enemy_ahead(_movement(), 4)
    rams = [(m, e) for m, e in s.move_options(key) if m.ram]
    assert rams and all(m.ram == "T11" and e.hex == h for m, e in rams)
    assert all(m in s.legal_actions() for m, _e in rams)  # so the computer can choose them
    m = rams[0][0]
    res = s.resolve_move(key, m.move)
    assert res.end_state().hex == h and res.end_state().velocity == 4
    odds = ram_odds(s, key, "T11", 4)  # Liberator and Horatius: thrust 6 both, skill 5 both
    assert (odds.attacker_bonus, odds.defender_bonus, odds.chance) == (5, 5, Fraction(45, 100))
    assert (odds.to_defender, odds.to_attacker) == (48, 32)  # 12 and 8 x velocity 4
    off, key2, _h = _enemy_ahead(_movement(()), 4)
    assert not any(m.ram for m, _e in off.move_options(key2))


def test_ram_declaration_refused_names_var_ram_and_changes_nothing():
    s, key, h = _enemy_ahead(_movement(), 4)
    ram = next(m for m, _e in s.move_options(key) if m.ram)
    short = next(m for m, e in s.move_options(key) if not m.ram and e.hex != h and not e.grounded)
    for bad in (Move(key, short.move, ram="T11"),  # does not end in the target's hex
                Move(key, ram.move, ram="R12"),  # its own side
                Move(key, ram.move, ram="nobody")):
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == "VAR-RAM"
    for extra in (4, 5):  # the same path decelerating to velocity 0, or reversing to -1: no ram
        stop = replace(ram.move, decelerate=ram.move.decelerate + extra)
        assert s.resolve_move(key, stop).end_state().hex == h
        with pytest.raises(IllegalAction, match="velocity over 0") as err:
            s.apply(Move(key, stop, ram="T11"))
        assert err.value.rule == "VAR-RAM"
    off, key2, _h = _enemy_ahead(_movement(()), 4)
    with pytest.raises(IllegalAction, match="VAR-RAM") as err:
        off.apply(Move(key2, ram.move, ram="T11"))
    assert err.value.rule == "VAR-RAM"
    assert s.rams == () and not any("[VAR-RAM]" in x for x in s.log)  # nothing happened


def test_seed_example_liberator_rams_trajan_11_against_11_tie_goes_to_the_defender():
    # the seed: the Liberator rams a Trajan; Liberator d10 4 + skill 5 + 2 (thrust 6 against 4) = 11; the
    # Trajan rolls 6 + 5 (+ a familiarity bonus of 2 in the seed: 13; the game's crews have none) = 11: a tie,
    # which goes to the defender: the ram fails
    s, key, _h = _enemy_ahead(_movement(), 4, enemy_type="trajan")
    assert s.vehicle(key).type == "liberator"
    odds = ram_odds(s, key, "T11", 4)
    assert (odds.attacker_bonus, odds.defender_bonus) == (7, 5)
    assert odds.chance == Fraction(sum(1 for a in range(1, 11) for d in range(1, 11) if a + 7 > d + 5), 100)
    ram = next(m for m, _e in s.move_options(key) if m.ram)
    s2 = s.apply(ram)
    assert s2.rams == (PendingRam(key, "T11", 4, s2.rams[0].came_from),)
    after = s2.resolve_rams(None, Dice.scripted([4, 6]))
    line = next(x for x in after.log if "rams T11" in x)
    assert "d10 4 + 7 = 11 against d10 6 + 5 = 11" in line and "the ram misses [VAR-RAM]" in line
    assert f"odds {odds.chance}" in line
    assert after.rams == () and after.vehicle("T11").sheet == s2.vehicle("T11").sheet


def test_ram_hit_does_12_and_8_times_velocity_on_the_rolled_side_and_the_front():
    s, key, _h = _enemy_ahead(_movement(), 1, velocity=1)
    ram = next(m for m, _e in s.move_options(key) if m.ram and s.resolve_move(key, m.move).end_state().velocity == 1)
    s2 = s.apply(ram)
    (pend,) = s2.rams
    assert pend.velocity == 1
    # attacker 9 + 5 = 14 against defender 2 + 5 = 7: a hit; location d10 3
    after = s2.resolve_rams(None, Dice.scripted([9, 2, 3]))
    line = next(x for x in after.log if "rams T11" in x)
    assert "d10 9 + 5 = 14 against d10 2 + 5 = 7" in line and "the ram hits, 12 to T11's" in line
    assert f"8 to {key}'s front [VAR-RAM]" in line and "odds 9/20" in line
    lost_t = sum(sec.intact for _n, sec in s2.vehicle("T11").sheet.armor.sections) - sum(
        sec.intact for _n, sec in after.vehicle("T11").sheet.armor.sections)
    front = s2.vehicle(key).sheet.armor["front"].intact - after.vehicle(key).sheet.armor["front"].intact
    assert (lost_t, front) == (12, 8)


def test_ram_waits_for_both_units_and_resolves_only_the_given_rammers():
    s, key, h = _enemy_ahead(_movement(), 4)
    s2 = s.apply(next(m for m, _e in s.move_options(key) if m.ram))
    assert s2.resolve_rams({"R99"}, Dice.scripted([])).rams == s2.rams  # VAR-INIT: only its activation's rammers
    gone = replace(s2, vehicles=s2._with_vehicle(replace(s2.vehicle("T11"), hex=neighbor(h, 0))))
    after = gone.resolve_rams({key}, Dice.scripted([]))
    assert after.rams == () and any("no longer in the same hex [VAR-RAM]" in x for x in after.log)


def test_move_with_ram_round_trips_through_the_save_format():
    s, key, _h = _enemy_ahead(_movement(), 4)
    ram = next(m for m, _e in s.move_options(key) if m.ram)
    data = action_to_data(ram)
    assert data["ram"] == "T11" and action_from_data(data) == ram
    plain = Move(key, ram.move)
    assert "ram" not in action_to_data(plain) and action_from_data(action_to_data(plain)) == plain
    with pytest.raises(ValueError, match="ram"):
        action_from_data({**data, "ram": 5})


def test_bot_rams_when_expected_damage_dealt_beats_what_it_takes():
    s, _key, _h = _enemy_ahead(_movement(), 4)
    a = bot_action(s, "novice")
    assert isinstance(a, Move) and a.ram == "T11"
    dealt, taken = ram_value(s, a)
    # exact: 9/20 x 48 boxes x (Horatius 11 points / its armor) against 9/20 x 32 x (Liberator 12 / its armor)
    types = vehicle_types()
    hor, lib = sum(types["horatius"].armor.values()), sum(types["liberator"].armor.values())
    assert dealt == pytest.approx(0.45 * 48 * 11 / hor) and taken == pytest.approx(0.45 * 32 * 12 / lib)
    assert dealt > taken
    fresh, key2, _h = _enemy_ahead(_movement(), 4, moved=False)  # an enemy still to move may fly away: no ram
    assert bot_ram(fresh, key2) is None


def test_bot_against_bot_with_var_ram_rams_and_replays():
    # seed 0 (pinned, T8) on the meeting's edition 1: T11 rams the immobile R11 in turn 2; the game stops once the
    # ram is resolved
    s = before = new_skirmish("meeting@1", seed=0, variants=("VAR-RAM",))
    while not s.over and s.turn <= 3 and not any(" rams " in x and "[VAR-RAM]" in x for x in s.log):
        with steady_novice():
            before, s = s, s.apply(bot_action(s, "novice"))
    resolved = [x for x in s.log if " rams " in x and "[VAR-RAM]" in x]
    assert any("ramming" in x and "[VAR-RAM]" in x for x in s.log)
    assert resolved and all(" odds " in x and "d10 " in x for x in resolved)
    line = next(x for x in resolved if x.startswith("  T11 rams the immobile R11"))
    assert "the ram hits" in line  # an immobile victim is hit unless the rammer rolls a 1
    # VAR-RAM: 12 x the rammer's velocity to the victim, 8 x to the rammer; T11 came in at velocity 11
    v = before.vehicle("T11").velocity
    assert v == 11 and f"{12 * v} to R11's" in line and f"{8 * v} to T11's front" in line
    again = load(s.to_json())
    assert again.log == s.log and again.vehicles == s.vehicles


def test_the_page_offers_a_ram_with_its_odds_and_declares_it():
    from centurion.widgets.skirmish import PLAYED_VARIANTS, SkirmishTable

    assert "VAR-RAM" in PLAYED_VARIANTS
    s, key, h = _enemy_ahead(_movement(), 4)
    tab = SkirmishTable("meeting", seed=1)
    tab._begin(s)
    tab.click(s.vehicle(key).hex)
    tab.click(h)  # the enemy's hex: the moves ending there, the ram among them
    assert "also lists the ram, with its odds" in tab.banner.value and "VAR-RAM" in tab.banner.value
    labels = [label for label, _i in tab.choice.options]
    ram_i = next(i for label, i in tab.choice.options if "RAMS T11" in label)
    assert "9/20 = 45%; 48 to it, 32 to the rammer's front [VAR-RAM]" in labels[ram_i]
    tab.choice.value = ram_i
    assert "Ram T11" in tab.preview.value and "after the Combat Phase" in tab.preview.value
    tab.confirm()
    assert tab.game.rams and tab.game.rams[0].defender == "T11"
    assert "ramming T11 [VAR-RAM]" in tab.log_html.value


def test_the_ram_line_says_when_it_resolves():
    from dataclasses import replace

    from centurion.game.ramming import ram_when
    from centurion.variants import RuleSet

    s = new_skirmish("meeting", seed=1, variants=("VAR-RAM",))
    assert ram_when(s) == "after the Combat Phase"
    both = replace(s, variants=RuleSet.from_names(["VAR-RAM", "VAR-INIT"]).names)._fresh()
    assert ram_when(both) == "at the end of its platoon's activation [VAR-INIT]"
