"""What the Skirmish page writes: the set-up's lists, the labels and previews of decisions (issue 14, issue 23).

Words only, from the game's own functions (`move_options`, `attack_set`, `squad_attack`, `paint_attempt`,
`resolve_variant`, `ram_preview`): the page (`SkirmishTable`) shows them.
"""

from __future__ import annotations

import html
from fractions import Fraction

from ..data import vehicle_types
from ..data.scenarios import shipped_scenario
from ..game import Fire, Move, OpportunityFire, Paint, Skirmish, SquadFire, new_skirmish, scenarios
from ..game.actions import SQUAD_WEAPON_WORDS, Leadership, LetPass, Order, SelfDestruct, Smoke, Watch
from ..game.crew import salvo_mounts
from ..game.ramming import ram_when
from ..game.summary import centurion_words, initiative_note, leadership_note, system_words
from ..game.wording import plural
from ..hexgrid import FACING_NAMES, distance, format_label
from ..rules import Refusal
from ..rules.fire import range_words
from ..rules.grav import ResolvedMove
from ..rules.legal import EndState
from ..rules.record import RecordSheet
from ..rules.speed import grounding_damage
from ..rules.targets import TO_HIT_KIND, weapon_family
from ..variants import assign_crew
from ..variants.movement import VariantResolvedMove
from ..variants.ruleset import OPTION_TEXT, OPTIONS, VARIANTS
from .move_speed import MOVE_KEY, end_velocity
from .reference import link_rules
from .score_view import score_html
from .turn_summary import squad_state

FACINGS = FACING_NAMES  # HEX-3's names, the hex grid's own tuple
LATERAL_KEY = ("SL / SR = a lateral shift: one hex to the forward-left / forward-right without turning, for 1 "
               "thrust point plus the hex's cost [VAR-LATERAL].")

#: the variant switches the skirmish turn plays so far (the others are stored and saved but play as basic rules)
PLAYED_VARIANTS = ("VAR-INIT", "VAR-OCCUPY", "VAR-MOVETYPE", "VAR-LATERAL", "VAR-EMERGENCY", "VAR-RAM",
                   "VAR-SELFDESTRUCT", "VAR-SALVO", "VAR-SHIELD", "VAR-SPEEDMOD", "VAR-WEAPONS")


def _salvo_words() -> str:
    """Where VAR-SALVO comes up: the scenarios with a vehicle carrying identical direct-fire mounts in one location,
    read from the scenarios' vehicles (game.crew.salvo_mounts)."""
    found = []
    for k in scenarios():
        sc = shipped_scenario(k)
        kinds = sorted({vehicle_types()[v.type].label for side in sc.sides for p in side.platoons
                        for v in p.vehicles if salvo_mounts(vehicle_types()[v.type])})
        if kinds:
            found.append(f"{sc.title} ({', '.join(kinds)})")
    if not found:
        return "VAR-SALVO never comes up here: no vehicle of these scenarios carries two identical direct-fire mounts."
    return "VAR-SALVO comes up only where a vehicle carries two identical direct-fire mounts: " + "; ".join(found) + "."


VARIANT_NOTE = ("<div style='font-size:12px;line-height:1.4'>Hold Ctrl to pick several fan variants (from a 1997 "
                "player's document, off by default; "
                "chapter 'Variant rules'). "
                "<b>The picks apply to the next game you start</b>; the line under the banner names the running "
                "game's rules. "
                f"The turn plays every switch ({', '.join(PLAYED_VARIANTS)}) and the log names the variant behind "
                f"each roll it changes. {html.escape(_salvo_words())}</div>")


def variant_options() -> list[tuple[str, str]]:
    """The switches offered at set-up: one entry per switch, one per sub-option (VAR-MOVETYPE) (VAR-*)."""
    out = []
    for rule, text in VARIANTS.items():
        for opt in OPTIONS.get(rule, (None,)):
            if opt:  # the sub-option's own words only: the whole entry fits the list at 1024 px (item 5)
                out.append((f"{rule}:{opt}: {OPTION_TEXT[(rule, opt)]}", f"{rule}:{opt}"))
            else:
                out.append((f"{rule}: {text}", rule))
    return out


