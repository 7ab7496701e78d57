"""The variant turn sequence played by the skirmish (VAR-INIT): Initiative, Action and End phases.

With the switch on, `Skirmish` hands its turn sequence to these functions (docs/decisions.md, "VAR-INIT in the
skirmish"): each side whose Centurion has rating points to choose spends 0..rating on the initiative roll (a
negative rating is spent whole, at once), `roll_variant_initiative` rolls (ties again), the winner chooses who
activates first (`Order`), and the sides activate platoons in `activation_order` (the larger side's extra
platoons in pairs or triples through the middle). An activated platoon moves its vehicles and squads (the basic
move machinery, lateral shifts and emergency turns too), then its units declare painting (resolved at once),
then fire, resolved at once with internals and infantry losses applied before the next activation. Variant
opportunity fire (`may_opportunity_fire`) and pop-up attacks (`pop_up_attack`) come from `centurion.variants`.
The seed: "All attacks are resolved immediatly--all damage also takes effect immediatly."
"""

from __future__ import annotations

from dataclasses import replace

from ..dice import Dice
from ..hexgrid import distance
from ..rules.grav import Refusal
from ..rules.resolution import SquadOrder, combat_phase
from ..rules.sight import line_of_sight, unit_level
from ..rules.targets import FirePlan
from ..variants.activation import activation_order, may_opportunity_fire, pop_up_attack, roll_variant_initiative
from .actions import Action, Leadership, Order, Pass, Watch
from .base import taken_rolls
from .crew import resolve_driver_fire
from .fire_log import fire_lines, variant_terms
from .state import GameState as Skirmish
from .state import Vehicle
from .variants import occupy_map_for, positions_in_play
from .wording import plural

RULE = "VAR-INIT"
TAG = f"[{RULE}]"
POP_UP_LEVELS = 1  # a pop-up rises one level above its hex to see over the cover (decision)


def on(s: Skirmish) -> bool:
    """Whether the game plays the variant turn sequence (VAR-INIT)."""
    return s.rules.enabled(RULE)


# --- Initiative Phase ----------------------------------------------------------------------------------------

def rating(s: Skirmish, side: str) -> int:
    """The side's rating points this turn: the Centurion's rating, 0 once he is lost (book-b §3.5, VAR-INIT)."""
    return s.centurion(side).century_rating


def choosers(s: Skirmish) -> tuple[str, ...]:
    """The sides with rating points to choose (a positive rating), in scenario order (VAR-INIT)."""
    return tuple(side for side in s.sides if rating(s, side) > 0)


def start_initiative(s: Skirmish, dice: Dice) -> Skirmish:
    """The Initiative Phase: the first side with points to choose decides, or the roll happens at once."""
    who = choosers(s)
    if who:
        return replace(s, phase="initiative", active=who[0], spent=())._fresh()
    return roll(replace(s, spent=()), dice)


def initiative_actions(s: Skirmish) -> list[Action]:
    """Spend 0..rating points on the initiative roll (VAR-INIT)."""
    return [Leadership(k) for k in range(rating(s, s.active) + 1)]


def spend(s: Skirmish, points: int, dice: Dice) -> Skirmish:
    """The active side spends `points`; once every side with a choice has spent, roll (VAR-INIT)."""
    nxt = replace(s, spent=s.spent + ((s.active, points),))._fresh()
    left = [side for side in choosers(nxt) if side not in dict(nxt.spent)]
    if left:
        return replace(nxt, active=left[0])._fresh()
    return roll(nxt, dice)


def roll(s: Skirmish, dice: Dice) -> Skirmish:
    """Both sides roll d10 + points spent (a negative rating spent whole), ties again; the winner chooses who
    activates first (VAR-INIT)."""
    a, b = s.sides
    spent = dict(s.spent)
    ra, rb = rating(s, a), rating(s, b)
    start = len(dice.log)
    res = roll_variant_initiative(dice, rating_first=ra, rating_second=rb,
                                  spend_first=spent.get(a, ra if ra < 0 else 0),
                                  spend_second=spent.get(b, rb if rb < 0 else 0), names=(s.label(a), s.label(b)))
    if isinstance(res, Refusal):  # the actions offered keep within the rating: this is a bug, not a player error
        raise AssertionError(res)
    winner = a if res.winner == "first" else b
    lines = taken_rolls(dice, start)
    ties = len(res.rolls) - 1
    lines.append(f"  initiative: {s.label(winner)} wins (totals {res.totals[0]} and {res.totals[1]}, rating points "
                 f"{res.bonuses[0]:+d} and {res.bonuses[1]:+d}"
                 + (f", {plural(ties, 'tie')} rolled again" if ties else "")
                 + f"); it chooses who activates first {TAG}")
    return replace(s, phase="order", active=winner, initiative_winner=winner, leadership_used=spent.get(winner, 0),
                   passes=0)._log(*lines)._fresh()


