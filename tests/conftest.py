"""Test settings shared by the whole suite.

Hypothesis: no deadline anywhere (a loaded 2-core machine must not fail a property test for its speed), and under
CI (`CI=true`) derandomized, so a CI run draws the same examples every time (T9).
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("centurion", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "centurion")
