"""Which variant rules of seed 001 are on for a game: a frozen, hashable value passed explicitly (RULES.md VAR-*).

Every variant is a switch, off by default. The game layer stores `RuleSet.names` (a tuple of strings such
as ``("VAR-MOVETYPE:thrust", "VAR-SHIELD")``) and rebuilds the value with `RuleSet.from_names`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice, Roll
from ..rules.grav import Refusal
from ..rules.hooks import Aimed, BasicRules, SalvoWeapon
from ..rules.rolls import TargetRoll
from .fire import Salvo, declare_salvo, roll_salvo, roll_shot, salvo_location, shield_shot, with_speed_modifier
from .switches import OPTION_TEXT, OPTIONS, VARIANTS, refuse_off

__all__ = ["OPTIONS", "OPTION_TEXT", "VARIANTS", "RuleSet", "refuse_off"]


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
class RuleSet(BasicRules):
    """The variant switches that are on, with their sub-options; the default has every switch off (VAR-*).

    It plugs the variants into the basic rules by overriding the extension points of
    `centurion.rules.hooks.BasicRules`; with a switch off each hook gives the basic answer.
    """

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
        return rule not in VARIANTS and _canonical(rule)[0] in self.on  # a name as listed is its own canonical form

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

    # --- the extension points of the basic rules (centurion.rules.hooks) ------------------------------------

    def to_hit_terms(self, roll: TargetRoll, target: Aimed) -> TargetRoll:
        """A vehicle target's speed adds its to-hit modifier when VAR-SPEEDMOD is on."""
        if target.kind != "vehicle":
            return roll
        return with_speed_modifier(roll, target.velocity, self)

    def shot(self, roll: TargetRoll, *, weapon: str, dice: Dice, purpose: str) -> tuple[Roll, Roll | None]:
        """Under VAR-SHIELD a laser, MDC or painting laser rolls without the shield, then the stop roll."""
        if not self.enabled("VAR-SHIELD"):
            return super().shot(roll, weapon=weapon, dice=dice, purpose=purpose)
        res = roll_shot(shield_shot(roll, weapon=weapon, rules=self), dice, purpose=purpose)
        return res.to_hit_roll, res.stop_roll

    def damage_chance(self, roll: TargetRoll, *, weapon: str) -> Fraction:
        """Under VAR-SHIELD the chance that a round hits and gets through the shield (its stop roll fails)."""
        if not self.enabled("VAR-SHIELD"):
            return super().damage_chance(roll, weapon=weapon)
        return shield_shot(roll, weapon=weapon, rules=self).p_damage

    def shot_words(self, roll: TargetRoll, *, weapon: str) -> str:
        """Under VAR-SHIELD a laser, MDC or painting laser: the d10 without the shield, then the stop roll."""
        if not self.enabled("VAR-SHIELD"):
            return super().shot_words(roll, weapon=weapon)
        return shield_shot(roll, weapon=weapon, rules=self).describe()

    def declare_salvo(self, weapons: Sequence[SalvoWeapon]) -> Refusal | None:
        """The salvo check of VAR-SALVO (`centurion.variants.fire.declare_salvo`)."""
        checked = declare_salvo(weapons, self)
        return checked if isinstance(checked, Refusal) else None

    def roll_salvo(self, roll: TargetRoll, weapons: Sequence[SalvoWeapon], *, weapon: str, dice: Dice,
                   at: str = "") -> tuple[Roll, tuple[Roll, ...]]:
        """One roll for all mounts (VAR-SALVO), then under VAR-SHIELD a stop roll per round that hit."""
        salvo = Salvo(tuple(weapons), salvo_location(weapons[0].location))
        res = roll_salvo(salvo, shield_shot(roll, weapon=weapon, rules=self), dice, at=at)
        return res.to_hit_roll, res.stop_rolls
