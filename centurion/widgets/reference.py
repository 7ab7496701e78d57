"""The rules reference page (every rule ID in our own words, with a filter box) and links to its entries."""

from __future__ import annotations

import html
import os
import re
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

import ipywidgets as w

from ..data import centuria_tables, facing_change_table, terrain_table
from ..data.reference import GAME_TITLES, GAMES, RuleEntry, rules_reference
from ..data.reference import RulesReference as ReferenceData

if TYPE_CHECKING:  # pandas is imported only when a table is shown: every chapter imports this module (~1 s saved)
    import pandas as pd

# A rule ID as the spec writes them: HEX-2, DIE-20, CEN-GRAV-4, CTA-MORALE ...
RULE_ID = re.compile(r"\b(?:HEX|DIE|CEN|CTA|VAR)-[A-Z0-9]+(?:-[0-9]+)?\b")
REFERENCE_PAGE = "reference.ipynb"
# Widget HTML does not colour links by itself.
LINK_STYLE = "color:#0b57d0;text-decoration:underline dotted;white-space:nowrap"

# English names of the Centuria terrain (CTA-2); the source's German names appear once, in the reference.
CENTURIA_TERRAIN = {"grass": "grass", "field": "field", "trees": "trees", "road": "road", "track": "track",
                    "building": "building"}

# How to win has no rule ID in the spec (book-b §15): the reference finds it by these words all the same (W6).
HOW_TO_WIN = ("How to win (chapter 20, Leadership and victory): at the end each side scores 75 points for each "
              "objective it holds (a unit of its own within 1 hex and no enemy unit within 1 hex), the cost of each"
              " enemy vehicle destroyed, 2 for each enemy squad destroyed and 1 for each scenario point left "
              "unspent. The side with more points wins: a marginal victory needs 3 points to the other's 2, a "
              "substantive victory twice the other's points, a decisive victory three times. A Centuria battle is "
              "won by the units each side removed, with the same levels.")
TOPIC_WORDS = ("victory", "win", "winning", "score", "points", "objective", "objectives", "draw", "how to win")


def topic_html(query: str) -> str:
    """The 'how to win' topic (no rule ID, book-b §15) when the query asks about winning, else ''."""
    q = query.strip().lower()
    if not q or not any(wd in q for wd in TOPIC_WORDS):
        return ""
    return ("<div class='centurion-topic' style='border-left:3px solid #0b57d0;padding:4px 8px;margin:6px 0'>"
            "<b>Victory and how to win</b> (the rulebook's victory rules; no rule ID)<br>"
            f"{html.escape(HOW_TO_WIN)}<br>Try it: "
            "chapter <a href='20_leadership_victory.ipynb' target='_blank'>Leadership and victory</a>; the Skirmish "
            "page shows the running score.</div>")


def rule_href(rule_id: str) -> str:
    """The address of a rule's entry on the reference page, relative to a chapter."""
    return f"{REFERENCE_PAGE}?rule={rule_id}"


def rule_link(rule_id: str) -> str:
    """An HTML link to a rule's entry, opened in a new tab so the table keeps its state."""
    return (f'<a class="centurion-rule-link" href="{rule_href(rule_id)}" target="_blank" style="{LINK_STYLE}" '
            f'title="Open this rule in the rules reference"><code>{rule_id}</code></a>')


def link_rules(fragment: str) -> str:
    """Turn every rule ID shown in an HTML fragment (bare or in <code>) into a link to its entry."""

    def one(m: re.Match[str]) -> str:
        rid = m.group(1) or m.group(2)
        return rule_link(rid) if rid in rules_reference() else m.group(0)

    return re.sub(rf"<code>({RULE_ID.pattern})</code>(?!</a>)|(?<![\w?=>-])({RULE_ID.pattern})(?![^<]*</a>)", one,
                  fragment)