def scenario_options() -> list[tuple[str, str]]:
    """Every shipped scenario: Centurion's, then Centuria's battles (issue 15), marked as such."""
    centuria = set(scenarios("centuria"))
    return [(f"{new_skirmish(k).scenario.title} (Centuria)" if k in centuria else shipped_scenario(k).title, k)
            for k in scenarios("all")]


def ram_text(g: Skirmish, a: Move) -> str:
    """', rams X: odds and damage' for a ram move (the game's own odds, VAR-RAM); '' for any other move."""
    if not a.ram:
        return ""
    from ..game.ramming import ram_preview

    odds = ram_preview(g, a)
    return f", RAMS {a.ram}" + (f": {odds.describe()}" if odds is not None else "")


def crew_roles(g: Skirmish, unit: str, plan) -> list[str]:
    """'the gunner fires: ' / 'the commander fires: ' for each weapon of the crew's fire plan, in order, from the
    game's crew assignment (VAR-WEAPONS, `assign_crew`); '' each when the switch is off."""
    if not g.rules.enabled("VAR-WEAPONS"):
        return [""] * len(plan.attacks)
    sheet = g.vehicle(unit).sheet
    roles = assign_crew(g.rules, [weapon_family(ra.weapon) for ra in plan.attacks], gunner=sheet.able("gunner"),
                        commander=sheet.able("commander"), painted=unit in {p for p, _t in g.paints})
    return [f"the {role} fires [VAR-WEAPONS]: " if role else "nobody of the crew may fire [VAR-WEAPONS]: "
            for role in roles]


def pct(p: Fraction) -> str:
    """An exact chance and its rounded percent, '3/10 = 30%' (DIE-10: every roll shows its odds)."""
    return f"{p} = {float(p):.0%}"


def variant_tags(end) -> str:
    """' [VAR-LATERAL, VAR-EMERGENCY]' naming the variants the end state's path uses (the game's search); ''."""
    rules = getattr(end.safest, "variant_rules", ())
    return f" [{', '.join(rules)}]" if rules else ""


def variant_steps(r: VariantResolvedMove) -> list[str]:
    """The variant resolver's steps of a move, one line each with its tag: lateral shifts, emergency turns with
    their vane odds, the terrain surcharge burned or paid in thrust, positions declared (VAR-LATERAL,
    VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY)."""
    out = [f"lateral shift {s.side} at step {s.step + 1}: {format_label(s.from_hex)} to {format_label(s.to_hex)}, "
           f"{s.thrust} TP + {s.vp} VP [VAR-LATERAL]" for s in r.shifts]
    for em in r.emergencies:
        o = em.odds
        out.append(f"emergency turn {em.side} in {format_label(em.hex)} after {plural(em.straight, 'hex')} straight "
                   f"(the table asks {em.required}): {em.thrust} TP into the vane; the vane comes through unharmed "
                   f"{pct(o.p_unharmed)} or burns out {pct(o.p_burnout)}; otherwise it loses a box "
                   f"{pct(o.p_box_lost)} and is out for a turn {pct(o.p_short)}, both at once "
                   f"{pct(o.p_box_and_short)} [VAR-EMERGENCY]")
    if r.terrain_surcharge:
        if r.terrain_thrust:
            out.append(f"terrain surcharge {r.terrain_surcharge} VP paid in thrust: {r.terrain_thrust} TP "
                       "[VAR-MOVETYPE]")
        else:
            out.append(f"terrain surcharge {r.terrain_surcharge} VP burned off the end velocity: {r.burned} "
                       "burned [VAR-MOVETYPE]")
    out += [f"position declared in {format_label(h)}: {pos} ({terrain.replace('_', ' ')}, level {level}) "
            "[VAR-OCCUPY]" for h, pos, terrain, level in r.positions]
    return out



