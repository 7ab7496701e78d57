"""Chapter 18: Damage and the record sheet — the source of notebooks/18_damage.ipynb."""

from chapters.common import BACK, SETUP, code, md

TITLE = "Damage and the record sheet"

CELLS = [
    md("# Damage and the record sheet\n\n" + BACK +
       "A vehicle's record sheet (CEN-REC-1) has six armor sections — front, left, right, stern, turret and "
       "bottom — each up to ten rows of ten boxes, unused rows crossed from the top, and under the armor the "
       "internal grid: crew, weapons, drive, shields, ammunition, each in its boxes.\n\n"
       "When a unit's weapons hit, one **hit-location** d10 for that firing unit picks the section: 1–3 the "
       "turret, 4–10 the side the attack strikes (other columns for hull down, TTF and LAF targets). Each hit "
       "then rolls a **column**: its **template** is laid with its top row on the highest remaining box of that "
       "column, each row centred; boxes under it are destroyed, parts over lost boxes or off the armor are "
       "lost, and below the armor the template runs on into the internals and across into the neighbouring "
       "section. A **laser** is a template one box wide: it bores straight down the column (CEN-CMB-1).\n\n"
       "Armor boxes go at once; internal boxes wait until all fire of the phase is resolved (CEN-SEQ-3), then "
       "each component hit has its effect: crew roll to stay conscious (8 minus every internal box lost in that "
       "section so far), ammunition may explode, the Vehicle "
       "Destroyed box ends it. At the End Phase every armor box no longer joined to the bottom row of its "
       "section (edge to edge) is **widowed** and falls away (CEN-SEQ-1).\n\n"
       "**Try it:** pick a weapon and the side it strikes, then *Fire* (location and column rolled) or click a "
       "column button (location from the Location box). Pending internal boxes are orange; the last hit is "
       "outlined. *Apply internal damage* lists each component's effect; *End Phase* removes widowed armor."),
    code("""
from centurion.widgets.damage_view import DamageLab
lab = DamageLab("horatius")
lab
""", widget=True),
    code(SETUP),
    md("The lab's buttons call the same methods as these cells (on a second lab, so the one above stays fresh): "
       "three lasers down column 5 of the front bore through the armor into the internals; the effects come "
       "once all fire is resolved."),
    code("""
demo = DamageLab("horatius")
demo.location.value, demo.side.value = "side", "front"
for _ in range(3):
    demo.fire(5)
sheet = demo.sheet
print("front armor left:", sheet.armor["front"].intact, "of", sheet.armor["front"].armor,
      "| internal boxes pending:", len(sheet.pending))
demo.apply_internals()
import html, re
for item in re.findall(r"<li>(.*?)</li>", demo.effects.value):
    print("-", html.unescape(re.sub(r"<[^>]+>", "", item)))  # the text as the page shows it: '6 > 5', not '&gt;'
"""),
    md("## Worked examples E21 and E22\n\n"
       "E21: the Horatius of E20 hits with two weapons; its one hit-location roll is a 7, so both hits land on "
       "the Liberator's right side (1–3 would have been the turret). E22: two lasers (5 boxes each) and an MDC 8 "
       "(rows 5 and 3) hit the Horatius front on columns 3, 5 and 6. The MDC's top row lands on column 6's "
       "first box; two of its boxes fall on column 5, already bored out by the laser, and are lost."),
    code("""
from centurion.rules.damage import hit_section, fire_laser, drop_template, template_shape
from centurion.rules.record import RecordSheet, sheet_rows
print(f"E21: a location roll of 7 against the right side hits the {hit_section(7, 'right')} side; rolls of 1 to 3 "
      f"would hit the {' and '.join(sorted({hit_section(r, 'right') for r in (1, 2, 3)}))}.")
s = RecordSheet.of(horatius)
s, a = fire_laser(s, "front", 3, 5)
s, b = fire_laser(s, "front", 5, 5)
s, mdc = drop_template(s, "front", 6, template_shape("MDC 8"))
for mark in (a, b, mdc):
    print(mark.describe())
print("front armor:", s.armor["front"].intact, "of 80; column 5 now starts at row", s.highest_remaining("front", 4) + 1)
print()
print("The front armor, rows 1 to 10, columns 1 to 10 (0 is column 10; o an armor box, x a box lost, / no box):")
print("column  " + " ".join(str(c % 10) for c in range(1, 11)))
for r, row in enumerate(sheet_rows(s, "front")[:10], start=1):
    print(f"row {r:>2}  " + " ".join(row))
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("book-a E21: location roll 7 against the right side hits", hit_section(7, "right"), "right")\n'
         'check_book("book-a E21: rolls 1-3 hit", " and ".join(sorted({hit_section(r, "right") for r in (1, 2, 3)})), '
         '"turret")\n'
         'check_book("book-a E22: the Horatius front armor", RecordSheet.of(horatius).armor["front"].intact, 80)'),
    md("## Worked example E23: thrust damage\n\n"
       "A Liberator (thrust 6) that loses its Thrust 1/4 location keeps 5; with Thrust 3/4 lost it keeps 2. "
       "The locations do not add up: the largest one lost counts (CEN-CMB-1)."),
    code("""
from centurion.rules.damage import reduced_thrust
print(f"A Liberator's thrust of 6 becomes {reduced_thrust(6, 1)} with its Thrust 1/4 location lost, "
      f"{reduced_thrust(6, 2)} with Thrust 1/2 lost and {reduced_thrust(6, 3)} with Thrust 3/4 lost.")
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("book-a E23: Liberator thrust 6 with Thrust 1/4 lost", reduced_thrust(6, 1), 5)\n'
         'check_book("book-a E23: with Thrust 3/4 lost", reduced_thrust(6, 3), 2)'),
    md("## Widowed armor, step by step\n\nA hit that cuts a section's armor in two leaves the top part hanging; "
       "at the End Phase it falls away."),
    code("""
from centurion.rules.damage import widowed_boxes, remove_widowed_armor
s = RecordSheet.of(vehicles["viper"])
s = s.with_damage({"left": set(range(80, 90))}, ())  # a hit tore row 9 away
print("The left armor, rows 7 to 10 (o an armor box, x a box lost):")
for r, row in enumerate(sheet_rows(s, "left")[6:10], start=7):
    print(f"row {r:>2}  " + " ".join(row))
print("before the End Phase:", len(widowed_boxes(s, "left")), "widowed boxes in the left armor")
s2, removed = remove_widowed_armor(s)
print("End Phase step A removes " + ", ".join(f"{len(v)} boxes of the {k} armor" for k, v in removed.items())
      + f"; the left armor now has {s2.armor['left'].intact} boxes.")
"""),
]
