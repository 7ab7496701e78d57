"""Guards for widget callbacks: an error becomes a short message in the widget, never a traceback."""

from __future__ import annotations

import functools
import html
import logging
import os
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from .reference import link_rules

log = logging.getLogger("centurion.widgets")


class MessageArea(w.HTML):
    """A one-line status area that shows refusals and errors to the reader."""

    def show(self, text: str, kind: str = "info") -> None:
        """Show `text`; kind is info, refusal or error."""
        colour = {"info": "#333", "refusal": "#8a5a00", "error": "#b00020"}.get(kind, "#333")
        body = link_rules(html.escape(text))
        self.value = f'<div class="centurion-message centurion-{kind}" style="color:{colour}">{body}</div>'

    def clear(self) -> None:
        """Remove the message."""
        self.value = ""


def forced_fault(name: str) -> bool:
    """Whether the page asked to fail callback `name` (`?centurion_fault=name`), to test the error path.

    Voila passes the page's query string to the kernel as QUERY_STRING; nothing else sets it.
    """
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    return name in query.get("centurion_fault", [])


def guarded(area_attr: str = "message") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a method so an exception shows in `self.<area_attr>` and is logged, not raised."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                if forced_fault(fn.__name__):
                    raise RuntimeError(f"a fault forced for testing in {fn.__name__}")
                return fn(self, *args, **kwargs)
            except Exception as exc:
                log.exception("error in widget callback %s", fn.__name__)
                area = getattr(self, area_attr, None)
                if isinstance(area, MessageArea):
                    area.show(f"Something went wrong ({type(exc).__name__}: {exc}). The table is unchanged.", "error")
                return None

        return wrapper

    return decorate


# A click that arrives within this time after the previous accepted click of the same handler *finished* is the
# second click of a double click: it is ignored. The window starts when the handler returns, not when it starts:
# the kernel takes clicks one at a time, so a click queued while a slow handler ran is always ignored, however
# slow the machine (T9).
DOUBLE_CLICK_SECONDS = 0.6


def clock() -> float:
    """The double-click guard's clock (time.monotonic); tests replace it with a frozen one."""
    return time.monotonic()


def once_per_click(area_attr: str = "message") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a button handler so a double click acts once: a click within DOUBLE_CLICK_SECONDS of the end of
    the last accepted click of the same handler is ignored (and said so), whatever the page sends."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        stamp = f"_last_click_{fn.__name__}"

        @functools.wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            last = getattr(self, stamp, None)
            if last is not None and clock() - last < DOUBLE_CLICK_SECONDS:
                area = getattr(self, area_attr, None)
                if isinstance(area, MessageArea) and "centurion-double" not in area.value:
                    area.value += ('<div class="centurion-message centurion-double" style="color:#555">'
                                   "(a second click straight after the first was ignored: one click acts once)</div>")
                return None
            setattr(self, stamp, clock())  # a click arriving while this one runs is a double click too
            try:
                return fn(self, *args, **kwargs)
            finally:
                setattr(self, stamp, clock())  # the window runs from the end of the handler

        return wrapper

    return decorate


def show_full_labels(root: w.Widget) -> None:
    """Give every control under `root` room for its whole description (no "Start velo…"), with the text as a
    tooltip too."""
    stack = [root]
    while stack:
        widget = stack.pop()
        stack.extend(getattr(widget, "children", ()))
        style = getattr(widget, "style", None)
        description = getattr(widget, "description", "")
        if style is not None and hasattr(style, "button_width") and not style.button_width:
            style.button_width = "initial"  # toggle buttons as wide as their labels
        if description and style is not None and hasattr(style, "description_width"):
            style.description_width = "initial"
            if hasattr(widget, "description_allow_html") or hasattr(widget, "tooltip"):
                if not getattr(widget, "tooltip", None):
                    widget.tooltip = description


def reset_canvas_switch(canvas: Any) -> None:
    """Forget which canvas ipycanvas last switched to, so a new page gets the switch command again.

    ipycanvas 0.14 remembers the last target canvas on the Python side; a page that
    connects later never receives the switch and fails to draw (see
    shared/notes/jupyter-stack.md). Private API, kept in this one place and guarded
    by the browser test.
    """
    manager = getattr(canvas, "_canvas_manager", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None
