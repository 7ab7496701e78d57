"""The game store (issue 24): games that live on the server, every decision committed, seats and spectators.

Layer 4.5: imports the game layer and below, never widgets. SQLite by default (a file in the user's data folder,
or $CENTURION_STORE), PostgreSQL for several machines; SQLAlchemy Core with psycopg 3 (docs/decisions.md).

    from centurion.store import open_store, StoreError, StaleStep, WrongSeat
    store = open_store()                         # or open_store("sqlite:///games.db"), "postgresql://user@host/db"
    ref = store.create("meeting", computer={"tog": "novice"})
    s = store.state(ref.id, ref.seats["renegade"])
    s = store.play(ref.id, ref.seats["renegade"], s.legal_actions()[0], step=len(s.history))
    store.record(ref.id)                         # the save text, once the game is over
"""

from .errors import StaleStep, StoreError, WrongSeat
from .games import GameInfo, GameRef, GameStore, open_store
from .hidden import HiddenCenturiaSkirmish, HiddenSkirmish, hidden_view
from .schema import ENV, default_url

__all__ = ["open_store", "StoreError", "StaleStep", "WrongSeat", "GameStore", "GameRef", "GameInfo",
           "HiddenSkirmish", "HiddenCenturiaSkirmish", "hidden_view", "ENV", "default_url"]
