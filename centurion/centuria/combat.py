"""Close combat (CTA-COMBAT): the exchange of an attack and its counter, rolled at once, and the odds behind it;
an engine's shot is its exchange with no counter (CTA-ART)."""

from __future__ import annotations

from dataclasses import replace

from ..data import CenturiaTables, centuria_tables
from ..dice import Dice
from ..hexgrid import distance
from ..rules.grav import Refusal
from .pieces import Event, Piece, terrain_row
from .round import alternated
from .state import CenturiaBattle, battle_tables
from .values import MARKERS, Exchange, Target, attack_terms, counter_terms, no_counter, roll_over, shot_terms


def shot(battle: CenturiaBattle, engine_id: str, target_id: str, tables: CenturiaTables | None = None) -> Target:
    """The target number of an engine's shot with its terms: the one function behind the preview and the roll
    (CTA-ART): the engine's best commanding leader, the target's hex with its "(Ziel)" rows, side and marker."""
    tables = tables or centuria_tables()
    e, t = battle.piece(engine_id), battle.piece(target_id)
    return shot_terms(e.type, t.type, side=battle.side_of_attack(e, t), engine_terrain=battle.terrain(e.hex),
                      target_terrain=battle.terrain(t.hex), engine_leader=battle.best_leader(e, "attack", tables),
                      target_leader=battle.best_leader(t, "defence", tables), target_marker=t.marker,
                      tables=battle_tables(battle, tables), target_row=terrain_row(t, tables))


def is_engine(p: Piece, tables: CenturiaTables | None = None) -> bool:
    """Ballista and tormentum (kind `engine` in data/centuria.yaml, CTA-ART)."""
    tables = tables or centuria_tables()
    return tables.units[p.type].kind == "engine"


def exchange(battle: CenturiaBattle, attacker_id: str, defender_id: str, tables: CenturiaTables | None = None
             ) -> Exchange:
    """The exact odds of an attack and its counter between two pieces on the map (CTA-COMBAT).

    An engine does not close-attack: its exchange is its shot (`shot`) with no counter roll (CTA-ART), so the
    preview of a shot and the shot itself use the same terms.
    """
    tables = tables or centuria_tables()
    a, d = battle.piece(attacker_id), battle.piece(defender_id)
    if is_engine(a, tables):
        return Exchange(shot(battle, a.id, d.id, tables), no_counter(battle_tables(battle, tables)))
    kw = dict(attacker_terrain=battle.terrain(a.hex), defender_terrain=battle.terrain(d.hex),
              attacker_marker=a.marker, defender_marker=d.marker, tables=battle_tables(battle, tables),
              attacker_row=terrain_row(a, tables), defender_row=terrain_row(d, tables))
    att = attack_terms(a.type, d.type, side=battle.side_of_attack(a, d),
                       attacker_leader=battle.best_leader(a, "attack", tables),
                       defender_leader=battle.best_leader(d, "defence", tables), **kw)
    cnt = counter_terms(a.type, d.type, attacker_leader=battle.best_leader(a, "defence", tables),
                        defender_leader=battle.best_leader(d, "attack", tables), **kw)
    return Exchange(att, cnt)


def _turn_refusal(battle: CenturiaBattle, side: str, phase: str) -> Refusal | None:
    if battle.phase != phase:
        return Refusal("CTA-1", f"that belongs to the {phase} phase; it is the {battle.phase} phase")
    if side != battle.active_side:
        return Refusal("CTA-1", f"it is {battle.active_side}'s turn, not {side}'s")
    if side in battle.passed:
        return Refusal("CTA-1", f"{side} has ended its part of the {phase} phase")
    return None


def attack(battle: CenturiaBattle, attacker_id: str, defender_id: str, dice: Dice,
           tables: CenturiaTables | None = None) -> tuple[CenturiaBattle, list[Event]] | Refusal:
    """Resolve a close attack: simultaneous attack and counter rolls; a success removes the struck piece."""
    tables = tables or centuria_tables()
    try:
        a, d = battle.piece(attacker_id), battle.piece(defender_id)
    except KeyError as exc:
        return Refusal("CTA-1", str(exc.args[0]))
    turn = _turn_refusal(battle, a.side, "combat")
    if turn is not None:
        return turn
    if not (a.alive and d.alive):
        return Refusal("CTA-COMBAT", "both pieces must still be on the map")
    if a.side == d.side:
        return Refusal("CTA-COMBAT", "a unit attacks the enemy, not its own side")
    if a.id in battle.attacked:
        return Refusal("CTA-COMBAT", f"{a.id} has already attacked this round")
    if is_engine(a, tables):
        return Refusal("CTA-ART", f"{a.id} is an engine: it shoots (CTA-ART) rather than close-attacks; "
                       "it defends and strikes back (decision)")
    if distance(a.hex, d.hex) != 1:
        return Refusal("CTA-COMBAT", f"{a.id} must stand next to {d.id} to attack it")
    if not a.is_leader:
        if battle.command(tables).get(a.id) == "out":
            return Refusal("CTA-CMD", f"{a.id} is out of command: only a sub-unit in command may attack")
        if a.marker:
            return Refusal("CTA-MORALE", f"{a.id} is {MARKERS[a.marker]}: it does not attack")
    ex = exchange(battle, a.id, d.id, tables)
    r1 = roll_over(dice, ex.attack, purpose=f"{a.id} attacks {d.id}", rule="CTA-COMBAT")
    r2 = roll_over(dice, ex.counter, purpose=f"{d.id} strikes back at {a.id}", rule="CTA-COMBAT")
    new = replace(battle, attacked=battle.attacked | {a.id})
    events = [Event(f"{a.id} attacks {d.id}: roll {r1.result} vs {ex.attack.value} "
                    f"({'hit' if r1.success else 'miss'}); counter {r2.result} vs {ex.counter.value} "
                    f"({'hit' if r2.success else 'miss'})", "CTA-COMBAT", (r1, r2))]
    for struck, hit in ((d, r1.success), (a, r2.success)):
        if hit:
            new = new.with_piece(replace(struck, alive=False))
            events.append(Event(f"{struck.id} falls", "CTA-COMBAT"))
    return alternated(new.logged(*events)), events
