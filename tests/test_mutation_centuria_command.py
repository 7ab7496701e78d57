"""Fast tests for centurion/centuria/command.py written against its surviving mutants (issue 22, docs/mutation.md).

Expected values: RULES.md CTA-CMD (in command within the leader's radius and in sight, or next to a sub-unit in
command, transitively; sight blocked by intervening hexes whose terrain blocks it), CTA-2 (the seed's
"Sichthindernis" column: Bäume and Gebäude block sight, the others do not), and the project's decision for a
sight line along a spine (it passes when either hex is clear, docs/decisions.md). The hexes a line crosses
are those of the shared geometry (`centurion.hexgrid.line`), checked here on hand-picked lines.
"""

from __future__ import annotations

import pytest
from test_centuria import T, cmap

from centurion.centuria.command import blocks_sight, in_sight, sight_line, spread_command
from centurion.hexgrid import Hex, parse_label

H = parse_label


def field(blocked: dict[str, str], cols: int = 8, rows: int = 8):
    """An all-grass map with the given labels set to another terrain letter (t trees, b building, ...)."""
    grid = [["g"] * cols for _ in range(rows)]
    for label, letter in blocked.items():
        h = H(label)
        c, r = int(label[:2]), int(label[2:])
        grid[r - 1][c - 1] = letter
        assert H(f"{c:02d}{r:02d}") == h
    return cmap(["".join(row) for row in grid])


def test_CTA_2_trees_and_buildings_block_sight_the_rest_does_not():
    letters = {"g": False, "f": False, "t": True, "r": False, "w": False, "b": True}
    m = field({f"0{i + 1}01": letter for i, letter in enumerate(letters)})
    for i, (letter, blocks) in enumerate(letters.items()):
        assert blocks_sight(m, H(f"0{i + 1}01"), T) is blocks, letter


def test_CTA_CMD_an_intervening_tree_or_building_blocks_the_line():
    for letter in ("t", "b"):
        m = field({"0403": letter})
        assert in_sight(H("0404"), H("0401"), m, T) is False
        assert in_sight(H("0401"), H("0404"), m, T) is False
    for letter in ("f", "r", "w", "g"):
        assert in_sight(H("0404"), H("0401"), field({"0403": letter}), T) is True
    # the ends never block: both ends in trees, clear between
    m = field({"0404": "t", "0401": "b"})
    assert in_sight(H("0404"), H("0401"), m, T) is True
    assert in_sight(H("0404"), H("0404"), m, T) is True
    assert in_sight(H("0404"), H("0403"), field({"0404": "t", "0403": "t"}), T) is True


def test_CTA_CMD_a_spine_blocks_only_when_both_hexes_block():
    # 0404 -> 0204 runs along the hexside between 0305 and 0304
    assert [tuple(h for h in s) for s in sight_line_steps(H("0404"), H("0204"))] == [
        (H("0404"),), (H("0305"), H("0304")), (H("0204"),)]
    assert in_sight(H("0404"), H("0204"), field({"0305": "t"}), T) is True
    assert in_sight(H("0404"), H("0204"), field({"0304": "b"}), T) is True
    assert in_sight(H("0404"), H("0204"), field({"0304": "t", "0305": "b"}), T) is False


def sight_line_steps(a: Hex, b: Hex):
    from centurion.hexgrid import line
    return line(a, b)


def test_CTA_CMD_hexes_off_the_map_do_not_block():
    # four columns, four rows: on 0404 -> 0204 the spine pair is 0305 (off the map) and 0304 (trees here)
    m = cmap(["gggg", "gggg", "gggg", "ggtg"])
    assert H("0305") not in m and m[H("0304")].terrain == "trees"
    assert in_sight(H("0404"), H("0204"), m, T) is True
    assert in_sight(H("0404"), H("0204"), field({"0304": "t"}), T) is True  # 0305 on the map and clear
    assert in_sight(H("0404"), H("0204"), field({"0304": "t", "0305": "t"}), T) is False


@pytest.mark.parametrize("bad", [None, (1, 2), "0101", Hex(1.5, 2)])
def test_CTA_CMD_hexes_are_checked(bad):
    m = field({})
    with pytest.raises(ValueError, match="a "):
        in_sight(bad, H("0101"), m, T)
    with pytest.raises(ValueError) as e:
        in_sight(H("0101"), bad, m, T)
    assert "b" in str(e.value)
    with pytest.raises(ValueError) as e:
        sight_line(bad, H("0101"))
    assert "a" in str(e.value)
    with pytest.raises(ValueError) as e:
        sight_line(H("0101"), bad)
    assert "b" in str(e.value)


def test_CTA_CMD_in_sight_names_the_bad_hex():
    m = field({})
    with pytest.raises(ValueError) as ea:
        in_sight("x", H("0101"), m, T)
    with pytest.raises(ValueError) as eb:
        in_sight(H("0101"), "x", m, T)
    assert str(ea.value) != str(eb.value)
    with pytest.raises(ValueError) as sa:
        sight_line("x", H("0101"))
    with pytest.raises(ValueError) as sb:
        sight_line(H("0101"), "x")
    assert str(sa.value) == str(ea.value) and str(sb.value) == str(eb.value)


def test_CEN_LOS_1_sight_line_lists_every_hex_crossed_the_first_of_a_spine():
    assert sight_line(H("0404"), H("0401")) == [H("0404"), H("0403"), H("0402"), H("0401")]
    assert sight_line(H("0404"), H("0204")) == [H("0404"), H("0305"), H("0204")]
    assert sight_line(H("0404"), H("0404")) == [H("0404")]


def test_CTA_CMD_command_spreads_through_adjacent_sub_units_transitively():
    where = {"A": H("0101"), "B": H("0102"), "C": H("0103"), "D": H("0104"), "E": H("0106"), "F": H("0101")}
    status = {"A": "direct", "B": "out", "C": "out", "D": "out", "E": "out", "F": "out"}
    out = spread_command(status, where)
    assert out == {"A": "direct", "B": "chain", "C": "chain", "D": "chain", "E": "out", "F": "chain"}
    assert status["B"] == "out"  # a new mapping; the argument is left alone
    # two sources; a 'chain' unit given in the input is neither a source nor changed
    status = {"A": "direct", "X": "chain", "B": "out", "Y": "direct", "Z": "out"}
    where = {"A": H("0101"), "X": H("0105"), "B": H("0106"), "Y": H("0801"), "Z": H("0802")}
    assert spread_command(status, where) == {"A": "direct", "X": "chain", "B": "out", "Y": "direct", "Z": "chain"}
    assert spread_command({}, {}) == {}
    # nobody in command: nothing spreads
    assert spread_command({"A": "out", "B": "out"}, {"A": H("0101"), "B": H("0102")}) == {"A": "out", "B": "out"}
    # two apart is not adjacent
    assert spread_command({"A": "direct", "B": "out"}, {"A": H("0101"), "B": H("0103")}) == {
        "A": "direct", "B": "out"}
