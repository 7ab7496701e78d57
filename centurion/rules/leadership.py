"""Centurions and leadership: ratings, the advantage, its per-turn use, passes, a Centurion lost (CEN-INI-1, -2).

Book-b §3. Each side's Century has one Centurion, the commander of one of its vehicles. The side with
the higher Leadership Rating (LR) holds the Leadership Advantage, the difference of the ratings. Each
turn (points never carry over) it may subtract any part of it from its initiative roll; every 3 full
points left let it pass one platoon when its turn comes and move it right after one of its later
platoons, or move one platoon at the very start of its portion of the phase. A Centurion killed,
unconscious, out of communication or whose vehicle is destroyed leaves his Century at LR 0.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..dice import Dice, Roll
from .grav import Refusal
from .inputs import whole
from .sequence import (
    SIDE_NAMES,
    InitiativeResult,
    leadership_advantage,
    movement_order,
    passes_available,
    roll_initiative,
)

RULE = "CEN-INI-2"
DEFAULT_RATING = 2
#: the optional random starting rating, by d10 (book-b §3.6)
RANDOM_RATING = {1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3}
#: campaign advancement points of each result (book-b §3.7)
ADVANCEMENT = {("decisive", "victory"): 3, ("substantive", "victory"): 2, ("marginal", "victory"): 1,
               ("draw", "victory"): 0, ("draw", "defeat"): 0, ("marginal", "defeat"): -1,
               ("substantive", "defeat"): -2, ("decisive", "defeat"): -3}
POINTS_PER_PASS = 3


@dataclass(frozen=True)
class Centurion:
    """A side's commander: his rating and whether he still leads (book-b §3.1, §3.5)."""

    rating: int = DEFAULT_RATING
    killed: bool = False
    unconscious: bool = False
    out_of_comm: bool = False
    vehicle_destroyed: bool = False

    def __post_init__(self) -> None:
        whole(self.rating, "CEN-INI-1", "rating")

    @property
    def lost(self) -> bool:
        """Killed, unconscious, out of communication or his vehicle destroyed."""
        return self.killed or self.unconscious or self.out_of_comm or self.vehicle_destroyed

    @property
    def century_rating(self) -> int:
        """The Century's Leadership Rating: his rating, or 0 once he is lost (book-b §3.5)."""
        return 0 if self.lost else self.rating

    def support_refusal(self) -> Refusal | None:
        """None if he may call new off-board artillery, orbital or air support, else why not (book-b §3.2, §3.5)."""
        if self.lost:
            return Refusal(RULE, "the Centurion is lost: no new off-board, orbital or air calls "
                           "(calls already made still arrive)")
        return None


def century_advantage(first: Centurion, second: Centurion) -> tuple[str | None, int]:
    """Which side holds the Leadership Advantage and how many points, from the Century ratings (book-b §3.3, §3.5)."""
    return leadership_advantage(first.century_rating, second.century_rating)


def random_rating(dice: Dice) -> tuple[int, Roll]:
    """The optional random starting rating: d10 1-2 -> 1, 3-8 -> 2, 9-10 -> 3 (book-b §3.6)."""
    r = dice.roll("d10", purpose="Centurion's starting Leadership Rating", rule=RULE)
    return RANDOM_RATING[r.result], r


def rating_from_advancement(points: int) -> int:
    """Campaign Leadership Rating from total advancement points: 2 + floor(points / 5) (book-b §3.7).

    -10..-6 -> 0, -5..-1 -> 1, 0..4 -> 2, ... 20..24 -> 6, 25..29 -> 7; below -10 the rating goes
    negative, above 29 it keeps rising (the book's last band "25-30" read as 25-29; docs/decisions.md).
    """
    if isinstance(points, bool) or not isinstance(points, int):
        raise ValueError(f"{RULE}: advancement points are a whole number, got {points!r}")
    return DEFAULT_RATING + points // 5


def advancement_points(level: str, result: str) -> int:
    """Campaign advancement points of a battle: decisive victory +3 ... decisive defeat -3 (book-b §3.7)."""
    try:
        return ADVANCEMENT[(level, result)]
    except KeyError:
        raise ValueError(f"{RULE}: level is decisive, substantive, marginal or draw and result victory or "
                         f"defeat, got {level!r}, {result!r}") from None


@dataclass(frozen=True)
class LeadershipTurn:
    """One turn's use of the advantage: points on initiative, passes left (book-b §3.4; never carried over)."""

    side: str | None
    advantage: int
    on_initiative: int
    passes: int

    @property
    def leftover(self) -> int:
        """Points not used on initiative."""
        return self.advantage - self.on_initiative


