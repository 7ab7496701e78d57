"""Session 53's independent audit of Centurion movement (/work/scratch/s53/audit/findings.md), its findings mended
as rules edition 4; each expected value comes from the sources (RULES.md, book-a), not from the engine.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.data.scenarios import load_scenario, shipped_scenario_path
from centurion.game import new_skirmish
from centurion.game.actions import EndTurn, IllegalAction, Move, Order
from centurion.game.state import RULES_EDITION
from centurion.hexgrid import format_label, neighbor, parse_label
from centurion.rules import GravMove
from centurion.rules.record import CrewMember

LAKE = parse_label("0923")  # a lake hex of the pursuit's map


def _renegades_moving(edition: int = RULES_EDITION):
    """The pursuit, seed 3, at its first movement with the Renegades to move."""
    s = new_skirmish("pursuit", seed=3, rules_edition=edition)
    while s.phase != "movement":
        acts = s.legal_actions()
        s = s.apply(next((a for a in acts if isinstance(a, Order) and a.move_first == (s.active == "renegade")),
                         acts[0]))
    assert s.active == "renegade"
    return s


def _r41_beside_the_lake(edition: int = RULES_EDITION):
    """The Viper R41 (its squad R41s aboard) just south of the lake, facing it, at velocity 1."""
    s = _renegades_moving(edition)
    return replace(s, vehicles=tuple(replace(v, hex=neighbor(LAKE, 3), facing=0, velocity=1) if v.key == "R41"
                                     else v for v in s.vehicles))._fresh()


INTO_THE_LAKE = GravMove(steps="F", decelerate=1, ground=True)  # one hex into the lake, grounding there


def test_CEN_GRD_2_no_squad_gets_out_of_a_carrier_under_water():
    """CEN-GRD-2: a submerged vehicle cannot mount or dismount; a lake is closed to infantry (book-a §4.2). The
    game offered a dismount with every grounded end, and a carrier grounded in the lake let its squad out into it."""
    s = _r41_beside_the_lake()
    into = [m for m, e in s.move_options("R41") if e.hex == LAKE]
    assert into and not any(m.dismount for m in into)  # the move is offered, the dismount is not
    assert any(m.dismount for m, e in s.move_options("R41") if e.grounded)  # on dry land it still is
    log = list(s.log)
    with pytest.raises(IllegalAction) as err:
        s.apply(Move("R41", INTO_THE_LAKE, dismount=True))
    assert err.value.rule == "CEN-GRD-2" and "0923" in str(err.value)
    assert list(s.log) == log  # nothing changed
    t = s.apply(Move("R41", INTO_THE_LAKE))  # without the dismount it is legal: the Viper settles on the bottom
    assert t.vehicle("R41").submerged and t.squad("R41s").aboard == "R41"


def test_a_game_played_under_rules_edition_3_replays_its_dismount_in_the_lake():
    """A save made before edition 4 replays as it was played (docs/decisions.md, the game's rules edition)."""
    s = _r41_beside_the_lake(edition=3)
    t = s.apply(Move("R41", INTO_THE_LAKE, dismount=True))
    assert t.squad("R41s").hex == LAKE


def _wrecked_in_the_lake(edition: int = RULES_EDITION):
    """The pursuit at its first End Phase, R41 sunk in the lake with its whole crew dead (destroyed, no explosion)
    and its squad still aboard; then the game up to the next turn's first decision."""
    s = _renegades_moving(edition)
    while s.phase != "end":
        s = s.apply(s.legal_actions()[0])

    def sunk(v):
        sheet = replace(v.sheet, crew=tuple(CrewMember(m.role, "dead") for m in v.sheet.crew))
        return replace(v, hex=LAKE, velocity=0, grounded=True, submerged=True, sheet=sheet)

    s = replace(s, vehicles=tuple(sunk(v) if v.key == "R41" else v for v in s.vehicles))._fresh()
    assert s.vehicle("R41").destroyed and s.squad("R41s").aboard == "R41"
    before = s.points("tog")
    while s.turn == 1:
        s = s.apply(next((a for a in s.legal_actions() if isinstance(a, EndTurn)), s.legal_actions()[0]))
    return s, before


def test_CEN_GRD_2_a_squad_in_a_wreck_in_a_lake_cannot_get_out_and_is_lost():
    """book-a 13.2: a wreck's occupants get out at their next movement; but not into a lake (CEN-GRD-2, book-a
    §4.2). Decided (docs/decisions.md, session 53): the squad is lost with the wreck, and the enemy scores it as a
    destroyed squad (book-b §15.2). The game put it into the lake hex."""
    s, before = _wrecked_in_the_lake()
    q = s.squad("R41s")
    assert q.men == 0 and q.hex is None
    assert any("R41s cannot get out of the wreck of R41" in line and "[CEN-GRD-2" in line for line in s.log)
    old, old_before = _wrecked_in_the_lake(edition=3)
    assert old.squad("R41s").hex == LAKE and old.squad("R41s").men > 0  # edition 3 as it was played
    assert s.points("tog") - before > old.points("tog") - old_before  # the squad counts as destroyed


@pytest.mark.parametrize("velocity, step, hex_", [(-6, "B", "1816"), (6, "F", "1814")])
def test_book_a_13_2_survivors_of_a_grounding_roll_against_the_landing_speed_backwards_too(velocity, step, hex_):
    """book-a §13.2: after an ammunition explosion each crew member and squad survives on d10 <= 8 - velocity; the
    grounding's own damage is 10 x |velocity| (CEN-GRD-1). A vehicle grounding backwards at -6 rolled against 8
    (velocity 0), as if standing; at +6 against 2. Both now roll against 8 - 6 = 2 (seed 0: 60 points to the
    bottom set off the ammunition in both)."""
    base = _renegades_moving()
    s = replace(base, seed=0, vehicles=tuple(replace(v, hex=parse_label("1815"), facing=0, velocity=velocity)
                                             if v.key == "R41" else v for v in base.vehicles))._fresh()
    t = s.apply(Move("R41", GravMove(steps=step, ground=True)))
    log = "\n".join(t.log)
    assert f"60 damage to the bottom (grounding at {hex_})" in log
    rolls = [line for line in t.log if "survives the explosion" in line]
    assert rolls and all("vs target 2 " in line for line in rolls), rolls
    assert format_label(t.vehicle("R41").hex) == hex_


def test_CEN_STK_1_a_scenario_may_set_up_three_vehicles_in_one_hex():
    """CEN-STK-1 (book-a §5.3): stacking is unlimited, friend and foe. The scenario loader refused more than two
    vehicles a hex at set-up, naming the rule it contradicted."""
    text = open(shipped_scenario_path("first_game")).read()
    text = text.replace("hex: '0714'", "hex: '0816'").replace("hex: '2014'", "hex: '0816'")
    sc = load_scenario("three.yaml", text=text)
    here = [v.id for side in sc.sides for p in side.platoons for v in p.vehicles if format_label(v.hex) == "0816"]
    assert len(here) == 3


# --- session 53's audit of combat (/work/scratch/s53/audit2/findings.md) -------------------------------------------

def test_CEN_TER_1_smoke_in_a_vehicles_hex_counts_against_a_squads_weapons_too():
    """book-b §10.3: smoke counts as heavy woods for combat, -2 to hit a vehicle in it (docs/decisions.md: "smoke in
    the target hex makes its terrain modifier at least heavy woods' -2"). A vehicle's weapons got it; a squad's
    personal weapons, TVLGs and mortars did not. Two hexes from a Liberator in smoke on clear ground: the Horatius'
    laser needs 2, and so do the personal weapons and the TVLGs; the mortar (no shield term) 9 instead of 11."""
    from centurion.data import map_from_rows, vehicle_types
    from centurion.rules.record import RecordSheet
    from centurion.rules.resolution import CombatUnit, SquadOrder, declare_squad_fire, declare_weapons_fire
    from centurion.rules.targets import Attack

    types = vehicle_types()
    bm = map_from_rows(["........"] * 12)
    t = parse_label("0405")
    smoked = replace(bm, hexes={**bm.hexes, t: replace(bm.hexes[t], counters=("smoke",))})
    units = {"lib": CombatUnit("lib", "RL", t, 3, RecordSheet.of(types["liberator"])),  # its front to the south
             "hor": CombatUnit("hor", "TOG", parse_label("0407"), 0, RecordSheet.of(types["horatius"])),
             "sqT": CombatUnit("sqT", "TOG", parse_label("0407"), 0, men=8, squad_kind="tvlg"),
             "sqM": CombatUnit("sqM", "TOG", parse_label("0407"), 0, men=8, squad_kind="mortar")}
    assert declare_weapons_fire(smoked, units, "hor", [Attack(1, "lib")]).attacks[0].to_hit.value == 2
    for squad, weapon, clear, in_smoke in (("sqT", "personal", 4, 2), ("sqT", "tvlg", 4, 2), ("sqM", "mortar", 11, 9)):
        assert declare_squad_fire(bm, units, SquadOrder(squad, weapon, "lib")).to_hit.value == clear, weapon
        got = declare_squad_fire(smoked, units, SquadOrder(squad, weapon, "lib")).to_hit
        assert got.value == in_smoke and "smoke in the target hex counts as heavy woods" in got.describe(), weapon
        old = declare_squad_fire(smoked, units, SquadOrder(squad, weapon, "lib"), smoke=False)
        assert old.to_hit.value == clear  # a game under rules editions 1-3 replays as it was played


def _watcher_entered(edition: int, facing: int, velocity: int, steps: str):
    """The meeting, seed 0: TOG's T11 on opportunity fire in 0101 facing north; R11 two hexes south of it flies
    two hexes north into T11's hex across T11's stern hexside (`facing` 0 at +2: nose first; 3 at -2: tail first)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_game import passive, with_vehicle

    from centurion.game.actions import Watch

    s = new_skirmish("meeting", seed=0, rules_edition=edition)
    while s.phase != "movement":
        s = s.apply(passive(s))
    x = parse_label("0101")
    s = with_vehicle(s, "T11", hex=x, facing=0, velocity=0)
    s = with_vehicle(s, "R11", hex=neighbor(neighbor(x, 3), 3), facing=facing, velocity=velocity)
    while "R11" not in [v.key for v in s.movers()]:
        s = s.apply(Watch("T11") if "T11" in [v.key for v in s.movers()] else passive(s))
    s = s.apply(Move("R11", GravMove(steps=steps)))
    assert s.phase == "opportunity" and s.pending_move[1][1][0] == x
    return s.attack_set(s.vehicle("T11"), "R11", at=s.pending_move[1][1], opportunity=True)


@pytest.mark.parametrize("facing, velocity, steps, side", [(0, 2, "FF", "front"), (3, -2, "BB", "stern")])
def test_book_a_14_2_a_mover_entering_the_watchers_hex_is_seen_from_the_hex_it_came_from(facing, velocity, steps,
                                                                                          side):
    """book-a §14.2: in one hex the arcs and the side struck are fixed by the entry, as if the later unit still
    stood in the hex it came from (docs/decisions.md). R11 comes into T11's hex across T11's stern hexside: it is in
    T11's stern arc, where only the turret bears (the Horatius' hull laser and SMLM face front), and it shows the
    side it came in by: its front nose first, its stern tail first. The game let every weapon fire and the
    defender pick any side."""
    plan = _watcher_entered(RULES_EDITION, facing, velocity, steps)
    assert [ra.weapon.location for ra in plan.attacks] == ["turret"]
    assert {(ra.side, ra.side_options) for ra in plan.attacks} == {(side, (side,))}
    old = _watcher_entered(3, facing, velocity, steps)  # rules edition 3, as it was played
    assert len(old.attacks) == 3 and old.attacks[0].side_options == ("front", "left", "right", "stern")


# --- session 53's audit of the variant rules (/work/scratch/s53/audit4/findings.md) --------------------------------

@pytest.mark.parametrize("a, b, order", [(2, 3, "A1 B2 A1 B1"), (2, 5, "A1 B3 A1 B2"), (3, 4, "A1 B1 A1 B2 A1 B1"),
                                         (6, 2, "A2 B1 A2 B1 A2")])
def test_VAR_INIT_the_extra_group_goes_in_the_middle_with_two_slots_too(a, b, order):
    """Seed 001 (VAR-INIT): the larger side's extras go "during the middle of the action phase"; docs/decisions.md:
    the middle slots first, then whichever end activation is nearer the middle. With two slots both are ends: in
    A1 B? A1 B? the second activation is nearer the middle (between the 2nd and 3rd) than the fourth, so B's pair goes
    there. The engine put it last (A1 B1 A1 B2)."""
    from centurion.variants import activation_order

    def fmt(o):
        return " ".join(f"{'A' if side == 'first' else 'B'}{n}" for side, n in o)

    assert fmt(activation_order(a, b)) == order
    assert fmt(activation_order(2, 3, middle=False)) == "A1 B1 A1 B2"  # rules editions 1-3, as played


def test_a_squads_shot_on_watch_rolls_against_the_smoke_it_was_declared_with(monkeypatch):
    """The squad's TVLG shot on opportunity fire at R21 entering 2814 (clear ground), smoke laid there: the roll made
    at the resolution has the target of the shot the list offered, 2 less than without the smoke under edition 4
    (heavy woods' -2, book-b §10.3), the same as without it under edition 3, as it was played (the resolution
    re-declares the order: both must agree)."""
    from test_audit50 import r21_set_up_at
    from test_squad_watch import _t21s_watches_r21_passes

    from centurion.data import terrain_table
    from centurion.game.actions import OpportunityFire

    r21_set_up_at(monkeypatch, "2714", 3)
    s = _t21s_watches_r21_passes()
    there = s.pending_move[1][0][0]
    assert format_label(there) == "2814" and s.battlemap[there].terrain == "clear" and not s.battlemap[there].counters
    clear = s.squad_opportunity("T21s", "tvlg", 1).to_hit.value
    woods = terrain_table()["heavy_woods"].combat_modifier
    for edition, target in ((RULES_EDITION, clear + woods), (3, clear)):
        g = replace(s, counters=s.counters + ((there, "smoke"),), rules_edition=edition)._fresh()
        assert g.squad_opportunity("T21s", "tvlg", 1).to_hit.value == target, edition
        t = g.apply(OpportunityFire("T21s", "R21", 1, "tvlg"))
        rolls = [line for line in t.log[len(g.log):] if "T21s TVLGs attack 1" in line]
        assert rolls and f"vs target {target} " in rolls[0], (edition, rolls)
