"""ipywidgets / ipycanvas views over the rules and data layers; they hold no rules logic."""

from .armor import ArmorDiagram
from .dice_panel import DiceLog, percent, roll_html
from .hexmap import Counter, HexMapView, Overlay
from .labs import FacingChangeExplorer, GroundUnitTable, SequenceOfPlay, SpeedLimitLab
from .move_table import GravMoveTable, odds_color, tank_on
from .safety import MessageArea, guarded

__all__ = ["ArmorDiagram", "Counter", "DiceLog", "FacingChangeExplorer", "GravMoveTable", "GroundUnitTable",
           "SequenceOfPlay", "SpeedLimitLab", "HexMapView", "MessageArea", "Overlay", "guarded",
           "odds_color", "percent", "roll_html", "tank_on"]
