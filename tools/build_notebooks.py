"""Write and execute the rulebook notebooks in notebooks/ (their stored outputs are what nbval checks).

Run `python tools/build_notebooks.py` after changing a chapter here; commit the notebooks.
Cells that only display widgets are marked NBVAL_IGNORE_OUTPUT; every other output is checked.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NB_DIR = ROOT / "notebooks"

md = nbformat.v4.new_markdown_cell


def code(source: str, *, widget: bool = False) -> nbformat.NotebookNode:
    """A code cell; widget cells have their output ignored by nbval."""
    if widget:
        source = "# NBVAL_IGNORE_OUTPUT\n" + source
    return nbformat.v4.new_code_cell(source.strip())


CHAPTERS: dict[str, tuple[str, list]] = {}


def chapter(filename: str, title: str, cells: list) -> None:
    """Register a notebook."""
    CHAPTERS[filename] = (title, cells)


# --- the index ------------------------------------------------------------------
INDEX_ROWS = [
    ("01_battlefield.ipynb", "The battlefield", "HEX-1, HEX-2, HEX-3, HEX-4, CEN-TER-1",
     "Mapsheets, hexes and their CCRR labels, terrain, elevation, roads and rivers; the rule tables."),
    ("02_thrust_velocity.ipynb", "Thrust and velocity", "CEN-GRAV-1, CEN-GRAV-2, CEN-SEQ-1",
     "The thrust budget: accelerate before moving, decelerate after; spend every velocity point."),
    ("03_facing_change.ipynb", "The facing change table", "CEN-GRAV-4",
     "How far a grav tank must fly straight before each turn, and everywhere it can end."),
    ("04_terrain.ipynb", "Terrain, slopes and roads", "CEN-TER-1, CEN-TER-2, CEN-TER-3, CEN-TER-4, CEN-GRAV-3",
     "What each hex costs to enter, slopes, the one-hex rule, roads and rivers."),
    ("05_speed_limits.ipynb", "Speed limits and piloting rolls", "CEN-SPD-1, CEN-SPD-2, CEN-SPD-3",
     "Going too fast for the ground: the roll, its exact odds, the damage row by row."),
    ("06_grounding.ipynb", "Grounding, reverse and lift-off", "CEN-GRD-1, CEN-GRD-2, CEN-GRAV-5, CEN-GRAV-6",
     "Dropping to the ground, water, flying backwards, and lifting off again."),
    ("07_ground_infantry.ipynb", "Ground vehicles, infantry and mounting",
     "CEN-GV-1, CEN-INF-1, CEN-MNT-1, CEN-CRT-1, CEN-STK-1",
     "Movement points, free facing, the road bonus, squads, mounting and craters."),
    ("08_sequence.ipynb", "Sequence of play", "CEN-SEQ-1, CEN-SEQ-2, CEN-SEQ-3, CEN-INI-1, CEN-INI-2, CEN-OPP-1",
     "Initiative, the order platoons move in, declarations, and opportunity fire."),
    ("09_legal_moves.ipynb", "Legal moves explorer", "CEN-GRAV-1, CEN-GRAV-2, CEN-GRAV-4, CEN-SPD-1",
     "Every place a tank can end its move, with the safest and the cheapest way there."),
    ("10_centuria_command.ipynb", "Centuria: command", "CTA-CMD, CTA-2",
     "Action radius, sight and the chain of sub-units: who may act."),
    ("11_centuria_movement.ipynb", "Centuria: orientation and movement", "CTA-MOVE, CTA-2",
     "Facing, turning costs and terrain costs per kind of unit."),
    ("12_centuria_combat.ipynb", "Centuria: combat", "CTA-COMBAT, CTA-2, DIE-20",
     "Simultaneous attack and counter, every modifier, the exact chances of each outcome."),
    ("13_centuria_morale.ipynb", "Centuria: morale", "CTA-MORALE",
     "The four triggers, the test, idle, dissolving, flight and rally."),
    ("14_centuria_artillery.ipynb", "Centuria: artillery", "CTA-ART",
     "Ballista and tormentum: range, spotters, direct and indirect fire, the roll of 1."),
    ("15_centuria_round.ipynb", "Centuria: a round", "CTA-1",
     "Play a round of the sample scenario: movement phase, combat phase, the optional countdown."),
]

BACK = "[Back to the contents](index.ipynb)\n\n"
SETUP = """
from fractions import Fraction
from centurion.data import sample_map, terrain_table, vehicle_types, map_from_rows
from centurion.hexgrid import parse_label, format_label
from centurion import rules
from centurion.dice import Dice
battlefield = sample_map()
vehicles = vehicle_types()
horatius, liberator, viper = vehicles["horatius"], vehicles["liberator"], vehicles["viper"]
"""


def rule_index() -> dict[str, list[tuple[str, str]]]:
    """Rule ID -> the chapters that cover it."""
    out: dict[str, list[tuple[str, str]]] = {}
    for fn, title, ids, _ in INDEX_ROWS:
        for rid in ids.split(","):
            out.setdefault(rid.strip(), []).append((fn, title))
    return out


def index_cells() -> list:
    return [
        md("# Centurion: the interactive rulebook\n\n"
           "A rulebook you learn by doing, for two hex-map wargames: **Renegade Legion: Centurion** "
           "(grav tanks, 200 m hexes, one-minute turns) and **Centuria** (the early Imperial Roman army). "
           "Every chapter explains a mechanic in a few lines, lets you try it on the hex map, and checks the "
           "worked examples of the rules against the engine. Every roll shows its target, the rule behind each "
           "modifier, and its exact odds.\n\n"
           "Rule IDs such as `CEN-GRAV-4` refer to the project's spec, `RULES.md`."),
        md("## Contents\n\n" + "\n".join(
            f"{i}. [{title}]({fn}) — {desc}" for i, (fn, title, ids, desc) in enumerate(INDEX_ROWS, 1))),
        md("## Rule index\n\n| Rule | Chapters |\n|---|---|\n" + "\n".join(
            f"| `{rid}` | " + ", ".join(f"[{title}]({fn})" for fn, title in places) + " |"
            for rid, places in sorted(rule_index().items()))),
    ]


chapter("index.ipynb", "Centurion: the interactive rulebook", index_cells())

# --- chapter 1: the battlefield -------------------------------------------------------
chapter("01_battlefield.ipynb", "The battlefield", [
    md("# The battlefield\n\n"
       + BACK +
       "Centurion is played on mapsheets of hexes. Each hex is 200 m across, each game turn is one "
       "minute, and each elevation level is 20 m of height (HEX-1). A standard battle uses two "
       "mapsheets side by side; here a mapsheet is 22 columns by 30 rows (HEX-4).\n\n"
       "Hexes are flat-topped and stand in columns. A hex is named by four digits **CCRR**: its column, "
       "then its row, both counted from 01. Even-numbered columns sit half a hex lower than odd ones "
       "(HEX-2). A vehicle faces one of the six hexsides, numbered 0 (north) to 5 clockwise (HEX-3).\n\n"
       "**Try it:** click any hex of the map to see its label, terrain, elevation, and what it costs a "
       "grav vehicle to enter. Tick *CCRR labels* to print every label on the map."),
    code("""
