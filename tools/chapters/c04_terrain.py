"""Chapter 4: Terrain, slopes and roads — the source of notebooks/04_terrain.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "Terrain, slopes and roads"

CELLS = [
    md("# Terrain, slopes and roads\n\n" + BACK +
       "Each hex costs velocity points to enter: 1 for open ground, more for woods or rubble (CEN-TER-1). Going "
       "up a slope adds its levels to the cost, going down takes some away, but a hex never costs less than 0 "
       "(CEN-TER-2). A tank may always enter the one hex ahead, whatever it costs, if that is the only hex it "
       "enters this turn (CEN-GRAV-3). Following a road from one road hex to the next costs 1 whatever the "
       "terrain under it, plus the slope's cost where the road climbs (our reading: the road takes the place of "
       "the terrain row, not of the slope row), and a grav tank may follow a river the same way (CEN-TER-4).\n\n"
       "Both tables below also give a **speed limit**: a hex's limit is the lower of its terrain's and its "
       "slope's, so a steep slope (4 levels or more, up or down: 16) slows a tank even in the open "
       "(CEN-TER-3; chapter 5, "
       "*Speed limits and piloting rolls*, shows what entering a hex faster than its limit costs).\n\n"
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
up4 = rules.vp_cost("clear", 0, 4, mover="ground")
print("ground vehicle up 4 levels:", "prohibited" if up4 is None else f"{up4} VP")
woods_road = map_from_rows([".h."] * 30, roads=["0230 0229 0228 0227 0226"])
r = rules.resolve_grav_move(rules.GravState.of(horatius, parse_label("0228"), 0, 2), rules.GravMove(steps="FF"),
                            woods_road, horatius)
print("along the road through heavy woods:", " + ".join(str(e.vp) for e in r.entries), "VP,",
      "no piloting roll" if not r.checks else "1 piloting roll" if len(r.checks) == 1 else
      f"{len(r.checks)} piloting rolls")
climb = {name: rules.hex_speed_limit(name, 0, 4) for name in ("clear", "heavy_woods")}
print("speed limit up 4 levels: open ground", climb["clear"], "(the slope's), heavy woods", climb["heavy_woods"],
      "(the woods')")
"""),
    checks('check_book("book-a E5: heavy woods L5 to light woods L0", rules.vp_cost("light_woods", 5, 0), 0)',
           'check_book("book-a E5: light woods L0 to heavy woods L5", rules.vp_cost("heavy_woods", 0, 5), 8)',
           'check_book("CEN-TER-1: a ground vehicle may climb 4 levels", up4 is not None, False)',
           'check_book("CEN-TER-4: a road through heavy woods, VP a hex", [e.vp for e in r.entries], [1, 1])',
           'check_book("CEN-TER-3: speed limit up 4 levels in the open", climb["clear"], 16)',
           'check_book("CEN-TER-3: speed limit up 4 levels in heavy woods", climb["heavy_woods"], 6)'),
]
