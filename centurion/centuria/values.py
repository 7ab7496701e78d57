"""Centuria numbers: attack, counter and morale targets and their odds, every term named (CTA-COMBAT, CTA-MORALE)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..data import CenturiaTables, centuria_tables
from ..dice import Dice, Roll
from ..rules.inputs import whole

SIDES = {"front": 0, "flank": -2, "rear": -4}
MARKERS = ("intact", "idle", "dissolving", "fleeing")
# attack / defence modifiers of a unit's morale marker (CTA-MORALE)
MARKER_ATTACK = {0: 0, 1: 2, 2: 4, 3: 4}
MARKER_DEFENCE = {0: 0, 1: 0, 2: -4, 3: -4}


@dataclass(frozen=True)
class Modifier:
    """One term of a target number: what, how much, which rule."""

    label: str
    value: int
    rule: str


@dataclass(frozen=True)
class Target:
    """A target number with its terms; the roll must exceed it (DIE-20)."""

    value: int
    terms: tuple[Modifier, ...]
    sides: int = 20  # the die, from data/centuria.yaml or the scenario (DIE-20, CTA-2)
    one_fails: bool = False  # a roll of 1 always fails (an engine's shot, CTA-ART decision)

    @property
    def p_success(self) -> Fraction:
        """Exact chance that the die exceeds the target (a 1 never succeeds when `one_fails`)."""
        p = over_chance(self.value, self.sides)
        return min(p, Fraction(self.sides - 1, self.sides)) if self.one_fails else p

    def succeeds(self, result: int) -> bool:
        """Whether a roll succeeds: strictly over the target, and not a 1 when `one_fails` (DIE-20, CTA-ART)."""
        return result > self.value and not (self.one_fails and result == 1)


def over_chance(target: int, sides: int = 20) -> Fraction:
    """Exact chance that a die of `sides` faces rolls strictly over `target` (DIE-20; the die size is data)."""
    whole(target, "DIE-20", "target")
    whole(sides, "DIE-20", "sides", 1)
    return Fraction(min(max(sides - int(target), 0), sides), sides)


def roll_over(dice: Dice, target: Target, *, purpose: str, rule: str) -> Roll:
    """Roll the Centuria die (its size from the data or the scenario) against a target: success when strictly
    greater (DIE-20); a 1 fails when the target says so (`one_fails`, CTA-ART)."""
    die = f"d{target.sides}"
    if die not in dice.SIDES:  # a group's own die size: known to this dice source only
        dice.SIDES = {**dice.SIDES, die: target.sides}
    result = dice._face(die)
    return dice._record(Roll(die, result, purpose, rule, target.value, target.succeeds(result), target.p_success))


def as_target_row(mod) -> bool:
    """Whether a terrain row is marked "(Ziel)": it applies when the engine shoots at a unit there (CTA-MOVE)."""
    return bool(mod is not None and getattr(mod, "note", "").startswith("(Ziel)"))


def _check_side(side: object) -> None:
    if not isinstance(side, str) or side not in SIDES:
        raise ValueError(f"CTA-COMBAT: side is front, flank or rear, got {side!r}"[:200])


def _unit(tables: CenturiaTables, key: str):
    try:
        return tables.units[key]
    except (KeyError, TypeError):
        known = ", ".join(tables.units)
        raise ValueError(f"CTA-2: unknown unit {key!r}; known: {known}") from None


def _leader(tables: CenturiaTables, key: str | None):
    if key is None:
        return None
    try:
        return tables.leaders[key]
    except (KeyError, TypeError):
        raise ValueError(f"CTA-2: {key!r} is not a leader; leaders: {', '.join(tables.leaders)}") from None


def _terrain_mod(tables: CenturiaTables, terrain: str, unit: str):
    try:
        t = tables.terrain[terrain]
    except (KeyError, TypeError):
        raise ValueError(f"CTA-2: unknown terrain {terrain!r}; known: {', '.join(tables.terrain)}") from None
    return t, t.modifiers.get(unit)


def attack_terms(attacker: str, defender: str, *, side: str = "front", attacker_terrain: str = "grass",
                 defender_terrain: str = "grass", attacker_leader: str | None = None,
                 defender_leader: str | None = None, attacker_marker: int = 0, defender_marker: int = 0,
                 tables: CenturiaTables | None = None, attacker_row: str | None = None,
                 defender_row: str | None = None) -> Target:
    """The attack roll's target with its terms: attacker's attack + defender's defence, modified (CTA-COMBAT).

    `attacker_row`/`defender_row`: the terrain table row to use when it is not the type's own (a leader fights
    in terrain as his arm: centuria or turma, decision)."""
    _check_side(side)
    whole(attacker_marker, "CTA-MORALE", "attacker_marker", 0, len(MARKERS) - 1)
    whole(defender_marker, "CTA-MORALE", "defender_marker", 0, len(MARKERS) - 1)
    tables = tables or centuria_tables()
    if side not in SIDES:
        raise ValueError(f"CTA-COMBAT: side is front, flank or rear, got {side!r}")
    a, d = _unit(tables, attacker), _unit(tables, defender)
    terms = [Modifier(f"{a.label} attack", a.attack, "CTA-2"), Modifier(f"{d.label} defence", d.defence, "CTA-2")]
    ta, ma = _terrain_mod(tables, attacker_terrain, attacker_row or attacker)
    if ma and ma.attack and not as_target_row(ma):
        terms.append(Modifier(f"attacker in {ta.key}", ma.attack, "CTA-2"))
    td, md = _terrain_mod(tables, defender_terrain, defender_row or defender)
    if md and md.defence and not as_target_row(md):
        terms.append(Modifier(f"defender in {td.key}", md.defence, "CTA-2"))
    la, ld = _leader(tables, attacker_leader), _leader(tables, defender_leader)
    if la and la.attack:
        terms.append(Modifier(f"{la.key} leads the attacker", la.attack, "CTA-COMBAT"))
    if ld and ld.defence:
        terms.append(Modifier(f"{ld.key} leads the defender", ld.defence, "CTA-COMBAT"))
    if SIDES[side]:
        terms.append(Modifier(f"attack on the {side}", SIDES[side], "CTA-COMBAT"))
    if MARKER_ATTACK.get(attacker_marker):
        terms.append(Modifier(f"attacker {MARKERS[attacker_marker]}", MARKER_ATTACK[attacker_marker], "CTA-MORALE"))
    if MARKER_DEFENCE.get(defender_marker):
        terms.append(Modifier(f"defender {MARKERS[defender_marker]}", MARKER_DEFENCE[defender_marker], "CTA-MORALE"))
    return Target(sum(t.value for t in terms), tuple(terms), tables.die_sides)


def shot_terms(engine: str, target: str, *, side: str = "front", engine_terrain: str = "grass",
               target_terrain: str = "grass", engine_leader: str | None = None, target_leader: str | None = None,
               target_marker: int = 0, tables: CenturiaTables | None = None, target_row: str | None = None) -> Target:
    """An engine's shot: its attack + the target's defence, with the "(Ziel)" rows of the target's hex (CTA-ART).

    The same terms as a close attack (the engine's own hex, leaders, side, the target's marker); a road row marked
    "(Ziel)" for the engine applies when the **target** stands there (CTA-MOVE), never for the engine's own hex.
    """
    _check_side(side)
    whole(target_marker, "CTA-MORALE", "target_marker", 0, len(MARKERS) - 1)
    tables = tables or centuria_tables()
    base = attack_terms(engine, target, side=side, attacker_terrain=engine_terrain, defender_terrain=target_terrain,
                        attacker_leader=engine_leader, defender_leader=target_leader, defender_marker=target_marker,
                        tables=tables, defender_row=target_row)
    terms = list(base.terms)
    tz, mz = _terrain_mod(tables, target_terrain, engine)
    if as_target_row(mz):
        if mz.attack:
            terms.append(Modifier(f"target on the {tz.key}: {engine} attack", mz.attack, "CTA-MOVE"))
        if mz.defence:
            terms.append(Modifier(f"target on the {tz.key}: defence", mz.defence, "CTA-MOVE"))
    return Target(sum(t.value for t in terms), tuple(terms), tables.die_sides, one_fails=True)


def no_counter(tables: CenturiaTables | None = None) -> Target:
    """The counter of a shot: there is none, so it cannot succeed (CTA-ART)."""
    tables = tables or centuria_tables()
    return Target(tables.die_sides, (Modifier("no counter roll against a shot", tables.die_sides, "CTA-ART"),),
                  tables.die_sides)


def attack_target(attacker: str, defender: str, *, side: str = "front", attacker_terrain: str = "grass",
                  defender_terrain: str = "grass", attacker_leader: str | None = None,
                  defender_leader: str | None = None) -> int:
    """The number the attack roll must exceed (CTA-COMBAT)."""
    return attack_terms(attacker, defender, side=side, attacker_terrain=attacker_terrain,
                        defender_terrain=defender_terrain, attacker_leader=attacker_leader,
                        defender_leader=defender_leader).value


def counter_terms(attacker: str, defender: str, *, attacker_terrain: str = "grass", defender_terrain: str = "grass",
                  attacker_leader: str | None = None, defender_leader: str | None = None,
                  attacker_marker: int = 0, defender_marker: int = 0,
                  tables: CenturiaTables | None = None, attacker_row: str | None = None,
                  defender_row: str | None = None) -> Target:
    """The defender's counter roll: its attack + the attacker's defence; no flank or rear term (CTA-COMBAT)."""
    whole(attacker_marker, "CTA-MORALE", "attacker_marker", 0, len(MARKERS) - 1)
    whole(defender_marker, "CTA-MORALE", "defender_marker", 0, len(MARKERS) - 1)
    return attack_terms(defender, attacker, side="front", attacker_terrain=defender_terrain,
                        defender_terrain=attacker_terrain, attacker_leader=defender_leader,
                        defender_leader=attacker_leader, attacker_marker=defender_marker,
                        defender_marker=attacker_marker, tables=tables, attacker_row=defender_row,
                        defender_row=attacker_row)


def morale_terms(unit: str, *, leader: str | None = None, adjacent_intact: int = 0,
                 tables: CenturiaTables | None = None) -> Target:
    """Morale test target: morale value + best leader's modifier - 1 per adjacent intact friend (CTA-MORALE)."""
    whole(adjacent_intact, "CTA-MORALE", "adjacent_intact", 0, 6)
    tables = tables or centuria_tables()
    if adjacent_intact < 0 or adjacent_intact > 6:
        raise ValueError(f"CTA-MORALE: a hex has 0 to 6 neighbours, got {adjacent_intact}")
    u = _unit(tables, unit)
    terms = [Modifier(f"{u.label} morale", u.morale, "CTA-2")]
    lead = _leader(tables, leader)
    if lead and lead.morale:
        terms.append(Modifier(f"{lead.key} in range", lead.morale, "CTA-MORALE"))
    if adjacent_intact:
        terms.append(Modifier(f"{adjacent_intact} adjacent intact unit(s)", -adjacent_intact, "CTA-MORALE"))
    return Target(sum(t.value for t in terms), tuple(terms), tables.die_sides)


