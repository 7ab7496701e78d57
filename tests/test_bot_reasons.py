"""Issue 25, item 4: every computer decision says why, and the Skirmish page shows the best three options it weighed.

Expected values come from the position: the end hex's terrain from the scenario's map and the Terrain Effects
Table (data/terrain.yaml, CEN-TER-1), the expected hits from the engine's own fire plan after the move is made
(`attack_set`, to-hit chances, CEN-CMB-1), the Centuria odds from `exchange` (CTA-COMBAT), never from the reason
code.
"""

from __future__ import annotations

import html
from dataclasses import replace
from fractions import Fraction

import pytest

from centurion.data import terrain_table
from centurion.game import Move, bot_action, new_skirmish
from centurion.hexgrid import FACING_NAMES, format_label
from tests.bot_games import plan_odds


def _hits(state, firer_key: str, target_key: str) -> float:
    """Expected hits of the engine's fire plan (each shot's exact chance to do damage, CEN-CMB-1)."""
    return plan_odds(state, state.attack_set(state.vehicle(firer_key), target_key))[0]


def _first_move(scenario: str, seed: int, level: str, wanted, limit: int = 160):
    """Play the scenario with the computer at `level` for both sides until its decision is a move that `wanted`
    accepts (`wanted(state, decision)`): the state before it and the decision (searched, so the test does not
    hang on which move the bot's weights prefer)."""
    from centurion.game.bot_reasons import bot_decision

    s = new_skirmish(scenario, seed=seed)
    for _ in range(limit):
        if s.over:
            break
        if s.phase == "movement":
            d = bot_decision(s, level)
            if isinstance(d.action, Move) and wanted(s, d):
                return s, d
            s = s.apply(d.action)
        else:
            s = s.apply(bot_action(s, level))
    raise AssertionError(f"no such move in the first {limit} decisions of {scenario}, seed {seed}")


def _painted_odds(state, side: str, target_key: str) -> float:
    """The chance that the target is painted this turn: the best of the painting attempts of `side`'s vehicles from
    where each stands (the engine's exact to-hit chances, book-a §7.1), since one vehicle paints a target (the
    careful levels never paint one twice, G10; session 42: the chance that any of them would was shown, "painted
    91%" where one paint at 3/10 followed)."""
    return float(max((getattr(getattr(state.paint_attempt(f.key, target_key), "to_hit", None), "chance", Fraction(0))
                      for f in state.live_vehicles(side)), default=Fraction(0)))


def _painted(state, target_key: str):
    """The same position with the target painted: its shields no longer count against the shots (book-a §7.2)."""
    return replace(state, vehicles=tuple(replace(v, painted_by=("paint",)) if v.key == target_key else v
                                         for v in state.vehicles))


def _in_cover(s, d) -> bool:
    after = s.apply(d.action)
    return terrain_table()[s.battlemap.hexes[after.vehicle(d.action.unit).hex].terrain].combat_modifier < 0


@pytest.fixture(scope="module")
def village_move():
    """The veteran's first move in the village that ends in cover (buildings or woods, CEN-TER-1)."""
    return _first_move("village", 0, "veteran", _in_cover)


def test_I25_4_move_reason_names_the_end_terrain_and_the_numbers_it_was_chosen_on(village_move):
    s, d = village_move
    after = s.apply(d.action)
    me = after.vehicle(d.action.unit)
    cell = s.battlemap.hexes[me.hex]
    row = terrain_table()[cell.terrain]
    assert row.combat_modifier < 0  # cover: buildings -2, woods -1 or -2
    assert d.reason.startswith(f"{me.key} to {format_label(me.hex)} facing {FACING_NAMES[me.facing]}: "
                               f"{row.label.lower()} "
                               f"({row.combat_modifier:+d} to hit it)")
    enemies = after.live_vehicles(after.other(me.side))
    assert all(sec.intact == sec.armor for e in enemies for _n, sec in e.sheet.armor.sections)
    worth = {e.key: e.cost for e in enemies}  # undamaged: what a hit is worth is the cost
    painted = {e.key: _painted_odds(after, me.side, e.key) for e in enemies}
    dealt = {e.key: (1 - painted[e.key]) * _hits(after, me.key, e.key)
             + painted[e.key] * _hits(_painted(after, e.key), me.key, e.key) for e in enemies}
    if max(dealt.values()) > 0:
        target = max(dealt, key=lambda k: (dealt[k] * worth[k], k))
        assert 0 < painted[target] < 1  # its own painting laser and its friends' may paint the target first
        assert f"{dealt[target]:.2f} hits dealt on {target} (painted {painted[target]:.0%})" in d.reason
    else:
        assert "no enemy in reach" in d.reason
    taken = sum(_hits(after, e.key, me.key) for e in enemies)  # every enemy's plan on it where it stands
    assert f"{taken:.2f} expected against it if unpainted" in d.reason  # the fire it takes, no enemy paint guessed
    resolved = s.resolve_move(me.key, d.action.move)
    if resolved.checks == () and resolved.grounding_damage == 0:
        assert "no piloting or grounding risk to itself" in d.reason