def centuria_terrain_table_en() -> pd.DataFrame:
    """The Centuria terrain table (CTA-2) with English headings and terrain names."""
    import pandas as pd

    rows = []
    for key, t in centuria_tables().terrain.items():
        for unit, m in t.modifiers.items():
            rows.append({"Terrain": CENTURIA_TERRAIN.get(key, key), "Unit": unit, "Attack": m.attack,
                         "Defence": m.defence, "Movement": m.movement,
                         "Blocks sight": "yes" if t.blocks_sight else "no"})
    return pd.DataFrame(rows).set_index(["Terrain", "Unit"])


def centuria_units_table_en() -> pd.DataFrame:
    """The Centuria unit table (CTA-2) with English headings."""
    import pandas as pd

    rows = []
    for key, u in centuria_tables().units.items():
        move = f"{u.movement} (cavalry {u.movement_cavalry})" if u.movement_cavalry else str(u.movement)
        rows.append({"Unit": key, "Movement": move, "Action radius": u.action_radius, "Attack": u.attack,
                     "Defence": u.defence, "Morale": u.morale})
    return pd.DataFrame(rows).set_index("Unit")


def centuria_leaders_table_en() -> pd.DataFrame:
    """The Centuria leader modifiers (CTA-2) with English headings."""
    import pandas as pd

    rows = [{"Leader": key, "Attack": m.attack, "Defence": m.defence, "Morale": m.morale}
            for key, m in centuria_tables().leaders.items()]
    return pd.DataFrame(rows).set_index("Leader")


def table_frame(name: str) -> pd.DataFrame:
    """One of the rule tables an entry may show, by its name in the reference file."""
    from ..data.frames import facing_change_frame, slope_frame, terrain_frame

    makers = {
        "terrain": lambda: terrain_frame(terrain_table()),
        "slopes": lambda: slope_frame(terrain_table()),
        "facing_change": lambda: facing_change_frame(facing_change_table()),
        "centuria_units": centuria_units_table_en,
        "centuria_leaders": centuria_leaders_table_en,
        "centuria_terrain": centuria_terrain_table_en,
    }
    return makers[name]()


def _paragraph(text: str) -> str:
    out = html.escape(" ".join(text.split()))
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)


def entry_html(entry: RuleEntry, ref: ReferenceData, *, with_table: bool = True) -> str:
    """One rule's entry: its ID, title, our words, our decision marked as ours, a table and where to try it."""
    places = ", ".join(f'<a href="{stem}.ipynb" style="{LINK_STYLE}">{html.escape(ref.chapters[stem])}</a>'
                       for stem in entry.chapters)
    where = f"Try it in: {places}." if places else "No chapter shows it yet."
    parts = [f'<div class="centurion-rule-entry" id="rule-{entry.id}" data-rule="{entry.id}" '
             f'style="margin:0 0 14px 0;padding:6px 10px;border-left:4px solid #90a4ae;line-height:1.5">',
             f'<div style="font-size:15px"><b><code>{entry.id}</code> {html.escape(entry.title)}</b></div>',
             f"<div>{link_rules(_paragraph(entry.text))}</div>"]
    if entry.ours:
        parts.append(f'<div class="centurion-ours" style="margin-top:4px"><i>Our decision</i> (the sources are '
                     f"silent or unclear here): {link_rules(_paragraph(entry.ours))}</div>")
    if entry.table and with_table:
        table = table_frame(entry.table).to_html(classes="centurion-rule-table", border=0)
        table = (table.replace("<td>", '<td style="padding:1px 10px;text-align:right">')
                 .replace("<th>", '<th style="padding:1px 10px">'))
        parts.append('<div style="max-height:360px;overflow:auto;margin-top:4px;font-size:13px">' + table + "</div>")
    parts.append(f'<div style="margin-top:4px;font-size:13px">{where}</div></div>')
    return "".join(parts)


