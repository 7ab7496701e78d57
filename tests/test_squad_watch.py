"""A dismounted squad stands on opportunity fire (session 51; left open by session 50's audit).

CEN-OPP-1 / book-a §5.1: "a unit may declare OF instead of moving only if its starting velocity is 0"; book-a §16.7
names the exception for infantry: "No OF while concealed", so an unconcealed dismounted squad may. The numbers
below are the books': book-a §10's base to-hit 12 at range 1, the Liberator's right shield factor 5 (E20), shields
counting against a TVLG but not an AP shell (§8.3, §10.2), 4 TVLGs for a squad of 8 (§16.3's table), 2 personal
attacks for a squad that did not move and is not in the target's hex (§16.3).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_audit50 import r21_set_up_at

from centurion.game import load, new_skirmish
from centurion.game.actions import Conceal, Leadership, LetPass, OpportunityFire, Order, Watch
from centurion.game.notation import parse_action

PASS_BY = "move R21 a0 FLFL d3 ground"  # from 2714 at velocity 3: through 2814 (step 1) to 2914 (step 2), beside 3014


@pytest.fixture
def r21_nearby(monkeypatch):
    """The village with the Liberator R21 at 2714, velocity 3, facing as set up (2): two hexes from TOG's squad T21s
    (3014) and able to pass beside it."""
    r21_set_up_at(monkeypatch, "2714", 3)


def _tog_moves_first(variants: tuple[str, ...] = ()):
    """Village seed 0: the Renegades win the initiative and move last, so TOG's garrison platoon moves first."""
    s = new_skirmish("village", seed=0, variants=variants).apply(Leadership(0))
    s = s.apply(Order(False))
    assert s.phase == "movement" and s.active == "tog" and s.sequence[0] == ("tog", "TOG Garrison Platoon")
    return s


def _t21s_watches_r21_passes():
    s = _tog_moves_first().apply(Watch("T21s"))
    assert s.phase == "movement" and s.active == "tog"  # the platoon's vehicles still move (CEN-SEQ-2)
    assert "T21s" in s.watching
    while s.active == "tog" and s.phase == "movement":
        s = s.apply(s.legal_actions()[0])
    assert s.movers()[0].key == "R21"
    return s.apply(parse_action(PASS_BY))


def test_a_dismounted_squad_may_stand_on_opportunity_fire_instead_of_moving():
    s = _tog_moves_first()
    assert {Watch("T21s"), Watch("T22s")} <= set(s.legal_actions())
    hidden = replace(s, squads=tuple(replace(q, concealed_turn=s.turn - 1) if q.key == "T21s" else q
                                     for q in s.squads))._fresh()
    assert hidden.concealed("T21s")
    assert Watch("T21s") not in hidden.legal_actions()  # "No OF while concealed" (book-a §16.7)
    watched = s.apply(Watch("T21s"))
    assert not any(getattr(a, "squad", None) == "T21s" or a == Conceal("T21s") for a in watched.legal_actions())


def test_a_squad_on_watch_fires_at_a_vehicle_passing_by_with_the_books_odds(r21_nearby):
    s = _t21s_watches_r21_passes()
    assert s.phase == "opportunity" and s.active == "tog"
    offered = {a for a in s.legal_actions() if isinstance(a, OpportunityFire)}
    assert offered == {OpportunityFire("T21s", "R21", k, w) for k in (1, 2) for w in ("tvlg", "personal")}
    tvlg = s.squad_opportunity("T21s", "tvlg", 2)
    assert (tvlg.attacks, tvlg.range, tvlg.to_hit.chance * 10) == (4, 1, 12 - 5)  # 4 TVLGs; base 12 - shield 5
    assert s.squad_opportunity("T21s", "personal", 2).attacks == 2  # it did not move, not in R21's hex (§16.3)
    fired = s.apply(OpportunityFire("T21s", "R21", 2, "tvlg"))
    shots = [line for line in fired.log if "T21s TVLGs attack" in line]
    assert len(shots) == 4 and all("at R21 (range 1)" in x and "vs target 7 = 12 base - 5 for " in x and "(P = 7/10" in x
                                  for x in shots)
    assert "T21s" in fired.opp_fired and fired.phase == "movement"
    assert fired.vehicle("R21").sheet != s.apply(LetPass()).vehicle("R21").sheet  # damage at once (CEN-OPP-1)


