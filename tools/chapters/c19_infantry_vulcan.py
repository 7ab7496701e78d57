"""Chapter 19: Infantry combat and the Vulcan — the source of notebooks/19_infantry_vulcan.ipynb."""

from chapters.common import BACK, SETUP, code, md

TITLE = "Infantry combat and the Vulcan"

CELLS = [
    md("# Infantry combat and the Vulcan\n\n" + BACK +
       "A squad of up to 8 men fires its personal weapons at anything within 3 hexes: **1 attack** if it moved, "
       "**2** if it stood still, **3** if it stood still and the target is in its own hex (close assault). "
       "Against a vehicle each hit "
       "lays an **IWF template** that shrinks with the squad: IWF 9 at full strength down to IWF 1 with one "
       "man left. Against infantry there is no terrain or shield modifier; a hit rolls on the **casualties "
       "table**, in the row of the weapon's damage (or the squad's IWF row), a d10 plus the terrain: the higher "
       "the roll, the more men die. A squad is destroyed when 5 of its men are dead (CEN-CMB-1).\n\n"
       "Squads may carry TVLG missiles and mortars (fewer as they lose men); a mortar fires directly or, at a "
       "painted target, indirectly; its AP round strikes every squad in a hex. A vehicle's **AP laser** fires "
       "only at infantry, one squad at a "
       "time, as infantry fire does, out to 3 hexes.\n\n"
       "A tank's **Vulcan** engages incoming missiles: the more it engages in a turn, the lower the number it "
       "must roll to shoot each one down (CEN-CMB-1).\n\n"
       "**Try it:** the casualties table as a live lookup, then the Vulcan's odds."),
    code("""
from centurion.widgets.fire_view import CasualtyLookup, VulcanOdds
CasualtyLookup(row=5, roll=6)
""", widget=True),
    code("VulcanOdds(rating=2, engaged=3)", widget=True),
    code(SETUP),
    md("## Squads firing\n\nA squad of 6 that stood still fires 2 attacks with IWF 7 at a tank 2 hexes ahead "
       "in light woods (front shield 7): 11 − 7 − 1 = 3. Having moved, a full squad fires once with IWF 9."),
    code("""
from centurion.hexgrid import from_offset
from centurion.rules import Refusal
from centurion.rules.targets import TargetView
from centurion.rules.infantry_fire import (SquadView, SquadAction, squad_fire, squad_strength, infantry_casualties,
                                           casualty_odds, personal_weapon_attacks)
m = map_from_rows(["." * 9] * 4 + ["....l...."] + ["." * 9] * 9)
shields = {"front": 7, "left": 6, "right": 6, "stern": 5, "bottom": 3}
tank = TargetView("tank", from_offset(5, 5), 0, shields=shields)
for men, moved in ((6, False), (8, True)):
    a = squad_fire(m, SquadView("s", from_offset(5, 3), men=men, moved=moved), SquadAction("personal", tank))
    attacks = f"{a.attacks} attack" + ("" if a.attacks == 1 else "s")
    print(f"{men} men, {'moved' if moved else 'stood still'}: {attacks}, template {a.template}, "
          f"{a.side} side, to hit {a.to_hit.value} or less ({a.to_hit.chance})")
far = squad_fire(m, SquadView("s", from_offset(5, 1), men=8), SquadAction("personal", tank))
print("from 4 hexes:", f"refused ({far.rule}): {far.reason}" if isinstance(far, Refusal) else far)
print("attacks: moved", personal_weapon_attacks(moved=True), "| still", personal_weapon_attacks(moved=False),
      "| same hex", personal_weapon_attacks(moved=False, same_hex=True))
print("| men | template | TVLGs | mortars |")
for men in range(8, 0, -1):
    st = squad_strength(men)
    print(f"| {men} | {st.template} | {st.tvlgs} | {st.mortars} |")
"""),
    md("## The casualties table\n\nRow 5 (a weapon of damage 5) read at each modified roll, and the exact odds of "
       "each outcome of an unmodified d10."),
    code("""
print("roll:   ", " ".join(f"{r:>2}" for r in range(-1, 11)))
print("killed: ", " ".join(f"{infantry_casualties(5, r):>2}" for r in range(-1, 11)))
print("an unmodified d10 on row 5:", ", ".join(f"{k} killed {p}" for k, p in sorted(casualty_odds(5).items())))
"""),
    md("## Mortars\n\nA mortar squad fires 2 rounds at full strength; against a vehicle each is an IWF 7 hit that "
       "ignores shields (base 8 at range 11, band 11-15, in light woods: 8 − 1 = 7); against infantry it rolls on "
       "the mortar row, with no terrain modifier to hit (base 8)."),
    code("""
m2 = map_from_rows(["." * 9] + ["....l...."] + ["." * 9] * 12)
tank2 = TargetView("tank", from_offset(5, 2), 3, shields=shields)
mortar = SquadView("m", from_offset(5, 13), kind="mortar")
a = squad_fire(m2, mortar, SquadAction("mortar", tank2))
print(f"at the tank, range {a.range}: {a.attacks} rounds, template {a.template}, to hit {a.to_hit.value}")
inf = squad_fire(m2, mortar, SquadAction("mortar", TargetView("i", from_offset(5, 2), kind="infantry")))
print(f"at infantry, range {inf.range}: casualty row {inf.casualty_row}, to hit {inf.to_hit.value}")
"""),
    md("## Worked example E25: a Vulcan-2 against three missiles\n\n"
       "A Horatius with a Vulcan-2 engages three incoming missiles this turn: each of its rolls shoots one down "
       "on **2** or less (chance 1/5). The table by rating and number engaged:"),
    code("""
from centurion.rules.damage import vulcan_kill_number
print("engaged:   1  2  3  4  5")
for rating in (1, 2, 3, 4):
    print(f"Vulcan-{rating}: ", "  ".join(str(vulcan_kill_number(rating, n) or "-") for n in range(1, 6)))
print("E25: Vulcan-2, three engaged -> kills on", vulcan_kill_number(2, 3))
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("book-a E25: a Vulcan-2 engaging three kills on", vulcan_kill_number(2, 3), 2)'),
]
