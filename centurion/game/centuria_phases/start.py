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
from .state import CenturiaSkirmish


def new_centuria_skirmish(name: str, *, seed: int = 0, variants: tuple[str, ...] = ()) -> CenturiaSkirmish:
    """A new battle of a shipped Centuria scenario, at its first decision (round 1, movement, CTA-1)."""
    if seed_refusal(seed) is not None:  # the save's bound (issue 20, G3)
        raise ValueError(seed_refusal(seed))
    if tuple(variants):
        raise ValueError("VAR-*: the optional rules are Centurion's; a Centuria battle takes none")
    spec = shipped_centuria_battle(name)
    battle = start_alternating(CenturiaBattle.from_scenario(spec.scenario, centuria_tables()))
    a, b = battle.sides
    s = CenturiaSkirmish(spec, seed, (), (), battle)
    return replace(s, log=(f"{spec.title}: {s.label(a)} against {s.label(b)}, seed {seed}, "
                           f"{spec.round_limit} rounds",))


def centuria_scenarios() -> list[str]:
    """The shipped Centuria battles, by key."""
    return centuria_battle_names()



def load_centuria(data: dict, name: str = "saved game") -> CenturiaSkirmish:
    """A Centuria battle from a parsed save (already through the upload guard); SaveError names what is wrong."""
    scen, seed, actions = read_header(data, name, centuria_scenarios())
    game = new_centuria_skirmish(scen, seed=seed)
    return replay(game, actions, name, action_from_data)


__all__ = ["centuria_scenarios", "load_centuria", "new_centuria_skirmish"]