def morale_target(unit: str, *, leader: str | None = None, adjacent_intact: int = 0) -> int:
    """The number a morale test's roll must exceed (CTA-MORALE)."""
    return morale_terms(unit, leader=leader, adjacent_intact=adjacent_intact).value


def p_success(target: int, sides: int | None = None) -> Fraction:
    """Chance that the Centuria die (its size from the data unless given) exceeds the target (DIE-20)."""
    whole(target, "DIE-20", "target")
    whole(sides, "DIE-20", "sides", 1, optional=True)
    return over_chance(target, centuria_tables().die_sides if sides is None else sides)


@dataclass(frozen=True)
class Exchange:
    """The exact outcome odds of one simultaneous attack and counter (CTA-COMBAT)."""

    attack: Target
    counter: Target

    @property
    def defender_falls(self) -> Fraction:
        """P(the attack roll succeeds)."""
        return self.attack.p_success

    @property
    def attacker_falls(self) -> Fraction:
        """P(the counter roll succeeds)."""
        return self.counter.p_success

    @property
    def both_fall(self) -> Fraction:
        """P(both succeed): the rolls are independent."""
        return self.defender_falls * self.attacker_falls

    @property
    def neither_falls(self) -> Fraction:
        """P(both fail)."""
        return (1 - self.defender_falls) * (1 - self.attacker_falls)
