"""The second walk's polish left for later (docs/decisions.md, "Reported and left"): check lines that read as
English, no raw data keys on a page, "1 hex", a countdown that says why it changed a value, DIE-10 and DIE-100 in
the contents' rule index. Expected values come from RULES.md and data/, not from the code under test."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest
import yaml
from spec_sources import source

from centurion.data import sample_map, terrain_table, vehicle_types
from centurion.data.reference import rules_reference
from centurion.hexgrid import parse_label

ROOT = Path(__file__).resolve().parents[1]


def _check_lines(stem: str) -> list[str]:
    """The worked examples' check lines ('✓ ...') printed in a stored chapter."""
    nb = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", [])
                   if o.get("output_type") == "stream")
    return [line for line in text.splitlines() if line.startswith("✓ ")]


# --- 1. a check line's value is a word that answers its label -------------------------------------------------------

@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.stem)
def test_no_check_line_answers_none(path):
    """'... may mount: none' meant 'no refusal': a check line asks a question its value answers."""
    assert not [line for line in _check_lines(path.stem) if line.endswith(": none")]


@pytest.mark.parametrize(("stem", "line"), [
    # CEN-TER-1: ground vehicles are barred from slopes of 4-5 levels
    ("04_terrain", "✓ CEN-TER-1: a ground vehicle may climb 4 levels: no"),
    # CEN-GV-1: a lake is prohibited to ground vehicles
    ("07_ground_infantry", "✓ CEN-GV-1: it may enter the lake: no"),
    # CEN-MNT-1: a squad in its carrier's hex at the start, the carrier at v0, may mount; otherwise it may not
    ("07_ground_infantry", "✓ book-a E13: Viper at 0, squad in its hex: may mount: yes"),
    ("07_ground_infantry", "✓ book-a E13: Viper moving: may mount: no"),
    ("07_ground_infantry", "✓ book-a E13: squad elsewhere: may mount: no"),
    # CTA-ART: the ballista needs its own line of sight, the tormentum fires indirectly on a friend's sight
    ("14_centuria_artillery", "✓ CTA-ART: the ballista, with no sight of its own, may fire: no"),
    ("14_centuria_artillery", "✓ CTA-ART: the tormentum, on a spotter's sight, may fire: yes"),
    # CTA-COMBAT: a centuria attacking a centuria from the front needs more than 15: 18 strikes, the counter's 4 misses
    ("12_centuria_combat", "✓ CTA-COMBAT: rolls 18 and 4; still standing: B-C2, R-C2: no, yes"),
])
def test_the_checks_read_as_the_rule_says(stem, line):
    assert line in _check_lines(stem), _check_lines(stem)


def test_check_book_refuses_a_value_it_would_print_as_none():
    from centurion.widgets.checks import check_book

    with pytest.raises(ValueError, match="yes/no"):
        check_book("a refusal", None, None)


# --- 2. no raw data keys: a hover line's terrain, chapter 21's weapon lists ----------------------------------------

def test_the_plot_hover_names_the_terrain_in_words():
    """The move table's hover line gave the cost 'from the plot's end ... (light_woods)'."""
    from centurion.widgets import GravMoveTable, tank_on

    words = yaml.safe_load((ROOT / "data" / "terrain.yaml").read_text(encoding="utf-8"))
    light = words["terrain"]["light_woods"]["label"].lower()
    m, hor = sample_map(), vehicle_types()["horatius"]
    t = GravMoveTable(m, hor, tank_on(m, hor, "1102", 0, 10), terrain=terrain_table())
    woods = parse_label("1103")
    assert m[woods].terrain == "light_woods"
    t.map.hover_pixel(*t.map.layout_px.center(woods))
    shown = t.map.hover_info.value
    assert "light_woods" not in shown and f"({light})" in shown, shown


@pytest.mark.parametrize("view", ["FireSideBySide", "SalvoSideBySide"])
def test_chapter21_weapon_lists_show_weapon_names(view):
    """The Weapon lists offered 'mdc': the data names the weapon 'MDC' (MDC 8, MDC 10, MDC 12)."""
    from centurion.widgets import variants_view

    weapons = yaml.safe_load((ROOT / "data" / "weapons.yaml").read_text(encoding="utf-8"))["weapons"]
    mdc_name = next(name for name, w in weapons.items() if w["family"] == "mdc").split()[0]
    widget = getattr(variants_view, view)()
    shown = dict(zip(widget.weapon._options_labels, widget.weapon._options_values))
    assert shown.get(mdc_name) == "mdc" and "mdc" not in shown, shown  # the name shown, the engine's key behind it
    widget.weapon.value = "mdc"  # and the view still works with it
    assert "or less" in widget.out.value and not widget.message.value, widget.message.value


