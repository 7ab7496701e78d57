"""Chapter 5: Speed limits and piloting rolls — the source of notebooks/05_speed_limits.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "Speed limits and piloting rolls"

CELLS = [
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
    checks('check_book("book-a E9: over the limit", check.over, 4)',
           'check_book("book-a E9: the roll needed", check.target, 3)',
           'check_book("book-a E9: damage on a failure (all, front, bottom)", (check.damage, check.front, '
           'check.bottom), (40, 20, 20))',
           'check_book("CEN-SPD-3: reversing halves the limit of 6", rules.speed_limit_check(-10, 6).speed_limit, 3)',
           'check_book("CEN-SPD-1: 7 over, 5 - ceil(7 / 2)", rules.speed_limit_check(-10, 6).target, 1)'),
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
    checks('check_book("book-a E9: keeps moving at", report.state.velocity, 10)',
           'check_book("book-a E9: damage taken (front, bottom)", sorted((d.section, d.points) for d in '
           'report.damage), [("bottom", 20), ("front", 20)])'),
]