from centurion.data import sample_map, terrain_table, facing_change_table
from centurion.data.frames import terrain_frame, slope_frame, facing_change_frame
from centurion.hexgrid import parse_label, format_label, distance, neighbor
from centurion.widgets import HexMapView

battlefield = sample_map()
view = HexMapView(battlefield, terrain_table())
view
""", widget=True),
    md("## What is on the map\n\n"
       "The sample battlefield has every terrain type of the Terrain Effects Table: clear ground, light and "
       "heavy woods, a river, a lake, a town of buildings up to three levels, and rubble. A hill climbs to "
       "level 5 on the first sheet; dark brown edges are contour lines, drawn where a hex is higher than its "
       "neighbour. A road (brown line) crosses both sheets and bridges the river (blue line). Small discs mark "
       "counters: a crater, rubble, smoke and a minefield."),
    code("""
sheets = ", ".join(f"{s.name}: columns {s.first_column:02d}-{s.last_column:02d}" for s in battlefield.mapsheets)
print(f"{battlefield.name}: {len(battlefield)} hexes ({battlefield.columns} columns x {battlefield.rows} rows)")
print(sheets)
print("highest level:", max(cell.level for cell in battlefield))
print("terrain types:", ", ".join(sorted({cell.terrain for cell in battlefield})))
"""),
    md("## Labels, neighbours and distance\n\n"
       "The labels follow HEX-2: hex 0101 touches 0102 below it and 0201 beside it; hex 0202 touches "
       "0201, 0203, 0102, 0302, 0103 and 0303. Distance counts hex steps."),
    code("""
for label in ("0101", "0202"):
    h = parse_label(label)
    around = [format_label(n) for n in (neighbor(h, f) for f in range(6)) if n in battlefield]
    print(label, "neighbours on the map:", around)
print("distance 0101 -> 4430:", distance(parse_label("0101"), parse_label("4430")))
"""),
    md("## The Terrain Effects Table (CEN-TER-1)\n\n"
       "The cost in velocity points (VP) to enter each terrain, per kind of mover, the speed limit a grav "
       "vehicle may safely carry into it, and the modifier to hit a target standing in it."),
    code("terrain_frame(terrain_table())"),
    md("Moving up or down a slope adds to or takes from the terrain's cost (never below 0), and steep slopes "
       "have a lower speed limit. Slopes of six levels or more use the five-level row (a decision of RULES.md)."),
    code("slope_frame(terrain_table())"),
    md("## The Facing Change Table (CEN-GRAV-4)\n\n"
       "The faster a grav vehicle goes, the more hexes it must travel straight before each one-hexside turn."),
    code("from centurion.data.frames import facing_change_frame\nfrom centurion.data import facing_change_table\n"
         "facing_change_frame(facing_change_table())"),
])

# --- chapter 2: thrust and velocity ----------------------------------------------------
chapter("02_thrust_velocity.ipynb", "Thrust and velocity", [
    md("# Thrust and velocity\n\n" + BACK +
       "A grav tank's speed is its **velocity**: the number of velocity points (VP) it must spend moving this "
       "turn. Its engine gives a budget of **thrust points** (TP) each turn; one TP changes the velocity by one. "
       "Thrust to speed up is spent *before* the tank moves, thrust to slow down only *after* it has spent "
       "every VP, and the two together never exceed the tank's maximum thrust (CEN-GRAV-1). A tank that cannot "
       "spend all its VP must ground at the end of its move (CEN-GRAV-2). The velocity it ends with goes on its "
       "Velocity Record Track and is where it starts next turn.\n\n"
       "**Try it:** two vehicles stand on the map, a Horatius (H, moving at 5) and a Viper (V, standing still); "
       "click one to select it. Set the acceleration, then plot the move with the buttons, the arrow keys (click "
       "the map first) or by clicking the hex ahead. The panel beside the map keeps the thrust and VP budget; a "
       "step that breaks a rule is refused with its rule ID. *Roll and move* carries the move out."),
    code(SETUP),
    code("""
