"""Mutation kill tests for centurion/game/actions.py (issue 22): exact texts, the save codec, every refusal.

Expected values are written by hand from the docstrings of game/actions.py (the bounds: a whole number at most
9999 either way, a text at most 200 characters, at most 200 steps, a facing 0-5 (HEX-3)) and docs/decisions.md.
"""

from __future__ import annotations

import pytest

from centurion.game.actions import (
    KINDS,
    Ahead,
    Conceal,
    EndTurn,
    Fire,
    IllegalAction,
    Leadership,
    LetPass,
    March,
    Mount,
    Move,
    OpportunityFire,
    Order,
    Paint,
    Pass,
    SelfDestruct,
    Smoke,
    SquadFire,
    Stay,
    Watch,
    action_from_data,
    action_to_data,
    check_action,
    check_move,
    seed_refusal,
)
from centurion.rules import GravMove
from centurion.variants.movement import VariantMove

# --- describe(): the exact words of each kind ---


@pytest.mark.parametrize("action, text", [
    (Leadership(3), "spends 3 leadership points on initiative"),
    (Order(True), "moves first (side A)"),
    (Order(False), "moves last (side B)"),
    (Watch("T1"), "T1 stands on opportunity fire"),
    (Pass("P2"), "passes P2 (it moves after its side's next platoon)"),
    (Pass("P2", "P4"), "passes P2 (it moves after P4)"),
    (Ahead("P3"), "moves P3 first (a pass)"),
    (Stay("S1"), "S1 stays where it is"),
    (Mount("S1", "C1"), "S1 mounts C1"),
    (March("S1", "0304"), "S1 moves on foot to 0304"),
    (Conceal("S1"), "S1 conceals"),
    (OpportunityFire("W", "M", 2), "W fires on M at hex 2 of its move (opportunity fire)"),
    (LetPass(), "holds its opportunity fire"),
    (Paint("A"), "A does not paint"),
    (Paint("A", "B"), "A paints B"),
    (Fire("A"), "A holds its fire"),
    (Fire("A", "B"), "A fires at B"),
    (Fire("A", "B", weapons=(0, 2)), "A fires at B with weapons 1, 3"),
    (Fire("A", "B", weapons=()), "A fires at B with no weapon"),
    (Fire("A", "B", shells=((0, "APDS"), (1, "HEAP"))), "A fires at B (shells: weapon 1 APDS, weapon 2 HEAP)"),
    (Fire("A", "B", weapons=(0,), shells=((0, "APDS"),)), "A fires at B with weapon 1, firing APDS"),  # session 31
    (Fire("A", "B", weapons=(0, 1), shells=((0, "APDS"),)), "A fires at B with weapons 1, 2 (shells: weapon 1 APDS)"),
    (Fire("A", "B", second="C", second_weapons=(1, 3)), "A fires at B, and at C with weapons 2, 4"),
    (Fire("A", "B", driver=True), "A fires at B, the driver too (-2 each) [VAR-WEAPONS]"),
    (SquadFire("S", "personal", "T"), "S fires its personal weapons at T"),
    (SquadFire("S", "tvlg", "T"), "S fires its TVLGs at T"),
    (SquadFire("S", "mortar", "T"), "S fires its mortars at T"),
    (SquadFire("S", "laser", "T"), "S fires laser at T"),
    (Smoke("A"), "A lays smoke"),
    (SelfDestruct("A"), "A's crew tries to self-destruct it [VAR-SELFDESTRUCT]"),
    (EndTurn(), "ends its End Phase"),
])
def test_describe_exact_text(action, text) -> None:
    """Each action kind's words (issue 22)."""
    assert action.describe() == text


def test_describe_move_dismount_and_ram() -> None:
    """A move's words: the move's own words, then the dismount and the ram (CEN-MNT-1, VAR-RAM)."""
    mv = GravMove(accelerate=2, steps="FFL")
    words = mv.describe()
    assert Move("T1", mv).describe() == f"T1 moves: {words}"
    assert Move("T1", mv, dismount=True).describe() == f"T1 moves: {words}, the squad dismounts"
    assert Move("T1", mv, ram="E1").describe() == f"T1 moves: {words}, ramming E1 [VAR-RAM]"
    assert (Move("T1", mv, dismount=True, ram="E1").describe()
            == f"T1 moves: {words}, the squad dismounts, ramming E1 [VAR-RAM]")


