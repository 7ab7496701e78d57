"""Tests that kill survivors of the modules split from rules/resolution.py by issue 23 (issue 22, docs/mutation.md):
rules/painting, rules/squad_orders and rules/resolution.

The file name matches `test_mutation_rules_resolution*`, so tools/mutation.py runs it for every module split from
rules/resolution (MOVED_FROM). Expected values come from book-a §7 (painting: each attempt its own, a squad paints
on 9 less its casualties), CEN-LOS-1 (a squad on a building floor sees from its hex level + floor; woods block
at ground + 1) and VAR-SPEEDMOD (RULES.md: a target at speed 4-6 is 2 harder to hit), not from the code.
"""

from __future__ import annotations

from dataclasses import replace

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.grav import Refusal
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import (
    CombatUnit,
    PaintResult,
    SquadOrder,
    combat_phase,
    declare_squad_fire,
    resolve_painting,
)
from centurion.variants.ruleset import RuleSet

V = vehicle_types()
MAP = map_from_rows(["........"] * 12)
# heavy woods in 0207, between a squad in 0205 and a target in 0209 (column 02)
WOODS_BETWEEN = map_from_rows(["........"] * 6 + [".h......"] + ["........"] * 5)


def unit(key, side, label, facing=0, vehicle=None, **kw):
    sheet = RecordSheet.of(V[vehicle]) if vehicle else None
    return CombatUnit(key, side, parse_label(label), facing, sheet, **kw)


def pair():
    return {"hor": unit("hor", "TOG", "0210", 0, "horatius"), "lib": unit("lib", "RL", "0205", 1, "liberator")}


# --- painting: a refused attempt does not end the others (book-a §7) ----------------------------------------------


def test_CMB1_a_refused_paint_does_not_stop_the_next_pair():
    """book-a §7: every painting attempt is declared and resolved on its own. A pair refused because the target is
    not a vehicle, because one of them is under water (CEN-GRD-2) or because the painter cannot paint
    (book-a 13.2) is reported, and the next pair in the list is still rolled (d10 1 paints)."""
    base = pair()
    dead = unit("dead", "TOG", "0209", 0, "horatius")
    dead = replace(dead, sheet=replace(dead.sheet, exploded=True))
    cases = (
        ({"sq": unit("sq", "RL", "0206", men=8)}, ("hor", "sq"), "CEN-CMB-1", "not a vehicle"),
        ({"sub": replace(unit("sub", "RL", "0206", 0, "liberator"), submerged=True)}, ("hor", "sub"), "CEN-GRD-2",
         "under water"),
        ({"dead": dead}, ("dead", "lib"), "CEN-CMB-1", "cannot paint"),
    )
    for extra, first, rule, why in cases:
        live, (refused, second) = resolve_painting(MAP, {**base, **extra}, [first, ("hor", "lib")],
                                                   Dice.scripted([1]))
        assert isinstance(refused, Refusal) and refused.rule == rule and why in refused.reason, first
        assert isinstance(second, PaintResult) and second.painted, first
        assert live["lib"].painted_by == ("hor",), first


# --- a squad on a building floor paints from its height (CEN-LOS-1, book-b 2.7) ----------------------------------


def test_LOS1_a_squad_on_a_building_floor_paints_over_woods():
    """CEN-LOS-1: heavy woods at ground 0 block at height 1. A squad on floor 2 sees from level 2, over the woods,
    and paints the Liberator 4 hexes off on 9 (8 men, book-a §7.3): the d10 1 paints it, logged under the
    painting rule with who paints whom at what range. The same squad on the ground does not see it."""
    lib = unit("lib", "RL", "0209", 0, "liberator")
    high = {"sq": unit("sq", "TOG", "0205", men=8, level=2), "lib": lib}
    live, (r,) = resolve_painting(WOODS_BETWEEN, high, [("sq", "lib")], Dice.scripted([1]))
    assert isinstance(r, PaintResult) and r.painted and live["lib"].painted_by == ("sq",)
    assert r.roll.target == 9 and r.roll.rule == "CEN-CMB-1"
    assert "sq" in r.roll.purpose and "lib" in r.roll.purpose and "range 4" in r.roll.purpose
    low = {"sq": unit("sq", "TOG", "0205", men=8), "lib": lib}
    live, (r,) = resolve_painting(WOODS_BETWEEN, low, [("sq", "lib")], Dice.scripted([1]))
    assert isinstance(r, Refusal) and r.rule == "CEN-LOS-1" and live["lib"].painted_by == ()


# --- a squad's fire takes the variant rules (VAR-SPEEDMOD) --------------------------------------------------------


def test_SPEEDMOD_a_squad_order_at_a_moving_vehicle_takes_the_speed():
    """VAR-SPEEDMOD: a vehicle moving at 5 is 2 harder to hit for a squad's personal weapons and TVLGs too, both
    when the order is declared (`declare_squad_fire`) and in the Combat Phase (`combat_phase`, d10s of 10 all miss)."""
    rules = RuleSet.from_names(["VAR-SPEEDMOD"])
    units = {"sq": unit("sq", "RL", "0205", men=8), "hor": unit("hor", "TOG", "0208", 0, "horatius", velocity=5)}
    for action in ("personal", "tvlg"):
        order = SquadOrder("sq", action, "hor", count=1 if action == "tvlg" else None)
        plain = declare_squad_fire(MAP, units, order)
        fast = declare_squad_fire(MAP, units, order, rules=rules)
        assert not isinstance(plain, Refusal) and not isinstance(fast, Refusal), action
        assert fast.to_hit.value == plain.to_hit.value - 2, action
        basic = combat_phase(MAP, units, [order], Dice.scripted([10] * 8))
        res = combat_phase(MAP, units, [order], Dice.scripted([10] * 8), rules=rules)
        assert res.rolls[0].target == basic.rolls[0].target - 2 == plain.to_hit.value - 2, action
