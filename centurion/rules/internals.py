"""Internal damage takes effect: consciousness, ammunition, infantry compartment, Vehicle Destroyed, Grav Drive
(CEN-CMB-1, CEN-SEQ-3, book-a 13.2 and 14).

`apply_internal_damage` runs once all weapons fire of the phase has been resolved: the pending internal boxes of
a sheet become lost, and every component newly hit has its effect, with every roll through `Dice` (target, rule
ID and exact odds). `end_phase` removes widowed armor and lets unconscious crew try to wake.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..dice import Dice, Roll
from .damage import cross_rowwise, remove_widowed_armor
from .inputs import choice, whole
from .record import CrewMember, RecordSheet
from .speed import grounding_damage

RULE = "CEN-CMB-1"


@dataclass(frozen=True)
class InternalReport:
    """What the internal damage of one vehicle did once applied."""

    components: tuple[tuple[str, str, int], ...]  # (section, component, boxes newly lost)
    rolls: tuple[Roll, ...]
    effects: tuple[str, ...]
    infantry_killed: int
    crew_killed_in_explosion: tuple[str, ...]
    squad_killed_in_explosion: bool
    grounded_at_velocity: int | None
    grounding_armor: tuple[int, ...]

    def describe(self) -> str:
        """The effects, one per line."""
        return "\n".join(self.effects) if self.effects else "no internal damage"


def consciousness_target(boxes_lost: int) -> int:
    """Consciousness Roll target: 8 minus the internal boxes lost in that section (book-a 13.2, book-b 7.6)."""
    if isinstance(boxes_lost, bool) or not isinstance(boxes_lost, int) or boxes_lost < 0:
        raise ValueError(f"CEN-CMB-1: boxes lost are a whole number, 0 or more, got {boxes_lost!r}")
    return 8 - boxes_lost


def ammo_target(boxes_lost: int) -> int:
    """No explosion on a d10 <= 7 minus the ammunition boxes lost there (book-a 13.2)."""
    return 7 - boxes_lost


def survival_target(velocity: int) -> int:
    """After an explosion each crew member and squad survives on a d10 <= 8 minus the current velocity."""
    return 8 - abs(velocity)


BOX_COUNTS = ("component", "section")


def apply_internal_damage(record: RecordSheet, dice: Dice, *, velocity: int = 0, turn: int = 1,
                          boxes_counted: str = "section", ground_when_moving: bool = True,
                          unit: str | None = None, in_water: bool = False) -> tuple[RecordSheet, InternalReport]:
    """Apply the pending internal boxes and their effects, after all weapons fire (CEN-SEQ-3, book-a 13.2).

    `velocity` is the vehicle's current velocity (a Grav Drive or Vehicle Destroyed hit grounds it at that
    velocity with the usual grounding damage; an explosion's survivors roll against it).
    `boxes_counted`: the "boxes lost" of the Consciousness Roll (8 - boxes) are every internal box lost in the
    crew member's section ("section", default: book-a 13.2, book-b 7.6) or only its own boxes ("component").
    `ground_when_moving=False` leaves the grounding to the movement rules (damage taken during a move).
    `unit`: the vehicle's key on the map, named in the rolls and effects (walk of session 32: "the Liberator heavy
    tank" with three Liberators on the map); else the record sheet's label.
    `in_water`: the vehicle flies over a lake hex, so a grounding here takes half damage (CEN-GRD-2; it comes to
    rest under water, which the caller records).
    """
    whole(turn, "CEN-SEQ-1", "turn", 1)
    choice(boxes_counted, BOX_COUNTS, RULE, "boxes_counted")
    if boxes_counted not in BOX_COUNTS:
        raise ValueError(f"{RULE}: boxes_counted is one of {', '.join(BOX_COUNTS)}, not {boxes_counted!r}")
    if not record.pending:
        return record, InternalReport((), (), (), 0, (), False, None, ())
    before = record
    after = replace(record, internal_lost=record.internal_lost | record.pending, pending=frozenset())
    layout = record.vehicle.internals
    newly: list[tuple[str, str, int]] = []
    if layout is not None:
        for (section, comp) in layout.boxes:
            n = after.lost(section, comp) - before.lost(section, comp)
            if n:
                newly.append((section, comp, n))
    rolls: list[Roll] = []
    effects: list[str] = []
    name = unit or f"the {record.vehicle.label}"
    crew = {m.role: m for m in after.crew}
    # crew: dead when every box is lost, else a Consciousness Roll at 8 - boxes lost
    for section, comp, _n in newly:
        if comp not in crew:
            continue
        member = crew[comp]
        lost, total = after.lost(section, comp), len(after.boxes_of(section, comp))
        if member.state == "dead":
            continue
        if lost >= total:
            crew[comp] = CrewMember(comp, "dead", turn)
            effects.append(f"{comp} of {name} killed: all {total} boxes lost ({RULE})")
            continue
        if member.state == "unconscious":
            effects.append(f"{comp} of {name} hit again while unconscious ({RULE})")
            continue
        counted = lost if boxes_counted == "component" else sum(b[0] == section for b in after.internal_lost)
        # the roll's question and the count its target comes from (walk 33b: "stays conscious (1 of 3 boxes
        # lost)" read as the outcome, beside a target of 8 - 5 counted over the section)
        boxes = (f"{counted} box{'' if counted == 1 else 'es'} lost in its section" if boxes_counted == "section"
                 else f"{lost} of its {total} boxes lost")
        roll = dice.d10_test(consciousness_target(counted), purpose=f"consciousness roll of the {comp} of {name} "
                             f"({boxes})", rule=RULE)
        rolls.append(roll)
        if not roll.success:
            crew[comp] = CrewMember(comp, "unconscious", turn)
            effects.append(f"{comp} of {name} unconscious (rolled {roll.result} > {roll.target}); tries to wake "
                           f"in the End Phase of the next turn ({RULE})")
    after = replace(after, crew=tuple(crew[m.role] for m in after.crew))
    shields_hit = [section for section, comp, _n in newly if comp.startswith("shield")]
    shields_told: set[str] = set()  # one line per facing (walk of session 53: two hits on it repeated one line)
    for section, comp, _n in newly:
        if comp in crew:
            continue
        label = comp.replace("_", " ")
        if comp.startswith("shield"):
            if section not in shields_told:
                shields_told.add(section)
                effects.append(_shield_words(section, shields_hit.count(section), after))
        elif comp == "targeting":
            effects.append(f"Targ: {after.targeting_lost} box(es) lost, -{after.targeting_lost} to hit ({RULE})")
        elif comp == "infantry":
            pass
        elif comp != "ammo":
            effects.append(f"{label} ({section}) hit: out for the game ({RULE})")
    # infantry compartment: 1 man per 4 boxes in it (cumulative); the whole compartment gone kills all aboard
    killed = 0
    if after.boxes_of("stern", "infantry"):
        lost_now, lost_before = after.lost("stern", "infantry"), before.lost("stern", "infantry")
        if lost_now > lost_before and after.infantry_aboard:
            killed = min(after.infantry_aboard, lost_now // 4 - lost_before // 4)
            if after.compartment_gone:
                killed = after.infantry_aboard
            effects.append(f"infantry compartment: {lost_now} boxes lost, {killed} men killed" +
                           (" (compartment destroyed: all aboard)" if after.compartment_gone else "") + f" ({RULE})")
            after = replace(after, infantry_aboard=after.infantry_aboard - killed,
                            infantry_killed=after.infantry_killed + killed)
    # ammunition: each location newly hit rolls; an explosion destroys the vehicle
    crew_dead: list[str] = []
    squad_dead = False
    for section, comp, _n in newly:
        if comp != "ammo" or after.exploded:
            continue
        lost = after.lost(section, comp)
        roll = dice.d10_test(ammo_target(lost), purpose=f"{section} ammunition of {name} survives the hit "
                             f"({lost} {'box' if lost == 1 else 'boxes'} lost)", rule=RULE)
        rolls.append(roll)
        if roll.success:
            effects.append(f"{section} ammunition hit, no explosion ({RULE})")
            continue
        after = replace(after, exploded=True)
        effects.append(f"{section} ammunition EXPLODES: {name} is destroyed ({RULE})")
        members = []
        for m in after.crew:
            if m.state == "dead":
                members.append(m)
                continue
            whose = f"{m.role} of {unit}" if unit else m.role
            r = dice.d10_test(survival_target(velocity), purpose=f"{whose} survives the explosion at velocity "
                              f"{velocity}", rule=RULE)
            rolls.append(r)
            if not r.success:
                crew_dead.append(m.role)
                members.append(CrewMember(m.role, "dead", turn))
            else:
                members.append(m)
        after = replace(after, crew=tuple(members))
        if after.infantry_aboard:
            r = dice.d10_test(survival_target(velocity), purpose=f"the squad aboard survives the explosion at "
                              f"velocity {velocity}", rule=RULE)
            rolls.append(r)
            if not r.success:
                squad_dead = True
                after = replace(after, infantry_killed=after.infantry_killed + after.infantry_aboard,
                                infantry_aboard=0)
    # grounding: Grav Drive or Vehicle Destroyed while moving
    grounded_v = None
    grounding_boxes: tuple[int, ...] = ()
    hit_names = {c for _s, c, _n in newly}
    if ground_when_moving and velocity and record.vehicle.kind == "grav" \
            and ({"grav_drive", "vehicle_destroyed"} & hit_names) and not record.grounded_by_damage:
        grounded_v = abs(velocity)
        points = grounding_damage(grounded_v, in_water=in_water)
        after, grounding_boxes, inner = cross_rowwise(after, "bottom", points, immediate=False)
        after = replace(after, grounded_by_damage=True)
        effects.append(f"grounds at velocity {grounded_v}: {points} points to the bottom "
                       + ("(half, under water in a lake: CEN-GRD-2)" if in_water else "(CEN-GRD-1)")
                       + (f", {len(inner)} internal boxes" if inner else ""))
        if inner:  # the grounding's own internal hits take effect too, the vehicle now at rest
            after, sub = apply_internal_damage(after, dice, velocity=0, turn=turn, boxes_counted=boxes_counted,
                                               unit=unit)
            newly += list(sub.components)
            rolls += list(sub.rolls)
            effects += list(sub.effects)
            killed += sub.infantry_killed
            crew_dead += list(sub.crew_killed_in_explosion)
            squad_dead = squad_dead or sub.squad_killed_in_explosion
    if after.destroyed and not before.destroyed:
        effects.append(f"{name} is destroyed: {after.destroyed_by()} (book-a 14.1)")
    report = InternalReport(tuple(newly), tuple(rolls), tuple(effects), killed, tuple(crew_dead), squad_dead,
                            grounded_v, grounding_boxes)
    return after, report


def movement_damage(record: RecordSheet, section: str, points: int, dice: Dice, *, velocity: int = 0,
                    turn: int = 1, unit: str | None = None) -> tuple[RecordSheet, tuple[int, ...], InternalReport]:
    """Damage taken while moving (speed limit, grounding): boxes crossed row by row from the top-left, armor
    then internals, every internal effect at once (CEN-SPD-2, CEN-GRD-1). The movement rules ground the vehicle
    themselves after a Grav Drive or Vehicle Destroyed hit (look at `report.components`).

    Returns the sheet, the armor boxes crossed and the report of the internal effects.
    """
    choice(section, tuple(record.vehicle.armor), "CEN-REC-1", "section")
    whole(points, "CEN-SPD-2", "points", 0)
    whole(turn, "CEN-SEQ-1", "turn", 1)
    held = record.pending
    sheet = replace(record, pending=frozenset())
    sheet, crossed, _internal = cross_rowwise(sheet, section, points, immediate=False)
    sheet, report = apply_internal_damage(sheet, dice, velocity=velocity, turn=turn, ground_when_moving=False,
                                          unit=unit)
    return replace(sheet, pending=sheet.pending | held), crossed, report


def end_phase(record: RecordSheet, dice: Dice, *, turn: int,
              unit: str | None = None) -> tuple[RecordSheet, tuple[Roll, ...], dict]:
    """End Phase: remove widowed armor (step A, CEN-SEQ-1); crew knocked out in an earlier turn roll again at
    the same target, 8 minus their boxes lost (book-a 13.2). Returns sheet, rolls, widowed boxes removed."""
    whole(turn, "CEN-SEQ-1", "turn", 1)
    record, removed = remove_widowed_armor(record)
    rolls = []
    members = []
    for m in record.crew:
        if m.state == "unconscious" and m.since_turn is not None and m.since_turn < turn:
            section = record.crew_section(m.role)  # the same target: the boxes lost in its section (book-b 7.6)
            lost = sum(b[0] == section for b in record.internal_lost) if section else 0
            who = unit or f"the {record.vehicle.label}"
            r = dice.d10_test(consciousness_target(lost), purpose=f"{m.role} of {who} wakes "
                              f"({lost} {'box' if lost == 1 else 'boxes'} lost)", rule=RULE)
            rolls.append(r)
            members.append(CrewMember(m.role) if r.success else m)
        else:
            members.append(m)
    return replace(record, crew=tuple(members)), tuple(rolls), removed


def _shield_words(section: str, hit_now: int, after: RecordSheet) -> str:
    """What this fire did to one facing's shield (`hit_now`: its locations hit by it): its shield factor drops to 0
    only when both of its locations are hit (book-a §13.2, CEN-CMB-1)."""
    down = after.shield_factor(section) == 0 and after.vehicle.shield_factor(section) > 0
    if hit_now > 1:
        return f"{section} shield: both locations hit" + (": the facing's shield is down (factor 0)" if down
                                                          else " (its shield factor was 0)")
    return f"{section} shield location hit" + (": the facing's shield is down (factor 0)" if down
                                               else ": the other location still holds it")