def test_I25_4_move_reason_gives_the_exact_odds_of_the_damage_its_own_path_risks():
    def risky(s, d):
        return s.resolve_move(d.action.unit, d.action.move).checks != ()

    s, d = _first_move("pursuit", 1, "novice", risky, limit=400)
    resolved = s.resolve_move(d.action.unit, d.action.move)
    p_none = Fraction(1)
    for e in resolved.checks:  # every Piloting Skill Roll on the path, exact odds (CEN-SPD-2)
        p_none *= Fraction(e.check.p_pass)
    assert 0 < p_none < 1
    rolls = len(resolved.checks)
    assert f"{1 - p_none} chance of damage from its {rolls} piloting roll{'s' if rolls > 1 else ''}" in d.reason
    assert "expected against it" not in d.reason  # the novice does not weigh the fire it takes


def test_I25_4_three_alternatives_sorted_by_score_the_chosen_one_first(village_move):
    s, d = village_move
    assert d.action == bot_action(s, "veteran")  # the decision is the bot's, unchanged
    assert len(d.alternatives) == 3
    scores = [a.score for a in d.alternatives]
    assert scores == sorted(scores, reverse=True)
    assert d.alternatives[0].action == d.action and d.alternatives[0].reason == d.reason
    assert len({a.action for a in d.alternatives}) == 3
    for a in d.alternatives:
        assert s.is_legal(a.action) and a.text == s.describe(a.action) and a.reason


def _with_paint(s, target: str, painter: str):
    """The state with `painter`'s paint on `target` (book-a §7.2): the engine's own fire plans then see it painted."""
    return replace(s, vehicles=tuple(replace(v, painted_by=(*v.painted_by, painter)) if v.key == target else v
                                     for v in s.vehicles))


def _check_paint(s, d) -> str:
    """Check a careful paint's reason against the engine's fire plans on the state with the paint on (book-a §7.2,
    13.2: a friend whose comm is out gains from its own paint only); the kind of reason met."""
    a = d.action
    roll = s.paint_attempt(a.unit, a.target).to_hit  # the rules' chance (VAR-SHIELD: the shield may stop it)
    chance = s.rules.damage_chance(roll, weapon="painting")
    assert isinstance(chance, Fraction) and 0 < chance < 1
    painted = _with_paint(s, a.target, a.unit)
    side = s.combat_units()[a.unit].side
    bears = {v.key for v in s.live_vehicles(side) if s.attack_set(v, a.target) is not None
             or painted.attack_set(painted.vehicle(v.key), a.target) is not None}
    gains = {k: (_hits(s, k, a.target), _hits(painted, k, a.target)) for k in sorted(bears)}
    rising = [k for k in [v.key for v in s.live_vehicles(side)] if k in gains and gains[k][1] > gains[k][0]]
    head = f"{a.unit} paints {a.target} (chance {chance})"
    rise = (f"hits expected on it rise from {sum(gains[k][0] for k in rising):.2f} to "
            f"{sum(gains[k][1] for k in rising):.2f} if it is painted")
    others = [k for k in rising if k != a.unit] + (["itself"] if a.unit in rising and len(rising) > 1 else [])
    named = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1] if others else ""
    if named:
        assert d.reason == f"{head} for {named}: their {rise}"
        return "friends"
    if rising:
        assert d.reason == f"{head} for its own fire: its {rise}"
        return "own"
    if gains:
        bearing = sorted(gains)
        names = bearing[0] if len(bearing) == 1 else ", ".join(bearing[:-1]) + " and " + bearing[-1]
        assert d.reason == (f"{head}: the fire of {names} bears on it but gains nothing from a paint (book-a §7.2: "
                            "a paint takes away shields); a paint costs the vehicle nothing"), d.reason
        return "nothing"
    assert d.reason == (f"{head}: no weapon of its side bears on it now, but a paint costs the vehicle nothing and "
                        "this is the target it paints best")
    return "none bears"


