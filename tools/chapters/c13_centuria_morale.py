"""Chapter 13: Centuria: morale — the source of notebooks/13_centuria_morale.ipynb."""

from chapters.common import BACK, CTA_SETUP, checks, code, md

TITLE = "Centuria: morale"

CELLS = [
    md("# Centuria: morale\n\n" + BACK +
       "Units test their morale when (a) more than half the sub-units of their unit are out of action (removed or "
       "fleeing), once: when that half is first passed, not again at each later loss (a decision of the project, "
       "docs/decisions.md: the source does not say), (b) their leader falls and a subpraefectus or tribunus takes "
       "over — those out of his range or sight test, (c) their leader falls with nobody to replace him — all test, "
       "and (d) a fleeing unit runs into them. Succession runs down the whole chain: if the replacement falls too, "
       "the next subpraefectus or tribunus takes over; the army's commander, the legatus, leads his whole army, "
       "so when he falls every unit counts as his, the engines he commands himself and the units of the leaders "
       "under him alike. A unit that flees in a test counts as out of action for (a) at once, so its flight may "
       "make the rest of its unit test. A test succeeds on a d20 roll greater than the morale value, plus the best "
       "leader's modifier, minus one for each neighbouring friendly unit whose morale is intact. The first failure "
       "leaves the unit **idle**, the second sets it **dissolving**, the third makes it **flee** backwards as far "
       "as a move could take it (past friends, never into the enemy), forcing tests on every unit it touches "
       "(CTA-MORALE). At the start of each round a marked unit takes a rally test: a pass clears its markers, a "
       "failure leaves them (a decision of RULES.md). A fleeing unit takes no more tests: the table refuses "
       "them.\n\n"
       "**Try it:** click a unit, see its target with each term and the odds, and press *Test morale* or *Rally "
       "test*; the diagram lights its state."),
    code(CTA_SETUP),
    code("""
from centurion.widgets import CenturiaTable
morale_table = CenturiaTable(battle.placed("R-LEG", "0609"), mode="morale")
morale_table.click(parse_label("0608"))
morale_table
""", widget=True),
    md("## Worked example: a centuria with the legatus in range and two intact neighbours\n\n"
       "Morale 10, the legatus −4, two neighbours −2: the roll must beat 4, P = 4/5."),
    code("""
target = morale_target("centuria", leader="legatus", adjacent_intact=2)
print(f"The test must roll over {target}: P = {p_success(target)}.")
"""),
    checks('check_book("CTA-MORALE: morale 10, legatus -4, two neighbours -2: roll over", target, 4)',
           'check_book("CTA-MORALE: P", p_success(4), Fraction(4, 5))'),
    md("The same on the map, R-C2 with the legatus moved to 0609, term by term:"),
    code("""
import pandas as pd
b = battle.placed("R-LEG", "0609")
t = morale_test_target(b, "R-C2")
table = pd.DataFrame([(x.label, x.value) for x in t.terms] + [("target: roll over", t.value)],
                     columns=["Term", "Value"]).set_index("Term")
table
"""),
    md("Three failures in a row: idle, dissolving, then flight — the unit runs back as far as its movement "
       "allows, past the praefectus standing behind it, and every unit it then touches must test."),
    code("""
b = battle  # R-PC1 stands behind R-C2: a fleeing unit passes a friend, as a move may
for roll in ([1], [1], [1, 20, 20]):
    b, events = morale_test(b, "R-C2", Dice.scripted(roll), "worked example")
    print(MARKERS[b.piece("R-C2").marker], "|", " / ".join(e.text for e in events[1:]) or events[0].text)
"""),
    checks('states, b2 = [], battle',
           'for roll in ([1], [1], [1, 20, 20]):',
           '    b2, _ = morale_test(b2, "R-C2", Dice.scripted(roll), "check")',
           '    states.append(MARKERS[b2.piece("R-C2").marker])',
           'check_book("CTA-MORALE: three failures in a row", states, ["idle", "dissolving", "fleeing"])'),
]
