"""Chapter 7: Ground vehicles, infantry and mounting — the source of notebooks/07_ground_infantry.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "Ground vehicles, infantry and mounting"

CELLS = [
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
      "the lake 0404 is", "in reach" if parse_label("0404") in reach else "closed to it")
print(rules.resolve_ground_move(parse_label("0403"), 3, rules.GroundMove("F"), sketch, movement_points=4))
print("backwards:", format_label(rules.resolve_ground_move(parse_label("0303"), 0, rules.GroundMove("B"), sketch,
                                                             movement_points=4).end_hex))
"""),
    checks('check_book("book-a E12: light woods cost the heavy tank", reach[parse_label("0202")], 2)',
           'check_book("CEN-GV-1: it may enter the lake", parse_label("0404") in reach, False)',
           'check_book("CEN-GV-1: backing up one hex from 0303", format_label(rules.resolve_ground_move('
           'parse_label("0303"), 0, rules.GroundMove("B"), sketch, movement_points=4).end_hex), "0304")'),
    md("A Viper at velocity 0 with its squad in the hex: the squad may mount and the Viper then moves. If the "
       "Viper were moving, or the squad elsewhere, the squad waits a turn (CEN-MNT-1). A Viper digging in at the "
       "end of its move gets the crater's cover if it grounds there (CEN-CRT-1)."),
    code("""
here = parse_label("0505")
print("Viper at 0, squad in its hex:", "may mount" if rules.mount_refusal(here, here, 0) is None else "may not")
print("Viper at 3:", rules.mount_refusal(here, here, 3))
print("squad one hex away:", rules.mount_refusal(parse_label("0506"), here, 0))
strip = map_from_rows(["..."] * 30)
dig = rules.resolve_grav_move(rules.GravState.of(viper, parse_label("0228"), 0, 3),
                              rules.GravMove(steps="FFF", decelerate=3, ground=True, dig_at=3), strip, viper)
print("dug in at", format_label(dig.dig_hex), "|", "in the crater" if dig.end_state().in_crater else "not in it",
      "| charges left:", dig.end_state().digging_charges)
"""),
    checks('from centurion.rules import Refusal',
           'check_book("book-a E13: Viper at 0, squad in its hex: may mount", rules.mount_refusal(here, here, 0) '
           'is None, True)',
           'check_book("book-a E13: Viper moving: may mount", not isinstance(rules.mount_refusal(here, here, 3), '
           'Refusal), False)',
           'check_book("book-a E13: squad elsewhere: may mount", not isinstance(rules.mount_refusal('
           'parse_label("0506"), here, 0), Refusal), False)',
           'check_book("CEN-CRT-1: grounded where it dug, in the crater", dig.end_state().in_crater, True)'),
]
