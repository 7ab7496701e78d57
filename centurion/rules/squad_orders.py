"""A dismounted squad's orders in the Combat Phase: personal weapons, TVLGs, mortars (indirect, AP) and close
assault, checked by the infantry rules against the live units and rolled (CEN-INF-1, CEN-CMB-1, book-a 16).

`centurion.rules.resolution` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..data import BattleMap
from ..data.vehicles import damage_templates
from ..dice import Dice
from ..hexgrid import Hex
from .combat_units import RULE, CombatUnit, FireResult, HitResolution, sight_level
from .hits import HitToLand, land_hits
from .infantry_fire import SquadAction, SquadAttack, SquadView, squad_fire
from .refusal import Refusal
from .vulcan import E25_POLICY, VulcanPolicy

#: a squad's attack named in the log by its weapons, in the record sheets' words (book-a §16.3-16.5)
ATTACK_WORDS = {"personal": "personal weapons", "tvlg": "TVLGs", "mortar": "mortars",
                "mortar_indirect": "indirect mortars", "mortar_ap": "mortar AP rounds", "paint": "painting"}


def attack_label(attack: SquadAttack) -> str:
    """A squad attack's name in the log: "TVLGs", "personal weapons (IWF9)", with its damage template or casualty row
    where the weapon's name does not say it (book-a §16.3-16.5); the walk of session 51 read "tvlg (TVLG)"."""
    word = ATTACK_WORDS.get(attack.action, attack.action)
    detail = attack.template or attack.casualty_row
    return f"{word} ({detail})" if detail and detail not in ("TVLG", "mortar") else word


@dataclass(frozen=True)
class SquadOrder:
    """A dismounted squad's declared action in the Combat Phase, naming its target by key (book-a 16).

    action: personal, tvlg, mortar, mortar_indirect, mortar_ap (at `target_hex`), paint. `count`: TVLGs or
    mortars fired (default all it can); `location`: close assault location.
    """

    squad: str
    action: str
    target: str | None = None
    count: int | None = None
    location: str | None = None
    target_hex: Hex | None = None
    observed: bool = False


def declare_squad_fire(battlemap: BattleMap, units: Mapping[str, CombatUnit], order: SquadOrder, *, rules=None,
                       smoke: bool = True) -> SquadAttack | Refusal:
    """Check a squad's order with the infantry rules against the live units (CEN-INF-1, CEN-CMB-1; VAR-SPEEDMOD
    with `rules`; `smoke`: smoke in a vehicle's hex counts against the squad's weapons, book-b §10.3)."""
    squad = units.get(order.squad)
    if squad is None or squad.kind != "infantry":
        return Refusal(RULE, f"{order.squad!r} is not a dismounted squad")
    if squad.level is not None and order.action not in ("personal", "tvlg", "mortar", "paint"):
        return Refusal(RULE, f"a squad inside a building cannot fire {order.action} (book-b 2.7)")
    view = None
    if order.target is not None:
        tgt = units.get(order.target)
        if tgt is None:
            return Refusal(RULE, f"no target {order.target!r}")
        if tgt.side == squad.side:
            return Refusal(RULE, f"{order.target} is a friendly unit")
        view = tgt.target_view(squad)
    sv = SquadView(squad.key, squad.hex, squad.men, squad.squad_kind, squad.moved,
                   level=sight_level(battlemap, squad),
                   tvlgs_left=squad.tvlgs_left)
    act = SquadAction(order.action, view, order.count, order.location, order.target_hex, order.observed)
    return squad_fire(battlemap, sv, act, rules, smoke=smoke)


def resolve_squad_fire(order: SquadOrder, attack: SquadAttack, units: Mapping[str, CombatUnit], dice: Dice, *,
                       battlemap: BattleMap | None = None, vulcan: VulcanPolicy | None = E25_POLICY,
                       later: Mapping[str, int] | None = None) -> FireResult:
    """Roll a squad's checked attacks: to-hit per attack, then templates (IWF, TVLG, mortar) on vehicles and
    buildings, casualties on squads (an AP round: every dismounted squad in the hex) (book-a 16, CEN-SEQ-3)."""
    units = dict(units)
    start = len(dice.log)
    results: list[HitResolution] = []
    hits: list[HitToLand] = []
    label = attack_label(attack)
    if attack.action == "paint":
        roll = attack.to_hit.roll(dice, purpose=f"{order.squad} to paint {order.target}", rule=RULE)
        results.append(HitResolution("paint", order.target, roll))
        if roll.success:
            t = units[order.target]
            units[order.target] = replace(t, painted_by=t.painted_by + (order.squad,))
        return FireResult(order.squad, tuple(results), (), tuple(dice.log[start:]), units)
    squad = units[order.squad]
    if attack.action == "tvlg":
        units[order.squad] = replace(squad, tvlgs_left=(squad.tvlgs_left if squad.tvlgs_left is not None
                                                         else 4) - attack.attacks)
    targets = [order.target] if attack.action != "mortar_ap" else [
        k for k, u in units.items() if u.kind == "infantry" and u.level is None and u.hex == order.target_hex]
    for n in range(attack.attacks):
        roll = attack.to_hit.roll(dice, purpose=f"{order.squad} {label} attack {n + 1} at "
                                  f"{order.target or order.target_hex} (range {attack.range})", rule=RULE)
        if not roll.success:
            results.append(HitResolution(label, order.target or "", roll))
            continue
        for tkey in targets:
            shape = damage_templates()[attack.template] if attack.template else None
            # squads inside a building hit by it: the mortar row for mortars, the IWF row for personal weapons
            row = attack.casualty_row or ("mortar" if attack.action.startswith("mortar")
                                          else attack.template if attack.action == "personal" else None)
            hits.append(HitToLand(label, tkey, roll, attack.action == "tvlg", shape, attack.side, row,
                             attack.side if attack.close_assault else None))
    locations = land_hits(order.squad, hits, units, dice, battlemap if attack.action != "mortar_ap" else None,
                          results, vulcan=vulcan, later=later)
    return FireResult(order.squad, tuple(results), tuple(locations), tuple(dice.log[start:]), units)
