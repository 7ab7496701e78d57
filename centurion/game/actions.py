"""A player's decisions as small hashable values, and their JSON form (issue 14: actions as data).

Every decision of a Centurion turn is one of these: the Leadership Advantage spent on initiative (CEN-INI-1),
the initiative winner's choice of moving first or last, a whole grav move (CEN-GRAV, one action), standing on
opportunity fire (CEN-OPP-1), passing a platoon (CEN-INI-2), mounting (CEN-MNT-1), an opportunity attack or
letting the enemy pass, a painting declaration, a fire declaration (CEN-SEQ-3), smoke and the end of a turn
(CEN-SEQ-1, End Phase).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from ..rules import GravMove
from ..variants.movement import VariantMove
from .notation_format import format_action
from .wording import plural


class IllegalAction(ValueError):
    """An action the rules do not allow now; `.rule` names the rule (the state is unchanged)."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")

    def __reduce__(self) -> tuple:
        """Pickled with its rule and reason, so a worker process's refusal reaches the parent whole."""
        return (type(self), (self.rule, self.reason))


class Notation:
    """`str(action)`: the action's compact text, read back by `parse_action` (game/notation.py, issue 23)."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True)
class Leadership(Notation):
    """Spend `points` of the Leadership Advantage on the initiative roll; the rest buys passes (CEN-INI-1, -2)."""

    kind: ClassVar[str] = "leadership"
    points: int

    def describe(self) -> str:
        """In words."""
        return f"spends {plural(self.points, 'leadership point')} on initiative"


@dataclass(frozen=True)
class Order(Notation):
    """The initiative winner moves first (side A) or last (side B) (CEN-INI-1, CEN-SEQ-2)."""

    kind: ClassVar[str] = "order"
    move_first: bool

    def describe(self) -> str:
        """In words."""
        return "moves first (side A)" if self.move_first else "moves last (side B)"


@dataclass(frozen=True)
class Move(Notation):
    """One vehicle's whole grav move: acceleration, steps, deceleration, ground, dig (CEN-GRAV-1..6, CEN-CRT-1).

    `dismount`: the squad aboard gets out at the end of the move (the carrier must end at velocity 0, CEN-MNT-1).
    `ram`: the enemy vehicle this move rams, declared before moving (VAR-RAM).
    """

    kind: ClassVar[str] = "move"
    unit: str
    move: GravMove | VariantMove  # a VariantMove: lateral shifts or emergency turns (VAR-LATERAL, VAR-EMERGENCY)
    dismount: bool = False
    ram: str | None = None

    def describe(self) -> str:
        """In words."""
        return (f"{self.unit} moves: {self.move.describe()}" + (", the squad dismounts" if self.dismount else "")
                + (f", ramming {self.ram} [VAR-RAM]" if self.ram else ""))


#: a squad's weapons in words (book-a §16.3-16.5)
SQUAD_WEAPON_WORDS = {"personal": "its personal weapons", "tvlg": "its TVLGs", "mortar": "its mortars"}


def squad_weapons(squad_kind: str) -> tuple[str, str]:
    """A squad's two weapons, its heavy one first: mortars or TVLGs, then personal weapons (book-a §16.3-16.5)."""
    return ("mortar" if squad_kind == "mortar" else "tvlg", "personal")


@dataclass(frozen=True)
class Watch(Notation):
    """A vehicle that starts at velocity 0, or a dismounted squad, stands on opportunity fire instead of moving
    (CEN-OPP-1; a squad: book-a §16.7 names concealment as what takes it off)."""

    kind: ClassVar[str] = "watch"
    unit: str

    def describe(self) -> str:
        """In words."""
        return f"{self.unit} stands on opportunity fire"


@dataclass(frozen=True)
class Pass(Notation):
    """Pass a platoon when its turn comes; it moves right after `after`, a later platoon of its side (None: the
    side's next one) (CEN-INI-2, book-b §3.4)."""

    kind: ClassVar[str] = "pass"
    platoon: str
    after: str | None = None

    def describe(self) -> str:
        """In words."""
        after = self.after or "its side's next platoon"
        return f"passes {self.platoon} (it moves after {after})"


