"""Session 31's pass over the pages' words (items left by the walks of sessions 28-30): each test reads what a player
reads and failed on the words before."""

from __future__ import annotations

import re

from centurion.game import new_skirmish
from centurion.widgets.hints import hint_text


def _to_phase(s, phase: str):
    from centurion.game import bot_action

    for _ in range(400):
        if s.phase == phase and s.active == "renegade":
            return s
        s = s.apply(bot_action(s, "novice"))
    raise AssertionError(f"no {phase} phase for the Renegades")


def test_the_pursuits_vipers_are_not_called_tanks_in_any_hint():
    """The pursuit's Renegades are three Viper light APCs (data/vehicles.yaml): a hint calls them vehicles."""
    s = new_skirmish("pursuit", seed=3)
    for phase in ("movement", "painting", "fire", "end"):
        g = _to_phase(s, phase)
        text = hint_text(g, None, None, True)
        assert not re.search(r"\btanks?\b", text), (phase, text)
        assert "vehicle" in text, (phase, text)
        if phase == "movement":
            v = g.movers()[0]
            text = hint_text(g, v.key, None, True)
            assert not re.search(r"\btanks?\b", text), text


def test_the_first_games_liberators_are_still_tanks():
    """Both sides of the first game field tanks (Liberator, Horatius): the hints keep the word."""
    s = new_skirmish("first_game", seed=3)
    for phase in ("movement", "fire"):
        g = _to_phase(s, phase)
        assert "one of your tanks" in hint_text(g, None, None, True)


def _squad_steps(name: str, seeds: range):
    """Every decision of novice games after which a squad has fewer men: (before, after, new log lines, key)."""
    from centurion.game import bot_action

    for seed in seeds:
        s = new_skirmish(name, seed=seed)
        while not s.over:
            nxt = s.apply(bot_action(s, "novice"))
            was = {q.key: q.men for q in s.squads}
            for q in nxt.squads:
                if q.men < was.get(q.key, 0):
                    yield s, nxt, nxt.log[len(s.log):], q.key
            s = nxt


def test_every_squads_loss_is_logged_with_what_is_left_or_destroyed():
    """Whenever a squad has fewer men after a decision, the log says so by the squad's name, with the men left or
    'destroyed' (book-a 14.1: a squad is out once 5 of its men are killed; its men aboard a carrier die with it).
    Walk of session 30: the log said '5 men lost' of a squad of 8 that the summary showed with 8 lost and neither
    said destroyed; a squad that died in its exploding carrier had no line at all."""
    seen = {"destroyed": 0, "left": 0, "carrier": 0}
    for s, nxt, new, key in _squad_steps("village", range(6)):
        men = next(q.men for q in nxt.squads if q.key == key)
        was = next(q.men for q in s.squads if q.key == key)
        mine = [line for line in new if re.match(rf"\s+{key}\b", line) and re.search(r"\bm[ae]n\b", line)]  # "1 man"
        assert mine, (key, was, men, new[-6:])
        text = " ".join(mine)
        if men == 0:
            assert "destroyed" in text, text
            seen["destroyed"] += 1
        else:
            assert f"{men} left" in text, text
            seen["left"] += 1
        if next(q.aboard for q in s.squads if q.key == key):
            seen["carrier"] += 1
    assert seen["destroyed"] and seen["left"] and seen["carrier"], seen


def test_the_turn_summary_says_destroyed_with_the_men_lost():
    """The summary of a turn in which a squad went from 8 men to none says it was destroyed and 8 men were lost,
    the same count as the log's killed men plus the survivors put out of the game (book-a 14.1)."""
    from centurion.game.summary import turn_summary

    for s, nxt, new, key in _squad_steps("village", range(6)):
        if next(q.men for q in nxt.squads if q.key == key):
            continue
        was = next(q.men for q in s.squads if q.key == key)
        line = next(x for x in turn_summary(s, nxt).lines if key in x)
        assert "destroyed" in line and f"{was} men lost" in line, line
        log = " ".join(x for x in new if key in x)
        m = re.search(r"(\d+) men? killed.*?(?:last|other) (\d+)", log)
        if m:
            assert int(m.group(1)) + int(m.group(2)) == was, log
        return
    raise AssertionError("no squad destroyed in village seeds 0-5")


def test_the_ammunition_roll_reads_without_a_double_negative():
    """An ammunition roll's line said '... does not explode (4 boxes lost): ... failure', so a failure meant that it
    did explode (walk of session 30). It now names what a success means: the ammunition survives the hit (book-a
    14.1, CEN-CMB-1); its explosion is the effect line after it."""
    from pathlib import Path

    from centurion.game import load

    text = (Path(__file__).parent / "fixtures" / "saves" / "village-seed2-full.json").read_text()
    lines = [x for x in load(text).log if " ammunition of " in x and "[CEN-CMB-1]" in x]  # the rolls (session 32:
    # they name the vehicle's key, "bottom ammunition of R22")
    assert lines
    assert all("does not" not in x and "survives the hit" in x for x in lines), lines[:2]