from centurion.widgets import GravMoveTable, tank_on
table = GravMoveTable(battlefield, horatius, tank_on(battlefield, horatius, "0622", 0, 5),
                      others=[(viper, tank_on(battlefield, viper, "1022", 0, 0))])
table
""", widget=True),
    md("## Worked example: accelerating (CEN-GRAV-1)\n\n"
       "A Horatius (thrust 6) starts at velocity 5 and accelerates 3: it flies at 8 and keeps 3 TP to slow down "
       "after its move. Asking for a fourth point of deceleration breaks the thrust budget."),
    code("""
strip = map_from_rows(["..."] * 30)
start = rules.GravState.of(horatius, parse_label("0228"), 0, velocity=5)
ok = rules.resolve_grav_move(start, rules.GravMove(accelerate=3, steps="F" * 8, decelerate=3), strip, horatius)
print("velocity after acceleration:", ok.velocity, "| thrust used:", ok.thrust_used, "of", ok.thrust_max,
      "| ends at velocity", ok.end_velocity)
print(rules.resolve_grav_move(start, rules.GravMove(accelerate=3, steps="F" * 8, decelerate=4), strip, horatius))
"""),
    md("## Worked example: deceleration comes last\n\n"
       "A Horatius given thrust 4 starts at 8 and does not accelerate: it must first spend all 8 VP, and only "
       "then may it slow to 4. Stopping early grounds it."),
    code("""
import dataclasses
slow = dataclasses.replace(horatius, max_thrust=4)
start = rules.GravState.of(slow, parse_label("0228"), 0, velocity=8)
r = rules.resolve_grav_move(start, rules.GravMove(steps="F" * 8, decelerate=4), strip, slow)
print("VP spent:", r.vp_spent, "| next turn starts at velocity", r.end_velocity)
early = rules.resolve_grav_move(start, rules.GravMove(steps="F" * 5, decelerate=4), strip, slow)
print("stopping after 5 hexes: grounds =", early.grounds, "because of", early.forced_grounding)
"""),
])

# --- chapter 3: the facing change table --------------------------------------------------
chapter("03_facing_change.ipynb", "The facing change table", [
    md("# The facing change table\n\n" + BACK +
       "A grav tank turns by bending its gravity field, which costs no thrust, but the faster it goes the wider "
       "its turns: before each one-hexside turn it must fly a number of hexes straight *this turn*, set by its "
       "current velocity (CEN-GRAV-4). At velocity 0 it may spin in place, and only a tank that started the turn "
       "at 0 may pick a new facing before it leaves its hex.\n\n"
       "**Try it:** drag the velocity. Blue outlines mark where the tank may turn on its straight run; "
       "green hexes are every hex it can end its move in at that velocity. Click the map to move the tank."),
    code(SETUP),
    code("""
from centurion.widgets import FacingChangeExplorer
explorer = FacingChangeExplorer(battlefield, horatius, start="0522", facing=1)
explorer
""", widget=True),
    code("from centurion.data.frames import facing_change_frame\nfrom centurion.data import facing_change_table\n"
         "facing_change_frame(facing_change_table())"),
    md("## Worked examples (CEN-GRAV-4)\n\nAt velocity 10 a Horatius flies two hexes straight between turns; at "
       "20, four. Turning too soon is refused with the rule and the count."),
    code("""
print("velocity 10:", rules.facing_change_interval(10), "hexes;",
      "velocity 20:", rules.facing_change_interval(20), "hexes")
strip = map_from_rows(["....."] * 30)
fast = rules.GravState.of(horatius, parse_label("0228"), 0, velocity=12)
print(rules.resolve_grav_move(fast, rules.GravMove(steps="FRFF"), strip, horatius))
"""),
])

# --- chapter 4: terrain, slopes and roads -------------------------------------------------
chapter("04_terrain.ipynb", "Terrain, slopes and roads", [
    md("# Terrain, slopes and roads\n\n" + BACK +
       "Each hex costs velocity points to enter: 1 for open ground, more for woods or rubble (CEN-TER-1). Going "
       "up a slope adds its levels to the cost, going down takes some away, but a hex never costs less than 0 "
       "(CEN-TER-2). A tank may always enter the one hex ahead, whatever it costs, if that is the only hex it "
       "enters this turn (CEN-GRAV-3). Following a road from one road hex to the next costs 1 whatever the "
       "terrain, and a grav tank may follow a river the same way (CEN-TER-4).\n\n"
       "**Try it:** plot a path: the number over each hex is what it cost. Hover over a hex to see what entering "
       "it from the end of the plot would cost. The Terrain Effects Table is below the map."),
    code(SETUP + "from centurion.data.frames import terrain_frame, slope_frame"),
    code("""
from centurion.widgets import GravMoveTable, tank_on
table = GravMoveTable(battlefield, horatius, tank_on(battlefield, horatius, "0714", 5, 10), show_armor=False)
for step in "FFF":
    table.add_step(step)
table
""", widget=True),
    code("terrain_frame(terrain_table())"),
    code("slope_frame(terrain_table())"),
    md("## Worked examples (CEN-TER-2, CEN-TER-4)\n\nFrom heavy woods on level 5 down into light woods on level 0 "
       "costs 2 − 3, so 0; the other way costs 3 + 5 = 8. A road through heavy woods costs 1 a hex."),
    code("""