def test_a_squad_that_fired_on_opportunity_neither_paints_nor_fires_in_the_combat_phase(r21_nearby):
    s = _t21s_watches_r21_passes()
    fired = s.apply(OpportunityFire("T21s", "R21", 2, "personal"))
    passed = s.apply(LetPass())
    assert "T21s" not in fired._firers("tog") and "T21s" not in fired._painters("tog")  # one OF attack a turn
    assert "T21s" in passed._firers("tog") and "T21s" in passed._painters("tog")  # unused: it fires normally


def test_a_squads_opportunity_shot_saves_and_replays(r21_nearby):
    s = _t21s_watches_r21_passes().apply(parse_action("opp T21s R21 2 tvlg"))
    assert str(s.history[-1]) == "opp T21s R21 2 tvlg"
    again = load(s.to_json())
    assert again.log == s.log and again.vehicle("R21").sheet == s.vehicle("R21").sheet


def test_under_var_init_a_squad_is_not_offered_a_watch():
    """VAR-INIT's opportunity fire is by the vehicles stationary since last turn; its squads fire in their own
    activation (docs/decisions.md, 'Squads on opportunity fire')."""
    from centurion.game.actions import March

    s = new_skirmish("village", seed=0, variants=("VAR-INIT",))
    for _ in range(400):
        if s.phase == "movement" and any(isinstance(a, March) and a.squad == "T21s" for a in s.legal_actions()):
            break
        s = s.apply(s.legal_actions()[0])
    assert Conceal("T21s") in s.legal_actions()  # T21s's activation: it may walk or conceal, not watch
    assert Watch("T21s") not in s.legal_actions() and Watch("T21") in s.legal_actions()


@pytest.fixture
def r31s_on_foot(monkeypatch):
    """The village with the Renegade squad R31s set up on foot at 2714 instead of aboard its Viper."""
    import centurion.game.skirmish as sk
    from centurion.hexgrid import parse_label

    shipped = sk.shipped_scenario

    def setup(name):
        sc = shipped(name)
        ren = sc.side("renegade")
        mech = ren.platoons[1]
        mech = replace(mech, squads=tuple(replace(q, hex=parse_label("2714"), aboard=None) if q.id == "R31s" else q
                                          for q in mech.squads))
        return replace(sc, sides=tuple(replace(ren, platoons=(ren.platoons[0], mech)) if s.key == "renegade"
                                       else s for s in sc.sides))

    monkeypatch.setattr(sk, "shipped_scenario", setup)


def test_a_squad_on_watch_fires_at_a_squad_walking_by_with_personal_weapons_only(r31s_on_foot):
    """TVLGs never fire at infantry (book-a §8.3); against infantry no shield and no terrain count to hit
    (§10.2, §16.6), so the target is book-a §10's base: 11 at range 2, 12 at range 1. A squad killed on its walk
    lies in the hex where the fire hit it."""
    from centurion.game.actions import March, Move
    from centurion.hexgrid import format_label

    s = _tog_moves_first().apply(Watch("T21s"))
    while not any(isinstance(a, March) and a.squad == "R31s" for a in s.legal_actions()):
        s = s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)) if s.active == "renegade"
                    else s.legal_actions()[0])
    s = s.apply(March("R31s", "2914"))  # its cheapest way: 2813, then 2914 beside T21s (3014)
    assert s.phase == "opportunity" and [format_label(h) for h, _f in s.pending_move[1]] == ["2813", "2914"]
    assert set(s.legal_actions()) == {OpportunityFire("T21s", "R31s", 1, "personal"),
                                      OpportunityFire("T21s", "R31s", 2, "personal"), LetPass()}
    for step, target in ((1, 11), (2, 12)):
        att = s.squad_opportunity("T21s", "personal", step)
        assert (att.attacks, att.to_hit.value) == (2, target)
    fired = s.apply(OpportunityFire("T21s", "R31s", 1, "personal"))
    assert all("vs target 11" in x for x in fired.log if "T21s personal weapons (IWF9) attack" in x)
    q = fired.squad("R31s")
    assert format_label(q.hex) == ("2813" if q.men <= 0 else "2914")
    assert s.apply(LetPass()).squad("R31s").men == 8


