"""Morale (CTA-MORALE): the tests after losses (a-d), fleeing, and the rally tests that open each round."""

from __future__ import annotations

from dataclasses import replace

from ..data import CenturiaTables, centuria_tables
from ..dice import Dice
from ..hexgrid import Hex, distance, format_label, neighbor, neighbors
from ..rules.inputs import choice
from .command import in_sight
from .movement import movement_value
from .pieces import Event, Piece
from .state import CenturiaBattle, battle_tables
from .values import MARKERS, Target, morale_terms, roll_over


def morale_test_target(battle: CenturiaBattle, pid: str, tables: CenturiaTables | None = None) -> Target:
    """A piece's morale test target, with the best leader and its intact neighbours (CTA-MORALE)."""
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    return morale_terms(p.type, leader=battle.best_leader(p, "morale", tables),
                        adjacent_intact=battle.adjacent_intact(p), tables=battle_tables(battle, tables))


def morale_test(battle: CenturiaBattle, pid: str, dice: Dice, reason: str, *, rally: bool = False,
                tables: CenturiaTables | None = None) -> tuple[CenturiaBattle, list[Event]]:
    """Roll a morale test (CTA-MORALE): any pass restores the unit (markers removed); a failed test adds a
    marker, a failed rally leaves the markers as they are.

    A third failure sets the unit fleeing: it moves backwards as far as its movement value allows, and every
    unit it passes next to or ends beside tests in turn (`flee`).
    """
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    if p.marker >= 3:  # a fleeing unit takes no more tests and does not come back (decision)
        ev = Event(f"{pid} is fleeing: it takes no more morale or rally tests", "CTA-MORALE")
        return battle, [ev]
    target = morale_test_target(battle, pid, tables)
    roll = roll_over(dice, target, purpose=f"rally test of {pid}" if rally else f"morale test of {pid} ({reason})",
                     rule="CTA-MORALE")  # a rally's reason is the test itself: once (walk of session 53)
    if roll.success:
        marker = 0
    elif rally:
        marker = p.marker
    else:
        marker = min(3, p.marker + 1)
    if rally:  # "rallies ... fails" read as both (walk of session 33)
        text = (f"{pid} rallies: roll {roll.result} vs {target.value}, passes; now {MARKERS[marker]}" if roll.success
                else f"{pid} does not rally: roll {roll.result} vs {target.value}, fails; still {MARKERS[marker]}")
    else:
        text = (f"{pid} tests morale ({reason}): roll {roll.result} vs {target.value}, "
                f"{'passes' if roll.success else 'fails'}; now {MARKERS[marker]}")
    events = [Event(text, "CTA-MORALE", (roll,))]
    new = battle.with_piece(replace(p, marker=marker))
    if marker == 3 and p.marker != 3:
        new, more = flee(new, pid, dice, tables)
        events += more
    return new.logged(*events), events


def flee_path(battle: CenturiaBattle, p: Piece, tables: CenturiaTables | None = None) -> list[Hex]:
    """The hexes a fleeing unit enters: straight back through its rear hexside as far as a move could take it
    (CTA-MORALE: "as far as the movement rules allow"): its movement value, never into the enemy or off the map;
    it may pass friendly pieces and ends where no other unit stands (a hex with only a leader will do, CTA-MOVE)."""
    tables = tables or centuria_tables()
    back = (p.facing + 3) % 6
    here, path = p.hex, []
    while True:
        dest = neighbor(here, back)
        if dest not in battle.map or any(q.side != p.side for q in battle.at(dest)):
            break
        if len(path) + 1 > movement_value(battle, p, [p.hex, *path, dest], tables):
            break
        path.append(dest)
        here = dest
    while path and any(q.id != p.id and not q.is_leader for q in battle.at(path[-1])):
        path.pop()  # a move may pass a friendly unit but not end on it
    return path


def flee(battle: CenturiaBattle, pid: str, dice: Dice, tables: CenturiaTables | None = None
         ) -> tuple[CenturiaBattle, list[Event]]:
    """A fleeing unit moves backwards; every unit, of either side, that it passes next to or ends beside tests
    morale (CTA-MORALE d)."""
    tables = tables or centuria_tables()
    p = battle.piece(pid)
    path = flee_path(battle, p, tables)
    here = path[-1] if path else p.hex
    events = [Event(f"{pid} flees to {format_label(here)}", "CTA-MORALE")]
    new = battle.with_piece(replace(p, hex=here))
    near: set[Hex] = set()
    for h in path or [p.hex]:
        near |= {h, *neighbors(h)}
    touched = [q for q in new.pieces if q.alive and q.id != pid and not q.is_leader and q.hex in near
               and q.marker < 3]
    for q in sorted(touched, key=lambda q: q.id):
        if new.piece(q.id).marker >= 3:
            continue
        new, more = morale_test(new, q.id, dice, f"touched by the fleeing {pid}", tables=tables)
        events += more
    return new, events