print("heavy woods L5 -> light woods L0:", rules.vp_cost("light_woods", 5, 0), "VP")
print("light woods L0 -> heavy woods L5:", rules.vp_cost("heavy_woods", 0, 5), "VP")
print("ground vehicle up 4 levels:", rules.vp_cost("clear", 0, 4, mover="ground"), "(prohibited)")
woods_road = map_from_rows([".h."] * 30, roads=["0230 0229 0228 0227 0226"])
r = rules.resolve_grav_move(rules.GravState.of(horatius, parse_label("0228"), 0, 2), rules.GravMove(steps="FF"),
                            woods_road, horatius)
print("along the road through heavy woods:", [e.vp for e in r.entries], "VP, no piloting rolls:", not r.checks)
"""),
])

# --- chapter 5: speed limits and piloting rolls ---------------------------------------------
chapter("05_speed_limits.ipynb", "Speed limits and piloting rolls", [
    md("# Speed limits and piloting rolls\n\n" + BACK +
       "Every hex has a safe speed: 20 in the open, 8 in light woods, 6 in heavy woods, lower on steep slopes; "
       "where terrain and slope differ, the lower counts (CEN-TER-3). A tank entering a hex faster than that "
       "makes a Piloting Skill Roll on a d10: the target is 5, less one for every two points (or part) it is "
       "over (CEN-SPD-1). A 1 always passes and a 10 always fails. On a failure the tank takes 10 damage per "
       "point over, split between front and bottom armor in blocks of 10, boxes crossed from the top-left row "
       "by row (CEN-SPD-2); it keeps its speed and goes on. Flying backwards, or with the TS&R system lost, "
       "halves every limit (CEN-SPD-3).\n\n"
       "**Try it:** pick terrain, slope and velocity in the lab and press *Roll*; or plot a drive into the woods "
       "on the map and *Roll and move*."),
    code(SETUP),
    code("""
from centurion.widgets import SpeedLimitLab
lab = SpeedLimitLab(horatius)
lab
""", widget=True),
    code("""
from centurion.widgets import GravMoveTable, tank_on
drive = GravMoveTable(battlefield, horatius, tank_on(battlefield, horatius, "1116", 0, 10))
for step in "FFF":
    drive.add_step(step)
drive
""", widget=True),
    md("## Worked example (CEN-SPD-1, CEN-SPD-2)\n\nA tank at velocity 10 enters heavy woods (limit 6): "
       "4 over, so it must roll 3 or less. If it fails it takes 40 damage, 20 to the front and 20 to the bottom."),
    code("""
check = rules.speed_limit_check(10, 6)
print("over:", check.over, "| target:", check.target, "| P(no damage):", check.p_pass)
print("damage on a failure:", check.damage, "=", check.front, "front +", check.bottom, "bottom")
print("reverse at 10 into heavy woods: limit", rules.speed_limit_check(-10, 6).speed_limit,
      "target", rules.speed_limit_check(-10, 6).target)
"""),
    md("The same on the map, with the die forced to fail: the boxes are crossed row by row from the top-left "
       "(the first 20 usable boxes of each section), and the tank flies on at 10."),
    code("""
woods = map_from_rows(["..."] * 25 + [".h."] + ["..."] * 4)
tank = rules.GravState.of(horatius, parse_label("0228"), 0, 10)
move = rules.resolve_grav_move(tank, rules.GravMove(steps="F" * 8), woods, horatius)
report = rules.execute_grav_move(move, Dice.scripted([7]))
print(report.rolls[0].describe())
for d in report.damage:
    print(d.section, d.points, "boxes", d.boxes[0], "to", d.boxes[-1])
print("velocity after:", report.state.velocity, "| front armor left:", report.state.armor["front"].intact)
"""),
])

# --- chapter 6: grounding, reverse and lift-off ------------------------------------------------
chapter("06_grounding.ipynb", "Grounding, reverse and lift-off", [
    md("# Grounding, reverse and lift-off\n\n" + BACK +
       "After slowing down a grav tank may **ground**: it drops to the earth and stops dead. It must ground if it "
       "could not spend all its VP (CEN-GRAV-2). Grounding costs 10 damage to the bottom armor for each point of "
       "velocity it still had after decelerating (CEN-GRD-1); in a lake it is half, and the tank sinks out of "
       "reach of direct fire (CEN-GRD-2). Slowing down past 0 makes the velocity negative: next turn the tank "
       "flies backwards, with every speed limit halved (CEN-GRAV-5). Lifting off again costs 1 TP from the "
       "ground, 2 from a crater or from under water, before any acceleration (CEN-GRAV-6).\n\n"
       "**Try it:** choose how the tank starts (flying, grounded, in a crater, under water), set thrust, plot and "
       "roll."),
    code(SETUP),
    code("""
from centurion.widgets import GravMoveTable, tank_on
table = GravMoveTable(battlefield, horatius, tank_on(battlefield, horatius, "0520", 0, 8), start_options=True)
table
""", widget=True),
    md("## Worked examples\n\nA Horatius at 8 that has moved only one hex must ground; decelerating its full 6 "
       "first, it lands at 2 and takes 20 damage, not 80 (CEN-GRD-1)."),
    code("""
strip = map_from_rows(["..."] * 30)
r = rules.resolve_grav_move(rules.GravState.of(horatius, parse_label("0228"), 0, 8),
                            rules.GravMove(steps="F", decelerate=6), strip, horatius)
