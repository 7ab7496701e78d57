"""The Skirmish page: a whole game of Centurion against the computer or hot-seat — the source of
notebooks/skirmish.ipynb."""

from chapters.common import BACK, code, md

TITLE = "Skirmish: play a game"

CELLS = [
    md("# Skirmish: play a game of Centurion\n\n" + BACK +
       "A game is set up when the page opens (the scenario and players shown): begin with its first decision, or "
       "pick another scenario and who plays each side (a person or the computer) and press **Start a new game**. "
       "The coloured banner above the map always says the phase, whose decision it is and what may be done now. "
       "New to the game? Pick **First game** in the Scenario list: two tanks a side, six turns, and a **hint** "
       "under the banner at every step saying what to click and why, with the rule behind it.\n\n"
       "<details><summary><b>How to play, seeds, saves and the scenarios</b> (click to open)</summary>\n\n"
       "To move, click one of your vehicles of the platoon whose turn it is: the hatched green hexes "
       "are every legal end of its move (CEN-GRAV-2); click one, pick the move in the list on the right and "
       "press **Confirm**. In the Combat Phase the list shows each paint and fire declaration open to you with "
       "its to-hit breakdown and exact odds before you commit (CEN-SEQ-3, CEN-CMB-1). The log below shows every "
       "decision and every roll, latest first (its 400 latest lines; it says how many earlier ones it leaves out); "
       "the slider replays the game step by step. **Save** downloads the game to your "
       "computer (a served game: once it is over, see below); **Load** reads a saved game back and plays it on "
       "this page. The fan variant rules fold under the players' choice: open them to pick "
       "switches for the next game. Untick *Show hints* to play without the hints.\n\n"
       "Where the game is kept decides its dice and its undo. *Served* (`centurion serve`, the usual way to "
       "play): the game is kept on the server from your first decision. The page's address then names it, so a "
       "reload or a crash brings it back where it was, and the links above the map let a second player join from "
       "another browser (their seat) and spectators watch. The server rolls the dice with a seed of its own, "
       "shown once the game is over (then its **Save** link downloads it), so there is no Seed box, and "
       "every decision is "
       "final: the Undo button reads *No undo: game on server*. *Opened in Jupyter*, a game lives in its page "
       "only: each new game gets a fresh seed, shown next to the Seed box (*this game: seed …*); to play a game "
       "again, untick *new seed each game*, type its seed in the box and start a new game; **Undo** takes back "
       "your last decision while no die has been rolled for it.\n\n"
       "The computer plays at three levels. The *novice* is a beginner: it draws its move among its three best by "
       "the dice and fires at the nearest target it can hurt (the opponent of the guided first game). The "
       "*veteran* plays like a careful player: cover, the fire it takes weighed against the fire it deals, spread "
       "paints, focused fire. The *elite* is the veteran that also plays its best fire and painting options out to "
       "the end of the turn before it chooses; measured over hundreds of games it plays about even with the "
       "veteran, and thinks longer. Every computer decision's line in the log says why, and **Why?** shows the "
       "options it weighed.\n\n"
       "The scenarios: the *first game*, two tanks a side at the Blue River bridge, with a hint at every step; a "
       "*meeting engagement* of one platoon each at the same bridge; an *assault* on a "
       "village held by tanks in craters and infantry; a *pursuit* where two TOG platoons chase one Renegade "
       "platoon (the larger side moves two platoons at a time, CEN-SEQ-2). Victory points (chapter 20, *Leadership "
       "and victory*): 75 for each objective held at the end, each enemy vehicle destroyed its cost in scenario "
       "points.\n\n"
       "Infantry (the assault and the pursuit): a squad rides in its carrier (the pursuit's Vipers are APCs, one "
       "squad each) or stands in a hex. It gets out only where its carrier lands: a move that ends grounded is "
       "listed with *squad gets out*, and the squad may not move again that turn (CEN-MNT-1). On foot, click the "
       "squad, then a hex up to 3 away (CEN-INF-1; not into a building hex here), or pick *conceals* in the list; "
       "a squad in the hex of an empty friendly carrier at velocity 0 that has not moved yet may climb in instead. "
       "Squads move with their platoon, before its last vehicle moves: the platoon's movement ends with that "
       "vehicle (CEN-SEQ-2). Squads fire their own weapons in the Combat Phase, as vehicles do (chapter 19, "
       "*Infantry combat and the Vulcan*). Any unit holds an objective, a squad too: one of yours within 1 hex of it "
       "and no enemy unit within 1 hex at the end. A squad counts as destroyed, for 2 "
       "victory points (its cost: the rulebook leaves the value open), once 5 of its men are killed.\n\n</details>"),
    code("""
from centurion.widgets.hints import requested_scenario
from centurion.widgets.skirmish import SkirmishTable
table = SkirmishTable(requested_scenario("meeting"))  # ?scenario=first_game: the guided game; ?seed=1: a fixed seed
table
""", widget=True),
    md("## The scenarios\n\nEach side's goal, its Centurion's Leadership Rating (CEN-INI-1) and its platoons."),
    code("""
import pandas as pd
pd.set_option("display.max_colwidth", None)  # every goal in full (W12)
from centurion.data.scenarios import shipped_scenario
from centurion.game import scenarios
pd.DataFrame([{"Scenario": shipped_scenario(k).title, "Turns": shipped_scenario(k).turns,
               "Side": side.label, "Rating": side.rating, "Platoons": len(side.platoons),
               "Vehicles": sum(len(p.vehicles) for p in side.platoons), "Goal": side.goal}
              for k in scenarios() for side in shipped_scenario(k).sides]).set_index(["Scenario", "Side"])
"""),
]
