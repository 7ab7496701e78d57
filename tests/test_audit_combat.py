"""Issue 20, combat audit (shared/audits/combat.md): one test (or more) per finding, named after its ID.

Expected values come from the rulebook digests (book-a, book-b), RULES.md and the audit's worked set-ups.
"""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_game import passive  # noqa: E402

import centurion.game.skirmish as skirmish_module  # noqa: E402
from centurion.data import map_from_rows, vehicle_types  # noqa: E402
from centurion.dice import Dice  # noqa: E402
from centurion.game import Move, new_skirmish  # noqa: E402
from centurion.hexgrid import neighbor, parse_label  # noqa: E402
from centurion.rules import GravMove  # noqa: E402
from centurion.rules.damage import cross_rowwise  # noqa: E402
from centurion.rules.grav import Refusal  # noqa: E402
from centurion.rules.record import CrewMember, RecordSheet  # noqa: E402
from centurion.rules.resolution import CombatUnit, declare_weapons_fire, finish_fire, resolve_painting  # noqa: E402
from centurion.rules.targets import Attack, TargetView  # noqa: E402

V = vehicle_types()


def _to(s, phase: str, unit: str | None = None):
    """Play passively until `phase` (and, in movement, until `unit` is among the movers)."""
    while not (s.phase == phase and (unit is None or any(v.key == unit for v in s.movers()))):
        s = s.apply(passive(s))
    return s


def _put(s, key: str, **changes):
    """The state with one vehicle changed (caches emptied)."""
    return replace(s, vehicles=s._with_vehicle(replace(s.vehicle(key), **changes)))._fresh()


# --- C3: a submerged vehicle neither fires, paints nor is fired on (CEN-GRD-2) ------------------------------
def test_C3_submerged_vehicle_cannot_fire_or_paint_engine():
    rows = ["........"] * 12
    rows[9] = "...w...."
    m = map_from_rows(rows)
    u = {"hor": CombatUnit("hor", "TOG", parse_label("0410"), 0, RecordSheet.of(V["horatius"]), submerged=True),
         "lib": CombatUnit("lib", "RL", parse_label("0404"), 3, RecordSheet.of(V["liberator"]))}
    p = declare_weapons_fire(m, u, "hor", [Attack(0, "lib", shell="HEAP")])
    assert isinstance(p, Refusal) and p.rule == "CEN-GRD-2"
    _live, res = resolve_painting(m, u, [("hor", "lib")], Dice.scripted([1]))
    assert isinstance(res[0], Refusal) and res[0].rule == "CEN-GRD-2"
    p = declare_weapons_fire(m, u, "lib", [Attack(0, "hor", shell="HEAP")])
    assert isinstance(p, Refusal) and p.rule == "CEN-GRD-2"


def test_C3_submerged_vehicle_in_the_skirmish():
    s = _to(new_skirmish("meeting", seed=0), "fire")
    m = s.battlemap
    t11 = s.vehicle("T11")
    lake = min((h for h in m.hexes if m[h].terrain == "lake"),
               key=lambda h: sum(abs(a - b) for a, b in zip(h, t11.hex, strict=True)))
    near = neighbor(neighbor(lake, 0), 0)
    s = _put(s, "R11", hex=lake, velocity=0, grounded=True, submerged=True)
    s = _put(s, "T11", hex=near, facing=3)
    assert s.combat_units()["R11"].submerged
    assert not [a for a in s.fire_actions("T11") if getattr(a, "target", None) == "R11"]
    assert not [a for a in s.fire_actions("R11") if getattr(a, "target", None)]
    assert s.attack_set(s.vehicle("T11"), "R11") is None
    assert not [a for a in s.paint_actions("R11") if getattr(a, "target", None)]
    assert "R11" not in s._firers("renegade") and "R11" not in s._painters("renegade")


