"""SkirmishTable: a whole game of Centurion on one page, hot-seat or against the computer (issue 14).

A view over `centurion.game`: every list of choices and every highlight comes from the game's own functions
(`legal_actions`, `move_options`, `attack_set`, `paint_attempt`), the same ones `apply` checks against, and
every click goes through `Skirmish.apply`, which refuses what the rules refuse. Callbacks are guarded: a
failure shows a message, never a traceback.
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..data import terrain_table
from ..data.scenarios import shipped_scenario
from ..game import (
    LEVELS,
    Fire,
    March,
    Move,
    OpportunityFire,
    Paint,
    Skirmish,
    SquadFire,
    bot_action,
    new_skirmish,
    scenarios,
)
from ..game.actions import Action, EndTurn, LetPass, Smoke, Watch
from ..game.summary import initiative_note
from ..game.variants import occupy_parts
from ..game.wording import plural
from ..hexgrid import Hex, format_label, parse_label
from ..variants.ruleset import RuleSet
from .battle_page import PERSON, BattlePage
from .centuria_skirmish import CenturiaSkirmishTable
from .fire_picker import FirePicker
from .hexmap import BATTLE_MAP_HEIGHT, HexMapView, Overlay
from .hints import not_moving_note, stack_note
from .move_speed import ANY, SpeedChoice, safest_first
from .occupy_choice import PositionChoice
from .page_seed import SeedChoice
from .phase_end import with_phase_end
from .reference import link_rules
from .safety import clock, guarded
from .skirmish_text import (
    PLAYED_VARIANTS,
    VARIANT_NOTE,
    decision_label,
    idle_note,
    preview_lines,
    rules_line_html,
    scenario_options,
    unit_html,
    variant_options,
    variant_title,
    victory_html,
    walk_refusal,
)
from .turn_summary import (
    OPPORTUNITY_SHOT,
    add_marks,
    key_html,
    page_summary,
    stack_cycle,
    unit_counters,
    units_here,
    watch_outlines,
)

SIDE_COLORS = ("#1f4e9c", "#a11d1d")
PLAYERS = [("a person", PERSON)] + [(f"the computer ({name})", name) for name in LEVELS]
PARTIAL_COLOR = "#00acc1"  # the outline of a partly covered hex (VAR-OCCUPY)


class SkirmishTable(PositionChoice, BattlePage):
    """The Skirmish page: set-up, banner, map, the decisions open now, log with replay, undo, save and load."""

    def __init__(self, scenario: str = "meeting", seed: int | None = None,
                 players: dict[str, str] | None = None) -> None:
        self._build_common(start_layout=w.Layout(width="170px"), undo_layout=w.Layout(width="180px"),
                           confirm_layout=w.Layout(width="140px"))
        self.scenario_pick = w.Dropdown(options=scenario_options(), value=scenario, description="Scenario",
                                        style={"description_width": "70px"},
                                        layout=w.Layout(width="430px"))  # the longest title whole (S29 walk)
        self.seed_box = w.IntText(value=seed, description="Seed", style={"description_width": "40px"},
                                  layout=w.Layout(width="150px"))
        self.seeds = SeedChoice(self.seed_box, seed)  # a fresh seed each game unless chosen (W22)
        self.player_picks = [w.Dropdown(options=PLAYERS, layout=w.Layout(width="480px"),  # no side name cut (W13)
                                        style={"description_width": "270px"}) for _ in range(2)]
        self.variant_picks = w.SelectMultiple(options=variant_options(), value=(), rows=6,
                                              description="Variant rules", style={"description_width": "90px"},
                                              layout=w.Layout(width="980px", max_width="100%"))
        self.variant_note = w.HTML(VARIANT_NOTE)
        self._choice_labels: list[str] = []
        self.scenario_pick.observe(self._on_scenario, names="value")
        self.rules_line = w.HTML()  # the running game's rule set (its switches), under the banner
        self.rules_line.add_class("centurion-rules-line")
        self.variant_picks.observe(self._on_variant_picks, names="value")
        # VAR-OCCUPY: where the picked move stands in its partly covered end hex (shown only for such a move)
        self.position_toggle = w.ToggleButtons(options=[("stand in the woods", "in"), ("out in the open part", "out")],
                                               value="in", style={"button_width": "135px"},
                                               tooltips=["in the covering terrain: its cover and sight (VAR-OCCUPY)",
                                                         "in the open part of the hex (VAR-OCCUPY)"],
                                               layout=w.Layout(display="none"))
        self.position_toggle.add_class("centurion-position")
        self.position_toggle.observe(self._on_position, names="value")
        self._positioned: dict[int, Move] = {}  # the listed move at this index with the position the player chose
        # a vehicle's fire declaration: which of its weapons that bear fire, the Gauss shell, the missiles' second
        # target (book-a §8.2-8.3, E17), and the weapons that do not bear with why
        self.fire_picker = FirePicker(self._on_fire_pick)
        self.fire_weapons, self.fire_shell, self.fire_note = (self.fire_picker.weapons, self.fire_picker.shell,
                                                              self.fire_picker.note)
        self.speed = SpeedChoice(on_change=self._on_speed)  # the end velocity of the moves listed and shaded (W8)
        # where the eye is (W14): the decisions, Confirm and the messages first, beside the map; the unit below
        panel = w.VBox([w.HTML("<b>What you may do now</b>"), self.speed, self.choice, self.fire_picker,
                        w.HBox([self.confirm_button, self.end_phase_button, self.position_toggle],
                               layout=w.Layout(flex_flow="row wrap")), self.message, self.preview,
                        w.HTML("<b>Selected unit</b>"), self.unit_info])
        self.target_hex: Hex | None = None
        self.centuria: CenturiaSkirmishTable | None = None  # the Centuria page, while one of its battles is chosen
        self._centuria_kept: CenturiaSkirmishTable | None = None  # that page, kept while the Centurion table shows
        is_centuria = scenario in scenarios("centuria")
        game = new_skirmish("meeting" if is_centuria else scenario, seed=self.seed_box.value)
        self.map = HexMapView(game.battlemap, terrain_table(), side_panel=panel)
        self.map.map_box.layout.max_height = BATTLE_MAP_HEIGHT  # with banner and hint on one screen (item 5)
        self.map.on_hex_click(self._on_hex)
        self.map.hex_details = self._hex_details  # names a partly covered hex (VAR-OCCUPY)
        self._label_players(game.scenario.key, players)
        # the fan variants fold away (closed, its title naming the picks) so the map starts on a laptop's first screen
        self.variant_box = w.Accordion(children=[w.VBox([self.variant_picks, self.variant_note])], selected_index=None,
                                       layout=w.Layout(width="980px", max_width="100%"))
        self.variant_box.add_class("centurion-variant-box")
        self.variant_box.set_title(0, variant_title(()))
        setup = w.VBox([w.HBox([self.scenario_pick, self.seed_box, *self.seeds.widgets]), w.HBox(self.player_picks),
                        self.variant_box, w.HBox([self.start_button, self.undo_button, self.hints_toggle]),
                        self.page_scroll])
        super().__init__([setup, self.banner, self.links, self.rules_line, self.victory, self.map_key, self.map,
                          self._save_row(), self._replay_row(), self._log_box()])
        self.add_class("centurion-skirmish")
        self._centurion_children = self.children
        self._begin(game)
        if is_centuria:
            self._show_centuria(scenario, players)
        self._open_address()  # `?game=…&seat=…`: a game kept on the server, at its current step (issue 24)

    def _show_centuria(self, scenario: str, players: dict[str, str] | None = None) -> None:
        """Put the Centuria battle page in place of the Centurion table; its own battle list is hidden, this page's
        Scenario list stays on top (one list on screen: walk of session 30). The page is built once and kept, so a
        battle under way survives a look at the Centurion scenarios, as a Centurion game survives a look at these
        battles; picking another battle names its sides and Start begins it (as on the Centurion table)."""
        if self._centuria_kept is None:
            page = CenturiaSkirmishTable(scenario, seed=None if self.seeds.fresh.value else self.seed_box.value,
                                         players=players)
            page.scenario_pick.layout.display = "none"
            page.scenario_pick.observe(self._on_centuria_scenario, names="value")
            self._centuria_kept = page
        else:
            self._centuria_kept.scenario_pick.value = scenario
        self.centuria = self._centuria_kept
        self.children = (w.HBox([self.scenario_pick]), self.centuria)

    def _show_centurion(self) -> None:
        """Back to the Centurion table as it was (the Centuria page is kept, hidden, with its battle)."""
        if self.centuria is not None:
            self.centuria = None
            self.children = self._centurion_children

    @guarded()
    def _on_centuria_scenario(self, change: dict) -> None:
        self.scenario_pick.unobserve(self._on_scenario, names="value")
        self.scenario_pick.value = change["new"]
        self.scenario_pick.observe(self._on_scenario, names="value")

    # --- set-up ------------------------------------------------------------------------------------------------
    def _label_players(self, scenario: str, players: dict[str, str] | None = None) -> None:
        self._name_players([(side.key, side.label) for side in shipped_scenario(scenario).sides], players)

    @guarded()
    def _on_scenario(self, change: dict) -> None:
        if change["new"] in scenarios("centuria"):
            self._show_centuria(change["new"])
            return
        self._show_centurion()
        self._label_players(change["new"])

    def in_progress(self) -> bool:
        """Whether a game is running, unfinished, with at least one decision taken (a new one would throw it away)."""
        return self.centuria is None and super().in_progress()

    def _new_game(self, seed: int) -> Skirmish | None:
        try:
            variants = RuleSet.from_names(self.variant_picks.value).names
        except ValueError as exc:
            self.message.show(f"Variant rules: {exc}", "refusal")
            return None
        return new_skirmish(self.scenario_pick.value, seed=seed, variants=variants)

    @guarded()
    def _on_variant_picks(self, _change: dict) -> None:
        self.variant_box.set_title(0, variant_title(self.variant_picks.value))  # the folded picker names the picks
        self._draw_rules_line()

    def _draw_rules_line(self) -> None:
        """Name the running game's switches, and say when the picks differ: they apply to the next game (VAR-*)."""
        self.rules_line.value = rules_line_html(self.game.variants, self.variant_picks.value)

    def _side_keys(self, game: Skirmish) -> list[str]:
        return [side.key for side in game.scenario.sides]

    def _reset(self, game: Skirmish) -> None:
        self.target_hex = None

    def _bot(self, game: Skirmish, level: str):
        return self.why.decide(game, level, bot_action)  # its reason kept for the log and 'Why?' (issue 25)

    def _thinking(self, g: Skirmish, decided: int) -> None:
        """The units where they stand, once a phase (cheap), and the banner: the computer is thinking."""
        if (g.turn, g.phase) != getattr(self, "_thinking_stage", None) or decided == 0:
            self._thinking_stage = (g.turn, g.phase)
            self._draw_units(g)
        self.banner.value = (f'<div class="centurion-thinking" style="padding:6px;background:#fff3cd">'
                             f"{html.escape(g.label(g.active))} (the computer) is thinking… turn {g.turn} of "
                             f"{g.scenario.turns}, {g.phase_name()}; {plural(decided, 'computer decision')} so "
                             "far</div>")

    def _refresh(self) -> None:
        g = self.shown()
        if self.viewing is None and (g.turn, g.phase) != getattr(self, "_stage", None):  # a new phase lists every
            self._stage = (g.turn, g.phase)  # unit's decisions, not the one clicked in the last (walk 34: only the
            if self.selected == getattr(self, "_shown_selected", None):  # squad's paints showed, three tanks
                self.selected = None  # could paint too); a unit clicked since the last drawing stays selected
        self._shown_selected = self.selected
        self._draw_save_link()  # first: once the banner says the new state, the save link already holds it
        self.map.show_map(g.battlemap)  # craters dug, smoke laid or lifted, another scenario
        self._draw_units(g)
        self.map.show_info()  # the hex panel as the game now stands (a unit moved in or out, the ruler's start)
        self.speed.set_for(g, self.selected, g.move_options(self.selected) if self.viewing is None and g.phase ==
                           "movement" and self.selected in {v.key for v in g.movers()} else None)
        self._draw_replay()  # before the banner: a reader (and the browser test) that sees "Replay" finds the way back
        self._draw_banner(g)
        self._draw_rules_line()
        self._fill_choices()
        self._draw_unit_info()
        self._draw_overlay()
        self._draw_log(g)
        self._draw_victory()
        self._draw_undo()  # off, saying why, in a game kept on the server

    def _draw_units(self, g: Skirmish) -> None:
        self.map.set_counters(unit_counters(g, self.selected, SIDE_COLORS))  # wrecks, damage and stack marks (W4)

    def _draw_banner(self, g: Skirmish) -> None:
        text = g.banner() + (" " + initiative_note(g) if initiative_note(g) else "")  # who won and why (W7)
        if self.viewing is not None:
            text = f"Replay: step {self.viewing} of {len(self.states) - 1}. " + text + \
                   " Move the slider to the end, or click 'Back to the game', to play on."
        elif not g.over:
            text += f" ({self.who_decides(g)})"
        colour = "#e8f0fe" if g.over or g.active is None else ("#dbe6fb" if g.active == g.sides[0] else "#f6dcdc")
        self.banner.value = (f'<div class="centurion-banner-text" style="padding:6px;background:{colour};'
                             f'font-size:15px;line-height:1.45">{link_rules(html.escape(text))}</div>'
                             + self.hint())  # item 4

    def _draw_victory(self) -> None:
        self.victory.value, self.map_key.value = victory_html(self.game), key_html(self.game, self.players, SIDE_COLORS)

    def _draw_unit_info(self) -> None:
        self.unit_info.value = unit_html(self.shown(), self.selected)

    # --- choices ---------------------------------------------------------------------------------------------
    def _actions_now(self) -> list:
        """The decisions the list shows: the selected unit's, or every non-move decision open now."""
        g = self.game
        if not self.may_decide():
            return []
        if g.phase == "movement":
            out = []
            if self.selected in {v.key for v in g.movers()} and self.target_hex is not None:
                here = [(m, e) for m, e in self.speed.moves_for(g, self.selected) if e.hex == self.target_hex]
                if self.speed.value == ANY:  # and each end braked as far as it may (walk of session 50)
                    here += [p for p in g.braked_options(self.selected, self.target_hex) if p[0] not in
                             {m for m, _e in here}]
                out = [m for m, _e in safest_first(g, here)]  # the hint's pick first
            others = g.movement_others()
            walks = [a for a in others if isinstance(a, March)]
            if self.target_hex is not None:  # a squad's walk to the clicked hex
                out += [a for a in walks if a.squad == self.selected and a.hex == format_label(self.target_hex)]
            rest = [a for a in others if not isinstance(a, March)]
            mine = [a for a in rest if self.selected in (getattr(a, "unit", None), getattr(a, "squad", None))]
            return out + (mine or rest)
        acts = g.legal_actions()
        if self.selected is None:  # every decision, those of no unit first (end the phase, let a move pass): the
            # default pick decides nothing risky (walk of session 32: with no unit selected the opportunity list
            # held only the pass, read as "no unit" matching the pass's own missing unit)
            return sorted(acts, key=lambda a: getattr(a, "unit", None) is not None)
        if g.phase == "opportunity":  # the pass first whoever is clicked: a click never picks a shot, least of all
            # another unit's (walk of session 51: a click on a watcher with no shot picked T21's fire for T21s)
            return [LetPass()] + [a for a in acts if getattr(a, "unit", None) == self.selected] + [
                a for a in acts if a != LetPass() and getattr(a, "unit", None) != self.selected]
        mine = [a for a in acts if getattr(a, "unit", None) == self.selected]
        listed = with_phase_end(mine, acts)  # the unit's decisions and the end of the phase (W23), else all
        if g.phase == "end":  # the end first: a click never makes a smoke charge the default pick (walk of session
            # 52: a click on T21 picked one of its 20 charges, and after it T22's, one Confirm from laying it)
            return sorted(listed, key=lambda a: not isinstance(a, EndTurn))
        return listed

    def _walkers(self) -> set[str]:
        """Squads that may walk now (their March actions come from the game)."""
        return {a.squad for a in self.game.movement_others() if isinstance(a, March)} if (
            self.game.phase == "movement" and not self.game.over) else set()

    def _label(self, a) -> str:
        return decision_label(self.game, a)

    def _fill_choices(self) -> None:
        acts = self._actions_now()
        labels = [self._label(a) for a in acts]
        if labels != self._choice_labels or acts != getattr(self, "_choices", None):
            self._choices_shown_at = clock()  # a Confirm arriving sooner than a person reacts saw the old list
            self._positioned = {}
        self._choices = acts
        self._choice_labels = labels
        self.choice.unobserve(self._on_choice, names="value")
        self.choice.options = [(label + self._position_note(i), i) for i, label in enumerate(labels)]
        self.choice.value = 0 if acts else None
        self.choice.observe(self._on_choice, names="value")
        self.confirm_button.disabled = not acts
        self._show_preview()

    def chosen(self) -> Action | None:
        """The decision picked in the list, or None; a vehicle's fire with the weapons and shell picked."""
        i = self.choice.value
        if i is not None and i in self._positioned:  # the listed move with the position the player chose
            return self._positioned[i]
        a = self._choices[i] if i is not None and 0 <= i < len(self._choices) else None
        return self.fire_picker.chosen(a)  # a vehicle's fire: the weapons, shell and second target picked

    def _draw_fire_choices(self, a) -> None:
        """Show the weapon and Gauss shell pickers for a vehicle's fire at a target (all weapons that bear and
        HEAP, or AP at infantry, picked by default); hide them otherwise (book-a §8.2-8.3)."""
        g = self.game
        plan = None
        if isinstance(a, Fire) and a.target and not g.over and self.viewing is None \
                and any(v.key == a.unit for v in g.vehicles):
            plan = g.attack_set(g.vehicle(a.unit), a.target) if a == self._listed() else None
        if plan is None:
            self.fire_picker.hide()
        else:
            self.fire_picker.show_for(g, a, plan)

    @guarded()
    def _on_fire_pick(self, _change: dict) -> None:
        self._show_preview()

    def _listed(self):
        """The decision as the list shows it (before any position the player chose), or None."""
        i = self.choice.value
        return self._choices[i] if i is not None and 0 <= i < len(self._choices) else None

    def _show_preview(self) -> None:
        a = self.chosen()
        g = self.game
        self._draw_position_toggle(a)  # hidden unless `a` is a move into a partly covered hex (VAR-OCCUPY)
        self._draw_fire_choices(self._listed())  # hidden unless a vehicle's fire at a target is picked (book-a §8)
        a = self.chosen()
        if a is None:
            if g.phase == "movement" and not self.computer_to_play() and not g.over:
                self.preview.value = ("<i>Click a vehicle of the moving platoon, then one of its shaded end hexes "
                                      "(each shaded hex is a legal end of its move, CEN-GRAV-2).</i>"
                                      + ("<br><i>Hexes outlined in cyan are partly covered: a move ending in one "
                                         "may stand in the cover or out in the open part (VAR-OCCUPY).</i>"
                                         if occupy_parts(g) else ""))
            else:
                self.preview.value = ""
            return
        lines = preview_lines(g, a, self._listed())
        if isinstance(lines, str):
            self.preview.value = lines
            return
        # the picked line in full: the list cuts a long one at its edge (walk of session 32: an opportunity shot)
        picked = f"<b>{html.escape(self.choice.label)}</b>" if self.choice.label else ""
        self.preview.value = link_rules("<div style='font-size:12px'>" + "<br>".join([picked, *lines] if picked
                                                                                     else lines) + "</div>")

    def _relabel(self) -> None:
        """The list's labels with the positions chosen, keeping the pick."""
        i = self.choice.value
        self.choice.unobserve(self._on_choice, names="value")
        self.choice.options = [(label + self._position_note(j), j) for j, label in enumerate(self._choice_labels)]
        self.choice.value = i
        self.choice.observe(self._on_choice, names="value")

    def _hex_details(self, cell) -> list[tuple[str, str]]:
        """The hex panel's extra rows: a partly covered hex's two parts when VAR-OCCUPY is on."""
        part, units = occupy_parts(self.shown()).get(cell.hex), units_here(self.shown(), cell.hex, self.selected)
        if part is None:
            return units
        return units + [("Partly covered (VAR-OCCUPY)", f"{part.terrain.replace('_', ' ')}, level {part.level} / open "
                 f"{part.open.replace('_', ' ')}, level {part.open_level}")]

    def _draw_overlay(self) -> None:
        g = self.shown()
        ov = Overlay(hatch=False)
        for o in g.scenario.objectives:
            ov.outlines.append((o.hex, "#ffbf00"))
        add_marks(ov, g, page_summary(self), SIDE_COLORS)  # moves since your last decision, units hit (W5)
        # partly covered hexes (VAR-OCCUPY): outlined, so they do not pass for hexes the woods fill
        ov.outlines += [(h, PARTIAL_COLOR) for h in occupy_parts(g)]
        ov.outlines += watch_outlines(g)  # units on opportunity fire (walk of session 51: nothing showed them)
        a = self.chosen()
        if self.viewing is None and not g.over:
            if g.phase == "movement" and self.selected in {v.key for v in g.movers()}:
                ov.hatched = self.speed.hatching(g, self.selected)  # red: only a crash landing ends there
            elif g.phase == "movement" and self.selected in self._walkers():
                ov.hatched = [(h, "#2e7d32") for h in g.march_targets(self.selected)]
            if isinstance(a, Move):
                v = g.vehicle(a.unit)
                res = g.resolve_move(v.key, a.move)  # the variant resolver for a lateral shift / emergency turn
                if not isinstance(res, type(None)) and hasattr(res, "entries"):
                    ov.path = [v.hex] + [e.hex for e in res.entries]
            elif isinstance(a, Smoke) and a.hexes:  # the charge's hexes, grey as smoke (book-b §10.2)
                ov.hatched = [(parse_label(h), "#424242") for h in a.hexes]  # dark: seen on a building (walk 52)
            elif isinstance(a, OpportunityFire) and g.pending_move is not None and a.unit in g.combat_units():
                # from the watcher to the hex of the move where the shot is taken, outlined (walk of session 52:
                # the line ran to the mover's end hex, in the trail's red)
                at = g.pending_move[1][a.step - 1][0]
                ov.lines.append((g.combat_units()[a.unit].hex, at, OPPORTUNITY_SHOT))
                ov.outlines.append((at, OPPORTUNITY_SHOT))
            elif isinstance(a, (Fire, SquadFire, Paint)) and getattr(a, "target", None):
                units = g.combat_units()
                if a.unit in units and a.target in units:
                    ov.lines.append((units[a.unit].hex, units[a.target].hex,
                                     "#c00000" if not isinstance(a, Paint) else "#7b1fa2"))
            if g.pending_move is not None:
                ov.path = [h for h, _f in g.pending_move[1]]
        self.map.set_overlay(ov)

    # --- events ----------------------------------------------------------------------------------------------
    def _on_speed(self) -> None:
        """Another end velocity picked: the list keeps to it; with an end hex picked, say whether any move ends
        there at that speed (walk of session 30: an empty list still said "pick one")."""
        self._refresh()
        g, hex_ = self.game, self.target_hex
        if hex_ is None or self.selected not in {v.key for v in g.movers()}:
            return
        if any(e.hex == hex_ for _m, e in self.speed.moves_for(g, self.selected)):
            self.message.show(f"Moves of {self.selected} ending in {format_label(hex_)}: pick one and Confirm.", "info")
        else:
            self.message.show(f"No move of {self.selected} ends in {format_label(hex_)} at end velocity "
                              f"{self.speed.value}: pick another speed or another shaded hex (CEN-GRAV-1).", "refusal")

    @guarded()
    def _on_hex(self, hex_: Hex) -> None:
        self.click(hex_)

    def click(self, hex_: Hex) -> None:
        """A click on the map: select a unit there, or (with a vehicle selected) pick an end hex of its move."""
        g = self.game
        self._forget_abandon()
        if self.viewing is not None:
            self.message.show("You are looking at an earlier step: move the replay slider to the end first.",
                              "refusal")
            return
        movers = {v.key for v in g.movers()}
        if g.phase == "movement" and self.selected in movers and any(
                e.hex == hex_ for m, e in self.speed.moves_for(g, self.selected)):
            unit_here = [v.key for v in g.movers() if v.hex == hex_]
            others = [k for k in stack_cycle(g, hex_) if k != self.selected]  # a squad beside it: a click cycles
            if not unit_here or self.target_hex == hex_ or (unit_here == [self.selected] and not others):
                self.target_hex = hex_
                self.message.show(f"Moves of {self.selected} ending in {format_label(hex_)}: pick one and "
                                  "Confirm.", "info")
                self._refresh()
                return
        if g.phase == "movement" and self.selected in self._walkers() and hex_ in g.march_targets(self.selected):
            self.target_hex = hex_
            self.message.show(f"{self.selected} may walk to {format_label(hex_)}: Confirm to go (CEN-INF-1).", "info")
            self._refresh()
            return
        here = [v.key for v in g.vehicles if v.hex == hex_ and not v.destroyed]
        here += [q.key for q in g.squads if q.hex == hex_ and q.men > 0]
        if here:
            own = stack_cycle(g, hex_)  # the units of a stack, in turn (walk-through 8)
            i = (own.index(self.selected) + 1) % len(own) if self.selected in own else 0
            self.selected = own[i]
            self.target_hex = None
            if g.phase == "movement" and self.selected in self._walkers() and self.may_decide():
                watch = (" (or stand on opportunity fire: stay and fire once at an enemy that moves in its sight, "
                         "CEN-OPP-1)") if Watch(self.selected) in g.movement_others() else ""
                self.message.show(f"{self.selected} may walk: click one of the green hatched hexes (3 movement "
                                  f"points), or pick its decision in the list{watch}, and Confirm (CEN-INF-1).",
                                  "info")
            elif g.phase == "movement" and self.selected not in movers:
                self.message.show(not_moving_note(g, self.selected, self.may_decide()), "info")
            elif (idle := idle_note(g, self.selected)):  # declared for it without a decision (walk of session 30)
                self.message.show(idle, "info")
            else:  # a stack says how to reach its other units (walk-through 8); else no message
                self.message.show(note, "info") if (note := stack_note(g, self.selected)) else self.message.clear()
            self._refresh()
            return
        if g.phase == "movement" and self.selected in self._walkers():  # walk of session 31: it was dropped
            self.target_hex = None
            self._refresh()
            self.message.show(walk_refusal(g, self.selected, hex_), "refusal")
            return
        if g.phase == "movement" and self.selected in movers:
            self.target_hex = None  # the moves of the hex picked before are no longer offered (no stale Confirm)
            self._refresh()
            self.message.show(f"{format_label(hex_)} is not a legal end of {self.selected}'s move: only the "
                              "shaded hexes are (CEN-GRAV-2). Nothing was moved.", "refusal")
        else:
            self.selected = None
            self.target_hex = None
            self.message.clear()  # the last click's note no longer applies (walk of session 50)
            self._refresh()

    @guarded()
    def _on_choice(self, change: dict) -> None:
        self._show_preview()
        self._draw_overlay()

    def confirm(self) -> None:
        """Take the decision picked in the list (the game checks it again), then let the computer answer."""
        self._forget_abandon()
        a = self.chosen()
        if a is None:
            self.message.show("Nothing is picked: choose a decision in the list first.", "refusal")
            return
        before = self.game
        waiting = before.waiting_squads() if before.phase == "movement" else []
        if not self._take(a, PERSON):
            return
        self.selected = None if isinstance(a, Move) else self.selected
        self.target_hex = None
        last = isinstance(a, Move) and [m.key for m in before.movers()] == [a.unit]  # the platoon's last vehicle
        stayed = [k for k in waiting if last]
        self.message.show(f"Done ({before.label(before.active)}): {before.describe(a)}." + (  # whose (walk 52)
            f" {' and '.join(stayed)} stayed where {'they were' if len(stayed) > 1 else 'it was'}: the platoon's "
            "movement ended with its last vehicle's move (CEN-SEQ-2, CEN-INF-1)." if stayed else ""), "info")
        self._run_computer()
        self._refresh()

    def _undo_point(self) -> int | None:
        """The state before the person's last decision, if no die was rolled since (else None)."""
        idx = next((i for i in range(len(self.actors) - 1, 0, -1) if self.actors[i] == PERSON), None)
        if idx is None or self.viewing is not None:
            return None
        before = self.states[idx - 1]
        new_lines = self.game.log[len(before.log):]
        if any(line.startswith("    ") for line in new_lines):
            return None
        return idx - 1

    def _after_undo(self) -> None:
        self.target_hex = None
        super()._after_undo()

    # --- save and load ---------------------------------------------------------------------------------------
    def _other_save(self, game: Skirmish, data: bytes | str, name: str) -> bool | None:
        """A Centuria battle's save: its own page loads it (issue 15)."""
        if game.system == "centuria":
            self._set_quietly(self.scenario_pick, self._on_scenario, game.scenario.key)
            self._show_centuria(game.scenario.key)
            return self.centuria.load_text(data, name)
        self._show_centurion()
        return None

    def _shows(self, state) -> bool:
        """A stored Centuria battle opens on the Centuria page (which reads the same address)."""
        if state.system != "centuria":
            return True
        self._set_quietly(self.scenario_pick, self._on_scenario, state.scenario.key)
        self._show_centuria(state.scenario.key)
        return False

    def _fresh(self, game: Skirmish) -> Skirmish:
        return new_skirmish(game.scenario.key, seed=game.seed, variants=game.variants)

    def _restore_setup(self, game: Skirmish) -> None:
        self._set_quietly(self.scenario_pick, self._on_scenario, game.scenario.key)
        self.variant_picks.value = tuple(n for n in game.variants if n in dict(map(reversed, variant_options())))
        self._label_players(game.scenario.key, {s.key: pick.value for s, pick in
                                                zip(game.scenario.sides, self.player_picks, strict=True)})


__all__ = ["PARTIAL_COLOR", "PERSON", "PLAYED_VARIANTS", "VARIANT_NOTE", "SkirmishTable"]