def _odds(g: Skirmish, ra) -> str:
    """A checked shot's rolls and odds as this game's rules roll them (CEN-CMB-1; under VAR-SHIELD the d10
    without the shield, then the stop roll), in HTML."""
    return html.escape(g.rules.shot_words(ra.to_hit, weapon=TO_HIT_KIND[ra.family]))


def piloting_lines(resolved: ResolvedMove) -> list[str]:
    """Where a path's piloting rolls fall: each hex entered over its speed limit, with its terrain, the roll that
    passes, its exact chance and the damage of a failure (CEN-SPD-1, -2; walk 34: the path gave only their count)."""
    out = []
    for e in resolved.checks:
        c = e.check
        passes = f"a d10 of {c.target} or less passes ({c.p_pass})" if c.target >= 1 else "no d10 passes"
        ground = e.terrain.replace("_", " ")
        out.append(f"piloting roll entering {e.label} ({ground}, speed limit {c.speed_limit}, velocity {c.velocity}): "
                   f"{passes}; a failure does {c.damage} damage (front {c.front}, bottom "
                   f"{c.bottom}) [CEN-SPD-2]")
    return out


def preview_lines(g: Skirmish, a, listed) -> list[str] | str:
    """The preview of decision `a` (picked from the list as `listed`), one HTML line each: a move's safest path,
    its piloting rolls and variant steps (CEN-SPD-1, VAR-*), a fire's to-hit per weapon and who fires it (book-a
    §8, VAR-WEAPONS), a squad's attacks (CEN-CMB-1), a paint, a self-destruct check; a string when `a` is a move
    not among the listed ones."""
    lines: list[str] = []
    if isinstance(a, Move) and a.unit in {v.key for v in g.movers()}:
        e = end_of(g, listed) if isinstance(listed, Move) else None
        if e is None:
            return "<i>A move that is not among the listed ones.</i>"
        opt = e.safest
        res = g.resolve_variant(a.unit, a.move)  # None when no move variant is on
        # the piloting rolls the engine checks on this path (a variant path object may not count them)
        rolls = len(res.basic.checks) if isinstance(res, VariantResolvedMove) else opt.rolls
        rolls = "uncounted" if rolls is None else rolls  # a variant path the search did not count
        if a != listed and isinstance(res, VariantResolvedMove):  # the position the player chose (VAR-OCCUPY)
            lines.append(f"Path with your position: {html.escape(a.move.describe())}; thrust {res.thrust_used}, "
                         f"{plural(rolls, 'piloting roll')}, chance of no damage {pct(res.p_no_damage)} [CEN-SPD-1]")
        else:
            # a slower end of the list is the same path braked harder: its thrust counts that braking (CEN-GRAV-1)
            thrust = opt.thrust_used + a.move.decelerate - opt.move.decelerate
            lines.append(f"Safest path: {html.escape(a.move.describe())}; thrust {thrust}, "
                         f"{plural(rolls, 'piloting roll')}, chance of no damage {pct(opt.p_no_damage)} [CEN-SPD-1]")
        # the engine's hexes, where the rolls fall: the variant resolver's own when it resolved the path
        basic = res.basic if isinstance(res, VariantResolvedMove) else g.resolve_move(a.unit, a.move)
        lift = 0 if isinstance(basic, Refusal) else getattr(basic, "lift_tp", 0)
        if lift:  # walk of session 49: "accelerate 4" from the ground ended at velocity 3, unexplained
            lines.append(f"Lifting off takes {plural(lift, 'thrust point')} of the acceleration before any velocity "
                         f"is gained: it ends at velocity {basic.end_velocity} [CEN-GRAV-6]")
        lines += [html.escape(x) for x in piloting_lines(basic)] if not isinstance(basic, Refusal) else []
        key = MOVE_KEY + (f" {LATERAL_KEY}" if g.rules.enabled("VAR-LATERAL") else "")  # walk of session 49
        lines.append(f"<span class='centurion-move-key' style='color:#555'>{html.escape(key)}</span>")
        if getattr(opt, "variant_rules", ()):
            lines.append("Variant rules this path uses: " + ", ".join(opt.variant_rules))
        if isinstance(res, VariantResolvedMove):
            lines += [html.escape(x) for x in variant_steps(res)]
        elif isinstance(res, Refusal):
            lines.append(html.escape(f"The variant resolver refuses this path: {res}"))
        if a.ram:  # declared before moving, resolved after the Combat Phase or the activation (VAR-RAM)
            lines.append(html.escape(f"Ram {a.ram}{ram_text(g, a)}; resolved {ram_when(g)} if both "
                                     "are still in this hex"))
    elif isinstance(a, Fire) and a.target:
        plan = g.chosen_plan(a) if a.chosen else g.attack_set(g.vehicle(a.unit), a.target)
        if isinstance(plan, Refusal):  # the weapons or shell picked are refused: say why
            lines.append(html.escape(f"Refused: {plan}"))
            plan = None
        who = crew_roles(g, a.unit, plan) if plan else []
        lost = g.paint_lost_on(a.unit, a.target) if plan else None  # painted, but its comm is out (walk 34)
        lines += [html.escape(f"{lost.reason} [{lost.rule}]")] if lost is not None else []
        two = plan is not None and len({ra.target.key for ra in plan.attacks}) > 1  # missiles at a second (E17)
        lines += [f"{who[i]}{html.escape(ra.weapon.type)}{' at ' + html.escape(ra.target.key) if two else ''} at "
                  f"{range_words(ra.range)} ({ra.side or 'infantry'}): {_odds(g, ra)}"
                  for i, ra in enumerate(plan.attacks)] if plan else []
        if a.driver:  # the driver's weapons, his roll and next turn's speed limits (VAR-WEAPONS)
            from ..game.crew import driver_check, driver_plan

            v = g.vehicle(a.unit)
            dplan = driver_plan(g, v, a.target)
            lines += [f"the driver: {html.escape(ra.weapon.type)} at {range_words(ra.range)}: "
                      f"{_odds(g, ra)}" for ra in dplan.attacks] if dplan else []
            lines.append(html.escape(f"the driver's piloting roll first: {driver_check(v).describe()}; each "
                                     "weapon he fires cuts next turn's speed limits by a third [VAR-WEAPONS]"))
    elif isinstance(a, Fire) and a.unit in {v.key for v in g.vehicles} and (why := g.hold_reasons(a.unit)):
        lines.append(html.escape(f"{a.unit} has nothing to fire at now:"))  # a dead zone, said (walk of session 30)
        lines += [html.escape(f"{r.reason} [{r.rule}]") for r in why]
    elif isinstance(a, Paint) and not a.target and (why := g.paint_reasons(a.unit)):
        lines.append(html.escape(f"{a.unit} has nothing to paint now:"))  # said, as for fire (walk of session 30)
        lines += [html.escape(f"{r.reason} [{r.rule}]") for r in why]
    elif isinstance(a, SquadFire):  # the squad's attacks, each at this to-hit (book-a §16, CEN-CMB-1)
        att = g.squad_attack(a.unit, a.weapon, a.target)
        if hasattr(att, "to_hit"):
            lines.append(f"{plural(att.attacks, html.escape(a.weapon) + ' attack')} at {range_words(att.range)}: "
                         f"{html.escape(att.to_hit.describe())}")
    elif isinstance(a, Paint) and a.target:
        att = g.paint_attempt(a.unit, a.target)
        lines.append(f"paint at {range_words(att.range)}: "
                     f"{html.escape(g.rules.shot_words(att.to_hit, weapon='painting'))}")
        if any(q.key == a.unit for q in g.squads):  # said before it is chosen (second walk of session 31)
            lines.append(html.escape("a squad that paints does nothing else this turn: it will not fire "
                                     "(book-a 7.3)"))
    elif isinstance(a, Watch):  # what the watch does, before it is confirmed (walk of session 51)
        lines.append(html.escape(
            f"{a.unit} stays where it is instead of moving; it may fire once, at once, at an enemy that moves after "
            "this in its sight and reach, as the enemy enters a hex; with no shot taken it paints and fires in the "
            "Combat Phase as usual [CEN-OPP-1]"))
    elif isinstance(a, Smoke):  # what the counter does (walk of session 32: the choice said nothing of it)
        v = g.vehicle(a.unit)
        where = (f"a smoke counter in each of {', '.join(a.hexes)} (the hexes next to {a.unit} you pick, book-b "
                 "§10.2; hatched dark grey on the map)" if a.hexes else f"a smoke counter in {format_label(v.hex)}")
        lines.append(html.escape(
            f"{where} until the next turn's End Phase: a vehicle in it is -2 to hit, as in heavy woods, it blocks "
            "sight across the hex as woods do, and grav vehicles' speed limit there is halved (book-b §10.3); "
            f"{plural(v.sheet.smoke_left - 1, 'charge')} left after it"))
        risky = g.smoke_in_its_way(a) if a.hexes else []
        if risky:  # the vehicle's own next move (walk of session 52: R21 smoked the hex it then flew through)
            lines.append(html.escape(
                f"careful: {a.unit} flies at velocity {abs(v.velocity)}, and the smoke halves the speed limit for it "
                "too: entering " + ", ".join(f"{h} (limit {lim})" for h, lim in risky)
                + " next turn at that speed asks a piloting roll (CEN-SPD-1)"))
    elif isinstance(a, SelfDestruct):  # the check the crew rolls (VAR-SELFDESTRUCT)
        from ..game.crew import destruct_check

        who, check = destruct_check(g.vehicle(a.unit))
        lines.append(html.escape(f"the {who}'s check: {check.describe()}; a pass blows it up in the End Phase "
                                 "d3 turns later (it then counts as destroyed)"))
    elif isinstance(a, Leadership):  # what the points do, and that the lower roll wins (CEN-INI-1, -2; W7)
        lines.append(html.escape(leadership_note(g, a.points)))
    elif isinstance(a, Order):
        lines.append(html.escape(initiative_note(g) + " Side A moves its platoons first, side B answers; moving "
                                 "last lets you see where the enemy went before you move [CEN-SEQ-2]."))
    elif isinstance(a, OpportunityFire) and a.weapon is not None:  # a squad on watch (CEN-OPP-1, book-a §16)
        att = g.squad_opportunity(a.unit, a.weapon, a.step)
        if hasattr(att, "to_hit"):
            lines.append(f"{plural(att.attacks, html.escape(a.weapon) + ' attack')} at {range_words(att.range)}: "
                         f"{html.escape(att.to_hit.describe())}")
    elif isinstance(a, OpportunityFire):
        _k, path = g.pending_move
        plan = g.attack_set(g.vehicle(a.unit), a.target, at=path[a.step - 1], opportunity=True)
        who = crew_roles(g, a.unit, plan) if plan else []
        lines += [f"{who[i]}{html.escape(ra.weapon.type)} at {range_words(ra.range)}: "
                  f"{_odds(g, ra)}" for i, ra in enumerate(plan.attacks)] if plan else []
    return lines


