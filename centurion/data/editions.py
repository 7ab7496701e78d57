"""Earlier editions of the shipped scenarios, so that a save replays on the set-up it was played on (issue 25).

When a scenario's set-up changes (the balance of issue 25), its earlier file is kept as
`<folder>/editions/<name>@<n>.yaml`, n = 1, 2, ...; the file in the folder itself is the current edition, numbered
one past the last kept. A game of an earlier edition has the key `<key>@<n>` (e.g. "pursuit@1"); a save names the
scenario and its edition, and a save without one (written before editions existed) is edition 1.
"""

from __future__ import annotations

import re
from pathlib import Path

_EDITION = re.compile(r"^(?P<base>[A-Za-z0-9_]+)@(?P<n>[1-9][0-9]{0,2})$")


def split_edition(key: str) -> tuple[str, int | None]:
    """A scenario key and its edition number: "pursuit@1" is ("pursuit", 1), "pursuit" ("pursuit", None)."""
    m = _EDITION.match(key) if isinstance(key, str) else None
    return (m["base"], int(m["n"])) if m else (key, None)


def edition_key(base: str, edition: int) -> str:
    """The key of an earlier edition of a scenario: ("pursuit", 1) is "pursuit@1"."""
    return f"{base}@{edition}"


def kept_editions(folder: Path, stem: str) -> list[int]:
    """The numbers of the earlier editions kept for the scenario file `stem` in `folder`, sorted."""
    found = (split_edition(p.stem) for p in (folder / "editions").glob(f"{stem}@*.yaml"))
    return sorted(n for base, n in found if base == stem and n is not None)


def current_edition(folder: Path, stem: str) -> int:
    """The current edition of a scenario: one past the last kept (1 when none is kept)."""
    kept = kept_editions(folder, stem)
    return (kept[-1] if kept else 0) + 1


def edition_path(folder: Path, stem: str, edition: int | None) -> Path:
    """The file of a scenario's edition (the current one when `edition` is None or current); ValueError names the
    editions there are."""
    if edition is None or edition == current_edition(folder, stem):
        return folder / f"{stem}.yaml"
    if edition not in kept_editions(folder, stem):
        raise ValueError(f"scenario {stem!r} has no edition {edition}; its editions are 1 to "
                         f"{current_edition(folder, stem)}")
    return folder / "editions" / f"{edition_key(stem, edition)}.yaml"


__all__ = ["current_edition", "edition_key", "edition_path", "kept_editions", "split_edition"]