def test_fire_chosen() -> None:
    """`chosen` is true only when weapons, shells or a second target are named (book-a §8.2-8.3)."""
    assert Fire("A", "B").chosen is False
    assert Fire("A", "B", weapons=()).chosen is True
    assert Fire("A", "B", shells=((0, "AP"),)).chosen is True
    assert Fire("A", "B", second="C").chosen is True
    assert Fire("A", "B", second_weapons=(1,)).chosen is True
    assert Fire("A", "B", driver=True).chosen is False


def test_kinds_and_defaults() -> None:
    """The kind names of the save file and the optional fields' defaults (issue 14)."""
    assert set(KINDS) == {"leadership", "order", "move", "watch", "pass", "ahead", "mount", "march", "conceal", "stay",
                          "opportunity", "let_pass", "paint", "fire", "squad_fire", "smoke", "self_destruct",
                          "end_turn"}
    assert KINDS["fire"] is Fire and KINDS["let_pass"] is LetPass
    f = Fire("A")
    assert (f.target, f.driver, f.weapons, f.shells, f.second, f.second_weapons) == (None, False, None, (), None, ())
    m = Move("A", GravMove())
    assert (m.dismount, m.ram) == (False, None)
    assert Paint("A").target is None
    assert Pass("P").after is None  # the side's next platoon, as every save before session 50 means


def test_illegal_action_fields() -> None:
    """IllegalAction keeps the rule and the reason, and reads 'rule: reason'."""
    e = IllegalAction("CEN-X-1", "why")
    assert (e.rule, e.reason, str(e)) == ("CEN-X-1", "why", "CEN-X-1: why")
    assert isinstance(e, ValueError)


# --- the save codec ---


def test_to_data_exact_forms() -> None:
    """The plain-data forms: unused optional fields left out (older saves stay the same)."""
    assert action_to_data(Leadership(2)) == {"kind": "leadership", "points": 2}
    assert action_to_data(EndTurn()) == {"kind": "end_turn"}
    assert action_to_data(Fire("A")) == {"kind": "fire", "unit": "A", "target": None}
    assert action_to_data(Paint("A")) == {"kind": "paint", "unit": "A", "target": None}
    assert action_to_data(Fire("A", "B", driver=True, weapons=(0, 1), shells=((0, "APDS"),), second="C",
                               second_weapons=(2,))) == {
        "kind": "fire", "unit": "A", "target": "B", "driver": True, "weapons": [0, 1], "shells": [[0, "APDS"]],
        "second": "C", "second_weapons": [2]}
    assert action_to_data(Fire("A", "B", weapons=())) == {"kind": "fire", "unit": "A", "target": "B", "weapons": []}
    assert action_to_data(Move("T", GravMove(accelerate=1, steps="FL", decelerate=2, ground=True, initial_facing=3,
                                             dig_at=1, take_crater=False))) == {
        "kind": "move", "unit": "T", "dismount": False,
        "move": {"accelerate": 1, "steps": "FL", "decelerate": 2, "ground": True, "initial_facing": 3,
                 "dig_at": 1, "take_crater": False}}
    assert action_to_data(Move("T", GravMove(under_water=True, odd_group_to="bottom"), ram="E"))["move"] == {
        "accelerate": 0, "steps": "", "decelerate": 0, "ground": False, "initial_facing": None, "dig_at": None,
        "take_crater": None, "under_water": True, "odd_group_to": "bottom"}
    assert action_to_data(Move("T", GravMove(), ram="E"))["ram"] == "E"


def test_to_data_variant_move() -> None:
    """A variant move: steps spaced, marked variant, positions as lists (VAR-LATERAL, VAR-OCCUPY)."""
    vm = VariantMove(accelerate=1, steps=("F", "SL", "R"), positions=((1, "in"), (2, "out")))
    assert action_to_data(Move("T", vm)) == {
        "kind": "move", "unit": "T", "dismount": False,
        "move": {"accelerate": 1, "steps": "F SL R", "decelerate": 0, "ground": False, "initial_facing": None,
                 "dig_at": None, "take_crater": None, "variant": True, "positions": [[1, "in"], [2, "out"]]}}
    plain = action_to_data(Move("T", VariantMove(steps=("F",), under_water=True, odd_group_to="bottom")))["move"]
    assert "positions" not in plain
    assert (plain["under_water"], plain["odd_group_to"]) == (True, "bottom")