def idle_note(g: Skirmish, unit: str) -> str:
    """In the painting or fire phase, why a vehicle of the side deciding has no decision (the game holds for it,
    CEN-SEQ-3): the engine's reasons (`paint_reasons`, `hold_reasons`), or its opportunity shot (CEN-OPP-1); in
    the opportunity phase, why a unit of the side deciding has no shot at the move (walk of session 51); ''
    otherwise."""
    v = next((x for x in g.vehicles if x.key == unit and not x.destroyed), None)
    q = next((x for x in g.squads if x.key == unit and x.men > 0 and x.hex is not None), None)
    side = v.side if v is not None else q.side if q is not None else None
    if side != g.active or g.over:
        return ""
    if g.phase == "opportunity" and g.pending_move is not None:
        if any(getattr(a, "unit", None) == unit for a in g.legal_actions()):
            return ""
        mover = g.pending_move[0]
        if unit in g.opp_fired:
            return f"{unit} has fired on opportunity this turn: one shot a turn [CEN-OPP-1]."
        if unit not in {w.key for w in g.watchers()}:  # the rules in play's watchers (VAR-INIT: the stationary)
            return (f"{unit} is not on opportunity fire: only a unit standing on opportunity fire may fire at "
                    f"{mover}'s move now [{g.game_rules.refusal_rule(g, 'CEN-OPP-1', g.phase)}].")
        return (f"{unit} is on opportunity fire but has no shot at {mover}: no hex of its move is in {unit}'s sight "
                "and in reach of a working weapon [CEN-OPP-1, CEN-LOS-1]. It stays on watch for later moves.")
    if g.phase not in ("painting", "fire") or unit in g.undeclared():
        return ""
    if unit in g.opp_fired:  # the one attack it had this turn (walk of session 51: no word, or range, was said)
        return (f"{unit} fired on opportunity this turn, so it neither paints nor fires in the Combat Phase "
                "[CEN-OPP-1].")
    if q is not None and g.phase == "painting":
        return ""  # a squad paints from the list; its reasons there are the engine's refusals
    why = g.paint_reasons(unit) if g.phase == "painting" else g.hold_reasons(unit)
    if not why:
        return ""
    what = "nothing to paint" if g.phase == "painting" else "nothing to fire at"
    return (f"{unit} has {what} this turn, so the game declares for it without a decision (CEN-SEQ-3): "
            + "; ".join(f"{r.reason} [{r.rule}]" for r in why[:4]) + (" ..." if len(why) > 4 else ""))


