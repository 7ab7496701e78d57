"""Chapter 15: Centuria: a round — the source of notebooks/15_centuria_round.ipynb."""

from chapters.common import BACK, CTA_SETUP, code, md

TITLE = "Centuria: a round"

CELLS = [
    md("# Centuria: a round\n\n" + BACK +
       "A round has **one movement phase** and then **one combat phase**, and in each the two sides take turns, "
       "one unit or leader at a time (CTA-1; the alternation is our reading of the seed, recorded in RULES.md). "
       "A side that has nothing more to do presses *End phase* to end its part; the other side goes on alone "
       "until it ends its part too, and the phase moves on. Round 1 starts with the Romans, round 2 with the "
       "rebels, and so on; every marked unit takes its rally test as a round begins. The scenario may set a "
       "time limit for each round; the countdown below is off unless you tick it. When it reaches 0:00 the round "
       "ends: every part of it still open is closed, units not yet ordered stay where they are, and the next "
       "round begins. *Undo* takes back the last action.\n\n"
       "**Try it:** the Romans (red) move first; after each move the rebels may answer with one of theirs."),
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