def test_I25_4_paint_reason_names_the_target_its_odds_and_the_friends_whose_fire_gains():
    """A careful paint's reason names the friends whose expected hits rise once the target is painted (book-a §7.2:
    its shields no longer count against lasers and missiles), read from the engine's fire plans on the state with the
    paint on; a side whose fire bears but gains nothing (a Gauss cannon ignores shields) is said to gain nothing.
    Session 35: the old words named every friend that bore and counted its Gauss hits as served by the paint.
    Session 39: under VAR-SHIELD too (the odds are the rules' own), and with a named friend's comm out (13.2)."""
    from centurion.game import Paint
    from centurion.game.bot_reasons import bot_decision
    from tests.bot_games import comm_out

    kinds = set()
    for scenario, seed, variants in (("meeting", 0, ()), ("pursuit", 0, ()), ("first_game", 1, ()),
                                     ("meeting", 0, ("VAR-SHIELD",))):
        s = new_skirmish(scenario, seed=seed, variants=variants)
        while not s.over and s.turn <= 3:
            if s.phase != "painting":
                s = s.apply(bot_action(s, "veteran"))
                continue
            d = bot_decision(s, "veteran")
            a = d.action
            s_next = s.apply(a)
            if not (isinstance(a, Paint) and a.target):
                s = s_next
                continue
            kind = _check_paint(s, d)
            kinds.add(kind + (" shielded" if variants else ""))
            if kind == "friends" and "comm" not in kinds:  # the first friend it paints for loses its comm
                friend = next(k for k in d.reason.split(" for ", 1)[1].split(":")[0].replace(" and", ",").split(", ")
                              if k != "itself")
                cut = comm_out(s, friend)
                d2 = bot_decision(cut, "veteran")
                if isinstance(d2.action, Paint) and d2.action.target:
                    kinds.add("comm")
                    _check_paint(cut, d2)
                    assert friend not in d2.reason.split(":")[0]  # it gains nothing from another's paint now
            s = s_next
    assert {"friends", "nothing", "comm", "friends shielded"} <= kinds, kinds


def test_I25_4_same_seed_same_reasons():
    from centurion.game.bot_reasons import bot_decision

    s, d = _first_move("village", 0, "veteran", _in_cover)
    replayed = new_skirmish("village", seed=0)
    for a in s.history:  # the same seed and decisions: a fresh state, no cache shared
        replayed = replayed.apply(a)
    first, again = bot_decision(s, "veteran"), bot_decision(replayed, "veteran")
    assert first == d and first == again
    assert [(a.text, a.score, a.reason) for a in first.alternatives] == \
           [(a.text, a.score, a.reason) for a in again.alternatives]
    novice = new_skirmish("meeting", seed=3)
    assert bot_decision(novice, "novice") == bot_decision(new_skirmish("meeting", seed=3), "novice")


def test_I25_4_the_log_line_of_the_decision_carries_the_reason(village_move):
    from centurion.game.bot_reasons import explained

    s, d = village_move
    after = s.apply(d.action)
    told = explained(s, after, d)
    line = told.log[len(s.log)]
    assert line.startswith(after.log[len(s.log)]) and line.endswith(f"why: {d.reason}")
    assert told == after and told.log[len(s.log) + 1:] == after.log[len(s.log) + 1:]  # only the record changes
    assert explained(s, s.apply(d.alternatives[1].action), d).log == s.apply(d.alternatives[1].action).log