@pytest.mark.parametrize("action", [
    Leadership(0), Leadership(9999), Order(True), Order(False), Watch("A"), Pass("P"), Mount("S", "C"),
    March("S", "0101"), Conceal("S"), OpportunityFire("A", "B", 0), LetPass(), Paint("A"), Paint("A", "B"),
    Fire("A"), Fire("A", "B", driver=True, weapons=(0,), shells=((0, "HEAP"),), second="C", second_weapons=(1,)),
    Fire("A", "B", weapons=()), SquadFire("S", "tvlg", "T"), Smoke("A"), SelfDestruct("A"), EndTurn(),
    Move("T", GravMove(accelerate=2, steps="FFR", decelerate=1, ground=True, initial_facing=5, dig_at=2,
                       take_crater=True, under_water=True, odd_group_to="bottom"), dismount=True, ram="E"),
    Move("T", VariantMove(steps=("SL", "F", "SR"), positions=((0, "out"),), odd_group_to="bottom")),
    Move("T", VariantMove(steps=("F",))),
])
def test_round_trip(action) -> None:
    """action_from_data(action_to_data(a)) == a for every kind (issue 14)."""
    back = action_from_data(action_to_data(action))
    assert back == action and type(back.move if isinstance(back, Move) else back) is type(
        action.move if isinstance(action, Move) else action)


def test_from_data_defaults() -> None:
    """Left-out optional fields take their defaults."""
    assert action_from_data({"kind": "fire", "unit": "A"}) == Fire("A", None, False, None, (), None, ())
    assert action_from_data({"kind": "move", "unit": "T", "move": {}}) == Move("T", GravMove(), False, None)
    assert action_from_data({"kind": "move", "unit": "T", "move": {"variant": False, "steps": "FF"}}) == Move(
        "T", GravMove(steps="FF"))
    assert action_from_data({"kind": "move", "unit": "T", "move": {"variant": True}}) == Move("T", VariantMove())
    assert action_from_data({"kind": "fire", "unit": "A", "weapons": None}) == Fire("A")


def _msg(data, where="action") -> str:
    with pytest.raises(ValueError) as info:
        action_from_data(data, where)
    return str(info.value)


NUM = "a whole number from -9999 to 9999"
TXT = "a text of at most 200 characters"


