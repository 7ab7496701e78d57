"""The variant switches of seed 001 by name, with their summaries and sub-options (RULES.md VAR-*).

Kept apart from `ruleset` so that the modules `RuleSet` builds on (e.g. `fire`) can name the switches
without importing the rule set itself.
"""

from __future__ import annotations

from typing import Protocol

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


class Switches(Protocol):
    """What a variant function asks of a rule set: is a switch on (`centurion.variants.RuleSet`)."""

    def enabled(self, rule: str) -> bool:
        """Whether the switch `rule` (a VAR-* ID) is on."""
        ...


def refuse_off(rules: Switches, rule: str) -> str | None:
    """None when `rule` is on, else the message saying the switch is off (used in Refusals)."""
    if rules.enabled(rule):
        return None
    return f"the variant rule {rule} is off ({VARIANTS[rule]})"  # in a game or a chapter alike (walk, S49)
