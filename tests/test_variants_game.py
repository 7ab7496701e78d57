"""The skirmish with each variant switch on alone, bot against bot (issue 16): the game keeps its RuleSet, saves and
replays it, and names in its log the variant behind every roll the switch changed (VAR-SPEEDMOD, VAR-SHIELD)."""

from __future__ import annotations

import functools

import pytest

from centurion.game import bot_action, load, new_skirmish
from centurion.rules.grav import Refusal
from centurion.variants import VARIANTS, RuleSet
from tests.bot_games import bot_game

TURNS = 2  # a short game: the first turns of the meeting scenario


@functools.cache
def play(variants: tuple[str, ...], seed: int = 3, *, turns: int = TURNS, limit: int = 400):
    """The meeting played by the computer under `variants` (played once for this module: a game state is not
    changed by `apply`, so the log test reads the switch test's VAR-SPEEDMOD game)."""
    return bot_game(variants, "meeting", seed, turns=turns, limit=limit)


@pytest.mark.parametrize("switch", list(VARIANTS))
def test_bot_against_bot_with_one_switch_on(switch):
    s = play((switch,))
    assert s.turn > TURNS or s.over
    assert s.rules == RuleSet.from_names([switch]) and s.variants == RuleSet.from_names([switch]).names
    again = load(s.to_json())  # the save records the rule set and replays to the same game
    assert again.rules == s.rules and again.log == s.log and again.vehicles == s.vehicles


def test_log_names_the_variant_behind_changed_rolls():
    basic = play(())
    assert not any("[VAR-" in line for line in basic.log)
    speed = play(("VAR-SPEEDMOD",))
    assert any("[VAR-SPEEDMOD]" in line and "target speed" in line for line in speed.log)
    shield = play(("VAR-SHIELD",), turns=3)
    assert any("[VAR-SHIELD]" in line and "d100" in line for line in shield.log)


def test_skirmish_page_offers_the_switches():
    from centurion.widgets.skirmish import SkirmishTable

    page = SkirmishTable("meeting", seed=2)
    names = [v for _label, v in page.variant_picks.options]
    assert set(VARIANTS) <= {n.split(":")[0] for n in names}
    assert "VAR-MOVETYPE:burn" in names and "VAR-MOVETYPE:thrust" in names
    page.variant_picks.value = ("VAR-SHIELD", "VAR-SPEEDMOD")
    page._on_start()
    assert page.states[-1].rules == RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])
    page.variant_picks.value = ("VAR-MOVETYPE:burn", "VAR-MOVETYPE:thrust")  # two sub-options: refused, game kept
    page._on_start()
    assert page.states[-1].rules == RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])
    assert "VAR-MOVETYPE" in page.message.value and "two sub-options" in page.message.value


def test_uploaded_map_keeps_its_partial_terrain_for_var_occupy():
    from pathlib import Path

    from centurion.data import DataError
    from centurion.data.upload import load_map_upload, load_partial_terrain_upload

    text = Path(__file__).parent.parent.joinpath("data", "maps", "battlefield.yaml").read_text(encoding="utf-8")
    good = (text + "\npartial_terrain:\n  - {hex: '0101', terrain: light_woods, open: clear, "
            "covered_hexsides: [0, 1]}\n").encode()
    m = load_map_upload(good, "upload.yaml")  # the basic loader accepts the field and ignores it
    (part,) = load_partial_terrain_upload(good, "upload.yaml", m).values()
    assert part.terrain == "light_woods" and part.covered_hexsides == {0, 1}
    bad = (text + "\npartial_terrain:\n  - {hex: '9999'}\n").encode()
    with pytest.raises(DataError, match="partial_terrain"):
        load_partial_terrain_upload(bad, "upload.yaml", m)
    with pytest.raises(DataError):
        load_partial_terrain_upload(b"partial_terrain: &a [*a]", "upload.yaml", m)  # the upload guards apply


def _at_speed(switch: str, velocity: int = 6, facing: int = 0, seed: int = 3):
    """The meeting scenario at its first move, the first mover set to `velocity` and `facing` (a test position)."""
    from dataclasses import replace

    s = new_skirmish("meeting", seed=seed, variants=(switch,))
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    key = s.movers()[0].key
    return replace(s, vehicles=tuple(replace(x, velocity=velocity, facing=facing) if x.key == key else x
                                     for x in s.vehicles)), key


@pytest.mark.parametrize(("switch", "step"), [("VAR-LATERAL", "SL"), ("VAR-EMERGENCY", None)])
def test_lateral_shift_and_emergency_turn_are_legal_moves_with_thrust_and_odds(switch, step):
    from centurion.game.actions import action_from_data, action_to_data
    from centurion.variants import resolve_variant_move
    from centurion.variants.movement import VariantMove

    s, key = _at_speed(switch)
    basic, _ = _at_speed("VAR-SHIELD")
    assert not any(isinstance(m.move, VariantMove) for m, _e in basic.move_options(key))  # off: basic moves only
    options = [(m, e) for m, e in s.move_options(key) if isinstance(m.move, VariantMove)]
    assert options and all(e.safest.variant_rules == (switch,) for _m, e in options)
    v = s.vehicle(key)
    for m, e in options[:20]:  # each offered end: its thrust and exact odds are the variant resolver's
        r = resolve_variant_move(v.grav(), m.move, s.battlemap, v.sheet.vehicle, s.rules)
        assert (r.end_hex, r.end_facing) == (e.hex, e.facing)
        assert r.p_no_damage == e.p_no_damage and r.thrust_used == e.safest.thrust_used
        assert action_from_data(action_to_data(m)) == m  # the save keeps the variant move
    if step:
        m, e = next((m, e) for m, e in options if step in m.move.steps)
        after = s.apply(m)
        assert any("[VAR-LATERAL]" in line for line in after.log[-3:])
    else:
        m, e = options[0]
        after = s.apply(m)
        assert any("[VAR-EMERGENCY]" in line and "d10" in line for line in after.log[-3:])
    assert after.vehicle(key).hex == e.hex or after.vehicle(key).destroyed or after.vehicle(key).grounded
    refused = basic.resolve_move(key, m.move)  # the same move with the switch off is refused by the rules
    assert isinstance(refused, Refusal) and refused.rule.startswith(("VAR-", "CEN-"))


