"""Chapter 2: Thrust and velocity — the source of notebooks/02_thrust_velocity.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "Thrust and velocity"

CELLS = [
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
    checks('check_book("book-a E3: velocity after accelerating 3 from 5", ok.velocity, 8)',
           'check_book("book-a E3: TP left to decelerate", ok.thrust_max - ok.move.accelerate, 3)',
           'check_book("CEN-GRAV-1: a fourth point of deceleration", rules.resolve_grav_move(start, rules.GravMove('
           'accelerate=3, steps="F" * 8, decelerate=4), strip, horatius).rule, "CEN-GRAV-1")'),
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
print("Stopping after 5 hexes:", "it must ground" if early.grounds else "it flies on", f"({early.forced_grounding})")
"""),
    checks('check_book("book-a E7: VP spent before slowing", r.vp_spent, 8)',
           'check_book("book-a E7: velocity after decelerating 4", r.end_velocity, 4)',
           'check_book("book-a E4: stopping short of its VP grounds it", early.grounds, True)'),
]
