"""Issue 23, item 4 (audit G12): the API a programmer expects, modelled on python-chess: `is_legal`, a compact
action notation read back by `parse_action`, hashable states, every action type exported, str-valued enums."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import centurion.game as G
from centurion.game import actions as A
from centurion.game import bot_action, new_skirmish
from centurion.game import centuria as C
from centurion.rules import GravMove
from centurion.variants.movement import VariantMove

SLOW = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- states to test on ---------------------------------------------------------------------------------------
def _until(s, phase: str, level: str = "novice"):
    while s.phase != phase and not s.over:
        s = s.apply(bot_action(s, level))
    assert s.phase == phase
    return s


@cache
def centurion_states() -> tuple:
    s = new_skirmish("meeting", seed=1)
    lateral = new_skirmish("meeting", seed=3, variants=("VAR-LATERAL", "VAR-OCCUPY"))
    return (s, _until(s, "movement"), _until(s, "fire"), _until(s, "end"), _until(lateral, "movement"))


@cache
def centuria_states() -> tuple:
    c = C.new_centuria_skirmish("centuria_farmstead", seed=1)
    return (c, _until(c, "combat"))


def _accepts(state, action) -> bool:
    """Whether `apply` accepts the action (the oracle for is_legal)."""
    try:
        state.apply(action)
    except G.IllegalAction:
        return False
    return True


# --- 1. is_legal ---------------------------------------------------------------------------------------------
def test_issue23_is_legal_every_listed_action() -> None:
    """Every action `legal_actions()` offers is legal, in each phase of both games (CEN-SEQ-1, CTA-1)."""
    for s in (*centurion_states(), *centuria_states()):
        listed = s.legal_actions()
        assert listed, s.phase
        assert all(s.is_legal(a) for a in listed), s.phase


def test_issue23_is_legal_other_path_to_a_listed_end() -> None:
    """Audit G12: another legal path to a listed end state is not listed, yet apply accepts it; is_legal says so
    too (CEN-GRAV-1), and checking it rolls no dice and leaves the state as it was."""
    s = centurion_states()[1]
    listed = s.legal_actions()
    v = s.movers()[0]
    e = next(e for e in s.end_states(v.key) if e.cheapest.move != e.safest.move)
    alt = G.Move(v.key, e.cheapest.move)
    before = (s.history, s.log, s.vehicles)
    assert alt not in listed
    assert s.is_legal(alt)
    assert (s.history, s.log, s.vehicles) == before
    assert s.apply(alt).vehicle(v.key).hex == e.hex


def test_issue23_is_legal_refuses_forged_actions() -> None:
    """Wrong unit, wrong phase, bad shape, a finished game: not legal, and apply refuses each (CEN-SEQ-1, -2)."""
    start, moving, firing, _end, _lat = centurion_states()
    enemy = next(v for v in moving.vehicles if v.side != moving.active)
    mover = moving.movers()[0]
    forged = [
        (moving, G.Move(enemy.key, GravMove(1, "F", 0))),  # not a vehicle of the platoon moving now
        (moving, G.Move("NOBODY", GravMove(1, "F", 0))),
        (moving, G.Move(mover.key, GravMove(0, "FFFFFFFFFFFF", 0))),  # further than its velocity allows
        (moving, G.Move(mover.key, GravMove(-1, "F", 0))),  # negative thrust (CEN-GRAV-1)
        (moving, G.Fire(mover.key, enemy.key)),  # fire belongs to the Combat Phase
        (start, G.Move(mover.key, GravMove(1, "F", 0))),  # no moves in the initiative phase
        (start, G.Leadership("2")),  # bad shape
        (start, G.Leadership(99)),
        (start, "lead 1"),
        (start, None),
        (firing, G.Fire("NOBODY", None)),
        (firing, C.CtaEndPhase()),  # the other game's action
    ]
    for s, a in forged:
        assert s.is_legal(a) is False, a
        assert not _accepts(s, a), a
    c, combat = centuria_states()
    piece = next(p for p in c.battle.pieces if p.side == c.active)
    for s, a in [(c, C.CtaMove(piece.id, ())), (c, C.CtaMove(piece.id, ("X",))), (c, C.CtaMove(5, ("F",))),
                 (c, C.CtaAttack(piece.id, piece.id)), (combat, C.CtaMove(piece.id, ("F",))), (c, G.EndTurn())]:
        assert s.is_legal(a) is False, a
        assert not _accepts(s, a), a


def _centurion_actions(s) -> st.SearchStrategy:
    keys = st.sampled_from([v.key for v in s.vehicles] + [q.key for q in s.squads] + ["NOBODY", ""])
    opt_key = st.none() | keys
    platoons = st.sampled_from(sorted({v.platoon for v in s.vehicles}) + ["nobody"])
    steps = st.text(alphabet="FBLR", max_size=6)
    grav = st.builds(GravMove, st.integers(-1, 4), steps, st.integers(0, 4), st.booleans())
    variant = st.builds(VariantMove, st.integers(0, 4), st.lists(st.sampled_from(["F", "L", "R", "SL", "SR"]),
                                                                   max_size=5).map(tuple), st.integers(0, 4))
    listed = s.legal_actions()
    return st.one_of(
        st.sampled_from(listed),
        st.builds(G.Move, keys, grav | variant, st.booleans(), st.none() | keys),
        st.builds(G.Fire, keys, opt_key, st.just(False), st.none() | st.lists(st.integers(-1, 5), max_size=3)
                  .map(tuple)),
        st.builds(G.Paint, keys, opt_key), st.builds(G.Watch, keys), st.builds(G.Pass, platoons),
        st.builds(G.Leadership, st.integers(-1, 6)), st.builds(G.Order, st.booleans()), st.just(G.LetPass()),
        st.just(G.EndTurn()), st.builds(G.Smoke, keys), st.builds(G.Conceal, keys),
        st.builds(G.OpportunityFire, keys, keys, st.integers(-1, 6)),
        st.builds(G.SquadFire, keys, st.sampled_from(["personal", "tvlg", "laser"]), keys),
        st.sampled_from([None, "end", G.Leadership(True), G.Move("R11", "FF")]),
    )


@SLOW
@given(st.data())
def test_issue23_is_legal_agrees_with_apply(data) -> None:
    """is_legal(a) is True exactly when apply(a) is accepted, over valid and invalid actions (CEN-SEQ-1)."""
    states = centurion_states()
    s = states[data.draw(st.integers(0, len(states) - 1), label="state")]
    a = data.draw(_centurion_actions(s), label="action")
    assert s.is_legal(a) == _accepts(s, a)


@SLOW
@given(st.data())
def test_issue23_centuria_is_legal_agrees_with_apply(data) -> None:
    """The same for Centuria (CTA-1, CTA-MOVE, CTA-COMBAT, CTA-ART)."""
    states = centuria_states()
    s = states[data.draw(st.integers(0, len(states) - 1), label="state")]
    ids = st.sampled_from([p.id for p in s.battle.pieces] + ["NOBODY"])
    steps = st.lists(st.sampled_from([*C.STEPS, "X"]), max_size=3).map(tuple)
    a = data.draw(st.one_of(st.sampled_from(s.legal_actions()), st.builds(C.CtaMove, ids, steps),
                            st.builds(C.CtaAttack, ids, ids), st.builds(C.CtaShoot, ids, ids),
                            st.sampled_from([C.CtaEndPhase(), C.CtaTimeUp(), C.CtaMove(3, ("F",)), None])),
                  label="action")
    assert s.is_legal(a) == _accepts(s, a)


# --- 2. the notation ------------------------------------------------------------------------------------------
_ids = st.text(alphabet="AB r1'_\"-", min_size=1, max_size=6).filter(lambda t: t != "-")
_small = st.integers(0, 9)
_grav = st.builds(GravMove, _small, st.text(alphabet="FBLR", max_size=8), _small, st.booleans(),
                  st.none() | st.integers(0, 5), st.none() | _small, st.sampled_from(["front", "bottom"]),
                  st.booleans(), st.none() | st.booleans())
_variant = st.builds(VariantMove, _small, st.lists(st.sampled_from(["F", "B", "L", "R", "SL", "SR"]), max_size=6)
                     .map(tuple), _small, st.booleans(), st.none() | st.integers(0, 5), st.none() | _small,
                     st.sampled_from(["front", "bottom"]), st.booleans(), st.none() | st.booleans(),
                     st.lists(st.tuples(_small, st.sampled_from(["in", "out"])), max_size=3).map(tuple))
_indices = st.lists(st.integers(0, 7), max_size=4).map(tuple)
_shells = st.lists(st.tuples(st.integers(0, 7), st.sampled_from(["HEAP", "APDS", "Hammerhead", "AP"])),
                   max_size=3).map(tuple)
ALL_ACTIONS = st.one_of(
    st.builds(G.Leadership, _small), st.builds(G.Order, st.booleans()),
    st.builds(G.Move, _ids, _grav | _variant, st.booleans(), st.none() | _ids),
    st.builds(G.Watch, _ids), st.builds(G.Pass, _ids), st.builds(G.Mount, _ids, _ids), st.builds(G.March, _ids, _ids),
    st.builds(G.Conceal, _ids), st.builds(G.OpportunityFire, _ids, _ids, _small), st.just(G.LetPass()),
    st.builds(G.Paint, _ids, st.none() | _ids),
    st.builds(G.Fire, _ids, st.none() | _ids, st.booleans(), st.none() | _indices, _shells, st.none() | _ids,
              _indices),
    st.builds(G.SquadFire, _ids, st.sampled_from(["personal", "tvlg", "mortar"]), _ids), st.builds(G.Smoke, _ids),
    st.builds(G.SelfDestruct, _ids), st.just(G.EndTurn()),
    st.builds(C.CtaMove, _ids, st.lists(st.sampled_from(C.STEPS), max_size=5).map(tuple)),
    st.builds(C.CtaAttack, _ids, _ids), st.builds(C.CtaShoot, _ids, _ids), st.just(C.CtaEndPhase()),
    st.just(C.CtaTimeUp()),
)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(ALL_ACTIONS)
def test_issue23_notation_round_trip(a) -> None:
    """parse_action(str(a)) == a for every action kind of both games, with every optional field; the text is one
    short line, not the dataclass repr."""
    text = str(a)
    assert "\n" not in text and "(" not in text and text != repr(a)
    assert G.parse_action(text) == a


def test_issue23_notation_examples_and_listed_actions() -> None:
    """The README's examples read as documented; every action listed in each test state writes and reads back."""
    r = G.parse_action("move R11 a2 FFLF d0")
    assert r == G.Move("R11", GravMove(2, "FFLF", 0)) and str(r) == "move R11 a2 FFLF d0"
    assert G.parse_action("fire R11 B21 w=1,2 shells=2:APDS") == G.Fire("R11", "B21", weapons=(0, 1),
                                                                        shells=((1, "APDS"),))
    assert G.parse_action("fire R11") == G.Fire("R11")
    assert G.parse_action("vmove R11 a1 F,SL,F d0 pos=3:in") == G.Move(
        "R11", VariantMove(1, ("F", "SL", "F"), 0, positions=((3, "in"),)))
    assert G.parse_action("pass 'Renegade 1st Platoon'") == G.Pass("Renegade 1st Platoon")
    assert G.parse_action("cmove C1 F FL T3") == C.CtaMove("C1", ("F", "FL", "T3"))
    assert G.parse_action("lead 2") == G.Leadership(2) and G.parse_action("end") == G.EndTurn()
    for s in (*centurion_states(), *centuria_states()):
        for a in s.legal_actions()[::7]:
            assert G.parse_action(str(a)) == a