def test_the_pointer_line_follows_a_unit_that_moves_away():
    """The line under the map names the units in the hex under the pointer; after a move it still named the unit
    that had left (walk of session 30). The page's refresh writes it again for the hex under the pointer."""
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("first_game", seed=1, players={"renegade": "person", "tog": "novice"})
    while t.game.phase != "movement" or t.game.active != "renegade":
        t.choice.value = 0
        t.confirm()
    mover = t.game.movers()[0]
    start = mover.hex
    t.map.hover_pixel(*t.map.layout_px.center(start))
    assert mover.key in t.map.hover_info.value
    t.click(start)
    away = sorted(h for h, _c in t.map.overlay.hatched if h != start)[0]
    t.click(away)
    t.confirm()
    assert t.game.vehicle(mover.key).hex != start
    assert t.map.hovered == start
    assert mover.key not in t.map.hover_info.value, t.map.hover_info.value


def test_a_centuria_click_when_the_page_may_not_decide_says_why():
    """On the Centuria page a click while the page may not decide (the battle over; another browser's or the
    computer's turn) changed nothing and said nothing (walk of session 30). It now says why and decides nothing."""
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    over = CenturiaSkirmishTable("centuria_ford_road", seed=2, players={"rome": "veteran", "rebels": "novice"})
    assert over.game.over
    before = over.game
    over.click(over.game.battle.living()[0].hex)
    assert "over" in over.message.value.lower() and "nothing was decided" in over.message.value.lower()
    assert over.game is before


def test_a_squad_that_may_walk_is_not_told_it_does_not_move():
    """Village seed 0, turn 1: TOG's squad T21s may walk (its March decisions are listed, CEN-INF-1) while its
    platoon's tanks move; a click on it said 'T21s does not move now' (walk of session 30). It now says it may walk
    and how."""
    from centurion.game.actions import March
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("village", seed=0, players={"renegade": "novice", "tog": "person"})
    while not (t.game.phase == "movement" and t.game.active == "tog"):
        t.choice.value = 0
        t.confirm()
    assert any(isinstance(a, March) and a.squad == "T21s" for a in t.game.movement_others())
    t.click(t.game.squad("T21s").hex)
    while t.selected != "T21s":  # a stack: the click selects its units in turn
        t.click(t.game.squad("T21s").hex)
    text = t.message.value
    assert "does not move now" not in text and "walk" in text and "CEN-INF-1" in text, text


def test_a_vehicle_with_nothing_to_fire_at_is_told_why():
    """First game seed 1, turn 3 (novice on both sides): R11's turret is hit, so its 150mm Gauss and 3/6 laser are
    out of action (book-a 13.2), and both Horatii stand 7 hexes away, beyond its TVLG packs' 6 (data/vehicles.yaml).
    Its only fire decision is to hold (the game declares it without asking, CEN-SEQ-3); `hold_reasons` gives each
    reason, and the preview of a 'does not fire' shows them (a variant may list it, VAR-INIT)."""
    import yaml

    from centurion.game import bot_action
    from centurion.game.actions import Fire
    from centurion.hexgrid import distance
    from centurion.widgets.skirmish_text import preview_lines

    g = new_skirmish("first_game", seed=1)
    while not (g.phase == "fire" and g.turn == 3):
        g = g.apply(bot_action(g, "novice"))
    r11 = g.vehicle("R11")
    assert g.fire_actions("R11") == (Fire("R11", None),)
    data = yaml.safe_load(open("data/vehicles.yaml", encoding="utf-8"))["vehicles"]["liberator"]["weapons"]
    tvlg = next(w["range"] for w in data if w["type"].startswith("TVLG"))
    text = " ".join(preview_lines(g, Fire("R11", None), Fire("R11", None)))
    assert "R11 has nothing to fire at" in text
    for w in data:
        if w["location"] == "turret":
            assert f"{w['type']} (turret) is out of action" in text
    for key in ("T11", "T12"):
        d = distance(r11.hex, g.vehicle(key).hex)
        assert d > tvlg
        assert f"{key} is {d} hexes away, beyond the TVLG 4&#x27;s range of {tvlg}" in text, text
    t22 = new_skirmish("village", seed=0)
    while not (t22.phase == "fire" and t22.turn == 1):
        t22 = t22.apply(bot_action(t22, "novice"))
    assert t22.fire_actions("T22") == (Fire("T22", None),)
    assert all(r.rule == "CEN-LOS-1" and "no line of sight" in r.reason for r in t22.hold_reasons("T22"))


