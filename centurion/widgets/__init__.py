"""ipywidgets / ipycanvas views over the rules and data layers; they hold no rules logic."""

from .hexmap import HexMapView
from .safety import MessageArea, guarded

__all__ = ["HexMapView", "MessageArea", "guarded"]
