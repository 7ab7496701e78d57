"""CenturiaSkirmishTable: a whole Centuria battle on one page, hot-seat or against the computer (issue 15).

A view over `centurion.game` (Centuria): the choices and every highlight come from the game's own functions
(`legal_actions`, `move_actions`, `command_after`, `preview`), the ones `apply` checks against; every decision goes
through `apply`, which refuses what the rules refuse. Always visible: round and phase, the countdown (CTA-1), losses
per side, the morale state of every unit (CTA-MORALE); the victory screen when the battle ends. Save and load use
the game's versioned save (through the upload guard). Callbacks are guarded: a failure shows a message.
"""

from __future__ import annotations

import html
import time

import ipywidgets as w

from ..data import centuria_tables
from ..game import LEVELS, bot_action, new_skirmish, scenarios
from ..game.centuria import CenturiaSkirmish, CtaAction, CtaAttack, CtaEndPhase, CtaMove, CtaShoot, CtaTimeUp
from ..game.wording import plural
from ..hexgrid import Hex, format_label, neighbor
from ..store import StoreError
from .battle_page import PERSON, BattlePage
from .centuria_legend import (
    FACING_NAMES,
    MOVE_MARK,
    OUT_OF_COMMAND_MARK,
    PANEL_HEX_MARK,
    TARGET_MARK,
    TARGET_RING,
    banner_html,
    legend_html,
    move_label,
)
from .hexmap import Counter, HexMapView, Overlay
from .page_seed import SeedChoice
from .reference import link_rules
from .safety import ClickButton, guarded
from .seat import every_while
from .stored_page import who_plays

SIDE_COLORS = ("#b71c1c", "#1f4e9c")
LETTERS = {"centuria": "C", "turma": "T", "singulares": "S", "evocati": "E", "ballista": "B", "tormentum": "M",
           "legatus": "L", "tribunus": "Tr", "praefectus coh": "P", "praefectus alae": "PA", "subpraefectus": "sP",
           "centurio ballista": "cB"}
PLAYERS = [("a person", PERSON)] + [(f"the computer ({name})", name) for name in LEVELS]
CLOCK_WATCH_SECONDS = 1.5  # how often the page looks whether its running countdown has moved (walk, S33)
FALLEN_COLOR = "#9e9e9e"  # a fallen unit stays in the morale row, struck through (walk of session 53: it vanished)
MORALE_COLORS = {"intact": "#2e7d32", "idle": "#f9a825", "dissolving": "#ef6c00", "fleeing": "#c62828"}


def move_end(game: CenturiaSkirmish, action: CtaMove) -> tuple[Hex, int]:
    """Where a move ends and the facing it leaves (the steps of CTA-MOVE followed on the map)."""
    p = game.battle.piece(action.unit)
    here, facing = p.hex, p.facing
    for st in action.steps:
        if st.startswith("T"):
            facing = int(st[1])
        else:
            here = neighbor(here, {"F": facing, "FL": (facing - 1) % 6, "FR": (facing + 1) % 6}[st])
    return here, facing


def _mid(label: str) -> str:
    """A side's name inside a sentence: "of the rebel legion", not "of The rebel legion"."""
    return "the" + label[3:] if label.startswith("The ") else label


