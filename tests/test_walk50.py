"""The newcomer's walks of session 50 (/work/scratch/s50/walkA, walkB): what they found, each pinned by the rules."""

from __future__ import annotations

from centurion.centuria import CenturiaBattle
from centurion.data import centuria_scenario
from centurion.game import new_skirmish


def _table(mode: str):
    from centurion.widgets import CenturiaTable

    return CenturiaTable(CenturiaBattle.from_scenario(centuria_scenario()), mode=mode)



def test_two_presses_of_a_turn_button_are_one_turn_to_the_flank():
    """CTA-MOVE: turning so that a front or flank hexside becomes the facing costs 1 MP, an about-face 2. Chapter 11's
    buttons turn one hexside a press, and two presses (N to SW) were charged 1 + 1, so a turma of 3 MP could not turn
    to its flank and move 2 hexes. The presses in one hex now make one turn."""
    t = _table("move")
    t.selected = "R-T2"
    start = t.battle.piece("R-T2").facing
    t._turn(-1)
    t._turn(-1)
    assert t.plot == [f"T{(start - 2) % 6}"]  # one turn, to the left flank (the rear-left hexside)
    t._turn(-1)
    assert t.plot == [f"T{(start - 3) % 6}"]  # about face
    t._turn(1)
    t._turn(1)
    t._turn(1)
    assert t.plot == []  # back to where it faced: no turn at all


def test_chapter_15_round_takes_no_morale_test_on_demand():
    """CTA-MORALE: in a round a unit tests after a loss (triggers a-d) and rallies as a round begins. Chapter 15's
    round table offered Test morale and Rally test for any unit, the enemy's too, at any time: three forced failures
    made an enemy unit flee. Chapter 13 (mode "morale") keeps its tests on demand."""
    t = _table("round")
    t.selected = "R-C2"
    before = t.battle
    assert t.do_morale() is False and t.battle == before and "CTA-MORALE" in t.message.value
    assert t.buttons["morale"] not in _children(t) and t.buttons["rally"] not in _children(t)
    m = _table("morale")
    m.selected = "R-C2"
    assert m.do_morale() is True and m.buttons["morale"] in _children(m)


def _children(widget) -> list:
    out = []
    for c in getattr(widget, "children", ()):
        out += [c, *_children(c)]
    return out


def test_after_a_move_a_click_on_a_unit_of_the_side_to_act_selects_it():
    """Chapter 15: Rome moved R-C3 (0708 to 0707), which stayed selected; the rebels were to act, and a click on their
    B-C3 read as R-C3's attack ("R-C3 cannot attack B-C3 now ...") instead of selecting it (CTA-1: the sides
    alternate)."""
    from centurion.hexgrid import parse_label

    t = _table("round")
    t.click(parse_label("0708"))
    assert t.selected == "R-C3"
    t.add_step("F")
    assert t.do_move() and t.battle.active_side != "rome"
    assert t.selected == "R-C3"  # still selected after its move
    t.click(t.battle.piece("B-C3").hex)
    assert t.selected == "B-C3" and t.target is None


def test_chapter_3_marks_every_hex_of_the_straight_run_where_a_turn_is_legal_within_the_velocity():
    """CEN-GRAV-4: at velocity 10 a tank flies 2 hexes straight before a turn; CEN-TER-2's seed: heavy woods cost 3 VP.
    From 0120 (facing NE, 0219 0319 0418 0518 all heavy woods) its 10 VP carry it 3 hexes (9 VP), so it may turn at
    the 2nd and 3rd: 0319 and 0418. The outlines marked every 2nd hex to 1115, beyond the VP (walk of session 50),
    and from open ground only every 2nd hex (hex 3 is as legal a first turn as hex 2)."""
    from centurion.data import sample_map, vehicle_types
    from centurion.hexgrid import format_label, parse_label
    from centurion.widgets import FacingChangeExplorer

    ex = FacingChangeExplorer(sample_map(), vehicle_types()["horatius"], start="0120", facing=1)
    assert ex.velocity.value == 10
    assert sorted(format_label(h) for h, _c in ex.map.overlay.outlines) == ["0319", "0418"]
    ex.where = parse_label("0522")
    ex.velocity.value = 7  # interval 2 (velocity 6-10); open ground: every hex from the 2nd may take the first turn
    outlined = [format_label(h) for h, _c in ex.map.overlay.outlines]
    assert len(outlined) >= 3 and outlined[:2] == ["0721", "0820"], outlined
    ex.velocity.value = 0
    assert "Blue outlines" not in ex.info.value  # at velocity 0 it spins in place: no straight run to mark


