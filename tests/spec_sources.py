"""Where the rule sources are: the spec RULES.md, the seeds and the book digests (`../shared/` beside the repository).

`CENTURION_SHARED` names another folder. A test that needs a source it cannot find is skipped with the path it
looked at, except under CI (`CI=true`), where a missing source fails the test: CI always has `../shared/`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CENTURION_SHARED") or ROOT.parent / "shared")


def source(relative: str) -> Path:
    """The path of one source under the shared folder; skip (fail under CI) when it is missing."""
    path = SHARED / relative
    if not path.exists():
        message = f"rule source {path} not found (set CENTURION_SHARED to the folder holding rules/ and seeds/)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


def sources(pattern: str) -> list[Path]:
    """Every source matching a glob under the shared folder; skip (fail under CI) when none does."""
    found = sorted(SHARED.glob(pattern))
    if not found:
        source(pattern)  # skips or fails with the path
    return found
