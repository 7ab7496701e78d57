"""The front page: the contents and the rule index — the source of notebooks/index.ipynb."""

from __future__ import annotations

from centurion.data.reference import rules_reference
from chapters.common import md

TITLE = "Centurion: the interactive rulebook"

#: each chapter of the contents: its file, title (the rules reference's `chapters` section names it the same) and
#: summary. Which rules a chapter shows is not written here: the rule index is built from data/rules_reference.yaml.
INDEX_ROWS = [
    ("01_battlefield.ipynb", "The battlefield",
     "Mapsheets, hexes and their CCRR labels, terrain, elevation, roads and rivers; the rule tables."),
    ("02_thrust_velocity.ipynb", "Thrust and velocity",
     "The thrust budget: accelerate before moving, decelerate after; spend every velocity point."),
    ("03_facing_change.ipynb", "The facing change table",
     "How far a grav tank must fly straight before each turn, and everywhere it can end."),
    ("04_terrain.ipynb", "Terrain, slopes and roads",
     "What each hex costs to enter, slopes, the one-hex rule, roads and rivers."),
    ("05_speed_limits.ipynb", "Speed limits and piloting rolls",
     "Going too fast for the ground: the roll, its exact odds, the damage row by row."),
    ("06_grounding.ipynb", "Grounding, reverse and lift-off",
     "Dropping to the ground, water, flying backwards, and lifting off again."),
    ("07_ground_infantry.ipynb", "Ground vehicles, infantry and mounting",
     "Movement points, free facing, the road bonus, squads, mounting and craters."),
    ("08_sequence.ipynb", "Sequence of play",
     "Initiative, the order platoons move in, declarations, and opportunity fire."),
    ("09_legal_moves.ipynb", "Legal moves explorer",
     "Every place a tank can end its move, with the safest and the cheapest way there."),
    ("10_centuria_command.ipynb", "Centuria: command",
     "Action radius, sight and the chain of sub-units: who may act."),
    ("11_centuria_movement.ipynb", "Centuria: orientation and movement",
     "Facing, turning costs and terrain costs per kind of unit."),
    ("12_centuria_combat.ipynb", "Centuria: combat",
     "Simultaneous attack and counter, every modifier, the exact chances of each outcome."),
    ("13_centuria_morale.ipynb", "Centuria: morale",
     "The four triggers, the test, idle, dissolving, flight and rally."),
    ("14_centuria_artillery.ipynb", "Centuria: artillery",
     "Ballista and tormentum: range, spotters, direct and indirect fire, the roll of 1."),
    ("15_centuria_round.ipynb", "Centuria: a round",
     "Play a round of the sample scenario: movement phase, combat phase, the optional countdown."),
    ("16_line_of_sight.ipynb", "Line of sight",
     "Click a firer and a target: the line, what each hex does, the deciding hex; everything one unit sees."),
    ("17_weapons_fire.ipynb", "Weapons fire and to-hit",
     "Every to-hit term with its rule and exact odds, arcs, painting, indirect fire, the two-target rule."),
    ("18_damage.ipynb", "Damage and the record sheet",
     "Fire at a live record sheet: hit location, templates and lasers, internal effects, widowed armor."),
    ("19_infantry_vulcan.ipynb", "Infantry combat and the Vulcan",
     "Squads firing, IWF templates, the casualties table, mortars, the Vulcan's odds."),
    ("20_leadership_victory.ipynb", "Leadership and victory",
     "Leadership advantage, initiative and passes, a lost Centurion; scenario points and victory levels."),
    ("21_variant_rules.ipynb", "Variant rules",
     "The 1997 fan variants as switches, each beside the basic rule: shields, speed, salvos, lateral shifts, "
     "emergency turns, ramming, activation."),
]

#: the order a reader takes (W9): Centurion from the map to the variant rules, then Centuria; the chapters' Previous
#: and Next links follow it (tools/build_notebooks.py), so a Centurion reader never falls into the Roman game
READING_ORDER = ([fn for fn, *_ in INDEX_ROWS if "centuria" not in fn]
                 + [fn for fn, *_ in INDEX_ROWS if "centuria" in fn])