def test_bot_weighs_fire_by_the_variant_odds():
    from centurion.data import map_from_rows, vehicle_types
    from centurion.game.bot import _plan_hits
    from centurion.hexgrid import parse_label
    from centurion.rules.record import RecordSheet
    from centurion.rules.resolution import CombatUnit, declare_weapons_fire
    from centurion.rules.targets import Attack
    from centurion.variants import shield_shot

    v = vehicle_types()
    units = {"hor": CombatUnit("hor", "TOG", parse_label("0210"), 0, RecordSheet.of(v["horatius"])),
             "lib": CombatUnit("lib", "RL", parse_label("0203"), 1, RecordSheet.of(v["liberator"]))}
    plan = declare_weapons_fire(map_from_rows(["........"] * 12), units, "hor", [Attack(1, "lib")])
    shield = RuleSet.from_names(["VAR-SHIELD"])
    assert _plan_hits(plan) == _plan_hits(plan, RuleSet()) == float(plan.attacks[0].to_hit.chance)
    assert _plan_hits(plan, shield) == float(shield_shot(plan.attacks[0].to_hit, weapon="laser",
                                                         rules=shield).p_damage)


def test_emergency_turn_vane_damage_stays_with_the_vehicle():
    from centurion.variants.movement import VariantMove

    # the dice of a decision depend on the seed; these seeds are pinned for their outcomes (T6): seed 0 loses a
    # vane box and shorts the other vane, seed 1 loses a box and burns a vane out
    for seed, outcomes in ((0, {"box", "short"}), (1, {"box", "burnout"})):
        seen = set()
        s, key = _at_speed("VAR-EMERGENCY", seed=seed)
        m = next(m for m, _e in s.move_options(key) if isinstance(m.move, VariantMove))
        after = s.apply(m)
        nv = after.vehicle(key)
        lines = [ln for ln in after.log[len(s.log):] if "emergency turn" in ln and "[VAR-EMERGENCY]" in ln]
        assert lines
        for side in ("left", "right"):
            mine = [ln for ln in lines if f"{side} vane" in ln]
            burnt = any("burns out" in ln for ln in mine)
            boxes = sum(1 for ln in mine if "vane box lost" in ln)
            seen |= {"burnout"} if burnt else set()
            seen |= {"box"} if boxes else set()
            assert (side in nv.vanes_lost) == burnt == getattr(nv.grav(), f"{side}_vane_lost")
            assert dict(nv.vane_boxes).get(side, 0) == boxes
            if any("shorts" in ln for ln in mine) and not burnt:
                seen.add("short")
                assert side in nv.vanes_shorted and not getattr(nv.grav(), f"{side}_vane_lost")
                nxt = replace_turn(after)  # shorted: out for the next turn only (seed 001, V1)
                assert side in nxt.vehicle(key).vanes_out and side not in nxt.vehicle(key).vanes_lost
                assert getattr(nxt.vehicle(key).grav(), f"{side}_vane_lost")
                later = replace_turn(nxt).vehicle(key)  # and usable again the turn after
                assert side not in later.vanes_out and not getattr(later.grav(), f"{side}_vane_lost")
        assert seen == outcomes, (seed, seen)


def replace_turn(s):
    """The game as the next turn starts it (a shorted vane is out for that turn only, VAR-EMERGENCY)."""
    from centurion.dice import Dice

    return s._start_turn(Dice(seed=1))


def test_shipped_record_sheets_fit_the_variant_weapon_quota():
    from dataclasses import replace

    from centurion.data import vehicle_types
    from centurion.data.vehicles import Weapon
    from centurion.variants.crew import vehicle_weapon_layout

    v = vehicle_types()
    assert all(vehicle_weapon_layout(t) == () for t in v.values())  # every shipped design fits its class
    lupus = v["lupus"]  # engine 550: light class, 3 weapons a location
    heavy = replace(lupus, weapons=lupus.weapons + tuple(Weapon("1.5/3 laser", "turret", "3", 12) for _ in range(3)))
    (refusal,) = vehicle_weapon_layout(heavy)
    assert refusal.rule == "VAR-WEAPONS" and "turret carries 5" in refusal.reason  # its twin lasers and 3 more
    vulcan = replace(lupus, weapons=lupus.weapons + (Weapon("Vulcan-2", "hull 1", "S", 0),))
    assert [r.rule for r in vehicle_weapon_layout(vulcan)] == ["VAR-WEAPONS"]
