"""Ground vehicles and dismounted infantry: movement points, free facing, the road bonus (CEN-GV-1, CEN-INF-1).

Also mounting and dismounting (CEN-MNT-1), opportunity fire eligibility (CEN-OPP-1)
and stacking (CEN-STK-1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data import BattleMap, TerrainTable
from ..hexgrid import Hex, format_label, neighbor, turn
from .grav import Refusal
from .terrain import entry_cost

INFANTRY_MP = 3


@dataclass(frozen=True)
class GroundMove:
    """A ground vehicle's or squad's move: steps F (forward), B (one hex backwards), L, R (free turns).

    dig_at: fire a digging charge in the hex occupied after that many hex steps (0 = the start hex).
    """

    steps: tuple[str, ...] = ()
    dig_at: int | None = None

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
    in_crater: bool = False  # a ground vehicle gets a crater's cover by entering its hex (CEN-CRT-1)

    def __bool__(self) -> bool:
        return True

    @property
    def mp_spent(self) -> int:
        """Movement points used."""
        return sum(e.mp for e in self.entries if not e.one_hex_rule)


def resolve_ground_move(hex_: Hex, facing: int, move: GroundMove, battlemap: BattleMap, *, mover: str = "ground",
                        movement_points: int | None = None, table: TerrainTable | None = None,
                        digging_charges: int = 0) -> ResolvedGroundMove | Refusal:
    """Check a ground vehicle's (CEN-GV-1) or squad's (CEN-INF-1, 3 MP) move, with any digging (CEN-CRT-1)."""
    if mover not in ("ground", "infantry"):
        raise ValueError(f"CEN-GV-1: mover is 'ground' or 'infantry', got {mover!r}")
    mp = INFANTRY_MP if mover == "infantry" else movement_points
    if mp is None or mp < 0:
        return Refusal("CEN-GV-1", "a ground vehicle needs its movement points (0 or more)")
    bad = [s for s in move.steps if s not in "FBLR"]
    if bad:
        return Refusal("CEN-GV-1", f"unknown step {bad[0]!r}; steps are F, B, L and R")
    hex_steps = [s for s in move.steps if s in "FB"]
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
        if battlemap[dig_hex].terrain == "lake":
            return Refusal("CEN-CRT-1", f"no crater can be dug in the lake hex {format_label(dig_hex)}")
    in_crater = mover == "ground" and (here == dig_hex or "crater" in battlemap[here].counters)
    return ResolvedGroundMove(hex_, facing, mover, mp, on_road_all, tuple(entries), here, f, backwards, dig_hex,
                              in_crater)


def ground_reach(hex_: Hex, facing: int, battlemap: BattleMap, *, mover: str = "ground",
                 movement_points: int | None = None, table: TerrainTable | None = None) -> dict[Hex, int]:
    """Every hex a ground unit can end in this turn, with the least MP to reach it (CEN-GV-1, CEN-INF-1).

    Facing is free, so this is a cheapest-path search; the one-hex rule, the road
    bonus and the single backwards hex are included.
    """
    import heapq

    mp = INFANTRY_MP if mover == "infantry" else movement_points
    if mp is None:
        raise ValueError("CEN-GV-1: movement points are needed for a ground vehicle")
    best: dict[Hex, int] = {hex_: 0}
    heap = [(0, hex_.q, hex_.r)]
    while heap:
        spent, q, r = heapq.heappop(heap)
        h = Hex(q, r)
        if spent > best.get(h, 1 << 30):
            continue
        for f in range(6):
            d = neighbor(h, f)
            if d not in battlemap:
                continue
            cost, _l, _k = entry_cost(battlemap, h, d, mover, table=table)
            if cost is None:
                continue
            total = spent + cost
            if total > mp:
                if h == hex_ and d not in best:
                    best[d] = mp  # the one-hex rule
                continue
            if total < best.get(d, 1 << 30):
                best[d] = total
                heapq.heappush(heap, (total, d.q, d.r))
    if mover == "ground":
        # road bonus: along the road only, one more hex
        road = battlemap.road_hexes()
        if hex_ in road:
            seen = {hex_: 0}
            frontier = [hex_]
            while frontier:
                nxt = []
                for h in frontier:
                    for f in range(6):
                        d = neighbor(h, f)
                        if d in battlemap and battlemap.along_road(h, d) and d not in seen and seen[h] + 1 <= mp + 1:
                            seen[d] = seen[h] + 1
                            nxt.append(d)
                frontier = nxt
            for h, n in seen.items():
                best.setdefault(h, min(n, mp))
        behind = neighbor(hex_, (facing + 3) % 6)
        if behind in battlemap and entry_cost(battlemap, hex_, behind, mover, table=table)[0] is not None:
            best.setdefault(behind, min(mp, entry_cost(battlemap, hex_, behind, mover, table=table)[0] or 0))
    return best


# --- mounting, opportunity fire, stacking --------------------------------------------


def mount_refusal(squad_hex_at_start: Hex, carrier_hex: Hex, carrier_velocity: int, *, carrier_kind: str = "grav",
                  squad_moved: bool = False, capacity_left: int = 1) -> Refusal | None:
    """None if a squad may mount its carrier now, else why not (CEN-MNT-1)."""
    if squad_moved:
        return Refusal("CEN-MNT-1", "a squad mounts instead of moving; this one has moved")
    if squad_hex_at_start != carrier_hex:
        return Refusal("CEN-MNT-1", f"the squad must start the Movement Phase in the carrier's hex "
                       f"({format_label(carrier_hex)}); it started in {format_label(squad_hex_at_start)}")
    if carrier_kind == "grav" and carrier_velocity != 0:
        return Refusal("CEN-MNT-1", f"a grav carrier must be at velocity 0 for a squad to mount; it is at "
                       f"{carrier_velocity}")
    if capacity_left <= 0:
        return Refusal("CEN-MNT-1", "the carrier has no room for another squad")
    return None


def dismount_refusal(carrier_end_velocity: int, *, carrier_kind: str = "grav", carrier_finished: bool = True,
                     submerged: bool = False) -> Refusal | None:
    """None if a mounted squad may dismount now, else why not (CEN-MNT-1, CEN-GRD-2)."""
    if submerged:
        return Refusal("CEN-GRD-2", "no mounting or dismounting under water")
    if not carrier_finished:
        return Refusal("CEN-MNT-1", "a squad dismounts only at the end of its carrier's move")
    if carrier_kind == "grav" and carrier_end_velocity != 0:
        return Refusal("CEN-MNT-1", f"the carrier must end its move at velocity 0; it ends at {carrier_end_velocity}")
    return None


def opportunity_fire_refusal(start_velocity: int, *, kind: str = "grav") -> Refusal | None:
    """None if a unit may declare opportunity fire instead of moving, else why not (CEN-OPP-1)."""
    if kind == "grav" and start_velocity != 0:
        return Refusal("CEN-OPP-1", f"only a unit that starts the turn at velocity 0 may declare opportunity "
                       f"fire; it starts at {start_velocity}")
    return None


def may_opportunity_fire_at(declared_at: int, enemy_moves_at: int) -> bool:
    """Whether an enemy platoon activation (by its position in the movement order) can be fired on (CEN-OPP-1)."""
    return enemy_moves_at > declared_at


def stacking_allowed(units_in_hex: int) -> bool:
    """Stacking is unlimited, friend and foe (CEN-STK-1)."""
    return units_in_hex >= 0
