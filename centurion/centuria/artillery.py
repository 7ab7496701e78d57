"""Artillery (CTA-ART): the ballista's and tormentum's range, spotters and shots a round, and the shot itself."""

from __future__ import annotations

from dataclasses import replace

from ..data import CenturiaTables, centuria_tables
from ..dice import Dice
from ..hexgrid import distance
from ..rules.grav import Refusal
from .combat import is_engine, shot
from .command import in_sight
from .morale import morale_test
from .pieces import Event, Piece
from .round import alternated
from .state import CenturiaBattle
from .values import MARKERS, roll_over


def engine_range(engine_type: str, tables: CenturiaTables | None = None) -> int:
    """An engine's range: its action radius in data/centuria.yaml (ballista 5, tormentum 6; CTA-ART)."""
    tables = tables or centuria_tables()
    if not isinstance(engine_type, str) or engine_type not in tables.units:
        raise ValueError(f"CTA-ART: an engine is one of {', '.join(ENGINE_RANGE)}, got {engine_type!r}"[:200])
    return tables.units[engine_type].action_radius


#: engine type -> range, read from data/centuria.yaml (kept for the views; `engine_range` is the function)
ENGINE_RANGE = {k: u.action_radius for k, u in centuria_tables().units.items() if u.kind == "engine"}


def spotters(battle: CenturiaBattle, engine: Piece, target: Piece, tables: CenturiaTables) -> list[str]:
    """Friendly pieces (units and leaders, the seed's "Einheit" table lists both) that see the target and touch
    the engine or see it; an engine that sees the target itself is its own spotter (CTA-ART, decision)."""
    out = []
    for q in battle.living(engine.side):
        if q.id == engine.id:
            if in_sight(q.hex, target.hex, battle.map, tables):
                out.append(q.id)
            continue
        touches = distance(q.hex, engine.hex) <= 1
        if (touches or in_sight(q.hex, engine.hex, battle.map, tables)) and in_sight(
                q.hex, target.hex, battle.map, tables):
            out.append(q.id)
    return out


def shots_allowed(battle: CenturiaBattle, engine: Piece, tables: CenturiaTables | None = None) -> int:
    """Shots an engine has a round: two when a leader whose data says `engines_fire_twice` (the centurio
    ballista) may command it and covers it (range and sight), else one (CTA-ART)."""
    tables = tables or centuria_tables()
    twice = any(tables.leaders.get(q.type) is not None and tables.leaders[q.type].engines_fire_twice
                for q in battle.covering(engine, tables))
    return 2 if twice else 1


def fire_refusal(battle: CenturiaBattle, engine_id: str, target_id: str, tables: CenturiaTables | None = None
                 ) -> Refusal | None:
    """None if the engine may fire at the target now, else why not (CTA-ART)."""
    tables = tables or centuria_tables()
    try:
        e, t = battle.piece(engine_id), battle.piece(target_id)
    except KeyError as exc:
        return Refusal("CTA-1", str(exc.args[0]))
    if not is_engine(e, tables):
        return Refusal("CTA-ART", f"{e.id} is not an engine")
    if battle.phase != "combat" or e.side != battle.active_side or e.side in battle.passed:
        return Refusal("CTA-1", "engines fire in their side's turn of the combat phase")
    if not (e.alive and t.alive) or e.side == t.side:
        return Refusal("CTA-ART", "the target must be a living enemy piece")
    if e.marker:
        return Refusal("CTA-MORALE", f"{e.id}'s crew is {MARKERS[e.marker]}: the engine does not shoot")
    if e.engine_out_round is not None and battle.round <= e.engine_out_round + 1:
        return Refusal("CTA-ART", f"{e.id} is out of action until the end of round {e.engine_out_round + 1} "
                       "(it rolled a 1)")
    if battle.command(tables).get(e.id) == "out":
        return Refusal("CTA-CMD", f"{e.id} is out of command")
    rng = engine_range(e.type, tables)
    if distance(e.hex, t.hex) > rng:
        return Refusal("CTA-ART", f"{t.id} is {distance(e.hex, t.hex)} hexes away; the {e.type} reaches {rng}")
    if e.type == "ballista" and not in_sight(e.hex, t.hex, battle.map, tables):
        return Refusal("CTA-ART", "the ballista fires only at what it sees (no indirect fire)")
    if not spotters(battle, e, t, tables):
        return Refusal("CTA-ART", f"no friendly piece that touches or sees {e.id} can see {t.id}")
    fired = dict(battle.shots).get(e.id, 0)
    allowed = shots_allowed(battle, e, tables)
    if fired >= allowed:
        times = "once" if fired == 1 else f"{fired} times"
        return Refusal("CTA-ART", f"{e.id} has fired {times} this round; it may fire {allowed}")
    return None


def fire(battle: CenturiaBattle, engine_id: str, target_id: str, dice: Dice, tables: CenturiaTables | None = None
         ) -> tuple[CenturiaBattle, list[Event]] | Refusal:
    """An engine shoots (`shot` terms), no counter; a natural 1 puts it out and its crew tests (CTA-ART)."""
    tables = tables or centuria_tables()
    refusal = fire_refusal(battle, engine_id, target_id, tables)
    if refusal is not None:
        return refusal
    e, t = battle.piece(engine_id), battle.piece(target_id)
    target = shot(battle, engine_id, target_id, tables)
    roll = roll_over(dice, target, purpose=f"{e.id} shoots at {t.id}", rule="CTA-ART")
    shots = dict(battle.shots)
    shots[e.id] = shots.get(e.id, 0) + 1
    new = replace(battle, shots=tuple(sorted(shots.items())))
    events = [Event(f"{e.id} shoots at {t.id}: roll {roll.result} vs {target.value}, "
                    f"{'hit' if roll.success else 'miss'}{' (a 1 always misses)' if roll.result == 1 else ''}",
                    "CTA-ART", (roll,))]
    if roll.success:
        new = new.with_piece(replace(t, alive=False))
        events.append(Event(f"{t.id} falls", "CTA-ART"))
    if roll.result == 1:
        new = new.with_piece(replace(new.piece(e.id), engine_out_round=battle.round))
        events.append(Event(f"{e.id} is out of action until the end of the next round (a roll of 1)", "CTA-ART"))
        new, more = morale_test(new, e.id, dice, "its engine failed (roll of 1)", tables=tables)
        events += more
    return alternated(new.logged(*events)), events
