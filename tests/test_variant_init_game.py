"""The skirmish plays the variant turn sequence (VAR-INIT, seed 001 "Variant Initiative/Turn Sequence Rules"):
rating points on the initiative roll, the winner chooses who activates first, platoons activate in turn (extras in
pairs or triples), each activation moves, paints and fires with all damage at once, variant opportunity fire and
pop-up attacks; the bot plays it and a save replays it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.game import IllegalAction, bot_action, load, new_skirmish
from centurion.game.actions import Fire, Leadership, LetPass, OpportunityFire, Order, Paint, Watch
from centurion.game.skirmish import decision_dice
from centurion.hexgrid import Hex, distance, neighbor
from centurion.rules.armor import Armor, ArmorSection
from centurion.rules.sight import line_of_sight, unit_level
from tests.bot_games import bot_game

VI = ("VAR-INIT",)


def _spend_all(s):
    while s.phase == "initiative":
        s = s.apply(max(s.legal_actions(), key=lambda a: a.points))
    return s


def _first(s, side: str):
    """The initiative winner's order decision that makes `side` activate first."""
    assert s.phase == "order"
    return s.apply(Order(s.active == side))


def test_initiative_spends_rating_points_and_rolls_as_the_variant():
    s = new_skirmish("meeting", seed=5, variants=VI)
    assert s.phase == "initiative" and s.active == "renegade"  # rating 3: a choice of 0..3
    assert s.legal_actions() == [Leadership(k) for k in range(4)]
    with pytest.raises(IllegalAction) as err:
        s.apply(Leadership(4))
    assert err.value.rule == "VAR-INIT"
    s1 = s.apply(Leadership(1))
    assert s1.phase == "initiative" and s1.active == "tog" and s1.legal_actions() == [Leadership(k) for k in range(3)]
    s2 = s1.apply(Leadership(2))
    assert s2.phase == "order" and s2.legal_actions() == [Order(False), Order(True)]
    # VAR-INIT (RULES.md): d10 + the points spent, higher wins, ties rolled again. Seed 5 rolls d10 7 for the
    # Renegades (+1) and d10 10 for TOG (+2): totals 8 and 12, TOG wins at the first roll (T3: the oracle is the
    # rule applied to the logged dice, not the variant's own roll function)
    rolls = [int(ln.rsplit("d10 = ", 1)[1]) for ln in s2.log if "initiative, Renegade Legion (+1) [VAR-INIT]: d10" in ln
             or "initiative, Terran Overlord Government (+2) [VAR-INIT]: d10" in ln]
    assert rolls == [7, 10]
    totals = (rolls[0] + 1, rolls[1] + 2)
    assert totals == (8, 12) and s2.initiative_winner == "tog"
    line = next(ln for ln in s2.log if ln.startswith("  initiative:"))
    assert "Terran Overlord Government wins" in line and "totals 8 and 12" in line and "[VAR-INIT]" in line
    assert not any("passes this turn" in ln for ln in s2.log)  # no passes bought in the variant


def test_a_negative_rating_is_spent_whole_without_a_decision():
    s = new_skirmish("meeting", seed=2, variants=VI)
    tog = replace(s.scenario.sides[1], rating=-2)
    s = replace(s, scenario=replace(s.scenario, sides=(s.scenario.sides[0], tog)), log=())
    s = s._start_turn(decision_dice(2, -1))
    assert s.phase == "initiative" and s.active == "renegade"
    s = s.apply(Leadership(3))
    assert s.phase == "order"
    line = next(ln for ln in s.log if ln.startswith("  initiative:"))
    assert "rating points +3 and -2" in line


def _split_renegade(s):
    """The meeting game with each Renegade vehicle a platoon of its own: 3 platoons against 1."""
    sides = s.scenario.sides
    ren = sides[0]
    (plat,) = ren.platoons
    ren = replace(ren, platoons=tuple(replace(plat, name=f"Renegade {v.id}", vehicles=(v,)) for v in plat.vehicles))
    vs = tuple(replace(v, platoon=f"Renegade {v.key}") if v.side == "renegade" else v for v in s.vehicles)
    return replace(s, scenario=replace(s.scenario, sides=(ren, sides[1])), vehicles=vs)