def walk_refusal(g: Skirmish, squad: str, hex_) -> str:
    """Why a walking squad cannot end in `hex_`, in the game's words (`march_refusal`, CEN-INF-1)."""
    why = g.march_refusal(squad, hex_)
    reason = "" if why is None else f": {why.reason} ({why.rule})"
    return (f"{squad} cannot walk to {format_label(hex_)}{reason}. Its walks end on the green hatched hexes. "
            "Nothing was moved.")


def victory_html(g: Skirmish) -> str:
    """The running score during a game, and the end screen explaining its verdict (book-b §15, W6)."""
    return score_html(g)


def vane_words(v) -> str:
    """A grav vehicle's turning vanes when one is not whole: hit inside (no more turns that way, book-a §13), burnt
    out or shorted, or boxes lost to emergency turns (VAR-EMERGENCY); '' when both are whole."""
    out = []
    for side in ("left", "right"):
        lost = dict(v.vane_boxes).get(side, 0)
        if v.sheet.vane_lost(side):
            out.append(f"{side} hit: no more turns that way (CEN-CMB-1)")
        elif side in v.vanes_lost:
            out.append(f"{side} burnt out: no more turns that way (VAR-EMERGENCY)")
        elif side in v.vanes_out or side in v.vanes_shorted:
            out.append(f"{side} shorted: no turns that way {'this' if side in v.vanes_out else 'next'} turn "
                       "(VAR-EMERGENCY)")
        elif lost:
            out.append(f"{side} {plural(lost, 'box')} lost: its emergency turns are riskier (VAR-EMERGENCY)")
    return "; ".join(out)


