"""BattlePage: what the Centurion and the Centuria battle pages do the same way (issue 23, item 3).

Banner and message area, the list of decisions with its preview and Confirm (one decision a click, and none on a
list that changed just before the click), the log (latest first), the replay slider, save download and upload with
their messages, new game with the question before a game in progress is thrown away, the computer's turn, undo.
The pages (`SkirmishTable`, `CenturiaSkirmishTable`) subclass it and keep only what differs: the map's counters,
the unit panel, the game's own pickers and previews. Every callback is guarded: a failure shows a message, never a
traceback.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..game import LEVELS, IllegalAction, SaveError, Skirmish, load
from ..game.actions import Smoke
from ..game.wording import in_words
from ..store import StoreError
from ..store.hidden import masked_log
from .bot_view import BotView
from .hints import hint_html, hints_checkbox
from .phase_end import end_phase_button, phase_end_action
from .safety import LIST_CHANGED_SECONDS, ClickButton, MessageArea, clock, guarded, scroll_to_top_of
from .save_setup import replayed, restore_players, save_link_html
from .seat import STORED_UNDO, Seat, abandon_words, served_store
from .stored_page import COMPUTER, OTHER, PERSON, StoredGame
from .turn_summary import newest_first, page_summary, summary_html, summary_title

# the save link drawn as a button next to Load, so it looks clickable (W21)
SAVE_BUTTON = ("display:inline-block;padding:3px 12px;border:1px solid #8a8a8a;border-radius:2px;background:#eee;"
               "color:#000;text-decoration:none;line-height:24px")

# The Load button without ipywidgets' file count: FileUpload draws "Load a saved game (0)" (walks of sessions 30 and
# 31: a newcomer reads "(0)" as "nothing to load"); its own text is hidden and its tooltip, the label, drawn instead.
UPLOAD_CLASS = "centurion-upload"
UPLOAD_STYLE = (f"<style>.{UPLOAD_CLASS}{{font-size:0 !important}}"
                f".{UPLOAD_CLASS}>i{{font-size:var(--jp-widgets-font-size,13px);margin-right:6px}}"
                f".{UPLOAD_CLASS}::after{{content:attr(title);font-size:var(--jp-widgets-font-size,13px)}}</style>")

LOG_LINES = 400  # the log's latest lines a page shows (every refresh sends them to the browser)


UNDO_OFF = ("nothing to take back: you have made no decision yet, or dice were rolled for it or after it, and a roll "
            "is never taken back")

class BattlePage(StoredGame, w.VBox):
    """A battle page: set-up, banner, map, the decisions open now, Confirm, undo, replay, save and load, log."""

    #: words of the page: what a game is called, the save file's prefix, what a turn is called
    NOUN = "game"
    SAVE_PREFIX = "centurion"
    TURN_WORD = "turn"
    START_LABEL = "Start a new game"
    #: whether Start asks before throwing away a game in progress (one stray click never loses a game)
    ASK_BEFORE_ABANDON = True
    #: the most decisions the computer takes in one go (a safety stop; None: until a person is to decide)
    COMPUTER_STEPS: int | None = None
    UNDO_NONE = ("Nothing to undo: dice have been rolled since your last decision (or you have made none).")
    UNDO_DONE = "Your last decision was taken back."

    # --- building ------------------------------------------------------------------------------------------------
    def _build_common(self, *, start_layout: w.Layout | None = None, upload_label: str = "Load a saved game",
                      undo_label: str = "Undo my last decision", undo_layout: w.Layout | None = None,
                      confirm_layout: w.Layout | None = None, choice_width: str = "280px",
                      choice_class: str = "centurion-choices", replay: bool = True) -> None:
        """The widgets every battle page has, and its state: the list of states and who decided each."""
        self.message = MessageArea()
        self.start_button = ClickButton(description=self.START_LABEL, button_style="primary",
                                     **({"layout": start_layout} if start_layout is not None else {}))
        self.start_button.on_click(self._on_start)
        self._abandon_asked = False  # whether Start was clicked once over a game in progress
        self._choices_shown_at = 0.0  # when the list of decisions last changed (a Confirm sooner did not see it)
        self.banner = w.HTML()
        self.banner.add_class("centurion-banner")
        self.page_scroll = w.HTML(layout=w.Layout(height="0px", margin="0"))  # to the banner when a game starts
        self._scrolls = 0
        self.victory = w.HTML()
        self.victory.add_class("centurion-victory")
        self.map_key = w.HTML()  # redrawn only when it changes: stays open or shut as left (walk 3, 9)
        self.unit_info = w.HTML()
        self.unit_info.add_class("centurion-unit")
        self.choice = w.Select(options=[], rows=8, layout=w.Layout(width=choice_width))
        self.choice.add_class(choice_class)
        self.choice.observe(self._on_choice, names="value")
        self.preview = w.HTML()
        self.preview.add_class("centurion-preview")
        self.confirm_button = ClickButton(description="Confirm", button_style="success",
                                       **({"layout": confirm_layout} if confirm_layout is not None else {}))
        self.confirm_button.on_click(self._on_confirm)
        self.end_phase_button = end_phase_button(self._on_end_phase)  # the End Phase in one click (W23)
        self.hints_toggle = hints_checkbox(self._on_hints)  # a hint per phase, until switched off (item 4)
        self.undo_button = ClickButton(description=undo_label,  # a double click takes back one decision (T9)
                                       **({"layout": undo_layout} if undo_layout is not None else {}))
        self.undo_button.on_click(self._on_undo)
        self.undo_label = undo_label
        self.save_link = w.HTML()
        self.save_link.add_class("centurion-save")
        self.upload = w.FileUpload(accept=".json", multiple=False, description=upload_label, tooltip=upload_label,
                                   layout=w.Layout(width="220px"))
        self.upload.add_class(UPLOAD_CLASS)
        self.upload.observe(self._on_upload, names="value")
        self.replay: w.IntSlider | None = None
        if replay:
            self.replay = w.IntSlider(min=0, max=0, value=0, description="Replay step", continuous_update=False,
                                      style={"description_width": "80px"}, layout=w.Layout(width="500px"))
            self.replay.observe(self._on_replay, names="value")
        self.replay_back = ClickButton(description="Back to the game", tooltip="leave the replay: the game as it "
                                       "is now, where you decide", layout=w.Layout(display="none"))
        self.replay_back.on_click(self._on_replay_back)  # the slider's End key did not (walk of session 29)
        self.log_html = w.HTML()
        self.log_html.add_class("centurion-log")
        self.summary = w.HTML()  # what happened since the person's last decision, above the log (W5)
        self.summary.add_class("centurion-summary")
        self.why = BotView()  # the computer's last decision, its reason and the options it weighed (issue 25)
        self.players: dict[str, str] = {}
        self.states: list[Any] = []
        self.actors: list[str | None] = []  # who took each decision: a person or the computer
        self.selected: str | None = None
        self.viewing: int | None = None  # the replay step shown, or None for the game now
        # a game kept on the server (issue 24): this browser's seat, the links, the watcher of the other's moves
        self.store = served_store()
        self.seat: Seat | None = None
        self.local_only = False  # a loaded save stays a local game (its seed is known)
        self.links = w.HTML()
        self.links.add_class("centurion-links-box")
        self.tab_note = w.HTML()  # a game kept in this tab only says so beside Save (walk of session 50)
        self.game_links: dict[str, str] = {}  # the tokens of the stored game this page created: side or "watch"
        self._watcher: Any = None

    def _save_row(self) -> w.Box:
        """Save and Load side by side (Load shown without ipywidgets' file count)."""
        style = w.HTML(UPLOAD_STYLE, layout=w.Layout(width="0px", height="0px", margin="0"))
        return w.HBox([self.save_link, self.upload, style, self.tab_note])

    def _log_box(self) -> w.Box:
        """The summary of what happened since your last decision, then the log in a scrolling box."""
        return w.VBox([self.summary, self.why, w.Box([self.log_html], layout=w.Layout(
            max_height="260px", overflow="auto", width="100%", border="1px solid #ccc"))])

    # --- state ---------------------------------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The game as it stands now."""
        return self.states[-1]

    def shown(self) -> Any:
        """The state on the map: the game, or the step chosen on the replay slider."""
        return self.states[self.viewing] if self.viewing is not None else self.game

    def computer_to_play(self, game: Any = None) -> bool:
        """Whether the side to decide is played by the computer here (in a stored game the store plays it)."""
        g = game or self.game
        if self.seat is not None:
            return False
        return not g.over and self.players.get(g.active, PERSON) != PERSON

    def _computer_level(self, side: str) -> str | None:
        """The level the computer plays `side` at here (a stored game's computer too), None for a person."""
        level = self.players.get(side)
        return level if level in LEVELS else None

    def _stored_decision(self, step: int) -> Any:
        """A stored game's computer decision `step`, as the store works it out (None if it cannot be read)."""
        try:
            return self.seat.decision(step)
        except StoreError:
            return None

    def who_decides(self, game: Any = None) -> str:
        """The banner's sentence on who is to decide: you, the computer or the other player; a spectator watches."""
        g = game or self.game
        if self.seat is not None:
            if self.seat.watching:
                return f"{g.label(g.active)} to decide; you are watching."
            if g.active == self.seat.side:
                return "It is your turn to decide."
            level = self.players.get(g.active)
            return ("It is up to the computer to decide." if level not in (PERSON, OTHER, None) else
                    f"It is up to the other player ({g.label(g.active)}) to decide.")
        return "It is up to the computer to decide." if self.computer_to_play(g) else "It is your turn to decide."

    def may_decide(self) -> bool:
        """Whether this browser may take the decision open now (its side's turn; a spectator never)."""
        g = self.game
        if g.over or self.viewing is not None:
            return False
        if self.seat is not None:
            return not self.seat.watching and g.active == self.seat.side
        return not self.computer_to_play(g)

    def _name_players(self, sides: list[tuple[str, str]], players: dict[str, str] | None = None) -> None:
        """Label the two player pickers with the sides (key, label); the first side a person, the second the
        computer (novice, the opponent for a first game, W22) unless `players` says otherwise."""
        for i, (pick, (key, label)) in enumerate(zip(self.player_picks, sides, strict=True)):
            pick.description = f"{label} played by"
            want = (players or {}).get(key)
            pick.value = want if want is not None else (PERSON if i == 0 else "novice")

    def _set_quietly(self, widget: w.Widget, handler: Any, value: Any) -> None:
        """Set a widget's value without running its observer."""
        widget.unobserve(handler, names="value")
        widget.value = value
        widget.observe(handler, names="value")

    # --- new game ------------------------------------------------------------------------------------------------
    @guarded()
    def _on_start(self, _button: Any = None) -> None:
        self.start()

    def in_progress(self) -> bool:
        """Whether a game is running, unfinished, with at least one decision taken (a new one would throw it away)."""
        return not self.game.over and any(a != COMPUTER for a in self.actors[1:])

    def start(self) -> None:
        """Start a new game with the set-up's choices; over a game in progress only at the second click (the first
        one asks), so one stray click never throws a game away."""
        if self.ASK_BEFORE_ABANDON and self.in_progress():
            if not self._abandon_asked:  # a double click asks once: its second click never arrives (ClickButton)
                self._abandon_asked = True
                self.start_button.description, text = abandon_words(
                    self.seat, self.NOUN, f"{self.TURN_WORD} {self.game.turn}, {self.game.phase} phase")
                self.message.show(text, "refusal")  # a stored game is not thrown away: left (walk 29, finding 9)
                return
        self._forget_abandon()
        seed = self.seeds.next_seed()  # a fresh one unless the player chose it (W22)
        if not isinstance(seed, int):
            self.message.show("The seed is a whole number.", "refusal")
            return
        game = self._new_game(seed)
        if game is not None:
            self.local_only = False
            self._begin(game)
            self.scroll_to_banner()

    def scroll_to_banner(self) -> None:
        """Scroll the page so that the banner is at the window's top: a game was started by a click, and its banner,
        hint and map matter now, not the set-up above them (walk of session 52)."""
        self._scrolls += 1
        self.page_scroll.value = scroll_to_top_of("centurion-banner", self._scrolls)

    def _new_game(self, seed: int) -> Any:
        """The game the set-up asks for (None after a refusal shown)."""
        raise NotImplementedError

    def _forget_abandon(self) -> None:
        """Take back the question 'abandon the game in progress?' (Start asks it again next time)."""
        self._abandon_asked = False
        self.start_button.description = self.START_LABEL

    def _begin(self, game: Any, history: list[Any] | None = None, seat: Seat | None = None) -> None:
        """Start playing `game` (or the replayed `history` ending in it) with the players picked; with `seat`, a
        game kept on the server, seen from that seat."""
        self.players = {key: pick.value for pick, key in zip(self.player_picks, self._side_keys(game), strict=True)}
        self._forget_abandon()
        self.states = history or [game]
        self.actors = [None] * len(self.states)
        self._set_seat(seat)
        self.selected = None
        self.viewing = None
        self.why.show(None)  # no decision of the computer's yet in this game (issue 25)
        self._reset(game)
        self.message.show(f"{game.scenario.title}: {game.scenario.description}", "info")
        if self.seat is None and self.computer_to_play() and self._storing():
            self._store_game()  # the computer moves first: its decisions are the store's to roll and keep
        if self.computer_to_play():  # the new game's map and an empty result box first: the computer may play it all
            self._refresh()
        self._run_computer()
        self._refresh()

    def _side_keys(self, game: Any) -> list[str]:
        """The keys of the game's two sides, in the order of the player pickers."""
        return list(game.sides)

    def _reset(self, game: Any) -> None:
        """What a page clears when a game begins (a picked hex, a clock)."""

    # --- the computer's turn -------------------------------------------------------------------------------------
    def _run_computer(self) -> None:
        """Let the computer take its decisions until a person is to decide or the game is over."""
        decided = 0
        while self.computer_to_play() and (self.COMPUTER_STEPS is None or decided < self.COMPUTER_STEPS):
            g = self.game
            self._thinking(g, decided)
            if not self._take(self._bot(g, self.players[g.active]), COMPUTER):
                break  # the refusal is shown; asking again would get the same answer
            self.states[-1] = self.why.explain(g, self.states[-1])  # the log line says why (issue 25)
            decided += 1

    def _thinking(self, game: Any, decided: int) -> None:
        """Show that the computer is thinking (the page's progress)."""

    def _bot(self, game: Any, level: str) -> Any:
        """The computer's decision at this level."""
        raise NotImplementedError

    def _take(self, action: Any, actor: str) -> bool:
        """Apply a decision and record who took it; a refusal is shown and changes nothing. A served page's first
        decision puts the game in the store; a stored game's decisions are the store's to check, roll and keep."""
        if self.seat is None and self._storing() and not self._store_game():
            return False
        if self.seat is not None:
            return self._take_stored(action, actor)
        try:
            nxt = self.game.apply(action)
        except IllegalAction as exc:
            self.message.show(f"Refused: {exc}", "refusal")
            return False
        self.states.append(nxt)
        self.actors.append(actor)
        return True

    # --- choosing and confirming ---------------------------------------------------------------------------------
    @guarded()
    def _on_choice(self, change: dict) -> None:
        self._show_preview()

    def _show_preview(self) -> None:
        """Describe the decision picked in the list."""

    @guarded()
    def _on_confirm(self, _button: Any = None) -> None:
        if clock() - self._choices_shown_at < LIST_CHANGED_SECONDS:
            # the list changed just before this click arrived: the player cannot have seen what is now selected
            # (a click queued while the previous decision was being played), so nothing is decided
            self.message.show("The list of decisions changed just before your click, so nothing was decided: look "
                              "at the new list and click Confirm again.", "refusal")
            return
        self.confirm()

    def confirm(self) -> Any:
        """Take the decision picked in the list, then let the computer answer."""
        raise NotImplementedError

    # --- undo ----------------------------------------------------------------------------------------------------
    @guarded()
    def _on_undo(self, _button: Any = None) -> None:
        self.undo()

    def _undo_point(self) -> int | None:
        """The state before the person's last decision, if no die was rolled since (else None)."""
        raise NotImplementedError

    def _draw_undo(self) -> None:
        """The Undo button: off, saying why, in a game kept on the server (issue 24); else on while it can undo."""
        kept = self.seat is not None
        point = None if kept else self._undo_point()
        self.undo_button.disabled = kept or point is None
        self.undo_button.description = STORED_UNDO[0] if kept else self.undo_label
        self.undo_button.tooltip = (STORED_UNDO[1] if kept else "take back your last decision (no dice rolled yet)"
                                    if point is not None else UNDO_OFF)  # why it is off (walk of session 52)

    def undo(self) -> bool:
        """Take back the person's last decision while no dice have been rolled for it (or after it)."""
        if self.seat is not None:
            self.message.show(STORED_UNDO[1], "refusal")
            return False
        at = self._undo_point()
        if at is None:
            self.message.show(self.UNDO_NONE, "refusal")
            return False
        del self.states[at + 1:]
        del self.actors[at + 1:]
        self.selected = None
        self._after_undo()
        self._refresh()
        return True

    def _after_undo(self) -> None:
        """What a page says or clears after an undo."""
        self.message.show(self.UNDO_DONE, "info")

    # --- replay --------------------------------------------------------------------------------------------------
    @guarded()
    def _on_replay(self, change: dict) -> None:
        n = change["new"]
        self.viewing = None if n >= len(self.states) - 1 else n
        self.selected = None
        self._refresh()

    @guarded()
    def _on_replay_back(self, _button: Any = None) -> None:
        self.viewing = None
        self.selected = None
        self._refresh()

    def _replay_row(self) -> w.Box:
        """The replay slider and, while an earlier step is shown, the button back to the game now."""
        return w.HBox([self.replay, self.replay_back]) if self.replay is not None else w.HBox([])

    def _draw_replay(self) -> None:
        """The slider at the step shown, its end the game now; the way back while an earlier step is shown."""
        self.replay_back.layout.display = None if self.viewing is not None else "none"
        if self.replay is None:
            return
        self.replay.unobserve(self._on_replay, names="value")
        self.replay.max = len(self.states) - 1
        self.replay.value = self.viewing if self.viewing is not None else len(self.states) - 1
        self.replay.observe(self._on_replay, names="value")

    # --- save and load -------------------------------------------------------------------------------------------
    def _draw_save_link(self) -> None:
        """The download link of the game now (its versioned save); a stored game's record once it is over; and the
        running game's seed beside the Seed box (W22)."""
        self.save_link.value = save_link_html(self, SAVE_BUTTON)
        self.seeds.show(self.game, hidden=self.seat is not None or self._storing())  # the server rolls a kept game

    @guarded()
    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if files:
            try:
                self.load_text(bytes(files[0]["content"]), files[0].get("name", f"saved {self.NOUN}"))
            finally:  # the button forgets the file: no "(1)" beside it, and the same file loads again (walk 33)
                self.upload.value = ()

    def load_text(self, data: bytes | str, name: str | None = None) -> bool:
        """Load a saved game (through the upload guard; a bad file changes nothing)."""
        name = name or f"saved {self.NOUN}"
        try:
            game = load(data, name)
        except SaveError as exc:
            self.message.show(f"Not loaded: {exc}", "refusal")
            return False
        other = self._other_save(game, data, name)
        if other is not None:
            return other
        self.local_only = True  # a loaded save is played here: its seed is known
        self._set_seat(None)
        states = replayed(self._fresh(game), game, data)  # with the computer's reasons the save kept (issue 25)
        self.seeds.loaded(game.seed)
        self._restore_setup(game)
        who = restore_players(self, game, data)  # who played each side, as the save says (W3)
        self._begin(states[-1], states)
        where = (f"the game is over ({self.TURN_WORD} {game.turn})" if game.over else
                 f"{self.TURN_WORD} {game.turn}, {game.phase} phase")  # never "over phase" (walk of session 30)
        self.message.show(f"Loaded {name}: {where}; {who}.", "info")
        return True

    def _other_save(self, game: Any, data: bytes | str, name: str) -> bool | None:
        """A save this page does not play itself: handled here (its result), or None to load it."""
        return None

    def _fresh(self, game: Any) -> Any:
        """The saved game's first state (its scenario, seed and rules), to replay its decisions on."""
        raise NotImplementedError

    def _restore_setup(self, game: Any) -> None:
        """Put the saved game's scenario and players in the set-up."""

    # --- drawing -------------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        raise NotImplementedError

    @guarded()
    def _on_hints(self, _change: dict) -> None:
        self._refresh()

    def hint(self) -> str:
        """The hint under the banner for a Centurion game: what to click now and why (empty when switched off)."""
        g = self.game
        if self.viewing is not None or not isinstance(g, Skirmish):
            return ""
        speed, movers = getattr(self, "speed", None), {v.key for v in g.movers()} if g.phase == "movement" else ()
        moves = speed.moves_for(g, self.selected) if speed is not None and self.selected in movers else None
        picked = speed.value if speed is not None and isinstance(speed.value, int) and moves is not None else None
        return hint_html(g, self.selected, getattr(self, "target_hex", None), self.may_decide(),
                         self.hints_toggle.value, moves, watching=self.seat is not None and self.seat.watching,
                         picked=picked)

    @guarded()
    def _on_end_phase(self, _button: Any = None) -> None:
        self.end_phase()

    def end_phase(self) -> bool:
        """End this side's End Phase (the game's own EndTurn decision), then let the computer answer (W23)."""
        a = phase_end_action(self.game) if self.may_decide() else None
        if a is None:
            self.message.show("There is no End Phase of yours to end now (CEN-SEQ-1).", "refusal")
            return False
        before, picked = self.game, self.chosen() if hasattr(self, "chosen") else None
        if not self._take(a, PERSON):
            return False
        self.selected = None
        unlaid = (f" The charge picked in the list ({before.describe(picked)}) was not laid: only Confirm lays it."
                  if isinstance(picked, Smoke) else "")  # walk of session 52: it looked laid
        self.message.show(f"Done ({before.label(before.active)}): {before.describe(a)}.{unlaid}", "info")  # walk 52
        self._run_computer()
        self._refresh()
        return True

    def _draw_log(self, g: Any) -> None:
        """The summary since the person's last decision, and the game's log: the latest decision first, each
        followed by its dice and what came of it, in both games (W25)."""
        self.summary.value = summary_html(page_summary(self), summary_title(self))
        step = self.viewing if self.viewing is not None else len(self.states) - 1
        self.why.follow(self.states, step, self._computer_level,  # as of the step the map shows (issue 25)
                        self._stored_decision if self.seat is not None else None)
        self.end_phase_button.layout.display = None if (
            self.viewing is None and self.may_decide() and phase_end_action(self.game) is not None) else "none"
        hide = g.seed is not None and not g.over and (self.seat is not None or self._storing())  # W22: the server
        lines = newest_first((masked_log(g.log, g.seed) if hide else g.log)[-LOG_LINES:])  # a kept game's seed hidden
        gone = len(g.log) - LOG_LINES  # said, not silently dropped (walk of session 31)
        kept = ("the replay slider goes back to any step, and the save file keeps every decision to replay the "
                "whole game" if self.replay is not None else "the save file keeps every decision to replay the game")
        tail = f"\n… {gone} earlier lines are not shown here: {kept}." if gone > 0 else ""
        passes = ROLL_PASSES_CENTURIA if g.system == "centuria" else ROLL_PASSES
        self.log_html.value = ('<div style="font-size:12px;font-family:monospace;line-height:1.35;'
                               'white-space:pre-wrap"><b>Log, latest first</b> (each decision with its dice and '
                               f'results under it; {passes})\n' + html.escape(in_words("\n".join(lines)) + tail)
                               + "</div>")

# what "vs target" means in each game's log (walk of session 49: the same words, opposite senses)
ROLL_PASSES = "a roll with a target succeeds at or under it: d10 DIE-10, a 1 always and a 10 never; d100 DIE-100"
ROLL_PASSES_CENTURIA = "a roll with a target succeeds over it: d20 DIE-20"

__all__ = ["BattlePage", "COMPUTER", "PERSON", "ROLL_PASSES", "ROLL_PASSES_CENTURIA"]
