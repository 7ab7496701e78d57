"""What every chapter source shares: the cell constructors and the set-up cells."""

from __future__ import annotations

import nbformat

md = nbformat.v4.new_markdown_cell


def code(source: str, *, widget: bool = False) -> nbformat.NotebookNode:
    """A code cell; widget cells have their output ignored by nbval."""
    if widget:
        source = "# NBVAL_IGNORE_OUTPUT\n" + source
    return nbformat.v4.new_code_cell(source.strip())


# Where the builder puts the previous / contents / reference / next links of a chapter.
BACK = "{{nav}}\n\n"
SETUP = """
from fractions import Fraction
from centurion.data import sample_map, terrain_table, vehicle_types, map_from_rows
from centurion.hexgrid import parse_label, format_label
from centurion import rules
from centurion.dice import Dice
battlefield = sample_map()
vehicles = vehicle_types()
horatius, liberator, viper = vehicles["horatius"], vehicles["liberator"], vehicles["viper"]
"""


CTA_SETUP = """
from dataclasses import replace
from fractions import Fraction
from centurion.centuria import *
from centurion.data import centuria_scenario, centuria_tables
from centurion.dice import Dice
from centurion.hexgrid import parse_label, format_label
scenario = centuria_scenario()
tables = centuria_tables()
battle = CenturiaBattle.from_scenario(scenario)
"""


def checks(*lines: str) -> nbformat.NotebookNode:
    """A cell that checks a worked example against the book's numbers (audit T5): each line a `check_book(...)` call
    of centurion.widgets.checks, which prints a tick or raises."""
    return code("from centurion.widgets.checks import check_book\n" + "\n".join(lines))
