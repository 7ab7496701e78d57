"""Ground vehicles and dismounted infantry: movement points, free facing, the road bonus (CEN-GV-1, CEN-INF-1).

Also mounting and dismounting (CEN-MNT-1), opportunity fire eligibility (CEN-OPP-1)
and stacking (CEN-STK-1).
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from ..data import BattleMap, TerrainTable
from ..hexgrid import Hex, format_label, neighbor, neighbors, turn
from .grav import Refusal
from .inputs import a_hex, choice, whole
from .terrain import craters_free, entry_cost

INFANTRY_MP = 3


@dataclass(frozen=True)
class GroundMove:
    """A ground vehicle's or squad's move: steps F (forward), B (one hex backwards), L, R (free turns).

    dig_at: fire a digging charge in the hex occupied after that many hex steps (0 = the start hex).
    take_crater: a unit ending its move in a hex with a free crater takes it (None, the default), declines it
    (False) or insists on it (True: refused when there is none) (CEN-CRT-1).
    """

    steps: tuple[str, ...] = ()
    dig_at: int | None = None
    take_crater: bool | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(str(s).upper() for s in "".join(self.steps)))


@dataclass(frozen=True)
class GroundEntry:
    """One hex entered with its MP cost and what is left."""

    hex: Hex
    label: str
    terrain: str
    mp: int
    mp_left: int
    one_hex_rule: bool = False


@dataclass(frozen=True)
class ResolvedGroundMove:
    """A legal ground move: hexes entered, MP, road bonus, end hex and facing."""

    start_hex: Hex
    start_facing: int
    mover: str
    mp: int
    road_bonus: bool
    entries: tuple[GroundEntry, ...]
    end_hex: Hex
    end_facing: int
    backwards: bool
    dig_hex: Hex | None = None
    in_crater: bool = False  # a ground vehicle or squad gets a crater's cover by entering its hex (CEN-CRT-1)

    def __bool__(self) -> bool:
        return True

    @property
    def mp_spent(self) -> int:
        """Movement points used."""
        return sum(e.mp for e in self.entries if not e.one_hex_rule)


def resolve_ground_move(hex_: Hex, facing: int, move: GroundMove, battlemap: BattleMap, *, mover: str = "ground",
                        movement_points: int | None = None, table: TerrainTable | None = None,
                        digging_charges: int = 0, craters_taken: Mapping[Hex, int] | None = None,
                        may_pivot: bool = True) -> ResolvedGroundMove | Refusal:
    """Check a ground vehicle's (CEN-GV-1) or squad's (CEN-INF-1, 3 MP) move, with any digging (CEN-CRT-1).

    With 0 MP (Mobility destroyed, book-a §13) it only pivots; `may_pivot=False` (Engine lost) forbids that
    too. `craters_taken`: per hex, how many other
    units of the mover's kind (vehicles, or squads) already hold a crater there (one of each per crater).
    """
    if mover not in ("ground", "infantry"):
        raise ValueError(f"CEN-GV-1: mover is 'ground' or 'infantry', got {mover!r}")
    mp = INFANTRY_MP if mover == "infantry" else movement_points
    if mp is None or isinstance(mp, bool) or not isinstance(mp, int) or mp < 0:
        return Refusal("CEN-GV-1", f"a ground vehicle needs its movement points (a whole number, 0 or more), got "
                       f"{mp!r}")
    if not isinstance(hex_, Hex) or hex_ not in battlemap:
        return Refusal("HEX-4", f"the unit stands off the map at {hex_!r}")
    if isinstance(facing, bool) or not isinstance(facing, int) or not 0 <= facing <= 5:
        return Refusal("HEX-3", f"a facing is a whole number from 0 to 5, got {facing!r}")
    bad = [s for s in move.steps if s not in "FBLR"]
    if bad:
        return Refusal("CEN-GV-1", f"unknown step {bad[0]!r}; steps are F, B, L and R")
    hex_steps = [s for s in move.steps if s in "FB"]
    if mp == 0 and hex_steps:
        return Refusal("CEN-GV-1", "with 0 MP (mobility destroyed) the unit does not move; it may only pivot")
    if not may_pivot and len(hex_steps) != len(move.steps):
        return Refusal("CEN-CMB-1", "the Engine is destroyed: no facing change for the rest of the game")
    backwards = "B" in hex_steps
    if backwards and (len(hex_steps) != 1):
        return Refusal("CEN-GV-1", "instead of moving forwards a ground unit may move one hex backwards, "
                       "and no more")
    # road bonus: start on a road and stay on it for the whole move (ground vehicles only)
    here, f = hex_, facing
    on_road_all = mover == "ground" and bool(hex_steps) and hex_ in battlemap.road_hexes()
    probe_here, probe_f = hex_, facing
    for s in move.steps:
        if s in "LR":
            probe_f = turn(probe_f, -1 if s == "L" else 1)
            continue
        dest = neighbor(probe_here, probe_f if s == "F" else (probe_f + 3) % 6)
        if dest not in battlemap or not battlemap.along_road(probe_here, dest):
            on_road_all = False
            break
        probe_here = dest
    left = mp + (1 if on_road_all else 0)  # +1 hex along a road costs 1 MP (road row)
    entries: list[GroundEntry] = []
    for i, s in enumerate(move.steps):
        if s in "LR":
            f = turn(f, -1 if s == "L" else 1)
            continue
        if entries and entries[-1].one_hex_rule:
            return Refusal("CEN-GRAV-3", f"the one-hex rule let it enter {entries[-1].label} as its only hex this "
                           "turn; it cannot move further", i)
        dest = neighbor(here, f if s == "F" else (f + 3) % 6)
        if dest not in battlemap:
            return Refusal("HEX-4", f"the hex {'ahead of' if s == 'F' else 'behind'} {format_label(here)} is off "
                           "the map", i)
        cost, _limit, key = entry_cost(battlemap, here, dest, mover, table=table)
        if cost is None:
            what = "dismounted infantry" if mover == "infantry" else "ground vehicles"
            reason = key.replace("_", " ")
            if battlemap[dest].level != battlemap[here].level and key not in ("lake", "under_water"):
                reason = f"a slope of {abs(battlemap[dest].level - battlemap[here].level)} levels"
            return Refusal("CEN-GV-1" if mover == "ground" else "CEN-INF-1",
                           f"{reason} at {format_label(dest)} is prohibited to {what}", i)
        one = False
        if cost > left:
            if not entries:
                one = True
            else:
                return Refusal("CEN-GV-1" if mover == "ground" else "CEN-INF-1",
                               f"entering {format_label(dest)} costs {cost} MP; only {left} MP left", i)
        left = 0 if one else left - cost
        entries.append(GroundEntry(dest, format_label(dest), key, cost, left, one))
        here = dest
    dig_hex = None
    if move.dig_at is not None:
        if mover != "ground":
            return Refusal("CEN-CRT-1", "only vehicles carry digging cannons")
        if not 0 <= move.dig_at <= len(entries):
            return Refusal("CEN-CRT-1", f"dig_at {move.dig_at} names no hex of this move (0..{len(entries)})")
        if digging_charges <= 0:
            return Refusal("CEN-CRT-1", "the digging cannon has no charges left")
        dig_hex = hex_ if move.dig_at == 0 else entries[move.dig_at - 1].hex
        if battlemap[dig_hex].lake:
            return Refusal("CEN-CRT-1", f"no crater can be dug in the lake hex {format_label(dig_hex)}")
    free = craters_free(battlemap, here, (craters_taken or {}).get(here, 0), dug=dig_hex == here)
    if move.take_crater and not free:
        return Refusal("CEN-CRT-1", f"no free crater in {format_label(here)} (one vehicle and one squad per crater)")
    in_crater = bool(free) and move.take_crater is not False
    return ResolvedGroundMove(hex_, facing, mover, mp, on_road_all, tuple(entries), here, f, backwards, dig_hex,
                              in_crater)


def ground_reach(hex_: Hex, facing: int, battlemap: BattleMap, *, mover: str = "ground",
                 movement_points: int | None = None, table: TerrainTable | None = None) -> dict[Hex, int]:
    """Every hex a ground unit can end in this turn, with the least MP a move there uses (CEN-GV-1, CEN-INF-1).

    The same ends as `resolve_ground_move` accepts (a test compares them): facing is free, so this is a
    cheapest-path search over the same entry costs (slopes included, 4-5 level slopes closed to ground
    units, on roads too); the one-hex rule (it uses every MP); the road bonus (+1 MP when every hex of
    the move follows the road); the single hex backwards adds no hex a turn and one step forward cannot
    reach. With 0 MP the unit stays.
    """
    a_hex(hex_, "hex_", "HEX-4")
    whole(facing, "HEX-3", "facing", 0, 5)
    choice(mover, ("ground", "infantry"), "CEN-GV-1", "mover")
    mp = INFANTRY_MP if mover == "infantry" else movement_points
    if mp is None:
        raise ValueError("CEN-GV-1: movement points are needed for a ground vehicle")
    if isinstance(mp, bool) or not isinstance(mp, int) or mp < 0:
        raise ValueError(f"CEN-GV-1: movement points are a whole number, 0 or more, got {mp!r}")
    if hex_ not in battlemap:
        raise ValueError(f"HEX-4: the unit stands off the map at {hex_!r}")
    if mp == 0:
        return {hex_: 0}

    def cheapest(budget: int, road_only: bool) -> dict[Hex, int]:
        best: dict[Hex, int] = {hex_: 0}
        heap = [(0, hex_.q, hex_.r)]
        while heap:
            spent, q, r = heapq.heappop(heap)
            h = Hex(q, r)
            if spent > best[h]:
                continue
            for f in range(6):
                d = neighbor(h, f)
                if d not in battlemap or (road_only and not battlemap.along_road(h, d)):
                    continue
                cost = entry_cost(battlemap, h, d, mover, table=table)[0]
                if cost is None or spent + cost > budget or spent + cost >= best.get(d, 1 << 30):
                    continue
                best[d] = spent + cost
                heapq.heappush(heap, (spent + cost, d.q, d.r))
        return best

    best = cheapest(mp, False)
    bonus = mover == "ground" and hex_ in battlemap.road_hexes()
    if bonus:  # the road bonus: every hex along the road, one MP more (CEN-GV-1)
        for h, spent in cheapest(mp + 1, True).items():
            best[h] = min(best.get(h, 1 << 30), spent)
    for f in range(6):  # the one-hex rule: the only hex of the move, whatever it costs (CEN-GRAV-3)
        d = neighbor(hex_, f)
        cost = entry_cost(battlemap, hex_, d, mover, table=table)[0] if d in battlemap else None
        if cost is None or cost <= mp or (bonus and battlemap.along_road(hex_, d) and cost <= mp + 1):
            continue  # no such move, or an ordinary one (found above)
        best[d] = min(best.get(d, 1 << 30), mp)
    return best


def ground_path(hex_: Hex, to: Hex, battlemap: BattleMap, *, mover: str = "infantry",
                movement_points: int | None = None, table: TerrainTable | None = None,
                avoid: Collection[Hex] = ()) -> list[Hex]:
    """The hexes a ground unit enters on a cheapest move from `hex_` to `to` (`ground_reach`'s costs, CEN-GV-1,
    CEN-INF-1), in order; among equally cheap steps one outside `avoid` (the enemy's hexes), then the lower column,
    then row. ValueError when `to` is out of its reach."""
    reach = ground_reach(hex_, 0, battlemap, mover=mover, movement_points=movement_points, table=table)
    if to not in reach or to == hex_:
        raise ValueError(f"CEN-INF-1: {to!r} is not a hex this unit can move to from {hex_!r}")
    spent = {**reach, hex_: 0}
    path, cur = [to], to
    while cur != hex_:
        came = [n for n in sorted(neighbors(cur), key=lambda h: (h in avoid, h.q, h.r)) if n in spent and n not in path
                and entry_cost(battlemap, n, cur, mover, table=table)[0] is not None
                and spent[n] + entry_cost(battlemap, n, cur, mover, table=table)[0] == spent[cur]]
        cur = came[0] if came else hex_  # none: the one-hex rule's single step from the start (CEN-GRAV-3)
        if cur != hex_:
            path.append(cur)
    return path[::-1]


# --- mounting, opportunity fire, stacking --------------------------------------------


def mount_refusal(squad_hex_at_start: Hex, carrier_hex_at_start: Hex, carrier_velocity_at_start: int, *,
                  carrier_kind: str = "grav", squad_moved: bool = False, capacity_left: int = 1,
                  carrier_moved: bool = False) -> Refusal | None:
    """None if a squad may mount its carrier now, else why not (CEN-MNT-1).

    Both must have *started* the Movement Phase in the same hex, a grav carrier at velocity 0: pass
    their hexes and the carrier's velocity at the start of the phase. The squad mounts before its carrier
    moves (`carrier_moved`: it has already moved this phase). A carrier that ends its move in the squad's
    hex at velocity 0 takes it aboard next turn (the Viper example).
    """
    a_hex(squad_hex_at_start, "squad_hex_at_start")
    a_hex(carrier_hex_at_start, "carrier_hex_at_start")
    whole(carrier_velocity_at_start, "CEN-MNT-1", "carrier_velocity_at_start")
    choice(carrier_kind, ("grav", "ground"), "CEN-MNT-1", "carrier_kind")
    whole(capacity_left, "CEN-MNT-1", "capacity_left", 0)
    if squad_moved:
        return Refusal("CEN-MNT-1", "a squad mounts instead of moving; this one has moved")
    if carrier_moved:
        return Refusal("CEN-MNT-1", "the squad mounts before its carrier moves; a carrier that has moved this "
                       "phase takes it aboard next turn, if it ends in the squad's hex at velocity 0")
    if squad_hex_at_start != carrier_hex_at_start:
        return Refusal("CEN-MNT-1", f"the squad must start the Movement Phase in the carrier's hex "
                       f"({format_label(carrier_hex_at_start)}); it started in {format_label(squad_hex_at_start)}")
    if carrier_kind == "grav" and carrier_velocity_at_start != 0:
        return Refusal("CEN-MNT-1", f"a grav carrier must start the Movement Phase at velocity 0 for a squad to "
                       f"mount; it started at {carrier_velocity_at_start}")
    if capacity_left <= 0:
        return Refusal("CEN-MNT-1", "the carrier has no room for another squad")
    return None


def dismount_refusal(carrier_end_velocity: int, *, carrier_kind: str = "grav", carrier_finished: bool = True,
                     submerged: bool = False) -> Refusal | None:
    """None if a mounted squad may dismount now, else why not (CEN-MNT-1, CEN-GRD-2)."""
    whole(carrier_end_velocity, "CEN-MNT-1", "carrier_end_velocity")
    choice(carrier_kind, ("grav", "ground"), "CEN-MNT-1", "carrier_kind")
    if submerged:
        return Refusal("CEN-GRD-2", "no mounting or dismounting under water")
    if not carrier_finished:
        return Refusal("CEN-MNT-1", "a squad dismounts only at the end of its carrier's move")
    if carrier_kind == "grav" and carrier_end_velocity != 0:
        return Refusal("CEN-MNT-1", f"the carrier must end its move at velocity 0; it ends at {carrier_end_velocity}")
    return None


def opportunity_fire_refusal(start_velocity: int, *, kind: str = "grav") -> Refusal | None:
    """None if a unit may declare opportunity fire instead of moving, else why not (CEN-OPP-1)."""
    whole(start_velocity, "CEN-OPP-1", "start_velocity")
    choice(kind, ("grav", "ground"), "CEN-OPP-1", "kind")
    if kind == "grav" and start_velocity != 0:
        return Refusal("CEN-OPP-1", f"only a unit that starts the turn at velocity 0 may declare opportunity "
                       f"fire; it starts at {start_velocity}")
    return None


def may_opportunity_fire_at(declared_at: int, enemy_moves_at: int) -> bool:
    """Whether an enemy platoon activation (by its position in the movement order) can be fired on (CEN-OPP-1)."""
    whole(declared_at, "CEN-OPP-1", "declared_at", 0)
    whole(enemy_moves_at, "CEN-OPP-1", "enemy_moves_at", 0)
    return enemy_moves_at > declared_at


def stacking_allowed(units_in_hex: int) -> bool:
    """Stacking is unlimited, friend and foe (CEN-STK-1)."""
    whole(units_in_hex, "CEN-STK-1", "units_in_hex", 0)
    return units_in_hex >= 0
