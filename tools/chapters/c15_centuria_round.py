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
import pandas as pd
from centurion.widgets.centuria_table import side_name
pd.DataFrame([{"Side": side_name(lead.side, start=True), "Leader": lead.id, "Rank": lead.type,
               "Answers to": lead.commander or "—",
               "Commands": ", ".join(u.id for u in scenario.units if u.commander == lead.id) or "—"}
              for lead in scenario.leaders]).set_index("Leader")
"""),
    code("""
limit = scenario.time_limit_seconds
print("Time limit per round:", "none set by the scenario" if limit is None else f"{limit} seconds",
      "(the countdown is off unless you tick it).")
"""),
]