# --- Action Phase --------------------------------------------------------------------------------------------

DISMOUNTED = " / {key} dismounted"  # the name of a dismounted squad's own element: its platoon's, then this


def home_platoon(platoon: str) -> str:
    """The platoon an element belongs to (a dismounted squad's element names its platoon first) (VAR-INIT)."""
    return platoon.split(" / ", 1)[0]


def element(s: Skirmish, q) -> str:
    """The element a squad activates with (VAR-INIT): aboard a vehicle, that vehicle's platoon; dismounted from a
    platoon that has vehicles, an element of its own (the seed: carried infantry belong to the platoon "until they
    dismount, at which point they form a separate element"); a squad that started the game on foot stays in its
    platoon."""
    if q.aboard is not None:
        return s.vehicle(q.aboard).platoon
    carried = {r.id for side in s.scenario.sides for p in side.platoons for r in p.squads if r.aboard}
    if q.key in carried or q.platoon != home_platoon(q.platoon):
        return home_platoon(q.platoon) + DISMOUNTED.format(key=q.key)
    return q.platoon


def separate_elements(s: Skirmish) -> Skirmish:
    """The squads relabelled with their element (`element`): done as each Action Phase starts, so that a squad that
    dismounted last turn activates on its own from now on (VAR-INIT)."""
    squads = tuple(replace(q, platoon=element(s, q)) for q in s.squads)
    return s if squads == s.squads else replace(s, squads=squads)._fresh()


def platoons(s: Skirmish, side: str) -> list[str]:
    """The side's elements with a live vehicle or a dismounted squad with men, in scenario order, each platoon's
    dismounted squads right after it as elements of their own (VAR-INIT, `element`)."""
    names = [p.name for p in s.scenario.side(side).platoons]
    live = {v.platoon for v in s.live_vehicles(side)}
    squads = [element(s, q) for q in s.squads if q.side == side and q.hex is not None and q.men > 0]
    live |= set(squads)
    out = []
    for n in names:
        out += [n] if n in live else []
        out += sorted({e for e in squads if e != n and home_platoon(e) == n})
    return out


def start_activations(s: Skirmish, first: str) -> Skirmish:
    """The Action Phase: the activations in `activation_order`, each side's elements in scenario order."""
    s = separate_elements(s)
    second = s.other(first)
    queues = {first: platoons(s, first), second: platoons(s, second)}
    order = activation_order(len(queues[first]), len(queues[second]), first_side="first",
                             middle=s.rules_edition >= 4)  # two slots: the extras nearer the middle (edition 4)
    seq: list[tuple[str, str]] = []
    for who, n in order:
        side = first if who == "first" else second
        for _ in range(n):
            seq.append((side, queues[side].pop(0)))
    groups = ", ".join(f"{s.label(first if who == 'first' else second)} {n}" for who, n in order)
    nxt = replace(s, first=first, phase="movement", sequence=tuple(seq), passes=0)._fresh()
    nxt = nxt._log(f"  activation order: {', '.join(p for _s, p in seq)} (platoons per activation: {groups}) {TAG}")
    return next_activation(nxt, None)


def describe(s: Skirmish, action: Action) -> str | None:
    """The words for a decision the variant changes (None: the action's own words)."""
    if isinstance(action, Leadership):
        return f"spends {plural(action.points, 'rating point')} on the initiative roll"
    if isinstance(action, Order):
        return "activates a platoon first" if action.move_first else "lets the enemy activate a platoon first"
    if isinstance(action, Watch):
        return (f"{action.unit} stays at velocity 0 (it still paints and fires with its platoon; if it holds its "
                "fire it may fire on opportunity later this turn)")
    return None


def next_mover(s: Skirmish) -> Skirmish:
    """The next vehicle to move in the platoon being activated, or its painting and fire once all have moved."""
    s = replace(s, phase="movement", pending_move=None)._fresh()
    if not s.sequence:
        return s
    if s.movers() or (s.rules_edition >= 2 and s.squads_alone() and s.waiting_squads()):  # an element of squads
        return replace(s, active=s.sequence[0][0])._fresh()  # alone walks too (audit of session 50; edition 2)
    return start_declarations(s, "painting", None)


def in_activation(s: Skirmish, side: str) -> set[str]:
    """The units of the platoon being activated (its vehicles and its squads) (VAR-INIT)."""
    if not s.sequence or s.sequence[0][0] != side:
        return set()
    platoon = s.sequence[0][1]
    return {v.key for v in s.vehicles if v.side == side and v.platoon == platoon} | \
           {q.key for q in s.squads if q.side == side and q.platoon == platoon}