def test_a_bad_players_field_is_named_in_words_not_a_python_repr():
    """A save's `players` field that is wrong was quoted as a Python repr ("got \\"{'renegade': 'root'}\\"", walk of
    session 30): the message now names the side and the value in words, with the values allowed."""
    import json

    import pytest

    from centurion.game.save import PLAYER_VALUES, SaveError, saved_players

    with pytest.raises(SaveError) as e:
        saved_players(json.dumps({"players": {"renegade": "root"}}))
    text = str(e.value)
    assert "{" not in text and "side 'renegade'" in text and "'root'" in text, text
    assert all(v in text for v in PLAYER_VALUES)
    with pytest.raises(SaveError) as e:
        saved_players(json.dumps({"players": ["person", "novice"]}))
    assert "[" not in str(e.value) and "a list of 2" in str(e.value), str(e.value)
    with pytest.raises(SaveError) as e:
        saved_players(json.dumps({"players": {"a": "person", "b": "person", "c": "novice"}}))
    assert "3 sides" in str(e.value), str(e.value)


def test_a_centuria_save_keeps_the_players_and_the_computers_reasons():
    """A Centurion save keeps who played each side and the computer's reasons (issue 25); a Centuria save kept
    neither (session 30): loaded, its log lost the '— why:' of every computer decision and the set-up its players.
    Now both are written and read back; a bad field is refused by name."""
    import base64
    import json

    import pytest

    from centurion.game import SaveError, load
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    t = CenturiaSkirmishTable("centuria_ford_road", seed=3, players={"rome": "person", "rebels": "veteran"})
    for _ in range(3):  # the person's end of each part; the computer answers each (CTA-1)
        t.end_button.click()
    why = [line for line in t.game.log if " — why: " in line]
    assert why, "the computer decided nothing"
    text = base64.b64decode(re.search(r'href="data:application/json;base64,([^"]+)"', t.save_link.value)
                            .group(1)).decode()
    data = json.loads(text)
    assert data["players"] == {"rome": "person", "rebels": "veteran"} and data["reasons"]
    other = CenturiaSkirmishTable("centuria_ford_road", seed=9, players={"rome": "novice", "rebels": "person"})
    assert other.load_text(text, "a save")
    assert [p.value for p in other.player_picks] == ["person", "veteran"]
    assert [line for line in other.game.log if " — why: " in line] == why
    with pytest.raises(SaveError, match="players"):
        load(json.dumps(data | {"players": {"rome": "root"}}))
    with pytest.raises(SaveError, match="reasons"):
        load(json.dumps(data | {"reasons": {"99999": "x"}}))


def test_the_hex_panel_marks_a_concealed_squad_and_a_tvlg_squads_rounds():
    """Village seed 0 (veteran on both sides, T22s hidden by its player where the veteran stands it on opportunity
    fire, since session 52): T22s concealed the turn before, so only a unit in its hex may engage it (book-a 16.7);
    nothing on the map or in the panels said so (walk of session 30), nor how many TVLGs a TVLG squad still fires
    (book-a 16.3: 4 TVLGs while 4 or more men are left, then 3, 2, 1)."""
    from centurion.game import Conceal, bot_action
    from centurion.game.actions import Watch
    from centurion.widgets.turn_summary import units_here

    book = {8: 4, 7: 4, 6: 4, 5: 4, 4: 4, 3: 3, 2: 2, 1: 1}  # book-a 16.3's TVLG row, by men left
    g = new_skirmish("village", seed=0)
    for _ in range(200):
        if g.concealed("T22s"):
            break
        a = bot_action(g, "veteran")
        g = g.apply(Conceal("T22s") if a == Watch("T22s") else a)
    q = g.squad("T22s")
    assert g.concealed("T22s") and g.turn == q.concealed_turn + 1
    row = dict(units_here(g, q.hex))["T22s"]
    assert "concealed" in row and "book-a 16.7" in row, row
    tvlg = [s for s in g.squads if s.hex is not None and s.men and g.combat_units()[s.key].squad_kind == "tvlg"]
    assert tvlg
    for s in tvlg:
        n = book[s.men] if s.tvlgs_left is None else min(book[s.men], s.tvlgs_left)
        assert f"{n} TVLG" in dict(units_here(g, s.hex))[s.key], (s, dict(units_here(g, s.hex)))


def test_a_click_on_a_unit_with_nothing_to_paint_or_fire_at_says_why():
    """Village seed 0, turn 1: TOG's T22 sees no Renegade (the hills of 3311-3312 block every line, CEN-LOS-1), so
    the game declares for it without a decision and the list never names it (CEN-SEQ-3); a click on it said
    nothing (walk of session 30: a dead zone passed without a word). The message now says why, in each phase."""
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("village", seed=0, players={"renegade": "novice", "tog": "person"})
    for phase, words in (("painting", "nothing to paint"), ("fire", "nothing to fire at")):
        while not (t.game.phase == phase and t.game.active == "tog"):
            t.choice.value = 0
            t.confirm()
        assert "T22" not in t.game.undeclared()
        t.click(t.game.vehicle("T22").hex)
        while t.selected != "T22":
            t.click(t.game.vehicle("T22").hex)
        text = t.message.value
        assert f"T22 has {words}" in text and "CEN-LOS-1" in text and "line of sight" in text, text
