"""Chapter 21: Variant rules — the source of notebooks/21_variant_rules.ipynb (seed 001, VAR-*)."""

from chapters.common import BACK, SETUP, code, md

TITLE = "Variant rules"

CELLS = [
    md("# Variant rules\n\n" + BACK +
       "In 1997 a player of Centurion published a set of **fan variants** (the project's sources call that "
       "document *seed 001*). Each is a **switch**: "
       "off by default, turned on for a game by the players. In the engine a game's switches are one value, a "
       "`RuleSet`, handed to every rule that a variant changes; with every switch off the engine gives exactly "
       "the basic rules' answers. Each section below explains one switch in a few lines of our own and puts "
       "the basic rule and the variant **side by side** on the same situation.\n\n"
       "The switches: VAR-INIT, VAR-OCCUPY, VAR-MOVETYPE, VAR-LATERAL, VAR-EMERGENCY, VAR-RAM, "
       "VAR-SELFDESTRUCT, VAR-SALVO, VAR-SHIELD, VAR-SPEEDMOD, VAR-WEAPONS.\n\n"
       "**Three sections of the seed have lost their text**: the *variant terrain table*, the *variant damage "
       "rules* and the *variant firing arcs*. They are named here as absent: the terrain costs of VAR-MOVETYPE "
       "are our assumptions (data, marked as such in `data/variants.yaml`), vane damage beyond the seed's "
       "numbers is our decision, and the basic firing arcs stay in force."),
    code(SETUP),
    code("""
from centurion.variants import RuleSet, VARIANTS
rules = RuleSet.from_names(["VAR-SHIELD", "VAR-MOVETYPE:thrust"])
print("A game with two switches on:", rules.describe())
same = RuleSet.from_names(rules.names) == rules
print("Naming the same switches again gives the same rules:", "yes" if same else "no")
print("With no switch on, the engine plays the basic rules:", "yes" if RuleSet() == RuleSet.basic() else "no")
print()
print("Every switch:")
for name, text in VARIANTS.items():
    print(f"{name:<17} {text}")
"""),
    md("## Shields as a stop roll, and the target's speed (VAR-SHIELD, VAR-SPEEDMOD)\n\n"
       "In the basic rules a shield simply lowers the to-hit number by its factor (CEN-CMB-1). Under VAR-SHIELD "
       "a laser, an MDC or a painting laser rolls to hit **as if there were no shield**; if it hits, a "
       "percentile roll follows and the shield **stops** the round on that roll or less (its chance grows "
       "with the rating, from 20% at rating 10 to 94% at 200). A stopped round gets no hit location and does "
       "no damage. Gauss shells and missiles keep the basic rules.\n\n"
       "VAR-SPEEDMOD makes a fast target harder to hit: 0 for speeds 0–1, then −1 down to −6 at 21 and "
       "above (a reversing target counts its speed).\n\n"
       "**Try it:** range, shield factor, the target's velocity and the weapon. Left, the basic to-hit; "
       "right, the variant's terms, the stop roll and the chance that the shot does damage."),
    code("""
from centurion.widgets.variants_view import FireSideBySide
FireSideBySide()
""", widget=True),
    code("""
from centurion.variants import shield_stop_chance, speed_modifier, shield_hit_chance, fire_side_by_side
from centurion.rules.fire import to_hit
print("Chance that the shield stops a hit, by shield rating:",
      ", ".join(f"{r}: {shield_stop_chance(r)}%" for r in (0, 10, 50, 70, 100, 200)))
print("To-hit modifier by the target's speed:",
      ", ".join(f"{v}: {speed_modifier(v):+d}" for v in (0, 1, 2, 5, 8, 12, 18, 25, -12)))
roll = to_hit(5, weapon="laser", shield_factor=7)   # range 5, shield 7: basic 10 - 7 = 3
side = fire_side_by_side(roll, weapon="laser", target_velocity=8)
print(f"A laser at range 5 against shield 7, the target at velocity 8: the basic rules do damage "
      f"{float(side.basic):.1%} of the time, the variants {float(side.variant):.1%}.")
print(f"A shot that needs 5 against a target standing still with a rating-0 shield gets through "
      f"{float(shield_hit_chance(5, 0)):.0%} of the time.")
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("VAR-SHIELD: stop chance at ratings 10, 50, 100, 200", [shield_stop_chance(r) for r in (10, '
         '50, 100, 200)], [20, 44, 65, 94])\n'
         'check_book("VAR-SPEEDMOD: at speeds 0, 1, 2, 5, 8, 12, 18, 25, -12", [speed_modifier(v) for v in (0, 1, '
         '2, 5, 8, 12, 18, 25, -12)], [0, 0, -1, -2, -3, -4, -5, -6, -4])'),
    md("### In the fire engine\n\n"
       "The same switches reach every shot of a game: the speed term is added when the fire is declared, and "
       "the stop roll follows a hit when the fire is resolved. Worked example E20 with the Liberator at velocity 8: "
       "the laser's basic 9 (range 7) − 1 (light woods) − 5 (right shield) = 3 becomes 9 − 1 − 3 (speed 8) = 5, "
       "and then the right shield (rating 50) stops a hit on 44 or less."),
    code("""
from centurion.data import map_from_rows
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import CombatUnit, declare_weapons_fire, resolve_fire
from centurion.rules.targets import Attack
rows = ["........"] * 12
rows[2] = ".l......"
m = map_from_rows(rows)
units = {"Horatius": CombatUnit("Horatius", "TOG", parse_label("0210"), 0, RecordSheet.of(horatius)),
         "Liberator": CombatUnit("Liberator", "RL", parse_label("0203"), 1, RecordSheet.of(liberator), velocity=8)}
for rs in (RuleSet(), RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])):
    plan = declare_weapons_fire(m, units, "Horatius", [Attack(1, "Liberator")], rules=rs)
    res = resolve_fire(plan, units, Dice.scripted([5, 30, 7, 3]), rules=rs)
    print(rs.describe()[0].upper() + rs.describe()[1:] + ":")
    for r in res.rolls:
        print("   ", r.describe())
