"""Chapter 15: Centuria: a round — the source of notebooks/15_centuria_round.ipynb."""

from chapters.common import BACK, CTA_SETUP, code, md

TITLE = "Centuria: a round"

CELLS = [
    md("# Centuria: a round\n\n" + BACK +
       "A round has two phases for each side in turn: a **movement phase** and a **combat phase** (CTA-1). The "
       "scenario may set a time limit for each round; the countdown below is off unless you tick it. Play the "
       "sample scenario: move in your movement phase, attack and shoot in your combat phase, press *End phase* "
       "to hand over. *Undo* takes back the last action.\n\n"
       "**Try it:** the Romans (red) move first."),
    code(CTA_SETUP),
    code("""
from centurion.widgets import CenturiaTable
round_table = CenturiaTable(battle, mode="round", timer=True)
round_table
""", widget=True),
    md("## The order of battle\n\nThe scenario's leaders and the units each commands."),
    code("""
for lead in scenario.leaders:
    units = [u.id for u in scenario.units if u.commander == lead.id]
    above = f" (under {lead.commander})" if lead.commander else ""
    print(f"{lead.side:7s} {lead.id:6s} {lead.type:18s}{above}: {', '.join(units) or '-'}")
print("time limit per round:", scenario.time_limit_seconds, "(off)")
"""),
]
