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
from centurion.hexgrid import distance, format_label, parse_label
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


def _watcher_and_runner():
    """Meeting seed 0: R11 runs 4 hexes north up a clear column past T11, which stands on opportunity fire."""
    from centurion.hexgrid import neighbor
    from centurion.rules.grav_types import GravMove

    s = new_skirmish("meeting", seed=0)
    while not (s.phase == "movement" and any(v.key == "R11" for v in s.movers())):
        s = s.apply(s.legal_actions()[0])  # the initiative's first decisions (TOG, side A, moves no unit first)
    m = s.battlemap
    start = next(h for h in sorted(m.hexes, key=lambda h: (h.q, h.r)) if all(
        (x := _north(h, k)) in m and m[x].terrain == "clear" and not m[x].counters and m[x].level == m[h].level
        for k in range(10)))
    run = [_north(start, k) for k in range(10)]
    vs = tuple(replace(v, hex=start, facing=0, velocity=4) if v.key == "R11" else
               replace(v, hex=neighbor(run[2], 2), facing=5, velocity=0) if v.key == "T11" else v for v in s.vehicles)
    s = replace(s, vehicles=vs, watching=s.watching | {"T11"})._fresh()
    s = s.apply(Move("R11", GravMove(steps="FFFF")))
    assert s.phase == "opportunity" and s.active == "tog"
    return s, run


def _watching_table(monkeypatch):
    """The Skirmish page (both sides people, no store) at `_watcher_and_runner`'s opportunity decision, nothing
    selected: the page, the state and R11's run."""
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    from centurion.widgets.battle_page import PERSON
    from centurion.widgets.skirmish import SkirmishTable

    s, run = _watcher_and_runner()
    t = SkirmishTable("meeting", seed=0, players={"renegade": PERSON, "tog": PERSON})
    t._begin(s)
    t.selected = None
    t._refresh()
    return t, s, run


def _north(h, k):
    from centurion.hexgrid import neighbor

    for _ in range(k):
        h = neighbor(h, 0)
    return h


def test_the_opportunity_list_offers_the_shots_with_nothing_selected_and_names_each_hex(monkeypatch):
    """Walk of session 32: with no unit selected the list held only 'holds its opportunity fire' (the pass has no
    unit, and 'no unit selected' matched it); the shots appeared only after a click on the enemy counter, and each
    read 'at hex k of its move' without the hex. Now every decision is listed, the pass first (the default pick
    decides nothing risky), and each shot names the hex and its range (book-a 14.2: the same hex is range 1)."""
    from centurion.game.actions import LetPass, OpportunityFire

    t, s, run = _watching_table(monkeypatch)
    shots = [a for a in s.legal_actions() if isinstance(a, OpportunityFire)]
    assert shots and t._choices == [LetPass(), *shots]
    labels = [label for label, _i in t.choice.options]
    t11 = s.vehicle("T11").hex
    for a, label in zip(shots, labels[1:], strict=True):
        at = run[a.step]  # the step-th hex entered north of the start
        assert f"{format_label(at)}, range {max(1, distance(t11, at))}" in label.replace("\\xa0", " "), label


def test_a_target_in_the_firers_hex_reads_range_1_not_0():
    """Walk of session 32: a shot at a tank in the firer's own hex read 'range 0' in its breakdown and its log
    line; book-a 14.2 puts the same hex at range 1 (the band, and so the number, was already right)."""
    from centurion.rules.fire import base_to_hit, to_hit

    same, next_door = to_hit(0, weapon="gauss"), to_hit(1, weapon="gauss")
    assert same.terms[0].label.startswith("base, range 1 (same hex)") and "range 0" not in same.terms[0].label
    assert same.value == next_door.value == base_to_hit(1)