@dataclass(frozen=True)
class Ahead(Notation):
    """Spend a pass to move `platoon` at the very start of its side's portion of the phase, before the side's first
    platoon (CEN-INI-2, book-b §3.4; `rules.leadership.lead_platoon`)."""

    kind: ClassVar[str] = "ahead"
    platoon: str

    def describe(self) -> str:
        """In words."""
        return f"moves {self.platoon} first (a pass)"


@dataclass(frozen=True)
class Mount(Notation):
    """A squad in its carrier's hex, carrier at velocity 0, climbs aboard instead of moving (CEN-MNT-1)."""

    kind: ClassVar[str] = "mount"
    squad: str
    carrier: str

    def describe(self) -> str:
        """In words."""
        return f"{self.squad} mounts {self.carrier}"


@dataclass(frozen=True)
class March(Notation):
    """A dismounted squad moves on foot to `hex` (a CCRR label), 3 MP (CEN-INF-1)."""

    kind: ClassVar[str] = "march"
    squad: str
    hex: str

    def describe(self) -> str:
        """In words."""
        return f"{self.squad} moves on foot to {self.hex}"


@dataclass(frozen=True)
class Conceal(Notation):
    """A dismounted squad conceals instead of moving: next turn only enemies in its hex may engage it, and it
    neither moves, fires nor paints (book-a §16.7)."""

    kind: ClassVar[str] = "conceal"
    squad: str

    def describe(self) -> str:
        """In words."""
        return f"{self.squad} conceals"


@dataclass(frozen=True)
class Stay(Notation):
    """A dismounted squad of a platoon with no vehicle left to move stays where it is; the platoon's activation
    ends once each of its squads has decided (CEN-SEQ-2: a platoon may decline to move; book-a §1.3)."""

    kind: ClassVar[str] = "stay"
    squad: str

    def describe(self) -> str:
        """In words."""
        return f"{self.squad} stays where it is"


@dataclass(frozen=True)
class OpportunityFire(Notation):
    """A watcher fires at a mover as it enters the hex of step `step` of its move (CEN-OPP-1); a squad on watch
    names its `weapon` (personal, tvlg or mortar, book-a §16)."""

    kind: ClassVar[str] = "opportunity"
    unit: str
    target: str
    step: int
    weapon: str | None = None

    def describe(self) -> str:
        """In words."""
        arms = "" if self.weapon is None else f" {SQUAD_WEAPON_WORDS.get(self.weapon, self.weapon)}"
        return f"{self.unit} fires{arms} on {self.target} at hex {self.step} of its move (opportunity fire)"


@dataclass(frozen=True)
class LetPass(Notation):
    """No (more) opportunity fire at this move (CEN-OPP-1)."""

    kind: ClassVar[str] = "let_pass"

    def describe(self) -> str:
        """In words."""
        return "holds its opportunity fire"


@dataclass(frozen=True)
class Paint(Notation):
    """A unit declares its painting laser at a target, or none (`target` None) (CEN-SEQ-1, book-a §7)."""

    kind: ClassVar[str] = "paint"
    unit: str
    target: str | None = None

    def describe(self) -> str:
        """In words."""
        return f"{self.unit} paints {self.target}" if self.target else f"{self.unit} does not paint"


def _weapon_list(weapons: tuple[int, ...]) -> str:
    """'weapon 1', 'weapons 1, 3' or 'no weapon' (numbered from 1 as on the record sheet, CEN-REC-1)."""
    if not weapons:
        return "no weapon"
    return ("weapon " if len(weapons) == 1 else "weapons ") + ", ".join(str(i + 1) for i in weapons)