@pytest.mark.parametrize("text, words", [
    ("warp R11", "unknown action"),
    ("move R11 a2 FFXF d0", "unknown step"),
    ("move R11 2 FF 0", "move UNIT aN STEPS dN"),
    ("move R11 a2 FF d0 face=9", "HEX-3"),
    ("move R11 a2 FF d0 fly", "unknown or malformed option"),
    ("lead two", "whole number"),
    ("lead", "takes 1 word"),
    ("fire R11 B21 w=x", "whole number"),
    ("order sideways", "first|last"),
    ("cmove C1 Q", "unknown Centuria step"),
    ("pass 'unclosed", "cannot read"),
    ("", "cannot read"),
])
def test_issue23_notation_bad_text_names_the_problem(text: str, words: str) -> None:
    """A bad text raises ValueError (IllegalAction is one) whose message names what is wrong."""
    with pytest.raises(ValueError, match=words.replace("|", r"\|")):
        G.parse_action(text)


# --- 3. hashable states ---------------------------------------------------------------------------------------
def test_issue23_states_hash_and_equal_by_position() -> None:
    """Two vehicles moved in either order reach the same state: equal, same hash; a different state is not equal
    (Centurion, CEN-SEQ-2). Same for two Centuria units moved in either order (CTA-1)."""
    s = centurion_states()[1]
    a, b = s.movers()[:2]
    ma, mb = s.move_actions(a.key)[0], s.move_actions(b.key)[0]
    x, y = s.apply(ma).apply(mb), s.apply(mb).apply(ma)
    assert x == y and hash(x) == hash(y) and len({x, y}) == 1
    assert x != s.apply(ma) and x != s
    assert hash(centurion_states()[0]) == hash(new_skirmish("meeting", seed=1))
    c = centuria_states()[0]
    mine = [p for p in c.battle.pieces if p.side == c.active]
    first = [m for p in mine for m in c.move_actions(p.id)]
    m1 = next(m for m in first if m.steps == ("F",))
    m2 = next(m for m in first if m.steps == ("F",) and m.unit != m1.unit)
    reply = c.apply(m1).legal_actions()[0]
    p = c.apply(m1).apply(reply).apply(m2)
    q = c.apply(m2).apply(reply).apply(m1)
    assert p == q and hash(p) == hash(q)
    assert p != c.apply(m1) and {p: 1}[q] == 1


