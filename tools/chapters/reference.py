"""The rules reference page: every rule ID in our own words, with a filter box — the source of
notebooks/reference.ipynb. The entries themselves live in data/rules_reference.yaml."""

from __future__ import annotations

from chapters.common import BACK, code, md

TITLE = "Rules reference"

CELLS = [
    md("# Rules reference\n\n" + BACK +
       "Every rule the app's engine follows, in a few lines of our own, grouped by game and by mechanic. Each "
       "entry names its rule ID (the ID a chapter, a refusal or a roll shows), gives the numbers, marks what the "
       "project decided where the rulebooks say nothing or are unclear, and links to the chapter where you can "
       "try it. Type a rule ID or any word in the box to find a rule; a rule ID clicked in a chapter opens here "
       "with its entry alone."),
    code("""
from centurion.widgets import RulesReference
reference = RulesReference()
reference
""", widget=True),
    md("## What the reference covers\n\nHow many rules each game has here, and whether every one of them is shown "
       "in a chapter (the variant rules, VAR-*, in chapter 21)."),
    code("""
import pandas as pd
from centurion.data.reference import GAME_TITLES, rules_reference
ref = rules_reference()
pd.DataFrame([{"Game": GAME_TITLES[e.game], "Rules": 1, "In a chapter": int(bool(e.chapters))} for e in ref.entries]
             ).groupby("Game", sort=False).sum()
"""),
    code("""
waiting = [e.id for e in ref.entries if not e.chapters]
print("Not yet shown in a chapter:", ", ".join(waiting) if waiting else "none: every rule has its chapter")
"""),
]
