"""A whole battle of Centuria under the game API of `centurion.game` (issue 15): the same verbs as a Centurion
skirmish (`legal_actions`, `apply` raising `IllegalAction`, `to_json`/`load`, `over`, `result`, `bot_action`).

The round as the seed has it (CTA-1): one movement phase in which both sides move, one unit at a time, the round's
first side starting and the sides taking turns to start; one combat phase with every attack and shot, alternating
the same way; a side ends its part of a phase with `CtaEndPhase`, or the countdown does it (`CtaTimeUp`, sent by
the page when the round's time runs out: the side's units not yet ordered stay). Rally tests open each round after
the first (CTA-MORALE). The battle ends when a side has lost (all its units removed, fled or dissolving, or all its
leaders fallen) or after the last round (a scenario's `holds_out` side wins if it has not lost; otherwise the
side that lost fewer units wins). Decisions in docs/decisions.md, "Centuria battles".

The code lives in `centurion.game.centuria_phases` (one module per phase, the state, the codec; issue 23); this
module keeps its public names importable where they were.
"""

from __future__ import annotations

from .centuria_phases import (
    CENTURIA_RULES_EDITION,
    KINDS,
    STEPS,
    SYSTEM,
    CenturiaSkirmish,
    CtaAction,
    CtaAttack,
    CtaEndPhase,
    CtaMove,
    CtaShoot,
    CtaTimeUp,
    action_from_data,
    action_to_data,
    centuria_scenarios,
    load_centuria,
    new_centuria_skirmish,
)

__all__ = ["CENTURIA_RULES_EDITION", "CenturiaSkirmish", "CtaAction", "CtaAttack", "CtaEndPhase", "CtaMove", "CtaShoot",
           "CtaTimeUp", "action_from_data", "action_to_data", "centuria_scenarios", "load_centuria",
           "new_centuria_skirmish", "KINDS", "STEPS", "SYSTEM"]
