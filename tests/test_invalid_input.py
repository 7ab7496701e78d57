"""Issue 22 item 6: invalid input everywhere.

For every public entry point of `centurion.rules`, `centurion.centuria`, `centurion.variants` and `centurion.game`
that takes values from a user, hypothesis draws invalid values for one parameter at a time (negative, out of
range, non-integer floats, bools where ints are expected, None, wrong types, hexes off the map, unknown names),
the other parameters valid. Each call must be refused: a `Refusal` with a rule ID, or a ValueError (IllegalAction,
SaveError) whose message names a rule ID or the parameter; never AttributeError, KeyError, TypeError, IndexError,
ZeroDivisionError or RecursionError, and never an accepted result.

The table `ENTRIES` below drives the tests: module, name, the parameters fuzzed and their valid domain (the rest of
each call is a valid baseline). The domains come from RULES.md and the books: dice read 1..10 (DIE-10), facings
0..5 (HEX-3), hexes lie on the map (HEX-2), counts and points are whole numbers >= 0, names come from the data.

Not fuzzed (judged acceptable, see the report of item 6): parameters that take the engine's own objects (a BattleMap,
RecordSheet, Dice, CenturiaBattle, Piece, FirePlan, TargetRoll, tables): they are built by the library, not typed by
a user, and a wrong type there is a programming error that Python reports as TypeError/AttributeError.
Entry points that take only such objects (plus flags) are therefore not in the table: rules' combat_phase,
resolve_fire, resolve_opportunity_fire, resolve_painting, resolve_squad_fire, declare_squad_fire, squad_fire,
finish_fire, execute_grav_move, ground_effects, movement_effects, remove_widowed(_armor), building_end_phase;
centuria's end_phase, pass_phase, practice_order, start_alternating, start_round, morale_triggers, flee_path,
is_engine, movement_allowance, movement_value, spotters, shots_allowed, spread_command, roll_over; variants'
execute_variant_move, apply_ram_damage, ram_allowed, declare_salvo, roll_salvo, salvo_odds, roll_shot, shield_shot,
assign_crew, attempt_self_destruct, pop_up_attack, declare_position, occupation_choices, legal_moves_side_by_side.
Boolean flags are not fuzzed either (they are read for their truth). resolve_grav_move's and resolve_ground_move's
moves and build_grav_vehicle are fuzzed in tests/test_audit_validation.py. line_of_sight answers a hex off the
map with a Sight of kind "off map" (not seen, and why): counted as a refusal.

| module    | entry point               | parameters fuzzed (domain)                                                    |
|-----------|---------------------------|-------------------------------------------------------------------------------|
| rules     | battle_outcome            | first, second (points >= 0)                                                   |
| rules     | victory_level             | high, low (points >= 0)                                                       |
| rules     | victory_points            | objectives, squads_destroyed, unspent, squad_points (>= 0); vehicle costs     |
| rules     | declaration_order         | loser_units, winner_units (>= 0)                                              |
| rules     | movement_order            | a, b (>= 0)                                                                   |
| rules     | leadership_advantage      | rating_first, rating_second (ints)                                            |
| rules     | passes_available          | unused_advantage (>= 0)                                                       |
| rules     | roll_initiative           | rating_first, rating_second (ints), use_advantage (0..advantage)              |
| rules     | Centurion + plan_leadership / century_advantage | rating (int), on_initiative (0..advantage)              |
| rules     | pass_platoon              | platoon, after (in the sequence), passes (>= 1)                               |
| rules     | effective_speed_limit     | speed_limit (>= 0)                                                            |
| rules     | speed_limit_check         | velocity (int), speed_limit (>= 0), damage_modifier (<= 0), odd_group_to      |
| rules     | grounding_damage          | velocity (int)                                                                |
| rules     | facing_change_interval    | velocity (int)                                                                |
| rules     | hex_speed_limit, vp_cost  | terrain (name), from_level, to_level (ints), mover (name)                     |
| rules     | entry_cost                | src, dst (on the map, adjacent), mover (name)                                 |
| rules     | base_to_hit               | range_hexes (>= 0)                                                            |
| rules     | to_hit, to_hit_number     | range_hexes (>= 0), weapon, terrain (names), shield_factor, targeting_lost    |
| rules     | attack_side, attack_sides | facing (0..5), attacker (another hex)                                         |
| rules     | hit_location, hit_section | roll (1..10), column, side (names)                                            |
| rules     | reduced_thrust            | thrust (>= 0), quarters_lost (0..4)                                           |
| rules     | template_shape            | weapon, shell (names)                                                         |
| rules     | vulcan_kill_number        | rating (a Vulcan rating), engaged (>= 1)                                      |
| rules     | fire_laser, drop_template | section (name), column (1..10), boxes (>= 1), shape (odd widths)              |
| rules     | sheet_rows                | section (name)                                                                |
| rules     | movement_damage           | section (name), points (>= 0), turn (>= 1)                                    |
| rules     | apply_internal_damage     | turn (>= 1), boxes_counted (name)                                             |
| rules     | end_phase                 | turn (>= 1)                                                                   |
| rules     | dismount_refusal          | carrier_end_velocity (int), carrier_kind (name)                               |
| rules     | mount_refusal             | hexes, carrier_velocity_at_start (int), carrier_kind, capacity_left (>= 0)    |
| rules     | opportunity_fire_refusal  | start_velocity (int), kind (name)                                             |
| rules     | may_opportunity_fire_at   | declared_at, enemy_moves_at (>= 0)                                            |
| rules     | stacking_allowed          | units_in_hex (>= 0)                                                           |
| rules     | apply_losses              | men (0..8), losses (>= 0), started_with (1..8)                                |
| rules     | infantry_casualties       | row (a row of the table), modified_roll (int)                                 |
| rules     | Building + building_hit_level, damage_building | height, armor_factor (>= 1), roll (1..10), level        |
| rules     | ground_reach              | hex_ (on the map), facing (0..5), movement_points (>= 0), mover (name)        |
| rules     | resolve_ground_move       | hex_, facing, movement_points, mover                                          |
| rules     | GravState + resolve_grav_move, state_refusal, legal_grav_moves | hex, facing, velocity, accelerate      |
| rules     | line_of_sight, sight_from | a, b, origin (on the map), level_a, level_b, level (ints >= 0 or None)        |
| rules     | declare_weapons_fire      | firer_key (a unit), turret_facing (0..5 or None), attack weapon/target        |
| rules     | engage_vulcan             | engaged (>= 1)                                                                |
| rules     | build_grav_vehicle        | (tests/test_audit_validation.py, C16)                                         |
| centuria  | attack_target, attack_terms, counter_terms | unit names, side, terrains, leaders, markers (0..3)          |
| centuria  | morale_target, morale_terms | unit, leader (names), adjacent_intact (0..6)                                |
| centuria  | shot_terms                | engine, target, side, terrains, leaders, target_marker                        |
| centuria  | engine_range              | engine_type (an engine)                                                       |
| centuria  | over_chance, p_success    | target (int), sides (>= 1)                                                    |
| centuria  | attack, exchange, fire, fire_refusal, shot | piece ids (living pieces)                                    |
| centuria  | morale_test, morale_test_target, flee | pid (a piece)                                                     |
| centuria  | rally_phase               | side (a side)                                                                 |
| centuria  | move (CenturiaMove)       | piece (a piece), steps (F/L/R/B ...)                                          |
| centuria  | move_cost, terrain_movement | dest / hex_ (on the map)                                                    |
| centuria  | sight_line, in_sight      | a, b (hexes)                                                                  |
| variants  | RuleSet                   | on (known VAR- names), options                                                |
| variants  | extra_cost, hex_cost, road_multiplier, movement_points | movement_type, terrain, road (names), base_mp    |
| variants  | activation_order, activation_side_by_side | first, second (>= 0), first_side                              |
| variants  | engine_class, weapons_per_location, check_weapon_layout | engine_rating (>= 0)                            |
| variants  | crew_may_fire, assign_crew | role, family (names), fired (>= 0)                                           |
| variants  | driver_speed_limit        | limit (>= 0), weapons_fired (>= 0)                                            |
| variants  | self_destruct_check, attempt_self_destruct | skill (int), damage_modifier (<= 0), check (name)            |
| variants  | emergency_turn_cost       | velocity (int), straight_hexes (>= 1)                                         |
| variants  | emergency_turn_targets, vane_odds, roll_vane_saves | thrust_points (>= 0), vane_boxes_lost, side          |
| variants  | ram_bonus, ram_hit_chance, ram_tie_chance | bonuses and skills (ints), thrusts (>= 0)                     |
| variants  | ram_damage, resolve_ram, ram_side_by_side | attacker_velocity (>= 1), attacked_side (name)                |
| variants  | declare_ram               | attacker, defender (names), attacker_kind (name)                              |
| variants  | may_opportunity_fire, pop_up_attack | velocities (ints)                                                   |
| variants  | roll_variant_initiative   | ratings, spends (ints), modifiers                                             |
| variants  | shield_stop_chance, shield_hit_chance | rating (a table rating), to_hit (0..10)                           |
| variants  | speed_modifier, with_speed_modifier, fire_side_by_side | velocity (int), weapon (name)                    |
| variants  | variant_end_states        | accelerate (0..max thrust); resolve_variant_move: test_audit_validation G1    |
| game      | new_skirmish              | name (a scenario), seed (int64), variants (known names)                       |
| game      | scenarios                 | system (centurion / centuria / all)                                           |
| game      | load                      | text (str or bytes of a save), name (str)                                     |
| game      | bot_action                | level (a LEVELS key), budget (> 0 or None)                                    |
| game      | Skirmish.apply            | Leadership(points), Move(unit, dismount, ram), Fire(unit, target, weapons)    |
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import centurion.centuria as cta
import centurion.game as game
import centurion.rules as rules
import centurion.variants as var
from centurion.data import centuria_scenario, centuria_tables, map_from_rows, terrain_table, vehicle_types
from centurion.data.infantry_damage import casualty_table
from centurion.data.vehicles import weapon_table
from centurion.dice import Dice
from centurion.game import IllegalAction, SaveError
from centurion.hexgrid import Hex, from_offset, parse_label
from centurion.rules.grav import Refusal
from centurion.rules.targets import Attack

V = vehicle_types()
LIB, HOR = V["liberator"], V["horatius"]
OPEN = map_from_rows(["....."] * 8)
IN = from_offset(3, 4)
NEAR = from_offset(3, 5)
OFF = from_offset(40, 3)
RULE_ID = re.compile(r"\b(CEN|HEX|VAR|CTA|DIE)-[A-Z0-9]+(-[A-Z0-9]+)?\b")
FORBIDDEN = (AttributeError, KeyError, TypeError, IndexError, ZeroDivisionError, RecursionError)


# --- the classification helper -----------------------------------------------------------------------------------
def assert_refused(call: Callable[[], object], param: str) -> None:
    """The call is refused: a Refusal with a rule ID, or a ValueError naming a rule ID or the parameter."""
    try:
        r = call()
    except SaveError:
        return  # the loader's refusal: its message names the file and the field at fault
    except (ValueError, IllegalAction) as exc:
        msg = str(exc)
        assert RULE_ID.search(msg) or param in msg, f"{type(exc).__name__} names neither a rule nor {param!r}: {msg}"
        return
    except FORBIDDEN as exc:
        raise AssertionError(f"{type(exc).__name__} from inside for a bad {param}: {exc}") from exc
    if isinstance(r, rules.Sight) and r.kind == "off map":
        return  # line_of_sight's answer for a hex off the map: not in sight, and why (judged a refusal)
    assert isinstance(r, Refusal), f"accepted a bad {param}: returned {r!r}"[:500]
    assert RULE_ID.fullmatch(r.rule) and r.reason, r


# --- invalid values per domain -----------------------------------------------------------------------------------
WRONG_TYPE = st.sampled_from([None, "2", "", [1], {"a": 1}, (1, 2), b"3", object()])
NON_INTEGER = st.floats(allow_nan=True).filter(lambda f: not (math.isfinite(f) and f == int(f)))


def bad_int(lo: int | None = None, hi: int | None = None, optional: bool = False) -> st.SearchStrategy:
    """Not a whole number in lo..hi (nor None when `optional`): wrong types, bools, non-integer floats, outside."""
    parts = [WRONG_TYPE.filter(lambda v: v is not None) if optional else WRONG_TYPE, st.booleans(), NON_INTEGER]
    if lo is not None:
        parts.append(st.integers(max_value=lo - 1).map(lambda n: max(n, -(10**12))))
    if hi is not None:
        parts.append(st.integers(min_value=hi + 1).map(lambda n: min(n, 10**12)))
    return st.one_of(*parts)


# the hit-location table's columns, book-a §11: Normal, Hull Down, TTF, LAF
HIT_COLUMNS_BOOK = ["normal", "hull_down", "ttf", "laf"]


TERRAINS = sorted(terrain_table().terrain)  # every row of the TET is a valid name: a drawn "rubble" is no bad terrain
# names the data makes valid somewhere (a random short text drew "rubble" once): never drawn as a bad name
KNOWN_NAMES = frozenset(TERRAINS) | {k for part in ("terrain", "units", "leaders")
                                     for k in getattr(centuria_tables(), part)} | {
    "gauss", "mdc", "laser", "missile", "vulcan", "ap_laser", "painting", "ballista", "tormentum"}


def bad_name(valid) -> st.SearchStrategy:
    """Not one of `valid`, nor any name the data makes valid elsewhere: other text, None (unless valid), numbers,
    lists, dicts."""
    valid = list(valid)
    return st.one_of(st.text(max_size=6), st.sampled_from(["Front", "grav ", "x"]), st.none(), st.integers(-3, 3),
                     st.sampled_from([[], {}, 1.5])).filter(lambda v: not _named(v, valid))


def _named(v: object, valid: list) -> bool:
    """Whether `v` is one of `valid` (same type and value) or a name the data knows."""
    return any(type(v) is type(g) and v == g for g in valid) or (isinstance(v, str) and v in KNOWN_NAMES)


def _alias(text: str) -> bool:
    """Whether a text names a variant as `RuleSet.from_names` documents (any case, with or without 'VAR-', '_' for
    '-', a ':sub-option' after it): such a name is valid, not a bad value."""
    base = text.partition(":")[0].strip().upper().replace("_", "-")
    return bool(base) and (base if base.startswith("VAR-") else "VAR-" + base) in var.VARIANTS


def bad_hex(on_map: bool = True) -> st.SearchStrategy:
    parts = [st.sampled_from([None, "0304", 7, [3, 4], (3,), 2.5])]  # (3, 4) is Hex(3, 4): a named tuple
    if on_map:
        parts.append(st.builds(from_offset, st.integers(-30, 40), st.integers(-30, 40)).filter(lambda h: h not in OPEN))
    return st.one_of(*parts)


BAD_FACING = bad_int(0, 5)
BAD_COUNT = bad_int(0)


# --- fixtures -----------------------------------------------------------------------------------------------------
def dice() -> Dice:
    return Dice(7)


def sheet():
    return rules.RecordSheet.of(HOR)


@cache
def battle():
    return cta.CenturiaBattle.from_scenario(centuria_scenario())


@cache
def combat_battle():
    """A Centuria combat phase: centuria A next to the enemy D, a ballista B 5 hexes from the enemy X."""
    from centurion.data import centuria_tables
    from centurion.data.battlemap import load_battlemap

    t = centuria_tables()
    text = "\n".join(["name: test field", "columns: 8", "rows: 8", "legend: {g: grass}", "terrain:",
                      *['  - "gggggggg"'] * 8]) + "\n"
    field = load_battlemap("field.yaml", known_terrain=frozenset(t.terrain), text=text)

    def piece(pid, type_, side, label, facing=0, commander=None):
        return cta.Piece(pid, type_, side, parse_label(label), facing, commander, t.units[type_].kind)
    pieces = (piece("L", "legatus", "rome", "0407"), piece("K", "legatus", "rebels", "0808"),
              piece("B", "ballista", "rome", "0406", commander="L"), piece("A", "centuria", "rome", "0405",
                                                                           commander="L"),
              piece("D", "centuria", "rebels", "0404", 3, commander="K"),
              piece("X", "centuria", "rebels", "0401", commander="K"))
    return cta.CenturiaBattle("test", field, pieces, phase="combat", active_side="rome", sides=("rome", "rebels"))


@cache
def combat_units():
    def unit(key, side, label, facing, vehicle):
        return rules.CombatUnit(key, side, parse_label(label), facing, rules.RecordSheet.of(V[vehicle]))
    return {"hor": unit("hor", "TOG", "0210", 0, "horatius"), "lib": unit("lib", "RL", "0205", 3, "liberator")}


COMBAT_MAP = map_from_rows(["........"] * 12)
W = weapon_table()
CASUALTY_ROWS = {*casualty_table().rows, *casualty_table().aliases}  # a weapon's damage number also names a row
PIECE_IDS = [p.id for b in (battle(), combat_battle()) for p in b.pieces]  # never draw a real piece
SEQ = [("A", "a1"), ("B", "b1"), ("A", "a2"), ("B", "b2")]


@cache
def skirmish(name: str = "meeting"):
    return game.new_skirmish(name, seed=1)


@cache
def phase_game(phase: str, name: str = "village"):
    g = game.new_skirmish(name, seed=0)
    while g.phase != phase:
        g = g.apply(game.bot_action(g, "novice"))
    return g


@cache
def unit_keys() -> list[str]:
    """Every vehicle and squad of the village game: drawn names are never one of them."""
    g = phase_game("fire")
    return [u.key for u in (*g.vehicles, *g.squads)]


@dataclasses.dataclass(frozen=True)
class Entry:
    """An entry point: a call taking keyword values, a valid baseline and a strategy of bad values per parameter."""

    name: str
    call: Callable[..., object]
    base: dict
    bad: dict
    examples: int = 60

    def __str__(self) -> str:
        return self.name


def E(name, call, base, bad, examples=60):
    return Entry(name, call, base, bad, examples)


ENTRIES = [
    # ---- centurion.rules ----
    E("rules.battle_outcome", rules.battle_outcome, dict(first=10, second=3), dict(first=BAD_COUNT, second=BAD_COUNT)),
    E("rules.victory_level", rules.victory_level, dict(high=10, low=3), dict(high=BAD_COUNT, low=BAD_COUNT)),
    E("rules.victory_points", rules.victory_points,
      dict(objectives=1, vehicles_destroyed=(10,), squads_destroyed=1, unspent=2, squad_points=2),
      dict(objectives=BAD_COUNT, squads_destroyed=BAD_COUNT, unspent=BAD_COUNT, squad_points=BAD_COUNT,
           vehicles_destroyed=st.one_of(st.lists(BAD_COUNT, min_size=1, max_size=2), st.sampled_from([None, 5, "ab"])))),
    E("rules.declaration_order", rules.declaration_order, dict(loser_units=2, winner_units=3),
      dict(loser_units=BAD_COUNT, winner_units=BAD_COUNT)),
    E("rules.movement_order", rules.movement_order, dict(a=2, b=3), dict(a=BAD_COUNT, b=BAD_COUNT)),
    E("rules.leadership_advantage", rules.leadership_advantage, dict(rating_first=3, rating_second=2),
      dict(rating_first=bad_int(), rating_second=bad_int())),
    E("rules.passes_available", rules.passes_available, dict(unused_advantage=4), dict(unused_advantage=BAD_COUNT)),
    E("rules.roll_initiative", lambda **kw: rules.roll_initiative(dice(), **kw),
      dict(rating_first=4, rating_second=2, use_advantage=1),
      dict(rating_first=bad_int(), rating_second=bad_int(), use_advantage=bad_int(0, 2))),
    E("rules.plan_leadership", lambda rating, on_initiative: rules.plan_leadership(
        rules.Centurion(rating), rules.Centurion(2), on_initiative), dict(rating=5, on_initiative=1),
      dict(rating=bad_int(), on_initiative=bad_int(0, 3))),
    E("rules.century_advantage", lambda rating: rules.century_advantage(rules.Centurion(rating), rules.Centurion(2)),
      dict(rating=4), dict(rating=bad_int())),
    E("rules.pass_platoon", lambda **kw: rules.pass_platoon(list(SEQ), **kw),
      dict(platoon="a1", after="a2", passes=1),
      dict(platoon=bad_name(["a1", "a2", "b1", "b2"]), after=bad_name(["a1", "a2", "b1", "b2"]), passes=bad_int(1))),
    E("rules.effective_speed_limit", rules.effective_speed_limit, dict(speed_limit=5), dict(speed_limit=BAD_COUNT)),
    E("rules.speed_limit_check", rules.speed_limit_check,
      dict(velocity=8, speed_limit=5, damage_modifier=-1, odd_group_to="front"),
      dict(velocity=bad_int(), speed_limit=BAD_COUNT, damage_modifier=bad_int(hi=0),
           odd_group_to=bad_name(["front", "bottom"]))),
    E("rules.grounding_damage", rules.grounding_damage, dict(velocity=3), dict(velocity=bad_int())),
    E("rules.facing_change_interval", rules.facing_change_interval, dict(velocity=5), dict(velocity=bad_int())),
    E("rules.hex_speed_limit", rules.hex_speed_limit, dict(terrain="clear", from_level=0, to_level=1),
      dict(terrain=bad_name(TERRAINS), from_level=bad_int(), to_level=bad_int())),
    E("rules.vp_cost", rules.vp_cost, dict(terrain="clear", from_level=0, to_level=1, mover="grav"),
      dict(terrain=bad_name(TERRAINS), from_level=bad_int(), to_level=bad_int(),
           mover=bad_name(["grav", "ground", "infantry"]))),
    E("rules.entry_cost", lambda **kw: rules.entry_cost(OPEN, **kw), dict(src=IN, dst=NEAR, mover="grav"),
      dict(src=bad_hex(), dst=bad_hex(), mover=bad_name(["grav", "ground", "infantry"]))),
    E("rules.base_to_hit", rules.base_to_hit, dict(range_hexes=4), dict(range_hexes=BAD_COUNT)),
    E("rules.to_hit", rules.to_hit, dict(range_hexes=4, weapon="gauss", terrain="clear", shield_factor=2,
                                         targeting_lost=0),
      dict(range_hexes=BAD_COUNT, weapon=bad_name(["gauss", "mdc", "laser", "missile", "vulcan", "ap_laser",
                                                   "painting"]),
           terrain=bad_name(TERRAINS), shield_factor=BAD_COUNT, targeting_lost=BAD_COUNT)),
    E("rules.to_hit_number", rules.to_hit_number, dict(range_hexes=4, weapon="gauss", terrain="clear"),
      dict(range_hexes=BAD_COUNT, weapon=bad_name(["gauss"]), terrain=bad_name(TERRAINS))),
    E("rules.attack_side", lambda **kw: rules.attack_side(IN, **kw), dict(facing=0, attacker=NEAR),
      dict(facing=BAD_FACING, attacker=bad_hex(False))),
    E("rules.attack_sides", lambda **kw: rules.attack_sides(IN, **kw), dict(facing=0, attacker=NEAR),
      dict(facing=BAD_FACING, attacker=bad_hex(False))),
    E("rules.hit_location", rules.hit_location, dict(roll=4, column="normal"),
      dict(roll=bad_int(1, 10), column=bad_name(HIT_COLUMNS_BOOK))),
    E("rules.hit_section", rules.hit_section, dict(roll=4, side="front", column="normal"),
      dict(roll=bad_int(1, 10), side=bad_name(["front", "left", "right", "stern"]),
           column=bad_name(HIT_COLUMNS_BOOK))),
    E("rules.reduced_thrust", rules.reduced_thrust, dict(thrust=6, quarters_lost=1),
      dict(thrust=BAD_COUNT, quarters_lost=bad_int(0, 4))),
    E("rules.template_shape", rules.template_shape, dict(weapon="200mm Gauss", shell=None),
      dict(weapon=bad_name(list(W.weapons)), shell=bad_name([None, "APDS", "HEAP"]))),
    E("rules.vulcan_kill_number", rules.vulcan_kill_number, dict(rating=3, engaged=2),
      dict(rating=bad_name(list(W.vulcan)), engaged=bad_int(1))),
    E("rules.fire_laser", lambda **kw: rules.fire_laser(sheet(), **kw), dict(section="front", column=4, boxes=2),
      dict(section=bad_name(["front", "left", "right", "stern", "turret", "bottom"]), column=bad_int(1, 10),
           boxes=bad_int(1))),
    E("rules.drop_template", lambda **kw: rules.drop_template(sheet(), **kw),
      dict(section="front", column=4, shape=(3, 1)),
      dict(section=bad_name(["front", "left", "right", "stern", "turret", "bottom"]), column=bad_int(1, 10),
           shape=st.one_of(st.lists(bad_int(1), min_size=1, max_size=2).map(tuple),
                           st.sampled_from([None, 3, "31", (), (2,)])))),
    E("rules.sheet_rows", lambda **kw: rules.sheet_rows(sheet(), **kw), dict(section="front"),
      dict(section=bad_name(["front", "left", "right", "stern", "turret", "bottom"]))),
    E("rules.movement_damage", lambda **kw: rules.movement_damage(sheet(), dice=dice(), **kw),
      dict(section="front", points=20, turn=2),
      dict(section=bad_name(["front", "left", "right", "stern", "turret", "bottom"]), points=BAD_COUNT,
           turn=bad_int(1))),
    E("rules.apply_internal_damage", lambda **kw: rules.apply_internal_damage(sheet(), dice(), **kw),
      dict(turn=2, boxes_counted="section"), dict(turn=bad_int(1), boxes_counted=bad_name(["section", "hit"]))),
    E("rules.end_phase", lambda **kw: rules.end_phase(sheet(), dice(), **kw), dict(turn=2), dict(turn=bad_int(1))),
    E("rules.dismount_refusal", rules.dismount_refusal, dict(carrier_end_velocity=0, carrier_kind="grav"),
      dict(carrier_end_velocity=bad_int(), carrier_kind=bad_name(["grav", "ground"]))),
    E("rules.mount_refusal", rules.mount_refusal,
      dict(squad_hex_at_start=IN, carrier_hex_at_start=IN, carrier_velocity_at_start=0, carrier_kind="grav",
           capacity_left=1),
      dict(squad_hex_at_start=bad_hex(False), carrier_hex_at_start=bad_hex(False),
           carrier_velocity_at_start=bad_int(), carrier_kind=bad_name(["grav", "ground"]), capacity_left=BAD_COUNT)),
    E("rules.opportunity_fire_refusal", rules.opportunity_fire_refusal, dict(start_velocity=0, kind="grav"),
      dict(start_velocity=bad_int(), kind=bad_name(["grav", "ground"]))),
    E("rules.may_opportunity_fire_at", rules.may_opportunity_fire_at, dict(declared_at=1, enemy_moves_at=3),
      dict(declared_at=BAD_COUNT, enemy_moves_at=BAD_COUNT)),
    E("rules.stacking_allowed", rules.stacking_allowed, dict(units_in_hex=2), dict(units_in_hex=BAD_COUNT)),
    E("rules.apply_losses", rules.apply_losses, dict(men=8, losses=3, started_with=8),
      dict(men=bad_int(0, 8), losses=st.one_of(BAD_COUNT.filter(lambda v: not isinstance(v, (list, tuple))),
                            st.lists(BAD_COUNT.filter(lambda v: not isinstance(v, (list, tuple))), min_size=1, max_size=2)),
           started_with=bad_int(1, 8))),
    E("rules.infantry_casualties", rules.infantry_casualties, dict(row="IWF5", modified_roll=5),
      dict(row=st.one_of(st.text(max_size=4).filter(lambda t: t.strip() not in CASUALTY_ROWS),
                          st.sampled_from([None, -1, 0, [], 2.5])), modified_roll=bad_int())),
    E("rules.Building", lambda **kw: rules.building_hit_level(4, rules.Building(**kw)),
      dict(height=3, armor_factor=10), dict(height=bad_int(1), armor_factor=bad_int(1))),
    E("rules.building_hit_level", lambda **kw: rules.building_hit_level(building=rules.Building(3, 10), **kw),
      dict(roll=4), dict(roll=bad_int(1, 10))),
    E("rules.damage_building", lambda **kw: rules.damage_building(rules.Building(3, 10), **kw),
      dict(level=2, shape=(3, 1)), dict(level=bad_int(1, 3, optional=True))),
    E("rules.ground_reach", lambda **kw: rules.ground_reach(battlemap=OPEN, **kw),
      dict(hex_=IN, facing=0, movement_points=2, mover="ground"),
      dict(hex_=bad_hex(), facing=BAD_FACING, movement_points=BAD_COUNT, mover=bad_name(["ground", "infantry"]))),
    E("rules.resolve_ground_move", lambda **kw: rules.resolve_ground_move(move=rules.GroundMove("F"), battlemap=OPEN,
                                                                           **kw),
      dict(hex_=IN, facing=0, movement_points=2, mover="ground"),
      dict(hex_=bad_hex(), facing=BAD_FACING, movement_points=BAD_COUNT, mover=bad_name(["ground", "infantry"]))),
    E("rules.resolve_grav_move", lambda hex, facing, velocity: rules.resolve_grav_move(
        rules.GravState(hex, facing, velocity), rules.GravMove(0, "F" * 3), OPEN, LIB),
      dict(hex=IN, facing=0, velocity=3), dict(hex=bad_hex(), facing=BAD_FACING, velocity=bad_int())),
    E("rules.state_refusal", lambda hex, facing, velocity: rules.state_refusal(
        rules.GravState(hex, facing, velocity), OPEN),
      dict(hex=IN, facing=0, velocity=3), dict(hex=bad_hex(), facing=BAD_FACING, velocity=bad_int())),
    E("rules.legal_grav_moves", lambda hex, facing, velocity, accelerate: rules.legal_grav_moves(
        rules.GravState(hex, facing, velocity), LIB, OPEN, accelerate=accelerate),
      dict(hex=IN, facing=0, velocity=1, accelerate=1),
      dict(hex=bad_hex(), facing=BAD_FACING, velocity=bad_int(), accelerate=bad_int(0, LIB.max_thrust, optional=True)), 25),
    E("rules.line_of_sight", lambda **kw: rules.line_of_sight(OPEN, **kw), dict(a=IN, b=NEAR, level_a=None, level_b=1),
      dict(a=bad_hex(), b=bad_hex(), level_a=bad_int(0, optional=True), level_b=bad_int(0, optional=True))),
    E("rules.sight_from", lambda **kw: rules.sight_from(OPEN, **kw), dict(origin=IN, level=None),
      dict(origin=bad_hex(), level=bad_int(0, optional=True)), 25),
    E("rules.declare_weapons_fire", lambda firer_key, turret_facing, weapon, target: rules.declare_weapons_fire(
        COMBAT_MAP, combat_units(), firer_key, [Attack(weapon, target, "APDS")], turret_facing=turret_facing),
      dict(firer_key="hor", turret_facing=None, weapon=0, target="lib"),
      dict(firer_key=bad_name(["hor", "lib"]), turret_facing=bad_int(0, 5, optional=True),
           weapon=bad_int(0, 7), target=bad_name(["hor", "lib"]))),
    E("rules.engage_vulcan", lambda engaged: rules.engage_vulcan(
        rules.CombatUnit("tra", "TOG", IN, 0, rules.RecordSheet.of(V["trajan"])), engaged), dict(engaged=2),
      dict(engaged=bad_int(1))),
    # ---- centurion.centuria ----
    E("centuria.attack_target", cta.attack_target,
      dict(attacker="centuria", defender="turma", side="front", attacker_terrain="grass", defender_terrain="trees",
           attacker_leader=None, defender_leader="legatus"),
      dict(attacker=bad_name(["centuria"]), defender=bad_name(["turma"]), side=bad_name(["front", "flank", "rear"]),
           attacker_terrain=bad_name(["grass"]), defender_terrain=bad_name(["trees"]),
           attacker_leader=bad_name([None, "legatus"]), defender_leader=bad_name([None, "legatus"]))),
    E("centuria.attack_terms", cta.attack_terms,
      dict(attacker="centuria", defender="turma", side="flank", attacker_marker=0, defender_marker=1),
      dict(attacker=bad_name(["centuria"]), defender=bad_name(["turma"]), side=bad_name(["front", "flank", "rear"]),
           attacker_marker=bad_int(0, 3), defender_marker=bad_int(0, 3))),
    E("centuria.counter_terms", cta.counter_terms,
      dict(attacker="centuria", defender="turma", attacker_marker=0, defender_marker=1),
      dict(attacker=bad_name(["centuria"]), defender=bad_name(["turma"]), attacker_marker=bad_int(0, 3),
           defender_marker=bad_int(0, 3), attacker_terrain=bad_name(["grass"]))),
    E("centuria.morale_target", cta.morale_target, dict(unit="centuria", leader="legatus", adjacent_intact=2),
      dict(unit=bad_name(["centuria"]), leader=bad_name([None, "legatus"]), adjacent_intact=bad_int(0, 6))),
    E("centuria.morale_terms", cta.morale_terms, dict(unit="turma", leader=None, adjacent_intact=1),
      dict(unit=bad_name(["turma"]), leader=bad_name([None, "legatus"]), adjacent_intact=bad_int(0, 6))),
    E("centuria.shot_terms", cta.shot_terms, dict(engine="ballista", target="centuria", side="front", target_marker=0),
      dict(engine=bad_name(["ballista", "tormentum"]), target=bad_name(["centuria"]),
           side=bad_name(["front", "flank", "rear"]), target_marker=bad_int(0, 3),
           engine_terrain=bad_name(["grass"]), target_terrain=bad_name(["grass"]))),
    E("centuria.engine_range", cta.engine_range, dict(engine_type="ballista"),
      dict(engine_type=bad_name(["ballista", "tormentum"]))),
    E("centuria.over_chance", cta.over_chance, dict(target=12, sides=20), dict(target=bad_int(), sides=bad_int(1))),
    E("centuria.p_success", cta.p_success, dict(target=12, sides=None),
      dict(target=bad_int(), sides=bad_int(1, optional=True))),
    E("centuria.exchange", lambda **kw: cta.exchange(battle(), **kw), dict(attacker_id="R-C1", defender_id="B-C1"),
      dict(attacker_id=bad_name(PIECE_IDS), defender_id=bad_name(PIECE_IDS))),
    E("centuria.attack", lambda **kw: cta.attack(combat_battle(), dice=dice(), **kw),
      dict(attacker_id="A", defender_id="D"), dict(attacker_id=bad_name(PIECE_IDS), defender_id=bad_name(PIECE_IDS))),
    E("centuria.shot", lambda **kw: cta.shot(battle(), **kw), dict(engine_id="R-B1", target_id="B-C1"),
      dict(engine_id=bad_name(PIECE_IDS), target_id=bad_name(PIECE_IDS))),
    E("centuria.fire_refusal", lambda **kw: cta.fire_refusal(combat_battle(), **kw), dict(engine_id="B", target_id="X"),
      dict(engine_id=bad_name(PIECE_IDS), target_id=bad_name(PIECE_IDS))),
    E("centuria.fire", lambda **kw: cta.fire(combat_battle(), dice=dice(), **kw), dict(engine_id="B", target_id="X"),
      dict(engine_id=bad_name(PIECE_IDS), target_id=bad_name(PIECE_IDS))),
    E("centuria.morale_test_target", lambda **kw: cta.morale_test_target(battle(), **kw), dict(pid="R-C1"),
      dict(pid=bad_name(PIECE_IDS))),
    E("centuria.morale_test", lambda **kw: cta.morale_test(battle(), dice=dice(), reason="test", **kw),
      dict(pid="R-C1"), dict(pid=bad_name(PIECE_IDS))),
    E("centuria.flee", lambda **kw: cta.flee(battle(), dice=dice(), **kw), dict(pid="R-C1"), dict(pid=bad_name(PIECE_IDS))),
    E("centuria.rally_phase", lambda **kw: cta.rally_phase(battle(), dice=dice(), **kw), dict(side="rome"),
      dict(side=bad_name(["rome", "rebels"]))),
    E("centuria.move", lambda piece, steps: cta.move(battle(), cta.CenturiaMove(piece, steps)),
      dict(piece="R-C1", steps=("F",)),
      dict(piece=bad_name(PIECE_IDS), steps=st.one_of(st.sampled_from([None, 3, "FX", ("X",), ("F", 2), [None]]),
                                              st.lists(st.text(alphabet="XYZ", min_size=1, max_size=2),
                                                       min_size=1, max_size=2).map(tuple)))),
    E("centuria.move_cost", lambda dest: cta.move_cost(battle(), battle().piece("R-C1"), dest,
                                                       cta.battle.battle_tables(battle(), _cta_tables())),
      dict(dest=Hex(4, 4)), dict(dest=bad_hex(False).filter(lambda h: not isinstance(h, Hex)))),
    E("centuria.terrain_movement", lambda hex_: cta.terrain_movement(battle(), battle().piece("R-C1"), hex_,
                                                                     _cta_tables()),
      dict(hex_=Hex(4, 4)), dict(hex_=bad_hex(False).filter(lambda h: not isinstance(h, Hex)))),
    E("centuria.in_sight", lambda **kw: cta.in_sight(battlemap=battle().map, tables=_cta_tables(), **kw),
      dict(a=Hex(4, 5), b=Hex(4, 1)), dict(a=bad_hex(False), b=bad_hex(False))),
    E("centuria.sight_line", cta.sight_line, dict(a=Hex(4, 5), b=Hex(4, 1)), dict(a=bad_hex(False), b=bad_hex(False))),
    # ---- centurion.variants ----
    E("variants.RuleSet", lambda on: var.RuleSet(on), dict(on=frozenset({"VAR-RAM"})),
      dict(on=st.one_of(st.sets(bad_name(list(var.VARIANTS)).filter(lambda v: isinstance(v, str) and not _alias(v)),
                                min_size=1,
                                max_size=2).map(frozenset), st.sampled_from([None, 3, "VAR-RAM"])))),
    E("variants.extra_cost", var.extra_cost, dict(movement_type="tracked", terrain="clear"),
      dict(movement_type=bad_name(["wheeled", "tracked", "hover", "grav"]))),
    E("variants.hex_cost", var.hex_cost, dict(movement_type="wheeled", terrain="clear"),
      dict(movement_type=bad_name(["wheeled", "tracked", "hover", "grav"]))),
    E("variants.road_multiplier", var.road_multiplier, dict(movement_type="wheeled", road="paved"),
      dict(movement_type=bad_name(["wheeled", "tracked", "hover", "grav"]), road=bad_name([None, "gravel", "paved"]))),
    E("variants.movement_points", var.movement_points, dict(movement_type="wheeled", base_mp=4, road="paved"),
      dict(movement_type=bad_name(["wheeled", "tracked", "hover"]), base_mp=BAD_COUNT,
           road=bad_name([None, "gravel", "paved"]))),
    E("variants.activation_order", var.activation_order, dict(first=2, second=5, first_side="first"),
      dict(first=BAD_COUNT, second=BAD_COUNT, first_side=bad_name(["first", "second"]))),
    E("variants.activation_side_by_side", var.activation_side_by_side, dict(a=2, b=5),
      dict(a=BAD_COUNT, b=BAD_COUNT)),
    E("variants.engine_class", var.engine_class, dict(engine_rating=1500), dict(engine_rating=BAD_COUNT)),
    E("variants.weapons_per_location", var.weapons_per_location, dict(engine_rating=1500),
      dict(engine_rating=BAD_COUNT)),
    E("variants.check_weapon_layout", lambda **kw: var.check_weapon_layout(mounts=(), **kw), dict(engine_rating=1500),
      dict(engine_rating=BAD_COUNT)),
    E("variants.crew_may_fire", lambda **kw: var.crew_may_fire(var.RuleSet(frozenset({"VAR-WEAPONS"})), **kw),
      dict(role="gunner", family="gauss", fired=1),
      dict(role=bad_name(["driver", "gunner", "commander"]), fired=BAD_COUNT)),
    E("variants.driver_speed_limit", var.driver_speed_limit, dict(limit=6, weapons_fired=1),
      dict(limit=BAD_COUNT, weapons_fired=BAD_COUNT)),
    E("variants.self_destruct_check", var.self_destruct_check, dict(skill=5, damage_modifier=-1, check="piloting"),
      dict(skill=bad_int(), damage_modifier=bad_int(), check=bad_name(["piloting", "gunnery"]))),
    E("variants.emergency_turn_cost", var.emergency_turn_cost, dict(velocity=6, straight_hexes=1),
      dict(velocity=bad_int(), straight_hexes=bad_int(1))),
    E("variants.emergency_turn_targets", var.emergency_turn_targets, dict(thrust_points=2, vane_boxes_lost=0),
      dict(thrust_points=BAD_COUNT, vane_boxes_lost=BAD_COUNT)),
    E("variants.vane_odds", var.vane_odds, dict(thrust_points=2, vane_boxes_lost=0),
      dict(thrust_points=BAD_COUNT, vane_boxes_lost=BAD_COUNT)),
    E("variants.roll_vane_saves", lambda **kw: var.roll_vane_saves(dice(), **kw),
      dict(thrust_points=2, side="left", vane_boxes_lost=0),
      dict(thrust_points=BAD_COUNT, side=bad_name(["left", "right"]), vane_boxes_lost=BAD_COUNT)),
    E("variants.ram_bonus", var.ram_bonus, dict(piloting=5, familiarity=1, thrust=2, other_thrust=1, modifiers=0),
      dict(piloting=bad_int(), familiarity=bad_int(), thrust=BAD_COUNT, other_thrust=BAD_COUNT,
           modifiers=bad_int())),
    E("variants.ram_hit_chance", var.ram_hit_chance, dict(attacker_bonus=5, defender_bonus=3),
      dict(attacker_bonus=bad_int(), defender_bonus=bad_int())),
    E("variants.ram_tie_chance", var.ram_tie_chance, dict(attacker_bonus=5, defender_bonus=3),
      dict(attacker_bonus=bad_int(), defender_bonus=bad_int())),
    E("variants.ram_damage", var.ram_damage, dict(attacker_velocity=4), dict(attacker_velocity=bad_int(1))),
    E("variants.ram_side_by_side", var.ram_side_by_side, dict(attacker_bonus=5, defender_bonus=3, attacker_velocity=4),
      dict(attacker_bonus=bad_int(), defender_bonus=bad_int(), attacker_velocity=bad_int(1))),
    E("variants.resolve_ram", lambda **kw: var.resolve_ram(dice(), **kw),
      dict(attacker_bonus=5, defender_bonus=3, attacker_velocity=4, attacked_side="front"),
      dict(attacker_bonus=bad_int(), defender_bonus=bad_int(), attacker_velocity=bad_int(1),
           attacked_side=bad_name(["front", "left", "right", "stern"]))),
    E("variants.declare_ram", lambda **kw: var.declare_ram(var.RuleSet(frozenset({"VAR-RAM"})), **kw),
      dict(attacker="R11", defender="T11", attacker_has_moved=False, attacker_kind="grav"),
      dict(attacker=st.sampled_from([None, 3, [], ""]), defender=st.sampled_from([None, 3, [], ""]),
           attacker_kind=bad_name(["grav", "ground"]))),
    E("variants.may_opportunity_fire", lambda **kw: var.may_opportunity_fire(var.RuleSet(frozenset({"VAR-INIT"})),
                                                                             fired_this_turn=False, **kw),
      dict(velocity_end_of_last_turn=0), dict(velocity_end_of_last_turn=bad_int())),
    E("variants.roll_variant_initiative", lambda **kw: var.roll_variant_initiative(dice(), **kw),
      dict(rating_first=2, rating_second=1, modifier_first=0, modifier_second=0),
      dict(rating_first=bad_int(), rating_second=bad_int(), modifier_first=bad_int(), modifier_second=bad_int(),
           spend_first=bad_int(0, 2, optional=True))),
    E("variants.shield_stop_chance", var.shield_stop_chance, dict(rating=50),
      dict(rating=bad_int(0, 200))),
    E("variants.shield_hit_chance", var.shield_hit_chance, dict(to_hit=6, rating=50),
      dict(to_hit=bad_int(), rating=bad_int(0, 200))),
    E("variants.speed_modifier", var.speed_modifier, dict(velocity=4), dict(velocity=bad_int())),
    E("variants.with_speed_modifier", lambda **kw: var.with_speed_modifier(
        rules.to_hit(4, weapon="gauss"), rules=var.RuleSet(frozenset({"VAR-SPEEDMOD"})), **kw),
      dict(target_velocity=4), dict(target_velocity=bad_int())),
    E("variants.fire_side_by_side", lambda **kw: var.fire_side_by_side(rules.to_hit(4, weapon="gauss"), **kw),
      dict(weapon="gauss", target_velocity=3), dict(target_velocity=bad_int())),
    E("variants.variant_end_states", lambda **kw: var.variant_end_states(
        rules.GravState.of(LIB, IN, 0, 1), LIB, OPEN, var.RuleSet(), **kw), dict(accelerate=1),
      dict(accelerate=bad_int(0, LIB.max_thrust)), 20),
    # ---- centurion.game ----
    E("game.new_skirmish", game.new_skirmish, dict(name="meeting", seed=3, variants=()),
      dict(name=bad_name(game.scenarios() + game.scenarios("centuria")),
           seed=st.one_of(bad_int().filter(lambda v: not isinstance(v, int) or isinstance(v, bool)),
                          st.sampled_from([2**63, -(2**63) - 1, 10**30])),
           variants=st.one_of(st.lists(bad_name(game.KNOWN_VARIANTS), min_size=1, max_size=2).map(tuple),
                              st.sampled_from([None, "VAR-RAM", 3]))), 30),
    E("game.scenarios", game.scenarios, dict(system="centurion"), dict(system=bad_name(["centurion", "centuria", "all"]))),
    E("game.load", game.load, dict(text=None, name="x"),
      dict(text=st.one_of(st.sampled_from([None, 3, [], {}, "", "{}", "[]", "null", b"\xff"]), st.text(max_size=10))),
      40),
    E("game.bot_action", lambda **kw: game.bot_action(skirmish(), **kw), dict(level="novice", budget=None),
      dict(level=bad_name(list(game.LEVELS)), budget=st.sampled_from([-1, -0.5, "1", [], float("nan"), True])), 25),
    E("game.Skirmish.apply(Leadership)", lambda points: skirmish().apply(game.Leadership(points)), dict(points=1),
      dict(points=bad_int(0, 3))),
    E("game.Skirmish.apply(Move)", lambda unit, dismount, ram: phase_game("movement").apply(game.Move(
        unit, phase_game("movement").legal_actions()[0].move, dismount, ram)),
      dict(unit="T21", dismount=False, ram=None),
      dict(unit=bad_name(unit_keys()), dismount=st.sampled_from([None, 1, "yes"]), ram=bad_name([None]))),
    E("game.Skirmish.apply(Fire)", lambda **kw: phase_game("fire").apply(game.Fire(**kw)),
      dict(unit="T21", target="R21", weapons=None),
      dict(unit=bad_name(unit_keys()), target=bad_name([None, *unit_keys()]),
           weapons=st.one_of(st.lists(bad_int(0, 7), min_size=1, max_size=2).map(tuple),
                             st.sampled_from([(), 3, "0", [0]])))),
]


@cache
def _cta_tables():
    from centurion.data import centuria_tables

    return centuria_tables()


@pytest.mark.parametrize("entry", ENTRIES, ids=str)
def test_every_baseline_is_valid(entry):
    """The valid baseline of each entry is accepted (else the fuzzing below would prove nothing)."""
    if entry.name == "game.load":
        entry.call(text=skirmish().to_json(), name="x")
        return
    r = entry.call(**entry.base)
    assert not isinstance(r, Refusal), r


@pytest.mark.parametrize("entry", ENTRIES, ids=str)
def test_invalid_values_are_refused_with_a_rule(entry):
    """One parameter invalid, the rest valid: refused with a rule ID or the parameter's name (issue 22 item 6)."""

    @settings(max_examples=entry.examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data):
        param = data.draw(st.sampled_from(sorted(entry.bad)), label="parameter")
        value = data.draw(entry.bad[param], label=param)
        kw = {**entry.base, param: value}
        assert_refused(lambda: entry.call(**kw), param)

    run()