print("forced by", r.forced_grounding, "| lands at velocity", r.end_velocity, "| damage", r.grounding_damage)
print("the same in a lake:", rules.grounding_damage(2, in_water=True))
"""),
    md("A Liberator at 4 spends all 6 TP decelerating after its move: it ends at −2 and next turn must fly "
       "two VP backwards into the hexes behind it (CEN-GRAV-5)."),
    code("""
lib = rules.GravState.of(liberator, parse_label("0228"), 0, 4)
r = rules.resolve_grav_move(lib, rules.GravMove(steps="FFFF", decelerate=6), strip, liberator)
print("ends at velocity", r.end_velocity)
back = rules.resolve_grav_move(r.end_state(), rules.GravMove(steps="BB"), strip, liberator)
print("next turn:", format_label(r.end_hex), "->", format_label(back.end_hex), "still facing", back.end_facing)
print(rules.resolve_grav_move(r.end_state(), rules.GravMove(steps="FF"), strip, liberator))
"""),
    md("A grounded Horatius pays 1 TP to lift off and 3 to reach velocity 3, so 2 TP remain for slowing down "
       "(CEN-GRAV-6)."),
    code("""
down = rules.GravState.of(horatius, parse_label("0228"), 0, 0, grounded=True)
r = rules.resolve_grav_move(down, rules.GravMove(accelerate=3, steps="FFF", decelerate=2), strip, horatius)
print("lift", r.lift_tp, "+ accelerate 3 + decelerate 2 =", r.thrust_used, "of", r.thrust_max)
print(rules.resolve_grav_move(down, rules.GravMove(accelerate=3, steps="FFF", decelerate=3), strip, horatius))
"""),
])

# --- chapter 7: ground vehicles, infantry and mounting -----------------------------------------
chapter("07_ground_infantry.ipynb", "Ground vehicles, infantry and mounting", [
    md("# Ground vehicles, infantry and mounting\n\n" + BACK +
       "Tracked and wheeled vehicles have **movement points** instead of velocity: they spend up to their MP on "
       "the Terrain Effects Table's costs, turn freely, never worry about speed limits, and may instead back up "
       "one hex. Lakes and slopes of four levels or more are closed to them; a river costs them 2. Starting on a "
       "road and staying on it all turn earns one extra hex (CEN-GV-1). A dismounted squad moves the same way "
       "with 3 MP and no road bonus (CEN-INF-1). A squad that starts its turn in a grav carrier's hex, with the "
       "carrier at velocity 0, may climb in instead of moving; it gets out only at the end of the carrier's move "
       "at velocity 0 (CEN-MNT-1). Stacking is unlimited (CEN-STK-1). Digging charges blast a crater that gives a "
       "tank hull-down cover (CEN-CRT-1).\n\n"
       "**Try it:** switch between the tank and the squad and click the map to place them; set up a carrier "
       "below to see whether the squad may mount."),
    code(SETUP),
    code("""
from centurion.widgets import GroundUnitTable
ground = GroundUnitTable(battlefield, vehicles["heavy_tank"], start="0616")
ground
""", widget=True),
    md("## Worked examples\n\nThe rulebook's heavy tank has 4 MP: light woods cost it 2, the lake is closed, and "
       "it may back up a single hex (CEN-GV-1)."),
    code("""
sketch = map_from_rows([".....", ".l...", ".....", "...w.", "....."])
reach = rules.ground_reach(parse_label("0303"), 0, sketch, movement_points=4)
print("light woods 0202 costs", reach[parse_label("0202")], "MP;",
      "the lake 0404 reachable:", parse_label("0404") in reach)
print(rules.resolve_ground_move(parse_label("0403"), 3, rules.GroundMove("F"), sketch, movement_points=4))
print("backwards:", format_label(rules.resolve_ground_move(parse_label("0303"), 0, rules.GroundMove("B"), sketch,
                                                             movement_points=4).end_hex))
"""),
    md("A Viper at velocity 0 with its squad in the hex: the squad may mount and the Viper then moves. If the "
       "Viper were moving, or the squad elsewhere, the squad waits a turn (CEN-MNT-1). A Viper digging in at the "
       "end of its move gets the crater's cover if it grounds there (CEN-CRT-1)."),
    code("""
here = parse_label("0505")
print("Viper at 0, squad in its hex:", rules.mount_refusal(here, here, 0) or "may mount")
print("Viper at 3:", rules.mount_refusal(here, here, 3))
print("squad one hex away:", rules.mount_refusal(parse_label("0506"), here, 0))
strip = map_from_rows(["..."] * 30)
dig = rules.resolve_grav_move(rules.GravState.of(viper, parse_label("0228"), 0, 3),
                              rules.GravMove(steps="FFF", decelerate=3, ground=True, dig_at=3), strip, viper)
print("dug in at", format_label(dig.dig_hex), "| in the crater:", dig.end_state().in_crater,
      "| charges left:", dig.end_state().digging_charges)
