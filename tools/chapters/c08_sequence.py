"""Chapter 8: Sequence of play — the source of notebooks/08_sequence.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "Sequence of play"

CELLS = [
    md("# Sequence of play\n\n" + BACK +
       "A turn runs Initiative → Movement → Combat → End (CEN-SEQ-1). Each side rolls a d10 and the **lower** roll "
       "wins; the side whose Centurion outranks the other may subtract some of the difference, chosen before "
       "rolling, and ties are rolled again (CEN-INI-1). The winner picks side A or B. Platoons then move in "
       "turn, A first and B last, the side with at least twice as many platoons left moving them in twos (or "
       "threes...) (CEN-SEQ-2). A unit that starts at velocity 0 may skip its move to lie in wait with "
       "**opportunity fire**, shooting at enemies that move after it declared (CEN-OPP-1). In combat the "
       "initiative loser declares first and the winner last (CEN-SEQ-3).\n\n"
       "**Try it:** set the Centurions' ratings and roll; change the platoon counts and watch the timeline."),
    code(SETUP),
    code("""
from centurion.widgets import SequenceOfPlay
sequence = SequenceOfPlay()
sequence
""", widget=True),
    md("## Worked examples\n\nFive platoons against three move A1, B1, A2, B1, A2, B1 (CEN-SEQ-2)."),
    code("""
print(", ".join(f"{side}{n}" for side, n in rules.movement_order(5, 3)))
print("declarations, 3 units against 2:", ", ".join(rules.declaration_order(3, 2)))
r = rules.roll_initiative(Dice.scripted([4, 4, 6, 3]))
print("rolls", " then ".join(f"{a.result} against {b.result}" for a, b in r.rolls), "-> the", r.winner,
      "side wins after the tie")
"""),
    checks('check_book("book-a E2: five platoons against three", ", ".join(f"{side}{n}" for side, n in '
           'rules.movement_order(5, 3)), "A1, B1, A2, B1, A2, B1")'),
    md("A Horatius that ended last turn at 0, whose platoon is third to move, declares no movement: it may fire on "
       "platoons that move after it, not on the two that already have (CEN-OPP-1). The shot lands while the "
       "enemy is still moving, in the hex it has just entered: if it destroys the enemy or knocks out its grav "
       "drive, the enemy grounds right there; if it only damages it, the enemy flies the rest of its path with that "
       "damage (a lost TS&R halves its speed limits from the next hex on)."),
    code("""
print("At velocity 0 it", "may declare opportunity fire" if rules.opportunity_fire_refusal(0) is None else "may not")
for later in (0, 1, 3):
    verdict = "may" if rules.may_opportunity_fire_at(2, later) else "may not"
    print(f"It {verdict} fire at the enemy platoon that moves {['1st', '2nd', '3rd', '4th'][later]}.")
"""),
    checks('check_book("book-a E14: may fire at the platoons moving 1st, 2nd, 4th", [rules.may_opportunity_fire_at('
           '2, n) for n in (0, 1, 3)], [False, False, True])'),
]
