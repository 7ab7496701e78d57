"""The Skirmish page: a squad's fire shown with its odds (book-a §16), and the Centuria battles listed with the
Centurion scenarios, a chosen one shown on the Centuria table (issue 15)."""

from __future__ import annotations

from test_game_squads import _fire_phase_with_squad_in_range

from centurion.game import SquadFire, new_skirmish, scenarios
from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
from centurion.widgets.skirmish import SkirmishTable


def test_squad_fire_is_listed_with_its_odds_and_confirmed():
    t = SkirmishTable("village", players={"renegade": "person", "tog": "person"})
    s = _fire_phase_with_squad_in_range()
    while s.active != "tog":
        s = s.apply(s.legal_actions()[-1])  # hold
    t._begin(s)
    t.selected = "T21s"
    t._refresh()
    opts = {a: label for label, a in ((lbl, t._choices[i]) for lbl, i in t.choice.options)}
    want = SquadFire("T21s", "tvlg", "R21")
    assert want in opts and opts[want] == "T21s fires its TVLGs at R21"
    t.choice.value = next(i for _l, i in t.choice.options if t._choices[i] == want)
    assert "4 tvlg attacks at range 2" in t.preview.value and "3/5" in t.preview.value
    t.confirm()
    assert t.game.history[-1] == want


def test_centuria_battles_are_listed_and_shown_on_their_own_table():
    t = SkirmishTable("meeting")
    keys = [k for _l, k in t.scenario_pick.options]
    assert keys == scenarios("all") and set(scenarios("centuria")) <= set(keys)
    assert any(label.endswith("(Centuria)") for label, _k in t.scenario_pick.options)
    centurion_children = t.children
    battle = scenarios("centuria")[0]
    t.scenario_pick.value = battle
    assert isinstance(t.centuria, CenturiaSkirmishTable) and t.centuria in t.children
    assert t.centuria.game.scenario.key == battle and t.centuria.game.system == "centuria"
    assert t.map not in t.children  # the Centurion map is not shown meanwhile
    t.scenario_pick.value = "village"
    assert t.centuria is None and t.children == centurion_children
    assert "played by" in t.player_picks[0].description
    # a Centuria save uploaded to the page opens on the Centuria table
    saved = new_skirmish(battle, seed=4).to_json()
    t.load_text(saved.encode(), "battle.json")
    assert t.centuria is not None and t.centuria.game.to_json() == saved and t.scenario_pick.value == battle
    # and the page may open on a Centuria battle directly
    u = SkirmishTable(battle)
    assert u.centuria is not None and u.centuria.game.scenario.key == battle


def test_a_centuria_battle_under_way_survives_a_look_at_the_centurion_scenarios():
    """Session 33 (walk of session 30: 'the Scenario list also offers the Centuria battles and then shows both
    lists'): the Skirmish page showed its own Scenario list above the Centuria page's Battle list, and leaving a
    Centuria battle for a Centurion scenario and back threw the battle away (a new page was built). One list shows
    now, and the battle is where it was; another battle picked names its sides, and Start begins it (the page's
    way for the Centurion scenarios too)."""
    battle, other = scenarios("centuria")[:2]
    t = SkirmishTable(battle, seed=1, players={"rome": "person", "rebels": "person"})
    page = t.centuria
    assert page.scenario_pick.layout.display == "none"  # the page's own list is hidden: one list on screen
    assert page.end_part()  # a decision taken: a battle in progress
    history = page.game.history
    assert history
    t.scenario_pick.value = "village"
    assert t.centuria is None and t.map in t.children
    t.scenario_pick.value = battle
    assert t.centuria is page and page.game.history == history  # nothing lost
    t.scenario_pick.value = other
    assert t.centuria is page and page.game.history == history  # picked, not yet started
    assert page.scenario_pick.value == other
    assert {d.description.split(" played by")[0] for d in page.player_picks} == {
        new_skirmish(other).label(side) for side in new_skirmish(other).sides}
