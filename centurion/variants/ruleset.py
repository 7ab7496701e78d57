"""Which variant rules of seed 001 are on for a game: a frozen, hashable value passed explicitly (RULES.md VAR-*).

Every variant is a switch, off by default. The game layer stores `RuleSet.names` (a tuple of strings such
as ``("VAR-MOVETYPE:thrust", "VAR-SHIELD")``) and rebuilds the value with `RuleSet.from_names`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: every switch, in the order of the seed, with a one-line summary
VARIANTS: dict[str, str] = {
    "VAR-INIT": "initiative with rating points, activation by platoon, variant opportunity fire, pop-up attacks",
    "VAR-OCCUPY": "a unit declares where in a partly covered hex it stands",
    "VAR-MOVETYPE": "wheeled, tracked, hover and grav movement; grav terrain cost burned off or paid in thrust",
    "VAR-LATERAL": "a grav tank may shift one hex sideways instead of turning (1 TP + the hex's VP)",
    "VAR-EMERGENCY": "thrust pumped into a turning vane turns early, at the risk of the vane",
    "VAR-RAM": "ramming: declared before moving, opposed rolls, 12x / 8x velocity damage",
    "VAR-SELFDESTRUCT": "a crew may blow up its own vehicle",
    "VAR-SALVO": "identical direct-fire weapons of one location fire with one roll, all hit or all miss",
    "VAR-SHIELD": "to-hit without the shield, then a percentile roll for the shield to stop the round",
    "VAR-SPEEDMOD": "to-hit modifier by the target's speed",
    "VAR-WEAPONS": "weapons per location by engine class; driver, gunner and commander roles",
}
#: sub-options of a switch: the first is the default
OPTIONS: dict[str, tuple[str, ...]] = {"VAR-MOVETYPE": ("burn", "thrust")}
OPTION_TEXT = {("VAR-MOVETYPE", "burn"): "grav terrain surcharge burns velocity off at the end of the move",
               ("VAR-MOVETYPE", "thrust"): "grav terrain surcharge is paid in thrust points"}


def _canonical(name: str) -> tuple[str, str | None]:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a variant name is a string such as 'VAR-SHIELD'; got {name!r}")
    text = name.strip()
    base, _, option = text.partition(":")
    base = base.strip().upper().replace("_", "-")
    if not base.startswith("VAR-"):
        base = "VAR-" + base
    if base not in VARIANTS:
        raise ValueError(f"unknown variant rule {name!r}; the variant rules are {', '.join(VARIANTS)}")
    option = option.strip().lower() or None
    if option is not None:
        allowed = OPTIONS.get(base, ())
        if option not in allowed:
            what = f"one of {', '.join(allowed)}" if allowed else "no sub-options"
            raise ValueError(f"{base}: unknown sub-option {option!r}; it has {what}")
    return base, option


@dataclass(frozen=True)
class RuleSet:
    """The variant switches that are on, with their sub-options; the default has every switch off (VAR-*)."""

    on: frozenset[str] = frozenset()
    options: tuple[tuple[str, str], ...] = ()  # (rule ID, chosen sub-option), sorted

    def __post_init__(self) -> None:
        if isinstance(self.on, (str, bytes)) or not isinstance(self.on, (set, frozenset, tuple, list)) or not all(
                isinstance(n, str) for n in self.on):
            raise ValueError(f"VAR-INIT: on is a set of variant names (VAR-...), got {self.on!r}"[:200])
        on = frozenset(_canonical(n)[0] for n in self.on)
        opts = dict(self.options)
        for rule, choice in opts.items():
            base, _ = _canonical(f"{rule}:{choice}")
            if base not in on:
                raise ValueError(f"{base}: a sub-option ({choice}) was given for a switch that is off")
        for rule in on:
            if rule in OPTIONS and rule not in opts:
                opts[rule] = OPTIONS[rule][0]
        object.__setattr__(self, "on", on)
        object.__setattr__(self, "options", tuple(sorted((k, v) for k, v in opts.items() if k in on)))

    @classmethod
    def basic(cls) -> RuleSet:
        """The basic rules: every variant off."""
        return cls()

    @classmethod
    def from_names(cls, names: Iterable[str]) -> RuleSet:
        """From names such as 'VAR-SHIELD' or 'VAR-MOVETYPE:thrust' (also 'shield', 'movetype:thrust').

        An unknown name or sub-option raises ValueError naming the variant rules.
        """
        if isinstance(names, str):
            names = (names,)
        on: set[str] = set()
        opts: dict[str, str] = {}
        for name in names:
            base, option = _canonical(name)
            if option is not None and opts.get(base, option) != option:
                raise ValueError(f"{base}: two sub-options given ({opts[base]} and {option})")
            on.add(base)
            if option is not None:
                opts[base] = option
        return cls(frozenset(on), tuple(sorted(opts.items())))

    @property
    def names(self) -> tuple[str, ...]:
        """The switches that are on, in the seed's order, sub-options after a colon: from_names(names) == self."""
        opts = dict(self.options)
        return tuple(f"{r}:{opts[r]}" if r in opts else r for r in VARIANTS if r in self.on)

    def enabled(self, rule: str) -> bool:
        """Whether the variant `rule` (e.g. 'VAR-SHIELD') is on."""
        if rule in self.on:
            return True
        return _canonical(rule)[0] in self.on

    def __contains__(self, rule: object) -> bool:
        return isinstance(rule, str) and self.enabled(rule)

    def option(self, rule: str) -> str | None:
        """The chosen sub-option of a switch that is on (e.g. 'burn' or 'thrust' for VAR-MOVETYPE), else None."""
        for key, choice in self.options:
            if key == rule:
                return choice
        return dict(self.options).get(_canonical(rule)[0])

    def with_(self, *names: str) -> RuleSet:
        """This rule set with more switches on (a sub-option given replaces the old one)."""
        extra = RuleSet.from_names(names)
        opts = dict(self.options) | dict(extra.options)
        return RuleSet(self.on | extra.on, tuple(sorted(opts.items())))

    def describe(self) -> str:
        """One line: 'basic rules' or the switches that are on."""
        if not self.on:
            return "basic rules (no variants)"
        return ", ".join(self.names)

    def __bool__(self) -> bool:
        return bool(self.on)


def refuse_off(rules: RuleSet, rule: str) -> str | None:
    """None when `rule` is on, else the message saying the switch is off (used in Refusals)."""
    if rules.enabled(rule):
        return None
    return f"the variant rule {rule} is off in this game ({VARIANTS[rule]})"
