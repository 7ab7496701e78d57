"""Small words of the pages and logs (W20): a count with its noun in the right number, a facing by its compass name,
a sentence that starts with a capital letter."""

from __future__ import annotations

import re

from ..hexgrid.coords import FACING_NAMES

# where a newcomer reads how victory is scored (no rule ID in RULES.md for it; the rules' own RULE names the book)
VICTORY_SOURCE = "victory points: chapter 20, Leadership and victory"
_COUNTED = re.compile(r"\b(\d+)( [A-Za-z][A-Za-z ]*?)\((s|es)\)")
_FACING = re.compile(r"\bfacing ([0-5])\b(?![-.]\d)")
_PLURALS = {"box": "boxes", "hex": "hexes", "pass": "passes", "third": "thirds", "man": "men"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 point', '2 points', '1 box', '0 boxes': the count with its noun singular only for exactly one."""
    if n == 1:
        return f"{n} {word}"
    if many is None:  # the last word takes the plural: '2 straight hexes', '3 internal boxes'
        head, _, last = word.rpartition(" ")
        many = head + (" " if head else "") + _PLURALS.get(last, last + "s")
    return f"{n} {many}"


def counted(text: str) -> str:
    """`text` with every 'N word(s)' or 'N word(es)' (a rules message) in the right number: '1 level(s)' is
    '1 level', '2 box(es)' '2 boxes'."""
    return _COUNTED.sub(lambda m: m.group(1) + m.group(2) + ("" if m.group(1) == "1" else m.group(3)), text)


def in_words(text: str) -> str:
    """A message or log line of the engine as a page shows it: counts in the right number (`counted`) and facings
    by name ('facing 3' is 'facing S'; a range such as 'facing 0-5' stays) (W20)."""
    return _FACING.sub(lambda m: f"facing {facing_name(int(m.group(1)))}", counted(text))


def facing_name(facing: int) -> str:
    """The compass name of a facing (HEX-3): 0 is N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW."""
    return FACING_NAMES[facing % 6]


def sentence(text: str) -> str:
    """`text` with its first letter a capital (a reason from the rules that follows a full stop)."""
    return text[:1].upper() + text[1:]


__all__ = ["VICTORY_SOURCE", "counted", "facing_name", "in_words", "plural", "sentence"]