def requested_rule() -> str:
    """The rule a link asked for (`reference.ipynb?rule=CEN-GRAV-4`); Voila passes the query as QUERY_STRING."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("rule", [])
    return values[0].strip().upper()[:40] if values else ""


def _nearby_ids(text: str, reference: ReferenceData) -> str:
    """For a rule ID the reference does not hold, the IDs of its group ("the CEN-SPD rules are CEN-SPD-1,
    CEN-SPD-2, CEN-SPD-3"; walk of session 31: 'try fewer words' for one ID); else 'try fewer words'."""
    m = re.fullmatch(r"\s*([A-Za-z]+(?:-[A-Za-z]+)*)-\d+\s*", text)
    if not m:
        return "try fewer words"
    group = m.group(1).upper()
    ids = sorted((e.id for e in reference.entries if re.fullmatch(rf"{re.escape(group)}-\d+", e.id)),
                 key=lambda k: int(k.rsplit("-", 1)[1]))
    if not ids:
        return "try fewer words"
    return f"the {group} rules are {', '.join(ids)}"


class RulesReference(w.VBox):
    """Every rule ID the engine implements, grouped by game and mechanic, with a filter box."""

    def __init__(self, initial: str | None = None) -> None:
        self.reference = rules_reference()
        self.filter = w.Text(placeholder="Filter: a rule ID or any word, e.g. GRAV-4, woods, morale",
                             description="Find a rule", continuous_update=True,
                             style={"description_width": "initial"}, layout=w.Layout(width="520px"))
        self.show_all = w.Button(description="Show every rule", layout=w.Layout(width="auto"))
        self.count = w.HTML()
        self.body = w.HTML(layout=w.Layout(max_width="1000px"))
        self._cache: dict[str, str] = {}
        super().__init__([w.HBox([self.filter, self.show_all]), self.count, self.body])
        self.add_class("centurion-reference")
        self.filter.observe(lambda _: self.refresh(), names="value")
        self.show_all.on_click(lambda _: self.set_filter(""))
        self.set_filter(requested_rule() if initial is None else initial)

    def set_filter(self, text: str) -> None:
        """Show the entries matching `text` (all when empty)."""
        if self.filter.value == text:
            self.refresh()
        else:
            self.filter.value = text

    def matches(self, text: str) -> list[RuleEntry]:
        """Entries whose ID is `text`, else whose ID, title or words contain every word of `text`."""
        query = str(text or "").strip().lower()[:80]
        if not query:
            return list(self.reference.entries)
        exact = [e for e in self.reference.entries if e.id.lower() == query]
        if exact:
            return exact
        words = query.split()
        return [e for e in self.reference.entries if all(wd in e.search_text() for wd in words)]

    def _entry(self, e: RuleEntry) -> str:
        if e.id not in self._cache:
            self._cache[e.id] = entry_html(e, self.reference)
        return self._cache[e.id]

    def refresh(self) -> None:
        """Redraw the list for the current filter."""
        found = self.matches(self.filter.value)
        total = len(self.reference)
        topic = topic_html(self.filter.value)
        if not found:
            self.count.value = (f"<div class='centurion-rule-count'>No rule {'ID ' if topic else ''}matches "
                                f"<b>{html.escape(self.filter.value)}</b>" + (
                                    "; see the topic below.</div>" if topic else
                                    f"; {html.escape(_nearby_ids(self.filter.value, self.reference))}.</div>"))
            self.body.value = topic
            return
        self.count.value = (f"<div class='centurion-rule-count'>{len(found)} of {total} rules"
                            + ("" if len(found) == total else " match") + ".</div>")
        parts = []
        ids = {e.id for e in found}
        for game in GAMES:
            group = None
            entries = [e for e in self.reference.entries if e.game == game and e.id in ids]
            if entries:
                parts.append(f"<h3 style='margin-top:12px'>{html.escape(GAME_TITLES[game])}</h3>")
            for e in entries:
                if e.group != group:
                    group = e.group
                    parts.append(f"<h4 style='margin:8px 0 4px 0'>{html.escape(group)}</h4>")
                parts.append(self._entry(e))
        self.body.value = topic + "".join(parts)
