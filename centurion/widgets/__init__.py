"""ipywidgets / ipycanvas views over the rules and data layers; they hold no rules logic.

Names are imported lazily (PEP 562): a chapter that uses one view loads only that view's module, which keeps
a page's first paint short.
"""

from __future__ import annotations

from ..lazy import lazy_names

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


__getattr__, __dir__ = lazy_names(__name__, _HOME, globals(), __all__)
