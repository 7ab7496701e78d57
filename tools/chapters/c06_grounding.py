"""Chapter 6: Grounding, reverse and lift-off — the source of notebooks/06_grounding.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "Grounding, reverse and lift-off"

CELLS = [
    md("# Grounding, reverse and lift-off\n\n" + BACK +
       "After slowing down a grav tank may **ground**: it drops to the earth and stops dead. It must ground if it "
       "could not spend all its VP (CEN-GRAV-2). Grounding costs 10 damage to the bottom armor for each point of "
       "velocity it still had after decelerating (CEN-GRD-1); in a lake it is half, and the tank sinks: under "
       "water it can neither fire nor be fired on, but by artillery or from orbit (CEN-GRD-2). Slowing down "
       "past 0 makes the velocity negative: next turn the tank "
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
    checks('check_book("book-a E10: lands at velocity", r.end_velocity, 2)',
           'check_book("book-a E10: grounding damage", r.grounding_damage, 20)'),
    md("A Liberator at 4 spends all 6 TP decelerating after its move: it ends at −2 and next turn flies "
       "two VP backwards into the hexes behind it, unless it spends thrust to slow its reverse (CEN-GRAV-5)."),
    code("""
lib = rules.GravState.of(liberator, parse_label("0228"), 0, 4)
r = rules.resolve_grav_move(lib, rules.GravMove(steps="FFFF", decelerate=6), strip, liberator)
print("ends at velocity", r.end_velocity)
back = rules.resolve_grav_move(r.end_state(), rules.GravMove(steps="BB"), strip, liberator)
print("next turn:", format_label(r.end_hex), "->", format_label(back.end_hex), "still facing", back.end_facing)
print(rules.resolve_grav_move(r.end_state(), rules.GravMove(steps="FF"), strip, liberator))
"""),
    checks('check_book("book-a E8: ends at velocity", r.end_velocity, -2)',
           'check_book("book-a E8: next turn, 2 VP straight backwards from 0224", format_label(back.end_hex), "0226")'),
    md("A grounded Horatius that puts 3 TP into acceleration spends the first one lifting off, so it flies at "
       "velocity 2 and moves two hexes; 3 TP are left, enough to slow down to −1 but not to −2 (CEN-GRAV-6)."),
    code("""
down = rules.GravState.of(horatius, parse_label("0228"), 0, 0, grounded=True)
r = rules.resolve_grav_move(down, rules.GravMove(accelerate=3, steps="FF", decelerate=3), strip, horatius)
print("lift", r.lift_tp, "TP, then velocity", r.velocity, "| thrust used", r.thrust_used, "of", r.thrust_max,
      "| ends at velocity", r.end_velocity)
print(rules.resolve_grav_move(down, rules.GravMove(accelerate=3, steps="FF", decelerate=4), strip, horatius))
"""),
    checks('check_book("book-a E11: TP spent lifting off", r.lift_tp, 1)',
           'check_book("book-a E11: then velocity", r.velocity, 2)',
           'check_book("CEN-GRAV-6 seed: thrust left to decelerate, 6 - 3", r.thrust_max - r.move.accelerate, 3)'),
]