@dataclass(frozen=True)
class Fire(Notation):
    """A vehicle declares its fire at `target`, or holds its fire (`target` None) (CEN-SEQ-3, book-a §8.2-8.3).

    By default every usable weapon that bears fires, Gauss HEAP (AP at infantry). The player's choices:
    `weapons` the weapon indices (on the sheet) that fire at `target`; `shells` a Gauss shell per weapon index
    ((index, "HEAP" / "APDS" / "Hammerhead" / "AP"), ...); `second` a second target and `second_weapons` the
    weapons that fire at it (the two-target limits of E17 are checked by the rules).
    `driver`: the driver also fires the weapons that bear and that no able crew member may fire, at -2, after an
    immediate piloting roll; next turn's speed limits are cut by a third per weapon (VAR-WEAPONS).
    """

    kind: ClassVar[str] = "fire"
    unit: str
    target: str | None = None
    driver: bool = False
    weapons: tuple[int, ...] | None = None
    shells: tuple[tuple[int, str], ...] = ()
    second: str | None = None
    second_weapons: tuple[int, ...] = ()

    @property
    def chosen(self) -> bool:
        """Whether the declaration names its weapons, shells or a second target (else: every weapon that bears)."""
        return self.weapons is not None or bool(self.shells) or self.second is not None or bool(self.second_weapons)

    def describe(self) -> str:
        """In words."""
        if not self.target:
            return f"{self.unit} holds its fire"
        out = f"{self.unit} fires at {self.target}"
        if self.weapons is not None:
            out += " with " + _weapon_list(self.weapons)
        if self.weapons is not None and len(self.weapons) == 1 and [i for i, _s in self.shells] == list(self.weapons):
            out += f", firing {self.shells[0][1]}"  # not "with weapon 1 (weapon 1 APDS)" (walk of session 31)
        elif self.shells:
            out += " (shells: " + ", ".join(f"weapon {i + 1} {sh}" for i, sh in self.shells) + ")"
        if self.second is not None:
            out += f", and at {self.second} with " + _weapon_list(self.second_weapons)
        return out + (", the driver too (-2 each) [VAR-WEAPONS]" if self.driver else "")


@dataclass(frozen=True)
class SquadFire(Notation):
    """A dismounted squad fires `weapon` (personal, tvlg or mortar) at `target`; it holds with `Fire(squad, None)`
    (CEN-CMB-1, CEN-SEQ-3, book-a §16)."""

    kind: ClassVar[str] = "squad_fire"
    unit: str
    weapon: str
    target: str

    def describe(self) -> str:
        """In words."""
        return f"{self.unit} fires {SQUAD_WEAPON_WORDS.get(self.weapon, self.weapon)} at {self.target}"


@dataclass(frozen=True)
class Smoke(Notation):
    """A vehicle's smoke charge in the End Phase, gone at the next End Phase (CEN-SEQ-1): in the 3 hexes adjacent to
    it named by `hexes` (CCRR labels, its owner's pick, book-b §10.2; rules edition 3), or with no hexes named, in
    its own hex (editions 1-2). The hexes are kept in label order: any order names the same charge."""

    kind: ClassVar[str] = "smoke"
    unit: str
    hexes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.hexes, (tuple, list)) and all(isinstance(h, str) for h in self.hexes):
            object.__setattr__(self, "hexes", tuple(sorted(self.hexes)))

    def describe(self) -> str:
        """In words."""
        return f"{self.unit} lays smoke" + (f" in {', '.join(self.hexes)}" if self.hexes else "")


@dataclass(frozen=True)
class SelfDestruct(Notation):
    """In the End Phase the crew tries to set the vehicle's self-destruct charge: a piloting or gunnery check; a
    pass blows it up d3 turns later (VAR-SELFDESTRUCT)."""

    kind: ClassVar[str] = "self_destruct"
    unit: str

    def describe(self) -> str:
        """In words."""
        return f"{self.unit}'s crew tries to self-destruct it [VAR-SELFDESTRUCT]"