# --- C7: painting negates the shield for infantry personal weapons and close assault (book-a §10.2) ---------
def test_C7_painting_negates_the_shield_for_personal_weapons_and_close_assault():
    from centurion.rules.infantry_fire import SquadAction, SquadView, squad_fire

    m = map_from_rows(["........"] * 12)
    shields = {"front": 7, "left": 5, "right": 5, "stern": 5}
    for painted in (False, True):
        tgt = TargetView("lib", parse_label("0405"), 0, shields=shields, painted=painted)
        personal = squad_fire(m, SquadView("sq", parse_label("0407"), 8), SquadAction("personal", tgt)).to_hit
        tvlg = squad_fire(m, SquadView("sq", parse_label("0407"), 8), SquadAction("tvlg", tgt)).to_hit
        close = squad_fire(m, SquadView("sq", parse_label("0405"), 8), SquadAction("personal", tgt)).to_hit
        if painted:  # the shield term is gone from all three: personal and TVLG roll alike at range 2
            assert personal.value == tvlg.value == 11
            assert close.value == 12  # base 12 in the same hex, no shield, terrain ignored
        else:
            assert personal.value == 11 - 5 and close.value == 12 - 5


# --- C8: finish_fire counts the squad's starting strength (book-a 14.1, docs/decisions.md) ------------------
def test_C8_six_man_squad_losing_three_keeps_three():
    sq = CombatUnit("sq", "RL", parse_label("0303"), men=6, pending_casualties=3)
    out, _rep, cas = finish_fire({"sq": sq}, Dice.scripted([]))
    assert out["sq"].men == 3 and cas == {"sq": 3}
    # a squad of 8 at the start, 3 lost earlier, 2 more now: 5 killed -> destroyed
    sq = CombatUnit("sq", "RL", parse_label("0303"), men=5, pending_casualties=2, started=8)
    out, _rep, _cas = finish_fire({"sq": sq}, Dice.scripted([]))
    assert out["sq"].men == 0


# --- C12: only an ammunition explosion or the Vehicle Destroyed box scores (book-b §15.2) -------------------
def test_C12_dead_crew_scores_no_points():
    s = new_skirmish("meeting", seed=0)
    t11 = s.vehicle("T11")
    sheet = replace(t11.sheet, crew=tuple(CrewMember(m.role, "dead", 1) for m in t11.sheet.crew))
    s2 = _put(s, "T11", sheet=sheet)
    assert s2.vehicle("T11").destroyed  # out of the game
    assert s2.points("renegade") == s.points("renegade") == 0


# --- C13: one crater covers one vehicle and one infantry unit (CEN-CRT-1) -----------------------------------
def test_C13_one_squad_per_crater():
    s = new_skirmish("village", seed=0)
    h = [h for h in s.battlemap.hexes if s.battlemap[h].counters.count("crater") == 1][0]
    sq = [q for q in s.squads if q.hex is not None][:2]
    s2 = replace(s, squads=tuple(replace(q, hex=h) if q.key in (sq[0].key, sq[1].key) else q
                                 for q in s.squads))._fresh()
    flags = {k: u.crater for k, u in s2.combat_units().items() if u.kind == "infantry" and u.hex == h}
    assert len(flags) == 2 and sum(flags.values()) == 1
    assert flags[min(flags)]  # the first by key takes it (docs/decisions.md)


# --- C15: the Consciousness Roll counts the boxes lost in the whole section (book-a §13.2, book-b §7.6) -----
def test_C15_consciousness_counts_the_whole_section():
    from centurion.rules.internals import apply_internal_damage

    s = RecordSheet.of(V["horatius"])
    s = replace(s, internal_lost=frozenset({("turret", 0), ("turret", 4)}), pending=frozenset({("turret", 10)}))
    out, rep = apply_internal_damage(s, Dice.scripted([6]))  # the default, as the game calls it
    assert rep.rolls[0].target == 8 - 3  # three turret boxes lost in all
    assert out.crew_member("gunner").state == "unconscious"