@pytest.mark.parametrize("data, message", [
    ([1], "act: expected a mapping with a 'kind', got list"),
    ({"kind": "fly"}, "act: unknown kind 'fly'; a decision's kind is one of leadership, order, move, watch, pass, "
                      "ahead, mount, march, conceal, stay, opportunity, let_pass, paint, fire, squad_fire, smoke, "
                      "self_destruct, end_turn"),
    ({}, "act: no 'kind'; a decision's kind is one of leadership"),  # walk of session 30: not "unknown kind None"
    ({"kind": "smoke", "unit": "A", "zz": 1, "aa": 2}, "act: unknown field(s) ['aa', 'zz'] for a smoke action"),
    ({"kind": "smoke"}, "act: field 'unit' is missing"),
    ({"kind": "leadership", "points": 10000}, f"act.points: expected {NUM}, got 10000"),
    ({"kind": "leadership", "points": -10000}, f"act.points: expected {NUM}, got -10000"),
    ({"kind": "leadership", "points": True}, f"act.points: expected {NUM}, got True"),
    ({"kind": "leadership", "points": 10**40}, f"act.points: expected {NUM}, got a number of about 41 digits"),
    ({"kind": "opportunity", "unit": "A", "target": "B", "step": "1"}, f"act.step: expected {NUM}, got '1'"),
    ({"kind": "order", "move_first": 1}, "act.move_first: expected true or false (a bool), got 1"),
    ({"kind": "fire", "unit": "A", "driver": None}, "act.driver: expected true or false (a bool), got None"),
    ({"kind": "smoke", "unit": 5}, f"act.unit: expected {TXT}, got 5"),
    ({"kind": "smoke", "unit": "x" * 201}, f"act.unit: expected {TXT}, got '" + "x" * 76 + "..."),
    ({"kind": "paint", "unit": "A", "target": 3}, f"act.target: expected {TXT} or null, got 3"),
    ({"kind": "move", "unit": "A", "move": {}, "ram": 3}, f"act.ram: expected {TXT} or null, got 3"),
    ({"kind": "fire", "unit": "A", "second": 3}, f"act.second: expected {TXT} or null, got 3"),
    ({"kind": "fire", "unit": "A", "weapons": "01"}, "act.weapons: expected a list of up to 8 weapon indices, got '01'"),
    ({"kind": "fire", "unit": "A", "weapons": list(range(9))},
     "act.weapons: expected a list of up to 8 weapon indices, got [0, 1, 2, 3, 4, 5, 6, 7, 8]"),
    ({"kind": "fire", "unit": "A", "weapons": ["a"]}, f"act.weapons: expected {NUM}, got 'a'"),
    ({"kind": "fire", "unit": "A", "second_weapons": None},
     "act.second_weapons: expected a list of up to 8 weapon indices, got None"),
    ({"kind": "fire", "unit": "A", "shells": [[0]]}, "act.shells: expected a list of [weapon index, shell], got [[0]]"),
    ({"kind": "fire", "unit": "A", "shells": [(0, "AP")]},
     "act.shells: expected a list of [weapon index, shell], got [(0, 'AP')]"),
    ({"kind": "fire", "unit": "A", "shells": [[0, "AP"]] * 9}, "act.shells: expected a list of [weapon index, shell]"),
    ({"kind": "fire", "unit": "A", "shells": "x"}, "act.shells: expected a list of [weapon index, shell], got 'x'"),
    ({"kind": "fire", "unit": "A", "shells": [["0", "AP"]]}, f"act.shells: expected {NUM}, got '0'"),
    ({"kind": "fire", "unit": "A", "shells": [[0, 7]]}, f"act.shells: expected {TXT}, got 7"),
    ({"kind": "move", "unit": "A", "move": []},
     "act.move: expected a mapping of accelerate, steps, decelerate, ground, initial_facing, dig_at, take_crater, "
     "under_water, odd_group_to"),
    ({"kind": "move", "unit": "A", "move": {"speed": 1}}, "act.move: expected a mapping of accelerate"),
    ({"kind": "move", "unit": "A", "move": {"steps": "F" * 601}},
     "act.move.steps: at most 200 steps, got 601 characters"),
    ({"kind": "move", "unit": "A", "move": {"steps": "FX"}}, "act.move.steps: expected letters F, B, L, R, got 'FX'"),
    ({"kind": "move", "unit": "A", "move": {"steps": 5}}, f"act.move.steps: expected {TXT}, got 5"),
    ({"kind": "move", "unit": "A", "move": {"accelerate": "1"}}, f"act.move.accelerate: expected {NUM}, got '1'"),
    ({"kind": "move", "unit": "A", "move": {"ground": 0}}, "act.move.ground: expected true or false (a bool), got 0"),
    ({"kind": "move", "unit": "A", "move": {"initial_facing": "1"}},
     f"act.move.initial_facing: expected {NUM} or null, got '1'"),
    ({"kind": "move", "unit": "A", "move": {"take_crater": 1}},
     "act.move.take_crater: expected true or false (a bool) or null, got 1"),
    ({"kind": "move", "unit": "A", "move": {"variant": 1}}, "act.move.variant: expected true or false (a bool), got 1"),
    ({"kind": "move", "unit": "A", "move": {"variant": True, "steps": "FF SL"}},
     "act.move.steps: unknown step 'FF'; steps are F, B, L, R, SL, SR (a move marked \"variant\": true lists its "
     "steps one by one, separated by spaces: 'F F SL R')"),
    ({"kind": "move", "unit": "A", "move": {"variant": True, "steps": "F X"}},
     "act.move.steps: unknown step 'X'; steps are F, B, L, R, SL, SR"),
    ({"kind": "move", "unit": "A", "move": {"variant": True, "positions": [[0, "up"]]}},
     "act.move.positions: expected a list of [step, 'in' or 'out'], got [[0, 'up']]"),
    ({"kind": "move", "unit": "A", "move": {"variant": True, "positions": [[0, "in", 1]]}},
     "act.move.positions: expected a list of [step, 'in' or 'out']"),
    ({"kind": "move", "unit": "A", "move": {"variant": True, "positions": [(0, "in")]}},
     "act.move.positions: expected a list of [step, 'in' or 'out']"),
    ({"kind": "move", "unit": "A", "move": {"variant": True, "positions": "in"}},
     "act.move.positions: expected a list of [step, 'in' or 'out'], got 'in'"),
    ({"kind": "move", "unit": "A", "move": {"variant": True, "positions": [[i, "in"] for i in range(101)]}},
     "act.move.positions: expected a list of [step, 'in' or 'out']"),
    ({"kind": "move", "unit": "A", "move": {"variant": True, "positions": [["0", "in"]]}},
     f"act.move.positions: expected {NUM}, got '0'"),
])
def test_from_data_refusals(data, message) -> None:
    """Every malformed save field: a ValueError naming the field and the bound (issue 20, G3)."""
    text = _msg(data, "act")
    assert text.startswith(message), text
    if message.endswith(("got list", "characters", "'FX'", "SR", "'F F SL R')", "got 5", "got 0", "got 1",
                         "got True", "got None", "got 10000", "got -10000", "digits", "'1'", "'0'", "got 3",
                         "got 7", "'a'", "'01'", "'in'", "'x'")):
        assert text == message