def test_the_page_says_a_squad_stands_on_opportunity_fire_and_names_the_watch_among_its_choices():
    """The hints read the game: the squads still to decide may stand on opportunity fire, and a squad that watches is
    said to, not to have got out of its carrier (the words for a squad done this turn before session 51)."""
    from centurion.widgets.hints import _squads_first, not_moving_note

    s = _tog_moves_first()
    assert "stand on opportunity fire" in _squads_first(s)
    watched = s.apply(Watch("T21s"))
    note = not_moving_note(watched, "T21s", yours=True)
    assert "stands on opportunity fire" in note and "carrier" not in note


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


def test_walk51_a_click_in_the_opportunity_phase_never_picks_a_shot_and_says_why_a_watcher_has_none(
        monkeypatch, r21_nearby):
    """Walk of session 51: a click on a watcher with no shot (or on the enemy) made the list pick another unit's
    shot, one Confirm from firing it. The pass stays the default pick; a watcher without a shot is told why."""
    from centurion.hexgrid import format_label

    s = _tog_moves_first().apply(Watch("T21s")).apply(Watch("T22s"))
    while s.active == "tog" and s.phase == "movement":
        s = s.apply(s.legal_actions()[0])
    s = s.apply(parse_action(PASS_BY))
    assert s.phase == "opportunity" and not any(a.unit == "T22s" for a in s.opportunity_actions())
    t = _page_at(monkeypatch, s)
    for unit in ("T22s", "R21", "T21s"):
        t._on_hex(s.combat_units()[unit].hex)
        assert t._choices[0] == LetPass(), unit
        assert t.chosen() == LetPass(), unit
    t._on_hex(s.combat_units()["T22s"].hex)
    assert "T22s is on opportunity fire but has no shot at R21" in t.message.value
    labels = [label for label, _i in t.choice.options]
    at = format_label(s.pending_move[1][1][0])
    assert any(x.startswith(f"T21s TVLGs at R21 in {at}, range 1") for x in labels), labels  # the facts first


def test_walk51_a_squad_that_fired_on_opportunity_is_told_so_in_the_combat_phase(monkeypatch, r21_nearby):
    from centurion.game import bot_action
    from centurion.widgets.skirmish_text import idle_note, unit_html

    s = _t21s_watches_r21_passes()
    assert "on opportunity fire" in unit_html(s, "T21s")
    s = s.apply(OpportunityFire("T21s", "R21", 2, "tvlg"))
    assert "fired on opportunity this turn" in unit_html(s, "T21s")
    while not (s.phase in ("painting", "fire") and s.active == "tog"):
        s = s.apply(bot_action(s, "novice"))
    assert "T21s fired on opportunity this turn" in idle_note(s, "T21s") and "CEN-OPP-1" in idle_note(s, "T21s")


def test_walk51_the_initiative_hint_names_the_squads_that_could_watch():
    """Village seed 1: TOG wins the initiative; its squads T21s and T22s are on foot and may watch if it moves first
    (CEN-OPP-1); the hint named only its tanks."""
    from centurion.widgets.hints import _order_hint

    s = new_skirmish("village", seed=1).apply(Leadership(0))
    assert (s.phase, s.active) == ("order", "tog")
    assert "squads on foot (T21s and T22s) may stand on opportunity fire" in _order_hint(s)


def test_walk51_the_map_outlines_the_units_on_watch_and_the_key_says_so(monkeypatch, r21_nearby):
    """Walk of session 51: nothing on the map showed a unit on watch. In the movement phase (and its opportunity
    decisions) each unit on watch that has not fired is outlined in blue; the Key names the mark."""
    from centurion.widgets.turn_summary import WATCH

    s = _tog_moves_first().apply(Watch("T21s")).apply(Watch("T21"))
    t = _page_at(monkeypatch, s)
    here = {h for h, color in t.map.overlay.outlines if color == WATCH}
    assert here == {s.combat_units()["T21s"].hex, s.vehicle("T21").hex}
    assert "cyan outline: a unit standing on opportunity fire" in t.map_key.value
    fired = _t21s_watches_r21_passes().apply(OpportunityFire("T21s", "R21", 2, "tvlg"))
    t = _page_at(monkeypatch, fired)
    assert fired.combat_units()["T21s"].hex not in {h for h, c in t.map.overlay.outlines if c == WATCH}