def watch_words(g: Skirmish, key: str) -> str:
    """', on opportunity fire' for a unit on watch this turn, ', fired on opportunity' once it has (CEN-OPP-1)."""
    if key in g.opp_fired:
        return ", fired on opportunity this turn"
    return ", on opportunity fire" if key in g.watching and g.phase in ("movement", "opportunity") else ""


#: hit components that are not "out for the game": a shield location (the facing's shield holds until both of its
#: locations are hit), ammunition (its effect is the explosion roll), the infantry compartment (its men, shown apart)
NOT_OUT = ("shield_1", "shield_2", "ammo", "infantry")


def internals_html(s) -> str:
    """The unit panel's lines for the internals hit and the shields as they stand (book-a 13.1-13.2; walk of session
    53: every hit read "(out for the game)", shield locations and ammunition too, and no side's shield was shown)."""
    hits = s.components_hit()
    out = system_words({h for h in hits if h[1] not in NOT_OUT})
    n = s.targeting_lost  # each Targ box lost is -1 to hit, not "out" (book-a 13.2)
    targ = f"; Targ: {n} box{'es' if n != 1 else ''} lost, -{n} to hit" if n else ""
    text = f"<br><b>Hit inside</b> {html.escape(', '.join(out))} (out for the game{targ})" if out else ""
    if any(c == "ammo" for _s, c in hits):
        text += "<br><b>Ammunition</b> hit: it did not explode (book-a 13.2)"
    sides = [f for f in ("front", "left", "right", "stern") if s.vehicle.shield_factor(f)]
    if sides:
        def state(f: str) -> str:
            now = s.shield_factor(f)
            one = now and (s.hit(f, "shield_1") or s.hit(f, "shield_2"))
            return f"{f} {now}" + (" (down)" if not now else " (one of its 2 locations hit)" if one else "")
        text += "<br><b>Shields</b> " + ", ".join(state(f) for f in sides)
    return text


