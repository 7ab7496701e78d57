"""The Centuria computer's habits (issue 25, item 1 for Centuria): it keeps its units in command, keeps them in
formation, shields its own engines and goes for the enemy's. Each position is built by hand; what a player should
do is read from RULES.md (CTA-CMD, CTA-COMBAT, CTA-MORALE, CTA-ART), not from the bot's code."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from centurion.data import centuria_tables
from centurion.game import bot_action, new_skirmish
from centurion.game.centuria import CtaAttack, CtaMove
from centurion.hexgrid import distance, parse_label


def position(pieces: dict[str, tuple[str, int]], active: str, phase: str = "movement",
             moved: tuple[str, ...] = ()):
    """The ford-road battle with only `pieces` on the map (id -> hex label, facing), `active` to decide."""
    g = new_skirmish("centuria_ford_road", seed=3)
    b = g.battle
    kept = tuple(replace(p, hex=parse_label(pieces[p.id][0]), facing=pieces[p.id][1]) if p.id in pieces
                 else replace(p, alive=False) for p in b.pieces)
    b = replace(b, pieces=kept, phase=phase, active_side=active, first_side=active, passed=frozenset(),
                moved=frozenset(moved), attacked=frozenset(), shots=())
    return replace(g, battle=b)


REBELS_AHEAD = {"B-PC1": ("0501", 3), "B-LEG": ("0801", 3)}


def test_CTA_CMD_the_front_unit_does_not_break_the_chain_behind_it():
    # CTA-CMD: R-C1 is within R-PC1's radius (3); R-C2 ahead of it is in command only through R-C1 (chain). A
    # move of R-C1 out of the radius, even to a hex beside R-C2, leaves both out of command (no move, no attack).
    g = position({"R-PC1": ("0512", 0), "R-C1": ("0509", 0), "R-C2": ("0508", 0), "B-C1": ("0805", 3),
                  **REBELS_AHEAD}, "rome", moved=("R-PC1",))
    before = g.command()
    assert (before["R-C1"], before["R-C2"]) == ("direct", "chain")
    for level in ("novice", "veteran"):
        a = bot_action(g, level)
        after = g.apply(a).command()
        assert [k for k in ("R-C1", "R-C2") if after[k] == "out"] == [], (level, a)


def test_CTA_MORALE_a_turma_does_not_ride_ahead_of_its_partner_into_reach_of_the_enemy():
    # CTA-MORALE: each intact friend beside a unit helps its morale; CTA-COMBAT: a unit alone can be struck in the
    # flank (-2) or rear (-4). The rebel turmae (movement 4) can reach any hex within 5 of them next round.
    g = position({"R-PA": ("1209", 0), "R-T1": ("1208", 0), "R-T2": ("1308", 0), "R-LEG": ("0810", 0),
                  "B-T1": ("1203", 3), "B-T2": ("1303", 3), "B-SP": ("1204", 3), "B-LEG": ("0803", 3)}, "rome",
                 moved=("R-PA", "R-LEG"))
    reach = centuria_tables().units["turma"].movement + 1
    for level in ("novice", "veteran"):
        a = bot_action(g, level)
        b = g.apply(a).battle
        for p in (b.piece("R-T1"), b.piece("R-T2")):
            friends = [q for q in b.living("rome") if not q.is_leader and q.id != p.id and distance(q.hex, p.hex) == 1]
            enemies = [e for e in b.living("rebels") if not e.is_leader and distance(e.hex, p.hex) <= reach]
            assert friends or not enemies, (level, a, p.id)


def test_the_centuria_elite_drops_the_formation_rule_of_thumb_and_rides_ahead_where_the_veteran_keeps_order():
    """The levels differ (issue 25 item 2): in the position above the elite, which does not count a unit alone as a
    loss (measured: the rule costs the side that keeps it, docs/decisions.md, session 44), rides R-T1 ahead of its
    partner into the reach of the rebel turmae, where the veteran keeps it beside R-T2 (CTA-COMBAT, CTA-MORALE)."""
    g = position({"R-PA": ("1209", 0), "R-T1": ("1208", 0), "R-T2": ("1308", 0), "R-LEG": ("0810", 0),
                  "B-T1": ("1203", 3), "B-T2": ("1303", 3), "B-SP": ("1204", 3), "B-LEG": ("0803", 3)}, "rome",
                 moved=("R-PA", "R-LEG"))
    reach = centuria_tables().units["turma"].movement + 1
    a = bot_action(g, "elite")
    assert a != bot_action(g, "veteran")
    b = g.apply(a).battle
    alone = [p.id for p in (b.piece("R-T1"), b.piece("R-T2"))
             if not any(not q.is_leader and q.id != p.id and distance(q.hex, p.hex) == 1 for q in b.living("rome"))
             and any(not e.is_leader and distance(e.hex, p.hex) <= reach for e in b.living("rebels"))]
    assert "R-T1" in alone, (a, alone)  # and R-T2, left without it


def test_CTA_ART_a_centuria_steps_between_its_ballista_and_the_turma_that_can_reach_it():
    # CTA-COMBAT/CTA-ART: the ballista (defence 4) falls to a turma 45 % of the time; the rebel turma B-T1 (in
    # command, movement 4) can reach contact with it next round. A friend beside the engine, on the turma's side,
    # stands in its way.
    g = position({"R-LEG": ("0711", 0), "R-PC1": ("0710", 0), "R-C1": ("0709", 0),
                  "R-C2": ("0609", 0), "R-B1": ("0910", 0), "B-T1": ("1207", 3), "B-SP": ("1205", 3),
                  "B-LEG": ("0803", 3), "B-C1": ("0704", 3), "B-PC1": ("0703", 3)}, "rome",
                 moved=("R-LEG", "R-PC1", "R-B1"))
    assert g.command()["B-T1"] == "direct"
    engine, turma = g.battle.piece("R-B1"), g.battle.piece("B-T1")
    for level in ("novice", "veteran"):
        a = bot_action(g, level)
        assert isinstance(a, CtaMove), (level, a)
        b = g.apply(a).battle
        shields = [q for q in b.living("rome") if q.type == "centuria" and distance(q.hex, engine.hex) == 1
                   and distance(q.hex, turma.hex) <= distance(engine.hex, turma.hex)]
        assert shields, (level, a)


def test_CTA_ART_a_turma_beside_an_enemy_ballista_attacks_it():
    # CTA-COMBAT with the seed's tables: turma (attack 7) on a ballista (defence 4) hits on d20 > 11 (45 %); the
    # ballista strikes back on d20 > 6 + 8 = 14 ... the odds favour the turma, and an engine that shoots every
    # round (twice under its centurio, CTA-ART) is worth more than the turma risks.
    g = position({"R-LEG": ("0711", 0), "R-B1": ("0910", 0), "R-C1": ("0708", 0),
                  "R-PC1": ("0709", 0), "B-T1": ("1009", 4), "B-SP": ("1108", 3), "B-LEG": ("0803", 3),
                  "B-C1": ("0707", 3), "B-PC1": ("0706", 3)}, "rebels", phase="combat")
    ex = g.preview(CtaAttack("B-T1", "R-B1"))
    assert ex.defender_falls > ex.attacker_falls
    for level in ("novice", "veteran"):
        assert bot_action(g, level) == CtaAttack("B-T1", "R-B1"), level


def test_CTA_ART_the_novices_ballista_shoots_the_nearest_target_the_veterans_the_leader():
    """The levels differ in their engines' aim (issue 25 item 2; session 45): the novice's ballista shoots at the
    nearest target it may, as the Centurion novice fires at the nearest target it can hurt; the veteran's and the
    elite's at the rebel praefectus two hexes farther, whom a hit fells twice as often (4/5 against 2/5, the rules'
    own odds, CTA-ART) and whose fall makes his units test their morale (CTA-MORALE b, c). The reasons say so."""
    from centurion.game.bot_reasons import bot_decision
    from centurion.game.centuria import CtaShoot

    # B-C2 far off: B-C1 is not the rebels' last unit, whose fall would end the battle (session 56)
    g = position({"R-LEG": ("0811", 0), "R-B1": ("0810", 0), "R-C1": ("0710", 0), "R-PC1": ("0711", 0),
                  "B-C1": ("0807", 3), "B-PC1": ("0906", 3), "B-LEG": ("0801", 3),
                  "B-C2": ("0202", 3)}, "rome", phase="combat")
    ballista = g.battle.piece("R-B1").hex
    shots = {a.target: a for a in g.legal_actions() if isinstance(a, CtaShoot)}
    assert set(shots) == {"B-C1", "B-PC1"}
    assert distance(ballista, parse_label("0807")) == 3 < distance(ballista, parse_label("0906")) == 5
    assert (g.preview(shots["B-C1"]).defender_falls, g.preview(shots["B-PC1"]).defender_falls) == (
        Fraction(2, 5), Fraction(4, 5))
    assert bot_action(g, "novice") == shots["B-C1"]
    assert bot_action(g, "veteran") == bot_action(g, "elite") == shots["B-PC1"]
    d = bot_decision(g, "novice")
    reasons = {o.action: o.reason for o in d.alternatives}
    assert d.action == shots["B-C1"] and "the nearest target it may shoot" in reasons[shots["B-C1"]]
    assert "not the nearest target" in reasons[shots["B-PC1"]]
    assert "nearest" not in " ".join(o.reason for o in bot_decision(g, "veteran").alternatives)


def test_CTA_COMBAT_the_novice_counts_every_piece_as_one_the_veteran_weighs_a_leader_more():
    """The novice does not know what a piece is worth to its side (session 45): its attack on the rebel praefectus
    scores the exact chance that he falls less the attacker's own (CTA-COMBAT: 3/5 and 0, the rules' odds), as an
    attack on a centuria would; the veteran weighs the praefectus more, whose fall makes his units test their
    morale (CTA-MORALE b, c). The attack on B-C1 (1/5 against 3/10) is made by neither: the odds are against it."""
    from centurion.game.bot_reasons import bot_decision

    # B-C2 far off: B-C1 is not the rebels' last unit, whose fall would end the battle (session 56)
    g = position({"R-LEG": ("0811", 0), "R-T1": ("0807", 0), "R-PA": ("0909", 0),
                  "B-PC1": ("0806", 3), "B-C1": ("0907", 3), "B-LEG": ("0801", 3),
                  "B-C2": ("0202", 3)}, "rome", phase="combat")
    on_leader, on_centuria = CtaAttack("R-T1", "B-PC1"), CtaAttack("R-T1", "B-C1")
    odds = {a: g.preview(a) for a in (on_leader, on_centuria)}
    assert (odds[on_leader].defender_falls, odds[on_leader].attacker_falls) == (Fraction(3, 5), 0)
    assert (odds[on_centuria].defender_falls, odds[on_centuria].attacker_falls) == (Fraction(1, 5), Fraction(3, 10))
    novice, veteran = bot_decision(g, "novice"), bot_decision(g, "veteran")
    assert novice.action == veteran.action == on_leader
    flat = float(odds[on_leader].defender_falls - odds[on_leader].attacker_falls)
    assert novice.alternatives[0].score == pytest.approx(flat)
    assert veteran.alternatives[0].score > flat + 0.1


def test_CTA_MORALE_the_engines_commander_keeps_out_of_reach_of_enemies_yet_to_move(monkeypatch):
    """The careful levels' legatus, who commands Rome's ballista, does not end his move where a rebel centuria that
    has yet to move this phase can reach him (session 46). The position is ford road seed 6, round 2, the veteran's
    Rome against the novice's rebels, saved at the decision where session 45's veteran sent R-LEG to 0908: B-C2
    then moved beside him and fell him (d20 > 8, 3/5, CTA-COMBAT), and the ballista's crew failed its test and stood
    idle (CTA-MORALE c). Reach and command come from the rules' own distance, allowance and `commanders`."""
    from pathlib import Path

    from centurion.centuria.battle import movement_allowance
    from centurion.game import bot_trace
    from centurion.game import centuria_bot as cb
    from centurion.game.bot_reasons import bot_decision
    from centurion.game.save import load

    g = load((Path(__file__).parent / "fixtures" / "positions" / "centuria_ford_road_seed6_legatus.json").read_text())
    b, t = g.battle, centuria_tables()
    assert (g.active, b.phase, b.round) == ("rome", "movement", 2)
    assert b.piece("R-B1").commander == "R-LEG" and b.piece("R-LEG").id not in b.moved

    def reachable(label_or_hex) -> list[str]:  # rebel sub-units yet to move that can come beside that hex
        h = parse_label(label_or_hex) if isinstance(label_or_hex, str) else label_or_hex
        return sorted(e.id for e in b.living("rebels") if not e.is_leader and e.id not in b.moved
                      and distance(e.hex, h) <= movement_allowance(e, t) + 1)

    assert reachable("0908") == ["B-C2"]

    def legatus_end(level: str) -> tuple:
        with bot_trace.traced() as notes:
            bot_action(g, level)
        moves = [n for n in notes if n.kind == "cta_move" and n.action.unit == "R-LEG"]
        return max(moves, key=lambda n: n.score).data["end"][0]

    for level in ("veteran", "elite"):
        assert reachable(legatus_end(level)) == [], level
    # the exact risk the weighing reads at 0908: B-C2 attacking from beside him, the rules' 3/5 (the battle's roll)
    view = cb._View(g)
    assert view.commands_engine(b.piece("R-LEG")) and not view.commands_engine(b.piece("R-PA"))
    assert view.reach_threat(b.piece("R-LEG"), parse_label("0908")) == pytest.approx(0.6)
    d = bot_decision(g, "veteran")
    assert "he commands the engines: out of reach of the enemies yet to move" in d.alternatives[0].reason
    # without the weighing the veteran sends him to 0908 again, as in session 45's battle
    monkeypatch.setattr(cb, "ENGINE_COMMANDER_REACH", 0.0)
    assert legatus_end("veteran") == parse_label("0908")


