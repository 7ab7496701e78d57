"""A Centuria battle begun: a new one of a shipped scenario, at its first decision, or one loaded from a save and
replayed decision by decision through the rules (issue 15; the save's fields are checked by `codec`)."""

from __future__ import annotations

from dataclasses import replace

from ...centuria import CenturiaBattle, start_alternating
from ...data import centuria_tables
from ...data.centuria_scenarios import centuria_battle_names, shipped_centuria_battle
from ..actions import seed_refusal
from ..codec import replay
from .codec import action_from_data, read_header
from .state import CENTURIA_RULES_EDITION, CenturiaSkirmish


def new_centuria_skirmish(name: str, *, seed: int = 0, variants: tuple[str, ...] = (),
                          rules_edition: int = CENTURIA_RULES_EDITION) -> CenturiaSkirmish:
    """A new battle of a shipped Centuria scenario, at its first decision (round 1, movement, CTA-1), under the
    edition `rules_edition` of Centuria's rules (`CENTURIA_RULES_EDITION`; 1 for a battle begun before session 54)."""
    if type(rules_edition) is not int or not 1 <= rules_edition <= CENTURIA_RULES_EDITION:
        raise ValueError(f"rules_edition: a whole number from 1 to {CENTURIA_RULES_EDITION} for a Centuria battle, "
                         f"got {str(rules_edition)[:20]!r}")
    if seed_refusal(seed) is not None:  # the save's bound (issue 20, G3)
        raise ValueError(seed_refusal(seed))
    if tuple(variants):
        raise ValueError("VAR-*: the optional rules are Centurion's; a Centuria battle takes none")
    spec = shipped_centuria_battle(name)
    battle = start_alternating(CenturiaBattle.from_scenario(spec.scenario, centuria_tables()))
    a, b = battle.sides
    s = CenturiaSkirmish(spec, seed, (), (), battle, rules_edition=rules_edition)
    return replace(s, log=(f"{spec.title}: {s.label(a)} against {s.label(b)}, seed {seed}, "
                           f"{spec.round_limit} rounds",))


def centuria_scenarios() -> list[str]:
    """The shipped Centuria battles, by key."""
    return centuria_battle_names()



def load_centuria(data: dict, name: str = "saved game") -> CenturiaSkirmish:
    """A Centuria battle from a parsed save (already through the upload guard); SaveError names what is wrong."""
    scen, seed, actions, rules = read_header(data, name, centuria_scenarios(), CENTURIA_RULES_EDITION)
    game = new_centuria_skirmish(scen, seed=seed, rules_edition=rules)
    return replay(game, actions, name, action_from_data)


__all__ = ["centuria_scenarios", "load_centuria", "new_centuria_skirmish"]
