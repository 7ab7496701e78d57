"""Chapter 12: Centuria: combat — the source of notebooks/12_centuria_combat.ipynb."""

from chapters.common import BACK, CTA_SETUP, code, md

COMBAT_SETUP = """
fight = (battle.placed("R-C2", "0606", 0).placed("B-C2", "0605", 3)
         .placed("B-C3", "0705", 5).placed("R-C3", "0707", 0))
fight = replace(fight, phase="combat")
"""

TITLE = "Centuria: combat"

CELLS = [
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
]
