"""Chapter 20: Leadership and victory — the source of notebooks/20_leadership_victory.ipynb."""

from chapters.common import BACK, SETUP, code, md

TITLE = "Leadership and victory"

CELLS = [
    md("# Leadership and victory\n\n" + BACK +
       "Each side's **Centurion** has a Leadership Rating. The side whose Centurion rates higher holds the "
       "difference as its **Leadership Advantage** (CEN-INI-1). Each turn it may spend some of those points "
       "lowering its initiative roll (the lower roll wins, CEN-INI-1), and every 3 full points left over buy a "
       "**pass**: one of its platoons moves later in the sequence, right after any later platoon of its own side, "
       "or a later platoon moves at the very start of its side's part of the phase (CEN-INI-2, CEN-SEQ-2). A "
       "Centurion killed, knocked out, cut off from the comm or in a destroyed vehicle is "
       "**lost**: his rating falls to 0, the advantage is worked out again, and his side calls no more off-board "
       "support.\n\n"
       "A scenario buys forces with **scenario points** (1 per 100,000 talents of a vehicle's construction "
       "price, rounded up: by our rebuilt designs a Horatius costs 11, a Liberator 12). At the end, each side "
       "scores victory points — objectives held, enemy vehicles and squads destroyed, points left unspent — and "
       "the ratio of the two scores gives the level of victory: decisive at 3 to 1, substantive at 2 to 1, "
       "marginal at 3 to 2, else a draw.\n\n"
       "**Try it:** set the two ratings, the points spent on the initiative roll, lose the Renegade Centurion, "
       "and type two victory scores."),
    code("""
from centurion.widgets.leadership_view import LeadershipLab
LeadershipLab()
""", widget=True),
    code(SETUP),
    code("""
from centurion.rules import Refusal, roll_initiative
from centurion.rules.leadership import (Centurion, century_advantage, plan_leadership, roll_century_initiative,
                                        activation_sequence, pass_platoon, lose_centurion)
from centurion.rules.victory import victory_level, victory_points, battle_outcome, scenario_cost
"""),
    md("## Initiative with the leadership advantage\n\n"
       "A Renegade Centurion rated 4 against a TOG one rated 2 holds +2. Spending both points on the "
       "initiative roll, a 5 becomes 3 and beats the TOG's 4; nothing is left for a pass."),
    code("""
renegade, tog = Centurion(4), Centurion(2)
names = {"first": "Renegade", "second": "TOG", None: "neither side"}
def advantage(a, b):
    side, points = century_advantage(a, b)
    return f"{names[side]} holds +{points}"
print("advantage:", advantage(renegade, tog))
plan = plan_leadership(renegade, tog, on_initiative=2)
print(f"plan: the {names[plan.side]} side puts {plan.on_initiative} of its {plan.advantage} points on the roll, "
      f"{plan.passes} pass{'' if plan.passes == 1 else 'es'} left")
r = roll_century_initiative(Dice.scripted([5, 4]), renegade, tog, plan)
print(f"initiative: Renegade {r.totals[0]}, TOG {r.totals[1]} -> the {names[r.winner]} side wins (lower roll)")
from centurion.game.wording import counted
print(counted(str(plan_leadership(renegade, tog, on_initiative=3))))  # a refusal, its counts in words
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("book-b: rated 4 against 2, the advantage", century_advantage(renegade, tog), ("first", 2))\n'
         'check_book("book-b: a 5 less 2 against a 4 (lower wins)", (r.totals, r.winner), ((3, 4), "first"))'),
    md("## Passes\n\nRated 5 against 2, the Renegade holds 3: unused on the roll they buy one pass. His first "
       "platoon moves after his last one."),
    code("""
plan = plan_leadership(Centurion(5), tog, on_initiative=0)
print(f"advantage {plan.advantage}: {plan.passes} pass")
seq = activation_sequence(["R1", "R2", "R3"], ["T1", "T2", "T3"])
print("sequence:", " ".join(f"{side}:{p}" for side, p in seq))
passed = pass_platoon(seq, "R1", "R3", passes=plan.passes)
print("R1 passes:", " ".join(f"{side}:{p}" for side, p in passed))
print(pass_platoon(seq, "R1", "R3", passes=0))
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("book-b: 3 points unused on the roll buy", plan.passes, 1)'),
    md("## A lost Centurion\n\nThe Renegade Centurion falls: his Century is at 0, and the TOG side now holds +2."),
    code("""
lost = lose_centurion(renegade, "killed")
print("his Century's rating is now", lost.century_rating, "|", advantage(lost, tog))
print(lost.support_refusal())
r = roll_century_initiative(Dice.scripted([4, 5]), lost, tog, plan_leadership(lost, tog, on_initiative=2))
print(f"initiative: Renegade {r.totals[0]}, TOG {r.totals[1]} -> the {names[r.winner]} side wins")
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("book-b: a lost Centurion leaves his Century at", lost.century_rating, 0)\n'
         'check_book("book-b: then TOG holds", century_advantage(lost, tog), ("second", 2))'),
    md("## Scenario points and victory\n\nA medium tank costing 1,404,750 talents is worth 15 scenario points. "
       "One side holds an objective and destroys three vehicles and two squads; the other destroys one tank."),
    code("""
print("scenario points of the medium tank:", scenario_cost(1_404_750))
a = victory_points(objectives=1, vehicles_destroyed=[15, 15, 9], squads_destroyed=2, unspent=6)
b = victory_points(vehicles_destroyed=[15], unspent=12)
for name, vp in (("first", a), ("second", b)):
    print(name, "|", ", ".join(f"{label} {value}" for label, value, _ in vp.terms()), "| total", vp.total)
out = battle_outcome(a.total, b.total)
print("first:", out.result_of("first"), "| second:", out.result_of("second"))
print("| scores | level |")
for high, low in ((300, 100), (299, 100), (200, 100), (199, 100), (150, 100), (149, 100)):
    print(f"| {high} to {low} | {victory_level(high, low)} |")
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("book-b 15.1: 1,404,750 talents in scenario points", scenario_cost(1_404_750), 15)\n'
         'check_book("book-b 15.2: 75 + 15 + 15 + 9 + 2 x 2 + 6", a.total, 124)\n'
         'check_book("book-b 15.2: 15 + 12", b.total, 27)\n'
         'check_book("book-b 15.3: levels at 300, 299, 200, 199, 150, 149 to 100", [victory_level(h, 100) for h in '
         '(300, 299, 200, 199, 150, 149)], ["decisive", "substantive", "substantive", "marginal", "marginal", '
         '"draw"])'),
]