def out_of_action(p: Piece) -> bool:
    """Whether a sub-unit counts as "ausgefallen" for trigger (a): removed or fleeing (CTA-MORALE, decision)."""
    return not p.alive or p.marker >= 3


def led_units(battle: CenturiaBattle, lead: Piece, *, whole_army: bool = True) -> list[Piece]:
    """The sub-units a leader leads (CTA-MORALE b, c): those whose acting leader he is (their own, or the one he
    replaced); a leader with none of his own leads every sub-unit under him in the chain, and with `whole_army`
    so does the army's commander (a legatus, nobody above him) beside those he commands himself, such as engines
    (decision K3; without it, the first edition of the rules: only his own)."""
    subs = [p for p in battle.pieces if not p.is_leader and p.alive and p.side == lead.side]
    own = [p for p in subs if (q := battle.acting_leader(p)) is not None and q.id == lead.id]
    has_own = bool(own) or any(p.commander == lead.id for p in battle.pieces if not p.is_leader)
    if has_own and not (whole_army and lead.commander is None):
        return own
    under = {q.id for q in battle.leaders_under(lead.id)}
    return own + [p for p in subs if p.commander in under and p not in own]


def morale_triggers(before: CenturiaBattle, after: CenturiaBattle, tables: CenturiaTables | None = None, *,
                    whole_army: bool = True) -> list[tuple[str, str]]:
    """Which sub-units must test morale after losses, as (id, reason) (CTA-MORALE a-c).

    (a): more than half of a leader's sub-units are out of action (removed or fleeing), the first time.
    (b): the sub-units a fallen leader led (`led_units`: his own or those he had taken over) that their new
    leader (`acting_leader`, a subpraefectus or tribunus) does not have within his action radius **and** in sight.
    (c): all of them, when no replacement is left. `whole_army`: the fallen army commander's units are his whole
    army (`led_units`).
    """
    tables = tables or centuria_tables()
    out: dict[str, str] = {}
    leaders_before = {p.id: p for p in before.pieces if p.is_leader}
    for lead in leaders_before.values():
        subs_all = [p for p in after.pieces if not p.is_leader and p.commander == lead.id]
        if subs_all:
            lost = sum(1 for p in subs_all if out_of_action(p))
            lost_before = sum(1 for p in before.pieces
                              if not p.is_leader and p.commander == lead.id and out_of_action(p))
            if lost * 2 > len(subs_all) and lost_before * 2 <= len(subs_all):
                why = "has fallen" if all(not p.alive for p in subs_all if out_of_action(p)) else "has fallen or fled"
                for p in subs_all:
                    if not out_of_action(p):
                        out.setdefault(p.id, f"more than half of the unit {why} (a)")
        if not (lead.alive and not after.piece(lead.id).alive):
            continue
        for q in led_units(before, lead, whole_army=whole_army):
            p = after.piece(q.id)
            if not p.alive:
                continue
            was = before.acting_leader(q)
            repl = (after.acting_leader(p) if was is not None and was.id == lead.id
                    else after.replacement_for(after.piece(lead.id)))  # a legatus: his own replacement
            if repl is None:
                out.setdefault(p.id, f"{lead.id} fell with no one to replace him (c)")
                continue
            radius = tables.units[repl.type].action_radius
            if distance(p.hex, repl.hex) > radius or not in_sight(p.hex, repl.hex, after.map, tables):
                out.setdefault(p.id, f"{lead.id} fell; outside {repl.id}'s range or sight (b)")
    return sorted(out.items())


def rally_phase(battle: CenturiaBattle, side: str, dice: Dice, tables: CenturiaTables | None = None
                ) -> tuple[CenturiaBattle, list[Event]]:
    """Each marked (not fleeing) unit of a side takes a rally test: a pass restores it, a fail changes nothing
    (CTA-MORALE decision)."""
    if battle.sides:
        choice(side, battle.sides, "CTA-MORALE", "side")
    events: list[Event] = []
    for p in battle.living(side):
        if not p.is_leader and p.marker in (1, 2):
            battle, more = morale_test(battle, p.id, dice, "rally test", rally=True, tables=tables)
            events += more
    return battle, events


def start_round(battle: CenturiaBattle, dice: Dice, tables: CenturiaTables | None = None
                ) -> tuple[CenturiaBattle, list[Event]]:
    """The start of a round: every marked unit of both sides takes its rally test, the round's first side first
    (CTA-MORALE decision)."""
    events: list[Event] = []
    first = battle.first_side or battle.sides[0]
    for side in (first, *[s for s in battle.sides if s != first]):
        battle, more = rally_phase(battle, side, dice, tables)
        events += more
    return battle, events
