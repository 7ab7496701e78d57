"""Chapter 3: The facing change table — the source of notebooks/03_facing_change.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "The facing change table"

CELLS = [
    md("# The facing change table\n\n" + BACK +
       "A grav tank turns by bending its gravity field, which costs no thrust, but the faster it goes the wider "
       "its turns: before each one-hexside turn it must fly a number of hexes straight *this turn*, set by its "
       "current velocity (CEN-GRAV-4). At velocity 0 it may spin in place, and only a tank that started the turn "
       "at 0 may pick a new facing before it leaves its hex.\n\n"
       "**Try it:** drag the velocity and pick a facing. Blue outlines mark every hex of its straight run where it "
       "may make its first turn (from the interval on, as far as its velocity carries it through the terrain); "
       "hatched green hexes are every hex it can end its move in at that velocity. Click the map to place the "
       "tank somewhere else."),
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
    checks('check_book("book-a E6: hexes straight between turns at velocity 10", rules.facing_change_interval(10), 2)',
           'check_book("book-a E6: at velocity 20", rules.facing_change_interval(20), 4)',
           'check_book("CEN-GRAV-4: turning too soon at 12", rules.resolve_grav_move(fast, rules.GravMove('
           'steps="FRFF"), strip, horatius).rule, "CEN-GRAV-4")'),
]
