"""The phase table dispatches a decision by phase and action type (issue 23, game/dispatch.py)."""

from dataclasses import dataclass

import pytest

from centurion.dice import Dice
from centurion.game.actions import IllegalAction
from centurion.game.dispatch import PhaseRules, PhaseTable


@dataclass(frozen=True)
class Go:
    n: int


@dataclass(frozen=True)
class Stop:
    pass


@dataclass(frozen=True)
class FastGo(Go):
    pass


def _table() -> PhaseTable:
    go = PhaseRules("run", legal=lambda s: [Go(1), Stop()],
                    apply={Go: lambda s, a, d: s + a.n, Stop: lambda s, a, d: -s})

    def check(s, a):
        if s > 5:
            raise IllegalAction("X-1", "too far")

    rest = PhaseRules("rest", legal=lambda s: [Stop()], apply={Stop: lambda s, a, d: 0}, check=check, rule="X-2")
    return PhaseTable.of([go, rest])


def test_apply_by_phase_and_type():
    t = _table()
    assert t.apply(3, "run", Go(2), Dice(0)) == 5
    assert t.apply(3, "run", Stop(), Dice(0)) == -3
    assert t.apply(3, "rest", Stop(), Dice(0)) == 0
    assert t.apply(3, "run", FastGo(4), Dice(0)) == 7  # a subtype uses its base's handler


def test_refusals_name_the_rule():
    t = _table()
    with pytest.raises(IllegalAction) as e:
        t.check(0, "rest", Go(1))
    assert e.value.rule == "X-2"
    with pytest.raises(IllegalAction) as e:
        t.check(9, "rest", Stop())
    assert e.value.rule == "X-1"
    t.check(1, "rest", Stop())  # accepted: no exception
    with pytest.raises(IllegalAction) as e:
        t.legal(0, "nowhere")
    assert e.value.rule == "CEN-SEQ-1"
    assert t.legal(0, "run") == [Go(1), Stop()]


def test_a_phase_registers_once():
    t = _table()
    with pytest.raises(ValueError):
        t.register(PhaseRules("run", legal=lambda s: [], apply={}))