# --- 3. one hex ------------------------------------------------------------------------------------------------------

def test_chapter3_counts_one_hex_in_the_singular():
    """At velocity 0 with no thrust a tank can only stay where it is (CEN-GRAV-2, CEN-GRAV-4): one end hex."""
    from centurion.widgets import FacingChangeExplorer

    explorer = FacingChangeExplorer(sample_map(), vehicle_types()["horatius"], start="0522", facing=1)
    explorer.velocity.value = 0
    text = re.sub(r"<[^>]+>", "", explorer.info.value)
    assert "the 1 hex it can end in" in text and "1 hexes" not in text, text


# --- 4. the countdown says why it changed a value --------------------------------------------------------------------

def test_the_countdown_explains_a_time_under_its_minimum():
    """5 s became 10 without a word (chapter 15): the countdown's shortest time is 10 s, and it says so."""
    from centurion.widgets.round_timer import RoundTimer

    timer = RoundTimer(None)
    timer.enabled.value = True
    timer.length.value = 5  # what the browser sends when a reader types 5
    assert timer.length.value == 10
    text = re.sub(r"<[^>]+>", "", timer.display.value)
    assert "5" in text and "at least 10 seconds" in text and "0:10 left" in text, text
    timer.length.value = 4000
    assert timer.length.value == 3600 and "at most 3600 seconds" in timer.display.value
    timer.length.value = 30  # a time it takes clears the note
    assert "at least" not in timer.display.value and "0:30 left" in timer.display.value


# --- 5. the contents' rule index names every die --------------------------------------------------------------------

def test_the_rule_index_lists_every_die_at_its_chapters():
    """DIE-10 and DIE-100 were missing; each die of RULES.md points at chapters the rules reference names for it."""
    spec = source("rules/RULES.md").read_text(encoding="utf-8")
    dice = sorted(set(re.findall(r"\*\*(DIE-\d+)\*\*", spec)))
    assert {"DIE-10", "DIE-20", "DIE-100"} <= set(dice)
    nb = json.loads((ROOT / "notebooks" / "index.ipynb").read_text(encoding="utf-8"))
    index = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    ref = rules_reference()
    for rid in dice:
        row = re.search(rf"^\| \[`{rid}`\]\(reference\.ipynb\?rule={rid}\) \| (.*) \|$", index, re.M)
        assert row, f"{rid} is not in the rule index"
        linked = set(re.findall(r"\]\((\w+)\.ipynb\)", row.group(1)))
        assert linked and linked <= set(ref[rid].chapters), (rid, linked, ref[rid].chapters)
    sys.path.insert(0, str(ROOT / "tools"))
    from chapters.index import rule_index

    for rid in ("DIE-10", "DIE-100"):
        assert {fn.removesuffix(".ipynb") for fn, _ in rule_index()[rid]} == set(ref[rid].chapters)


def test_a_slower_end_of_the_list_counts_its_braking_in_the_thrust():
    """Walk of session 30: a move picked at a slower end velocity (the Speed choice) read "decelerate 8; thrust 0":
    the line gave the thrust of the end's fastest path. Acceleration and deceleration are both thrust (CEN-GRAV-1)."""
    from test_game import passive_until

    from centurion.game import new_skirmish
    from centurion.widgets.skirmish_text import preview_lines

    s = passive_until(new_skirmish("meeting", seed=1), "movement", "R11")
    braked = [(m, e) for vel in range(0, 4) for m, e in s.move_options_at("R11", vel) if m.move.decelerate]
    assert braked
    for m, _e in braked[:5]:
        line = preview_lines(s, m, m)[0]
        assert f"; thrust {m.move.accelerate + m.move.decelerate}," in line, line


def test_the_unit_panel_and_the_leadership_note_say_where_the_centurion_is_and_when_he_is_lost():
    """Walk of session 30: after T11's comm was hit the Renegade advantage went from 1 to 3 with no word of why, and
    no panel said which tank carries the Centurion. A lost Centurion (out of communication among the causes) counts
    rating 0 (book-b §3.5; chapter 20). The scenario's YAML names the Centurions and their ratings."""
    from test_game import with_vehicle

    from centurion.game import new_skirmish
    from centurion.game.summary import leadership_note
    from centurion.widgets.skirmish_text import unit_html

    sides = yaml.safe_load((ROOT / "data" / "scenarios" / "meeting.yaml").read_text(encoding="utf-8"))["sides"]
    s = new_skirmish("meeting", seed=1)
    tog = sides["tog"]
    assert f"Centurion in {tog['centurion']}: rating {tog['rating']}" in unit_html(s, tog["centurion"])
    assert "Centurion" not in unit_html(s, "T12")
    comm = "TT.CCCC.tt".index("C")  # the front's first internal row (data/vehicles.yaml, grav layout): comm boxes
    t11 = s.vehicle(tog["centurion"])
    hit = with_vehicle(s, t11.key, sheet=t11.sheet.with_damage({}, [("front", comm)], immediate=True))
    assert hit.vehicle(t11.key).sheet.comm_out
    assert "is lost (out of communication" in unit_html(hit, t11.key) and "rating 0" in unit_html(hit, t11.key)
    note = leadership_note(hit, 0)
    advantage = sides["renegade"]["rating"] - 0
    assert f"Leadership Advantage of {advantage} points" in note and "is lost (out of communication" in note


