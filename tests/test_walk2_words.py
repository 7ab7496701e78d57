"""The second new-user walk (issue 26), finding 10 and 11: the pages speak the reader's words — a citation of the
rulebook digest's section is shown as the RULES.md rule that covers it, and Centuria's move preview names the facing
by compass point as its log does."""

from __future__ import annotations

import re

import pytest

from centurion.game.wording import in_words


@pytest.mark.parametrize(("engine", "shown"), [
    # RULES.md: CEN-CMB-1 is book-a §7-16, CEN-LOS-1 is book-a §9, CEN-TER-1 the Terrain Effects Table of book-a §6
    ("the turret is destroyed: its ammunition (book-a 14.1)", "the turret is destroyed: its ammunition (CEN-CMB-1)"),
    ("missiles never fire at infantry (book-a §8.3)", "missiles never fire at infantry (CEN-CMB-1)"),
    ("1 to 2 TVLG(s) now (book-a §16.3, §16.4), not 3", "1 to 2 TVLGs now (CEN-CMB-1), not 3"),
    ("weapons and shell (book-a §8.2-8.3)", "weapons and shell (CEN-CMB-1)"),
    ("no line of sight (book-a §9)", "no line of sight (CEN-LOS-1)"),
    ("light woods cost 2 (book-a §6.1)", "light woods cost 2 (CEN-TER-1)"),
])
def test_walk10_a_digest_section_is_shown_as_its_rule(engine, shown):
    assert in_words(engine) == shown


def test_walk10_a_section_no_rule_covers_stays_as_it_is():
    assert in_words("victory points (book-b §15.2)") == "victory points (book-b §15.2)"
    assert in_words("✓ book-a E20: hits") == "✓ book-a E20: hits"  # a worked example's name, not a section


def test_walk11_the_centuria_move_preview_names_the_facing(monkeypatch):
    """The preview said 'ends in 0507 facing 0' where the log says 'facing N' (HEX-3: 0 is N ... 5 is NW)."""
    monkeypatch.setenv("CENTURION_SEED", "0")
    from centurion.game.centuria import CtaMove
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    page = CenturiaSkirmishTable("centuria_ford_road")
    move = next(a for a in page.game.legal_actions() if isinstance(a, CtaMove))
    page.choice.options = [("move", move)]
    page.choice.value = move
    page._show_preview()
    shown = re.sub(r"<[^>]+>", "", page.preview.value)
    assert re.search(r"ends in \d{4} facing (N|NE|SE|S|SW|NW) CTA-MOVE", shown), shown


def test_walk11_the_centuria_chapters_piece_panel_names_the_facing():
    """Chapters 10-15's panel of the selected piece said 'in 0608, facing 0' (screenshots of this session)."""
    from centurion.data import centuria_tables
    from centurion.game import new_skirmish
    from centurion.widgets.centuria_panels import piece_panel_html

    g = new_skirmish("centuria_ford_road", seed=0)
    b, t = g.battle, centuria_tables()
    p = next(q for q in b.pieces if not q.is_leader)
    shown = re.sub(r"<[^>]+>", "", piece_panel_html(b, t, p.id, []))
    name = ("N", "NE", "SE", "S", "SW", "NW")[p.facing]  # HEX-3: 0 is N, clockwise
    assert f", facing {name}" in shown and not re.search(r"facing \d", shown), shown