@pytest.mark.parametrize(("first", "expected"), [
    ("renegade", ["Renegade R11", "TOG 1st Platoon", "Renegade R12", "Renegade R13"]),  # 1, 1, then a pair
    ("tog", ["TOG 1st Platoon", "Renegade R11", "Renegade R12", "Renegade R13"]),  # badly outnumbered: a triple
])
def test_activation_order_three_platoons_against_one(first, expected):
    s = _split_renegade(new_skirmish("meeting", seed=4, variants=VI))
    s = _first(_spend_all(s), first)
    assert [p for _side, p in s.sequence] == expected
    assert s.phase == "movement" and s.active == first and s.movers()[0].platoon == expected[0]
    assert any("activation order" in ln and "[VAR-INIT]" in ln for ln in s.log)
    seen = []  # play it out: the platoons activate in that order, each once
    for _ in range(200):
        if s.phase == "end":
            break
        if s.phase == "movement" and s.sequence and (not seen or seen[-1] != s.sequence[0][1]):
            seen.append(s.sequence[0][1])
        s = s.apply(bot_action(s, "novice"))
    assert seen == expected


def _close_quarters(seed: int):
    """TOG activates first, its three tanks at velocity 0 two hexes from R13, whose armor is all gone."""
    s = new_skirmish("meeting", seed=seed, variants=VI)
    r13 = s.vehicle("R13")
    spots = [h for h in (neighbor(neighbor(r13.hex, d), d) for d in range(6)) if h in s.battlemap][:3]
    armor = Armor(tuple((n, ArmorSection(sec.armor, frozenset(range(100 - sec.armor, 100))))
                        for n, sec in r13.sheet.armor.sections))
    vs = []
    for v in s.vehicles:
        if v.side == "tog":
            h = spots.pop(0)
            facing = next(f for f in range(6) if neighbor(neighbor(h, f), f) == r13.hex)
            v = replace(v, hex=h, facing=facing, velocity=0)
        elif v.key == "R13":
            v = replace(v, sheet=replace(v.sheet, armor=armor))
        vs.append(v)
    s = replace(s, vehicles=tuple(vs))._fresh()
    return _first(_spend_all(s), "tog")


def test_damage_at_once_a_unit_destroyed_in_activation_one_does_not_act_in_activation_two():
    for seed in range(40):
        s = _close_quarters(seed)
        while s.phase == "movement" and s.active == "tog":
            s = s.apply(Watch(s.movers()[0].key))
        while s.phase == "painting":
            s = s.apply(Paint(s.undeclared()[0], None))
        assert s.phase == "fire" and s.active == "tog"
        while s.phase == "fire" and s.active == "tog":
            k = s.undeclared()[0]
            s = s.apply(Fire(k, "R13") if Fire(k, "R13") in s.legal_actions() else Fire(k, None))
        if s.vehicle("R13").destroyed:
            break
    else:
        pytest.fail("no seed destroyed R13 in the first activation")
    # the Renegade platoon activates now, with R13 already destroyed: it neither moves nor fires
    assert s.sequence[0] == ("renegade", "Renegade 1st Platoon") and s.active == "renegade"
    assert "R13" not in {v.key for v in s.movers()}
    assert any("TOG 1st Platoon fires: every attack resolved and all damage applied now [VAR-INIT]" in ln
               for ln in s.log)
    for _ in range(60):
        if s.phase == "end":
            break
        assert all(getattr(a, "unit", None) != "R13" for a in s.legal_actions())
        s = s.apply(bot_action(s, "novice"))
    assert s.phase == "end" and not any(ln.startswith("T1 fire") and "R13 fires" in ln for ln in s.log)


def _still_renegades(seed: int = 3):
    """Turn 1, the Renegade tanks stationary since last turn (velocity 0), TOG to activate first."""
    s = new_skirmish("meeting", seed=seed, variants=VI)
    vs = tuple(replace(v, velocity=0) if v.side == "renegade" else v for v in s.vehicles)
    s = replace(s, vehicles=vs, start_velocities=tuple((v.key, v.velocity) for v in vs))._fresh()
    return _first(_spend_all(s), "tog")


def test_variant_opportunity_fire_by_units_stationary_since_last_turn():
    s = _still_renegades()
    key = s.movers()[0].key
    opp = s.apply(bot_action(s, "novice"))  # TOG's first tank moves into sight at once (this seed, pinned: T8)
    assert opp.phase == "opportunity" and opp.active == "renegade"
    acts = opp.opportunity_actions()
    assert acts and all(isinstance(a, OpportunityFire) and a.target == key for a in acts)
    assert "[VAR-INIT]" in opp.banner()
    fired = opp.apply(acts[0])
    assert acts[0].unit in fired.opp_fired
    assert any(ln.startswith("T1 opportunity") and "(opportunity fire) [VAR-INIT]" in ln for ln in fired.log)
    # a Renegade tank that was moving at the end of last turn may not fire on opportunity
    moving = replace(opp, vehicles=tuple(replace(v, velocity=3) if v.key == acts[0].unit else v
                                         for v in opp.vehicles),
                     start_velocities=tuple((k, 3 if k == acts[0].unit else v) for k, v in opp.start_velocities))
    assert all(a.unit != acts[0].unit for a in moving._fresh().opportunity_actions())
    # the unit that fired on opportunity does not fire (or paint) again in its own activation
    s = fired
    for _ in range(80):
        if s.phase in ("painting", "fire") and s.active == "renegade":
            assert acts[0].unit not in s.undeclared()
        if s.phase == "end":
            break
        s = s.apply(LetPass() if s.phase == "opportunity" else bot_action(s, "novice"))
    assert s.phase == "end"


