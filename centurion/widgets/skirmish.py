"""SkirmishTable: a whole game of Centurion on one page, hot-seat or against the computer (issue 14).

A view over `centurion.game`: every list of choices and every highlight comes from the game's own functions
(`legal_actions`, `move_options`, `attack_set`, `paint_attempt`), the same ones `apply` checks against, and
every click goes through `Skirmish.apply`, which refuses what the rules refuse. Callbacks are guarded: a
failure shows a message, never a traceback.
"""

from __future__ import annotations

import base64
import html
import time
from dataclasses import replace
from fractions import Fraction

import ipywidgets as w

from ..data import terrain_table
from ..data.scenarios import shipped_scenario
from ..game import (
    LEVELS,
    Fire,
    IllegalAction,
    March,
    Move,
    OpportunityFire,
    Paint,
    SaveError,
    Skirmish,
    SquadFire,
    bot_action,
    load,
    new_skirmish,
    scenarios,
)
from ..game.actions import SelfDestruct
from ..game.ramming import ram_when
from ..game.variants import end_position, occupy_parts
from ..hexgrid import Hex, format_label
from ..rules import Refusal, lift_cost
from ..rules.targets import weapon_family
from ..variants import assign_crew
from ..variants.movement import VariantResolvedMove
from ..variants.ruleset import OPTION_TEXT, OPTIONS, VARIANTS, RuleSet
from .centuria_skirmish import CenturiaSkirmishTable
from .hexmap import Counter, HexMapView, Overlay
from .reference import link_rules
from .safety import DOUBLE_CLICK_SECONDS, MessageArea, guarded, once_per_click

SIDE_COLORS = ("#1f4e9c", "#a11d1d")
PERSON = "person"
PLAYERS = [("a person", PERSON)] + [(f"the computer ({name})", name) for name in LEVELS]
FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
PARTIAL_COLOR = "#00acc1"  # the outline of a partly covered hex (VAR-OCCUPY)


#: the variant switches the skirmish turn plays so far (the others are stored and saved but play as basic rules)
PLAYED_VARIANTS = ("VAR-INIT", "VAR-OCCUPY", "VAR-MOVETYPE", "VAR-LATERAL", "VAR-EMERGENCY", "VAR-RAM",
                   "VAR-SELFDESTRUCT", "VAR-SALVO", "VAR-SHIELD", "VAR-SPEEDMOD", "VAR-WEAPONS")
VARIANT_NOTE = ("<small>Hold Ctrl to pick several fan variants (seed 001, off by default; chapter 'Variant rules'). "
                "<b>The picks apply to the next game you start</b>; the line under the banner names the running "
                "game's rules. "
                f"The turn plays every switch ({', '.join(PLAYED_VARIANTS)}) and the log names the variant behind "
                "each roll it changes. VAR-SALVO never comes up here: no vehicle of these scenarios carries two "
                "identical direct-fire mounts.</small>")


def _variant_options() -> list[tuple[str, str]]:
    """The switches offered at set-up: one entry per switch, one per sub-option (VAR-MOVETYPE) (VAR-*)."""
    out = []
    for rule, text in VARIANTS.items():
        for opt in OPTIONS.get(rule, (None,)):
            if opt:  # the sub-option's own words first, so the entries differ where the list cuts them off
                out.append((f"{rule}:{opt}: {OPTION_TEXT[(rule, opt)]} ({text})", f"{rule}:{opt}"))
            else:
                out.append((f"{rule}: {text}", rule))
    return out


def _scenario_options() -> list[tuple[str, str]]:
    """Every shipped scenario: Centurion's, then Centuria's battles (issue 15), marked as such."""
    centuria = set(scenarios("centuria"))
    return [(f"{new_skirmish(k).scenario.title} (Centuria)" if k in centuria else shipped_scenario(k).title, k)
            for k in scenarios("all")]


def _ram_text(g: Skirmish, a: Move) -> str:
    """', rams X: odds and damage' for a ram move (the game's own odds, VAR-RAM); '' for any other move."""
    if not a.ram:
        return ""
    from ..game.ramming import ram_preview

    odds = ram_preview(g, a)
    return f", RAMS {a.ram}" + (f": {odds.describe()}" if odds is not None else "")


def _crew_roles(g: Skirmish, unit: str, plan) -> list[str]:
    """'the gunner fires: ' / 'the commander fires: ' for each weapon of the crew's fire plan, in order, from the
    game's crew assignment (VAR-WEAPONS, `assign_crew`); '' each when the switch is off."""
    if not g.rules.enabled("VAR-WEAPONS"):
        return [""] * len(plan.attacks)
    sheet = g.vehicle(unit).sheet
    roles = assign_crew(g.rules, [weapon_family(ra.weapon) for ra in plan.attacks], gunner=sheet.able("gunner"),
                        commander=sheet.able("commander"), painted=unit in {p for p, _t in g.paints})
    return [f"the {role} fires [VAR-WEAPONS]: " if role else "nobody of the crew may fire [VAR-WEAPONS]: "
            for role in roles]


def _pct(p: Fraction) -> str:
    return f"{p} = {float(p):.0%}"


def _variant_tags(end) -> str:
    """' [VAR-LATERAL, VAR-EMERGENCY]' naming the variants the end state's path uses (the game's search); ''."""
    rules = getattr(end.safest, "variant_rules", ())
    return f" [{', '.join(rules)}]" if rules else ""