# --- 4. exports -----------------------------------------------------------------------------------------------
def test_issue23_every_action_type_exported() -> None:
    """Every kind of both games' registries is exported from centurion.game, with the notation and codec."""
    kinds = {**A.KINDS, **C.KINDS}
    assert len(kinds) == len(A.KINDS) + len(C.KINDS) == 23  # Ahead and Stay since session 50
    for cls in kinds.values():
        assert getattr(G, cls.__name__) is cls and cls.__name__ in G.__all__
    for name in ("parse_action", "action_to_data", "action_from_data", "Phase", "Level", "CenturiaSkirmish"):
        assert name in G.__all__ and hasattr(G, name)
    for a in (G.Move("R11", GravMove(1, "F", 0)), C.CtaMove("C1", ("F",)), G.EndTurn(), C.CtaEndPhase()):
        assert G.action_from_data(json.loads(json.dumps(G.action_to_data(a)))) == a



def test_every_name_the_docs_give_under_centurion_game_resolves() -> None:
    """A name the README or docs/ give as `centurion.game.X[.Y]` can be reached that way (the walk of session 42:
    the README's `centurion.game.bot_decision` did not import); the mutation tool's mutant prefixes aside."""
    import importlib
    import re
    from pathlib import Path

    root = Path(G.__file__).resolve().parents[2]
    texts = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    names = {m for p in texts for m in re.findall(r"centurion\.game\.[A-Za-z_.]*[A-Za-z]", p.read_text("utf-8"))
             if "mutmut" not in m and ".x_" not in m}
    assert all(len(n.split(".")[2]) > 1 for n in names), names  # no placeholder such as centurion.game.X
    assert "centurion.game.bot_decision" in names
    for name in sorted(names):
        parts = name.split(".")
        obj = importlib.import_module("centurion.game")
        for i, part in enumerate(parts[2:], start=2):
            try:
                obj = getattr(obj, part)
            except AttributeError:
                obj = importlib.import_module(".".join(parts[: i + 1]))
        assert obj is not None, name
    assert "bot_decision" in G.__all__ and G.bot_decision(G.new_skirmish("first_game", seed=0)).action is not None