def test_crew_and_ammunition_rolls_name_the_vehicle_not_its_type():
    """Walk of session 32: 'commander of the Liberator heavy tank (Renegade) stays conscious' with three
    Liberators on the map; the rolls (book-a 13.2) now name the vehicle's key, as the log's other lines do."""
    import re

    from centurion.game import bot_action

    g = new_skirmish("meeting", seed=1)
    keys = {v.key for v in g.vehicles}
    while not g.over and not any("consciousness roll" in line for line in g.log):  # session 33's words
        g = g.apply(bot_action(g, "novice"))
    rolls = [line for line in g.log if re.search(r"consciousness roll|survives the hit|wakes \(", line)]
    assert any("consciousness roll" in line for line in rolls), "no consciousness roll in meeting seed 1"
    for line in rolls:
        m = re.search(r"(?:of|ammunition of) (\S+) (?:\(|survives the hit|wakes)", line)
        assert m and m.group(1) in keys, line
    assert not any(re.search(r"of the \w+ [\w ]+\((?:Renegade|TOG)\)", line) for line in g.log)


def test_an_elite_decision_with_nothing_to_search_gives_the_veterans_reason():
    """Walk of session 32: 'R12 paints T13 — why: the only sensible decision open' with four paints open. With one
    option worth searching, the elite plays the veteran's choice (game/bot_search.py) and now gives its reason."""
    from centurion.game.actions import Paint
    from centurion.game.bot_reasons import bot_decision

    g = new_skirmish("meeting", seed=5)
    for _ in range(60):
        elite = bot_decision(g, "elite")
        if isinstance(elite.action, Paint) and elite.action.target is not None:
            veteran = bot_decision(g, "veteran")
            if len(elite.alternatives) == 1 and veteran.action == elite.action:
                assert elite.reason == veteran.reason and "only sensible" not in elite.reason, elite.reason
                return
        g = g.apply(elite.action)
    raise AssertionError("no lone elite paint in meeting seed 5's first 60 decisions")


def test_the_why_table_explains_played_out_scores():
    """Walk of session 32: the elite's '+84.2 points on average' had no stated meaning, and 0.90 hits expected
    scored above 3.60. The table's footnote now says what a played-out score is and how much luck is in it."""
    from centurion.game.actions import Fire
    from centurion.game.bot_reasons import Alternative, BotDecision
    from centurion.widgets.bot_view import alternatives_html

    played = "; played out 3 times to the end of the turn: +77.7 points on average"
    d = BotDecision(Fire("R11", "T13"), "r", (Alternative(Fire("R11", "T13"), "R11 fires at T13", 77.72, "a" + played),
                                              Alternative(Fire("R11", "T12"), "R11 fires at T12", 77.65, "b" + played)),
                    "elite", 2, "fire", "renegade")
    text = alternatives_html(d)
    assert "victory points minus the enemy's" in text and "luck" in text and "target's key" not in text
    plain = BotDecision(d.action, "r", tuple(replace(a, reason="x") for a in d.alternatives), "veteran", 2, "fire",
                        "renegade")
    assert "victory points minus" not in alternatives_html(plain)


def test_the_smoke_choice_says_what_the_counter_does():
    """Walk of session 32: 'T12 lays smoke' said nothing of what smoke does (book-b §10.3: -2 to hit as heavy
    woods, blocks sight, halves grav speed limits; it lifts in the next End Phase, CEN-SEQ-1)."""
    from centurion.game.actions import Smoke
    from centurion.widgets.skirmish_text import preview_lines

    g = new_skirmish("meeting", seed=1)
    while g.phase != "end":
        g = g.apply(g.legal_actions()[0] if g.phase != "movement" else
                    next(a for a in g.legal_actions() if isinstance(a, Move)))
    smoke = next(a for a in g.legal_actions() if isinstance(a, Smoke))
    v = g.vehicle(smoke.unit)
    text = " ".join(preview_lines(g, smoke, smoke))
    assert len(smoke.hexes) == 3 and all(h in text for h in smoke.hexes)  # rules edition 3 (book-b §10.2)
    assert format_label(v.hex) not in text
    assert "-2 to hit" in text and "speed limit" in text and "next turn" in text
    assert f"{v.sheet.smoke_left - 1} charge" in text