def _variant_steps(r: VariantResolvedMove) -> list[str]:
    """The variant resolver's steps of a move, one line each with its tag: lateral shifts, emergency turns with
    their vane odds, the terrain surcharge burned or paid in thrust, positions declared (VAR-LATERAL,
    VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY)."""
    out = [f"lateral shift {s.side} at step {s.step}: {format_label(s.from_hex)} to {format_label(s.to_hex)}, "
           f"{s.thrust} TP + {s.vp} VP [VAR-LATERAL]" for s in r.shifts]
    for em in r.emergencies:
        o = em.odds
        out.append(f"emergency turn {em.side} in {format_label(em.hex)} after {em.straight} hex(es) straight (the "
                   f"table asks {em.required}): {em.thrust} TP into the vane; the vane comes through unharmed "
                   f"{_pct(o.p_unharmed)}, burns out {_pct(o.p_burnout)}, loses a box {_pct(o.p_box_lost)}, is out "
                   f"for a turn {_pct(o.p_short)} [VAR-EMERGENCY]")
    if r.terrain_surcharge:
        if r.terrain_thrust:
            out.append(f"terrain surcharge {r.terrain_surcharge} VP paid in thrust: {r.terrain_thrust} TP "
                       "[VAR-MOVETYPE]")
        else:
            out.append(f"terrain surcharge {r.terrain_surcharge} VP burned off the end velocity: {r.burned} "
                       "burned [VAR-MOVETYPE]")
    out += [f"position declared in {format_label(h)}: {pos} ({terrain.replace('_', ' ')}, level {level}) "
            "[VAR-OCCUPY]" for h, pos, terrain, level in r.positions]
    return out


