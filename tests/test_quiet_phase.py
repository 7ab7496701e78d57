"""A painting or fire phase in which no unit of a side has anything to declare says so in the log (walk of session
53: "a Combat Phase in which no unit of the side has a target passes without a line saying why"). Whether a unit
has something to declare is read from its own list of declarations (`paint_actions` / `fire_actions`: only "does
not paint / fire" left), the lists the page offers and `apply` checks (CEN-CMB-1, book-a §7.1)."""

from __future__ import annotations

from centurion.game import bot_action, new_skirmish


def _quiet(s, side: str) -> bool:
    """No unit of `side` has a declaration but "does not paint / fire" at the phase's start."""
    lists = s.paint_actions if s.phase == "painting" else s.fire_actions
    pick = s._painters if s.phase == "painting" else s._firers
    return bool(pick(side)) and not any(lists(k)[:-1] for k in pick(side))


def test_a_side_with_nothing_to_declare_is_said_to_declare_nothing_and_only_then():
    """The village, seed 2, the novice on both sides (a game in which both sides lose sight of each other), every
    turn: each phase start's line for a side is there exactly when that side's units have nothing to declare."""
    s = new_skirmish("village", seed=2)
    said = seen = 0
    while not s.over:
        before_phase, n = s.phase, len(s.log)
        s = s.apply(bot_action(s, "novice"))
        if s.phase in ("painting", "fire") and s.phase != before_phase:
            start = s  # the phase has just begun: nobody has declared yet
            lines = [line for line in s.log[n:] if f"T{s.turn} {s.phase} — " in line and "none " in line]
            for side in s.sides:
                quiet = _quiet(start, side)
                seen += quiet
                mine = [line for line in lines if f" — {s.label(side)}: " in line]
                assert len(mine) == quiet, (s.turn, s.phase, side, mine)
                said += len(mine)
                if mine:
                    assert mine[0].endswith("[CEN-CMB-1]")
                    assert ("none paints" if s.phase == "painting" else "none fires") in mine[0]
    assert said == seen >= 2