def rule_order(rule_id: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key of a rule ID: its parts in turn, numbers as numbers (DIE-10, DIE-20, DIE-100; CTA-1, CTA-2, CTA-ART)."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in rule_id.split("-"))


def rule_index() -> dict[str, list[tuple[str, str]]]:
    """Rule ID -> the chapters that show it (file, title), from data/rules_reference.yaml: rules in `rule_order`,
    chapters by number. A chapter the reference names that the contents lack is an error."""
    titles = {fn: title for fn, title, _ in INDEX_ROWS}
    out: dict[str, list[tuple[str, str]]] = {}
    for entry in sorted(rules_reference().entries, key=lambda e: rule_order(e.id)):
        files = sorted(f"{stem}.ipynb" for stem in entry.chapters)
        missing = [fn for fn in files if fn not in titles]
        if missing:
            raise ValueError(f"data/rules_reference.yaml links {entry.id} to {', '.join(missing)}, which the "
                             "contents (tools/chapters/index.py INDEX_ROWS) do not list")
        if files:
            out[entry.id] = [(fn, titles[fn]) for fn in files]
    return out


def contents(centuria: bool) -> str:
    """One game's chapters in reading order, each with its number, link and summary."""
    rows = {fn: (title, desc) for fn, title, desc in INDEX_ROWS}
    return "\n".join(f"- **{fn[:2]}** [{rows[fn][0]}]({fn}) — {rows[fn][1]}" for fn in READING_ORDER
                     if ("centuria" in fn) == centuria)


def index_cells() -> list:
    """The front page's cells: the introduction, the contents and the rule index."""
    return [
        md("# Centurion: the interactive rulebook\n\n"
           "A rulebook you learn by doing, for two hex-map wargames: **Renegade Legion: Centurion** "
           "(grav tanks, 200 m hexes, one-minute turns) and **Centuria** (the early Imperial Roman army). "
           "Every chapter explains a mechanic in a few lines, lets you try it on the hex map, and checks the "
           "worked examples of the rules against the engine. Every roll shows its target, the rule behind each "
           "modifier, and its exact odds.\n\n"
           "Rule IDs such as `CEN-GRAV-4` name the rules of the project's spec; click one to read it in the "
           "**[rules reference](reference.ipynb)**, which explains every rule in a few lines and finds one as you "
           "type.\n\n"
           "**Never played?** [Play a guided first game →](skirmish.ipynb?scenario=first_game): two tanks a side, "
           "six turns against the novice computer, with a hint at every step saying what to click and why.\n\n"
           "**Against a friend?** On the Skirmish page set both sides to *a person* and start a game. Served "
           "(`centurion serve`), your first decision keeps the game on the server and the page shows a link to send "
           "the other player, who plays from their own browser (and one for spectators); opened in Jupyter, you "
           "take turns at one screen.\n\n"
           "[Start reading: The battlefield →](01_battlefield.ipynb) · [Rules reference](reference.ipynb) · "
           "[Play a skirmish →](skirmish.ipynb) · [Fight a Centuria battle →](centuria_skirmish.ipynb)"),
        md("## Contents\n\nRead the Centurion chapters in this order, from the map to the variant rules; the Centuria "
           "chapters follow them (the Previous and Next links of every chapter go this way).\n\n"
           "### Renegade Legion: Centurion (grav tanks)\n\n" + contents(False)
           + "\n\n### Centuria (the Roman army)\n\n" + contents(True)
           + "\n\nAnd the [Rules reference](reference.ipynb) — every rule ID in a few lines of our own, with a filter "
           "box."),
        md("## Rule index\n\nEvery rule ID with the chapters that explain it or put it to work, the same links as "
           "its entry in the rules reference.\n\n| Rule | Chapters |\n|---|---|\n" + "\n".join(
            f"| `{rid}` | " + ", ".join(f"[{title}]({fn})" for fn, title in places) + " |"
            for rid, places in rule_index().items())),
    ]


CELLS = index_cells()