class CenturiaSkirmishTable(BattlePage):
    """The Centuria battle page: set-up, banner, status, map, the decisions open now, countdown, save/load, log."""

    NOUN = "battle"
    SAVE_PREFIX = "centuria"
    TURN_WORD = "round"
    START_LABEL = "Start a new battle"
    COMPUTER_STEPS = 400
    UNDO_NONE = "Nothing to undo: dice have been rolled since your last decision (or you made none)."

    def __init__(self, scenario: str = "centuria_ford_road", seed: int | None = None,
                 players: dict[str, str] | None = None) -> None:
        self.tables = centuria_tables()
        self.target_hex: Hex | None = None  # a clicked end hex: the list keeps to the moves ending there (walk, S30)
        self._build_common(upload_label="Load a saved battle", undo_label="Undo my last move",
                           choice_width="285px",  # inside the map's 300 px side panel (10 px padding; walk, S28)
                           undo_layout=w.Layout(width="190px"),  # room for "No undo: game on server" (walk, S28)
                           choice_class="centurion-cta-choices", replay=False)
        names = scenarios("centuria")
        self.scenario_pick = w.Dropdown(options=[(new_skirmish(k).scenario.title, k) for k in names], value=scenario,
                                        description="Battle", layout=w.Layout(width="360px"))
        self.seed_box = w.IntText(value=0, description="Seed", style={"description_width": "40px"},
                                   layout=w.Layout(width="150px"))  # room for a 6-digit seed (W22)
        self.seeds = SeedChoice(self.seed_box, seed)  # a fresh seed each battle unless chosen (W22)
        self.player_picks = [w.Dropdown(options=PLAYERS, layout=w.Layout(width="420px"),
                                        style={"description_width": "210px"}) for _ in range(2)]
        self.scenario_pick.observe(self._on_scenario, names="value")
        self.status = w.HTML()
        self.status.add_class("centurion-cta-status")
        self.clock = w.HTML()
        self.clock.add_class("centurion-clock")
        # the browser ticks the countdown once a second; its controls are hidden: a player cannot pause it (CTA-1)
        self.tick = w.Play(value=0, min=0, max=1, interval=1000, show_repeat=False,
                           layout=w.Layout(width="1px", height="1px", visibility="hidden", overflow="hidden"))
        self.tick.observe(self._on_tick, names="value")
        self.end_button = ClickButton(description="End my part of the phase", layout=w.Layout(width="210px"))  # T9
        self.end_button.on_click(self._on_end)
        panel = w.VBox([w.HTML("<b>Selected</b>"), self.unit_info, w.HTML("<b>What it may do now</b>"), self.choice,
                        self.preview, w.HBox([self.confirm_button]), self.end_button, self.message])
        self.time_used = 0
        game = new_skirmish(scenario, seed=self.seed_box.value)
        colors = {k: t.color for k, t in self.tables.terrain.items()}
        self.map = HexMapView(game.battlemap, None, colors=colors, side_panel=panel, size=20.0)
        self.map.selected_color = PANEL_HEX_MARK  # not the out-of-command ring's red (walk of session 53)
        self.map.on_hex_click(self._on_hex)
        self.map.hex_details = self._hex_details  # the pieces in a hex, either side's (walk, S28)
        self.map.canvas.on_client_ready(self._wake_clock)  # the page is shown: its clock may tick now
        self._label_players(game, players)
        setup = w.VBox([w.HBox([self.scenario_pick, self.seed_box, *self.seeds.widgets]), w.HBox(self.player_picks),
                        w.HBox([self.start_button, self.undo_button]), self.page_scroll])
        self.legend = w.HTML()  # which colour is which side, the piece letters, the move codes (W18)
        super().__init__([setup, self.banner, self.links, self.victory, w.HBox([self.clock, self.tick]), self.status,
                          self.map, self.legend, self._save_row(), self._log_box()])
        self.add_class("centurion-centuria-skirmish")
        self._begin(game)
        self._open_address()  # `?game=…&seat=…`: a battle kept on the server, at its current step (issue 24)

    # --- state ---------------------------------------------------------------------------------------------------
    def _label_players(self, game: CenturiaSkirmish, players: dict[str, str] | None = None) -> None:
        self._name_players([(side, game.label(side)) for side in game.sides], players)

    @guarded()
    def _on_scenario(self, change: dict) -> None:
        self._label_players(new_skirmish(change["new"]))

    def _new_game(self, seed: int) -> CenturiaSkirmish:
        return new_skirmish(self.scenario_pick.value, seed=seed)

    def _reset(self, game: CenturiaSkirmish) -> None:
        self._restart_clock()

    def _take(self, action: CtaAction, actor: str) -> bool:
        """Apply a decision; a refusal is shown and changes nothing; a new round restarts the clock (CTA-1)."""
        before = self.game
        if not super()._take(action, actor):
            return False
        if self.game.turn != before.turn:
            self._restart_clock()
        return True

    def decide(self, action: CtaAction, actor: str = PERSON) -> bool:
        """Apply a decision; a refusal is shown and changes nothing."""
        return self._take(action, actor)

    def _bot(self, game: CenturiaSkirmish, level: str) -> CtaAction:
        return self.why.decide(game, level, bot_action)  # its reason kept for the log and 'Why?' (issue 25)

    def _play_on(self) -> None:
        """The computer takes its turns; then the page shows the battle with nothing selected."""
        self._run_computer()
        self.selected, self.target_hex = None, None
        self._refresh()

    # --- countdown (CTA-1) ---------------------------------------------------------------------------------------
    def _restart_clock(self, elapsed: int = 0) -> None:
        """The round's countdown, `elapsed` seconds into the round (0: a new round) (CTA-1); a round whose time has
        run out ends through the tick's observer."""
        limit = self.states[-1].time_limit_seconds if self.states else None
        self.time_used = min(limit or 0, elapsed)
        self.tick.max = max(1, limit or 1)
        self.tick.value = self.time_used
        self._wake_clock()

    def _wake_clock(self) -> None:
        """Set the browser's ticking going: its Play widget starts counting only when `playing` turns from off to
        on while it is shown, so a page built already counting, or a new round begun while it counted, stood
        still (walk of session 33: the clock froze after a reload). Also called when the page is (re)drawn."""
        self.tick.playing = False
        self.tick.playing = self._clock_runs()
        self._watch_clock()

    def _clock_runs(self) -> bool:
        """Whether the round's countdown should be running now (CTA-1)."""
        limit = self.game.time_limit_seconds if self.states else None
        return limit is not None and not self.game.over and self.time_used < limit

    def _watch_clock(self) -> None:
        """Once per page, on the kernel's event loop (none in a test or a script): every 1.5 s, a countdown that
        should run but has not moved is set going again. Its Play widget may be drawn after the map says the page
        is shown, and then missed the wake-up (a reopened battle's clock stood still one time in three)."""
        if getattr(self, "_clock_task", None) is not None:
            return
        seen: list = [(self.tick.value, self.game.turn)]

        def look() -> None:
            try:
                now = (self.tick.value, self.game.turn)
                if self._clock_runs() and now == seen[0]:
                    self.tick.playing = False
                    self.tick.playing = True
                seen[0] = now
            except Exception:  # a page in the middle of a change: look again next time
                seen[0] = None

        # until the page is closed (its Play widget then has no comm)
        self._clock_task = every_while(look, lambda: self.tick.comm is not None, CLOCK_WATCH_SECONDS)

    def _first_turn_began(self) -> float | None:
        """When this battle's first round began here: now less the countdown's seconds used (CTA-1)."""
        return time.time() - self.time_used if self.game.time_limit_seconds is not None else None

    def _resume_clock(self) -> None:
        """A stored battle's countdown goes on from when its round began on the server (the store's clock), not from
        the full time: a reload, or the other player's page learning of a new round, gives no time back (CTA-1)."""
        if self.game.time_limit_seconds is None or self.seat is None or self.game.over:
            return
        try:
            began = self.seat.round_began()
        except StoreError:
            return  # the clock keeps what it had
        self._restart_clock(int(max(0.0, time.time() - began)))

    def open_seat(self, game_id: str, token: str) -> bool:
        """Open a stored battle at its current step, its round's countdown where it stands (CTA-1)."""
        if not super().open_seat(game_id, token):
            return False
        self._resume_clock()
        return True

    def sync(self) -> bool:
        """Bring in the other browser's decisions; a round begun there runs on this page's clock too (CTA-1)."""
        turn = self.game.turn
        if not super().sync():
            return False
        if self.game.turn != turn:
            self._resume_clock()
        else:
            self.time_up_check()  # this side's turn came back after its time ran out
        return True

    @guarded()
    def _on_tick(self, change: dict) -> None:
        self.time_used = change["new"]
        self.time_up_check()
        self._render_clock()

    def time_up_check(self) -> None:
        """When the round's time has run out, the phase ends for each person whose turn it is (CTA-1)."""
        g = self.game
        limit = g.time_limit_seconds
        if limit is None or g.over or self.time_used < limit:
            return
        round_ = g.turn
        steps = 0
        while not self.game.over and self.game.turn == round_ and steps < 2000:  # the rest of the round, in turn
            who = self.players.get(self.game.active, PERSON)
            if who == PERSON:
                done = self.decide(CtaTimeUp(), PERSON)
            elif who in LEVELS:
                done = self.decide(bot_action(self.game, who), "computer")
            else:  # the other browser's player: their page ends their part when their clock runs out
                break
            if not done:
                break
            steps += 1
        self.message.show("Time is up: the round ended for each side whose turn came on this page; units not yet "
                          "ordered stay where they are (CTA-1).", "info")
        self._play_on()

    def _render_clock(self) -> None:
        limit = self.game.time_limit_seconds
        if limit is None:
            self.clock.value = ("<div>No countdown in this battle (CTA-1: a scenario may set a limit a round; off by "
                                "default).</div>")
            return
        left = max(0, limit - self.time_used)
        self.clock.value = (f"<div style='font-size:1.3em'>Round clock: {left // 60}:{left % 60:02d} left this round"
                            f"{' — <b>time is up</b>' if left == 0 else ''}</div>")

    # --- clicks and choices ----------------------------------------------------------------------------------------
    def _mine(self) -> bool:
        return self.may_decide()

    def actions_of(self, unit: str) -> list[CtaAction]:
        """The legal decisions of one piece now (from `legal_actions`)."""
        out = []
        for a in self.game.legal_actions():
            who = getattr(a, "unit", None) or getattr(a, "engine", None)
            if who == unit:
                out.append(a)
        return out

    @guarded()
    def _on_hex(self, hex_: Hex) -> None:
        self.click(hex_)

    def click(self, hex_: Hex) -> None:
        """Select a piece of the side to decide, or pick the move ending in / the attack on this hex."""
        g = self.game
        if not self._mine():  # walk of session 30: such a click said nothing
            why = ("The battle is over: the box above the map says who won." if g.over else self.who_decides(g))
            self.message.show(f"{why} Nothing was decided (CTA-1).", "info")
            return
        self.message.clear()  # a refusal of an earlier click is no longer news
        here = [p for p in g.battle.at(hex_) if p.side == g.active]
        if self.selected is not None:
            ends = [a for a in self.actions_of(self.selected) if isinstance(a, CtaMove) and move_end(g, a)[0] == hex_]
            again = self.target_hex == hex_ and here  # a second click on a friend's hex selects him (walk, S33)
            if ends and g.battle.piece(self.selected).hex != hex_ and not again:  # the moves ending there only
                self.target_hex = hex_
                self._refresh()
                # the move with the fewest turns first (walk of session 33: an about-face was picked first)
                self.choice.value = min(ends, key=lambda m: (sum(st.startswith("T") for st in m.steps), len(m.steps)))
                facings = ", ".join(dict.fromkeys(FACING_NAMES[move_end(g, a)[1] % 6] for a in ends))
                friend = (f" A second click on {format_label(hex_)} selects {here[0].id}, who stands there."
                          if here else "")
                self.message.show(f"{plural(len(ends), 'move')} of {self.selected} ending in {format_label(hex_)}, "
                                  f"facing {facings}: pick one and Confirm (CTA-MOVE).{friend}", "info")
                return
            for a in self.actions_of(self.selected):
                if isinstance(a, (CtaAttack, CtaShoot)) and g.battle.piece(a.target).hex == hex_:
                    self.choice.value = a
                    return
        if not here and self.selected is not None:  # a hex that is neither a move's end nor an attack (walk, S28)
            if g.command().get(self.selected) == "out":  # say why its list holds only turns (walk, S33)
                self.message.show(f"{self.selected} is out of command: it may turn, defend or flee, but not move or "
                                  "attack until a leader who may command it has it in range and sight (CTA-CMD). "
                                  "Nothing was decided.", "refusal")
                return
            self.message.show(f"{format_label(hex_)} is not where {self.selected} may move or attack now: its moves "
                              "end on the marked hexes and it attacks only the enemies its list names (CTA-MOVE, "
                              "CTA-COMBAT). Nothing was decided.", "refusal")
            return
        self.target_hex = None
        if here and [p.id for p in here] == [self.selected]:  # the selected piece clicked again: let it go (S33)
            self.selected = None
        elif here:
            units = [p for p in here if not p.is_leader] or here
            ids = [p.id for p in here]
            pick = units[0] if self.selected not in ids else here[(ids.index(self.selected) + 1) % len(here)]
            self.selected = pick.id
        else:
            self.selected = None
        self._refresh()

    def _hex_details(self, cell) -> list[tuple[str, str]]:
        """The hex panel's and the pointer line's rows: each piece in the hex, of either side, with its facing,
        morale (CTA-MORALE) and command (CTA-CMD)."""
        g = self.shown()
        morale, command = g.morale(), g.command()
        return [(p.id, f"{p.type} of {_mid(g.label(p.side))}, facing {FACING_NAMES[p.facing % 6]}, "
                       f"{morale.get(p.id, 'leader')}, command {command.get(p.id, '-')}")
                for p in g.battle.living() if p.hex == cell.hex]

    def _show_preview(self) -> None:
        a = self.choice.value
        g = self.game
        self._arm_confirm()
        if a is None:
            self.preview.value = ""
            return
        if isinstance(a, CtaMove):
            end, facing = move_end(g, a)
            status = g.command_after(a)
            warn = ("<div style='color:#c62828'><b>Out of command after this move</b>: it may turn, defend or "
                    "flee, but not move or attack until a leader who may command it has it in range and sight "
                    "<code>CTA-CMD</code></div>" if status == "out" else
                    f"<div>In command after the move ({status}) <code>CTA-CMD</code></div>" if status in (
                        "direct", "chain") else "")
            changes = g.command_changes(a)  # a leader's move takes others in or out of command (walk, S33)
            back = sorted(u for u, (was, now) in changes.items() if was == "out")
            lost = sorted(u for u, (was, now) in changes.items() if now == "out")
            warn += (f"<div>Back in command after this move: {', '.join(back)} <code>CTA-CMD</code></div>"
                     if back else "")
            warn += (f"<div style='color:#c62828'><b>Left out of command by this move</b>: {', '.join(lost)} "
                     "<code>CTA-CMD</code></div>" if lost else "")
            self.preview.value = link_rules(f"<div>{html.escape(a.describe())}: ends in {format_label(end)} facing "
                                            f"{FACING_NAMES[facing % 6]} <code>CTA-MOVE</code></div>{warn}")
            self.map.set_overlay(self._overlay(path_end=end))
            return
        ex = g.preview(a)
        if ex is None:
            self.preview.value = ""
            return
        def listed(target) -> str:
            return "".join(f"<li>{html.escape(t.label)}: {t.value:+d} <code>{t.rule}</code></li>" for t in target.terms)

        if isinstance(a, CtaShoot):
            body = (f"Hit on a roll over {ex.attack.value}: P = {ex.defender_falls} = {float(ex.defender_falls):.0%};"
                    " a roll of 1 puts the engine out <code>CTA-ART</code>")
            terms = f"<ul>{listed(ex.attack)}</ul>"
        else:  # the four outcomes apart, summing to 100 % (walk of session 33: "falls" included "both": 118 %)
            only_d, only_a = ex.defender_falls - ex.both_fall, ex.attacker_falls - ex.both_fall
            body = (f"Attack over {ex.attack.value}, counter over {ex.counter.value}: only {a.target} falls "
                    f"{float(only_d):.0%}, only {a.unit} falls {float(only_a):.0%}, both {float(ex.both_fall):.0%}, "
                    f"neither {float(ex.neither_falls):.0%} <code>CTA-COMBAT</code>")
            terms = (f"<div>The attack ({html.escape(a.unit)})</div><ul>{listed(ex.attack)}</ul>"
                     f"<div>The counter ({html.escape(a.target)})</div><ul>{listed(ex.counter)}</ul>")
        if isinstance(a, CtaAttack) and ex.defender_falls == 0:  # a leader's attack (17) on a unit (walk 33)
            body += (f"<div style='color:#c62828'><b>Hopeless</b>: no d20 roll is over {ex.attack.value}, so "
                     f"{html.escape(a.target)} cannot fall; its counter makes {html.escape(a.unit)} fall "
                     f"{float(ex.attacker_falls):.0%} <code>CTA-COMBAT</code></div>")
        self.preview.value = link_rules(f"<div>{html.escape(a.describe())}</div><div>{body}</div>{terms}")

    def _attack_label(self, a: CtaAction) -> str:
        """A decision's line; an attack that cannot make its target fall says so (walk of session 33: a leader's
        attacks at 0 % were listed like any other; CTA-COMBAT)."""
        ex = self.game.preview(a) if isinstance(a, CtaAttack) else None
        if ex is None or ex.defender_falls:
            return a.describe()
        return f"{a.describe()} (hopeless: {a.target} cannot fall; {a.unit} falls {float(ex.attacker_falls):.0%})"

    def _arm_confirm(self) -> None:
        """Confirm is on once a decision is picked in the list, as on the Centurion page (walk of session 49: it
        was on with nothing picked, and a click only said so in the side panel)."""
        self.confirm_button.disabled = not self._mine() or self.choice.value is None
        self.confirm_button.tooltip = ("" if not self.confirm_button.disabled else
                                       "Pick a unit, then one of its decisions in the list")

    def confirm(self) -> bool:
        """Apply the chosen decision, then let the computer play its turns."""
        if not self._mine() or self.choice.value is None:
            self.message.show("Pick a unit and one of its decisions first.", "refusal")
            return False
        ok = self.decide(self.choice.value)
        if ok:
            self.message.show("", "info")
            self._play_on()
        return ok

    @guarded()
    def _on_end(self, _button=None) -> None:
        self.end_part()

    def end_part(self) -> bool:
        """The person's side ends its part of the phase (CTA-1)."""
        if not self._mine():
            return False
        ok = self.decide(CtaEndPhase())
        self._play_on()
        return ok

    def _undo_point(self) -> int | None:
        for i in range(len(self.states) - 1, 0, -1):
            if self.actors[i] == PERSON:
                if any("d20" in line for line in self.states[i].log[len(self.states[i - 1].log):]) or any(
                        "d20" in line for s in self.states[i + 1:] for line in s.log[len(self.states[i].log):]):
                    return None
                return i - 1
        return None

    # --- save and load -------------------------------------------------------------------------------------------
    def _other_save(self, game, data: bytes | str, name: str) -> bool | None:
        if getattr(game, "system", "") != "centuria":
            self.message.show("Not loaded: that is a Centurion game; open it on the Skirmish page.", "refusal")
            return False
        return None

    def _fresh(self, game: CenturiaSkirmish) -> CenturiaSkirmish:
        return new_skirmish(game.scenario.key, seed=game.seed)

    def _restore_setup(self, game: CenturiaSkirmish) -> None:
        self._set_quietly(self.scenario_pick, self._on_scenario, game.scenario.key)
        self._label_players(game, {s: pick.value for s, pick in zip(game.sides, self.player_picks, strict=True)})

    # --- drawing --------------------------------------------------------------------------------------------------
    def _overlay(self, path_end: Hex | None = None) -> Overlay:
        g = self.game
        fills, outlines = [], []
        if self.selected and self._mine():
            for a in self.actions_of(self.selected):
                if isinstance(a, CtaMove):
                    fills.append((move_end(g, a)[0], MOVE_MARK))
                else:  # shaded under the counter, and ringed over it: the shade alone hid (walk of session 33)
                    fills.append((g.battle.piece(a.target).hex, TARGET_MARK))
                    outlines.append((g.battle.piece(a.target).hex, TARGET_RING))
            outlines.append((g.battle.piece(self.selected).hex, "#000000"))
        for uid, st in g.command().items():
            if st == "out":
                outlines.append((g.battle.piece(uid).hex, OUT_OF_COMMAND_MARK))
        if path_end is not None:
            outlines.append((path_end, "#1565c0"))
        return Overlay(hatched=fills, outlines=outlines)

    def _refresh(self) -> None:
        g = self.game
        b = g.battle
        self._draw_save_link()  # first: once the banner says the new state, the save link already holds it
        who = f" ({self.who_decides(g)})" if self.seat is not None and not g.over else ""
        who = who or (f" ({self.who_decides(g)})" if not g.over else "")
        color = None if g.over or g.active is None else SIDE_COLORS[b.sides.index(g.active) % 2]
        self.banner.value = link_rules(banner_html(g.banner() + who, color))
        self.legend.value = legend_html(
            [(g.label(s), SIDE_COLORS[b.sides.index(s) % 2], who_plays(self.players.get(s, PERSON)))
             for s in g.sides], LETTERS)
        alive = b.living()
        per_hex = {h: sum(q.hex == h for q in alive) for h in {q.hex for q in alive}}
        counters = [Counter(p.hex, p.facing, p.type, SIDE_COLORS[b.sides.index(p.side) % 2], LETTERS.get(p.type, "?"),
                            selected=p.id == self.selected, stack=per_hex[p.hex]) for p in alive]  # a leader on a
        # unit hides it: the stack badge says how many stand there, and a click selects each in turn (walk, S28)
        counters.sort(key=lambda c: c.kind in self.tables.leaders)
        self.map.show_map(g.battlemap)  # another battle's map after Start or a load (walk of session 33)
        self.map.set_counters(counters)
        self.map.set_overlay(self._overlay())
        self.map.show_info()  # the hex panel as the battle now stands (pieces moved in or out)
        self._render_status()
        self._render_clock()
        opts: list[tuple[str, CtaAction]] = []
        if self.selected and self._mine():
            p = b.piece(self.selected)
            self.unit_info.value = (f"<b>{p.id}</b>: {p.type} of {html.escape(_mid(g.label(p.side)))} in "
                                    f"{format_label(p.hex)}, facing {FACING_NAMES[p.facing % 6]}; "
                                    f"{g.morale().get(p.id, 'leader')}; command {g.command().get(p.id, '-')}")
            opts = [(move_label(a.unit, a.steps) if isinstance(a, CtaMove) else self._attack_label(a), a)
                    for a in self.actions_of(self.selected)]
            there = [o for o in opts if isinstance(o[1], CtaMove) and move_end(g, o[1])[0] == self.target_hex]
            opts = there or opts  # a clicked end hex: its moves only, until another click
            if not there:
                self.target_hex = None
            idle = None if opts else g.why_idle(p.id)
            if idle is not None:  # an empty list says why, in the engine's words (walk of session 28)
                self.unit_info.value += link_rules(f"<br><b>Nothing to decide for {p.id} now</b>: "
                                                   f"{html.escape(g.words(idle.reason))} ({idle.rule})")
        else:
            self.unit_info.value = "Click one of your pieces." if self._mine() else ""
        self.choice.unobserve(self._on_choice, names="value")
        self.choice.options = opts
        self.choice.value = None
        self.choice.observe(self._on_choice, names="value")
        self.preview.value = ""
        self.end_button.disabled = not self._mine()
        self._arm_confirm()
        self._draw_undo()  # off, saying why, in a game kept on the server
        if g.over:
            r = g.result
            who = ("A draw" if r.winner is None else
                   f"{r.level.capitalize()} victory for {html.escape(g.label(r.winner))}")
            self.victory.value = (f"<div style='font-size:1.4em;border:2px solid #333;padding:8px'><b>{who}</b><br>"
                                  f"{html.escape(r.reason)}<br>Units lost: "  # the table's words (walk, S33)
                                  + ", ".join(f"{html.escape(g.label(s))} {r.points[g.other(s)]}" for s in g.sides)
                                  + "</div>")
            self.tick.playing = False
        else:
            self.victory.value = ""
        self._draw_log(g)

    def _render_status(self) -> None:
        g = self.game
        rows = []
        for side in g.sides:
            morale = g.morale()
            cells = " ".join(f"<span style='color:{MORALE_COLORS[morale[p.id]]}'>{p.id}: {morale[p.id]}</span>"
                             if p.alive else f"<s style='color:{FALLEN_COLOR}'>{p.id}: fallen</s>"  # walk, S53
                             for p in g.units(side))
            rows.append(f"<tr><th>{html.escape(g.label(side))}</th><td>lost {g.losses(side)}</td><td>{cells}</td></tr>")
        self.status.value = link_rules("<table class='centurion-cta-status'><tr><th>Side</th><th>Losses</th>"
                                       "<th>Morale of every unit <code>CTA-MORALE</code></th></tr>"
                                       + "".join(rows) + "</table>")


__all__ = ["CenturiaSkirmishTable", "move_end"]
