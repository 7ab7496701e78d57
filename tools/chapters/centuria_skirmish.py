"""The Centuria battle page: a whole battle of Centuria against the computer or hot-seat — the source of
notebooks/centuria_skirmish.ipynb (issue 15)."""

from chapters.common import BACK, code, md

TITLE = "Centuria: fight a battle"

CELLS = [
    md("# Centuria: fight a battle\n\n" + BACK +
       "Pick a battle and who commands each side (a person or the computer), then press **Start a new "
       "battle**. Click one of your pieces: the hatched green hexes are the ends of its legal moves, the red ones "
       "the enemies it may attack or shoot now (ringed in purple); pick a decision in the list and confirm it. "
       "The key under the map says what each mark means.\n\n"
       "<details><summary><b>How to play, rounds, the end of a battle, seeds and saves</b> (click to open)"
       "</summary>\n\n"
       "A round is one movement phase in which both sides move, one unit or leader at a time, and one "
       "combat phase with every attack and shot, taken in turn the same way (CTA-1). Pick a decision in the list "
       "to see it before you confirm: a move says whether it leaves the unit "
       "out of command (CTA-CMD); an attack or a shot shows its exact odds with every term (CTA-COMBAT, CTA-ART). "
       "**End my part of the phase** leaves your remaining units where they are. Above the map: the countdown of "
       "the round (when the battle has one, the round ends for you when it runs out), each side's losses and the "
       "morale of every unit (CTA-MORALE). The battle ends when a side's units are all removed, fled or dissolving, "
       "or its leaders have all fallen; after the last round a side that only has to hold out (the farmstead's "
       "auxilia) wins if it has not lost, and otherwise the side that lost fewer units wins. **Save** "
       "downloads the battle (a served battle: once it is over, see below); **Load** reads a saved battle back "
       "and plays it on this page."
       "\n\nWhere the battle is kept decides its dice and its undo. *Served* (`centurion serve`, the usual way "
       "to play): the battle is kept on the server from your first decision. The page's address then names it, "
       "so a reload or a crash brings it back where it was, and the links above the map let a second player join "
       "from another browser (their seat) and spectators watch. The server rolls the dice with a seed of its own, "
       "shown once the battle is over (then its **Save** link downloads it), so there is no Seed box, and "
       "every decision is "
       "final: the Undo button reads *No undo: game on server*. *Opened in Jupyter*, a battle lives in its page "
       "only: each new battle gets a fresh seed, shown next to the Seed box; to fight a battle again, untick *new "
       "seed each game*, type its seed in the box and start a new battle; **Undo my last move** takes back your "
       "last decision while no die has been rolled for it.\n\n"
       "The computer commands at three levels. Every level keeps its units in command and shields its engines; "
       "the *novice* does not weigh the attacks its units would suffer, keeps every unit inside its leader's "
       "radius, aims its engines at the nearest target and attacks a leader or an engine as one more piece, the "
       "*veteran* weighs those attacks, lets a unit go ahead when its leader can still follow, keeps each "
       "unit beside a friend where the enemy can reach it and keeps the leader of its engines out of reach of the "
       "enemy units still to move; the *elite* plays as the veteran but lets a unit stand "
       "alone when the rest of its weighing favours it, makes every move that gains at all, and looks one move "
       "ahead: each of its four best moves is weighed against the best answer the veteran would make to it (the "
       "sides move one piece at a time, CTA-1), so it does not step where the next enemy piece to move falls "
       "its man.\n\n"
       "</details>"),
    code("""
from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
battle = CenturiaSkirmishTable("centuria_ford_road")  # a fresh seed each battle (?seed=1: a fixed one)
battle
""", widget=True),
    md("## The battles\n\nEach side's goal and forces, the round limit and the countdown of a round."),
    code("""
import pandas as pd
pd.set_option("display.max_colwidth", None)  # every goal in full (W12)
from centurion.game import new_skirmish, scenarios
rows = []
for key in scenarios("centuria"):
    g = new_skirmish(key)
    for side in g.sides:
        units = [p for p in g.units(side)]
        rows.append({"Battle": g.scenario.title, "Rounds": g.scenario.round_limit,
                     "Countdown (s)": g.time_limit_seconds or "off", "Side": g.label(side),
                     "Leaders": sum(1 for p in g.battle.pieces if p.is_leader and p.side == side),
                     "Units": len(units), "Goal": g.scenario.goals[side]})
pd.DataFrame(rows).set_index(["Battle", "Side"])
"""),
]