def test_a_unit_that_drops_to_velocity_0_in_its_activation_may_fire_on_opportunity_later():
    s = _still_renegades()
    s = replace(s, start_velocities=tuple((k, 5) for k, _v in s.start_velocities))._fresh()  # all moving last turn
    from centurion.game import activation as vinit

    t = s.vehicle("T11")
    assert vinit.opportunity_refusal(s, replace(t, velocity=0)).rule == "VAR-INIT"
    done = replace(s, done=s.done | {"T11"}, vehicles=tuple(replace(v, velocity=0) if v.key == "T11" else v
                                                             for v in s.vehicles))._fresh()
    assert vinit.opportunity_refusal(done, done.vehicle("T11")) is None
    assert vinit.opportunity_refusal(replace(done, fired=frozenset({"T11"})), done.vehicle("T11")) is not None


def _pop_up_position(s):
    """A Renegade hex, a TOG hex and a spotter hex: the target unseen from the firer's level, seen one level up."""
    bm = s.battlemap
    hexes = sorted(bm.hexes)
    for f in hexes:
        for t in hexes:
            if not 3 <= distance(f, t) <= 8:
                continue
            if line_of_sight(bm, f, t).seen or not line_of_sight(bm, f, t, level_a=unit_level(bm, f) + 1).seen:
                continue
            spot = next((h for h in hexes if h not in (f, t) and distance(h, t) <= 8
                         and line_of_sight(bm, h, t).seen), None)
            blind = next((h for h in hexes if h not in (f, t) and not line_of_sight(bm, h, t).seen
                          and distance(h, t) > 3), None)
            if spot is not None and blind is not None:
                return f, t, spot, blind
    raise AssertionError("no cover on the map")


@pytest.mark.parametrize("scenario", ["meeting", "village"])
def test_pop_up_attack_from_behind_cover_with_a_spotter(scenario):
    s = new_skirmish(scenario, seed=1, variants=VI)
    f, t, spot, blind = _pop_up_position(s)
    ren = [v.key for v in s.vehicles if v.side == "renegade"]
    tog = [v.key for v in s.vehicles if v.side == "tog"]
    far = sorted(s.battlemap.hexes, key=lambda h: -min(distance(h, x) for x in (f, t, spot)))

    def place(spotter_hex: Hex):
        where = {ren[0]: f, ren[1]: spotter_hex, tog[0]: t}
        vs = []
        for v in s.vehicles:
            h = where[v.key] if v.key in where else far.pop(0)
            vs.append(replace(v, hex=h, velocity=0, grounded=False))
        return replace(s, vehicles=tuple(vs), start_velocities=tuple((v.key, 0) for v in vs))._fresh()

    on = place(spot)
    plan = on.attack_set(on.vehicle(ren[0]), tog[0])
    assert plan is not None
    terms = [term for ra in plan.attacks for term in ra.to_hit.terms if term.rule == "VAR-INIT"]
    assert terms and all(term.value == -1 and "pop-up" in term.label for term in terms)
    basic = replace(on, variants=())._fresh()
    assert basic.attack_set(basic.vehicle(ren[0]), tog[0]) is None  # the basic rules: no line of sight
    off = place(blind)  # no friendly unit sees the target: no pop-up
    if not any(line_of_sight(off.battlemap, u.hex, t).seen for k, u in off.combat_units().items()
               if u.side == "renegade" and k != ren[0]):
        assert off.attack_set(off.vehicle(ren[0]), tog[0]) is None
    moved = replace(on, start_velocities=tuple((k, 3 if k == ren[0] else 0) for k, _v in on.start_velocities))
    assert moved._fresh().attack_set(on.vehicle(ren[0]), tog[0]) is None  # not at velocity 0 at the turn's start
    # in the game: the Renegade activation fires the pop-up attack, and the log names it
    g = _first(_spend_all(on), "renegade")
    while g.phase == "movement":
        g = g.apply(Watch(g.movers()[0].key) if Watch(g.movers()[0].key) in g.movement_others() else
                    bot_action(g, "novice"))
    while g.phase == "painting":
        g = g.apply(Paint(g.undeclared()[0], None))
    assert Fire(ren[0], tog[0]) in g.legal_actions()
    g = g.apply(Fire(ren[0], tog[0]))
    while g.phase == "fire" and g.active == "renegade":
        g = g.apply(Fire(g.undeclared()[0], None))
    assert any(f"{ren[0]}" in ln and "pop-up attack -1 [VAR-INIT]" in ln for ln in g.log)