def test_chapter_8_draws_every_activation_of_a_long_order():
    """CEN-SEQ-2 with 12 platoons a side: A1 B1 twelve times, 24 activations; the 760-pixel timeline drew 20 blocks
    of 30 pixels and cut off the last four. Every block now fits."""
    from centurion.widgets import SequenceOfPlay

    lab = SequenceOfPlay()
    lab.platoons_a.value, lab.platoons_b.value = 12, 12
    assert len(lab.drawn) == 24
    assert all(x + width <= lab.timeline.width for x, width in lab.drawn)
    assert all(b[0] + b[1] <= c[0] for b, c in zip(lab.drawn, lab.drawn[1:]))  # side by side, none overlapping
    assert "side B always moves a platoon last" in lab.order.value
    lab.platoons_b.value = 0
    assert "side B always moves" not in lab.order.value and "side B has no platoon" in lab.order.value


def test_chapter_8_says_how_many_passes_the_points_left_buy():
    """CEN-INI-2: each 3 full points left buy a pass. With ratings 4 and 2 (advantage 2) and both used, the page said
    "Unused advantage points let it pass platoons" though none were left; with 6 and 0 and 1 used, 5 are left: one
    pass."""
    from centurion.widgets import SequenceOfPlay

    lab = SequenceOfPlay()
    lab.rating_a.value, lab.rating_b.value = 4, 2
    lab.use.value = 2
    lab.roll()
    assert "let it pass" not in lab.initiative.value and "pass" not in lab.initiative.value.split("</span>")[-1]
    lab.rating_a.value, lab.rating_b.value = 6, 0
    lab.use.value = 1
    lab.roll()
    assert "5 advantage points left: 1 pass of a platoon" in lab.initiative.value
    lab.rating_a.value = lab.rating_b.value = 3
    assert lab.use.disabled and lab.use.max == 0


def test_undo_with_nothing_left_to_take_back_says_so():
    """Chapter 10: two leaders placed, Undo pressed three times: the third still said 'Took back the last action'."""
    from centurion.hexgrid import parse_label

    t = _table("command")
    t.click(parse_label("0609"))  # R-PC1
    t.click(parse_label("0101"))
    t._undo()
    assert "Took back" in t.message.value
    t._undo()
    assert "Nothing to take back" in t.message.value and "Took back" not in t.message.value


def test_chapter_3_turns_the_tank_to_any_facing():
    """Chapter 3 fixed the facing at NE (walk of session 50: no facing control, the arrow keys did nothing). Facing
    SE (2) from 0522 at velocity 1 (interval 1, CEN-GRAV-4): the straight run goes south-east, 0622 first."""
    from centurion.data import sample_map, vehicle_types
    from centurion.hexgrid import format_label, neighbor, parse_label
    from centurion.widgets import FacingChangeExplorer

    ex = FacingChangeExplorer(sample_map(), vehicle_types()["horatius"], start="0522", facing=1)
    ex.velocity.value = 1
    ex.facing_pick.value = 2
    assert ex.facing == 2 and ex.map._counters[0].facing == 2
    assert [format_label(h) for h, _c in ex.map.overlay.outlines] == [format_label(neighbor(parse_label("0522"), 2))]


def test_the_hex_panel_follows_a_move():
    """Chapter 11: after R-C2 turned, the Hex panel still showed its old facing (the panel was written at the click)."""
    from centurion.hexgrid import parse_label

    t = _table("move")
    t.map.select(parse_label("0608"))  # R-C2, facing N
    assert "facing N," in t.map.info.value
    t._turn(1)
    assert t.do_move()
    assert "facing NE," in t.map.info.value and "facing N," not in t.map.info.value