def test_I25_4_a_centuria_decision_has_a_reason():
    from centurion.centuria import exchange
    from centurion.game.bot_reasons import bot_decision
    from centurion.game.centuria import CtaAttack, CtaMove
    from centurion.hexgrid import neighbor

    s = new_skirmish("centuria_ford_road", seed=1)
    d = bot_decision(s, "veteran")
    assert isinstance(d.action, CtaMove) and d.action == bot_action(s, "veteran")
    p = s.battle.piece(d.action.unit)
    here, facing = p.hex, p.facing  # the steps followed on the map (CTA-MOVE)
    for st in d.action.steps:
        if st.startswith("T"):
            facing = int(st[1])
        else:
            here = neighbor(here, {"F": facing, "FL": (facing - 1) % 6, "FR": (facing + 1) % 6}[st])
    names = ("N", "NE", "SE", "S", "SW", "NW")  # HEX-3; the facing tells two ends in one hex apart (session 33)
    assert d.reason.startswith(f"{p.id} to {format_label(here)} facing {names[facing % 6]}: "
                               f"{s.battle.terrain(here).replace('_', ' ')}, ")
    assert "over standing still" in d.reason  # the score's meaning said (walk of session 33)
    assert len(d.alternatives) == 3 and d.alternatives[0].action == d.action
    assert len({a.reason for a in d.alternatives}) == 3  # no twin rows (two paths to one end weigh alike)
    attack = None
    while attack is None and not s.over:  # on to the first attack the computer makes
        d = bot_decision(s, "veteran")
        attack = d if isinstance(d.action, CtaAttack) else None
        s = s if attack is not None else s.apply(d.action)
    assert attack is not None
    ex = exchange(s.battle, attack.action.unit, attack.action.target)
    a = attack.action  # each piece named (walk of session 53: "it falls" read as either)
    assert f"{a.target} falls {ex.defender_falls}, {a.unit} {ex.attacker_falls}" in attack.reason


def test_I25_4_the_skirmish_page_shows_the_alternatives_after_a_computer_move():
    from centurion.game.save import with_players
    from centurion.widgets.skirmish import SkirmishTable

    def computer_moves_then_person(s, d) -> bool:  # Renegade (the computer) moves, then TOG (a person) decides
        return s.active == "renegade" and s.apply(d.action).active == "tog"

    s, _d = _first_move("village", 0, "veteran", computer_moves_then_person)
    page = SkirmishTable("village", seed=0)
    assert page.load_text(with_players(s.to_json(), {"renegade": "veteran", "tog": "person"}), "village.json")
    assert page.game.active == "tog" and page.actors[-1] == "computer"
    d = page.why.decision
    assert d is not None and d.side == "renegade" and d.phase == "movement" and d.action == _d.action
    assert len(d.alternatives) == 3
    i = next(i for i in range(len(page.states) - 1, 0, -1) if page.actors[i] == "computer")
    assert page.states[i].history[-1] == d.action  # the last computer decision is the one shown
    v = page.states[i].vehicle(d.action.unit)
    assert terrain_table()[page.game.battlemap.hexes[v.hex].terrain].label.lower() in d.reason
    assert page.why.table.layout.display == "none"  # closed until asked
    page.why.toggle.value = True  # "Why?"
    assert page.why.table.layout.display != "none"
    shown = page.why.table.value
    for alt in d.alternatives:
        assert html.escape(alt.text) in shown and f"{alt.score:.2f}" in shown and html.escape(alt.reason) in shown
    assert shown.count("centurion-why-option") == 3
    assert html.escape(f"why: {d.reason}") in page.log_html.value  # the log line says why
    page.why.toggle.value = False
    assert page.why.table.layout.display == "none"


def test_I25_4_the_centuria_page_log_says_why():
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    page = CenturiaSkirmishTable("centuria_ford_road", seed=1)  # a person against the computer (novice)
    assert page.end_part()  # the person ends the phase: the computer answers
    d = page.why.decision
    assert d is not None and d.reason and d.alternatives[0].action == d.action
    i = next(i for i in range(len(page.states) - 1, 0, -1) if page.actors[i] == "computer")
    assert page.states[i].history[-1] == d.action
    assert html.escape(f"why: {d.reason}") in page.log_html.value


def test_walkthrough_the_centuria_why_line_counts_rounds():
    """A new user read "turn 1" in the Why line of a Centuria page that says "Round 1": a battle counts rounds
    (CTA-1), a Centurion game turns."""
    from centurion.game import new_skirmish
    from centurion.game.bot_reasons import bot_decision
    from centurion.widgets.bot_view import BotView

    view = BotView()
    view.show(bot_decision(new_skirmish("centuria_farmstead", seed=1), "novice"))
    assert "(round 1," in view.line.value and "turn" not in view.line.value.split(")")[0]
    view.show(bot_decision(new_skirmish("meeting", seed=1), "novice"))
    assert "(turn 1," in view.line.value