def _play(name: str, seed: int, turns: int = 2):
    return bot_game(VI, name, seed, turns=turns)


@pytest.mark.parametrize(("name", "seed"), [("village", 2), ("pursuit", 1)])
def test_bot_plays_var_init_and_the_save_replays_exactly(name, seed):
    s = _play(name, seed, turns=1)  # one whole turn: short without a bot budget (T8)
    assert s.turn > 1 or s.over
    assert any("activation order" in ln and "[VAR-INIT]" in ln for ln in s.log)
    assert any(ln.startswith("T1 order") and "[VAR-INIT]" in ln for ln in s.log)
    assert not any("movement order (CEN-SEQ-2)" in ln for ln in s.log)  # not the basic turn
    again = load(s.to_json())
    assert again == s and again.log == s.log and again.vehicles == s.vehicles


def test_the_basic_turn_is_unchanged_with_the_switch_off():
    s = new_skirmish("meeting", seed=3)
    assert not any("[VAR-INIT]" in ln for ln in s.log)
    s = _spend_all(s)
    assert s.phase == "order" and "passes this turn" in s.log[-1]
    s = s.apply(Order(False))
    assert any("movement order (CEN-SEQ-2)" in ln for ln in s.log) and s.start_velocities == ()


def test_the_skirmish_page_offers_the_variant_decisions():
    from centurion.widgets.skirmish import PLAYED_VARIANTS, SkirmishTable

    assert "VAR-INIT" in PLAYED_VARIANTS
    page = SkirmishTable("meeting", seed=6, players={"renegade": "person", "tog": "person"})
    page.variant_picks.value = VI
    page._on_start()
    assert page.game.rules.enabled("VAR-INIT") and page.game.phase == "initiative"
    assert "rating points" in page.banner.value and "VAR-INIT" in page.banner.value
    # the list speaks of rating points, as the banner does (VAR-INIT), not of the basic Leadership Advantage
    assert [label for label, _i in page.choice.options] == [
        f"spends {k} rating point{'' if k == 1 else 's'} on the initiative roll [VAR-INIT]" for k in range(4)]
    page.choice.value = 3
    page.confirm()
    page.confirm()  # TOG spends 0 (the first item)
    assert page.game.phase == "order" and "who activates a platoon first" in page.banner.value
    labels = [label for label, _i in page.choice.options]
    assert labels == ["lets the enemy activate a platoon first [VAR-INIT]", "activates a platoon first [VAR-INIT]"]
    page.choice.value = 1
    page.confirm()
    g = page.game
    assert g.phase == "movement" and g.sequence[0][0] == g.initiative_winner and "activate" in page.banner.value


def test_the_commander_chooses_which_platoon_activates_in_a_slot():
    from centurion.game.actions import Pass

    s = _first(_spend_all(new_skirmish("village", seed=2, variants=VI)), "renegade")
    assert [p for _s, p in s.sequence] == ["Renegade Tank Platoon", "TOG Garrison Platoon",
                                           "Renegade Mechanised Platoon"]
    assert Pass("Renegade Tank Platoon") in s.legal_actions()
    s = s.apply(Pass("Renegade Tank Platoon"))
    assert [p for _s, p in s.sequence] == ["Renegade Mechanised Platoon", "TOG Garrison Platoon",
                                           "Renegade Tank Platoon"]
    assert s.active == "renegade" and {v.platoon for v in s.movers()} == {"Renegade Mechanised Platoon"}
    assert "[VAR-INIT]" in s.log[-1]
    s = s.apply(bot_action(s, "novice"))  # once one of its units has acted, no more passing
    assert s.sequence[0][1] == "Renegade Mechanised Platoon" and s.done
    assert not any(isinstance(a, Pass) for a in replace(s, phase="movement")._fresh().movement_others())


def test_standing_still_is_worded_for_the_variant():
    s = new_skirmish("meeting", seed=3, variants=VI)
    s = replace(s, vehicles=tuple(replace(v, velocity=0) for v in s.vehicles))._fresh()
    s = _first(_spend_all(s), "tog")
    s = s.apply(Watch(s.movers()[0].key))
    assert any("stays at velocity 0" in ln and "[VAR-INIT]" in ln for ln in s.log[-3:])