@dataclass(frozen=True)
class EndTurn(Notation):
    """The side has finished its End Phase decisions (CEN-SEQ-1)."""

    kind: ClassVar[str] = "end_turn"

    def describe(self) -> str:
        """In words."""
        return "ends its End Phase"


Action = (Leadership | Order | Move | Watch | Pass | Ahead | Mount | March | Conceal | Stay | OpportunityFire | LetPass
          | Paint | Fire | SquadFire | Smoke | SelfDestruct | EndTurn)
KINDS: dict[str, type] = {c.kind: c for c in (Leadership, Order, Move, Watch, Pass, Ahead, Mount, March, Conceal, Stay,
                                                OpportunityFire, LetPass, Paint, Fire, SquadFire, Smoke,
                                                SelfDestruct, EndTurn)}
_OMIT_DEFAULT = ("ram", "driver", "weapons", "shells", "second", "second_weapons", "after", "weapon",
                 "hexes")  # left out when unused (older saves stay the same)
_MOVE_FIELDS = {"accelerate": int, "steps": str, "decelerate": int, "ground": bool, "initial_facing": (int, None),
                "dig_at": (int, None), "take_crater": (bool, None), "under_water": bool, "odd_group_to": str}
_MOVE_DEFAULTS = {"under_water": False, "odd_group_to": "front"}  # left out of the save when unused


def action_to_data(action: Action) -> dict[str, Any]:
    """The plain-data form of an action (for the save file)."""
    out: dict[str, Any] = {"kind": action.kind}
    for f in fields(action):
        v = getattr(action, f.name)
        if f.name in _OMIT_DEFAULT and v == f.default:
            continue
        if isinstance(v, GravMove):
            v = {"accelerate": v.accelerate, "steps": "".join(v.steps), "decelerate": v.decelerate,
                 "ground": v.ground, "initial_facing": v.initial_facing, "dig_at": v.dig_at,
                 "take_crater": v.take_crater}
            v.update({k: getattr(action.move, k) for k, d in _MOVE_DEFAULTS.items() if getattr(action.move, k) != d})
        elif isinstance(v, VariantMove):  # steps spaced (SL, SR), marked as a variant move (VAR-LATERAL)
            positions = v.positions
            v = {"accelerate": v.accelerate, "steps": " ".join(v.steps), "decelerate": v.decelerate,
                 "ground": v.ground, "initial_facing": v.initial_facing, "dig_at": v.dig_at,
                 "take_crater": v.take_crater, "variant": True}
            v.update({k: getattr(action.move, k) for k, d in _MOVE_DEFAULTS.items() if getattr(action.move, k) != d})
            if positions:  # VAR-OCCUPY: (step, 'in' or 'out') declared in partly covered hexes
                v["positions"] = [[i, p] for i, p in positions]
        elif f.name in ("weapons", "second_weapons", "shells", "hexes") and v is not None:  # as lists
            v = [list(x) if isinstance(x, tuple) else x for x in v]
        out[f.name] = v
    return out


def _typed(value: Any, want: Any, where: str) -> Any:
    wants = want if isinstance(want, tuple) else (want,)
    for w in wants:
        if w is None and value is None:
            return None
        if w is int and isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_INT:
            return value
        if w is bool and isinstance(value, bool):
            return value
        if w is str and isinstance(value, str) and len(value) <= MAX_TEXT:
            return value
    names = " or ".join("null" if w is None else _TYPE_WORDS[w] for w in wants)
    raise ValueError(f"{where}: expected {names}, got {_short(value)}")


