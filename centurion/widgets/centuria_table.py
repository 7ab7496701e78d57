"""CenturiaTable: the Roman battle on the hex map, one view for command, movement, combat, morale,
artillery and the whole round (CTA-1 .. CTA-ART). A view: every rule question goes to `centurion.centuria`."""

from __future__ import annotations

import html
from dataclasses import replace

import ipywidgets as w

from ..centuria import (
    MARKERS,
    CenturiaBattle,
    CenturiaMove,
    attack,
    end_phase,
    fire,
    morale_test,
    morale_triggers,
    move,
    movement_value,
    pass_phase,
    practice_order,
    rally_phase,
    spotters,
    start_alternating,
    start_round,
)
from ..centuria.battle import ENGINE_RANGE, Piece, move_cost
from ..data import CenturiaTables, MapHex, centuria_tables
from ..game.wording import facing_name
from ..hexgrid import Hex, arcs, format_label, hex_range, neighbor, neighbors
from ..rules import Refusal
from .centuria_panels import odds_html, piece_panel_html
from .centuria_words import english, side_name, side_possessive, terms_of
from .dice_panel import DiceLog, roll_html
from .hexmap import Counter, HexMapView, Overlay
from .morale_diagram import MoraleDiagram
from .reference import link_rules
from .round_timer import RoundTimer
from .safety import ClickButton, MessageArea, guarded, show_full_labels

SIDE_COLORS = ("#b71c1c", "#1f4e9c", "#2e7d32", "#6a1b9a")
LETTERS = {"centuria": "C", "turma": "T", "singulares": "S", "evocati": "E", "ballista": "B", "tormentum": "M",
           "legatus": "L", "tribunus": "Tr", "praefectus coh": "P", "praefectus alae": "PA", "subpraefectus": "sP",
           "centurio ballista": "cB"}
STATUS_COLORS = {"direct": "#2e7d32", "chain": "#1565c0", "out": "#c62828"}
MODES = ("round", "command", "move", "combat", "morale", "artillery")


