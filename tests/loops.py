"""Running a coroutine in a test whatever the worker's main thread holds.

A browser test's Playwright session (session-scoped, tests/browser/conftest.py) keeps an event loop running in the
main thread of the pytest worker it shares, where `asyncio.run()` refuses to start ("cannot be called from a running
event loop"); a test that runs after it on that worker would fail for its place in the order, not for its code.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any


def run_apart(coro: Coroutine[Any, Any, Any], timeout: float = 60.0) -> Any:
    """`asyncio.run(coro)` on a thread of its own; its result, or its exception re-raised in the caller's thread."""
    out: dict[str, Any] = {}

    def in_thread() -> None:
        try:
            out["result"] = asyncio.run(coro)
        except BaseException as e:  # re-raised in the test's thread below
            out["error"] = e

    worker = threading.Thread(target=in_thread)
    worker.start()
    worker.join(timeout)
    assert not worker.is_alive(), f"the coroutine ran longer than {timeout} s"
    if "error" in out:
        raise out["error"]
    return out.get("result")