def _short(value: Any) -> str:
    """A value for a message, cut short (a 5000-digit number is not printed in full)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return f"a number of about {len(str(abs(value)).lstrip('0')) if abs(value) < 10**4000 else 'over 4000'} digits"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# --- the one check of an action's shape and types: Skirmish.apply and the save loader use it (issue 20, G3) ---
MAX_INT = 9_999  # a whole number in an action: at most 9999 either way (a thrust, a step index, points)
MAX_TEXT = 200  # a name in an action: at most 200 characters
MAX_STEPS = 200  # a move has at most 200 steps
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1  # a seed is a 64-bit signed whole number (the save's and the game's bound)
_TYPE_WORDS = {int: f"a whole number from -{MAX_INT} to {MAX_INT}", bool: "true or false (a bool)",
               str: f"a text of at most {MAX_TEXT} characters"}
_KIND_RULE = {"leadership": "CEN-INI-1", "order": "CEN-INI-1", "move": "CEN-GRAV-1", "watch": "CEN-OPP-1",
              "pass": "CEN-INI-2", "ahead": "CEN-INI-2", "mount": "CEN-MNT-1", "march": "CEN-INF-1",
              "conceal": "CEN-CMB-1", "stay": "CEN-SEQ-2",
              "opportunity": "CEN-OPP-1", "let_pass": "CEN-OPP-1", "paint": "CEN-SEQ-3", "fire": "CEN-SEQ-3",
              "squad_fire": "CEN-SEQ-3", "smoke": "CEN-SEQ-1", "self_destruct": "VAR-SELFDESTRUCT",
              "end_turn": "CEN-SEQ-1"}
_FIELD_TYPES = {"int": (int,), "bool": (bool,), "str": (str,), "str | None": (str, None)}


def seed_refusal(seed: Any) -> str | None:
    """None for a usable seed (a whole number from -2**63 to 2**63 - 1), else what is wrong (issue 20, G3)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not SEED_MIN <= seed <= SEED_MAX:
        return f"the seed is a whole number from -2**63 to 2**63 - 1, got {_short(seed)}"
    return None


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_move(move: Any, where: str = "move") -> None:
    """IllegalAction naming the rule when a move's fields have the wrong type or range: thrust 0 or more
    (CEN-GRAV-1), known steps (CEN-GRAV-2), facing 0-5 (HEX-3), and the rest (CEN-GRD-1, -2, CEN-CRT-1, CEN-SPD-2)."""
    if not isinstance(move, (GravMove, VariantMove)):
        raise IllegalAction("CEN-GRAV-1", f"{where}: expected a GravMove (or a VariantMove), got {_short(move)}")
    for name in ("accelerate", "decelerate"):
        v = getattr(move, name)
        if not _whole(v, 0, MAX_INT):
            raise IllegalAction("CEN-GRAV-1", f"{where}.{name}: acceleration and deceleration are whole thrust "
                                f"points, 0 or more (at most {MAX_INT}), got {_short(v)}")
    allowed = ("F", "B", "L", "R", "SL", "SR") if isinstance(move, VariantMove) else ("F", "B", "L", "R")
    steps = move.steps
    if not isinstance(steps, tuple) or len(steps) > MAX_STEPS:
        raise IllegalAction("CEN-GRAV-2", f"{where}.steps: at most {MAX_STEPS} steps, got {_short(steps)}")
    bad = [st for st in steps if not (isinstance(st, str) and st in allowed)]
    if bad:
        raise IllegalAction("CEN-GRAV-2", f"{where}.steps: unknown step {_short(bad[0])}; steps are "
                            f"{', '.join(allowed)}")
    for name, rule in (("ground", "CEN-GRD-1"), ("under_water", "CEN-GRD-2")):
        if not isinstance(getattr(move, name), bool):
            raise IllegalAction(rule, f"{where}.{name}: expected true or false, got {_short(getattr(move, name))}")
    if move.initial_facing is not None and not _whole(move.initial_facing, 0, 5):
        raise IllegalAction("HEX-3", f"{where}.initial_facing: a facing is 0 to 5, got {_short(move.initial_facing)}")
    if move.dig_at is not None and not _whole(move.dig_at, 0, MAX_STEPS):
        raise IllegalAction("CEN-CRT-1", f"{where}.dig_at: a step index from 0 to {MAX_STEPS}, got "
                            f"{_short(move.dig_at)}")
    if move.take_crater is not None and not isinstance(move.take_crater, bool):
        raise IllegalAction("CEN-CRT-1", f"{where}.take_crater: expected true, false or null, got "
                            f"{_short(move.take_crater)}")
    if move.odd_group_to not in ("front", "bottom"):
        raise IllegalAction("CEN-SPD-2", f"{where}.odd_group_to: 'front' or 'bottom', got {_short(move.odd_group_to)}")
    for i, pos in getattr(move, "positions", ()):
        if not _whole(i, 0, MAX_STEPS) or pos not in ("in", "out"):
            raise IllegalAction("VAR-OCCUPY", f"{where}.positions: (step, 'in' or 'out'), got {_short((i, pos))}")


