"""Issue 23, item 3 (pages): the Centurion and Centuria battle pages share one page base, and no file of
centurion/widgets/ is over 600 lines."""

from __future__ import annotations

import html
from pathlib import Path


def test_I23_3_no_widgets_file_over_600_lines():
    import centurion.widgets

    widgets = Path(centurion.widgets.__file__).parent
    long = {p.name: n for p in widgets.glob("*.py") if (n := len(p.read_text().splitlines())) > 600}
    assert long == {}


def test_I23_3_both_battle_pages_share_one_base():
    from centurion.widgets.battle_page import BattlePage
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
    from centurion.widgets.skirmish import SkirmishTable

    assert issubclass(SkirmishTable, BattlePage) and issubclass(CenturiaSkirmishTable, BattlePage)
    shared = ("load_text", "undo", "start", "_on_confirm", "_on_upload", "_run_computer", "_draw_log",
              "_draw_save_link", "computer_to_play")
    # the pages keep only what differs: the shared flow is written once, in the base
    for name in shared:
        assert name not in vars(SkirmishTable) and name not in vars(CenturiaSkirmishTable), name


def test_I23_3_the_centuria_log_reads_latest_first_like_the_centurion_log():
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
    from centurion.widgets.skirmish import SkirmishTable

    cta = CenturiaSkirmishTable("centuria_ford_road", seed=1)
    assert cta.end_part()  # the computer answers: a few lines more
    for page in (SkirmishTable("meeting", seed=1), cta):
        log = page.log_html.value
        assert "Log, latest first" in log and len(page.game.log) > 1
        assert log.index(html.escape(page.game.log[-1])) < log.index(html.escape(page.game.log[0]))


def test_I23_3_centuria_start_asks_before_abandoning_a_battle_in_progress():
    from clicks import double_click

    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    t = CenturiaSkirmishTable("centuria_ford_road", seed=1)
    assert t.end_part()  # a person's decision: a battle in progress
    before = list(t.states)
    double_click(t.start_button)
    assert t.states == before and "in progress" in t.message.value  # the first click only asks
    assert t.start_button.description == "Click again to abandon"
    t.start_button.click()  # a deliberate second click
    assert len(t.states) < len(before) or t.states[0] is not before[0]  # a new battle
    assert t.start_button.description == "Start a new battle"


def test_I23_3_a_refused_computer_decision_stops_the_computer_turn(monkeypatch):
    from centurion.widgets import skirmish as page

    tab = page.SkirmishTable("meeting", seed=1)
    n = len(tab.states)
    calls = []

    class Bad:
        pass

    def bad(g, level):
        calls.append(1)
        return Bad()

    monkeypatch.setattr(page, "bot_action", bad)
    tab.players = {k: "novice" for k in tab.players}
    tab._run_computer()  # the game refuses the decision: shown once, the loop stops, nothing changes
    assert len(calls) == 1 and len(tab.states) == n and "Refused" in tab.message.value
