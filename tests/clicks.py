"""What the browser sends when a player clicks a `ClickButton` (centurion/widgets/safety.py), for the page tests.

The browser flips a toggle button at each click and sends its new value; the kernel acts on "down" and answers
"up". The second click of a double click is made before that answer arrives, so the browser flips its button
from down back to up and sends "up" (tests/browser/test_skirmish.py double-clicks a real one in Chromium).
"""

from __future__ import annotations

from typing import Any


def double_click(button: Any) -> None:
    """A double click: "down" (the first click), then "up" (the second, sent before the kernel's answer)."""
    button.value = True
    button.value = False


def browser_double_click(button: Any) -> None:
    """What the kernel receives when a player double-clicks `button` in the browser: a ClickButton's "down" then
    "up" (`double_click`), a plain ipywidgets Button's two "click" messages."""
    from centurion.widgets.safety import ClickButton

    if isinstance(button, ClickButton):
        double_click(button)
    else:
        button.click()
        button.click()