def check_action(action: Any, where: str = "action") -> None:
    """IllegalAction naming the rule when `action` is not an action of a known kind with fields of the right
    type and range; the one shape check behind `Skirmish.apply` and the save loader (issue 14, issue 20 G3)."""
    if type(action) not in KINDS.values():
        raise IllegalAction("CEN-SEQ-1", f"{where}: not an action: {_short(action)}")
    rule = _KIND_RULE[action.kind]
    for f in fields(action):
        v = getattr(action, f.name)
        if f.name == "move":
            check_move(v, f"{where}.move")
            continue
        if f.name in ("weapons", "second_weapons", "shells"):
            _check_choice(f.name, v, where, rule)
            continue
        if f.name == "hexes":  # a smoke charge's hexes (book-b §10.2)
            try:
                _labels(list(v) if isinstance(v, tuple) else v, f"{where}.hexes")
            except ValueError as exc:
                raise IllegalAction(rule, str(exc)) from None
            continue
        want = _FIELD_TYPES[f.type if isinstance(f.type, str) else f.type.__name__]
        try:
            _typed(v, want, f"{where}.{f.name}")
        except ValueError as exc:
            raise IllegalAction(rule, str(exc)) from None


def _check_choice(name: str, value: Any, where: str, rule: str) -> None:
    """IllegalAction unless a fire declaration's choice has its shape: weapon indices, or (index, shell) pairs."""
    if name == "weapons" and value is None:
        return
    try:
        if not isinstance(value, tuple):
            raise ValueError(f"{where}.{name}: expected a tuple, got {_short(value)}")
        if name == "shells":
            _shells([list(x) if isinstance(x, tuple) else x for x in value], f"{where}.{name}")
        else:
            _indices(list(value), f"{where}.{name}")
    except ValueError as exc:
        raise IllegalAction(rule, str(exc)) from None


def _positions(raw: Any, where: str) -> tuple[tuple[int, str], ...]:
    """VAR-OCCUPY positions of a variant move: a short list of [step, 'in' or 'out']."""
    if not isinstance(raw, list) or len(raw) > 100 or not all(
            isinstance(x, list) and len(x) == 2 and x[1] in ("in", "out") for x in raw):
        raise ValueError(f"{where}: expected a list of [step, 'in' or 'out'], got {raw!r}"[:300])
    return tuple((_typed(i, int, where), p) for i, p in raw)


def _labels(raw: Any, where: str) -> tuple[str, ...]:
    """The hexes of a smoke charge: a list of at most 6 texts (CCRR labels; the End Phase checks the hexes)."""
    if not isinstance(raw, list) or len(raw) > 6 or not all(isinstance(x, str) and len(x) <= 8 for x in raw):
        raise ValueError(f"{where}: expected a list of up to 6 hex labels, got {_short(raw)}")
    return tuple(raw)


def _indices(raw: Any, where: str) -> tuple[int, ...]:
    """Weapon indices of a fire declaration: a short list of whole numbers."""
    if not isinstance(raw, list) or len(raw) > 8:
        raise ValueError(f"{where}: expected a list of up to 8 weapon indices, got {raw!r}"[:300])
    return tuple(_typed(i, int, where) for i in raw)