def test_from_data_where_default() -> None:
    """The default place name is 'action'."""
    with pytest.raises(ValueError, match=r"^action: field 'unit' is missing$"):
        action_from_data({"kind": "smoke"})
    with pytest.raises(ValueError, match=r"^action\.points: "):
        action_from_data({"kind": "leadership", "points": 1.5})


def test_from_data_bounds_accepted() -> None:
    """The bounds themselves are accepted: 9999 either way, 200 characters, 200 steps, 8 weapons, 100 positions."""
    assert action_from_data({"kind": "leadership", "points": -9999}) == Leadership(-9999)
    assert action_from_data({"kind": "smoke", "unit": "x" * 200}) == Smoke("x" * 200)
    assert action_from_data({"kind": "move", "unit": "A", "move": {"steps": "F" * 200}}).move.steps == ("F",) * 200
    assert action_from_data({"kind": "fire", "unit": "A", "weapons": list(range(8))}).weapons == tuple(range(8))
    assert len(action_from_data({"kind": "fire", "unit": "A", "shells": [[0, "AP"]] * 8}).shells) == 8
    mv = action_from_data({"kind": "move", "unit": "A",
                           "move": {"variant": True, "positions": [[i, "in"] for i in range(100)]}}).move
    assert len(mv.positions) == 100


def test_from_data_runs_the_shape_check() -> None:
    """A well-typed but out-of-range field is refused by the shared shape check (HEX-3, issue 20 G3)."""
    with pytest.raises(IllegalAction) as info:
        action_from_data({"kind": "move", "unit": "A", "move": {"initial_facing": 6}}, "act")
    assert info.value.rule == "HEX-3"
    assert info.value.reason == "act.move.initial_facing: a facing is 0 to 5, got 6"


# --- check_action / check_move ---


def _refusal(action, where="action") -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        check_action(action, where)
    return info.value


@pytest.mark.parametrize("action, rule, reason", [
    ("fire", "CEN-SEQ-1", "a: not an action: 'fire'"),
    (GravMove(), "CEN-SEQ-1", "a: not an action: GravMove("),
    (Leadership("2"), "CEN-INI-1", f"a.points: expected {NUM}, got '2'"),
    (Order(1), "CEN-INI-1", "a.move_first: expected true or false (a bool), got 1"),
    (Watch(1), "CEN-OPP-1", f"a.unit: expected {TXT}, got 1"),
    (Pass(None), "CEN-INI-2", f"a.platoon: expected {TXT}, got None"),
    (Mount("S", 2), "CEN-MNT-1", f"a.carrier: expected {TXT}, got 2"),
    (March("S", 2), "CEN-INF-1", f"a.hex: expected {TXT}, got 2"),
    (Conceal(2), "CEN-CMB-1", f"a.squad: expected {TXT}, got 2"),
    (OpportunityFire("A", "B", 10000), "CEN-OPP-1", f"a.step: expected {NUM}, got 10000"),
    (Paint("A", 3), "CEN-SEQ-3", f"a.target: expected {TXT} or null, got 3"),
    (Fire("A", "B", driver=1), "CEN-SEQ-3", "a.driver: expected true or false (a bool), got 1"),
    (Fire("A", "B", weapons=[0]), "CEN-SEQ-3", "a.weapons: expected a tuple, got [0]"),
    (Fire("A", "B", weapons=tuple(range(9))), "CEN-SEQ-3", "a.weapons: expected a list of up to 8 weapon indices"),
    (Fire("A", "B", weapons=(True,)), "CEN-SEQ-3", f"a.weapons: expected {NUM}, got True"),
    (Fire("A", "B", second_weapons=None), "CEN-SEQ-3", "a.second_weapons: expected a tuple, got None"),
    (Fire("A", "B", shells=((0, 5),)), "CEN-SEQ-3", f"a.shells: expected {TXT}, got 5"),
    (Fire("A", "B", shells=((0,),)), "CEN-SEQ-3", "a.shells: expected a list of [weapon index, shell], got [[0]]"),
    (Fire("A", "B", shells=[[0, "AP"]]), "CEN-SEQ-3", "a.shells: expected a tuple, got [[0, 'AP']]"),
    (SquadFire("S", 1, "T"), "CEN-SEQ-3", f"a.weapon: expected {TXT}, got 1"),
    (Smoke(None), "CEN-SEQ-1", f"a.unit: expected {TXT}, got None"),
    (SelfDestruct(1), "VAR-SELFDESTRUCT", f"a.unit: expected {TXT}, got 1"),
    (Move("A", GravMove(), dismount=1), "CEN-GRAV-1", "a.dismount: expected true or false (a bool), got 1"),
    (Move("A", GravMove(), ram=1), "CEN-GRAV-1", f"a.ram: expected {TXT} or null, got 1"),
    (Move(1, GravMove()), "CEN-GRAV-1", f"a.unit: expected {TXT}, got 1"),
    (Move("A", "FF"), "CEN-GRAV-1", "a.move: expected a GravMove (or a VariantMove), got 'FF'"),
])
def test_check_action_refusals(action, rule, reason) -> None:
    """The shape check names the kind's rule and the field (issue 20, G3)."""
    e = _refusal(action, "a")
    assert e.rule == rule
    assert e.reason.startswith(reason), e.reason
    if reason.endswith(("got 1", "got 2", "got 3", "got 5", "got None", "got True", "got 10000", "'2'", "'FF'",
                        "[0]", "[[0]]", "'AP']]")):
        assert e.reason == reason