"""),
    md("## Salvo fire (VAR-SALVO)\n\n"
       "Two or more identical direct-fire weapons in one location (the hull counts as one location, the turret "
       "as the other) may fire as a **salvo**: one roll for all of them, so they all hit or all miss. The "
       "basic rules roll each weapon on its own. Under VAR-SHIELD as well, each round of a salvo that hit "
       "gets its own stop roll (our decision). The weapons must be the same type and damage, direct fire (AP "
       "lasers count; missiles do not) and fire at one target. A salvo adds or costs nothing on average, so in "
       "the skirmish such mounts always fire in salvo when the switch is on; the Lupus scout of the pursuit "
       "scenario carries two identical lasers in its turret for it.\n\n"
       "**Try it:** range, shield, the number of identical mounts. Left, each mount rolls on its own; right, "
       "one roll for the salvo. The average is the same; the salvo makes the result all or nothing."),
    code("""
from centurion.widgets.variants_view import SalvoSideBySide
SalvoSideBySide()
""", widget=True),
    code("""
from centurion.variants import declare_salvo, salvo_odds, shield_shot
from centurion.variants.fire import SalvoWeapon
twin = [SalvoWeapon("3/6 laser", "laser", "8", "hull 1"), SalvoWeapon("3/6 laser", "laser", "8", "hull 2")]
print("With the basic rules there is no salvo:", declare_salvo(twin, RuleSet()).reason)
salvo = declare_salvo(twin, RuleSet.from_names(["VAR-SALVO"]))
print("Two twin lasers in one salvo at range 5 against shield 5, chance of each number of rounds getting through:")
for rs in (RuleSet.from_names(["VAR-SALVO"]), RuleSet.from_names(["VAR-SALVO", "VAR-SHIELD"])):
    shot = shield_shot(to_hit(5, weapon="laser", shield_factor=5), weapon="laser", rules=rs)
    odds = salvo_odds(salvo, shot)
    print(f"  {rs.describe()}: " + ", ".join(f"{k} round{'s' if k != 1 else ''} {float(p):.1%}"
                                           for k, p in sorted(odds.items())))