def test_CTA_COMBAT_the_careful_levels_take_an_even_exchange_the_novice_waits():
    """Two centuriae face to face on open ground, each under a praefectus cohortis (attack -1, defence +1, CTA-2):
    the attack and the counter both succeed on d20 > 5 + 10 = 15, 1/4 each (CTA-COMBAT, the seed's tables), an even
    exchange. The novice waits for odds in its favour and ends its part of the phase; the veteran and the elite take
    it (session 56: two lines in contact otherwise stand idle to the last round), and the reasons say why."""
    from centurion.game.bot_reasons import bot_decision
    from centurion.game.centuria import CtaEndPhase

    # B-C2 far off: B-C1 is not the rebels' last unit, whose fall would end the battle (session 56)
    g = position({"R-LEG": ("0811", 0), "R-C1": ("0708", 0), "R-PC1": ("0709", 0),
                  "B-C1": ("0707", 3), "B-PC1": ("0706", 3), "B-LEG": ("0801", 3),
                  "B-C2": ("0202", 3)}, "rome", phase="combat")
    attack = CtaAttack("R-C1", "B-C1")
    ex = g.preview(attack)
    assert (ex.defender_falls, ex.attacker_falls) == (Fraction(1, 4), Fraction(1, 4))
    assert bot_action(g, "novice") == CtaEndPhase()
    assert bot_action(g, "veteran") == bot_action(g, "elite") == attack
    assert "an even exchange" in bot_decision(g, "veteran").alternatives[0].reason