def unit_html(g: Skirmish, key: str | None) -> str:
    """The selected unit's panel: a vehicle's place, armor, crew, weapons and stores; a squad's men."""
    if key is None:
        return "<i>Click one of your units on the map.</i>"
    try:
        v = g.vehicle(key)
    except KeyError:
        q = g.squad(key)
        if q.men <= 0:  # second walk of session 31: "0 men" and no word of its end (book-a 14.1)
            return f"<b>{key}</b> infantry squad ({g.label(q.side)}): destroyed"
        if q.hex is None or q.aboard is not None:
            return f"<b>{key}</b> infantry squad ({g.label(q.side)}): {q.men} men, aboard {q.aboard}"
        return (f"<b>{key}</b> {html.escape(squad_state(g, q))}, {format_label(q.hex)}"
                + html.escape(watch_words(g, key)))
    s = v.sheet
    armor = ", ".join(f"{name} {sec.intact}/{sec.armor}" for name, sec in s.armor.sections)
    crew = ", ".join(f"{m.role} {m.state}" for m in s.crew)
    weapons = ", ".join(f"{wp.type}{'' if s.weapon_usable(i) else ' (out)'}"
                        for i, wp in enumerate(s.vehicle.weapons))
    state = "destroyed (" + str(s.destroyed_by()) + ")" if s.destroyed else (
        f"{format_label(v.hex)} facing {FACINGS[v.facing]}, velocity {v.velocity}"
        + (", grounded" if v.grounded else "") + (", in a crater" if v.in_crater else "")
        + html.escape(watch_words(g, key)))
    riders = next((f"; squad {q.key} aboard ({q.men} men)" for q in g.squads if q.aboard == key), "")
    leader = next((f"<br><b>Centurion</b> {html.escape(centurion_words(g, side))}" for side in g.sides
                   if g.scenario.side(side).centurion == key), "")
    vanes = vane_words(v)
    systems = internals_html(s)
    return (
        f"<div style='font-size:12px'><b>{key}</b> {html.escape(s.vehicle.label)} ({html.escape(v.platoon)})"
        f"<br>{state}{riders}{leader}<br><b>Armor</b> {armor}<br><b>Crew</b> {crew}"
        f"{'<br><b>Vanes</b> ' + html.escape(vanes) if vanes else ''}{systems}<br><b>Weapons</b> "
        f"{html.escape(weapons)}<br><b>Rounds and charges left</b> {rounds_words(s)}, smoke {s.smoke_left}, "
        f"digging {s.digging_left}; cost {v.cost} points</div>")


def rounds_words(s: RecordSheet) -> str:
    """'SMLM 2, TVLG 8': each kind's rounds left, which are the vehicle's and fire from any of its launchers of the
    kind still working, and none once all of them are out (book-a 8.3, 13.2; walk of session 53: 'TVLG 8' beside
    a 'TVLG 4 (out)' read as rounds counted in a destroyed launcher)."""
    def note(kind: str) -> str:
        working, launchers = s.launchers(kind)
        if not s.missiles_left(kind) or working == launchers:
            return ""
        return " (from the launchers still working)" if working else " (no launcher left to fire them)"
    return ", ".join(f"{kind} {s.missiles_left(kind)}{note(kind)}" for kind in ("SMLM", "TVLG"))