"""),
])

# --- chapter 8: sequence of play ---------------------------------------------------------------------
chapter("08_sequence.ipynb", "Sequence of play", [
    md("# Sequence of play\n\n" + BACK +
       "A turn runs Initiative → Movement → Combat → End (CEN-SEQ-1). Each side rolls a d10 and the **lower** roll "
       "wins; the side whose Centurion outranks the other may subtract some of the difference, chosen before "
       "rolling, and ties are rolled again (CEN-INI-1). The winner picks side A or B. Platoons then move in "
       "turn, A first and B last, the side with at least twice as many platoons left moving them in twos (or "
       "threes...) (CEN-SEQ-2). A unit that starts at velocity 0 may skip its move to lie in wait with "
       "**opportunity fire**, shooting at enemies that move after it declared (CEN-OPP-1). In combat the "
       "initiative loser declares first and the winner last (CEN-SEQ-3).\n\n"
       "**Try it:** set the Centurions' ratings and roll; change the platoon counts and watch the timeline."),
    code(SETUP),
    code("""
from centurion.widgets import SequenceOfPlay
sequence = SequenceOfPlay()
sequence
""", widget=True),
    md("## Worked examples\n\nFive platoons against three move A1, B1, A2, B1, A2, B1 (CEN-SEQ-2)."),
    code("""
print(", ".join(f"{side}{n}" for side, n in rules.movement_order(5, 3)))
print("declarations, 3 units against 2:", rules.declaration_order(3, 2))
r = rules.roll_initiative(Dice.scripted([4, 4, 6, 3]))
print("rolls", [(a.result, b.result) for a, b in r.rolls], "-> the", r.winner, "side wins after the tie")
"""),
    md("A Horatius that ended last turn at 0, whose platoon is third to move, declares no movement: it may fire on "
       "platoons that move after it, not on the two that already have (CEN-OPP-1)."),
    code("""
print("may declare:", rules.opportunity_fire_refusal(0) is None)
print("fire at the 1st and 2nd enemy platoons:",
      rules.may_opportunity_fire_at(2, 0), rules.may_opportunity_fire_at(2, 1))
print("fire at the 4th:", rules.may_opportunity_fire_at(2, 3))
"""),
])

# --- chapter 9: legal moves explorer -------------------------------------------------------------------
chapter("09_legal_moves.ipynb", "Legal moves explorer", [
    md("# Legal moves explorer\n\n" + BACK +
       "Every hex where the tank can end its move at the chosen acceleration is shaded by the exact chance of "
       "getting there without damage along the safest path: green is safe, red is a gamble (CEN-SPD-1). Click a "
       "shaded hex to plot that safest path; change the acceleration to see the map change. Set *Legal ends* to "
       "*at any acceleration* to see everywhere the tank can be at the end of this turn: a click then plots the "
       "acceleration too, and hovering a hex tells the velocities the tank can leave it with (CEN-GRAV-1).\n\n"
       "The engine finds, for each end state (hex, facing, grounded or not), both the cheapest path (least "
       "thrust) and the safest one, and the tests check that each of them is a legal move."),
    code(SETUP),
    code("""
from centurion.widgets import GravMoveTable, tank_on
explorer = GravMoveTable(battlefield, horatius, tank_on(battlefield, horatius, "0716", 0, 10), show_legal=True)
explorer
""", widget=True),
    md("## A worked count\n\nA Horatius at velocity 10 in 0716 facing north, with its 6 TP of thrust:"),
    code("""
start = rules.GravState.of(horatius, parse_label("0716"), 0, 10)
ends = rules.legal_grav_moves(start, horatius, battlefield)
flying = [e for e in ends if not e.grounded]
print(len(ends), "end states,", len(flying), "of them still flying")
safe = [e for e in flying if e.safest.p_no_damage == 1]
print(len(safe), "can be reached with no risk at all")
from centurion.hexgrid import to_offset
e = min(flying, key=lambda e: (to_offset(e.hex)[1], to_offset(e.hex)[0], e.facing))
print("the farthest north:", format_label(e.hex), "facing", e.facing, "| safest:", e.safest.move.describe(),
      "| P =", e.safest.p_no_damage, "| cheapest uses", e.cheapest.thrust_used, "TP")
"""),
])

# --- Centuria ----------------------------------------------------------------------------------------------
CTA_SETUP = """
from dataclasses import replace
from fractions import Fraction
from centurion.centuria import *
from centurion.data import centuria_scenario, centuria_tables
from centurion.dice import Dice
from centurion.hexgrid import parse_label, format_label
scenario = centuria_scenario()
tables = centuria_tables()
battle = CenturiaBattle.from_scenario(scenario)
"""

chapter("10_centuria_command.ipynb", "Centuria: command", [
    md("# Centuria: command\n\n" + BACK +
       "In Centuria the smallest body a general moves is the **centuria**, about eighty men; leaders move alone. "
       "A sub-unit can only act while it is **in command**: inside its leader's action radius *and* in his sight, "
       "or standing next to a friendly sub-unit that is itself in command (the chain may run on from unit to "
       "unit). Trees and buildings block sight. A sub-unit out of command may still turn, defend itself or flee, "
       "but it cannot move or attack (CTA-CMD).\n\n"
       "**Try it:** click a leader, then click an empty hex to try him there: the outlines show who is in command "
       "(green directly, blue through a neighbour, red out of command) and lines show his sight to the units he "
       "commands. Click a unit to read what it may do."),
    code(CTA_SETUP),
    code("""
from centurion.widgets import CenturiaTable
command_table = CenturiaTable(battle, mode="command")
command_table
""", widget=True),
    md("## Worked examples\n\nIn the opening position every sub-unit is in command. Move the Roman praefectus "
       "cohortis to the corner and his four centuriae fall out of command; with his cohort strung out in a line, "
       "the units next to one that still sees him stay in command through the chain."),
    code("""