def start_declarations(s: Skirmish, phase: str, dice: Dice | None) -> Skirmish:
    """The activated platoon's painting (or fire) declarations, one unit at a time; units with nothing to declare
    are skipped (VAR-INIT)."""
    if not s.sequence:
        return end_activations(s, dice)
    side = s.sequence[0][0]
    tmp = replace(s, phase=phase, declared=frozenset(), queue=(), pending_move=None, active=side)._fresh()
    units = tmp._painters(side) if phase == "painting" else tmp._firers(side)
    eligible = [k for k in units if (tmp.paint_actions(k) if phase == "painting" else tmp.fire_actions(k))[:-1]]
    nxt = replace(tmp, queue=(side,) * len(eligible), declared=frozenset(k for k in units if k not in eligible))
    return nxt._fresh()._next_declarer(dice)


def resolve_activation_fire(s: Skirmish, dice: Dice) -> Skirmish:
    """The activated platoon's fire, resolved at once: each firing unit in the order declared (armor at once),
    then internal damage and infantry losses, all before the next activation (VAR-INIT, CEN-SEQ-3)."""

    live = dict(s.combat_units())
    terms: list[str] = []
    if any(v.driver_fire for v in s.vehicles):  # the drivers' shots first, -2 each (VAR-WEAPONS, game/crew.py)
        live, terms = resolve_driver_fire(s, live, dice, firers={f[0] for f in s.fires})
    decls: list[SquadOrder | FirePlan] = []
    for firer, target, *weapon in s.fires:
        if weapon:  # a squad's order, checked by the engine as declared (book-a §16)
            decls.append(SquadOrder(firer, weapon[0], target))
            continue
        plan = s.attack_set(s.vehicle(firer), target)  # declared now: a pop-up term stays in it
        if plan is not None:
            terms += variant_terms(firer, plan)
            decls.append(plan)
    men = {k: u.men for k, u in live.items() if u.kind == "infantry"}  # before the fire (book-a 14.1)
    res = combat_phase(s.battlemap, live, decls, dice, turn=s.turn, rules=s.rules,
                       map_for=occupy_map_for(s) if positions_in_play(s) else None,  # VAR-OCCUPY
                       squad_smoke=s.squad_smoke)
    live, reports, casualties = res.units, res.internals, res.casualties
    side, platoon = s.sequence[0]
    head = [f"  {platoon} fires: every attack resolved and all damage applied now {TAG}"] if s.fires else []
    nxt = s._absorb(live, reports, casualties, *head, *terms, *fire_lines(res, men))
    if getattr(nxt, "rams", ()):  # VAR-RAM with VAR-INIT: rams resolve at the end of the rammer's activation
        nxt = nxt.resolve_rams(in_activation(s, side), dice)
    fired = nxt.fired | {f[0] for f in s.fires}
    nxt = replace(nxt, fired=fired, paints=(), fires=(), declared=frozenset(), queue=(),
                  sequence=nxt.sequence[1:])._fresh()
    return next_activation(nxt, dice)


def next_activation(s: Skirmish, dice: Dice | None) -> Skirmish:
    """On to the next activation that has a unit left to act, or to the End Phase (VAR-INIT)."""
    while s.sequence:
        side, platoon = s.sequence[0]
        if platoon in platoons(s, side):
            s = s._log(f"  activation: {s.label(side)}, {platoon} {TAG}")
            return next_mover(s)
        s = replace(s, sequence=s.sequence[1:])._fresh()
    return end_activations(s, dice)


def end_activations(s: Skirmish, dice: Dice | None) -> Skirmish:
    """Every platoon has acted: the End Phase as in the basic turn."""
    return s._end_phase(dice if dice is not None else s.dice_of(len(s.history)))


# --- opportunity fire and pop-up attacks ---------------------------------------------------------------------

def start_velocity(s: Skirmish, key: str) -> int:
    """A vehicle's velocity at the end of last turn (the start of this one)."""
    return dict(s.start_velocities).get(key, s.vehicle(key).velocity)


def opportunity_refusal(s: Skirmish, v: Vehicle) -> Refusal | None:
    """None if `v` may fire on opportunity now, else why not (VAR-INIT, the seed's two conditions): stationary
    (velocity 0) at the end of last turn and it has not fired this turn, whatever it did since; or it dropped to
    velocity 0 in its own activation (and has not fired)."""
    if v.key in s.fired or v.key in s.opp_fired:
        return Refusal(RULE, f"{v.key} has already fired this turn")
    return may_opportunity_fire(s.rules, velocity_end_of_last_turn=start_velocity(s, v.key), fired_this_turn=False,
                                dropped_to_zero_in_own_activation=v.key in s.done and v.velocity == 0)