class CenturiaTable(w.VBox):
    """A Centuria battle on the map (CTA-1): select pieces by clicking; the mode sets what a click does."""

    def __init__(self, battle: CenturiaBattle, *, mode: str = "round", seed: int = 1,
                 tables: CenturiaTables | None = None, timer: bool = False) -> None:
        if mode not in MODES:
            raise ValueError(f"mode is one of {', '.join(MODES)}, got {mode!r}")
        self.tables = tables or centuria_tables()
        if mode == "round" and not battle.alternate:  # a whole round is played as the seed has it (CTA-1)
            battle = start_alternating(battle)
        self.battle = battle
        self.history: list[CenturiaBattle] = []
        self.mode = mode
        self.selected: str | None = None
        self.target: str | None = None
        self.plot: list[str] = []
        self.dice_log = DiceLog(seed=seed)
        self.dice = self.dice_log.dice
        # two lines' room above the map whatever the message: a message never moves the map (W1; walk of S28, ch15)
        self.message = MessageArea(layout=w.Layout(height="56px", overflow_y="auto"))
        self.panel = w.HTML(layout=w.Layout(width="290px"))
        self.odds = w.HTML()
        self.rolls = w.HTML()
        self.show_arcs = w.Checkbox(True, description="Front / flank / rear of the selected piece", indent=False)
        self.show_arcs.observe(self._redraw, names="value")
        colors = {k: t.color for k, t in self.tables.terrain.items()}
        self.map = HexMapView(battle.map, None, colors=colors, hex_details=self._details, side_panel=self.panel,
                              size=24.0 if battle.map.columns <= 20 else 20.0)
        self.map.on_hex_click(self._clicked)
        self.map.on_key(self._key)
        self.map.show_hexes([p.hex for p in battle.living()])  # both sides in view as the page opens (walk, S50)
        self.diagram = MoraleDiagram()
        self.timer = RoundTimer(battle.time_limit_seconds if timer else None) if timer else None
        if self.timer is not None:
            self.timer.on_time_up.append(self.time_up)
        self.phase_label = w.HTML()

        def button(label: str, fn, style: str = "", tip: str = "", once: bool = False) -> w.Button:
            kind = ClickButton if once else w.Button  # a decision acts once per click, a plot step at each click
            b = kind(description=label, button_style=style, tooltip=tip, layout=w.Layout(width="auto"))
            b.on_click(lambda _b: fn())
            return b

        self.buttons = {
            "F": button("↑ ahead", lambda: self._plot("F"), tip="into the hex ahead"),
            "FL": button("↖ front-left", lambda: self._plot("FL")),
            "FR": button("↗ front-right", lambda: self._plot("FR")),
            "TL": button("↶ turn", lambda: self._turn(-1), tip="one hexside left: 1 MP (twice: to the flank, 1 MP)"),
            "TR": button("↷ turn", lambda: self._turn(1), tip="one hexside right: 1 MP (twice: to the flank, 1 MP)"),
            "TA": button("about face", lambda: self._turn(3), tip="2 MP"),
            "clear": button("clear plot", self._clear_plot),
            "move": button("Move", self._do_move, "primary", once=True),
            "attack": button("Attack", self._do_attack, "danger", once=True),
            "fire": button("Shoot", self._do_fire, "warning", once=True),
            "morale": button("Test morale", self._do_morale, "info", once=True),
            "rally": button("Rally test", self._do_rally, once=True),
            "end": button("End phase", self._end_phase, "success", once=True),
            "undo": button("Undo", self._undo, tip="take back the last action", once=True),
        }
        rows = [self.phase_label]
        if self.timer is not None:
            rows.append(self.timer)
        b = self.buttons
        if mode in ("round", "move"):
            rows.append(w.HBox([b["F"], b["FL"], b["FR"], b["TL"], b["TR"], b["TA"], b["clear"], b["move"]]))
        actions = []
        if mode in ("round", "combat"):
            actions.append(b["attack"])
        if mode in ("round", "artillery"):
            actions.append(b["fire"])
        if mode == "morale":  # in a round the tests come from the rules alone: losses (a-d), rallies as it begins
            actions += [b["morale"], b["rally"]]
        if mode == "round":
            actions.append(b["end"])
        actions += [b["undo"], self.show_arcs]
        rows.append(w.HBox(actions))
        rows += [self.message, self.map, w.HBox([self.odds]), self.rolls]
        if mode in ("morale", "round"):
            rows.append(self.diagram)
        rows.append(self.dice_log)
        super().__init__(rows)
        self.add_class("centurion-centuria")
        show_full_labels(self)
        self.refresh()

    # --- helpers ------------------------------------------------------------------------------------
    def _piece_at(self, hex_: Hex) -> Piece | None:
        here = self.battle.at(hex_)
        if not here:
            return None
        if self.selected:
            others = [p for p in here if p.id != self.selected]
            here = others or here
        subs = [p for p in here if not p.is_leader]
        return (subs or here)[0]

    def _details(self, cell: MapHex) -> list[tuple[str, str]]:
        t = self.tables.terrain[cell.terrain]
        rows = [("Sight", "blocked by this terrain (CTA-CMD)")] if t.blocks_sight else []
        for p in self.battle.at(cell.hex):
            rows.append((p.id, f"{p.type}, facing {facing_name(p.facing)}, {MARKERS[p.marker]}"))
        if self.selected:
            p = self.battle.piece(self.selected)
            if p.alive and not p.is_leader and cell.hex in neighbors(p.hex):
                value = movement_value(self.battle, p, [p.hex, cell.hex], self.tables)
                rows.append(("Stepping in", f"{move_cost(self.battle, p, cell.hex, self.tables)} MP; a move through "
                                            f"here has a movement value of {value} (CTA-MOVE)"))
        return rows

    def _push(self, new: CenturiaBattle) -> None:
        self.history.append(self.battle)
        self.battle = new

    def _say(self, text: str, kind: str) -> None:
        """Show a message from the engine in the table's words (English terrain, side names)."""
        self.message.show(english(text, self.tables, tuple(self.battle.sides)), kind)

    # --- clicks and keys --------------------------------------------------------------------------------
    @guarded()
    def _clicked(self, hex_: Hex) -> None:
        self.click(hex_)

    def click(self, hex_: Hex) -> None:
        """What a click on a hex does, by mode: select, place a leader, pick a target; it always says what it did."""
        if hex_ not in self.battle.map:
            self.message.show("That point is off the map (HEX-4); nothing changed.", "refusal")
            return
        p = self._piece_at(hex_)
        sel = self.battle.piece(self.selected) if self.selected else None
        if self.mode == "command" and sel is not None and sel.is_leader and p is None:
            self._push(self.battle.with_piece(replace(sel, hex=hex_)))  # try the leader elsewhere
            self.message.show(f"{sel.id} placed in {format_label(hex_)} to see who is in command.", "info")
        elif p is None:
            if sel is not None:
                self.message.show(f"Nothing stands in {format_label(hex_)}, so {sel.id} is no longer selected"
                                  + (" and its plot is cleared" if self.plot else "")
                                  + ". To move a unit, select it and plot with the buttons or keys.", "info")
            else:
                self.message.clear()
            self.selected, self.target = None, None
            self.plot.clear()
        elif sel is not None and p.side != sel.side and not (
                self.mode == "round" and self.battle.alternate and p.side == self.battle.active_side):
            self.target = p.id  # an enemy of the selected piece: its target (a unit of the side to act is selected:
            self.message.clear()  # walk of session 50, after a move its piece stayed selected and a click attacked)
        else:
            self.selected, self.target = p.id, None
            self.plot.clear()
            self.message.clear()
        self.refresh()

    @guarded()
    def _key(self, key: str) -> None:
        keys = {"ArrowUp": "F", "q": "FL", "e": "FR"}
        if key in keys:
            self._plot(keys[key])
        elif key == "ArrowLeft":
            self._turn(-1)
        elif key == "ArrowRight":
            self._turn(1)
        elif key in ("Backspace", "u"):
            if self.plot:
                self.plot.pop()
            self.refresh()

    # --- movement (CTA-MOVE) -------------------------------------------------------------------------------
    def _plot_facing(self) -> int:
        facing = self.battle.piece(self.selected).facing
        for s in self.plot:
            if s.startswith("T"):
                facing = int(s[1:])
        return facing

    @guarded()
    def _plot(self, step: str) -> None:
        self.add_step(step)

    @guarded()
    def _turn(self, by: int) -> None:
        if not self.selected:
            self.message.show("Select a piece first.", "refusal")
            return
        new = (self._plot_facing() + by) % 6
        if self.plot and self.plot[-1].startswith("T"):  # turns in one hex are one turn: to a flank 1 MP, to the rear
            last = self.plot.pop()  # 2 (CTA-MOVE; walk of session 50: two presses cost 2 MP)
            if new != self._plot_facing() and not self.add_step(f"T{new}"):
                self.plot.append(last)
            self.refresh()
            return
        self.add_step(f"T{new}")

    def add_step(self, step: str) -> bool:
        """Add a step to the plotted move if the rules allow it (checked by `centuria.move`)."""
        if not self.selected:
            self.message.show("Select a piece first.", "refusal")
            return False
        trial = move(self._act_on(), CenturiaMove(self.selected, (*self.plot, step)), self.tables)
        if isinstance(trial, Refusal):
            self._say(str(trial), "refusal")
            return False
        self.plot.append(step)
        self.message.clear()
        self.refresh()
        return True

    @guarded()
    def _clear_plot(self) -> None:
        self.plot.clear()
        self.refresh()

    @guarded()
    def _do_move(self) -> None:
        self.do_move()

    def do_move(self) -> bool:
        """Carry out the plotted move."""
        if self._time_refusal():
            return False
        if not self.selected or not self.plot:
            self.message.show("Select a piece and plot a move first.", "refusal")
            return False
        r = move(self._act_on(), CenturiaMove(self.selected, tuple(self.plot)), self.tables)
        if isinstance(r, Refusal):
            self._say(str(r), "refusal")
            return False
        self._push(r[0])
        self.plot.clear()
        self._say(r[1][-1].text, "info")
        self.refresh()
        return True

    # --- combat, artillery, morale ----------------------------------------------------------------------------
    @guarded()
    def _do_attack(self) -> None:
        self.do_attack()

    def do_attack(self) -> bool:
        """Roll the selected piece's attack on the target (CTA-COMBAT)."""
        return self._strike(attack, "Click your unit, then the enemy next to it.")

    @guarded()
    def _do_fire(self) -> None:
        self.do_fire()

    def do_fire(self) -> bool:
        """Shoot with the selected engine at the target (CTA-ART)."""
        return self._strike(fire, "Click your engine, then an enemy in range.")

    def _strike(self, action, hint: str) -> bool:
        """Resolve an attack or a shot from the selected piece at the target; refusals leave the battle as it was."""
        if self._time_refusal():
            return False
        if not (self.selected and self.target):
            self.message.show(hint, "refusal")
            return False
        r = action(self._act_on(), self.selected, self.target, self.dice, self.tables)
        if isinstance(r, Refusal):
            self._say(str(r), "refusal")
            return False
        before = self.battle
        self._push(r[0])
        self._show_events(r[1])
        self._after_losses(before)
        return True

    def _after_losses(self, before: CenturiaBattle) -> None:
        triggers = morale_triggers(before, self.battle, self.tables)
        if triggers:
            text = "; ".join(f"{pid}: {why}" for pid, why in triggers)
            self.message.show(f"Morale tests due (CTA-MORALE): {text}", "info")
        self.refresh()

    @guarded()
    def _do_morale(self) -> None:
        self.do_morale()

    def do_morale(self, rally: bool = False) -> bool:
        """Roll a morale (or rally) test for the selected sub-unit (CTA-MORALE)."""
        if self.mode == "round":  # walk of session 50: a test on demand broke an enemy unit at will
            self.message.show("CTA-MORALE: in a round a unit tests only after a loss (a-d), and rallies as a round "
                              "begins; chapter 13 rolls tests on demand.", "refusal")
            return False
        if not self.selected:
            self.message.show("Select a unit first.", "refusal")
            return False
        if self._time_refusal():
            return False
        p = self.battle.piece(self.selected)
        if p.is_leader or not p.alive:
            self.message.show("CTA-MORALE: only living sub-units test morale.", "refusal")
            return False
        if p.marker == 3:
            self.message.show(f"CTA-MORALE: {p.id} is fleeing: it takes no more morale or rally tests and does "
                              "not come back.", "refusal")
            return False
        if rally and p.marker == 0:
            self.message.show(f"CTA-MORALE: {p.id} is intact: only idle or dissolving units take a rally test.",
                              "refusal")
            return False
        new, events = morale_test(self.battle, p.id, self.dice, "rally test" if rally else "test on demand",
                                  rally=rally, tables=self.tables)
        self._push(new)
        self._show_events(events)
        self.refresh()
        return True

    @guarded()
    def _do_rally(self) -> None:
        self.do_morale(rally=True)

    def _show_events(self, events) -> None:
        parts = []
        for e in events:
            if e.rolls:
                parts += [roll_html(r) for r in e.rolls]
            parts.append(f"<div>{html.escape(english(e.text, self.tables, tuple(self.battle.sides)))} "
                         f"<code>{e.rule}</code></div>")
        self.rolls.value = link_rules("".join(parts))

    # --- phases ------------------------------------------------------------------------------------------------
    @guarded()
    def _end_phase(self) -> None:
        self.end_phase()

    def end_phase(self) -> None:
        """End the active side's part of the phase (CTA-1). In a round played alternately both sides end theirs,
        then movement gives way to combat and combat to the next round, whose rally tests open it (CTA-MORALE);
        the per-side order of the other tables hands over to the next side, its rally tests first."""
        old = self._act_on()
        new = end_phase(old)
        events = []
        if new.alternate and new.round > old.round:
            new, events = start_round(new, self.dice, self.tables)
        elif not new.alternate and new.phase == "movement":
            new, events = rally_phase(new, new.active_side, self.dice, self.tables)
        if events:
            self._show_events(events)
        if self.timer is not None and new.phase == "movement" and (new.round > old.round or not new.alternate):
            self.timer.restart()
        self._push(new)
        self.selected, self.target = None, None
        self.plot.clear()
        if (new.phase, new.round) != (old.phase, old.round):  # the last action's words belong to the phase that ended
            self.message.clear()  # (walk of session 50: "B-C3 moves to 0706" stood into the combat phase)
        self.refresh()

    def _act_on(self) -> CenturiaBattle:
        """The battle an action is taken on: chapters 10-14 are practice tables, one side acting with nobody
        answering (`practice_order`); the round table plays the seed's round (CTA-1)."""
        if self.mode != "round" and self.battle.alternate:
            return practice_order(self.battle)
        return self.battle

    def _time_refusal(self) -> bool:
        """Refuse an action when the round's countdown has run out (CTA-1); True if refused."""
        if self.timer is not None and self.timer.time_is_up:
            self.message.show("CTA-1: time is up for this round; no more moves, attacks or shots.", "refusal")
            return True
        return False

    def time_up(self) -> None:
        """The countdown ran out (CTA-1, the seed's limited time per round): every part of the round still open
        ends now, units not yet ordered stay where they are; the next round starts with its rally tests."""
        old = self.battle
        new, steps = old, 0
        while new.round == old.round and steps < 8:
            if new.alternate:
                new = pass_phase(new, time_up=True)
            else:
                new = end_phase(new)
            steps += 1
        if new.alternate:
            new, events = start_round(new, self.dice, self.tables)
        else:
            new, events = rally_phase(new, new.active_side, self.dice, self.tables)
        if events:
            self._show_events(events)
        self._push(new)
        self.selected, self.target = None, None
        self.plot.clear()
        self.message.show(f"Time is up: round {old.round} has ended; units not yet ordered stayed where they were "
                          "(CTA-1).", "info")
        if self.timer is not None:
            self.timer.restart()
        self.refresh()

    @guarded()
    def _undo(self) -> None:
        if self.history:
            self.battle = self.history.pop()
            self.plot.clear()
            self.target = None  # the target line and its refusal went with it (walk of session 50)
            self.rolls.value = ""  # the taken-back action's result is no longer the board's (third walk, S49)
            self.message.show("Took back the last action (the dice log keeps its rolls).", "info")
        else:  # walk of session 50: a third Undo after two actions still said it took one back
            self.message.show("Nothing to take back: the board is as it began.", "info")
        self.refresh()

    @guarded()
    def _redraw(self, _change: dict) -> None:
        self.refresh()

    # --- display ------------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw counters, the overlay for the mode, the panel and the odds."""
        b = self.battle
        sides = list(b.sides)
        counters = [Counter(p.hex, p.facing, p.type, SIDE_COLORS[sides.index(p.side) % 4], LETTERS.get(p.type, "?"),
                            selected=p.id in (self.selected, self.target))
                    for p in b.living()]
        # leaders drawn last so they sit on top
        counters.sort(key=lambda c: c.kind in self.tables.leaders)
        self.map.set_counters(counters)
        self.map.show_info()  # the hex panel as the board now stands (walk of session 50: a turned unit's old facing)
        self.map.set_overlay(self._overlay())
        if self.mode == "round":  # both sides in one phase, one unit at a time (CTA-1)
            done = [side_name(s) for s in b.sides if s in b.passed]
            waiting = f" ({', '.join(done)} ended {'its' if len(done) == 1 else 'their'} part)" if done else ""
            self.phase_label.value = (f"<div class='centurion-phase'><b>Round {b.round}</b>, {b.phase} phase: "
                                      f"{html.escape(side_name(b.active_side, start=True))} to act"
                                      f"{html.escape(waiting)} <code>CTA-1</code></div>")
        else:
            self.phase_label.value = (f"<div class='centurion-phase'><b>Round {b.round}</b>, {b.phase} phase — "
                                      f"practice table: {html.escape(side_possessive(b.active_side))} units "
                                      "(in a real round the sides take turns, chapter 15) <code>CTA-1</code></div>")
        self.panel.value = link_rules(self._panel_html())
        self.odds.value = link_rules(self._odds_html())
        if self.selected:
            p = b.piece(self.selected)
            if not p.is_leader:
                self.diagram.show(p.marker)

    def _overlay(self) -> Overlay:
        ov = Overlay(alpha=0.5)
        b, t = self.battle, self.tables
        status = b.command(t)
        if self.mode in ("command", "round"):
            living = b.living()
            for p in living:
                if not p.is_leader:
                    ov.outlines.append((p.hex, STATUS_COLORS[status.get(p.id, "out")]))
            if self.mode == "command":
                # the chain (CTA-CMD): each sub-unit in command through a neighbour, linked to one such neighbour
                for p in living:
                    if p.is_leader or status.get(p.id) != "chain":
                        continue
                    for q in living:
                        if (q.side == p.side and not q.is_leader and q.id != p.id and q.hex in neighbors(p.hex)
                                and status.get(q.id) in ("direct", "chain")):
                            ov.lines.append((q.hex, p.hex, "#1565c0"))
                            break
        if not self.selected:
            return ov
        sel = b.piece(self.selected)
        if not sel.alive:
            return ov
        if self.show_arcs.value:
            for n in neighbors(sel.hex):
                rel = arcs(sel.hex, sel.facing, n)[0]
                color = "#66bb6a" if rel in (0, 1, 5) else "#ef5350" if rel == 3 else "#ffee58"
                ov.fills.append((n, color))
        if sel.is_leader and self.mode in ("command", "round"):
            for p in b.living(sel.side):
                if not p.is_leader and status.get(p.id) == "direct" and sel in b.covering(p, t):
                    ov.lines.append((sel.hex, p.hex, "#2e7d32"))  # a line to each unit he holds in command (CTA-CMD)
        if sel.type in ENGINE_RANGE and self.mode in ("artillery", "round"):
            rng = ENGINE_RANGE[sel.type]
            ov.hatched += [(h, "#ef6c00") for h in hex_range(sel.hex, rng) if h in b.map and h != sel.hex]
        if self.plot:
            r = move(b, CenturiaMove(sel.id, tuple(self.plot)), t)
            if not isinstance(r, Refusal):
                end = r[0].piece(sel.id)
                path, here, facing = [sel.hex], sel.hex, sel.facing
                for s in self.plot:
                    if s.startswith("T"):
                        facing = int(s[1:])
                    else:
                        here = neighbor(here, {"F": facing, "FL": (facing - 1) % 6, "FR": (facing + 1) % 6}[s])
                        path.append(here)
                ov.path = path
                ov.outlines.append((end.hex, "#000000"))
        if self.target:
            tgt = b.piece(self.target)
            ov.lines.append((sel.hex, tgt.hex, "#c62828"))
            if sel.type in ENGINE_RANGE:
                for sid in spotters(b, sel, tgt, t):
                    ov.lines.append((b.piece(sid).hex, tgt.hex, "#1565c0"))
        return ov


    def _panel_html(self) -> str:
        return piece_panel_html(self.battle, self.tables, self.selected, self.plot)

    def _odds_html(self) -> str:
        return odds_html(self.battle, self.tables, self.selected, self.target, self.mode)


__all__ = ["CenturiaTable", "MoraleDiagram", "RoundTimer", "english", "side_name", "side_possessive", "terms_of"]
