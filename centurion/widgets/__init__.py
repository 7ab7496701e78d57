"""ipywidgets / ipycanvas views over the rules and data layers; they hold no rules logic."""

from .armor import ArmorDiagram
from .centuria_table import CenturiaTable, MoraleDiagram, RoundTimer
from .damage_view import DamageLab
from .dice_panel import DiceLog, percent, roll_html
from .fire_view import CasualtyLookup, FireLab, VulcanOdds
from .hexmap import Counter, HexMapView, Overlay
from .labs import FacingChangeExplorer, GroundUnitTable, SequenceOfPlay, SpeedLimitLab
from .leadership_view import LeadershipLab
from .move_table import GravMoveTable, odds_color, tank_on
from .record_sheet import RecordSheetView
from .reference import RulesReference, link_rules, rule_link
from .safety import MessageArea, guarded
from .sight_view import SightExplorer

__all__ = [
    "LeadershipLab",
    "VulcanOdds",
    "SightExplorer",
    "RecordSheetView",
    "FireLab",
    "DamageLab",
    "CasualtyLookup",
    "ArmorDiagram",
    "CenturiaTable",
    "Counter",
    "DiceLog",
    "FacingChangeExplorer",
    "GravMoveTable",
    "GroundUnitTable",
    "HexMapView",
    "MessageArea",
    "MoraleDiagram",
    "Overlay",
    "RoundTimer",
    "RulesReference",
    "SequenceOfPlay",
    "SpeedLimitLab",
    "guarded",
    "link_rules",
    "odds_color",
    "percent",
    "roll_html",
    "rule_link",
    "tank_on",
]