# --- 5. enums -------------------------------------------------------------------------------------------------
def test_issue23_phases_and_levels_are_str_enums() -> None:
    """Phases and levels are str-valued enums equal to the old texts; states carry them; saves are unchanged."""
    assert issubclass(G.Phase, str) and G.Phase.MOVEMENT == "movement" and G.Level.VETERAN == "veteran"
    assert {p.value for p in G.Phase} >= {"initiative", "order", "movement", "opportunity", "painting", "fire",
                                          "end", "combat", "over"}
    for s in (*centurion_states(), *centuria_states()):
        assert isinstance(s.phase, G.Phase) and f"{s.phase}" == s.phase.value == str(s.phase)
        assert {str(s.phase): 1}[s.phase] == 1
    moving = centurion_states()[1]
    assert G.load(moving.to_json()) == moving
    assert G.bot_action(moving, G.Level.NOVICE) == G.bot_action(moving, "novice")
    assert set(G.LEVELS) == set(G.Level) >= {G.Level.NOVICE, G.Level.VETERAN}  # issue 25 added ELITE


# --- 6. legal_actions says how moves are grouped ----------------------------------------------------------------
def test_issue23_legal_actions_docstring_explains_grouping() -> None:
    """legal_actions() documents that moves are one per end state (the safest path) and points to is_legal."""
    for cls in (G.Skirmish, G.CenturiaSkirmish):
        doc = cls.legal_actions.__doc__
        assert "is_legal" in doc and "end" in doc


def test_issue23_readme_documents_the_notation() -> None:
    """The README's "Playing from Python" table: every example in its first column reads as an action."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = text.split("## Playing from Python", 1)[1].split("\n## ", 1)[0]
    rows = [ln.split("|")[1] for ln in section.splitlines() if ln.startswith("| `")]
    examples = [e for r in rows for e in re.findall(r"`([^`]+)`", r)]
    assert len(examples) >= 20
    for e in examples:
        assert str(G.parse_action(e)) == e, e
