"""ipywidgets / ipycanvas views over the rules and data layers; they hold no rules logic.

Names are imported lazily (PEP 562): a chapter that uses one view loads only that view's module, which keeps
a page's first paint short.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOME = {
    "ArmorDiagram": "armor",
    "BattlePage": "battle_page",
    "CenturiaTable": "centuria_table",
    "MoraleDiagram": "morale_diagram",
    "RoundTimer": "round_timer",
    "DamageLab": "damage_view",
    "DiceLog": "dice_panel",
    "percent": "dice_panel",
    "roll_html": "dice_panel",
    "CasualtyLookup": "fire_view",
    "FireLab": "fire_view",
    "VulcanOdds": "fire_view",
    "Counter": "hexmap",
    "HexMapView": "hexmap",
    "Overlay": "hexmap",
    "FacingChangeExplorer": "labs",
    "GroundUnitTable": "labs",
    "SequenceOfPlay": "labs",
    "SpeedLimitLab": "labs",
    "LeadershipLab": "leadership_view",
    "GravMoveTable": "move_table",
    "odds_color": "move_table",
    "tank_on": "move_table",
    "RecordSheetView": "record_sheet",
    "RulesReference": "reference",
    "link_rules": "reference",
    "rule_link": "reference",
    "MessageArea": "safety",
    "guarded": "safety",
    "SightExplorer": "sight_view",
}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    """Import the module that defines `name` on first use."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'centurion.widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
