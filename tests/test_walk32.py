"""Session 32: the Skirmish guide's words about infantry (a leftover of the pursuit walk of session 31: the guide
said nothing of APCs and squads), checked against what the game does and what its list says.

Expected values come from RULES.md (CEN-MNT-1: a squad gets out only at the end of its carrier's move with the
carrier at 0, which the skirmishes read as set down; CEN-INF-1: 3 MP on foot) and from the game layer's own lists.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from centurion.game import new_skirmish
from centurion.game.actions import Conceal, March, Move
from centurion.hexgrid import distance, parse_label
from centurion.widgets.skirmish_text import decision_label, end_of

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "skirmish.ipynb"


def guide() -> str:
    """The folded 'How to play' text of the Skirmish page."""
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    return next("".join(c["source"]) for c in cells if c["cell_type"] == "markdown" and "How to play" in "".join(
        c["source"]))


def to_renegade_movement(name: str, seed: int = 1):
    g = new_skirmish(name, seed=seed)
    while not (g.phase == "movement" and g.active == "renegade"):
        g = g.apply(g.legal_actions()[0])
    return g


def test_the_guide_says_how_a_squad_gets_out_in_the_lists_own_words():
    text = guide()
    assert "Infantry" in text and "CEN-MNT-1" in text and "*squad gets out*" in text
    g = to_renegade_movement("pursuit")
    out = [a for a in g.legal_actions() if isinstance(a, Move) and a.dismount]
    assert out, "the pursuit's Vipers carry squads that may get out"
    assert all(end_of(g, a).grounded for a in out)  # only where the carrier lands (CEN-MNT-1, as decided)
    assert all(decision_label(g, a).endswith("squad gets out") for a in out)  # the words the guide quotes


def test_the_guide_says_how_far_a_squad_walks_and_how_it_conceals():
    text = guide()
    assert "up to 3 away" in text and "CEN-INF-1" in text and "*conceals*" in text
    g = new_skirmish("village", seed=1)
    while not (g.phase == "movement" and any(isinstance(a, March) for a in g.movement_others())):
        g = g.apply(g.legal_actions()[0])
    walks = [a for a in g.movement_others() if isinstance(a, March)]
    squad = {q.key: q for q in g.squads}
    assert max(distance(squad[a.squad].hex, parse_label(a.hex)) for a in walks) == 3  # CEN-INF-1: 3 MP
    hides = [a for a in g.movement_others() if isinstance(a, Conceal)]
    assert hides and all(g.describe(a).endswith("conceals") for a in hides)


def test_the_guide_says_any_unit_holds_an_objective_a_squad_too():
    assert "Any unit holds an objective, a squad too" in guide()
    g = new_skirmish("pursuit", seed=1)
    goal = g.scenario.objectives[0]
    assert all(distance(v.hex, goal.hex) > 1 for v in g.vehicles)  # nobody near the road exit at the start
    q = next(q for q in g.squads if q.side == "renegade")
    on_foot = replace(q, hex=goal.hex, aboard=None)
    held = replace(g, squads=tuple(on_foot if s.key == q.key else s for s in g.squads))
    assert held.holds("renegade") == [goal.name] and held.holds("tog") == []


def test_both_battle_pages_draw_their_load_label_without_the_file_count(monkeypatch):
    """The Load button's label is drawn from its tooltip by the page's style (the browser test measures it on the
    Skirmish page); the Centuria page's button must carry the same class, tooltip and style."""
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    from centurion.widgets.battle_page import UPLOAD_CLASS, UPLOAD_STYLE
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
    from centurion.widgets.skirmish import SkirmishTable

    def styles(box) -> list[str]:
        out = [getattr(box, "value", "")]
        for child in getattr(box, "children", ()):
            out += styles(child)
        return out

    for page, label in ((SkirmishTable("meeting", seed=1), "Load a saved game"),
                        (CenturiaSkirmishTable("centuria_ford_road"), "Load a saved battle")):
        up = page.upload
        assert UPLOAD_CLASS in up._dom_classes and up.description == up.tooltip == label
        assert UPLOAD_STYLE in styles(page)


def test_back_to_the_game_leaves_the_replay_in_one_click(monkeypatch):
    """Walk of session 29: once Home had taken the replay slider to step 0, its End key did not bring the game
    back in Chromium; the banner's only way was to drag the slider to its end. A button does it, shown only while
    an earlier step is shown."""
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    from centurion.widgets.skirmish import SkirmishTable

    page = SkirmishTable("meeting", seed=1)
    page.confirm()  # the first decision (and the computer's answers)
    now = page.game
    assert page.replay_back.layout.display == "none" and page.may_decide()
    page.replay.value = 0  # the set-up
    assert page.viewing == 0 and not page.may_decide()
    assert page.replay_back.layout.display is None and "Back to the game" in page.banner.value
    page.replay_back.click()
    assert page.viewing is None and page.shown() is now and page.may_decide()
    assert page.replay.value == page.replay.max and page.replay_back.layout.display == "none"
    assert "Replay:" not in page.banner.value