def test_chapter_7_mounting_box_shows_where_the_squad_and_the_carrier_stand():
    """Chapter 7: unticking 'Squad starts in the carrier's hex' refused the mount because the squad 'started in 0615',
    but no counter stood there (the map showed the carrier alone, at 0616). CEN-MNT-1: both must start in one hex."""
    from centurion.data import sample_map, vehicle_types
    from centurion.hexgrid import parse_label
    from centurion.widgets import GroundUnitTable

    t = GroundUnitTable(sample_map(), vehicle_types()["heavy_tank"], start="0616")
    assert len(t.map._counters) == 1 and "the squad in 0616" in t.mount.value
    t.same_hex.value = False
    assert [c.hex for c in t.map._counters] == [parse_label("0616"), parse_label("0615")]
    assert "the squad in 0615 (S on the map)" in t.mount.value and "CEN-MNT-1" in t.mount.value


def test_any_end_velocity_lists_the_braked_end_too():
    """The Skirmish page, Speed 'any end velocity': a click on a hex listed each end as its path flies it (the pursuit
    walk saw 8 -> 8, 8 -> 10 and grounded at 4013, and only 8 -> 9 or a grounding at 4114), never the same path
    braked afterwards, though CEN-GRAV-1 allows the thrust left to slow down after moving. The list now also has each
    end braked as far as it allows (0 at the least), checked legal, its end velocity that low."""
    t = _pursuit_page_at_r41()
    g = t.game
    r41 = g.vehicle("R41")

    def end_v(m):  # CEN-GRAV-1: now + acceleration - deceleration
        return r41.velocity + m.move.accelerate - m.move.decelerate

    flown: dict = {}
    for m, e in g.move_options("R41"):
        if not e.grounded:
            flown.setdefault(e.hex, []).append((end_v(m), max(0, e.velocity_min)))
    # a hex whose ends, as flown, are all faster than the slowest they allow: the walk's 4013
    hex_ = next(h for h, vs in sorted(flown.items(), key=lambda kv: (kv[0].q, kv[0].r))
                if min(v for v, _lo in vs) > min(lo for _v, lo in vs))
    slowest = min(lo for _v, lo in flown[hex_])
    t.click(hex_)
    listed = [a for a in t._actions_now() if getattr(a, "unit", None) == "R41"]
    assert slowest in {end_v(a) for a in listed if not a.move.ground}  # flying, braked as far as the end allows
    assert all(g.is_legal(a) for a in listed)


def test_a_page_with_no_store_says_a_reload_ends_its_game():
    """`centurion serve --no-store` (and a notebook outside the server): a reload gave a fresh game with no warning
    (walk of session 50). Beside Save (under the map: the banner, hint and map keep to one screen) the page now says
    the game lives in the tab, and how Save and Load keep it."""
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("village", seed=1)
    assert t.store is None
    t.start()
    assert "reloading or closing the tab ends it" in t.tab_note.value and "Save the game" in t.tab_note.value
    row = next(c for c in t.children if t.tab_note in getattr(c, "children", ()))  # the Save row, under the map
    assert t.save_link in row.children and list(t.children).index(row) > list(t.children).index(t.map)


def _pursuit_page_at_r41():
    """The Skirmish page, pursuit seed 4242, at R41's move (both sides people), R41 selected."""
    from centurion.game import new_skirmish
    from centurion.widgets.skirmish import SkirmishTable

    g = new_skirmish("pursuit", seed=4242)
    while not (g.phase == "movement" and any(v.key == "R41" for v in g.movers())):
        g = g.apply(g.legal_actions()[0])
    t = SkirmishTable("pursuit", seed=4242, players={"renegade": "person", "tog": "person"})
    for pick in t.player_picks:
        pick.value = "person"
    assert t.load_text(g.to_json())
    t.click(t.game.vehicle("R41").hex)
    return t


