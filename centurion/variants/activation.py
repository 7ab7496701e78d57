"""The variant turn sequence (VAR-INIT): initiative with rating points, activation by platoon, variant
opportunity fire and pop-up attacks.

The turn is Initiative, Action and End phases. Each side rolls a d10; the Centurion may add any of his
rating points (+1 each) before the rolls; a negative rating must be spent in full (-1 each). The higher
total wins (ties rolled again, RULES.md) and decides who activates first. In the Action Phase the sides
alternate activating one platoon, which moves, paints and fires with damage at once; the larger side's
extra platoons activate in pairs (triples when it has three times as many or more), spread as evenly as
possible through the middle of the phase.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dice import Dice, Roll
from ..rules.grav import Refusal
from ..rules.inputs import whole
from ..rules.rolls import TargetRoll
from ..rules.sequence import SIDE_NAMES
from .ruleset import RuleSet, refuse_off

RULE = "VAR-INIT"
PHASES = ("Initiative", "Action", "End")


def rating_points_refusal(rating: int, spent: int) -> Refusal | None:
    """None if a Centurion of `rating` may spend `spent` points (+1 each) on initiative, else why not (VAR-INIT).

    A positive rating spends 0..rating. The seed: "Centurions with negative ratings must expend all their
    Rating Points as -1 Initiative modifiers", so a negative rating spends exactly all of it.
    """
    if rating < 0:
        if spent != rating:
            return Refusal(RULE, f"a Centurion with a negative rating ({rating}) must spend all of it: {rating}")
        return None
    if not 0 <= spent <= rating:
        return Refusal(RULE, f"a Centurion of rating {rating} may add 0..{rating} to his initiative roll, not {spent}")
    return None


@dataclass(frozen=True)
class VariantInitiative:
    """Who won the variant initiative, with every roll (re-rolls on ties) and the totals (VAR-INIT)."""

    winner: str  # 'first' or 'second'
    rolls: tuple[tuple[Roll, Roll], ...]
    totals: tuple[int, int]
    bonuses: tuple[int, int]


def roll_variant_initiative(dice: Dice, *, rating_first: int = 2, rating_second: int = 2,
                            spend_first: int | None = None, spend_second: int | None = None,
                            modifier_first: int = 0, modifier_second: int = 0,
                            names: tuple[str, str] = SIDE_NAMES) -> VariantInitiative | Refusal:
    """Both sides roll d10 + rating points spent + other modifiers; the higher total wins, ties re-rolled (VAR-INIT).

    `spend_*` defaults to the whole rating (a negative rating is always spent whole); `names` name the sides in the
    rolls' purpose.
    """
    for value, what in ((rating_first, "rating_first"), (rating_second, "rating_second"),
                        (modifier_first, "modifier_first"), (modifier_second, "modifier_second")):
        whole(value, RULE, what)
    whole(spend_first, RULE, "spend_first", optional=True)
    whole(spend_second, RULE, "spend_second", optional=True)
    spends = []
    for rating, spend in ((rating_first, spend_first), (rating_second, spend_second)):
        spend = rating if spend is None else spend
        bad = rating_points_refusal(rating, spend)
        if bad is not None:
            return bad
        spends.append(spend)
    bonus = (spends[0] + modifier_first, spends[1] + modifier_second)
    rolls: list[tuple[Roll, Roll]] = []
    for _ in range(1000):
        a = dice.roll("d10", purpose=f"initiative, {names[0]} ({bonus[0]:+d})", rule=RULE)
        b = dice.roll("d10", purpose=f"initiative, {names[1]} ({bonus[1]:+d})", rule=RULE)
        rolls.append((a, b))
        ta, tb = a.result + bonus[0], b.result + bonus[1]
        if ta != tb:
            return VariantInitiative("first" if ta > tb else "second", tuple(rolls), (ta, tb), bonus)
    raise RuntimeError("VAR-INIT: a thousand tied initiative rolls")  # pragma: no cover


def _spread(slots: int, extras: int, cap: int, offset: int = 0, length: int | None = None, *,
            middle: bool = True) -> list[int]:
    """Extras per slot: the middle slots first, evenly spaced, at most `cap` each, then the end slot nearer the
    middle of the phase (slot i is activation `offset + 2 i` of `length`). Two slots are both ends: the one nearer
    the middle first (session 53's audit: the last one took the extra group; `middle=False`, as before, for a game
    under rules editions 1-3)."""
    length = 2 * slots if length is None else length
    add = [0] * slots
    interior = list(range(1, slots - 1)) if slots >= 3 else [] if middle else list(range(slots))
    ends = [i for i in range(slots) if i not in interior]
    left = extras
    while left > 0:
        open_ = [i for i in interior if add[i] < cap]
        if open_:
            k = min(left, len(open_))
            picked = [open_[(2 * j + 1) * len(open_) // (2 * k)] for j in range(k)]
        else:
            open_ = sorted((i for i in ends if add[i] < cap),  # two slots as far from the middle: the later,
                           key=lambda i: (abs(2 * (offset + 2 * i) - (length - 1)), -i if slots == 2 else i))
            # as editions 1-3 had it (A1 B1 A2 for three against one)
            if not open_:
                raise AssertionError("the caller sizes cap so that every extra fits")  # pragma: no cover
            k = min(left, len(open_))
            picked = open_[:k]
        for i in picked:
            add[i] += 1
        left -= k
    return add


def activation_order(first: int, second: int, *, first_side: str = "first", middle: bool = True
                     ) -> list[tuple[str, int]]:
    """The Action Phase as (side, platoons) activations, `first_side` going first (VAR-INIT).

    Sides alternate one platoon each; the larger side's extra platoons go in pairs (triples when it has three
    times as many platoons or more; beyond what triples can absorb, groups grow further: decision), spread as
    evenly as possible over that side's activations (groups differ by one at most), the larger groups in the
    middle ones. With one side
    out of platoons the other activates the rest one at a time. `middle=False`: two slots as rules editions 1-3 had
    them (the extra group in the later one).
    """
    whole(first, RULE, "first (platoons)", 0)
    whole(second, RULE, "second (platoons)", 0)
    if first_side not in ("first", "second"):
        raise ValueError(f"{RULE}: the side that starts is 'first' or 'second', got {first_side!r}")
    counts = {"first": first, "second": second}
    starter = first_side
    other = "second" if starter == "first" else "first"
    big, small = (starter, other) if counts[starter] >= counts[other] else (other, starter)
    b, s = counts[big], counts[small]
    if s == 0:
        return [(big, 1)] * b
    slots = s + 1 if big == starter else s
    slots = min(slots, b)
    extras = b - slots  # pairs where the slots can take them, triples (or more: decision) only where they cannot;
    # a side with three times as many platoons or more has too few slots for pairs, hence its triples (session 34:
    # a threshold computed here was never read, the audit's mutant M28)
    offset = 0 if big == starter else 1
    # as evenly as possible: every slot takes its share, the ones left over go to the middle slots
    base, rest = divmod(extras, slots)
    groups = ([1 + base + x for x in _spread(slots, rest, 1, offset, slots + s, middle=middle)] if rest
              else [1 + base] * slots)
    order: list[tuple[str, int]] = []
    gi = si = 0
    turn = starter
    while gi < len(groups) or si < s:
        if turn == big and gi < len(groups):
            order.append((big, groups[gi]))
            gi += 1
        elif turn == small and si < s:
            order.append((small, 1))
            si += 1
        turn = small if turn == big else big
    return order


def may_opportunity_fire(rules: RuleSet, *, velocity_end_of_last_turn: int, fired_this_turn: bool,
                         dropped_to_zero_in_own_activation: bool = False) -> Refusal | None:
    """None if a platoon may declare the variant opportunity fire during another's activation (VAR-INIT).

    Either it was at velocity 0 at the end of last turn and has not fired yet this turn, or it dropped to
    velocity 0 during its own activation (then it is available for the rest of the turn).
    """
    whole(velocity_end_of_last_turn, RULE, "velocity_end_of_last_turn")
    off = refuse_off(rules, RULE)
    if off:
        return Refusal(RULE, off)
    if dropped_to_zero_in_own_activation:
        return None
    if velocity_end_of_last_turn != 0:
        return Refusal(RULE, f"it ended last turn at velocity {velocity_end_of_last_turn}: only a unit stationary "
                       "then (or one that dropped to 0 in its own activation) may fire on opportunity")
    if fired_this_turn:
        return Refusal(RULE, "it has already fired this turn")
    return None


def pop_up_attack(rules: RuleSet, roll: TargetRoll, *, grav: bool, start_velocity: int, behind_cover: bool,
                  spotter: bool) -> TargetRoll | Refusal:
    """A pop-up attack's to-hit: the roll with the +1 penalty (target -1, RULES.md decision) (VAR-INIT).

    Only a grav tank at velocity 0 at the start of the turn, behind cover (a hill, a building...), with a
    spotter or observing unit available; it pops up, fires and drops down again.
    """
    whole(start_velocity, RULE, "start_velocity")
    off = refuse_off(rules, RULE)
    if off:
        return Refusal(RULE, off)
    if not grav:
        return Refusal(RULE, "only a grav tank can pop up")
    if start_velocity != 0:
        return Refusal(RULE, f"it started the turn at velocity {start_velocity}; a pop-up needs velocity 0")
    if not behind_cover:
        return Refusal(RULE, "it is not behind cover (a hill, a building...)")
    if not spotter:
        return Refusal(RULE, "no spotter or observing unit is available")
    return roll.plus("pop-up attack", -1, RULE)
