"""Small words of the pages and logs (W20): a count with its noun in the right number, a facing by its compass name,
a sentence that starts with a capital letter."""

from __future__ import annotations

import re

from ..hexgrid.coords import FACING_NAMES

# where a newcomer reads how victory is scored (no rule ID in RULES.md for it; the rules' own RULE names the book)
VICTORY_SOURCE = "victory points: chapter 20, Leadership and victory"
_COUNTED = re.compile(r"\b(\d+)( [A-Za-z][A-Za-z ]*?)\((s|es)\)")
_FACING = re.compile(r"\bfacing ([0-5])\b(?![-.]\d)")
# a section of the rulebook's digest cited in an engine message ('(book-a 14.1)', 'book-a §8.3'), shown as the
# RULES.md rule that covers it: §6 the Terrain Effects Table, §9 line of sight, §7-16 combat (walk-through 10)
_BOOK_A = re.compile(r"\bbook-a §?(\d+)(?:\.\d+)*(?:(?:, ?| ?[-–] ?)§?\d+(?:\.\d+)*)*")
_BOOK_A_RULES = {6: "CEN-TER-1", 9: "CEN-LOS-1", **{n: "CEN-CMB-1" for n in (7, 8, 10, 11, 12, 13, 14, 15, 16)}}
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


def book_rules(text: str) -> str:
    """`text` with each citation of a section of the rulebook's digest ('book-a 14.1', 'book-a §8.2-8.3') replaced by
    the RULES.md rule that covers it (CEN-TER-1, CEN-LOS-1, CEN-CMB-1); a section no rule covers stays."""
    def rule(m: re.Match) -> str:
        return _BOOK_A_RULES.get(int(m.group(1)), m.group(0))
    return _BOOK_A.sub(rule, text)


def in_words(text: str) -> str:
    """A message or log line of the engine as a page shows it: counts in the right number (`counted`), facings
    by name ('facing 3' is 'facing S'; a range such as 'facing 0-5' stays) (W20), and the rulebook digest's section
    numbers as the rule IDs a reader can look up ('(book-a 14.1)' is '(CEN-CMB-1)')."""
    return _FACING.sub(lambda m: f"facing {facing_name(int(m.group(1)))}", counted(book_rules(text)))


WEAPON_WORDS = {"mdc": "MDC", "ap_laser": "AP laser", "gauss": "Gauss", "tvlg": "TVLG", "smlm": "SMLM",
                "vulcan": "Vulcan"}  # a weapon family or a squad's weapon key as the record sheets spell it (CEN-REC-1)


def weapon_word(key: str) -> str:
    """A weapon family or squad weapon key ('mdc', 'ap_laser', 'tvlg') in the record sheets' words ('MDC', 'AP
    laser', 'TVLG'); 'laser', 'missile', 'personal' stay (walk of session 42: the Why? box showed 'mdc 9/10')."""
    return WEAPON_WORDS.get(key, key.replace("_", " "))


def facing_name(facing: int) -> str:
    """The compass name of a facing (HEX-3): 0 is N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW."""
    return FACING_NAMES[facing % 6]


def sentence(text: str) -> str:
    """`text` with its first letter a capital (a reason from the rules that follows a full stop)."""
    return text[:1].upper() + text[1:]


__all__ = ["VICTORY_SOURCE", "WEAPON_WORDS", "book_rules", "counted", "facing_name", "in_words", "plural", "sentence",
           "weapon_word"]
