"""A whole battle of Centuria under the game API of `centurion.game` (issue 15): the same verbs as a Centurion
skirmish (`legal_actions`, `apply` raising `IllegalAction`, `to_json`/`load`, `over`, `result`, `bot_action`).

The round as the seed has it (CTA-1): one movement phase in which both sides move, one unit at a time, the round's
first side starting and the sides taking turns to start; one combat phase with every attack and shot, alternating
the same way; a side ends its part of a phase with `CtaEndPhase`, or the countdown does it (`CtaTimeUp`, sent by
the page when the round's time runs out: the side's units not yet ordered stay). Rally tests open each round after
the first (CTA-MORALE). The battle ends when a side has lost (all its units removed, fled or dissolving, or all its
leaders fallen) or after the last round (a scenario's `holds_out` side wins if it has not lost; otherwise the
side that lost fewer units wins). Decisions in docs/decisions.md, "Centuria battles".

This module holds the state and what is read from it; each phase's decisions, their check and their effect are
in the phase modules (`movement`, `combat`, with `end` and `morale`), found through `table.PHASES` by phase and
action type (issue 23); the save codec is `codec`, a new or loaded battle `start`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from typing import ClassVar

from ...centuria import MARKERS, CenturiaBattle, Event, Exchange
from ...data import BattleMap
from ...data.centuria_scenarios import CenturiaBattleSpec
from ...dice import Dice
from ...rules.grav import Refusal
from ...rules.victory import victory_level
from ..actions import IllegalAction
from ..base import GameState, Result
from ..enums import Phase
from ..wording import plural
from . import combat, movement
from .actions import CtaAction, CtaAttack, CtaMove, CtaShoot, check_shape
from .codec import SYSTEM, dump
from .table import PHASES

CENTURIA_RULES_EDITION = 2  # 2 (session 54): the legatus' fall shakes his whole army (K3), a flight in a wave of
# morale tests sets off trigger (a) (K9); a save or stored battle of an earlier edition replays under its own


@dataclass(frozen=True, eq=False)  # equality and hashing by position: GameState's `__eq__` and `__hash__`
class CenturiaSkirmish(GameState):
    """One battle of Centuria (see the module docstring); create it with `new_centuria_skirmish`."""

    scenario: CenturiaBattleSpec
    seed: int
    variants: tuple[str, ...]
    history: tuple[CtaAction, ...]
    battle: CenturiaBattle
    log: tuple[str, ...] = ()
    result: Result | None = None
    rules_edition: int = CENTURIA_RULES_EDITION  # the rules it is played under (1: a battle begun before session 54)
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    system = SYSTEM
    over_rule: ClassVar[str] = "CTA-1"
    over_text: ClassVar[str] = "the battle is over"

    # --- equality and hashing (issue 23): the position, not the way it was reached ----------------------------
    def _state_key(self) -> tuple:
        """What makes two battles equal: all but the record (history, logs) and caches, plus the number of
        decisions taken (the next decision's dice depend on it)."""
        b = self.battle
        return (self.scenario, self.seed, self.variants, len(self.history), self.result, self.rules_edition,
                tuple(getattr(b, f.name) for f in fields(b) if f.name not in ("log", "_cache")))

    def _hash_key(self) -> tuple:
        """Part of `_state_key`, cheap to hash: equal battles hash alike."""
        b = self.battle
        return (self.seed, self.variants, len(self.history), self.result is None, b.round,
                b.phase, b.active_side, b.pieces, b.moved, b.attacked, b.shots, b.passed)

    # --- views -------------------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the battle has ended."""
        return self.result is not None

    @property
    def turn(self) -> int:
        """The round (CTA-1); after the last round, the last."""
        return min(self.battle.round, self.scenario.round_limit)

    @property
    def phase(self) -> Phase:
        """movement, combat, or over (a str-valued enum, issue 23)."""
        return Phase.OVER if self.over else Phase(self.battle.phase)

    @property
    def active(self) -> str | None:
        """The side whose turn it is (None when the battle is over)."""
        return None if self.over else self.battle.active_side

    @property
    def sides(self) -> tuple[str, str]:
        """The two side keys, in scenario order (the first starts round 1)."""
        return (self.battle.sides[0], self.battle.sides[1])

    @property
    def battlemap(self) -> BattleMap:
        """The battle map."""
        return self.battle.map

    @property
    def time_limit_seconds(self) -> int | None:
        """The countdown of a round, None when off (CTA-1)."""
        return self.scenario.time_limit_seconds

    def other(self, side: str) -> str:
        """The opposing side."""
        a, b = self.sides
        return b if side == a else a

    def label(self, side: str | None) -> str:
        """A side's name."""
        return "nobody" if side is None else self.scenario.scenario.sides[side]

    def words(self, text: str) -> str:
        """Text of the rules engine as shown to players: each side key becomes the side's name (CTA-1)."""
        for side in self.sides:
            name = self.label(side)

            def sub(m: re.Match, name: str = name) -> str:
                before = m.string[:m.start()].rstrip()
                mid = before != "" and before[-1] not in ".!?"
                n = "t" + name[1:] if mid and name.startswith("The ") else name
                return (f"{n}'" if n.endswith("s") else f"{n}'s") if m.group(1) else n

            text = re.sub(rf"\b{re.escape(side)}\b('s\b)?", sub, text)
        return text

    def units(self, side: str | None = None) -> list:
        """The fighting units (sub-units and engines, not leaders) of a side, living or not."""
        return [p for p in self.battle.pieces if not p.is_leader and (side is None or p.side == side)]

    def losses(self, side: str) -> int:
        """Units of a side removed so far (sub-units and engines; leaders are not counted) (CTA-COMBAT)."""
        return sum(1 for p in self.units(side) if not p.alive)

    def morale(self) -> dict[str, str]:
        """Every living unit's morale state: intact, idle, dissolving or fleeing (CTA-MORALE)."""
        return {p.id: MARKERS[p.marker] for p in self.units() if p.alive}

    def command(self) -> dict[str, str]:
        """Every living unit's command status: direct, chain or out (CTA-CMD)."""
        return self.battle.command()

    def banner(self) -> str:
        """What is happening now and what may be done, in a sentence for the page."""
        if self.over:
            r = self.result
            if r.winner is None:
                return f"The battle is over: a draw ({r.reason})."
            return f"The battle is over: {r.level} victory for {self.label(r.winner)} ({r.reason})."
        b = self.battle
        what = ("move one unit or leader (a unit must be in command to move), or end your part of the phase "
                "[CTA-1, CTA-MOVE, CTA-CMD]" if b.phase == "movement" else
                "attack with one unit or shoot with one engine, or end your part of the phase [CTA-COMBAT, CTA-ART]")
        clock = "" if self.time_limit_seconds is None else f" Countdown: {self.time_limit_seconds} s a round."
        return (f"Round {b.round} of {self.scenario.round_limit}, {b.phase} phase. {self.label(self.active)}: "
                f"{what}.{clock}")

    # --- legal actions ---------------------------------------------------------------------------------------
    def legal_actions(self) -> list[CtaAction]:
        """Every decision open to the active side now, the list a player (or the bot) chooses from (CTA-1).

        Moves are grouped by where they end: one `CtaMove` per reachable end hex and facing of each unit, by the
        fewest steps. Other step sequences to the same end may be legal too but are not listed: test any action
        with `is_legal(action)`."""
        if self.over:
            return []
        if "legal" not in self._cache:
            self._cache["legal"] = self._legal()
        return list(self._cache["legal"])

    def _legal(self) -> list[CtaAction]:
        """The decisions of the current phase, from its phase module (`table.PHASES`)."""
        return PHASES.legal(self, self.battle.phase)

    def move_actions(self, unit: str) -> tuple[CtaMove, ...]:
        """One move for each end hex and facing the unit can reach now, by the fewest steps (CTA-MOVE); each is
        checked by the engine's `move`."""
        return movement.move_actions(self, unit)

    def why_idle(self, unit: str) -> Refusal | None:
        """Why a piece of the side to decide has no decision now, as the engine refuses it (CTA-MOVE, CTA-CMD,
        CTA-MORALE, CTA-COMBAT, CTA-ART); None when it has one."""
        if any(unit in (getattr(a, "unit", None), getattr(a, "engine", None)) for a in self.legal_actions()):
            return None
        if self.phase == "movement":
            return movement.idle_reason(self, unit)
        if self.phase == "combat":
            return combat.idle_reason(self, unit)
        return Refusal("CTA-1", f"nothing for {unit} to decide in the {self.phase} phase")

    def command_after(self, action: CtaMove) -> str | None:
        """The command status a move would leave the unit in (direct, chain, out), None if it is not legal now —
        for the page to warn before the move is confirmed (CTA-CMD)."""
        return movement.command_after(self, action)

    def command_changes(self, action: CtaMove) -> dict[str, tuple[str, str]]:
        """The side's other units whose command the move would change: {id: (now, after)} (CTA-CMD)."""
        return movement.command_changes(self, action)

    def preview(self, action: CtaAttack | CtaShoot) -> Exchange | None:
        """The exact odds of an attack or shot, only if it can really be made now (CTA-COMBAT, CTA-ART)."""
        return combat.preview(self, action)

    # --- applying a decision: `is_legal` and `apply` are GameState's (game/base.py) ----------------------------
    def _check(self, action: CtaAction) -> None:
        """IllegalAction naming the rule unless `apply` may play `action` now (CTA-1, CTA-MOVE, CTA-COMBAT,
        CTA-ART): its shape, then the check its phase registers for its type (attacks and shots are probed
        without rolling, centuria/checks.py)."""
        if self.over:
            raise IllegalAction(self.over_rule, self.over_text)
        check_shape(action)
        PHASES.check(self, self.battle.phase, action)

    def _entry(self, action: CtaAction) -> str:
        """The log line of a decision: round, phase, side and what it does."""
        b = self.battle
        return f"R{b.round} {b.phase} — {self.label(b.active_side)}: {action.describe()}"

    def _do(self, action: CtaAction, dice: Dice) -> CenturiaSkirmish:
        """The battle after a checked decision, by its phase and type (`table.PHASES`), and whether it has ended."""
        return PHASES.apply(self, self.battle.phase, action, dice)._victory_check()

    def after(self, battle: CenturiaBattle, events: list[Event]) -> CenturiaSkirmish:
        """This state with the battle a decision left and the log lines of its events (for the phase modules)."""
        lines = tuple(f"  {self.words(e.text)} [{e.rule}]" for e in events)
        return replace(self, battle=battle, log=self.log + lines)

    def fighting(self, side: str) -> list:
        """The units of a side still on the map and neither fled nor dissolving (CTA-MORALE: markers 2 and 3)."""
        return [p for p in self.units(side) if p.alive and p.marker < 2]

    def lost(self, side: str) -> str | None:
        """Why a side has lost now, or None (decisions: all units removed, fled or dissolving; all leaders
        fallen)."""
        if self.units(side) and not self.fighting(side):
            return f"every unit of {self.label(side)} is removed, fled or dissolving"
        leaders = [p for p in self.battle.pieces if p.is_leader and p.side == side]
        if leaders and not any(p.alive for p in leaders):
            return f"every leader of {self.label(side)} has fallen"
        return None

    def _victory_check(self) -> CenturiaSkirmish:
        a, b = self.sides
        la, lb = self.lost(a), self.lost(b)
        removed = {a: self.losses(b), b: self.losses(a)}  # units each side has removed
        if la and lb:
            return self._ended(None, "draw", removed, f"{la}; {lb}")
        if la or lb:
            winner = b if la else a
            return self._ended(winner, _level(removed[winner], removed[self.other(winner)]), removed, la or lb)
        if self.battle.round > self.scenario.round_limit:
            reason = f"the {self.scenario.round_limit} rounds are fought"
            holder = self.scenario.holds_out
            if holder is not None:  # the scenario's own goal: this side only has to hold out (decision)
                mine, theirs = removed[holder], removed[self.other(holder)]
                level = _level(mine, theirs) if mine > theirs else "marginal"  # holding alone: a marginal win
                return self._ended(holder, level, removed, f"{reason}; {self.label(holder)} held out")
            if removed[a] == removed[b]:
                return self._ended(None, "draw", removed, f"{reason}; both sides lost {plural(removed[a], 'unit')}")
            winner = a if self.losses(a) < self.losses(b) else b
            return self._ended(winner, _level(removed[winner], removed[self.other(winner)]), removed,
                               f"{reason}; {self.label(winner)} lost fewer units")
        return self

    def _ended(self, winner: str | None, level: str, removed: dict[str, int], reason: str) -> CenturiaSkirmish:
        result = Result(winner, level, dict(removed), reason)
        a, b = self.sides
        # "enemy units": read as the units it lost, it said the opposite of the table beside it (walk, S33)
        text = (f"Battle over ({reason}): {self.label(a)} removed {plural(removed[a], 'enemy unit')}, "
                f"{self.label(b)} {removed[b]}; "
                + ("a draw" if winner is None else f"{level} victory for {self.label(winner)}"))
        return replace(self, result=result, log=self.log + (text,))

    # --- saving --------------------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save text: format, version, system, scenario, seed and every decision (replayed on load)."""
        return dump(self)


def _level(high: int, low: int) -> str:
    """The level of a win by units removed (victory_level); a win never rates below marginal (decision)."""
    level = victory_level(high, low)
    return "marginal" if level == "draw" else level



__all__ = ["CENTURIA_RULES_EDITION", "CenturiaSkirmish"]