def test_the_move_hint_keeps_to_the_velocity_picked():
    """The pursuit walk picked velocity 14 and read "pick 'end at velocity 5' or slower"; picked 2 and read "end at
    velocity 8 or slower"; and with no move at the hex clicked, "Pick a move in the list" over an empty list."""
    t = _pursuit_page_at_r41()
    fastest = max(v for _label, v in t.speed.options if isinstance(v, int))
    t.speed.value = fastest
    text = t.hint()
    assert f"those at velocity {fastest}, the one picked" in text and "To brake, pick" not in text
    g = t.game
    ends = {e.hex for _m, e in t.speed.moves_for(g, "R41")}
    elsewhere = next(e.hex for _m, e in g.move_options("R41") if e.hex not in ends)
    t.speed.value = "any"
    t.click(elsewhere)  # a hex some end reaches, then the velocity picked again: none of its ends flies at it
    t.speed.value = fastest
    assert t.target_hex == elsewhere and not [a for a in t._actions_now() if getattr(a, "unit", None) == "R41"]
    assert "No move of R41 ends in" in t.hint() and "Pick a move in the list" not in t.hint()


def test_a_click_on_an_enemy_names_the_squads_that_may_still_act_and_an_empty_hex_clears_it():
    """The village, TOG to move: a click on R21 said "click one of your units that has not moved yet (T22, T23)",
    leaving out the squads T21s and T22s, which may walk or conceal (CEN-SEQ-2, CEN-INF-1); a click on an empty hex
    then left that note up."""
    from centurion.game import new_skirmish
    from centurion.hexgrid import parse_label
    from centurion.widgets.skirmish import SkirmishTable

    g = new_skirmish("village", seed=777)
    while not (g.phase == "movement" and g.active == "tog" and g.waiting_squads()):
        g = g.apply(g.legal_actions()[0])
    t = SkirmishTable("village", seed=777, players={"renegade": "person", "tog": "person"})
    for pick in t.player_picks:
        pick.value = "person"
    assert t.load_text(g.to_json())
    waiting = t.game.waiting_squads()
    t.click(t.game.vehicle("R21").hex)
    assert "is the enemy&#x27;s" in t.message.value and all(q in t.message.value for q in waiting), t.message.value
    empty = parse_label("0101")
    assert not t.game.battlemap[empty].counters and all(u.hex != empty for u in t.game.vehicles)
    t.click(empty)
    assert t.message.value == "" and t.selected is None


def test_chapter_17_names_a_weapon_that_fires_twice_by_its_number_not_the_engines_count():
    """Chapter 17: all three weapons at the target and the Gauss also at a second target read "Weapon 1, 150mm Gauss,
    does not fire: attack 4: weapon 1 (150mm Gauss) already fires this turn": the engine counts attacks (the fourth),
    the page lists weapons (three). book-a §8.2: a weapon fires once a turn."""
    from centurion.data import sample_map, terrain_table
    from centurion.hexgrid import parse_label
    from centurion.widgets import FireLab

    lab = FireLab(sample_map(), terrain_table(), firer_hex=parse_label("0620"), target_hex=parse_label("0613"))
    lab.weapons.value = tuple(range(len(lab.firer_type.weapons)))
    lab.place.value = "2nd target"
    lab.click(parse_label("0614"))
    lab.second.value = 0
    refusals = [line for line in lab.panel.value.split("</div>") if "does not fire" in line]
    assert refusals and all("attack " not in line for line in refusals), refusals
    assert any("already fires this turn" in line for line in refusals), refusals


def test_a_mover_hit_in_the_last_hex_of_its_move_is_not_said_to_fly_on():
    """CEN-OPP-1: a shot in the mover's last hex; the mover survives with damage. The log said "R21 survives the fire
    in 2512 and goes on with its damage" and "R21 flies on from 2512 with its damage and ends in 2512" (walk of
    session 50). Village seed 1 under VAR-INIT (opportunity fire without a declaration), the novice to decision 44:
    R32 fires at T21 in hex 5 of 5 of its move."""
    from centurion.game import bot_action
    from centurion.game.actions import OpportunityFire

    s = new_skirmish("village", seed=1, variants=("VAR-INIT",))
    for _ in range(44):
        s = s.apply(bot_action(s, "novice"))
    mover, path = s.pending_move
    assert (mover, len(path)) == ("T21", 5)
    after = s.apply(OpportunityFire("R32", "T21", 5))
    assert not after.vehicle("T21").destroyed and after.vehicle("T21").sheet != s.vehicle("T21").sheet
    new = after.log[len(s.log):]
    assert not any("flies on" in line or "goes on" in line for line in new), new
    assert any("(the last hex of its move)" in line for line in new), new