status = battle.command()
print("opening position:", sorted(set(status.values())))
away = battle.placed("R-PC1", "0101")
print({pid: s for pid, s in away.command().items() if pid.startswith("R-C")})
line = battle.placed("R-PC1", "0310").placed("R-C1", "0409").placed("R-C2", "0509").placed("R-C3", "0609")
print({pid: s for pid, s in line.command().items() if pid.startswith("R-C")})
print(move(away, CenturiaMove("R-C1", ("F",))))
"""),
])

chapter("11_centuria_movement.ipynb", "Centuria: orientation and movement", [
    md("# Centuria: orientation and movement\n\n" + BACK +
       "Every piece faces one hexside. It moves into the hex ahead or one of the two hexes at its front corners; "
       "each hex costs 1 movement point plus the terrain's penalty for that kind of unit (CTA-MOVE, table CTA-2): a "
       "centuria pays 2 to enter trees, a turma 4. Turning to a new front or flank hexside costs 1, an about-face 2. "
       "The subpraefectus moves 2 with infantry and 4 with cavalry.\n\n"
       "**Try it:** click a Roman unit, plot a move with the buttons (or ↑, Q, E and ←/→ once the map has focus) "
       "and press *Move*. A plot that breaks a rule is refused with its rule ID."),
    code(CTA_SETUP + "from centurion.data.frames import centuria_terrain_frame"),
    code("""
from centurion.widgets import CenturiaTable
movement_table = CenturiaTable(battle, mode="move")
movement_table
""", widget=True),
    md("## Worked examples\n\nR-C2 (a centuria, 2 MP) faces trees at 0607: entering costs 1 + 1 = 2, its whole "
       "allowance. An about-face (2) and a step (1) would need 3, one more than it has. A turma pays 1 + 3 = 4 "
       "for the same trees."),
    code("""
r = move(battle, CenturiaMove("R-C2", ("F",)))
print(r[1][0].text)
print(move(battle, CenturiaMove("R-C2", ("T3", "F"))))
turma = battle.piece("R-T1")
print("turma into trees:", move_cost(battle, turma, parse_label("0607"), tables), "MP; into a field:",
      move_cost(battle, turma, parse_label("1207"), tables), "MP")
"""),
    code("centuria_terrain_frame(tables)"),
])

COMBAT_SETUP = """
fight = (battle.placed("R-C2", "0606", 0).placed("B-C2", "0605", 3)
         .placed("B-C3", "0705", 5).placed("R-C3", "0707", 0))
fight = replace(fight, phase="combat")
"""

chapter("12_centuria_combat.ipynb", "Centuria: combat", [
    md("# Centuria: combat\n\n" + BACK +
       "Attack and defence happen **at once**. The attacker rolls a d20 and strikes if the roll is *greater than* "
       "its attack value plus the defender's defence value; at the same moment the defender strikes back if its "
       "roll beats its own attack value plus the attacker's defence. Each unit's terrain changes its own values, "
       "the best leader in range helps (leaders do not add up), an attack on a flank takes 2 off the defence and "
       "one from the rear 4, and morale markers weaken a unit. A struck unit is removed; both may fall "
       "(CTA-COMBAT, tables CTA-2, die DIE-20).\n\n"
       "**Try it:** click a Roman unit, then an enemy next to it: both targets, every term with its rule, and the "
       "exact chances of each outcome appear below the map. *Attack* rolls."),
    code(CTA_SETUP + COMBAT_SETUP),
    code("""
from centurion.widgets import CenturiaTable
combat_table = CenturiaTable(fight, mode="combat")
combat_table.click(parse_label("0606"))
combat_table.click(parse_label("0605"))
combat_table
""", widget=True),
    md("## Worked example: a centuria attacks a centuria in the flank\n\n"
       "Front on, a centuria needs more than 6 + 9 = 15 (P = 1/4). On the flank the defence drops by 2: more "
       "than 13, P = 7/20. The counter roll ignores the flank."),
    code("""
print("front:", attack_target("centuria", "centuria"), p_success(attack_target("centuria", "centuria")))
print("flank:", attack_target("centuria", "centuria", side="flank"),
      p_success(attack_target("centuria", "centuria", side="flank")))
ex = exchange(fight, "R-C2", "B-C2")
print("on the map:", [(t.label, t.value, t.rule) for t in ex.attack.terms])
print("defender falls", ex.defender_falls, "| attacker falls", ex.attacker_falls, "| both", ex.both_fall,
      "| neither", ex.neither_falls)
after, events = attack(fight, "R-C2", "B-C2", Dice.scripted([18, 4]))
print(events[0].text)
"""),
])

chapter("13_centuria_morale.ipynb", "Centuria: morale", [
    md("# Centuria: morale\n\n" + BACK +
       "Units test their morale when (a) more than half the sub-units of their unit have fallen, (b) their leader "
       "falls and a subpraefectus or tribunus takes over — those out of his range test, (c) their leader falls "
       "with nobody to replace him — all test, and (d) a fleeing unit runs into them. A test succeeds on a d20 "
       "roll greater than the morale value, plus the best leader's modifier, minus one for each neighbouring "
       "friendly unit whose morale is intact. The first failure leaves the unit **idle**, the second sets it "
       "**dissolving**, the third makes it **flee** backwards as far as it can move, forcing tests on every unit "
       "it touches (CTA-MORALE). At the start of its side's turn a marked unit may rally: a pass clears its "
       "markers, a failure adds one (a decision of RULES.md).\n\n"
       "**Try it:** click a unit, see its target with each term and the odds, and press *Test morale* or *Rally "
       "test*; the diagram lights its state."),
    code(CTA_SETUP),
    code("""
