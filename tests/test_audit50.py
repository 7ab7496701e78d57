"""Session 50's independent rules audit (/work/scratch/s50/audit): what it found wrong, each pinned by the books.

A1, book-a §13.2 (Ammo): "explosion = destroyed; each crew/squad survives on <= 8 - current velocity; bail-out = their
next movement". The engine rolled the squad's survival, but the game killed every squad aboard an exploded carrier,
survivors too, and the enemy scored it (book-b §15.2: a squad scores once 5 of its men are down).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_game import passive

from centurion.dice import Dice
from centurion.game import new_skirmish
from centurion.game.state import RULES_EDITION
from centurion.rules.internals import apply_internal_damage

VIPER_COST = 5  # data/scenarios/pursuit.yaml, R41


def _r41_explodes(squad_roll: int):
    """Pursuit seed 1, turn 1: R41's bottom ammunition explodes at velocity 6 (d10 = 10 against 7 - 1 box lost = 6);
    its crew roll 1, 1, 1 and its squad `squad_roll`, each against 8 - 6 = 2 (book-a §13.2)."""
    s = new_skirmish("pursuit", seed=1)
    v = s.vehicle("R41")
    assert v.velocity == 6 and v.sheet.infantry_aboard == 8
    ammo = ("bottom", v.sheet.boxes_of("bottom", "ammo")[0])
    sheet, rep = apply_internal_damage(replace(v.sheet, pending=frozenset({ammo})),
                                       Dice.scripted([10, 1, 1, 1, squad_roll]), velocity=6, unit="R41")
    assert sheet.exploded
    units = dict(s.combat_units())
    units["R41"] = replace(units["R41"], sheet=sheet)
    return s._absorb(units, {"R41": rep}, {})


def test_A1_a_squad_that_survives_its_carriers_explosion_lives_and_gets_out_next_turn():
    g = _r41_explodes(squad_roll=2)  # 2 <= 8 - 6: survives
    assert g.vehicle("R41").destroyed
    assert g.squad("R41s").men == 8
    assert g.points("tog") == VIPER_COST  # the Viper alone; the squad lost no man
    while g.turn == 1:
        g = g.apply(passive(g))
    q = g.squad("R41s")
    assert q.aboard is None and q.hex == g.vehicle("R41").hex and q.men == 8  # bailed out into the wreck's hex
    assert any("R41s gets out of the wreck of R41" in line for line in g.log)


@pytest.mark.parametrize("roll", [3, 10])
def test_A1_a_squad_that_fails_the_roll_dies_with_its_carrier(roll):
    g = _r41_explodes(squad_roll=roll)  # over 8 - 6 = 2: killed
    assert g.squad("R41s").men == 0
    assert g.points("tog") == VIPER_COST + 2  # the squad scores too (SQUAD_POINTS, book-b §15.2's "plausibly 2")


def _pursuit_in_three_renegade_platoons(monkeypatch):
    """The pursuit with each Viper a platoon of its own (three Renegade platoons against two TOG ones)."""
    import centurion.game.skirmish as sk

    shipped = sk.shipped_scenario

    def setup(name):
        sc = shipped(name)
        ren = sc.side("renegade")
        (p,) = ren.platoons
        plats = tuple(replace(p, name=f"Renegade {i + 1}", vehicles=(v,),
                              squads=tuple(q for q in p.squads if q.aboard == v.id))
                      for i, v in enumerate(p.vehicles))
        return replace(sc, sides=tuple(replace(ren, platoons=plats) if s.key == "renegade" else s for s in sc.sides))

    monkeypatch.setattr(sk, "shipped_scenario", setup)


def test_A5_passes_belong_to_the_side_that_bought_them(monkeypatch):
    """CEN-INI-2, book-b §3.4-3.5: TOG (rating 5 against 2) keeps its 3 points and buys 1 pass; once its Centurion is
    lost (comm out) the advantage is recomputed and nobody may pass: the Renegades never could."""
    from centurion.game.actions import Leadership, Move, Order, Pass

    _pursuit_in_three_renegade_platoons(monkeypatch)
    s = new_skirmish("pursuit", seed=2)
    s = s.apply(Leadership(0))
    assert s.passes == 1
    s = s.apply(Order(False) if s.initiative_winner == "tog" else Order(True))  # the Renegades are side A
    assert [side for side, _p in s.sequence] == ["renegade", "tog", "renegade", "renegade", "tog"]  # CEN-SEQ-2

    def move_platoon(s):
        side = s.active
        while s.phase in ("movement", "opportunity") and s.active == side:
            moves = [a for a in s.legal_actions() if isinstance(a, Move)]
            s = s.apply(moves[0] if moves else s.legal_actions()[-1])
        return s

    s = move_platoon(move_platoon(s))  # Renegade 1, then TOG's scouts
    assert s.sequence[0][0] == "renegade"
    assert not [a for a in s.legal_actions() if isinstance(a, Pass)]  # TOG's pass is not the Renegades'
    t41 = s.vehicle("T41")  # TOG's Centurion loses his comm (as opportunity fire could do: CEN-OPP-1)
    box = ("front", t41.sheet.boxes_of("front", "comm")[0])
    s = replace(s, vehicles=s._with_vehicle(replace(t41, sheet=replace(
        t41.sheet, internal_lost=t41.sheet.internal_lost | {box}))))._fresh()
    assert s.centurion("tog").lost
    assert not [a for a in s.legal_actions() if isinstance(a, Pass)]


def _village_mechanised_platoon_on_foot(monkeypatch):
    """The village with the Renegade Mechanised Platoon's two squads on foot (2014, 2016) and its three Vipers wrecks
    (Vehicle Destroyed crossed, no explosion: book-a 13.2's survivors bail out and stand like this)."""
    import centurion.game.skirmish as sk
    from centurion.hexgrid import parse_label

    shipped = sk.shipped_scenario

    def setup(name):
        sc = shipped(name)
        ren = sc.side("renegade")
        tank, mech = ren.platoons
        mech = replace(mech, squads=tuple(replace(q, aboard=None, hex=parse_label(h))
                                          for q, h in zip(mech.squads, ("2014", "2016"))))
        return replace(sc, sides=tuple(replace(ren, platoons=(tank, mech)) if s.key == "renegade" else s
                                       for s in sc.sides))

    monkeypatch.setattr(sk, "shipped_scenario", setup)
    s = new_skirmish("village", seed=5)
    vs = []
    for v in s.vehicles:
        if v.platoon == "Renegade Mechanised Platoon":
            box = ("front", v.sheet.boxes_of("front", "vehicle_destroyed")[0])
            v = replace(v, sheet=replace(v.sheet, internal_lost=v.sheet.internal_lost | {box}))
        vs.append(v)
    return replace(s, vehicles=tuple(vs))._fresh()


def test_A3_a_platoon_of_squads_alone_keeps_its_activation_and_its_squads_act(monkeypatch):
    """CEN-SEQ-2 ("every platoon with a surviving unit counts"), book-a §1.3 ("even one squad"): with the Vipers
    wrecked, the Renegades still have two platoons to TOG's one; as side A they move 2 for TOG's 1 (a >= 2b), and the
    squads may walk, conceal or stay in their platoon's turn, which ends once both have decided."""
    from centurion.game.actions import Conceal, Leadership, March, Move, Order, Stay

    s = _village_mechanised_platoon_on_foot(monkeypatch)
    assert [v.key for v in s.vehicles if v.destroyed] == ["R31", "R32", "R33"]
    s = s.apply(Leadership(0))
    s = s.apply(Order(True) if s.initiative_winner == "renegade" else Order(False))  # the Renegades are side A
    assert s.sequence == (("renegade", "Renegade Tank Platoon"), ("renegade", "Renegade Mechanised Platoon"),
                          ("tog", "TOG Garrison Platoon"))
    while s.sequence[0][1] == "Renegade Tank Platoon":
        moves = [a for a in s.legal_actions() if isinstance(a, Move)]
        s = s.apply(moves[0] if moves else s.legal_actions()[-1])
    assert s.phase == "movement" and s.sequence[0][1] == "Renegade Mechanised Platoon"
    legal = s.legal_actions()
    for q in ("R31s", "R32s"):
        assert Conceal(q) in legal and Stay(q) in legal and any(isinstance(a, March) and a.squad == q for a in legal)
    walk = next(a for a in legal if isinstance(a, March) and a.squad == "R31s")
    s = s.apply(walk)
    assert s.squad("R31s").hex != _village_mechanised_platoon_on_foot(monkeypatch).squad("R31s").hex
    assert s.sequence[0][1] == "Renegade Mechanised Platoon"  # R32s is still to decide
    s = s.apply(Stay("R32s"))
    assert s.sequence[0][0] == "tog" or s.phase != "movement"  # the activation is over: TOG's platoon moves


def test_A3_the_computer_plays_a_platoon_of_squads_alone(monkeypatch):
    """The computer's decision for such a platoon is one of its squads': here a walk toward the ridge road (3613),
    as its squads walk in any platoon's turn (`bot._squad_step`), not the first decision listed."""
    from centurion.game import bot_action
    from centurion.game.actions import Leadership, March, Move, Order
    from centurion.hexgrid import distance, parse_label

    s = _village_mechanised_platoon_on_foot(monkeypatch)
    s = s.apply(Leadership(0))
    s = s.apply(Order(True) if s.initiative_winner == "renegade" else Order(False))
    while s.sequence[0][1] == "Renegade Tank Platoon":
        moves = [a for a in s.legal_actions() if isinstance(a, Move)]
        s = s.apply(moves[0] if moves else s.legal_actions()[-1])
    for level in ("novice", "veteran", "elite"):
        a = bot_action(s, level)
        assert isinstance(a, March) and a.squad in ("R31s", "R32s")
        ridge = parse_label("3613")
        assert distance(parse_label(a.hex), ridge) < distance(s.squad(a.squad).hex, ridge)


def _r21_beside_t21s(monkeypatch) -> None:
    """The village with the Liberator R21 set down at 2914 (velocity 0), beside TOG's squad T21s in 3014."""
    r21_set_up_at(monkeypatch, "2914", 0)


def r21_set_up_at(monkeypatch, label: str, velocity: int) -> None:
    """The village with the Liberator R21 set up in hex `label` at `velocity` (its facing as shipped)."""
    import centurion.game.skirmish as sk
    from centurion.hexgrid import parse_label

    shipped = sk.shipped_scenario

    def setup(name):
        sc = shipped(name)
        ren = sc.side("renegade")
        tank = ren.platoons[0]
        tank = replace(tank, vehicles=(replace(tank.vehicles[0], hex=parse_label(label), velocity=velocity),)
                       + tank.vehicles[1:])
        return replace(sc, sides=tuple(replace(ren, platoons=(tank,) + ren.platoons[1:]) if s.key == "renegade"
                                       else s for s in sc.sides))

    monkeypatch.setattr(sk, "shipped_scenario", setup)


def test_A6_a_concealed_squad_reactivates_to_fire_and_may_then_be_targeted(monkeypatch):
    """book-a §16.7: a squad hidden since last turn may reactivate during Declare Weapons Fire and fire normally;
    the enemies not yet declared may then target it (before, only a unit in its own hex could). Village seed 3:
    T21s conceals in 3014 in turn 1; R21 stands beside it in 2914 (at velocity 0, on opportunity fire)."""
    from centurion.game.actions import Conceal, Fire, SquadFire, Watch

    _r21_beside_t21s(monkeypatch)
    s = new_skirmish("village", seed=3)
    while s.turn == 1:
        legal = s.legal_actions()
        pick = next((a for a in (Watch("R21"), Conceal("T21s")) if a in legal), None) if s.phase == "movement" \
            else None
        s = s.apply(pick or passive(s))
    assert s.concealed("T21s")
    while s.phase != "fire":
        s = s.apply(Watch("R21") if Watch("R21") in s.legal_actions() else passive(s))
    shot = SquadFire("T21s", "personal", "R21")  # 2914 is beside 3014: personal weapons reach 3 hexes
    r21 = s.vehicle("R21").hex
    assert "T21s" not in s._enemy_keys("renegade", r21)  # hidden: only a unit in its hex may engage it
    while shot not in s.legal_actions():  # the Renegades (the initiative's loser here) declare one unit first
        assert s.phase == "fire" and s.active == "renegade"
        s = s.apply(Fire(next(k for k in s.undeclared() if k != "R21"), None))
    assert "R21" not in s.declared
    s = s.apply(shot)
    assert not s.concealed("T21s") and "T21s" in s._enemy_keys("renegade", r21)
    assert "T21s reactivates" in s.log[-1]
    while "R21" not in s.declared and Fire("R21", "T21s") not in s.legal_actions():
        s = s.apply(passive(s))
    assert Fire("R21", "T21s") in s.legal_actions()  # R21, still to declare, may target it now


def _tog_scouts_in_two_platoons(monkeypatch) -> None:
    """The pursuit with TOG's three Lupus scouts in two platoons (A: two, B: one): three TOG platoons to one."""
    import centurion.game.skirmish as sk

    shipped = sk.shipped_scenario

    def setup(name):
        sc = shipped(name)
        tog = sc.side("tog")
        scout, tank = tog.platoons
        split = (replace(scout, name="TOG Scout A", vehicles=scout.vehicles[:2]),
                 replace(scout, name="TOG Scout B", vehicles=scout.vehicles[2:]), tank)
        return replace(sc, sides=tuple(replace(tog, platoons=split) if s.key == "tog" else s for s in sc.sides))

    monkeypatch.setattr(sk, "shipped_scenario", setup)


def test_A4_a_passed_platoon_may_move_after_any_later_platoon_of_its_side(monkeypatch):
    """CEN-INI-2, book-b §3.4 (TEST p27: "moves it right after some later platoon (e.g. his last)"): TOG, with its
    scouts in two platoons, moves its three platoons first (3 against 1, CEN-SEQ-2) and keeps its 3 points for a
    pass; its first platoon may go after its second or after its last."""
    from centurion.game import action_from_data, action_to_data, parse_action
    from centurion.game.actions import Leadership, Order, Pass
    from centurion.game.notation_format import format_action

    _tog_scouts_in_two_platoons(monkeypatch)
    s = new_skirmish("pursuit", seed=1).apply(Leadership(0))
    assert s.passes == 1 and s.initiative_winner == "tog"
    s = s.apply(Order(True))
    assert [p for _s, p in s.sequence] == ["TOG Scout A", "TOG Scout B", "TOG Tank Platoon",
                                           "Renegade Breakout Platoon"]
    passes = [a for a in s.legal_actions() if isinstance(a, Pass)]
    assert set(passes) == {Pass("TOG Scout A"), Pass("TOG Scout A", "TOG Tank Platoon")}
    last = s.apply(Pass("TOG Scout A", "TOG Tank Platoon"))
    assert [p for _s, p in last.sequence] == ["TOG Scout B", "TOG Tank Platoon", "TOG Scout A",
                                              "Renegade Breakout Platoon"]
    assert last.passes == 0
    nxt = s.apply(Pass("TOG Scout A"))
    assert [p for _s, p in nxt.sequence][:3] == ["TOG Scout B", "TOG Scout A", "TOG Tank Platoon"]
    a = Pass("TOG Scout A", "TOG Tank Platoon")
    assert parse_action(format_action(a)) == a and action_from_data(action_to_data(a)) == a
    assert action_to_data(Pass("TOG Scout A")) == {"kind": "pass", "platoon": "TOG Scout A"}  # old saves' form


def test_A4_a_pass_may_move_a_later_platoon_first_at_the_start_of_its_sides_portion(monkeypatch):
    """CEN-INI-2, book-b §3.4(b), the other use of a pass: "move a platoon at the very start of your portion of the
    phase". TOG's tank platoon, third in its order, moves first; offered only before any TOG unit has moved."""
    from centurion.game import parse_action
    from centurion.game.actions import Ahead, Leadership, Move, Order
    from centurion.game.notation_format import format_action

    _tog_scouts_in_two_platoons(monkeypatch)
    s = new_skirmish("pursuit", seed=1).apply(Leadership(0)).apply(Order(True))
    ahead = [a for a in s.legal_actions() if isinstance(a, Ahead)]
    assert set(ahead) == {Ahead("TOG Scout B"), Ahead("TOG Tank Platoon")}
    led = s.apply(Ahead("TOG Tank Platoon"))
    assert [p for _s, p in led.sequence] == ["TOG Tank Platoon", "TOG Scout A", "TOG Scout B",
                                             "Renegade Breakout Platoon"]
    assert led.passes == 0 and {v.key for v in led.movers()} == {"T41", "T42", "T43"}
    assert parse_action(format_action(Ahead("TOG Tank Platoon"))) == Ahead("TOG Tank Platoon")
    moved = s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert not [a for a in moved.legal_actions() if isinstance(a, Ahead)]  # a TOG unit has moved: too late


def test_a_game_under_the_first_edition_of_the_rules_replays_as_it_was_played():
    """Saves made before these corrections name no edition of the rules and replay under the first (a save of the
    village in tests/fixtures/saves has a concealed squad that could not reactivate then: it replays line for line,
    tests/test_saves_before_redesign.py). Under edition 1 the squad of an exploded carrier dies with it, as it did."""
    from centurion.game import SaveError, load

    g = new_skirmish("pursuit", seed=1, rules_edition=1)
    assert g.rules_edition == 1 and new_skirmish("pursuit", seed=1).rules_edition == RULES_EDITION
    v = g.vehicle("R41")
    ammo = ("bottom", v.sheet.boxes_of("bottom", "ammo")[0])
    sheet, rep = apply_internal_damage(replace(v.sheet, pending=frozenset({ammo})),
                                       Dice.scripted([10, 1, 1, 1, 1]), velocity=6, unit="R41")
    units = dict(g.combat_units())
    units["R41"] = replace(units["R41"], sheet=sheet)
    assert g._absorb(units, {"R41": rep}, {}).squad("R41s").men == 0
    import json

    data = json.loads(g.to_json())
    assert data["rules"] == 1 and load(g.to_json()).rules_edition == 1
    del data["rules"]
    assert load(json.dumps(data)).rules_edition == 1  # no field: made before session 50
    for bad in (RULES_EDITION + 1, 0, "2", True):
        data["rules"] = bad
        with pytest.raises(SaveError, match=f"field 'rules': expected a whole number from 1 to {RULES_EDITION}"):
            load(json.dumps(data))


def test_a_stored_game_keeps_the_edition_of_the_rules_it_began_under(tmp_path):
    """The store writes each new game's edition of the rules; a game stored before the column existed (an old
    database: the column is added on opening, empty) replays under the first edition, as it was played."""
    import sqlalchemy as sa

    from centurion.store import open_store

    url = f"sqlite:///{tmp_path / 'games.db'}"
    with open_store(url) as store:
        ref = store.create("village", computer={"tog": "novice"})
        assert store.state(ref.id, ref.watch).rules_edition == RULES_EDITION
    eng = sa.create_engine(url)
    with eng.begin() as conn:  # the database as a store before session 50 left it
        conn.execute(sa.text("ALTER TABLE games DROP COLUMN rules"))
    eng.dispose()
    with open_store(url) as store:
        assert store.state(ref.id, ref.watch).rules_edition == 1
        again = store.create("village", computer={"tog": "novice"})
        assert store.state(again.id, again.watch).rules_edition == RULES_EDITION
    eng = sa.create_engine(url)
    assert "rules" in {c["name"] for c in sa.inspect(eng).get_columns("games")}
    eng.dispose()


def test_A3_under_VAR_INIT_a_dismounted_squads_element_walks_in_its_activation():
    """VAR-INIT makes a dismounted squad an element of its own (RULES.md VAR-INIT); its activation moved straight
    to the declarations, so the squad never walked again. Village seed 0, the novice on both sides: R32s gets out
    and walks in its own activation in the turns after (under edition 1 it stood where it got out)."""
    from centurion.game import bot_action
    from centurion.game.actions import March

    def squad_turns(rules_edition):
        s = new_skirmish("village", seed=0, variants=("VAR-INIT",), rules_edition=rules_edition)
        walked = set()
        while not s.over:
            if s.sequence and s.sequence[0][1].endswith("/ R32s dismounted") and s.phase == "movement":
                assert any(isinstance(a, March) and a.squad == "R32s" for a in s.legal_actions())
                walked.add(s.turn)
            s = s.apply(bot_action(s, "novice"))
        return walked

    assert len(squad_turns(2)) >= 2
    assert squad_turns(1) == set()


def _village_with_r21_watching_beside_t21s(monkeypatch, rules_edition: int = 2):
    """Village seed 3, R21 set down at 2914 (velocity 0) beside TOG's squad T21s (3014): R21 stands on opportunity
    fire, the other Renegade vehicles move; then it is TOG's platoon's turn (the audit's d_opp_squad.py)."""
    from centurion.game.actions import Leadership, Move, Order, Watch

    _r21_beside_t21s(monkeypatch)
    s = new_skirmish("village", seed=3, rules_edition=rules_edition).apply(Leadership(0))
    s = s.apply(Order(True) if s.initiative_winner == "renegade" else Order(False)).apply(Watch("R21"))
    while s.phase in ("movement", "opportunity") and s.active == "renegade":
        moves = [a for a in s.legal_actions() if isinstance(a, Move)]
        s = s.apply(moves[0] if moves else s.legal_actions()[0])
    assert s.phase == "movement" and s.active == "tog" and "R21" in s.watching
    return s


def test_A2_a_squad_walking_past_a_watcher_may_be_fired_on(monkeypatch):
    """CEN-OPP-1, book-a §5.1: a unit on opportunity fire may fire at an enemy that moves after its declaration, as
    it enters a hex in sight (book-b §4.9 and book-a §16.7 show infantry in it). T21s walks from 3014 to 2913, its
    cheapest way through 2914 (R21's hex: 1 + 1 MP, CEN-INF-1); R21's Gauss and laser bear at range 1."""
    from centurion.game.actions import LetPass, March, OpportunityFire

    s = _village_with_r21_watching_beside_t21s(monkeypatch)
    s = s.apply(March("T21s", "2913"))
    assert s.phase == "opportunity" and s.active == "renegade"
    assert set(s.legal_actions()) == {OpportunityFire("R21", "T21s", 1), OpportunityFire("R21", "T21s", 2), LetPass()}
    fired = s.apply(OpportunityFire("R21", "T21s", 1))
    assert "R21" in fired.opp_fired and fired.phase == "movement" and fired.active == "tog"
    shots = [line for line in fired.log if "to hit T21s at range 1" in line]
    assert len(shots) == 2 and all("vs target 12" in line for line in shots)  # book-a §10: 12 at range 0-1
    assert fired.squad("T21s").men < 8  # its losses count at once (CEN-OPP-1), not after all fire
    assert s.apply(LetPass()).squad("T21s").men == 8
    old = _village_with_r21_watching_beside_t21s(monkeypatch, rules_edition=1).apply(March("T21s", "2913"))
    assert old.phase == "movement"  # edition 1: nobody fired at a squad on foot


def test_a_march_path_is_a_cheapest_walk_to_every_hex_a_squad_reaches():
    """`rules.ground_path` against `ground_reach` (CEN-INF-1, 3 MP): from several starts on the sample map, every hex
    a squad reaches has a path of neighbouring hexes whose entry costs sum to the MP `ground_reach` gives it (the
    one-hex rule's single step aside), and a path avoids a hex in `avoid` when an equally cheap one exists."""
    from centurion.data import sample_map
    from centurion.hexgrid import distance, neighbors, parse_label
    from centurion.rules import entry_cost, ground_path, ground_reach

    m = sample_map()
    for label in ("0616", "1012", "2014", "0120"):
        start = parse_label(label)
        for end, mp in ground_reach(start, 0, m, mover="infantry").items():
            if end == start:
                continue
            path = ground_path(start, end, m)
            steps = list(zip((start, *path), path, strict=False))
            assert path[-1] == end and all(distance(a, b) == 1 for a, b in steps)
            assert len(path) == 1 or sum(entry_cost(m, a, b, "infantry")[0] for a, b in steps) == mp
    start = parse_label("0616")
    reach = ground_reach(start, 0, m, mover="infantry")

    def ways(end):  # the middle hexes of the cheapest two-step walks to `end`
        return [n for n in neighbors(end) if distance(n, start) == 1 and n in reach
                and reach[n] + entry_cost(m, n, end, "infantry")[0] == reach[end]]

    end = next(h for h in sorted(reach, key=lambda h: (h.q, h.r)) if distance(start, h) == 2 and len(ways(h)) == 2)
    first = ground_path(start, end, m)[0]
    assert first in ways(end)
    assert ground_path(start, end, m, avoid={first}) == [next(n for n in ways(end) if n != first), end]
    with pytest.raises(ValueError, match="CEN-INF-1"):
        ground_path(start, parse_label("2020"), m)


def test_a_stored_game_replays_on_the_set_up_it_was_begun_on(tmp_path):
    """Session 50's note: the store kept a game's scenario name only, so a game begun before a scenario's set-up
    changed would replay on the new one. The store now writes the set-up's edition (pursuit is in its third:
    data/scenarios/pursuit.yaml, three turns; its second, kept in editions/, had six), and a game stored before the
    column existed replays on the set-up then current."""
    import sqlalchemy as sa

    from centurion.store import open_store

    url = f"sqlite:///{tmp_path / 'games.db'}"
    with open_store(url) as store:
        ref = store.create("pursuit", computer={"tog": "novice"})
        assert store.state(ref.id, ref.watch).scenario.turns == 3
    eng = sa.create_engine(url)
    with eng.connect() as conn:
        assert conn.execute(sa.text("SELECT edition FROM games")).scalar_one() == 3
    with eng.begin() as conn:  # as if the game had been begun on the second edition, before the third was made
        conn.execute(sa.text("UPDATE games SET edition = 2"))
    with open_store(url) as store:
        old = store.state(ref.id, ref.watch)
        assert (old.scenario.key, old.scenario.turns) == ("pursuit@2", 6)
    with eng.begin() as conn:  # a database of a store before session 51: no edition column
        conn.execute(sa.text("ALTER TABLE games DROP COLUMN edition"))
    eng.dispose()
    with open_store(url) as store:
        legacy = store.state(ref.id, ref.watch)
        assert legacy.scenario.key in ("pursuit", "pursuit@3") and legacy.scenario.turns == 3