def plan_leadership(first: Centurion, second: Centurion, on_initiative: int = 0) -> LeadershipTurn | Refusal:
    """Split this turn's advantage: some on the initiative roll, each 3 full points left = one pass (CEN-INI-1, -2)."""
    side, points = century_advantage(first, second)
    if isinstance(on_initiative, bool) or not isinstance(on_initiative, int) or not 0 <= on_initiative <= points:
        return Refusal("CEN-INI-1", f"the Leadership Advantage is {points} point(s); cannot use {on_initiative!r} "
                       "on initiative")
    return LeadershipTurn(side, points, on_initiative, passes_available(points - on_initiative))


def roll_century_initiative(dice: Dice, first: Centurion, second: Centurion, plan: LeadershipTurn | None = None,
                            names: tuple[str, str] = SIDE_NAMES) -> InitiativeResult:
    """Both sides roll initiative; the advantaged side subtracts the points it set aside in `plan` (CEN-INI-1)."""
    used = plan.on_initiative if plan is not None else 0
    return roll_initiative(dice, rating_first=first.century_rating, rating_second=second.century_rating,
                           use_advantage=used, names=names)


Activation = tuple[str, str]  # (side "A"/"B", platoon name)


def activation_sequence(platoons_a: list[str], platoons_b: list[str]) -> list[Activation]:
    """Platoon activations in order: A first, B last, the larger side several at a time (CEN-SEQ-2).

    Each side's platoons move in the order listed (in play the owner picks as he goes).
    """
    out: list[Activation] = []
    ia = ib = 0
    for side, n in movement_order(len(platoons_a), len(platoons_b)):
        if side == "A":
            out += [("A", p) for p in platoons_a[ia:ia + n]]
            ia += n
        else:
            out += [("B", p) for p in platoons_b[ib:ib + n]]
            ib += n
    return out


def pass_platoon(sequence: list[Activation], platoon: str, after: str, *, passes: int) -> list[Activation] | Refusal:
    """Pass `platoon` when its turn comes and move it right after `after`, a later platoon of the same side (§3.4).

    `passes`: the passes still available to that side this turn (3 full leadership points each).
    """
    whole(passes, RULE, "passes", 0)
    if not isinstance(platoon, str) or not isinstance(after, str):
        return Refusal(RULE, f"platoons are named, got {platoon!r} and {after!r}"[:200])
    if passes < 1:
        return Refusal(RULE, "no pass left: each pass costs 3 full Leadership Advantage points")
    idx = {p: i for i, (_s, p) in enumerate(sequence)}
    if platoon not in idx or after not in idx:
        missing = platoon if platoon not in idx else after
        return Refusal(RULE, f"no platoon {missing!r} in the movement sequence")
    side, side_after = sequence[idx[platoon]][0], sequence[idx[after]][0]
    if side != side_after:
        return Refusal(RULE, f"a passed platoon moves after one of its own side's platoons; {after} is side "
                       f"{side_after}")
    if idx[after] <= idx[platoon]:
        return Refusal(RULE, f"{after} moves before {platoon}: a passed platoon moves after a later platoon")
    seq = [a for a in sequence if a[1] != platoon]
    at = next(i for i, a in enumerate(seq) if a[1] == after)
    return seq[:at + 1] + [(side, platoon)] + seq[at + 1:]


def lead_platoon(sequence: list[Activation], platoon: str, *, passes: int) -> list[Activation] | Refusal:
    """Move `platoon` at the very start of its side's portion of the phase: ahead of its side's first activation (§3.4).

    It joins that first activation (the side then moves two platoons running); docs/decisions.md.
    """
    if passes < 1:
        return Refusal(RULE, "no pass left: each costs 3 full Leadership Advantage points")
    entry = next((a for a in sequence if a[1] == platoon), None)
    if entry is None:
        return Refusal(RULE, f"no platoon {platoon!r} in the movement sequence")
    seq = [a for a in sequence if a[1] != platoon]
    first = next((i for i, a in enumerate(seq) if a[0] == entry[0]), len(seq))
    return seq[:first] + [entry] + seq[first:]


def lose_centurion(centurion: Centurion, how: str) -> Centurion:
    """The Centurion after he is killed, knocked out, cut off or his vehicle destroyed (book-b §3.5)."""
    fields = {"killed": "killed", "unconscious": "unconscious", "out_of_comm": "out_of_comm",
              "vehicle_destroyed": "vehicle_destroyed"}
    if how not in fields:
        raise ValueError(f"{RULE}: a Centurion is lost when killed, unconscious, out_of_comm or vehicle_destroyed; "
                         f"got {how!r}")
    return replace(centurion, **{fields[how]: True})