def watchers(s: Skirmish) -> list[Vehicle]:
    """The vehicles of the side not moving that may fire on opportunity at the mover now (VAR-INIT)."""
    side = s.combat_units()[s.pending_move[0]].side  # a vehicle, or a squad on foot (rules edition 2)
    return [v for v in s.live_vehicles(s.other(side))
            if v.sheet.may_fire and opportunity_refusal(s, v) is None]


def pop_up_plan(s: Skirmish, firer: Vehicle, target_key: str) -> FirePlan | None:
    """A pop-up attack at a target the firer cannot see from its hex (VAR-INIT): a grav tank at velocity 0 since
    the start of the turn rises one level over its cover, fires with +1 to its roll (target -1) and drops down;
    a friendly unit must see the target (the spotter). None when it is not a pop-up attack."""
    units = s.combat_units()
    target = units.get(target_key)
    if target is None or firer.key not in units or firer.sheet.vehicle.kind != "grav":
        return None
    if start_velocity(s, firer.key) != 0 or firer.velocity != 0 or firer.key in s.fired:
        return None
    bm = s.battlemap
    spotters = [u for k, u in units.items() if u.side == firer.side and k != firer.key]
    if not any(line_of_sight(bm, u.hex, target.hex).seen for u in spotters):
        return None
    plan = s._attack_set(firer, target_key, None, False, level=unit_level(bm, firer.hex) + POP_UP_LEVELS)
    if plan is None:
        return None
    attacks = []
    for ra in plan.attacks:
        roll = pop_up_attack(s.rules, ra.to_hit, grav=True, start_velocity=0, behind_cover=True, spotter=True)
        if isinstance(roll, Refusal):
            return None
        attacks.append(replace(ra, to_hit=roll))
    return replace(plan, attacks=tuple(attacks))


BANNERS = {
    "initiative": "spend rating points on the initiative roll, +1 each (a negative rating is spent whole) [VAR-INIT]",
    "order": "won the initiative: choose who activates a platoon first [VAR-INIT]",
    "movement": "activate {platoon}: move each vehicle (pick it, then a shaded end hex), march its squads; then it "
                "paints and fires at once; before it acts you may pass it to activate another of your platoons "
                "first [VAR-INIT, CEN-GRAV]",
    "opportunity": "an enemy moved in sight of a stationary unit that has not fired: fire on opportunity at one hex "
                   "of its move, or let it pass [VAR-INIT]",
    "painting": "{platoon} declares painting: pick a unit and the enemy it paints, or none; the paints are rolled "
                "as soon as the platoon has declared [VAR-INIT]",
    "fire": "{platoon} declares fire: pick a unit and its target, or hold; resolved with all damage at once when "
            "the platoon has declared [VAR-INIT]",
}


def banner(s: Skirmish) -> str | None:
    """The banner's sentence for a phase the variant changes (None: the basic one)."""
    text = BANNERS.get(s.phase)
    if text is None:
        return None
    platoon = s.sequence[0][1] if s.sequence else "-"
    return text.format(platoon=platoon)


# --- which platoon activates -------------------------------------------------------------------------------

def pass_actions(s: Skirmish) -> list[Action]:
    """`Pass(platoon)`: before any of its units has acted, the side sends another of its platoons in this slot and
    this one in that platoon's later slot; the seed: platoons are activated "in turn as chosen by their
    commanders" (VAR-INIT)."""
    if s.phase != "movement" or not s.sequence:
        return []
    side, platoon = s.sequence[0]
    if not any(sd == side for sd, _p in s.sequence[1:]) or in_activation(s, side) & s.done:
        return []
    return [Pass(platoon)]


def pass_platoon(s: Skirmish, platoon: str) -> Skirmish:
    """The side's next platoon takes this slot and this platoon takes the next one's (VAR-INIT)."""
    side = s.sequence[0][0]
    seq = list(s.sequence)
    j = next(i for i in range(1, len(seq)) if seq[i][0] == side)
    seq[0], seq[j] = seq[j], seq[0]
    nxt = replace(s, sequence=tuple(seq))._log(f"  {seq[0][1]} activates now, {platoon} later {TAG}")
    return next_mover(nxt._fresh())


def activation_first(s: Skirmish) -> Order:
    """The computer's VAR-INIT order: activate first when an enemy is already within reach of its weapons (its fire
    and damage come at once, before the enemy acts); otherwise let the enemy activate first and see its moves."""
    side = s.active
    enemies = s.live_vehicles(s.other(side))

    def reach(v: Vehicle) -> int:
        return max((w.range for i, w in enumerate(v.sheet.vehicle.weapons) if v.sheet.weapon_usable(i)), default=0)

    return Order(any(distance(v.hex, e.hex) <= reach(v) for v in s.live_vehicles(side) for e in enemies))
