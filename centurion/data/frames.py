"""pandas DataFrame views of the rule tables, for display only (the rules layer never imports this)."""

from __future__ import annotations

import pandas as pd

from .tables import CenturiaTables, FacingChangeTable, TerrainTable


def _vp(value: int | None) -> str:
    return "prohibited" if value is None else str(value)


def terrain_frame(table: TerrainTable) -> pd.DataFrame:
    """The Terrain Effects Table, one row a terrain (CEN-TER-1)."""
    rows = []
    for t in table.terrain.values():
        if t.key == "crater":  # the crater row refers to the digging rules (CEN-CRT-1)
            rows.append({"Terrain": t.label, "Speed limit": "see CEN-CRT-1", "VP grav": "see CEN-CRT-1",
                         "VP ground": "see CEN-CRT-1", "VP infantry": "see CEN-CRT-1",
                         "Combat modifier": t.combat_modifier, "LOS height": t.los_height,
                         "Restriction": t.restriction})
            continue
        rows.append({
            "Terrain": t.label,
            "Speed limit": t.speed_limit,
            "VP grav": _vp(t.vp["grav"]),
            "VP ground": _vp(t.vp["ground"]),
            "VP infantry": _vp(t.vp["infantry"]),
            "Combat modifier": "not allowed" if t.combat_modifier is None else t.combat_modifier,
            "LOS height": t.los_height,
            "Restriction": t.restriction,
        })
    return pd.DataFrame(rows).set_index("Terrain")


def slope_frame(table: TerrainTable) -> pd.DataFrame:
    """The slope rows of the Terrain Effects Table (CEN-TER-1)."""
    rows = []
    for levels in (1, 2, 3, 4, 5, -1, -2, -3, -4, -5):
        s = table.slopes[levels]
        rows.append({
            "Slope": f"{'up' if levels > 0 else 'down'} {abs(levels)}",
            "VP": s.vp,
            "Speed limit": s.speed_limit,
            "Ground vehicles": "prohibited" if s.ground_prohibited else "allowed",
        })
    return pd.DataFrame(rows).set_index("Slope")


def facing_change_frame(table: FacingChangeTable) -> pd.DataFrame:
    """The Facing Change Table (CEN-GRAV-4)."""
    rows = []
    for r in table.rows:
        span = f"{r.min_velocity}+" if r.max_velocity is None else (
            str(r.min_velocity) if r.min_velocity == r.max_velocity else f"{r.min_velocity}-{r.max_velocity}")
        rows.append({"Current velocity": span,
                     "Straight hexes before each turn": "spin freely" if r.straight_hexes == 0 else r.straight_hexes})
    return pd.DataFrame(rows).set_index("Current velocity")


def centuria_units_frame(tables: CenturiaTables) -> pd.DataFrame:
    """Centuria units and leaders with their values (CTA-2)."""
    rows = []
    for u in tables.units.values():
        move = f"{u.movement}/{u.movement_cavalry}" if u.movement_cavalry else str(u.movement)
        rows.append({"Einheit": u.label, "Bewegung": move, "Aktionsradius": u.action_radius,
                     "Angriff": u.attack, "Verteidigung": u.defence, "Moral": u.morale})
    return pd.DataFrame(rows).set_index("Einheit")


def centuria_leaders_frame(tables: CenturiaTables) -> pd.DataFrame:
    """Centuria leader modifiers (CTA-2)."""
    rows = [{"Einheit": m.label, "Angriff": m.attack, "Verteidigung": m.defence, "Moral": m.morale}
            for m in tables.leaders.values()]
    return pd.DataFrame(rows).set_index("Einheit")


def centuria_terrain_frame(tables: CenturiaTables) -> pd.DataFrame:
    """Centuria terrain x unit modifiers (CTA-2), German terrain names kept."""
    rows = []
    for t in tables.terrain.values():
        for unit, m in t.modifiers.items():
            rows.append({"Gelände": t.label, "Einheit": unit, "Angriff": m.attack, "Verteidigung": m.defence,
                         "Bewegung": m.movement, "Sichthindernis": "ja" if t.blocks_sight else "nein"})
    return pd.DataFrame(rows).set_index(["Gelände", "Einheit"])
