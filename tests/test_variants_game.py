"""The skirmish with each variant switch on alone, bot against bot (issue 16): the game keeps its RuleSet, saves and
replays it, and names in its log the variant behind every roll the switch changed (VAR-SPEEDMOD, VAR-SHIELD)."""

from __future__ import annotations

import pytest

from centurion.game import Move, bot_action, load, new_skirmish
from centurion.variants import VARIANTS, RuleSet

TURNS = 2  # a short game: the first turns of the meeting scenario


def play(variants: tuple[str, ...], seed: int = 3, *, turns: int = TURNS, limit: int = 400):
    s = new_skirmish("meeting", seed=seed, variants=variants)
    for _ in range(limit):
        if s.over or s.turn > turns:
            break
        a = bot_action(s, "novice", budget=0.05)
        legal = s.move_actions(a.unit) if isinstance(a, Move) else s.legal_actions()
        assert legal and a in legal, f"bot chose {a} not among the legal actions"
        s = s.apply(a)
    return s


@pytest.mark.parametrize("switch", list(VARIANTS))
def test_bot_against_bot_with_one_switch_on(switch):
    s = play((switch,))
    assert s.turn > TURNS or s.over
    assert s.rules == RuleSet.from_names([switch]) and s.variants == RuleSet.from_names([switch]).names
    again = load(s.to_json())  # the save records the rule set and replays to the same game
    assert again.rules == s.rules and again.log == s.log and again.vehicles == s.vehicles


def test_log_names_the_variant_behind_changed_rolls():
    basic = play(())
    assert not any("[VAR-" in line for line in basic.log)
    speed = play(("VAR-SPEEDMOD",))
    assert any("[VAR-SPEEDMOD]" in line and "target speed" in line for line in speed.log)
    shield = play(("VAR-SHIELD",), turns=3)
    assert any("[VAR-SHIELD]" in line and "d100" in line for line in shield.log)


def test_skirmish_page_offers_the_switches():
    from centurion.widgets.skirmish import SkirmishTable

    page = SkirmishTable("meeting", seed=2)
    names = [v for _label, v in page.variant_picks.options]
    assert set(VARIANTS) <= {n.split(":")[0] for n in names}
    assert "VAR-MOVETYPE:burn" in names and "VAR-MOVETYPE:thrust" in names
    page.variant_picks.value = ("VAR-SHIELD", "VAR-SPEEDMOD")
    page._on_start()
    assert page.states[-1].rules == RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])
    page.variant_picks.value = ("VAR-MOVETYPE:burn", "VAR-MOVETYPE:thrust")  # two sub-options: refused, game kept
    page._on_start()
    assert page.states[-1].rules == RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])
    assert "VAR-MOVETYPE" in page.message.value and "two sub-options" in page.message.value


def test_uploaded_map_keeps_its_partial_terrain_for_var_occupy():
    from pathlib import Path

    from centurion.data import DataError
    from centurion.data.upload import load_map_upload, load_partial_terrain_upload

    text = Path(__file__).parent.parent.joinpath("data", "maps", "battlefield.yaml").read_text(encoding="utf-8")
    good = (text + "\npartial_terrain:\n  - {hex: '0101', terrain: light_woods, open: clear, "
            "covered_hexsides: [0, 1]}\n").encode()
    m = load_map_upload(good, "upload.yaml")  # the basic loader accepts the field and ignores it
    (part,) = load_partial_terrain_upload(good, "upload.yaml", m).values()
    assert part.terrain == "light_woods" and part.covered_hexsides == {0, 1}
    bad = (text + "\npartial_terrain:\n  - {hex: '9999'}\n").encode()
    with pytest.raises(DataError, match="partial_terrain"):
        load_partial_terrain_upload(bad, "upload.yaml", m)
    with pytest.raises(DataError):
        load_partial_terrain_upload(b"partial_terrain: &a [*a]", "upload.yaml", m)  # the upload guards apply