def test_the_unit_panel_shows_a_damaged_vane():
    """Walk of session 30: a tank whose left vane had burnt out looked whole, its turns that way gone unexplained."""
    from test_game import with_vehicle

    from centurion.game import new_skirmish
    from centurion.widgets.skirmish_text import unit_html

    s = new_skirmish("meeting", seed=1, variants=["VAR-EMERGENCY"])
    assert "Vanes" not in unit_html(s, "R11")
    assert "left 2 boxes lost" in unit_html(with_vehicle(s, "R11", vane_boxes=(("left", 2),)), "R11")
    assert "right burnt out: no more turns that way" in unit_html(with_vehicle(s, "R11", vanes_lost=("right",)), "R11")


def test_the_hex_panel_is_written_again_when_the_game_moves_on():
    """Walk of session 30: the hex panel kept "Range from R11 6 hexes" after R11 had flown into that very hex (the
    panel was written when the hex was clicked, not when the game changed). The ruler measures from where the
    selected vehicle stands now (HEX-4): no ruler for the hex it stands in, and the panel lists it there."""
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("meeting", seed=1, players={"renegade": "person", "tog": "person"})
    while t.game.phase != "movement":
        t.choice.value = t.choice.options[0][1]
        t.confirm()
    v = t.game.movers()[0]
    t.map.select(v.hex)  # as a click does: the vehicle, then one of its end hexes
    end = next(e for e in t.game.end_states(v.key) if not e.grounded and e.hex != v.hex)
    t.map.select(end.hex)
    assert f"Range from {v.key}" in t.map.info.value
    t.confirm()
    assert t.game.vehicle(v.key).hex == end.hex
    assert f"Range from {v.key}" not in t.map.info.value and f">{v.key}<" in t.map.info.value


def test_a_speed_with_no_move_to_the_picked_hex_says_so():
    """Walk of session 30: with an end hex picked, choosing an end velocity that no move to it has left an empty
    list under "Moves of R42 ending in 4215: pick one and Confirm". The moves to a hex at a speed are the game's
    `move_options_at` (CEN-GRAV-1: slower ends brake after the same path)."""
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("meeting", seed=1, players={"renegade": "person", "tog": "person"})
    while t.game.phase != "movement":
        t.choice.value = t.choice.options[0][1]
        t.confirm()
    g = t.game
    v = g.movers()[0]
    t.click(v.hex)
    speeds = [n for _label, n in t.speed.options if isinstance(n, int)]
    end = next(e for e in g.end_states(v.key) if not e.grounded and e.hex != v.hex
               and any(not any(m_e.hex == e.hex for _m, m_e in g.move_options_at(v.key, n)) for n in speeds))
    t.click(end.hex)
    assert "pick one and Confirm" in t.message.value
    none_there = next(n for n in speeds if not any(x.hex == end.hex for _m, x in g.move_options_at(v.key, n)))
    t.speed.value = none_there
    assert not t.choice.options
    assert "pick one" not in t.message.value and f"No move of {v.key} ends in" in t.message.value


def test_loading_a_finished_game_says_it_is_over():
    """Walk of session 30: loading a finished game said "turn 6, over phase"."""
    from centurion.game import bot_action, new_skirmish
    from centurion.widgets.skirmish import SkirmishTable

    g = new_skirmish("first_game", seed=2)
    while not g.over:
        g = g.apply(bot_action(g, "novice"))
    t = SkirmishTable("first_game", seed=1)
    assert t.load_text(g.to_json(), "done.json")
    assert "Loaded done.json: the game is over (turn" in t.message.value and "over phase" not in t.message.value