"""),
    md("## Lateral shift and emergency turns (VAR-LATERAL, VAR-EMERGENCY)\n\n"
       "**VAR-LATERAL**: instead of a facing change a grav tank may slide one hex to its forward-left or "
       "forward-right **without turning**, for 1 thrust point plus the hex's velocity cost; the facing change "
       "table still decides when it may do so (CEN-GRAV-4).\n\n"
       "**VAR-EMERGENCY**: a driver who has not flown far enough straight may pump thrust into a turning vane: "
       "each thrust point removes one required straight hex. The vane then takes three rolls — burnout, damage "
       "(a failure crosses a vane box) and short circuit — whose targets fall with the thrust pumped in and with "
       "every vane box already lost. A short puts the vane out for the next turn only; a burnout loses it for "
       "the game. An emergency turn still needs one hex flown straight since the last turn (the seed always "
       "turns after one hex).\n\n"
       "**Try it:** a Liberator in the open. Green: every hex where the basic rules let it end; orange: hexes "
       "only the variants reach. The table lists the new end states with their thrust and the exact chance of "
       "taking no damage (the vane rolls included)."),
    code("""
from centurion.widgets.variants_view import LegalMovesSideBySide
LegalMovesSideBySide()
""", widget=True),
    md("### The seed's example: a Liberator at velocity 14\n\n"
       "At 14 the table asks for more straight hexes than the Liberator has flown; to turn after one hex it "
       "needs **2 thrust points**, and the three vane rolls are against **7, 6 and 7**. Here the dice say 5 "
       "(no burnout), 9 (above 6: one vane box lost) and 1 (no short)."),
    code("""
from centurion.variants import emergency_turn_cost, emergency_turn_targets, roll_vane_saves
burn, box, short = emergency_turn_targets(2)
print(f"Turning after one hex at velocity 14 takes {emergency_turn_cost(14, 1)} thrust points; the vane then saves "
      f"on {burn} (burnout), {box} (damage) and {short} (short circuit) or less.")
burn, box, short = emergency_turn_targets(2, vane_boxes_lost=1)
print(f"With one vane box already lost the saves are {burn}, {box} and {short}.")
dice = Dice.scripted([5, 9, 1])
res = roll_vane_saves(dice, 2, side="left")
for r in dice.log:
    print("   ", r.describe())