class SkirmishTable(w.VBox):
    """The Skirmish page: set-up, banner, map, the decisions open now, log with replay, undo, save and load."""

    def __init__(self, scenario: str = "meeting", seed: int = 0, players: dict[str, str] | None = None) -> None:
        self.message = MessageArea()
        self.scenario_pick = w.Dropdown(options=_scenario_options(), value=scenario, description="Scenario",
                                        style={"description_width": "70px"},
                                        layout=w.Layout(width="360px"))
        self.seed_box = w.IntText(value=seed, description="Seed", style={"description_width": "40px"},
                                  layout=w.Layout(width="150px"))
        self.player_picks = [w.Dropdown(options=PLAYERS, layout=w.Layout(width="440px"),
                                        style={"description_width": "230px"}) for _ in range(2)]
        self.variant_picks = w.SelectMultiple(options=_variant_options(), value=(), rows=6,
                                              description="Variant rules", style={"description_width": "90px"},
                                              layout=w.Layout(width="760px"))
        self.variant_note = w.HTML(VARIANT_NOTE)
        self.start_button = w.Button(description="Start a new game", button_style="primary",
                                     layout=w.Layout(width="170px"))
        self.start_button.on_click(self._on_start)
        self._abandon_asked: float | None = None  # when Start was clicked once over a game in progress
        self._choices_shown_at = 0.0  # when the list of decisions last changed (a Confirm sooner did not see it)
        self._choice_labels: list[str] = []
        self.scenario_pick.observe(self._on_scenario, names="value")
        self.banner = w.HTML()
        self.banner.add_class("centurion-banner")
        self.rules_line = w.HTML()  # the running game's rule set (its switches), under the banner
        self.rules_line.add_class("centurion-rules-line")
        self.variant_picks.observe(self._on_variant_picks, names="value")
        self.unit_info = w.HTML()
        self.unit_info.add_class("centurion-unit")
        self.choice = w.Select(options=[], rows=8, layout=w.Layout(width="290px"))
        self.choice.add_class("centurion-choices")
        self.choice.observe(self._on_choice, names="value")
        self.preview = w.HTML()
        self.preview.add_class("centurion-preview")
        self.confirm_button = w.Button(description="Confirm", button_style="success", layout=w.Layout(width="140px"))
        self.confirm_button.on_click(self._on_confirm)
        # VAR-OCCUPY: where the picked move stands in its partly covered end hex (shown only for such a move)
        self.position_toggle = w.ToggleButtons(options=[("stand in the woods", "in"), ("out in the open part", "out")],
                                               value="in", style={"button_width": "135px"},
                                               tooltips=["in the covering terrain: its cover and sight (VAR-OCCUPY)",
                                                         "in the open part of the hex (VAR-OCCUPY)"],
                                               layout=w.Layout(display="none"))
        self.position_toggle.add_class("centurion-position")
        self.position_toggle.observe(self._on_position, names="value")
        self._positioned: dict[int, Move] = {}  # the listed move at this index with the position the player chose
        # a vehicle's fire declaration: which of its weapons that bear fire, and the Gauss shell (book-a §8.2-8.3)
        self.fire_weapons = w.SelectMultiple(options=[], rows=4, description="Weapons",
                                             style={"description_width": "60px"},
                                             layout=w.Layout(display="none", width="270px"))
        self.fire_shell = w.Dropdown(options=["HEAP"], value="HEAP", description="Gauss shell",
                                     style={"description_width": "80px"},
                                     layout=w.Layout(display="none", width="220px"))
        self.fire_weapons.add_class("centurion-fire-weapons")
        self.fire_shell.add_class("centurion-fire-shell")
        self._fire_for = None  # the listed Fire the two pickers were set for
        self._fire_default: tuple[tuple[int, ...], int | None, str | None] = ((), None, None)
        self.fire_weapons.observe(self._on_fire_pick, names="value")
        self.fire_shell.observe(self._on_fire_pick, names="value")
        self.undo_button = w.Button(description="Undo my last decision", layout=w.Layout(width="180px"))
        self.undo_button.on_click(self._on_undo)
        panel = w.VBox([w.HTML("<b>Selected unit</b>"), self.unit_info, w.HTML("<b>What you may do now</b>"),
                        self.choice, self.preview, self.fire_weapons, self.fire_shell,
                        w.HBox([self.confirm_button, self.position_toggle],
                               layout=w.Layout(flex_flow="row wrap"))])
        self.save_link = w.HTML()
        self.save_link.add_class("centurion-save")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load a saved game",
                                   layout=w.Layout(width="220px"))
        self.upload.observe(self._on_upload, names="value")
        self.replay = w.IntSlider(min=0, max=0, value=0, description="Replay step", continuous_update=False,
                                  style={"description_width": "80px"}, layout=w.Layout(width="500px"))
        self.replay.observe(self._on_replay, names="value")
        self.log_html = w.HTML()
        self.log_html.add_class("centurion-log")
        self.victory = w.HTML()
        self.victory.add_class("centurion-victory")
        self.players: dict[str, str] = {}
        self.states: list[Skirmish] = []
        self.actors: list[str | None] = []  # who took each decision: a person or the computer
        self.selected: str | None = None
        self.target_hex: Hex | None = None
        self.viewing: int | None = None
        self.centuria: CenturiaSkirmishTable | None = None  # the Centuria page, while one of its battles is chosen
        is_centuria = scenario in scenarios("centuria")
        game = new_skirmish("meeting" if is_centuria else scenario, seed=seed)
        self.map = HexMapView(game.battlemap, terrain_table(), side_panel=panel, size=12.0)
        self.map.on_hex_click(self._on_hex)
        self.map.hex_details = self._hex_details  # names a partly covered hex (VAR-OCCUPY)
        self._label_players(game.scenario.key, players)
        setup = w.VBox([w.HBox([self.scenario_pick, self.seed_box]), w.HBox(self.player_picks),
                        self.variant_picks, self.variant_note, w.HBox([self.start_button, self.undo_button])])
        log_box = w.Box([self.log_html], layout=w.Layout(max_height="260px", overflow="auto", width="100%",
                                                          border="1px solid #ccc"))
        super().__init__([setup, self.banner, self.rules_line, self.victory, self.map, self.message,
                          w.HBox([self.save_link, self.upload]), self.replay, log_box])
        self.add_class("centurion-skirmish")
        self._centurion_children = self.children
        self._begin(game)
        if is_centuria:
            self._show_centuria(scenario, players)

    def _show_centuria(self, scenario: str, players: dict[str, str] | None = None) -> None:
        """Put the Centuria battle page in place of the Centurion table (the scenario list stays on top)."""
        self.centuria = CenturiaSkirmishTable(scenario, seed=self.seed_box.value, players=players)
        self.centuria.scenario_pick.observe(self._on_centuria_scenario, names="value")
        self.children = (w.HBox([self.scenario_pick]), self.centuria)

    def _show_centurion(self) -> None:
        """Back to the Centurion table as it was."""
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
        sc = shipped_scenario(scenario)
        for i, (pick, side) in enumerate(zip(self.player_picks, sc.sides, strict=True)):
            pick.description = f"{side.label} played by"
            want = (players or {}).get(side.key)
            pick.value = want if want is not None else (PERSON if i == 0 else "veteran")

    @guarded()
    def _on_scenario(self, change: dict) -> None:
        if change["new"] in scenarios("centuria"):
            self._show_centuria(change["new"])
            return
        self._show_centurion()
        self._label_players(change["new"])

    @guarded()
    def _on_start(self, _button=None) -> None:
        self.start()

    def in_progress(self) -> bool:
        """Whether a game is running, unfinished, with at least one decision taken (a new one would throw it away)."""
        return self.centuria is None and not self.game.over and any(a != "computer" for a in self.actors[1:])

    def start(self) -> None:
        """Start a new game with the set-up's scenario, seed, players and variants; over a game in progress only at
        the second click (the first one asks), so one stray click never throws a game away."""
        if self.in_progress():
            if self._abandon_asked is None:
                self._abandon_asked = time.monotonic()
                self.start_button.description = "Click again to abandon"
                self.message.show(f"A game is in progress (turn {self.game.turn}, {self.game.phase} phase): click "
                                  "'Click again to abandon' to throw it away and start the new one; any other "
                                  "decision keeps it.", "refusal")
                return
            if time.monotonic() - self._abandon_asked < DOUBLE_CLICK_SECONDS:  # one double click is not two
                self.message.show("A game is in progress: the second click of a double click does not abandon "
                                  "it. Click 'Click again to abandon' once more to start the new game.", "refusal")
                return
        self._forget_abandon()
        seed = self.seed_box.value
        if not isinstance(seed, int):
            self.message.show("The seed is a whole number.", "refusal")
            return
        try:
            variants = RuleSet.from_names(self.variant_picks.value).names
        except ValueError as exc:
            self.message.show(f"Variant rules: {exc}", "refusal")
            return
        self._begin(new_skirmish(self.scenario_pick.value, seed=seed, variants=variants))

    @guarded()
    def _on_variant_picks(self, _change: dict) -> None:
        self._draw_rules_line()

    def _draw_rules_line(self) -> None:
        """Name the running game's switches (its `variants`), and say when the set-up's picks differ: they apply to
        the next game only (VAR-*)."""
        running = tuple(self.game.variants)
        text = ("Rules of this game: " + (", ".join(running) + " (fan variants on)" if running else
                                          "the basic rules (no variant switch on)") + ".")
        picked = tuple(self.variant_picks.value)
        if set(picked) != set(running):
            text += (f" The switches picked above ({', '.join(picked) or 'none'}) apply to the next game: click "
                     "'Start a new game' to play with them.")
        self.rules_line.value = (f'<div class="centurion-rules-text" style="font-size:12px;padding:2px 6px">'
                                 f"{link_rules(html.escape(text))}</div>")

    def _forget_abandon(self) -> None:
        """Take back the question 'abandon the game in progress?' (Start asks it again next time)."""
        self._abandon_asked = None
        self.start_button.description = "Start a new game"

    def _begin(self, game: Skirmish, history: list[Skirmish] | None = None) -> None:
        self.players = {side.key: pick.value for pick, side in zip(self.player_picks, game.scenario.sides,
                                                                       strict=True)}
        self._forget_abandon()
        self.states = history or [game]
        self.actors = [None] * len(self.states)
        self.selected = None
        self.target_hex = None
        self.viewing = None
        self.message.show(f"{game.scenario.title}: {game.scenario.description}", "info")
        if self.computer_to_play():  # the new game's map and an empty result box first: the computer may play it all
            self._refresh()
        self._run_computer()
        self._refresh()

    @property
    def game(self) -> Skirmish:
        """The game as it stands now."""
        return self.states[-1]

    def computer_to_play(self, game: Skirmish | None = None) -> bool:
        """Whether the side to decide is played by the computer."""
        g = game or self.game
        return not g.over and self.players.get(g.active, PERSON) != PERSON

    def _run_computer(self) -> None:
        """Let the computer take its decisions until a person is to decide or the game is over."""
        stage = None
        decided = 0
        while self.computer_to_play():
            g = self.game
            if (g.turn, g.phase) != stage:  # progress: the units where they stand, once a phase (cheap)
                stage = (g.turn, g.phase)
                self._draw_units(g)
            self.banner.value = (f'<div class="centurion-thinking" style="padding:6px;background:#fff3cd">'
                                 f"{html.escape(g.label(g.active))} (the computer) is thinking… turn {g.turn} of "
                                 f"{g.scenario.turns}, {g.phase_name()}; {decided} computer decision(s) so far</div>")
            action = bot_action(g, self.players[g.active])
            decided += 1
            self.states.append(g.apply(action))
            self.actors.append("computer")

    # --- drawing --------------------------------------------------------------------------------------------
    def shown(self) -> Skirmish:
        """The state on the map: the game, or the step chosen on the replay slider."""
        return self.states[self.viewing] if self.viewing is not None else self.game

    def _refresh(self) -> None:
        g = self.shown()
        if self.map.battlemap is not g.battlemap:  # craters dug, smoke laid or lifted, another scenario
            self.map.battlemap = g.battlemap
            self.map._prepare_geometry()
            self.map.redraw()
        self._draw_units(g)
        self._draw_banner(g)
        self._draw_rules_line()
        self._fill_choices()
        self._draw_unit_info()
        self._draw_overlay()
        self._draw_log(g)
        self._draw_victory()
        self.replay.unobserve(self._on_replay, names="value")
        self.replay.max = len(self.states) - 1
        self.replay.value = self.viewing if self.viewing is not None else len(self.states) - 1
        self.replay.observe(self._on_replay, names="value")
        data = base64.b64encode(self.game.to_json().encode()).decode()
        name = f"centurion-{self.game.scenario.key}-seed{self.game.seed}-turn{self.game.turn}.json"
        self.save_link.value = (f'<a download="{name}" href="data:application/json;base64,{data}" '
                                f'class="centurion-save-link" style="font-weight:bold">Save the game (download)</a>')
        self.undo_button.disabled = self._undo_point() is None

    def _draw_units(self, g: Skirmish) -> None:
        counters = []
        sides = g.sides
        for v in g.vehicles:
            if v.destroyed:
                continue
            counters.append(Counter(v.hex, v.facing, "grav", SIDE_COLORS[sides.index(v.side)], v.key[-2:],
                                    selected=v.key == self.selected))
        for q in g.squads:
            if q.hex is not None and q.men > 0:
                counters.append(Counter(q.hex, 0, "infantry", SIDE_COLORS[sides.index(q.side)], "i",
                                        selected=q.key == self.selected))
        self.map.set_counters(counters)

    def _draw_banner(self, g: Skirmish) -> None:
        text = g.banner()
        if self.viewing is not None:
            text = f"Replay: step {self.viewing} of {len(self.states) - 1}. " + text + \
                   " Move the slider to the end to play on."
        elif not g.over:
            who = "the computer" if self.computer_to_play(g) else "you"
            text += f" (It is {who} to decide.)"
        colour = "#e8f0fe" if g.over or g.active is None else ("#dbe6fb" if g.active == g.sides[0] else "#f6dcdc")
        self.banner.value = (f'<div class="centurion-banner-text" style="padding:6px;background:{colour};'
                             f'font-size:15px">{link_rules(html.escape(text))}</div>')

    def _draw_log(self, g: Skirmish) -> None:
        lines = list(reversed(g.log[-400:]))  # the latest first
        self.log_html.value = ('<div style="font-size:12px;font-family:monospace;line-height:1.35;'
                               'white-space:pre-wrap"><b>Log, latest first</b>\n' + html.escape("\n".join(lines))
                               + "</div>")

    def _draw_victory(self) -> None:
        g = self.game
        if not g.over:
            self.victory.value = ""
            return
        r = g.result
        rows = "".join(f"<tr><td>{html.escape(g.label(s))}</td><td style='text-align:right'>{r.points[s]}</td>"
                       f"<td>{', '.join(g.holds(s)) or '—'}</td></tr>" for s in g.sides)
        head = "A draw" if r.winner is None else f"{r.level.capitalize()} victory for {html.escape(g.label(r.winner))}"
        self.victory.value = (f'<div style="border:2px solid #333;padding:8px;margin:6px 0"><h3>{head}</h3>'
                              f"<p>{html.escape(r.reason)} (book-b §15: objectives held 75 each, enemy vehicles "
                              f"destroyed their cost, unspent points 1 each).</p><table><tr><th>Side</th>"
                              f"<th>Points</th><th>Objectives held</th></tr>{rows}</table></div>")

    def _draw_unit_info(self) -> None:
        g = self.shown()
        key = self.selected
        if key is None:
            self.unit_info.value = "<i>Click one of your units on the map.</i>"
            return
        try:
            v = g.vehicle(key)
        except KeyError:
            q = g.squad(key)
            where = format_label(q.hex) if q.hex is not None else f"aboard {q.aboard}"
            self.unit_info.value = f"<b>{key}</b> infantry squad ({g.label(q.side)}): {q.men} men, {where}"
            return
        s = v.sheet
        armor = ", ".join(f"{name} {sec.intact}/{sec.armor}" for name, sec in s.armor.sections)
        crew = ", ".join(f"{m.role} {m.state}" for m in s.crew)
        weapons = ", ".join(f"{wp.type}{'' if s.weapon_usable(i) else ' (out)'}"
                            for i, wp in enumerate(s.vehicle.weapons))
        state = "destroyed (" + str(s.destroyed_by()) + ")" if s.destroyed else (
            f"{format_label(v.hex)} facing {FACINGS[v.facing]}, velocity {v.velocity}"
            + (", grounded" if v.grounded else "") + (", in a crater" if v.in_crater else ""))
        riders = next((f"; squad {q.key} aboard ({q.men} men)" for q in g.squads if q.aboard == key), "")
        self.unit_info.value = (
            f"<div style='font-size:12px'><b>{key}</b> {html.escape(s.vehicle.label)} ({html.escape(v.platoon)})"
            f"<br>{state}{riders}<br><b>Armor</b> {armor}<br><b>Crew</b> {crew}<br><b>Weapons</b> "
            f"{html.escape(weapons)}<br>SMLM {s.missiles_left('SMLM')}, TVLG {s.missiles_left('TVLG')}, smoke "
            f"{s.smoke_left}, digging {s.digging_left}; cost {v.cost} points</div>")

    # --- choices ---------------------------------------------------------------------------------------------
    def _actions_now(self) -> list:
        """The decisions the list shows: the selected unit's, or every non-move decision open now."""
        g = self.game
        if g.over or self.viewing is not None or self.computer_to_play():
            return []
        if g.phase == "movement":
            out = []
            if self.selected in {v.key for v in g.movers()} and self.target_hex is not None:
                out = [m for m, e in g.move_options(self.selected) if e.hex == self.target_hex]
            others = g.movement_others()
            walks = [a for a in others if isinstance(a, March)]
            if self.target_hex is not None:  # a squad's walk to the clicked hex
                out += [a for a in walks if a.squad == self.selected and a.hex == format_label(self.target_hex)]
            rest = [a for a in others if not isinstance(a, March)]
            mine = [a for a in rest if self.selected in (getattr(a, "unit", None), getattr(a, "squad", None))]
            return out + (mine or rest)
        acts = g.legal_actions()
        mine = [a for a in acts if getattr(a, "unit", None) == self.selected]
        return mine or acts  # the selected unit's decisions first, else everything open now

    def _walkers(self) -> set[str]:
        """Squads that may walk now (their March actions come from the game)."""
        return {a.squad for a in self.game.movement_others() if isinstance(a, March)} if (
            self.game.phase == "movement" and not self.game.over) else set()

    def _label(self, a) -> str:
        g = self.game
        if isinstance(a, Move):
            e = next(e for m, e in g.move_options(a.unit) if m == a)
            v = g.vehicle(a.unit)
            lift = lift_cost(v.grounded, v.in_crater, v.submerged) if (v.grounded or v.submerged) and (
                a.move.accelerate or a.move.steps) else 0
            tail = "grounded" if e.grounded else f"v {v.velocity + a.move.accelerate - lift - a.move.decelerate}"
            return (f"{a.unit} to {format_label(e.hex)} {FACINGS[e.facing]}, {tail}, {float(e.p_no_damage):.0%} safe"
                    + (", squad gets out" if a.dismount else "") + _ram_text(g, a) + _variant_tags(e))
        return g.describe(a)  # in the words of the rules in play (VAR-INIT)

    def _fill_choices(self) -> None:
        acts = self._actions_now()
        labels = [self._label(a) for a in acts]
        if labels != self._choice_labels or acts != getattr(self, "_choices", None):
            self._choices_shown_at = time.monotonic()  # a Confirm arriving sooner than a person reacts saw the old list
            self._positioned = {}
        self._choices = acts
        self._choice_labels = labels
        self.choice.unobserve(self._on_choice, names="value")
        self.choice.options = [(label + self._position_note(i), i) for i, label in enumerate(labels)]
        self.choice.value = 0 if acts else None
        self.choice.observe(self._on_choice, names="value")
        self.confirm_button.disabled = not acts
        self._show_preview()

    def chosen(self):
        """The decision picked in the list, or None; a vehicle's fire with the weapons and shell picked."""
        i = self.choice.value
        if i is not None and i in self._positioned:  # the listed move with the position the player chose
            return self._positioned[i]
        a = self._choices[i] if i is not None and 0 <= i < len(self._choices) else None
        if isinstance(a, Fire) and a.target and a == self._fire_for:  # the weapons and shell picked (book-a §8)
            weapons, gauss, shell = self._fire_default
            picked = tuple(sorted(self.fire_weapons.value))
            shells = ((gauss, self.fire_shell.value),) if gauss in picked and self.fire_shell.value != shell else ()
            return replace(a, weapons=None if picked == weapons else picked, shells=shells)
        return a

    def _draw_fire_choices(self, a) -> None:
        """Show the weapon and Gauss shell pickers for a vehicle's fire at a target (all weapons that bear and
        HEAP, or AP at infantry, picked by default); hide them otherwise (book-a §8.2-8.3)."""
        g = self.game
        plan = None
        if isinstance(a, Fire) and a.target and not g.over and self.viewing is None \
                and any(v.key == a.unit for v in g.vehicles):
            plan = g.attack_set(g.vehicle(a.unit), a.target) if a == self._listed() else None
        if plan is None:
            self._fire_for = None
            self.fire_weapons.layout.display = self.fire_shell.layout.display = "none"
            return
        if a == self._fire_for:
            return
        self.fire_weapons.unobserve(self._on_fire_pick, names="value")
        self.fire_shell.unobserve(self._on_fire_pick, names="value")
        try:
            weapons = tuple(ra.attack.weapon for ra in plan.attacks)
            gauss = next((ra.attack.weapon for ra in plan.attacks if ra.family == "gauss"), None)
            shell = next((ra.attack.shell for ra in plan.attacks if ra.family == "gauss"), None)
            self.fire_weapons.options = [(f"{ra.attack.weapon + 1}: {ra.weapon.type}", ra.attack.weapon)
                                         for ra in plan.attacks]
            self.fire_weapons.value = weapons
            self.fire_weapons.layout.display = None
            if gauss is not None:  # only the shells the rules allow for this gun at this target (book-a §8.3)
                ok = [sh for sh in ("HEAP", "APDS", "Hammerhead", "AP")
                      if not isinstance(g.chosen_plan(replace(a, weapons=(gauss,), shells=((gauss, sh),))), Refusal)]
                self.fire_shell.options = ok or [shell]
                self.fire_shell.value = shell
                self.fire_shell.layout.display = None
            else:
                self.fire_shell.layout.display = "none"
            self._fire_default = (weapons, gauss, shell)
            self._fire_for = a
        finally:
            self.fire_weapons.observe(self._on_fire_pick, names="value")
            self.fire_shell.observe(self._on_fire_pick, names="value")

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
                                      "(each shaded hex is a legal end of its move, CEN-GRAV).</i>"
                                      + ("<br><i>Hexes outlined in cyan are partly covered: a move ending in one "
                                         "may stand in the cover or out in the open part (VAR-OCCUPY).</i>"
                                         if occupy_parts(g) else ""))
            else:
                self.preview.value = ""
            return
        lines: list[str] = []
        if isinstance(a, Move) and a.unit in {v.key for v in g.movers()}:
            listed = self._listed()
            e = next((e for m, e in g.move_options(a.unit) if m == listed), None)
            if e is None:
                self.preview.value = "<i>A move that is not among the listed ones.</i>"
                return
            opt = e.safest
            res = g.resolve_variant(a.unit, a.move)  # None when no move variant is on
            # the piloting rolls the engine checks on this path (a variant path object may not count them)
            rolls = len(res.basic.checks) if isinstance(res, VariantResolvedMove) else opt.rolls
            rolls = "uncounted" if rolls is None else rolls  # a variant path the search did not count
            if a != listed and isinstance(res, VariantResolvedMove):  # the position the player chose (VAR-OCCUPY)
                lines.append(f"Path with your position: {html.escape(a.move.describe())}; thrust {res.thrust_used}, "
                             f"{rolls} piloting roll(s), chance of no damage {_pct(res.p_no_damage)} [CEN-SPD-1]")
            else:
                lines.append(f"Safest path: {html.escape(a.move.describe())}; thrust {opt.thrust_used}, "
                             f"{rolls} piloting roll(s), chance of no damage {_pct(opt.p_no_damage)} [CEN-SPD-1]")
            if getattr(opt, "variant_rules", ()):
                lines.append("Variant rules this path uses: " + ", ".join(opt.variant_rules))
            if isinstance(res, VariantResolvedMove):
                lines += [html.escape(x) for x in _variant_steps(res)]
            elif isinstance(res, Refusal):
                lines.append(html.escape(f"The variant resolver refuses this path: {res}"))
            if a.ram:  # declared before moving, resolved after the Combat Phase or the activation (VAR-RAM)
                lines.append(html.escape(f"Ram {a.ram}{_ram_text(g, a)}; resolved {ram_when(g)} if both "
                                         "are still in this hex"))
        elif isinstance(a, Fire) and a.target:
            plan = g.chosen_plan(a) if a.chosen else g.attack_set(g.vehicle(a.unit), a.target)
            if isinstance(plan, Refusal):  # the weapons or shell picked are refused: say why
                lines.append(html.escape(f"Refused: {plan}"))
                plan = None
            who = _crew_roles(g, a.unit, plan) if plan else []
            lines += [f"{who[i]}{html.escape(ra.weapon.type)} at range {ra.range} ({ra.side or 'infantry'}): "
                      f"{html.escape(ra.to_hit.describe())}" for i, ra in enumerate(plan.attacks)] if plan else []
            if a.driver:  # the driver's weapons, his roll and next turn's speed limits (VAR-WEAPONS)
                from ..game.crew import driver_check, driver_plan

                v = g.vehicle(a.unit)
                dplan = driver_plan(g, v, a.target)
                lines += [f"the driver: {html.escape(ra.weapon.type)} at range {ra.range}: "
                          f"{html.escape(ra.to_hit.describe())}" for ra in dplan.attacks] if dplan else []
                lines.append(html.escape(f"the driver's piloting roll first: {driver_check(v).describe()}; each "
                                         "weapon he fires cuts next turn's speed limits by a third [VAR-WEAPONS]"))
        elif isinstance(a, SquadFire):  # the squad's attacks, each at this to-hit (book-a §16, CEN-INF-1)
            att = g.squad_attack(a.unit, a.weapon, a.target)
            if hasattr(att, "to_hit"):
                lines.append(f"{att.attacks} {html.escape(a.weapon)} attack(s) at range {att.range}: "
                             f"{html.escape(att.to_hit.describe())}")
        elif isinstance(a, Paint) and a.target:
            att = g.paint_attempt(a.unit, a.target)
            lines.append(f"paint at range {att.range}: {html.escape(att.to_hit.describe())}")
        elif isinstance(a, SelfDestruct):  # the check the crew rolls (VAR-SELFDESTRUCT)
            from ..game.crew import destruct_check

            who, check = destruct_check(g.vehicle(a.unit))
            lines.append(html.escape(f"the {who}'s check: {check.describe()}; a pass blows it up in the End Phase "
                                     "d3 turns later (it then counts as destroyed)"))
        elif isinstance(a, OpportunityFire):
            _k, path = g.pending_move
            plan = g.attack_set(g.vehicle(a.unit), a.target, at=path[a.step - 1], opportunity=True)
            who = _crew_roles(g, a.unit, plan) if plan else []
            lines += [f"{who[i]}{html.escape(ra.weapon.type)} at range {ra.range}: "
                      f"{html.escape(ra.to_hit.describe())}" for i, ra in enumerate(plan.attacks)] if plan else []
        self.preview.value = link_rules("<div style='font-size:12px'>" + "<br>".join(lines) + "</div>")

    def _position_hex(self, a):
        """(resolved move, partly covered end hex) when `a` is a move of a vehicle moving now that enters a partly
        covered end hex with VAR-OCCUPY on (so its player may declare the position there); else None."""
        g = self.game
        if not isinstance(a, Move) or not g.rules.enabled("VAR-OCCUPY") or g.over or self.viewing is not None:
            return None
        if a.unit not in {v.key for v in g.movers()}:
            return None
        res = g.resolve_variant(a.unit, a.move)
        parts = occupy_parts(g)
        if not isinstance(res, VariantResolvedMove) or not res.basic.entries or res.end_hex not in parts:
            return None
        return res, parts[res.end_hex]

    def _draw_position_toggle(self, a) -> None:
        """Show the 'in the woods / out in the open part' toggle for a move ending in a partly covered hex, set to
        the position the move declares there (VAR-OCCUPY); hide it otherwise."""
        found = self._position_hex(a)
        self.position_toggle.unobserve(self._on_position, names="value")
        try:
            if found is None:
                self.position_toggle.layout.display = "none"
                return
            res, part = found
            cover = part.terrain.replace("_", " ")
            self.position_toggle.options = [(f"stand in the {cover}" if "woods" not in cover else
                                             "stand in the woods", "in"), ("out in the open part", "out")]
            self.position_toggle.value = end_position(res, "") or "in"
            self.position_toggle.layout.display = None
        finally:
            self.position_toggle.observe(self._on_position, names="value")

    @guarded()
    def _on_position(self, change: dict) -> None:
        self.choose_position(change["new"])

    def choose_position(self, position: str) -> None:
        """Replace the picked move by the same move standing `position` ('in' or 'out') in its partly covered end
        hex (`Skirmish.with_position`); a refusal is shown naming VAR-OCCUPY and the toggle goes back."""
        i, a = self.choice.value, self.chosen()
        if self._position_hex(a) is None:
            self.message.show("Pick a move that ends in a partly covered hex first (VAR-OCCUPY).", "refusal")
            self._draw_position_toggle(a)
            return
        new = self.game.with_position(a, position)
        if isinstance(new, Refusal):
            self.message.show(f"Refused: {new}", "refusal")
            self._draw_position_toggle(a)  # back to the position the move declares
            return
        if new == self._choices[i]:
            self._positioned.pop(i, None)
        else:
            self._positioned[i] = new
        where = "out in the open part" if position == "out" else "in the cover"
        self.message.show(f"{a.unit} will stand {where} of {format_label(self._position_hex(new)[0].end_hex)} "
                          "(VAR-OCCUPY): Confirm to move.", "info")
        self._relabel()
        self._show_preview()
        self._draw_overlay()

    def _position_note(self, i: int) -> str:
        """' — you chose: out in the open part, 40% safe' for a listed move whose position the player changed."""
        a = self._positioned.get(i)
        res = self.game.resolve_variant(a.unit, a.move) if a is not None else None
        if not isinstance(res, VariantResolvedMove):
            return ""
        where = "out in the open part" if end_position(res, "") == "out" else "in the cover"
        return f" — you chose: {where}, {float(res.p_no_damage):.0%} safe [VAR-OCCUPY]"

    def _relabel(self) -> None:
        """The list's labels with the positions chosen, keeping the pick."""
        i = self.choice.value
        self.choice.unobserve(self._on_choice, names="value")
        self.choice.options = [(label + self._position_note(j), j) for j, label in enumerate(self._choice_labels)]
        self.choice.value = i
        self.choice.observe(self._on_choice, names="value")

    def _hex_details(self, cell) -> list[tuple[str, str]]:
        """The hex panel's extra rows: a partly covered hex's two parts when VAR-OCCUPY is on."""
        part = occupy_parts(self.shown()).get(cell.hex)
        if part is None:
            return []
        return [("Partly covered (VAR-OCCUPY)", f"{part.terrain.replace('_', ' ')}, level {part.level} / open "
                 f"{part.open.replace('_', ' ')}, level {part.open_level}")]

    def _draw_overlay(self) -> None:
        g = self.shown()
        ov = Overlay(hatch=False)
        for o in g.scenario.objectives:
            ov.outlines.append((o.hex, "#ffbf00"))
        # partly covered hexes (VAR-OCCUPY): outlined, so they do not pass for hexes the woods fill
        ov.outlines += [(h, PARTIAL_COLOR) for h in occupy_parts(g)]
        a = self.chosen()
        if self.viewing is None and not g.over:
            if g.phase == "movement" and self.selected in {v.key for v in g.movers()}:
                ov.hatched = [(e.hex, "#2e7d32") for _m, e in g.move_options(self.selected)]
            elif g.phase == "movement" and self.selected in self._walkers():
                ov.hatched = [(h, "#2e7d32") for h in g.march_targets(self.selected)]
            if isinstance(a, Move):
                v = g.vehicle(a.unit)
                res = g.resolve_move(v.key, a.move)  # the variant resolver for a lateral shift / emergency turn
                if not isinstance(res, type(None)) and hasattr(res, "entries"):
                    ov.path = [v.hex] + [e.hex for e in res.entries]
            elif isinstance(a, (Fire, SquadFire, Paint, OpportunityFire)) and getattr(a, "target", None):
                units = g.combat_units()
                if a.unit in units and a.target in units:
                    ov.lines.append((units[a.unit].hex, units[a.target].hex,
                                     "#c00000" if not isinstance(a, Paint) else "#7b1fa2"))
            if g.pending_move is not None:
                ov.path = [h for h, _f in g.pending_move[1]]
        self.map.set_overlay(ov)

    # --- events ----------------------------------------------------------------------------------------------
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
                e.hex == hex_ for _m, e in g.move_options(self.selected)):
            unit_here = [v.key for v in g.movers() if v.hex == hex_]
            if not unit_here or self.target_hex == hex_:
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
            own = [k for k in here if k in movers] or here
            i = (own.index(self.selected) + 1) % len(own) if self.selected in own else 0
            self.selected = own[i]
            self.target_hex = None
            if g.phase == "movement" and self.selected not in movers:
                self.message.show(f"{self.selected} does not move now: {g.banner()}", "info")
            else:
                self.message.clear()
            self._refresh()
            return
        if g.phase == "movement" and self.selected in movers:
            self.message.show(f"{format_label(hex_)} is not a legal end of {self.selected}'s move: only the "
                              "shaded hexes are (CEN-GRAV-2). Nothing was moved.", "refusal")
        else:
            self.selected = None
            self.target_hex = None
            self._refresh()

    @guarded()
    def _on_choice(self, change: dict) -> None:
        self._show_preview()
        self._draw_overlay()

    @guarded()
    @once_per_click()
    def _on_confirm(self, _button=None) -> None:
        if time.monotonic() - self._choices_shown_at < DOUBLE_CLICK_SECONDS:
            # the list changed just before this click arrived: the player cannot have seen what is now selected
            # (a click queued while the previous decision was being played), so nothing is decided
            self.message.show("The list of decisions changed just before your click, so nothing was decided: look "
                              "at the new list and click Confirm again.", "refusal")
            return
        self.confirm()

    def confirm(self) -> None:
        """Take the decision picked in the list (the game checks it again), then let the computer answer."""
        self._forget_abandon()
        a = self.chosen()
        if a is None:
            self.message.show("Nothing is picked: choose a decision in the list first.", "refusal")
            return
        try:
            nxt = self.game.apply(a)
        except IllegalAction as exc:
            self.message.show(f"Refused: {exc}", "refusal")
            return
        self.states.append(nxt)
        self.actors.append(PERSON)
        self.selected = None if isinstance(a, Move) else self.selected
        self.target_hex = None
        self.message.show(f"Done: {self.states[-2].describe(a)}.", "info")
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

    @guarded()
    def _on_undo(self, _button=None) -> None:
        self.undo()

    def undo(self) -> None:
        """Take back the person's last decision while no dice have been rolled for it (or after it)."""
        at = self._undo_point()
        if at is None:
            self.message.show("Nothing to undo: dice have been rolled since your last decision (or you have made "
                              "none).", "refusal")
            return
        del self.states[at + 1:]
        del self.actors[at + 1:]
        self.selected = None
        self.target_hex = None
        self.message.show("Your last decision was taken back.", "info")
        self._refresh()

    @guarded()
    def _on_replay(self, change: dict) -> None:
        n = change["new"]
        self.viewing = None if n >= len(self.states) - 1 else n
        self.selected = None
        self._refresh()

    @guarded()
    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        self.load_text(bytes(f["content"]), f.get("name", "saved game"))

    def load_text(self, data: bytes | str, name: str = "saved game") -> None:
        """Load a saved game (through the upload guard; a bad file changes nothing)."""
        try:
            game = load(data, name)
        except SaveError as exc:
            self.message.show(f"Not loaded: {exc}", "refusal")
            return
        if game.system == "centuria":  # a Centuria battle's save: its own page loads it (issue 15)
            self.scenario_pick.unobserve(self._on_scenario, names="value")
            self.scenario_pick.value = game.scenario.key
            self.scenario_pick.observe(self._on_scenario, names="value")
            self._show_centuria(game.scenario.key)
            self.centuria.load_text(data, name)
            return
        self._show_centurion()
        states = [new_skirmish(game.scenario.key, seed=game.seed, variants=game.variants)]
        for a in game.history:
            states.append(states[-1].apply(a))
        self.scenario_pick.unobserve(self._on_scenario, names="value")
        self.scenario_pick.value = game.scenario.key
        self.scenario_pick.observe(self._on_scenario, names="value")
        self.seed_box.value = game.seed
        self.variant_picks.value = tuple(n for n in game.variants if n in dict(map(reversed, _variant_options())))
        self._label_players(game.scenario.key, {s.key: pick.value for s, pick in
                                                zip(game.scenario.sides, self.player_picks, strict=True)})
        self._begin(states[-1], states)
        self.message.show(f"Loaded {name}: turn {game.turn}, {game.phase} phase.", "info")
