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

from ..game.wording import in_words
from .reference import link_rules

log = logging.getLogger("centurion.widgets")


class MessageArea(w.HTML):
    """A one-line status area that shows refusals and errors to the reader."""

    def show(self, text: str, kind: str = "info") -> None:
        """Show `text`; kind is info, refusal or error."""
        colour = {"info": "#333", "refusal": "#8a5a00", "error": "#b00020"}.get(kind, "#333")
        body = link_rules(html.escape(in_words(text)))  # '1 level(s)', 'facing 3' as '1 level', 'facing S' (W20)
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


# A Confirm that arrives within this time after the list of decisions changed was clicked before the player could
# see the new list (a map click, then Confirm at once): nothing is decided. This is the one guard that measures
# time: the kernel cannot know what the browser has drawn. Double clicks are caught by counting (ClickButton).
LIST_CHANGED_SECONDS = 0.6


def clock() -> float:
    """The list-changed guard's clock (time.monotonic); tests replace it with a frozen one."""
    return time.monotonic()


class ClickButton(w.ToggleButton):
    """A button that acts once per click and ignores the second click of a double click, by counting, not timing.

    The browser flips a toggle button at each click and sends its new value. The kernel acts when it receives
    "down" and then puts the button "up" again. The second click of a double click was made before the browser
    got that "up": the browser flips its button from down to up and sends "up", which the kernel already holds,
    so no change arrives and nothing is done. A later click, made after the browser drew the button up again,
    sends "down" and acts. However slow the machine, a click counts once per button state the player has seen (T9).
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.pop("value", None)
        super().__init__(value=False, **kwargs)
        self._click_handlers: list[Callable[[Any], Any]] = []
        self.observe(self._on_value, names="value")

    def on_click(self, callback: Callable[[Any], Any], remove: bool = False) -> None:
        """Call `callback(button)` once per click (ipywidgets' Button API)."""
        if remove:
            self._click_handlers.remove(callback)
        else:
            self._click_handlers.append(callback)

    def click(self) -> None:
        """A click as the browser sends it when it shows the button up: acts once."""
        self.value = True

    def _on_value(self, change: dict) -> None:
        if not change["new"]:
            return  # the kernel putting the button up again
        try:
            for callback in list(self._click_handlers):
                callback(self)
        finally:
            self.value = False  # sent after everything the handlers changed: the browser draws it last


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


# ipycanvas focuses the canvas on mouse-down (so it gets the keys) and only then reads where the canvas is. A plain
# focus() scrolls a canvas that is partly off screen into view: the page jumps under the pointer and the click lands
# on another hex (audit W1). This makes a canvas' focus never scroll; the image's onerror runs it once per page.
_FOCUS_JS = ("if (!HTMLCanvasElement.prototype.centurionFocus) { const f = HTMLElement.prototype.focus; "
             "HTMLCanvasElement.prototype.focus = function (o) { "
             "return f.call(this, Object.assign({}, o || {}, {preventScroll: true})); }; "
             "HTMLCanvasElement.prototype.centurionFocus = true; }")


def focus_without_scroll() -> w.HTML:
    """A hidden widget that stops a click on a map from scrolling the page before the click is read (W1)."""
    return w.HTML(f'<img class="centurion-focus-fix" alt="" style="display:none" src="data:image/png;base64,invalid" '
                  f'onerror="{html.escape(_FOCUS_JS, quote=True)}">', layout=w.Layout(height="0px", margin="0"))


def scroll_to_top_of(css_class: str, n: int) -> str:
    """A hidden image whose error handler scrolls the page until the element of `css_class` is at the window's top:
    set as an HTML widget's value (a new `n` each time: a new image, so its handler runs again). A battle page
    uses it when a game is started, so that the banner, the hint and the map replace the set-up on the screen
    (walk of session 52: at 1280x800 the first screen showed 158 px of map)."""
    js = f"const e = document.querySelector('.{css_class}'); if (e) e.scrollIntoView({{block: 'start'}});"
    return (f'<img class="centurion-scroll" alt="" style="display:none" src="data:image/png;base64,invalid{n}" '
            f'onerror="{html.escape(js, quote=True)}">')


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