def test_check_action_accepts_every_kind() -> None:
    """Well-formed actions of every kind pass, including the bounds (issue 20, G3)."""
    for a in (Leadership(9999), Leadership(-9999), Order(False), Watch("x" * 200), Pass("P"), Mount("S", "C"),
              March("S", "0101"), Conceal("S"), OpportunityFire("A", "B", 0), LetPass(), Paint("A"), Paint("A", "B"),
              Fire("A"), Fire("A", "B", True, tuple(range(8)), ((0, "AP"),) * 8, "C", (1,)), SquadFire("S", "tvlg", "T"),
              Smoke("A"), SelfDestruct("A"), EndTurn(), Move("A", GravMove(), True, "E"),
              Move("A", VariantMove(steps=("SL", "SR", "F", "B", "L", "R"), positions=((200, "in"), (0, "out"))))):
        assert check_action(a) is None


def _move_refusal(move) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        check_move(move, "m")
    return info.value


def _gm(**kw) -> GravMove:
    """A GravMove with raw field values set after construction (as a hostile caller could)."""
    mv = GravMove()
    for k, v in kw.items():
        object.__setattr__(mv, k, v)
    return mv


def _vm(**kw) -> VariantMove:
    mv = VariantMove()
    for k, v in kw.items():
        object.__setattr__(mv, k, v)
    return mv


