"""How the Centuria pages write the engine's words: English terrain names, side names and possessives (CTA-2).

Text only; used by the Centuria table (`CenturiaTable`) and its panels.
"""

from __future__ import annotations

import re

from ..data import CenturiaTables, centuria_tables


def english(text: str, tables: CenturiaTables | None = None, sides: tuple[str, ...] = ()) -> str:
    """Text from the Centuria engine as shown on screen: English terrain names (the source's German ones are kept
    as labels in the data), the source's misprint "preafectus" spelt "praefectus" (CTA-2), and side names as a
    reader writes them ("Rome's", "the rebels'")."""
    tables = tables or centuria_tables()
    for side in sides:
        starts = side_possessive(side, start=True)
        text = re.sub(rf"(^|[.:;!?] )\b{re.escape(side)}'s\b", lambda m, w=starts: m.group(1) + w, text)
        text = re.sub(rf"\b{re.escape(side)}'s\b", side_possessive(side), text)
    for key, t in tables.terrain.items():
        if t.label != key:
            text = text.replace(t.label, key)
    return text.replace("preafectus", "praefectus")


def side_name(side: str, *, start: bool = False) -> str:
    """A side as a reader names it: 'Rome', 'the rebels' ('The rebels' at the start of a sentence)."""
    name = side.capitalize() if not side.endswith("s") else f"the {side}"
    return name[0].upper() + name[1:] if start else name


def side_possessive(side: str, *, start: bool = False) -> str:
    """'Rome's', 'the rebels\'' — the possessive of a side's name."""
    name = side_name(side, start=start)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def terms_of(target) -> list[tuple[str, int, str]]:
    """(label, value, rule) rows of a Centuria target, for display."""
    return [(english(t.label), t.value, t.rule) for t in target.terms]


__all__ = ["english", "side_name", "side_possessive", "terms_of"]
