"""Issue 26, W4 (stack markers with every unit of a hex listed): a squad riding in a vehicle is listed in the hex
panel under its carrier, as a board wargamer expects to see what a vehicle carries (docs/decisions.md, "Stack list:
carried squads"). A mounted squad only rides (book-a 16.1, CEN-MNT-1), so no click selects it and the stack count
on the map stays the number of counters in the hex.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

from centurion.widgets.skirmish import SkirmishTable


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def _rows(page: SkirmishTable, hex_) -> list[str]:
    """The hex panel's rows, as the page shows them after a click on `hex_`."""
    page.map.select(hex_)
    rows = re.findall(r"<tr>(.*?)</tr>", page.map.info.value)
    return [" ".join(_text(r).split()) for r in rows]


def _with_squad(page: SkirmishTable, key: str, **changes) -> None:
    g = page.game
    page.states[-1] = replace(g, squads=tuple(replace(q, **changes) if q.key == key else q for q in g.squads))


def test_W4_a_squad_carried_by_a_vehicle_is_listed_under_it_in_the_hex_panel():
    page = SkirmishTable("village", seed=1)
    g = page.game
    # the village scenario starts the mechanised platoon's squads aboard their carriers (R31's squad in R31)
    carried = next(q for q in g.squads if q.aboard == "R31")
    where = g.vehicle("R31").hex
    rows = _rows(page, where)
    keys = [r.split(" ")[0] for r in rows]
    assert carried.key in keys, rows
    assert keys.index(carried.key) == keys.index("R31") + 1, rows  # under its vehicle
    row = rows[keys.index(carried.key)]
    assert f"squad, {carried.men} men, carried by R31" in row and "CEN-MNT-1" in row, row
    # it only rides (book-a 16.1): a click on the hex still selects R31 alone, with no stack line or note
    assert not any(r.startswith("Stack") for r in rows), rows
    page.click(where)
    assert page.selected == "R31"
    page.click(where)
    assert page.selected == "R31"
    assert "click the hex again" not in _text(page.message.value)
    from centurion.widgets.turn_summary import unit_counters

    [counter] = [c for c in unit_counters(page.game, None, ("#1f4e9c", "#a11d1d")) if c.hex == where]
    assert counter.stack == 1  # the badge counts the counters on the map; the squad rides inside R31's


def test_W4_a_squad_listed_as_carried_only_while_it_rides():
    page = SkirmishTable("village", seed=1)
    carried = next(q for q in page.game.squads if q.aboard == "R31")
    where = page.game.vehicle("R31").hex
    _with_squad(page, carried.key, men=0)  # killed with the compartment: no longer listed
    assert not any(r.startswith(carried.key) for r in _rows(page, where))
    _with_squad(page, carried.key, men=8, aboard=None, hex=where)  # set down in R31's hex: a unit of the stack
    rows = _rows(page, where)
    [row] = [r for r in rows if r.startswith(carried.key)]
    assert "carried" not in row and "squad, 8 men" in row, rows
    assert any(r.startswith("Stack") and carried.key in r for r in rows), rows