def _shells(raw: Any, where: str) -> tuple[tuple[int, str], ...]:
    """Gauss shells of a fire declaration: a short list of [weapon index, shell]."""
    if not isinstance(raw, list) or len(raw) > 8 or not all(isinstance(x, list) and len(x) == 2 for x in raw):
        raise ValueError(f"{where}: expected a list of [weapon index, shell], got {raw!r}"[:300])
    return tuple((_typed(i, int, where), _typed(sh, str, where)) for i, sh in raw)


def action_from_data(data: Any, where: str = "action") -> Action:
    """An action from its plain-data form; anything malformed raises ValueError naming the field."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a mapping with a 'kind', got {type(data).__name__}")
    kind = data.get("kind")
    if kind not in KINDS:
        what = "no 'kind'" if "kind" not in data else f"unknown kind {str(kind)[:40]!r}"
        raise ValueError(f"{where}: {what}; a decision's kind is one of {', '.join(KINDS)}"[:300])
    cls = KINDS[kind]
    names = {f.name: f for f in fields(cls)}
    extra = set(data) - set(names) - {"kind"}
    if extra:
        raise ValueError(f"{where}: unknown field(s) {sorted(extra)[:5]} for a {kind} action")
    kw: dict[str, Any] = {}
    for name, f in names.items():
        if name not in data:
            if f.default is MISSING:
                raise ValueError(f"{where}: field {name!r} is missing")
            continue
        v = data[name]
        if name == "move":
            if not isinstance(v, dict) or set(v) - set(_MOVE_FIELDS) - {"variant", "positions"}:
                raise ValueError(f"{where}.move: expected a mapping of {', '.join(_MOVE_FIELDS)}")
            steps_text = v.get("steps", "")
            if isinstance(steps_text, str) and len(steps_text) > 3 * MAX_STEPS:
                raise ValueError(f"{where}.move.steps: at most {MAX_STEPS} steps, got {len(steps_text)} characters")
            mv = {k: steps_text if k == "steps" and isinstance(steps_text, str)
                  else _typed(v[k], t, f"{where}.move.{k}") for k, t in _MOVE_FIELDS.items() if k in v}
            if _typed(v.get("variant", False), bool, f"{where}.move.variant"):
                steps = mv.get("steps", "").split()
                odd = [t for t in steps if t not in ("F", "B", "L", "R", "SL", "SR")]
                if odd:
                    hint = (" (a move marked \"variant\": true lists its steps one by one, separated by spaces: "
                            "'F F SL R')") if set(odd[0]) <= set("FBLR") else ""
                    raise ValueError(f"{where}.move.steps: unknown step {_short(odd[0])}; steps are F, B, L, R, SL, "
                                     f"SR{hint}")
                kw[name] = VariantMove(**{**mv, "steps": tuple(steps)}, positions=_positions(v.get("positions", []),
                                                                                         f"{where}.move.positions"))
                continue
            if not set(mv.get("steps", "")) <= set("FBLR"):
                raise ValueError(f"{where}.move.steps: expected letters F, B, L, R, got {_short(mv['steps'])}")
            kw[name] = GravMove(**mv)
        elif name in ("points", "step"):
            kw[name] = _typed(v, int, f"{where}.{name}")
        elif name in ("move_first", "dismount", "driver"):
            kw[name] = _typed(v, bool, f"{where}.{name}")
        elif name in ("target", "ram", "second"):
            kw[name] = _typed(v, (str, None), f"{where}.{name}")
        elif name == "weapons":  # a fire declaration's choices (book-a §8.2-8.3)
            kw[name] = None if v is None else _indices(v, f"{where}.{name}")
        elif name == "second_weapons":
            kw[name] = _indices(v, f"{where}.{name}")
        elif name == "shells":
            kw[name] = _shells(v, f"{where}.{name}")
        elif name == "hexes":
            kw[name] = _labels(v, f"{where}.{name}")
        else:
            kw[name] = _typed(v, str, f"{where}.{name}")
    act = cls(**kw)
    check_action(act, where)  # the same shape check as Skirmish.apply (issue 20, G3)
    return act