lost = f"{res.boxes_lost} box" + ("" if res.boxes_lost == 1 else "es")
print(f"The vane {'burns out' if res.burned_out else 'does not burn out'}, loses {lost} and "
      f"{'shorts out for the next turn' if res.shorted else 'does not short'}.")
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("VAR-EMERGENCY seed: thrust to turn after one hex at 14", emergency_turn_cost(14, 1), 2)\n'
         'check_book("VAR-EMERGENCY seed: the three targets", tuple(emergency_turn_targets(2)), (7, 6, 7))\n'
         'check_book("VAR-EMERGENCY: dice 5, 9, 1: burnout, boxes lost, short", ("yes" if res.burned_out else "no", '
         'res.boxes_lost, "yes" if res.shorted else "no"), ("no", 1, "no"))'),
    md("## Ramming (VAR-RAM)\n\n"
       "The basic rules have no ramming. Under VAR-RAM a tank declares a ram before it moves and must end in "
       "its victim's hex still moving. After the Combat Phase both roll a d10 and add piloting, familiarity, "
       "modifiers and — for the one with more thrust — the difference; the one with the higher total may "
       "declare the ram a hit or a miss, and ties go to the defender. A victim that cannot move (grounded, a "
       "building) is hit unless the rammer rolls a 1 on its d10. A ram that connects does 12 × the rammer's "
       "velocity to the victim and 8 × to the rammer, laid on like grounding damage.\n\n"
       "**Try it:** the bonuses and the rammer's velocity."),
    code("""
from centurion.widgets.variants_view import RamSideBySide
RamSideBySide()
""", widget=True),
    md("### The seed's example: a Trajan beats a Liberator, 13 to 11\n\n"
       "A Liberator rams a Trajan. Each adds its piloting 5; the Liberator adds 2 for its higher thrust, the "
       "Trajan's crew 2 for familiarity: both bonuses are 7. The Liberator rolls 4 (11), the Trajan 6 (13): the "
       "Trajan dodges, nobody is hurt."),
    code("""
from centurion.variants import ram_bonus, resolve_ram, ram_hit_chance, ram_damage
trajan = vehicles["trajan"]
attacker = ram_bonus(5, thrust=liberator.max_thrust, other_thrust=trajan.max_thrust)
defender = ram_bonus(5, familiarity=2, thrust=trajan.max_thrust, other_thrust=liberator.max_thrust)
res = resolve_ram(Dice.scripted([4, 6]), attacker, defender, 5)
print(f"Bonuses: Liberator +{attacker}, Trajan +{defender}; totals {res.attacker_total} against "
      f"{res.defender_total}: {'the ram hits' if res.success else 'the Trajan dodges'}.")
to_victim, to_rammer = ram_damage(5)
print(f"With these bonuses a ram connects {float(ram_hit_chance(attacker, defender)):.0%} of the time; at velocity 5 "
      f"it does {to_victim} points to the victim and {to_rammer} to the rammer.")
"""),
    code('from centurion.widgets.checks import check_book\n'
         'check_book("VAR-RAM seed: Liberator 4 + 5 + 2, Trajan 6 + 5 + 2", (res.attacker_total, '
         'res.defender_total), (11, 13))\n'
         'check_book("VAR-RAM seed: the ram hits", "yes" if res.success else "no", "no")'),
    md("## Initiative and activation by platoon (VAR-INIT)\n\n"
       "The basic turn moves every platoon, then lets everybody fire (CEN-SEQ-2, CEN-SEQ-3). Under VAR-INIT "
       "the turn has an **Initiative**, an **Action** and an **End** phase. Both sides roll a d10 and may add "
       "rating points, +1 each (a Centurion with a negative rating must spend all of it, −1 each); unlike the "
       "basic roll, the higher total wins, and the winner chooses who starts. In the Action Phase the sides take "
       "turns **activating** one platoon, which moves, paints and fires at once, with damage at once. A larger "
       "side activates its extra platoons in pairs (triples only where taking turns leaves no other way), as "
       "evenly as possible: six "
       "platoons against two go 2, 2, 2, with the bigger groups in the middle when they cannot be even. Carried "
       "infantry belong to their vehicle's platoon until they dismount; from then on a squad is an element of "
       "its own. Opportunity fire belongs to units that were standing still at the end of the last turn (or "
       "stopped in their own activation) and have not fired, and a grav tank hovering behind cover may pop up "
       "to attack.\n\n"
       "**Try it:** the number of platoons of each side."),
    code("""
from centurion.widgets.variants_view import ActivationSideBySide
ActivationSideBySide()
"""  , widget=True),
    code("""
from centurion.variants import activation_side_by_side
def turns(order):
    return ", ".join(f"{'first' if who in ('A', 'first') else 'second'} side {n}" for who, n in order)

for a, b in ((5, 3), (6, 2), (4, 4)):
    side = activation_side_by_side(a, b)
    print(f"{a} platoons against {b}:")
    print(f"  basic movement order: {turns(side.basic)}")
    print(f"  variant activations:  {turns(side.variant)}")
"""),
    md("## Movement types (VAR-MOVETYPE)\n\n"
       "The basic rules have one kind of vehicle that flies (grav) and one that drives (ground). VAR-MOVETYPE "
       "adds wheeled, tracked and hover vehicles. Wheeled vehicles get +2 movement points on top of their base; "
       "hover vehicles need lifting engines half the weight of a grav drive; terrain marked NA on a type's "
       "table cannot be entered by it. On roads, for a whole turn spent on the road: wheeled ×1.5 on gravel "
       "and ×2 on paved roads, tracked ×1.5 on prepared roads, hover and grav ×2 on any road. For a grav tank "
       "that means 200%: a move that starts on a road and enters only hexes along it may go up to twice its "
       "velocity in hexes (fewer is no grounding; the first hex off the road ends the bonus). For grav tanks "
       "every hex costs 1 velocity point (plus the slope) while "
       "it moves; what the terrain costs beyond that is either **burned off** the velocity at the end of the "
       "move or **paid in thrust** (the two sub-options, `VAR-MOVETYPE:burn` and `VAR-MOVETYPE:thrust`). The "
       "seed's own terrain table is **absent**: our costs are assumptions (`data/variants.yaml`), chosen so that "
       "a hex costs in all what the basic rules charge. Only grav vehicles take part in the skirmish; the "
       "wheeled, tracked and hover rules are shown here.\n\n"
       "**Try it:** a Liberator flying straight into woods. Each row is a run of that many hexes: refused, "
       "grounded (velocity points left unspent), or where and how fast it ends."),
    code("""
from centurion.widgets.variants_view import MoveTypeSideBySide
MoveTypeSideBySide()
""", widget=True),
    code("""
from centurion.variants import road_multiplier, movement_points
from centurion.variants.compare import straight_runs_side_by_side
for surface in ("paved", "gravel"):
    print(f"A whole turn on a {surface} road multiplies movement by: "
          + ", ".join(f"{t} ×{road_multiplier(t, surface):g}" for t in ("wheeled", "tracked", "hover", "grav")))
print("A wheeled vehicle of base 6 MP, a whole turn on a paved road:",
      movement_points("wheeled", 6, road="paved", whole_turn_on_road=True), "movement points")
from centurion.rules.grav import Refusal
woods = map_from_rows(["hhh"] * 8 + ["..."])
from centurion.rules import GravState, Refusal
start = GravState.of(liberator, parse_label("0209"), 0, 6)
side = straight_runs_side_by_side(start, liberator, woods, most=4)
def show(r):  # as the table above: refused, grounds (velocity points left unspent) or ends
    if isinstance(r, Refusal):
        return "refused"
    run = getattr(r, "basic", r)
    return f"{'grounds' if run.grounds else 'ends'} at velocity {run.end_velocity}"
for k, (b, burn, tp) in enumerate(zip(side.basic, side.variant["burn"], side.variant["thrust"]), start=1):
    hexes = "1 hex" if k == 1 else f"{k} hexes"
    print(f"{hexes} of heavy woods: basic rules {show(b)}; burned off {show(burn)}; paid in thrust {show(tp)}")
from centurion.variants import VariantMove, resolve_variant_move
road = map_from_rows(["..."] * 12, roads=[" ".join(f"01{r:02d}" for r in range(12, 0, -1))])
on_road = GravState.of(liberator, parse_label("0112"), 0, 5)   # velocity 5, facing up the road
for n in (5, 10, 11):
    for rs in (RuleSet(), RuleSet.from_names(["VAR-MOVETYPE"])):
        r = resolve_variant_move(on_road, VariantMove(steps="F" * n), road, liberator, rs)
        what = "refused" if isinstance(r, Refusal) else f"ends in {format_label(r.end_hex)}"
        print(f"{n} hexes along the road at velocity 5, {rs.describe()}: {what}")
"""),
    md("## Self-destruction (VAR-SELFDESTRUCT)\n\n"
       "A crew that must abandon its tank may set it to blow up: a piloting (or gunnery) check with the tank's "
       "damage modifiers; on a success the tank explodes one to three turns later (the seed says minutes; a "
       "turn is a minute, so we roll a d3). The basic rules only let the crew bail out.\n\n"
       "**Try it:** the crew's skill and the damage modifiers."),
    code("""
from centurion.widgets.variants_view import SelfDestructSideBySide
SelfDestructSideBySide()
""", widget=True),
    md("## Where in a hex a unit stands (VAR-OCCUPY)\n\n"
       "A hex is 200 m across, and woods or buildings often cover only part of it. In the basic rules the "
       "terrain fills the whole hex. Under VAR-OCCUPY a unit entering a partly covered hex says where it stands: "
       "**in** the cover (the basic reading) or **out** in the open part, with that part's terrain and level. "
       "It must take the cover when the terrain fills the hex, when the hex holds a barricade or rubble, when "
       "the hexside it crosses is covered along its whole length, or when a feature crosses the hex and it "
       "leaves on the far side. Maps list such hexes in an optional `partial_terrain` field; the skirmish "
       "scenarios have one for every wood edge.\n\n"
       "**Try it:** the cover in the target's hex, the level of its open part, and woods in front of it."),
    code("""
from centurion.widgets.variants_view import OccupySideBySide
OccupySideBySide()
""", widget=True),
    code("""
from centurion.data.partial_hexes import PartialHex
from centurion.hexgrid import from_offset
from centurion.variants.compare import occupy_side_by_side
row = map_from_rows([".", ".", ".", ".", "l", "h"])   # a laser in 0101, light woods in 0105, the tank in 0106
firer, target = from_offset(1, 1), from_offset(1, 6)
parts = {target: PartialHex(target, "heavy_woods", "clear", 0, 1)}   # heavy woods at level 0, open ground at 1
side = occupy_side_by_side(row, parts, firer, target)
for name, shot in (("Basic rules (the woods fill the hex)", side.basic), ("Standing in the woods", side.variant["in"]),
                   ("Standing out in the open part", side.variant["out"])):
    odds = "" if shot.roll is None else f": hit on {shot.roll.value} or less ({float(shot.roll.chance):.0%})"
    print(f"{name}: the laser {'sees' if shot.sight.seen else 'does not see'} the tank{odds}")
"""),
    md("## Weapons per location and the crew's roles (VAR-WEAPONS)\n\n"
       "The engine's rating sets a tank's class — light up to 1500, medium to 2000, heavy to 2500 — and the class "
       "caps the weapons each location (hull 1, hull 2, turret) carries at 3, 4 or 5, plus one AP laser or "
       "Vulcan (a Vulcan only in the turret). In battle the crew splits the work: the **gunner** fires direct-fire "
       "weapons and missiles, at most 8 systems a turn; the **commander** fires the painting laser, missiles and "
       "AP lasers, and takes over the gunner's 8 when the gunner is out; the **driver** may fire too, at −2 and "
       "with a piloting roll, and each weapon he fires cuts next turn's speed limits by a third. In the basic "
       "rules any weapon may fire while the gunner or the commander is able.\n\n"
       "**Try it:** a vehicle, and who of its crew is still able."),
    code("""
from centurion.widgets.variants_view import CrewSideBySide
CrewSideBySide()
""", widget=True),
    code("""
from centurion.variants import weapons_per_location, driver_speed_limit
from centurion.variants.crew import vehicle_weapon_layout
for rating in (1200, 1500, 1800, 2400, 2600):
    n = weapons_per_location(rating)
    print(f"Engine rating {rating}: " + (f"{n} weapons a location" if n is not None else "above the heavy class: no "
                                         "quota in the variant"))
print("After the driver fired two weapons, a speed limit of 9 becomes", driver_speed_limit(9, 2))
fit = [v.label for key, v in vehicles.items() if v.kind == "grav" and vehicle_weapon_layout(v) == ()]
print("Grav tanks of the game within their quota:", ", ".join(fit))
"""),
    md("## In the skirmish\n\n"
       "The Skirmish page offers every switch at set-up, records them in the game and its save, and plays them: "
       "the variant turn of VAR-INIT (platoon activations with immediate fire), positions in partly wooded hexes, "
       "movement costs burned off or paid in thrust, lateral shifts and emergency turns among the legal moves "
       "(with their thrust and odds; searched at every acceleration up to velocity 6, at the present velocity "
       "up to 12, and up to 20 with one emergency turn a path), 200% moves along the roads, rams declared with a "
       "move, self-destruction in the End Phase, the crew's roles in each fire declaration (the log says when the "
       "commander fires for a gunner who is out, or the driver fires), salvos of identical mounts (the Lupus's "
       "twin lasers), shield stop rolls and the speed modifier (also on infantry fire, and at the speed a "
       "target flies at when it is shot on opportunity). The log names the variant behind every roll it "
       "changes, and the computer opponent uses the switches too: it takes the road, skirts the edges of woods "
       "through their open parts, and sets the charge in a tank that can neither move nor fight. Wheeled, "
       "tracked and hover vehicles appear in no scenario (`docs/decisions.md` records every choice the seed "
       "leaves open)."),
]
