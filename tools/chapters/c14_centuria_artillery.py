"""Chapter 14: Centuria: artillery — the source of notebooks/14_centuria_artillery.ipynb."""

from chapters.common import BACK, CTA_SETUP, checks, code, md

TITLE = "Centuria: artillery"

CELLS = [
    md("# Centuria: artillery\n\n" + BACK +
       "The **ballista** reaches 5 hexes and the **tormentum** 6. A target must be seen by a friendly piece that "
       "touches the engine or is in its sight (an engine that sees the target spots for itself); the ballista "
       "must also see the target itself, while the tormentum may lob its shot over cover. A roll of 1 always "
       "misses, puts the engine out of action for the next round, and its crew must test morale. A shot at a "
       "target on the road is easier to hit. With a centurio ballista in command, each engine shoots twice a round "
       "(CTA-ART).\n\n"
       "**Try it:** click a Roman engine (B or M): its range is shaded. Then click an enemy: the panel says who "
       "spots it and whether the shot is allowed; *Shoot* rolls."),
    code(CTA_SETUP),
    code("""
from centurion.widgets import CenturiaTable
guns = replace(battle.placed("B-C2", "0806", 3).placed("B-C3", "0605", 3), phase="combat")
artillery_table = CenturiaTable(guns, mode="artillery")
artillery_table.click(parse_label("0910"))
artillery_table.click(parse_label("0806"))
artillery_table
""", widget=True),
    md("## Worked examples\n\nOut of range; then an enemy centuria at 0506, hidden from the engines by the trees "
       "at 0606–0706 but seen by the Roman cavalry: the ballista may not shoot (no indirect fire), the tormentum "
       "may. Its roll of 1 misses and puts it out of action, and its crew tests morale."),
    code("""
print(fire_refusal(replace(battle, phase="combat"), "R-B1", "B-C2"))
hidden = replace(battle.placed("B-C3", "0506", 3), phase="combat")
print("seen by:", ", ".join(spotters(hidden, hidden.piece("R-TO"), hidden.piece("B-C3"), tables)))
print("ballista from 0709:", fire_refusal(hidden.placed("R-B1", "0709"), "R-B1", "B-C3"))
print("tormentum:", "allowed" if fire_refusal(hidden, "R-TO", "B-C3") is None else fire_refusal(hidden, "R-TO", "B-C3"))
after, events = fire(hidden, "R-TO", "B-C3", Dice.scripted([1, 20]))
for e in events:
    print(e.text)
"""),
    checks('check_book("CTA-ART: the ballista, with no sight of its own, may fire", fire_refusal(hidden.placed('
           '"R-B1", "0709"), "R-B1", "B-C3") is None, False)',
           'check_book("CTA-ART: the tormentum, on a spotter\'s sight, may fire", fire_refusal(hidden, "R-TO", '
           '"B-C3") is None, True)'),
]
