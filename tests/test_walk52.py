"""A newcomer's walk of the Skirmish page (session 52: opportunity fire, smoke, the page at 1280x800), the findings
mended: each test states what the walk saw.
"""

from __future__ import annotations

import pytest

from centurion.game import new_skirmish
from centurion.game.actions import EndTurn, Leadership, Order, Smoke


@pytest.fixture
def end_phase():
    """Village seed 0 played by each side's first legal decision up to TOG's End Phase of turn 1."""
    s = new_skirmish("village", seed=0).apply(Leadership(0)).apply(Order(False))
    while s.phase != "end":
        s = s.apply(s.legal_actions()[0])
    assert s.active == "tog" and any(isinstance(a, Smoke) for a in s.legal_actions())
    return s


def _page_at(monkeypatch, s):
    """The Skirmish page (both sides people, no store) showing state `s`, nothing selected."""
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    from centurion.widgets.battle_page import PERSON
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("village", seed=0, players={"renegade": PERSON, "tog": PERSON})
    t._begin(s)
    t.selected = None
    t._refresh()
    return t


def test_walk52_the_end_of_the_phase_stays_the_default_pick_a_smoke_charge_never_is(monkeypatch, end_phase):
    """Walk of session 52: a click on T21 in the End Phase picked one of its 20 smoke charges, and once it had laid
    one, T22's, with "ends its End Phase" 41st in the list: Confirm, which meant "the default" all game, laid smoke."""
    t = _page_at(monkeypatch, end_phase)
    assert t.chosen() == EndTurn()  # nothing clicked
    t._on_hex(end_phase.vehicle("T21").hex)
    assert t.chosen() == EndTurn() and sum(isinstance(a, Smoke) for a in t._choices) == 20  # its charges listed
    charge = next(a for a in t._choices if isinstance(a, Smoke) and a.unit == "T21")
    t._begin(end_phase.apply(charge))
    t.selected = "T21"
    t._refresh()
    assert t.chosen() == EndTurn() and any(isinstance(a, Smoke) and a.unit == "T22" for a in t._choices)


def test_walk52_the_end_phase_banner_says_what_a_smoke_charge_smokes(end_phase):
    """Walk of session 52: the banner still said "lay smoke in a vehicle's hex" (rules edition 2); since edition 3 a
    charge smokes 3 hexes next to the vehicle (book-b §10.2, CEN-SEQ-1)."""
    banner = end_phase.banner()
    assert "a smoke charge on 3 hexes next to it" in banner and "vehicle's hex" not in banner, banner