def test_the_end_phase_lists_the_end_first_then_each_smoke_as_the_hint_says(monkeypatch):
    """With nothing selected the End Phase listed only 'ends its End Phase' and the smoke waited for a click on a
    tank; it now lists every decision, the end first (the default pick lays no smoke by mistake), and the hint
    names the list's 'lays smoke' (CEN-SEQ-1)."""
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    from centurion.game.actions import EndTurn, Smoke
    from centurion.widgets.battle_page import PERSON
    from centurion.widgets.skirmish import SkirmishTable

    g = new_skirmish("meeting", seed=1)
    while g.phase != "end":
        g = g.apply(g.legal_actions()[0] if g.phase != "movement" else
                    next(a for a in g.legal_actions() if isinstance(a, Move)))
    t = SkirmishTable("meeting", seed=1, players={"renegade": PERSON, "tog": PERSON})
    t._begin(g)
    t.selected = None
    t._refresh()
    smokes = [a for a in g.legal_actions() if isinstance(a, Smoke)]
    assert smokes and t._choices == [EndTurn(), *smokes] and t.chosen() == EndTurn()
    import html

    assert "'lays smoke in ...' in the list" in html.unescape(t.banner.value)


def test_an_opportunity_shot_into_the_watchers_own_hex_reads_range_1_same_hex():
    """Session 33: the opportunity list wrote 'range 1' for a shot at the hex the watcher stands in, where the
    shot's roll and log say 'range 1 (same hex)' (book-a 14.2); both now come from one function."""
    from centurion.game.actions import OpportunityFire
    from centurion.rules.grav_types import GravMove
    from centurion.widgets.skirmish_text import decision_label

    _s, run = _watcher_and_runner()
    # the same run, with the watcher standing in the third hex of R11's path instead of beside it
    s = new_skirmish("meeting", seed=0)
    while not (s.phase == "movement" and any(v.key == "R11" for v in s.movers())):
        s = s.apply(s.legal_actions()[0])
    vs = tuple(replace(v, hex=run[0], facing=0, velocity=4) if v.key == "R11" else
               replace(v, hex=run[2], facing=5, velocity=0) if v.key == "T11" else v for v in s.vehicles)
    s = replace(s, vehicles=vs, watching=s.watching | {"T11"})._fresh()
    s = s.apply(Move("R11", GravMove(steps="FFFF")))
    assert s.phase == "opportunity"
    labels = {a.step: decision_label(s, a) for a in s.legal_actions() if isinstance(a, OpportunityFire)}
    assert 2 in labels, labels
    assert labels[2].endswith(f"{format_label(run[2])}, range 1 (same hex) (hex 2 of its move)"), labels[2]
    assert labels[1].endswith(f"{format_label(run[1])}, range 1 (hex 1 of its move)"), labels[1]


def test_the_unit_panel_and_the_summary_name_hit_systems_in_one_order():
    """Session 33: the unit panel sorted the hit systems' words ('TSR (front), Targ (turret), vane (left)'), the
    turn summary their sections ('TSR (front), vane (left), Targ (turret)'); both now list by section (book-a §13)."""
    from centurion.game.summary import _change
    from centurion.widgets.skirmish_text import unit_html

    s = new_skirmish("meeting", seed=0)
    v = s.vehicle("R11")
    lay = v.sheet.vehicle.internals
    boxes = [(sec, lay.boxes[(sec, comp)][0]) for sec, comp in
             (("turret", "targeting"), ("left", "vane"), ("front", "tsr_1"))]
    hit = replace(v, sheet=v.sheet.with_damage({}, boxes, immediate=True))
    after = replace(s, vehicles=tuple(hit if u.key == "R11" else u for u in s.vehicles))._fresh()
    want = "TSR (front), vane (left), Targ (turret)"
    assert want in unit_html(after, "R11")
    assert ", ".join(_change(v, hit).systems_hit) == want


def test_the_preview_repeats_the_picked_line_in_full(monkeypatch):
    """Walk of session 32: the list cut an opportunity shot's line at its edge ('T12 fires on R11 at hex 1 of its
    move (opportunit'); the preview under it now starts with the picked line in full."""
    import html

    from centurion.game.actions import OpportunityFire

    t, _s, _run = _watching_table(monkeypatch)
    label, i = next((lbl, j) for lbl, j in t.choice.options if isinstance(t._choices[j], OpportunityFire))
    assert len(label) > 40  # longer than the list shows
    t.choice.value = i
    assert f"<b>{html.escape(label)}</b>" in t.preview.value
