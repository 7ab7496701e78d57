"""W20 (audit first-game): the pages' and logs' English. A count takes its noun in the right number ("1 point", "2
points", never "point(s)"); a facing is named as on the compass (HEX-3: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW), never as
a number; a sentence after a full stop starts with a capital; the record-sheet key says "Communications", not "Comm"
beside "Commander"; messages cite rule IDs or chapters, not sections of the source books ("book-b §15")."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from centurion.data import sample_map, terrain_table
from centurion.game import Fire, Leadership, bot_action, new_skirmish
from centurion.hexgrid import parse_label

ROOT = Path(importlib.import_module("centurion").__file__).resolve().parents[1]  # the checkout under test
COMPASS = ("N", "NE", "SE", "S", "SW", "NW")  # HEX-3
CLUMSY = re.compile(r"\w\((s|es)\)")  # point(s), hex(es), box(es)
IN_QUOTES = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'")  # the string literals of a code cell (what it prints)
SOURCE_SECTION = re.compile(r"book-[ab]\b|§")


def test_W20_leadership_and_weapons_in_the_right_number() -> None:
    from centurion.game.wording import plural

    assert [plural(n, "straight hex") for n in (1, 2)] == ["1 straight hex", "2 straight hexes"]
    assert [plural(n, "internal box") for n in (0, 1)] == ["0 internal boxes", "1 internal box"]
    assert Leadership(1).describe() == "spends 1 leadership point on initiative"
    assert Leadership(0).describe() == "spends 0 leadership points on initiative"
    assert Leadership(2).describe() == "spends 2 leadership points on initiative"
    assert Fire("A", "B", weapons=(0,)).describe() == "A fires at B with weapon 1"
    assert Fire("A", "B", weapons=(0, 2)).describe() == "A fires at B with weapons 1, 3"
    assert Fire("A", "B", weapons=()).describe() == "A fires at B with no weapon"


def _played(turns: int = 6):
    """The meeting scenario, seed 1, both sides the novice computer, to its end (about 3 s)."""
    s = new_skirmish("meeting", seed=1)
    while not s.over and s.turn <= turns:
        s = s.apply(bot_action(s, "novice"))
    return s


@pytest.fixture(scope="module")
def game():
    return _played()


def test_W20_logs_name_facings_and_counts_in_words(game) -> None:
    moves = [line for line in game.log if " ends in " in line and " facing " in line]
    assert moves, "the game's log has its moves"
    for line in moves:
        facing = re.search(r" facing (\S+?),", line)
        assert facing is not None and facing.group(1) in COMPASS, line
    assert not [line for line in game.log if re.search(r"\bfacing \d", line)]
    assert not [line for line in game.log if CLUMSY.search(line)], "a count with (s) or (es) in the log"


def test_W20_the_end_of_a_game_cites_no_book_section(game) -> None:
    assert game.over
    end = [line for line in game.log if line.startswith("Game over")]
    assert end and not SOURCE_SECTION.search(end[-1]), end
    from centurion.game.summary import verdict

    assert not SOURCE_SECTION.search(verdict(game))


def test_W20_chapter_17_facings_by_name() -> None:
    from centurion.widgets.fire_view import FireLab

    lab = FireLab(sample_map(), terrain_table(), firer_hex=parse_label("0620"), target_hex=parse_label("0613"))
    for pick in (lab.facing, lab.turret, lab.target_facing):
        assert tuple(pick.options) == tuple(zip(COMPASS, range(6), strict=True)) or \
            tuple(label for label, _v in pick.options) == COMPASS, pick.options
    assert lab.target_facing.label == "S"  # the target faces the firer (value 3)


def test_W20_chapter_16_capital_after_full_stop() -> None:
    from centurion.widgets.sight_view import SightExplorer

    for target in ("0513", "0525"):  # one hidden by the hill, one in the open (chapter 16)
        sight = SightExplorer(sample_map(), terrain_table(), firer=parse_label("0520"), target=parse_label(target))
        text = re.sub(r"<[^>]+>", "", sight.verdict.value)
        after = re.search(r"SEEN\. (\S)", text)
        assert after is not None and not after.group(1).islower(), text[:120]  # a capital, or a hex number
        assert not CLUMSY.search(text), text[:200]


def test_W20_record_sheet_key_says_communications() -> None:
    from centurion.widgets.record_sheet import component_name

    assert component_name("comm") == "Communications"
    assert component_name("commander") == "Commander"


def _chapter_cells(name: str):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module(f"chapters.{name}").CELLS
    finally:
        sys.path.remove(str(ROOT / "tools"))


CHAPTERS = sorted(p.stem for p in (ROOT / "tools" / "chapters").glob("c*_*.py")) + ["skirmish", "centuria_skirmish"]


def test_W20_chapter_texts_without_clumsy_plurals_or_book_sections() -> None:
    found = []
    for name in CHAPTERS:
        for cell in _chapter_cells(name):
            text = cell.source
            if cell.cell_type == "markdown":
                found += [f"{name}: {m.group(0)} in its text" for m in SOURCE_SECTION.finditer(text)]
            else:  # the printed words; a check_book label names the book's worked example and stays
                code = "\n".join(line for line in text.splitlines() if "check_book" not in line)
                printed = "\n".join(IN_QUOTES.findall(code))
                found += [f"{name}: {m.group(0)} in its output" for m in CLUMSY.finditer(printed)]
    assert found == []


def test_W20_centuria_log_names_facings_on_the_page(monkeypatch) -> None:
    """The Centuria engine logs 'facing 0'; the battle page shows the compass name (HEX-3)."""
    monkeypatch.setenv("CENTURION_SEED", "0")
    from centurion.game.centuria import CtaMove
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    page = CenturiaSkirmishTable("centuria_ford_road")
    page.players = {side: "person" for side in page.game.sides}
    move = next(a for a in page.game.legal_actions() if isinstance(a, CtaMove))
    assert page.decide(move)
    page._refresh()  # what the page draws after a decision
    assert any(re.search(r"\bfacing \d", line) for line in page.game.log), "the engine's words"
    shown = re.sub(r"<[^>]+>", "", page.log_html.value)
    assert " facing " in shown and not re.search(r"\bfacing \d\b", shown)
    assert re.search(r"\bfacing (N|NE|SE|S|SW|NW)\b", shown)