from centurion.widgets import CenturiaTable
morale_table = CenturiaTable(battle.placed("R-LEG", "0609"), mode="morale")
morale_table.click(parse_label("0608"))
morale_table
""", widget=True),
    md("## Worked example: a centuria with the legatus in range and two intact neighbours\n\n"
       "Morale 10, the legatus −4, two neighbours −2: the roll must beat 4, P = 4/5."),
    code("""
print("target:", morale_target("centuria", leader="legatus", adjacent_intact=2),
      "P =", p_success(morale_target("centuria", leader="legatus", adjacent_intact=2)))
b = battle.placed("R-LEG", "0609")
t = morale_test_target(b, "R-C2")
print("R-C2 on the map:", [(x.label, x.value) for x in t.terms], "->", t.value, t.p_success)
"""),
    md("Three failures in a row: idle, dissolving, then flight — the unit runs back as far as its movement "
       "allows and every unit it then touches must test."),
    code("""
b = battle.placed("R-PC1", "0509")  # the praefectus steps aside, so the way back is open
for roll in ([1], [1], [1, 20, 20]):
    b, events = morale_test(b, "R-C2", Dice.scripted(roll), "worked example")
    print(MARKERS[b.piece("R-C2").marker], "|", " / ".join(e.text for e in events[1:]) or events[0].text)
"""),
])

chapter("14_centuria_artillery.ipynb", "Centuria: artillery", [
    md("# Centuria: artillery\n\n" + BACK +
       "The **ballista** reaches 5 hexes and the **tormentum** 6. A target must be seen by a friendly piece that "
       "touches the engine or is in its sight; the ballista must also see the target itself, while the tormentum "
       "may lob its shot over cover. A roll of 1 puts the engine out of action for the next round and its crew "
       "must test morale. With a centurio ballista in command, each engine shoots twice a round (CTA-ART).\n\n"
       "**Try it:** click a Roman engine (B or M): its range is shaded. Then click an enemy: the panel says who "
       "spots it and whether the shot is allowed; *Shoot* rolls."),
    code(CTA_SETUP),
    code("""
from centurion.widgets import CenturiaTable
guns = replace(battle.placed("B-C2", "0806", 3).placed("B-C3", "0605", 3), phase="combat")
artillery_table = CenturiaTable(guns, mode="artillery")
artillery_table.click(parse_label("0910"))
artillery_table.click(parse_label("0806"))
artillery_table
""", widget=True),
    md("## Worked examples\n\nOut of range; then an enemy centuria at 0506, hidden from the engines by the trees "
       "at 0606–0706 but seen by the Roman cavalry: the ballista may not shoot (no indirect fire), the tormentum "
       "may. Its roll of 1 misses and puts it out of action, and its crew tests morale."),
    code("""
print(fire_refusal(replace(battle, phase="combat"), "R-B1", "B-C2"))
hidden = replace(battle.placed("B-C3", "0506", 3), phase="combat")
print("spotters:", spotters(hidden, hidden.piece("R-TO"), hidden.piece("B-C3"), tables))
print("ballista from 0709:", fire_refusal(hidden.placed("R-B1", "0709"), "R-B1", "B-C3"))
print("tormentum:", fire_refusal(hidden, "R-TO", "B-C3") or "allowed")
after, events = fire(hidden, "R-TO", "B-C3", Dice.scripted([1, 20]))
print(" / ".join(e.text for e in events))
"""),
])

chapter("15_centuria_round.ipynb", "Centuria: a round", [
    md("# Centuria: a round\n\n" + BACK +
       "A round has two phases for each side in turn: a **movement phase** and a **combat phase** (CTA-1). The "
       "scenario may set a time limit for each round; the countdown below is off unless you tick it. Play the "
       "sample scenario: move in your movement phase, attack and shoot in your combat phase, press *End phase* "
       "to hand over. *Undo* takes back the last action.\n\n"
       "**Try it:** the Romans (red) move first."),
    code(CTA_SETUP),
    code("""
from centurion.widgets import CenturiaTable
round_table = CenturiaTable(battle, mode="round", timer=True)
round_table
""", widget=True),
    md("## The order of battle\n\nThe scenario's leaders and the units each commands."),
    code("""
for lead in scenario.leaders:
    units = [u.id for u in scenario.units if u.commander == lead.id]
    above = f" (under {lead.commander})" if lead.commander else ""
    print(f"{lead.side:7s} {lead.id:6s} {lead.type:18s}{above}: {', '.join(units) or '-'}")
print("time limit per round:", scenario.time_limit_seconds, "(off)")
"""),
])


def build(names: list[str] | None = None) -> None:
    """Write each notebook and execute it in place."""
    NB_DIR.mkdir(exist_ok=True)
    for filename, (_title, cells) in CHAPTERS.items():
        if names and filename not in names:
            continue
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.metadata["language_info"] = {"name": "python"}
        nb.cells = [nbformat.from_dict(dict(c)) for c in cells]
        for i, cell in enumerate(nb.cells):
            cell["id"] = f"{Path(filename).stem.replace('_', '-')}-{i}"
        NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NB_DIR)}}).execute()
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.metadata = {}
        nbformat.write(nb, NB_DIR / filename)
        print("built", filename)


if __name__ == "__main__":
    build(sys.argv[1:] or None)
