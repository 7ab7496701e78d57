"""Issue 23, items 1-2: Centurion's phases as modules behind one PhaseTable, variants at game-layer extension points.

The expected structure comes from the issue (docs/architecture.md, "The game layer"): one module per phase of the
turn (CEN-SEQ-1), each registered once; no phase module imports another or asks which variant switch is on.
"""

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from centurion.dice import Dice
from centurion.game import Skirmish, new_skirmish
from centurion.game.dispatch import PhaseRules, PhaseTable
from centurion.game.hooks import BASIC_GAME, BasicGame
from centurion.game.variant_hooks import VariantGame, game_rules_of

GAME = Path(__file__).resolve().parents[1] / "centurion" / "game"
PHASES = sorted((GAME / "phases").glob("*.py"))


def test_issue23_every_phase_of_the_turn_is_registered_once():
    # CEN-SEQ-1: initiative, order, movement (with opportunity), painting, fire, end
    assert set(Skirmish.table.phases) == {"initiative", "order", "movement", "opportunity", "painting", "fire",
                                          "end"}


def test_issue23_a_phase_enters_and_closes_through_the_table():
    @dataclass(frozen=True)
    class Go:
        pass

    log: list[str] = []
    a = PhaseRules("a", legal=lambda s: [Go()], apply={Go: lambda s, act, d: s + 1},
                   close=lambda s, d: log.append("closed a") or t.enter(s, "b", d))
    b = PhaseRules("b", legal=lambda s: [], apply={}, enter=lambda s, d: log.append("entered b") or s * 10)
    t = PhaseTable.of([a, b])
    assert t.close(2, "a", Dice(0)) == 20 and log == ["closed a", "entered b"]
    with pytest.raises(ValueError):
        t.enter(2, "a", None)  # no enter step registered
    with pytest.raises(ValueError):
        t.close(2, "b", None)


def test_issue23_the_game_layer_plug_in_is_chosen_once_from_the_rule_set():
    assert game_rules_of(()) is BASIC_GAME
    assert game_rules_of(("VAR-SHIELD",)) is BASIC_GAME  # an engine-only switch: rules/hooks.py plays it
    init = game_rules_of(("VAR-INIT",))
    assert isinstance(init, VariantGame) and game_rules_of(("VAR-INIT",)) is init
    s = new_skirmish("meeting", seed=0, variants=("VAR-INIT",))
    assert s.game_rules is init and new_skirmish("meeting", seed=0).game_rules is BASIC_GAME


def test_issue23_basic_game_answers_as_the_basic_rules():
    s = new_skirmish("meeting", seed=0)
    g = BasicGame()
    assert g.speed_table(s, "R11") is None and g.driver_may_fire(s, s.vehicle("R11")) is False
    assert g.pass_actions(s) == [] and g.ram_options(s, "R11", []) == [] and g.self_destruct_actions(s) == []
    assert g.position_refusal(s).rule == "VAR-OCCUPY"
    assert g.refusal_rule(s, "CEN-SEQ-2", "movement") == "CEN-SEQ-2"
    assert game_rules_of(("VAR-INIT",)).refusal_rule(s, "CEN-SEQ-2", "movement") == "VAR-INIT"


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
            if node.module is None:
                out.update("." * node.level + a.name for a in node.names)
    return out


def test_issue23_no_phase_module_imports_another_phase_module():
    names = {p.stem for p in PHASES} - {"__init__"}
    for p in PHASES:
        bad = {i for i in _imports(p) if i.startswith(".") and not i.startswith("..") and i.strip(".") in names}
        assert bad == set(), p.name


def test_issue23_the_skirmish_and_its_phases_never_ask_which_switch_is_on():
    for p in [GAME / "skirmish.py", GAME / "state.py", *PHASES]:
        text = p.read_text()
        assert ".enabled(" not in text and "vinit" not in text and "activation" not in _imports(p), p.name


def test_issue23_the_computer_opponent_asks_no_switch_either():
    """The bot weighs variant decisions through the game's hooks (bot_order, bot_ram, bot_end_decision) and the
    rules' damage_chance, never by asking which VAR-* switch is on (MegaMek's scattered option checks)."""
    for p in [GAME / "bot.py", GAME / "bot_move.py"]:
        assert ".enabled(" not in p.read_text(), p.name


def test_issue23_the_bot_hooks_answer_as_the_variants_say():
    from centurion.game import new_skirmish
    from centurion.game.variant_hooks import game_rules_of

    basic = new_skirmish("meeting", seed=1)
    assert basic.game_rules.bot_order(basic) is None and basic.game_rules.bot_end_decision(basic) is None
    assert game_rules_of(("VAR-RAM",)).bot_ram(basic, "R11") is None  # no enemy in reach at the start
    init = new_skirmish("meeting", seed=1, variants=("VAR-INIT",))
    assert game_rules_of(("VAR-INIT",)).bot_order(init) is not None  # who activates first


def test_issue23_game_files_stay_under_600_lines():
    for p in [*GAME.glob("*.py"), *PHASES]:
        assert len(p.read_text().splitlines()) <= 600, p.name
