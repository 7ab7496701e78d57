"""A Centuria battle under the game API, one module per part (issue 23):

- `state`: `CenturiaSkirmish`, the immutable state and what is read from it (views, the end of the battle);
- `actions`: the decisions (`CtaMove`, `CtaAttack`, `CtaShoot`, `CtaEndPhase`, `CtaTimeUp`) and their shape check;
- `movement`, `combat`: the two phases of the round (CTA-1), each listing its decisions, checking and applying
  one, and registering a `PhaseRules`; `end`: the end of a side's part of a phase, a decision of both;
  `morale`: the tests the rules roll with no decision (CTA-MORALE);
- `table`: the phases as the dispatcher holds them (`PHASES`);
- `codec`: the save codec; `start`: a new battle, or one loaded from a save.

`centurion.game.centuria` re-exports the public names, as before the split.
"""

from __future__ import annotations

from .actions import KINDS, STEPS, CtaAction, CtaAttack, CtaEndPhase, CtaMove, CtaShoot, CtaTimeUp
from .codec import SYSTEM, action_from_data, action_to_data
from .start import centuria_scenarios, load_centuria, new_centuria_skirmish
from .state import CENTURIA_RULES_EDITION, CenturiaSkirmish

__all__ = ["CENTURIA_RULES_EDITION", "KINDS", "STEPS", "SYSTEM", "CenturiaSkirmish", "CtaAction", "CtaAttack",
           "CtaEndPhase", "CtaMove", "CtaShoot", "CtaTimeUp", "action_from_data", "action_to_data",
           "centuria_scenarios", "load_centuria", "new_centuria_skirmish"]