def test_walk_the_why_box_reads_as_the_log_does():
    """Walk of session 42: the Why? box showed the engine's raw words ("all 1 leadership point(s)", "mdc 9/10")
    where the log beside it reads "1 leadership point" (W20: a count in its number) and the record sheets spell the
    weapon "MDC" (data/vehicles.yaml: the Trajan's "MDC 3/10"). The meeting, seed 0, the veteran on both sides."""
    from centurion.game import bot_decision
    from centurion.widgets.bot_view import BotView

    view = BotView()
    s, d = _decision_in("meeting", "veteran", "initiative", seed=0)
    view.show(d)
    assert "1 leadership point on the initiative" in view.line.value and "(s)" not in view.line.value
    s = new_skirmish("meeting", seed=0)
    while not (s.phase == "fire" and s.active == "tog"):
        s = s.apply(bot_action(s, "veteran"))
    d = bot_decision(s, "veteran")
    assert any(a.text.startswith("T13") for a in d.alternatives)  # the Trajan, whose MDC bears
    view.show(d)
    assert "MDC 9/10" in view.table.value and "mdc" not in view.table.value
    assert "(s)" not in view.table.value and "book-a" not in view.table.value


def _decision_in(name: str, level: str, phase: str, seed: int = 1):
    """The first decision of `level` (both sides) in `phase` of scenario `name`."""
    from centurion.game.bot_reasons import bot_decision

    s = new_skirmish(name, seed=seed)
    while not s.over:
        d = bot_decision(s, level)
        if s.phase == phase:
            return s, d
        s = s.apply(d.action)
    raise AssertionError(f"no {phase} decision in {name}")


def test_walk_the_why_footnote_says_the_novice_draws_its_move_by_the_dice():
    """Walk of session 28: the novice's Why? table said "drawn by the dice" in a row and "never by chance" in its
    footnote. A novice move's footnote says how the die picks (1-3 the best, 4-5 the second, 6 the third; issue 25's
    novice), a tied veteran decision the fixed order, a Centuria one no Centurion painting."""
    from centurion.widgets.bot_view import DRAWN, TIES, TIES_CENTURIA, alternatives_html

    _s, d = _decision_in("first_game", "novice", "movement")
    shown = alternatives_html(d)
    assert "1-3 the best, 4-5 the second, 6 the third" in shown and "never by chance" not in shown
    assert DRAWN in shown
    _s, d = _decision_in("centuria_ford_road", "veteran", "movement")
    shown = alternatives_html(d)
    assert "painting" not in shown and TIES not in shown and DRAWN not in shown
    tied = [a.score for a in d.alternatives[:2]]
    assert (TIES_CENTURIA in shown) == (len(tied) == 2 and tied[0] == tied[1])


def test_walk_three_ends_in_one_hex_are_told_apart_by_their_facing():
    """Walk of session 28: three options read "T12 to 2211: ..." alike; they differ by the facing they end in, which
    each reason now names (the state after the move is the judge)."""
    s, d = _decision_in("first_game", "novice", "movement")
    for alt in d.alternatives:
        v = s.apply(alt.action).vehicle(alt.action.unit)
        assert alt.reason.startswith(f"{v.key} to {format_label(v.hex)} facing {FACING_NAMES[v.facing]}: ")


def test_the_why_footnote_says_what_a_score_adds_up():
    """Session 35's audit: the scores of fire and paint options were shown with no word of what they count. The
    footnote names it by phase, and a level that weighs less says so (the novice: game/bot.py, `LEVELS`); an
    elite's played-out options keep their own footnote, which says that the last turn counts victory points alone."""
    from centurion.widgets.bot_view import MEANING, PLAYED, alternatives_html

    for level, careful in (("veteran", True), ("novice", False)):
        for phase in ("movement", "fire", "painting"):
            _s, d = _decision_in("meeting", level, phase)
            assert MEANING[(phase, careful)] in alternatives_html(d)
    _s, d = _decision_in("meeting", "elite", "fire")
    shown = alternatives_html(d)
    assert PLAYED in shown and "in the last turn the final victory points alone" in shown
    assert not any(m in shown for m in MEANING.values())


