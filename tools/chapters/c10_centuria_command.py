"""Chapter 10: Centuria: command — the source of notebooks/10_centuria_command.ipynb."""

from chapters.common import BACK, CTA_SETUP, checks, code, md

TITLE = "Centuria: command"

CELLS = [
    md("# Centuria: command\n\n" + BACK +
       "In Centuria the smallest body a general moves is the **centuria**, about eighty men; leaders move alone. "
       "A sub-unit can only act while it is **in command**: inside its leader's action radius *and* in his sight, "
       "or standing next to a friendly sub-unit that is itself in command (the chain may run on from unit to "
       "unit). Trees and buildings block sight. A sub-unit out of command may still turn and defend itself, and it "
       "still flees when its morale breaks, but it cannot move or attack (CTA-CMD).\n\n"
       "The tables of chapters 10 to 14 are **practice tables**: the Romans act and nobody answers. In a real "
       "round the two sides take turns, one unit at a time (chapter 15).\n\n"
       "**Try it:** click a leader, then click an empty hex to try him there: the outlines show who is in command "
       "(green directly, blue through a neighbour, red out of command) and lines show his sight to the units he "
       "commands. Click a unit to read what it may do."),
    code(CTA_SETUP),
    code("""
from centurion.widgets import CenturiaTable
command_table = CenturiaTable(battle, mode="command")
command_table
""", widget=True),
    md("## Worked examples\n\nIn the opening position every sub-unit is in command. A centuria may be commanded by "
       "its praefectus coh (R-PC1) or by the legatus above him (R-LEG): send both to the corner and the four "
       "centuriae fall out of command; with the cohort strung out in a line, the units next to one that still sees "
       "the praefectus stay in command through the chain."),
    code("""
import pandas as pd
words = {"direct": "in command", "chain": "through the chain", "out": "out of command"}
away = battle.placed("R-PC1", "0101").placed("R-LEG", "0102")
line = (battle.placed("R-LEG", "0102").placed("R-PC1", "0310").placed("R-C1", "0409").placed("R-C2", "0509")
        .placed("R-C3", "0609"))
pd.DataFrame({name: {pid: words[s] for pid, s in b.command().items() if pid.startswith("R-C")}
              for name, b in (("opening position", battle), ("leaders in the corner", away),
                              ("cohort in a line", line))})
"""),
    checks('check_book("CTA-CMD: opening position, every sub-unit in command", {s for p, s in battle.command('
           ').items() if p.startswith("R-C")} <= {"direct", "chain"}, True)',
           'check_book("CTA-CMD: leaders in the corner, the centuriae", sorted({s for p, s in away.command().items('
           ') if p.startswith("R-C")}), ["out"])',
           'check_book("CTA-CMD: in a line, R-C3 through the chain", line.command()["R-C3"], "chain")'),
    md("A centuria out of command may not step forward:"),
    code('print(move(away, CenturiaMove("R-C1", ("F",))))'),
]
