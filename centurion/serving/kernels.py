"""The kernel manager of `centurion serve`: a cap on the kernels that serve pages, and tidy shutdowns.

Voila starts one kernel per page view and has no limit of its own (voila #617). This manager refuses to
start a page's kernel once `max_page_kernels` serve pages (the page handler then shows "the table is
full"), and forgets Voila's per-kernel bookkeeping when a kernel stops so a long-running server does not
grow. Preheated (pooled) kernels are not pages: they never count and are never refused.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Int


class TableFull(Exception):
    """Raised instead of starting a page's kernel when the cap is reached."""


class CappedKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager with a cap on page kernels (pooled kernels excluded)."""

    max_page_kernels = Int(20, config=True, help="Most kernels serving pages at once; 0 means no cap.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._page_starts = 0  # page kernels being started right now (not yet listed)
        self._stopping: set[str] = set()  # kernels being shut down (e.g. by a page's unload beacon)

    def pooled_kernel_ids(self) -> set[str]:
        """Kernels waiting, preheated, in Voila's pools (none unless preheating is on)."""
        ids: set[str] = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result()["kernel_id"])
        return ids

    def page_kernel_count(self) -> int:
        """Kernels serving pages, plus those being started for a page."""
        pooled = self.pooled_kernel_ids()
        return sum(1 for k in self.list_kernel_ids() if k not in pooled) + self._page_starts

    def is_full(self) -> bool:
        """Whether one more page would pass the cap."""
        return self.max_page_kernels > 0 and self.page_kernel_count() >= self.max_page_kernels

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel; for a page (not a pool refill) refuse with TableFull at the cap."""
        env = kwargs.get("env") or {}
        for_pool = env.get("VOILA_PREHEAT") == "True"
        if for_pool:
            return await super().start_kernel(*args, **kwargs)
        if self.is_full():
            self.log.warning("Kernel cap reached (%d page kernels): a page was told the table is full",
                             self.max_page_kernels)
            raise TableFull
        self._page_starts += 1
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._page_starts -= 1

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:  # type: ignore[override]
        """Stop a kernel and drop what Voila kept about it (request info, pending execution data)."""
        self._stopping.add(kernel_id)
        try:
            await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        finally:
            self._stopping.discard(kernel_id)
            if not restart:
                _forget_voila_state(kernel_id)

    def stopped(self, kernel_id: str) -> bool:
        """Whether this manager is shutting that kernel down or no longer has it (a page's beacon, the culler)."""
        return kernel_id in self._stopping or kernel_id not in self

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull as Jupyter does, but leave alone a kernel that is already shutting down."""
        if kernel_id in self._stopping:
            return
        await super().cull_kernel_if_idle(kernel_id)


def _forget_voila_state(kernel_id: str) -> None:
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.tornado.execution_request_handler import ExecutionRequestHandler

    RequestInfoSocketHandler._cache.pop(kernel_id, None)
    getattr(ExecutionRequestHandler, "_execution_data", {}).pop(kernel_id, None)