def test_a_ram_reason_gives_its_odds_and_the_margin_the_computer_rams_for():
    """Under VAR-RAM the computer rams when the armor it expects to destroy, in points of the target's cost, beats
    what the ram costs its own front (game/ramming.py `bot_ram`); the reason said so with no number. It now gives the
    ram's exact odds and both sides' expected losses, worked here from the odds and the vehicles' sheets: chance times
    the damage (at most the armor left) times the vehicle's cost over its full armor."""
    from centurion.game.bot_reasons import bot_decision
    from centurion.game.ramming import ram_preview

    s = new_skirmish("first_game", seed=0, variants=("VAR-RAM",))
    while len(s.history) < 4:  # turn 1: the veteran's R11 rams T11
        s = s.apply(bot_action(s, "veteran"))
    d = bot_decision(s, "veteran")
    assert isinstance(d.action, Move) and d.action.ram
    odds = ram_preview(s, d.action)

    def loss(key: str, points: int) -> float:
        v = s.vehicle(key)
        left = sum(sec.intact for _n, sec in v.sheet.armor.sections)
        return float(odds.chance) * min(points, left) * v.cost / sum(v.sheet.vehicle.armor.values())

    dealt, taken = loss(d.action.ram, odds.to_defender), loss(d.action.unit, odds.to_attacker)
    assert dealt > taken
    assert odds.describe() in d.reason
    assert f"{dealt:.1f} points of {d.action.ram}'s cost against {taken:.1f} of its own" in d.reason


def test_a_ram_table_tells_the_rams_rule_not_the_move_scores():
    """Session 37's review: a ram's Why? table (one row, no score) ended with the footnote on what a move's score
    adds up, which the ram has none of. It tells the ram's rule instead (VAR-RAM, game/ramming.py `bot_ram`)."""
    from centurion.game.bot_reasons import bot_decision
    from centurion.widgets.bot_view import MEANING, RAMMED, alternatives_html

    s = new_skirmish("first_game", seed=0, variants=("VAR-RAM",))
    while len(s.history) < 4:  # turn 1: the veteran's R11 rams T11
        s = s.apply(bot_action(s, "veteran"))
    d = bot_decision(s, "veteran")
    assert d.action.ram
    shown = alternatives_html(d)
    assert RAMMED in shown and "VAR-RAM" in shown
    assert not any(m in shown for m in MEANING.values())


def test_a_rule_of_thumbs_table_explains_no_score():
    """Session 39's screenshot: a hiding squad's Why? table (one row, no score: book-a §16.7's rule of thumb) ended
    with the footnote on what a move's score adds up. A decision nothing was scored for has no such footnote. Since
    session 52 the squad stands on opportunity fire there (CEN-OPP-1), a rule of thumb too."""
    from centurion.game.actions import Watch
    from centurion.game.bot_reasons import bot_decision
    from centurion.widgets.bot_view import MEANING, alternatives_html

    s = new_skirmish("village", seed=1)
    for _ in range(9):  # T22s stands on watch beside the ridge road (decision 10; it hid there before session 52)
        s = s.apply(bot_action(s, "veteran"))
    d = bot_decision(s, "veteran")
    assert d.action == Watch("T22s") and [a.score for a in d.alternatives] == [None]
    shown = alternatives_html(d)
    assert "Nothing else was weighed" in shown
    assert not any(m in shown for m in MEANING.values())



def test_walk_a_paint_left_to_a_friend_says_so():
    """Walk of session 42: a tank that paints nothing because a friend already paints every enemy it could paint
    (the careful levels never paint a target twice: G10) was said to have "nothing worth the shot", and a squad that
    keeps to its fire (a squad that paints does nothing else, book-a §16) the same. The village, seed 0, veteran on
    both sides: each such reason names the targets and who paints them, read from the state's declared paints."""
    from centurion.game import Paint, bot_decision

    s = new_skirmish("village", seed=0)
    seen = {"friend": 0, "squad": 0}
    while not s.over and min(seen.values()) < 2:
        d = bot_decision(s, "veteran")
        a = d.action
        if isinstance(a, Paint) and a.target is None:
            assert "worth the shot" not in d.reason
            squad = any(q.key == a.unit for q in s.squads)
            if squad:
                seen["squad"] += 1
                assert d.reason == f"{a.unit} has a target to fire at: a squad that paints does nothing else"
            else:
                seen["friend"] += 1
                side = s.combat_units()[a.unit].side
                mine = {t: p for p, t in s.paints if s.combat_units()[p].side == side}
                targets = {x.target for x in s.legal_actions() if isinstance(x, Paint) and x.unit == a.unit
                           and x.target is not None}
                assert targets and targets <= set(mine)  # every one painted by a friend
                for t in targets:
                    assert f"{t} is painted by {mine[t]} already" in d.reason
        s = s.apply(a)
    assert min(seen.values()) >= 2
