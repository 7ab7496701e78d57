"""Chapter 12: Centuria: combat — the source of notebooks/12_centuria_combat.ipynb."""

from chapters.common import BACK, CTA_SETUP, checks, code, md

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
       "roll beats its own attack value plus the attacker's defence. Each unit's terrain changes its own values "
       "(a leader, who has no row in the terrain table, fights as his arm: like a centuria or a turma), "
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
for side in ("front", "flank"):
    target = attack_target("centuria", "centuria", side=side)
    print(f"On the {side}: the attack must roll over {target}, P = {p_success(target)}.")
"""),
    checks('check_book("CTA-COMBAT: centuria on centuria, front: roll over", attack_target("centuria", "centuria", '
           'side="front"), 15)',
           'check_book("CTA-COMBAT: front, P", p_success(15), Fraction(1, 4))',
           'check_book("CTA-COMBAT: on the flank: roll over", attack_target("centuria", "centuria", side="flank"), 13)',
           'check_book("CTA-COMBAT: flank, P", p_success(13), Fraction(7, 20))'),
    md("On the map, R-C2 attacks B-C2. The rebels' legatus and praefectus cohortis stand within their action "
       "radius of B-C2; no Roman leader is within reach of R-C2. Each roll takes the best leader for what it needs: "
       "the defender's best **defence** help in the attack roll, its best **attack** help in the counter. In the "
       "terms, \"the attacker\" is always the unit that rolls. Every term of the attack roll (R-C2 rolls), with "
       "its rule:"),
    code("""
import pandas as pd
from centurion.widgets.centuria_table import english
ex = exchange(fight, "R-C2", "B-C2")
pd.DataFrame([(english(t.label), t.value, t.rule) for t in ex.attack.terms],
             columns=["Term", "Value", "Rule"]).set_index("Term")
"""),
    md("And of the counter (B-C2 rolls; its legatus's attack help takes 2 off its target):"),
    code("""
pd.DataFrame([(english(t.label), t.value, t.rule) for t in ex.counter.terms],
             columns=["Term", "Value", "Rule"]).set_index("Term")
"""),
    md("Both roll at once, so four outcomes are possible, with these exact chances:"),
    code("""
only_b, only_r = ex.defender_falls - ex.both_fall, ex.attacker_falls - ex.both_fall  # each alone, not the other
outcomes = pd.DataFrame({"Chance": [only_b, only_r, ex.both_fall, ex.neither_falls]},
                        index=["only B-C2 falls", "only R-C2 falls", "both fall", "neither falls"])
assert outcomes["Chance"].sum() == 1  # the four outcomes cover every pair of rolls once
outcomes
"""),
    md("With the dice forced to 18 and 4: the attack hits, the counter misses."),
    code("""
after, events = attack(fight, "R-C2", "B-C2", Dice.scripted([18, 4]))
print(events[0].text)
"""),
    checks('check_book("CTA-COMBAT: rolls 18 and 4; still standing: B-C2, R-C2", (after.piece("B-C2").alive, '
           'after.piece("R-C2").alive), (False, True))'),
]