@pytest.mark.parametrize("move, rule, reason", [
    (_gm(accelerate=-1), "CEN-GRAV-1",
     "m.accelerate: acceleration and deceleration are whole thrust points, 0 or more (at most 9999), got -1"),
    (_gm(accelerate=10000), "CEN-GRAV-1", "m.accelerate: acceleration and deceleration are whole thrust points, "
                                          "0 or more (at most 9999), got 10000"),
    (_gm(decelerate=True), "CEN-GRAV-1", "m.decelerate: acceleration and deceleration are whole thrust points, "
                                         "0 or more (at most 9999), got True"),
    (_gm(decelerate=1.0), "CEN-GRAV-1", "m.decelerate: acceleration and deceleration are whole thrust points, "
                                        "0 or more (at most 9999), got 1.0"),
    (_gm(steps=("F",) * 201), "CEN-GRAV-2", "m.steps: at most 200 steps, got ("),
    (_gm(steps=["F"]), "CEN-GRAV-2", "m.steps: at most 200 steps, got ['F']"),
    (_gm(steps=("F", "SL")), "CEN-GRAV-2", "m.steps: unknown step 'SL'; steps are F, B, L, R"),
    (_gm(steps=("F", 1, "X")), "CEN-GRAV-2", "m.steps: unknown step 1; steps are F, B, L, R"),
    (_vm(steps=("SR", "X")), "CEN-GRAV-2", "m.steps: unknown step 'X'; steps are F, B, L, R, SL, SR"),
    (_gm(ground=1), "CEN-GRD-1", "m.ground: expected true or false, got 1"),
    (_gm(under_water=None), "CEN-GRD-2", "m.under_water: expected true or false, got None"),
    (_gm(initial_facing=6), "HEX-3", "m.initial_facing: a facing is 0 to 5, got 6"),
    (_gm(initial_facing=-1), "HEX-3", "m.initial_facing: a facing is 0 to 5, got -1"),
    (_gm(initial_facing=True), "HEX-3", "m.initial_facing: a facing is 0 to 5, got True"),
    (_gm(dig_at=201), "CEN-CRT-1", "m.dig_at: a step index from 0 to 200, got 201"),
    (_gm(dig_at=-1), "CEN-CRT-1", "m.dig_at: a step index from 0 to 200, got -1"),
    (_gm(take_crater=0), "CEN-CRT-1", "m.take_crater: expected true, false or null, got 0"),
    (_gm(odd_group_to="back"), "CEN-SPD-2", "m.odd_group_to: 'front' or 'bottom', got 'back'"),
    (_vm(positions=((201, "in"),)), "VAR-OCCUPY", "m.positions: (step, 'in' or 'out'), got (201, 'in')"),
    (_vm(positions=((-1, "out"),)), "VAR-OCCUPY", "m.positions: (step, 'in' or 'out'), got (-1, 'out')"),
    (_vm(positions=((0, "up"),)), "VAR-OCCUPY", "m.positions: (step, 'in' or 'out'), got (0, 'up')"),
    ("FF", "CEN-GRAV-1", "m: expected a GravMove (or a VariantMove), got 'FF'"),
])
def test_check_move_refusals(move, rule, reason) -> None:
    """Each bad move field: the rule and the field named, with its bound (CEN-GRAV-1, -2, HEX-3, CEN-CRT-1)."""
    e = _move_refusal(move)
    assert e.rule == rule
    assert e.reason.startswith(reason), e.reason
    if not reason.endswith("got ("):
        assert e.reason == reason


def test_check_move_bounds_accepted() -> None:
    """The bounds themselves pass: thrust 0 and 9999, 200 steps, facing 0 and 5, dig at 0 and 200."""
    for mv in (_gm(accelerate=0, decelerate=9999), _gm(accelerate=9999, decelerate=0), _gm(steps=("B",) * 200),
               _gm(initial_facing=0, dig_at=0, take_crater=False), _gm(initial_facing=5, dig_at=200, take_crater=True),
               _gm(odd_group_to="bottom", under_water=True, ground=True), _vm(positions=((0, "in"), (200, "out")))):
        assert check_move(mv) is None


def test_check_move_default_where() -> None:
    """The default place name is 'move'."""
    with pytest.raises(IllegalAction, match=r"^HEX-3: move\.initial_facing: a facing is 0 to 5, got 9$"):
        check_move(_gm(initial_facing=9))
    with pytest.raises(IllegalAction, match=r"^CEN-SEQ-1: action: not an action: 3$"):
        check_action(3)


def test_seed_refusal() -> None:
    """A seed is a whole number from -2**63 to 2**63 - 1 (issue 20, G3)."""
    for ok in (0, -(2**63), 2**63 - 1):
        assert seed_refusal(ok) is None
    msg = "the seed is a whole number from -2**63 to 2**63 - 1, got "
    assert seed_refusal(2**63) == msg + str(2**63)
    assert seed_refusal(-(2**63) - 1) == msg + str(-(2**63) - 1)
    assert seed_refusal(True) == msg + "True"
    assert seed_refusal("1") == msg + "'1'"
    assert seed_refusal(10**31) == msg + "a number of about 32 digits"
    assert seed_refusal(-(10**30)) == msg + str(-(10**30))
    assert seed_refusal(10**5000) == msg + "a number of about over 4000 digits"


@pytest.mark.parametrize("action, text", [
    (Leadership(2), "lead 2"),
    (Order(True), "order first"),
    (Order(False), "order last"),
    (Watch("R11"), "watch R11"),
    (Pass("P2"), "pass P2"),
    (Pass("Renegade 1st Platoon"), "pass 'Renegade 1st Platoon'"),
    (Pass("P2", "P4"), "pass P2 P4"),
    (Ahead("P4"), "ahead P4"),
    (Stay("S1"), "stay S1"),
    (Mount("S1", "R12"), "mount S1 R12"),
    (March("S1", "1205"), "march S1 1205"),
    (Conceal("S1"), "conceal S1"),
    (OpportunityFire("R11", "B21", 3), "opp R11 B21 3"),
    (LetPass(), "letpass"),
    (Paint("R11", "B21"), "paint R11 B21"),
    (Paint("R11"), "paint R11"),
    (Fire("R11"), "fire R11"),
    (SquadFire("S1", "tvlg", "B21"), "sfire S1 tvlg B21"),
    (Smoke("R11"), "smoke R11"),
    (SelfDestruct("R11"), "destruct R11"),
    (EndTurn(), "end"),
])
def test_str_is_the_readme_notation(action, text) -> None:
    """`str(action)` is the notation of the README table (issue 23)."""
    assert str(action) == text