def end_of(g: Skirmish, a: Move) -> EndState | None:
    """The end state of a listed move: one of the vehicle's legal ends, or one of them reached braking harder
    (the speed choice's slower ends, `move_options_at`, CEN-GRAV-4); None for a move not listed."""
    found = next((e for m, e in g.move_options(a.unit) if m == a), None)
    if found is None and not a.move.ground:
        found = next((e for m, e in g.move_options_at(a.unit, end_velocity(g, a)) if m == a), None)
    return found


def grounded_words(g: Skirmish, a: Move, e) -> str:
    """'grounded', or 'grounded at velocity 10: 100 points to the bottom' when it lands at speed (CEN-GRD-1, half in
    a lake, CEN-GRD-2; walk 33b: '0% safe' said nothing of the size)."""
    v = abs(g.end_velocity(a.unit, a.move))
    points = grounding_damage(v, in_water=g.battlemap[e.hex].lake)
    return f"grounded at velocity {v}: {points} points to the bottom" if points else "grounded"


def decision_label(g: Skirmish, a) -> str:
    """A decision's line in the list: a move's end, facing, speed, safety, ram and variants; else the game's words."""
    if isinstance(a, Move):
        e = end_of(g, a)
        now = g.vehicle(a.unit).velocity
        tail = grounded_words(g, a, e) if e.grounded else f"velocity {now} → {end_velocity(g, a)}"  # W8: no "v 9"
        # the variant tag first after the end: a long line is cut at the list's edge (walk of session 30)
        return (f"{a.unit} to {format_label(e.hex)} {FACINGS[e.facing]}{variant_tags(e)}, {tail}, "
                f"{float(e.p_no_damage):.0%} safe" + (", squad gets out" if a.dismount else "") + ram_text(g, a))
    if isinstance(a, OpportunityFire) and g.pending_move is not None and 0 < a.step <= len(g.pending_move[1]):
        at = g.pending_move[1][a.step - 1][0]  # the hex it enters at that step (walk of session 32: "hex k" alone)
        here = g.combat_units()[a.unit].hex  # a vehicle or a squad on watch
        arms = f" {SQUAD_WEAPON_WORDS[a.weapon][4:]}" if a.weapon in SQUAD_WEAPON_WORDS else " fires"
        # the hex and range first: a long line is cut at the list's edge (walk of session 51)
        return (f"{a.unit}{arms} at {a.target} in {format_label(at)}, {range_words(distance(here, at))} "
                f"(hex {a.step} of its move)")
    if isinstance(a, LetPass) and g.pending_move is not None:  # walk of session 51: "holds" had no subject
        return f"let {g.pending_move[0]}'s move pass: no shot at it now (your units stay on watch)"
    return g.describe(a)  # in the words of the rules in play (VAR-INIT)


def variant_title(picked: tuple[str, ...]) -> str:
    """The title of the Skirmish page's folded variant picker: the switches picked for the next game (VAR-*)."""
    return "Fan variant rules for the next game: " + (", ".join(picked) if picked else
                                                        "none (the basic rules); open to pick")


def rules_line_html(running: tuple[str, ...], picked: tuple[str, ...]) -> str:
    """The line under the banner: the running game's switches (VAR-*), and the picks when they differ (they apply to
    the next game only)."""
    text = ("Rules of this game: " + (", ".join(running) + " (fan variants on)" if running else
                                      "the basic rules (no variant switch on)") + ".")
    if set(picked) != set(running):
        text += (f" The switches picked above ({', '.join(picked) or 'none'}) apply to the next game: click "
                 "'Start a new game' to play with them.")
    return (f'<div class="centurion-rules-text" style="font-size:12px;padding:2px 6px">'
            f"{link_rules(html.escape(text))}</div>")


__all__ = ["FACINGS", "PLAYED_VARIANTS", "VARIANT_NOTE", "crew_roles", "decision_label", "pct", "preview_lines",
           "ram_text", "rules_line_html", "scenario_options", "unit_html", "variant_options", "variant_steps",
           "variant_tags", "variant_title", "victory_html"]