@pytest.mark.parametrize("rebels_left", [("B-C1",), ("B-C1", "B-C2")])
def test_CTA_COMBAT_the_careful_levels_strike_at_the_unit_whose_fall_ends_the_battle(rebels_left):
    """A turma on a centuria's front falls more often than it fells (1/5 against 3/10: d20 > 7 - 1 + 9 + 1 and
    d20 > 6 - 1 + 8 + 1, CTA-COMBAT): no level makes that attack, unless the centuria is the rebels' last unit not
    fled or dissolving, whose fall loses them the battle (docs/decisions.md, "Centuria battles"); then the veteran
    and the elite make it (session 56), and the reasons say why. The novice, which does not know what a piece is
    worth, waits."""
    from centurion.game.bot_reasons import bot_decision
    from centurion.game.centuria import CtaEndPhase

    pieces = {"R-LEG": ("0811", 0), "R-T1": ("0807", 0), "R-PA": ("0909", 0), "B-PC1": ("1006", 3),
              "B-C1": ("0907", 3), "B-LEG": ("0801", 3)}
    if "B-C2" in rebels_left:
        pieces["B-C2"] = ("0202", 3)
    g = position(pieces, "rome", phase="combat")
    attack = CtaAttack("R-T1", "B-C1")
    assert [p.id for p in g.units("rebels") if p.alive] == list(rebels_left)
    ex = g.preview(attack)
    assert (ex.defender_falls, ex.attacker_falls) == (Fraction(1, 5), Fraction(3, 10))
    assert bot_action(g, "novice") == CtaEndPhase()
    last = rebels_left == ("B-C1",)
    for level in ("veteran", "elite"):
        assert bot_action(g, level) == (attack if last else CtaEndPhase()), level
    if last:
        assert "its fall ends the battle" in bot_decision(g, "veteran").alternatives[0].reason