def test_messages_cut_at_300_characters() -> None:
    """A message quoting a huge bad value is cut to 300 characters (issue 20, G3)."""
    long = "x" * 400
    assert _msg({"kind": long}).startswith("action: unknown kind '" + "x" * 40 + "';")  # the kind cut to 40
    for data in ({"kind": "fire", "unit": "A", "weapons": long},
                 {"kind": "fire", "unit": "A", "shells": long},
                 {"kind": "move", "unit": "A", "move": {"variant": True, "positions": long}}):
        assert len(_msg(data)) == 300


def test_unknown_fields_lists_five() -> None:
    """At most five unknown field names are quoted."""
    data = {"kind": "smoke", "unit": "A", **{k: 1 for k in "abcdef"}}
    assert _msg(data) == "action: unknown field(s) ['a', 'b', 'c', 'd', 'e'] for a smoke action"


def test_variant_steps_every_letter() -> None:
    """A variant move's steps: F, B, L, R, SL, SR, with the other fields kept (VAR-LATERAL, CEN-MNT-1, VAR-RAM)."""
    act = Move("T", VariantMove(steps=("F", "B", "L", "R", "SL", "SR")), dismount=True, ram="E")
    assert action_from_data(action_to_data(act)) == act
    assert action_from_data({"kind": "move", "unit": "T", "dismount": True, "ram": "E",
                             "move": {"variant": True, "steps": "B L R"}}) == Move(
        "T", VariantMove(steps=("B", "L", "R")), True, "E")
    # a text longer than 200 characters is fine for steps: 150 steps spaced out are 299 characters
    many = action_from_data({"kind": "move", "unit": "T", "move": {"variant": True, "steps": " ".join(["F"] * 150)}})
    assert many.move.steps == ("F",) * 150


def test_variant_hint_for_unspaced_letters() -> None:
    """The hint about spacing is given when the bad step is made of the letters F, B, L, R only."""
    assert _msg({"kind": "move", "unit": "A", "move": {"variant": True, "steps": "FBLR"}}) == (
        "action.move.steps: unknown step 'FBLR'; steps are F, B, L, R, SL, SR (a move marked \"variant\": true lists "
        "its steps one by one, separated by spaces: 'F F SL R')")


def test_grav_steps_all_four_letters() -> None:
    """A grav move's steps text may use all four letters F, B, L, R (CEN-GRAV-2)."""
    assert action_from_data({"kind": "move", "unit": "A", "move": {"steps": "FBLR"}}).move.steps == ("F", "B", "L", "R")


def test_600_letters_refused_by_the_step_bound() -> None:
    """600 letters pass the text cap (3 x 200) and are refused by the 200-step bound (CEN-GRAV-2)."""
    with pytest.raises(IllegalAction) as info:
        action_from_data({"kind": "move", "unit": "A", "move": {"steps": "F" * 600}})
    assert info.value.rule == "CEN-GRAV-2"
    assert info.value.reason.startswith("action.move.steps: at most 200 steps, got ('F', ")


def test_short_value_edges() -> None:
    """A quoted value of 80 characters is kept whole, 81 are cut to 77 plus '...'; huge numbers by digit count."""
    msg = "the seed is a whole number from -2**63 to 2**63 - 1, got "
    assert seed_refusal("y" * 78) == msg + "'" + "y" * 78 + "'"
    assert seed_refusal("y" * 79) == msg + "'" + "y" * 76 + "..."
    assert seed_refusal(10**4000 - 1) == msg + "a number of about 4000 digits"
    assert seed_refusal(10**4000) == msg + "a number of about over 4000 digits"


def test_shell_entries_must_be_pairs() -> None:
    """A shells entry that is not an (index, shell) pair is refused as such, even a two-letter text (book-a §8.3)."""
    e = _refusal(Fire("A", "B", shells=("AP",)), "a")
    assert (e.rule, e.reason) == ("CEN-SEQ-3", "a.shells: expected a list of [weapon index, shell], got ['AP']")