def test_chapter_17_shows_a_target_hull_down_in_a_crater():
    """Chapter 17 promises "-2 more in a crater" but had no way to ground the target in one (walk of session 50).
    book-a §10.2 / CEN-CRT-1: a target grounded in a crater takes -2 (hull down) besides its hex's terrain. From 2820
    at the Liberator in 2816 (the map's crater, clear ground, range 4: base 10, book-a §10) with the Gauss (no
    shield): 10, then 8 hull down; a hex without a crater is refused."""
    import re

    from centurion.data import sample_map, terrain_table
    from centurion.hexgrid import parse_label
    from centurion.widgets import FireLab

    lab = FireLab(sample_map(), terrain_table(), firer_hex=parse_label("2820"), target_hex=parse_label("2816"))

    def target_number() -> int:
        return int(re.search(r"Target number\s*</b>?\s*(?:<[^>]+>\s*)*(\d+)", lab.panel.value).group(1))

    assert target_number() == 10
    lab.hull_down.value = True
    assert target_number() == 8 and "CEN-CRT-1" in lab.panel.value
    lab.click(parse_label("2815"))
    assert "No crater in 2815" in lab.message.value


def test_a_move_message_does_not_stand_into_the_next_phase():
    """Chapter 15: "B-C3 moves to 0706 facing S" stayed on screen into the combat phase (walk of session 50)."""
    from centurion.hexgrid import parse_label

    t = _table("round")
    t.click(parse_label("0708"))
    t.add_step("F")
    assert t.do_move() and "moves to" in t.message.value
    t.end_phase()  # Rome ends its part: still the movement phase, the rebels go on (CTA-1)
    assert t.battle.phase == "movement"
    t.end_phase()
    assert t.battle.phase == "combat" and "moves to" not in t.message.value


def test_the_pointer_line_drops_the_legal_ends_once_they_are_switched_off():
    """Chapter 4: the pointer line kept "Legal end facing ..., velocity ..." after Legal ends was set to off, until
    the pointer moved (walk of session 50). The panel and the pointer line are written again at each change."""
    from centurion.data import sample_map, vehicle_types
    from centurion.widgets import GravMoveTable
    from centurion.widgets.move_table import tank_on

    m, hor = sample_map(), vehicle_types()["horatius"]
    t = GravMoveTable(m, hor, tank_on(m, hor, "0714", 5, 10), show_armor=False)
    t.legal_mode.value = "accel"
    end = next(h for h, _c in t.map.overlay.fills)  # a shaded legal end
    t.map.hovered = end
    t.map.show_info()
    assert "Legal end" in t.map.hover_info.value
    t.legal_mode.value = "off"
    assert "Legal end" not in t.map.hover_info.value


def test_taking_back_a_move_plots_it_again_as_it_was_rolled():
    """Chapter 4: after a roll the controls were edited (face first, accelerate 3), then *Take back the move*
    restored the tank but kept the edits, so the plot read as breaking CEN-GRAV-4 (walk of session 50). The move
    taken back is plotted again: its acceleration, braking, grounding, facing and steps."""
    from centurion.data import sample_map, vehicle_types
    from centurion.widgets import GravMoveTable
    from centurion.widgets.move_table import tank_on

    m, hor = sample_map(), vehicle_types()["horatius"]
    t = GravMoveTable(m, hor, tank_on(m, hor, "0714", 5, 10), show_armor=False)
    t.accel.value = 1
    while t.add_step("F"):  # straight ahead as far as its VP go
        pass
    rolled = t.move()
    assert rolled.accelerate == 1 and len(rolled.steps) >= 2
    assert t.execute()
    t.accel.value, t.face.value = 3, 3  # edited after the roll
    assert t.undo_move()
    assert t.move() == rolled and (t.accel.value, t.face.value) == (rolled.accelerate, -1)