def test_a_saved_game_keeps_the_computers_reasons_on_its_log():
    """Walk of session 30: a game saved and loaded back matched in everything but the computer's "— why:" lines
    (issue 25: every computer decision's line says why). A Centurion save keeps them (field `reasons`, by decision
    number, for the log only: the game replays from the actions alone), and the loaded page's log is the saved
    page's, line for line."""
    import json

    from centurion.game.save import with_reasons
    from centurion.widgets.save_setup import save_text
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("meeting", seed=1, players={"renegade": "person", "tog": "novice"})
    while t.game.turn < 2 and not t.game.over:  # the person takes the first legal decision; the computer answers
        assert t._take(t.game.legal_actions()[0], "person")
        t._run_computer()
    why = [line for line in t.game.log if " — why: " in line]
    assert why  # the computer decided with reasons
    text = save_text(t, t.game, t.game.to_json())
    assert len(json.loads(text)["reasons"]) == len(why)
    back = SkirmishTable("meeting", seed=2, players={"renegade": "person", "tog": "person"})
    assert back.load_text(text, "with-reasons.json")
    assert back.game.log == t.game.log and back.game.history == t.game.history
    # an old save without them still loads (no reasons); a bad field is refused by name, the page unchanged
    plain = back.game.to_json()
    assert back.load_text(plain, "plain.json") and not any(" — why: " in line for line in back.game.log)
    before = back.game
    bad = with_reasons(plain, {10**5: "x"})
    assert not back.load_text(bad, "bad.json") and "field 'reasons'" in html.unescape(back.message.value)
    assert back.game is before


@pytest.mark.parametrize("actions, reasons", [(5, {"0": "x"}), ([], [1]), ([], {"0": "x"}), ([{"kind": "end_turn"}],
                                                                                           {"0": "x" * 501})])
def test_a_hostile_reasons_field_is_refused_by_name(actions, reasons):
    """The optional `reasons` field is checked before anything reads it: a save whose actions are not a list, or
    whose reasons are not numbers of its decisions with short texts, is refused naming the field, no traceback."""
    from centurion.game import SaveError, load

    data = {"format": "centurion-skirmish", "version": 1, "system": "centurion", "scenario": "meeting", "seed": 1,
            "actions": actions, "reasons": reasons}
    with pytest.raises(SaveError, match="field 'reasons'"):
        load(json.dumps(data), "hostile.json")


def test_a_squad_beside_its_carrier_is_selected_by_a_second_click():
    """Walk of session 30: R31s stood on foot in 2316 with its grounded Viper R31 still to move; every click on 2316
    selected R31 (a second click picked R31's own hex as its end), so the squad's decisions (mount, march, conceal:
    CEN-MNT-1, CEN-INF-1) could not be reached, though the Key says a second click selects the next unit."""
    from dataclasses import replace

    from test_game import passive, with_vehicle

    from centurion.game import Mount, new_skirmish
    from centurion.widgets.skirmish import SkirmishTable

    s = new_skirmish("village", seed=0)
    while not (s.phase == "movement" and any(v.key == "R31" for v in s.movers())):
        s = s.apply(passive(s))
    r31 = s.vehicle("R31")
    s = with_vehicle(s, "R31", velocity=0, grounded=True, sheet=replace(r31.sheet, infantry_aboard=0))
    s = replace(s, squads=tuple(replace(q, hex=r31.hex, aboard=None) if q.key == "R31s" else q
                                for q in s.squads))._fresh()
    assert Mount("R31s", "R31") in s.legal_actions()  # the squad has a decision of its own
    t = SkirmishTable("village", seed=0, players={"renegade": "person", "tog": "person"})
    t.states[-1] = s
    t._refresh()
    t.click(r31.hex)
    assert t.selected == "R31"
    t.click(r31.hex)
    assert t.selected == "R31s" and any("R31s mounts R31" in label for label, _i in t.choice.options)


@pytest.mark.parametrize("scenario, unit", [("village", "R21"), ("first_game", "R11")])
def test_the_movement_hint_names_this_scenarios_objective(scenario, unit):
    """Second walk of session 30: the village's hint said "The orange ring is the bridge" (its objective is the
    ridge road). The names come from the scenario's YAML."""
    from test_game import passive_until

    from centurion.game import new_skirmish
    from centurion.widgets.hints import hint_html

    names = [o["name"] for o in yaml.safe_load((ROOT / "data" / "scenarios" / f"{scenario}.yaml")
                                               .read_text(encoding="utf-8"))["objectives"]]
    s = passive_until(new_skirmish(scenario, seed=0), "movement", unit)
    text = html.unescape(re.sub("<[^>]+>", "", hint_html(s, unit, None, True, True, None)))
    assert f"The orange ring is {names[0]}: end within 1 hex of it to hold it." in text
    assert ("bridge" in text) == ("bridge" in names[0])
