"""A page left while its cells run says so in one line of the server's log, not in forty lines of tracebacks.

A reader who reloads or closes a page before it has rendered is ordinary: the page's unload beacon stops its kernel
(`POST /voila/api/shutdown/<id>`), and Voila's execution socket then meets a dead kernel and a closed socket. Plain
Voila logs that as two errors: "Kernel died while waiting for execute reply" and "Error at server while executing
cell" with the cell's whole source and a traceback, then Tornado's "Uncaught exception" with two more tracebacks
(session 45's note; seen on a club's server, it reads like a crash). Here:

- `PageSocket` (Voila's execution socket) names its kernel for the log records made while it runs a page's cells,
  a closed socket ends the run with one line: "the page of kernel ... closed while its cells ran", and a socket
  whose kernel was stopped before the run began closes without a traceback;
- `lost_write` (the server's event-loop exception handler) drops the failed writes to a gone page that nobody
  awaited (Voila's first message, the kernel channels' replies), which asyncio logged as lost task exceptions;
- `KernelChannelSocket` (the page's socket to its kernel's channels) drops a kernel's message to a page that has
  gone: jupyter_server writes the replies of the binary protocol from a ZMQ callback without catching the closed
  socket, which logged "Uncaught exception in zmqstream callback" with a traceback (CI of session 48). A page that
  left while that socket waited for its kernel gets no handshake, and its close does not count down a connection
  that was never counted: jupyter_server's did, the count went to -1, and the culler never took the kernel;
- `QuietLeaving` (a filter on the app's logger) turns the dead-kernel records of a kernel that this server was
  stopping or has stopped into one line; a kernel that died on its own (a crash) keeps its error and traceback,
  and any cell error keeps its traceback with the cell named by its id instead of its whole source.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from jupyter_server.auth.decorator import ws_authenticated
from tornado.concurrent import Future
from tornado.websocket import WebSocketClosedError, WebSocketHandler
from voila.tornado.execution_request_handler import ExecutionRequestHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

# the kernel whose page's cells the running task executes (set by PageSocket, read by QuietLeaving)
PAGE_KERNEL: ContextVar[str | None] = ContextVar("centurion_page_kernel", default=None)
DIED = "Kernel died while waiting for execute reply."
CELL_ERROR = "Error at server while executing cell: %r"
LEFT = "Kernel %s: its page closed while its cells ran (the reader left or reloaded it); the rest are not run"
STOPPED = "Kernel %s was stopped while its page's cells ran (the page was left or reloaded, or the kernel culled)"
GONE_BEFORE_OPEN = "Kernel %s: its page left while its channel socket was being opened; the socket is dropped"


def _cell_name(cell: Any) -> str:
    """A notebook cell named by its id, not by its whole source."""
    try:
        return str(cell.get("id") or "?")
    except AttributeError:
        return "?"


class QuietLeaving(logging.Filter):
    """Rewrites the records of a page's cells run on a kernel that the server stopped: one INFO line, no traceback."""

    def __init__(self, stopped: Callable[[str], bool]) -> None:
        """`stopped(kernel_id)` says whether the server is stopping, or has stopped, that kernel."""
        super().__init__()
        self.stopped = stopped
        self.told: set[str] = set()  # the kernels whose stop has been said

    def filter(self, record: logging.LogRecord) -> bool:
        """Drop or shorten the dead-kernel records of a stopped kernel's page; shorten a cell error's cell dump."""
        if record.msg not in (DIED, CELL_ERROR):
            return True
        kernel = PAGE_KERNEL.get()
        dead = record.msg == DIED or (record.exc_info is not None and record.exc_info[0] is not None
                                      and record.exc_info[0].__name__ == "DeadKernelError")
        if kernel is not None and dead and self.stopped(kernel):
            if record.msg == DIED or kernel in self.told:
                return False  # said once a kernel: the cell's record says it, the next cells' say nothing new
            if len(self.told) > 1000:
                self.told.clear()  # a long-running server's memory stays flat
            self.told.add(kernel)
            record.msg, record.args = STOPPED, (kernel,)
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.exc_info, record.exc_text = None, None
            return True
        if record.msg == CELL_ERROR and record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.msg, record.args = "Error at server while executing cell %s", (_cell_name(args[0]),)
        return True


def lost_write(loop: Any, context: dict) -> None:
    """The server's event-loop exception handler: a write to a socket whose page has gone, which nobody awaited
    (Voila's first message, the kernel channels' replies, the request info), is a debug line, not asyncio's "Task
    exception was never retrieved" with two tracebacks; everything else goes to asyncio's own handler."""
    if isinstance(context.get("exception"), WebSocketClosedError):
        logging.getLogger("CenturionVoila").debug("a write to a page that has gone was dropped")
        return
    loop.default_exception_handler(context)


class PageSocket(ExecutionRequestHandler):
    """Voila's execution socket, naming its kernel for the log and ending quietly when the page has gone."""

    # Voila sets its executor only once a run starts; a socket whose kernel was stopped before its page asked for the
    # run (a reload's beacon, the culler: a 404 "Kernel does not exist") closed with an AttributeError in Voila's
    # `on_close` and Tornado's "Uncaught exception" traceback (CI, session 48). None: no run, nothing to stop.
    _executor: Any = None

    async def open(self, kernel_id: str) -> None:  # type: ignore[override]
        """Voila's opening of the socket; a page gone before its first message ends it in one line."""
        try:
            await super().open(kernel_id)
        except WebSocketClosedError:
            self.log.info(LEFT, kernel_id)

    async def on_message(self, message_str: str | bytes) -> None:  # type: ignore[override]
        """Voila's run of the page's cells; a socket closed under it (the page left) ends the run in one line."""
        token = PAGE_KERNEL.set(getattr(self, "_kernel_id", None))
        try:
            await super().on_message(message_str)
        except WebSocketClosedError:
            self.log.info(LEFT, getattr(self, "_kernel_id", "?"))
        except RuntimeError:  # nbclient's "Kernel died before replying to kernel_info": stopped while it connected
            kernel = getattr(self, "_kernel_id", "?")
            stopped = getattr(getattr(self, "kernel_manager", None), "stopped", None)  # the server's (kernels.py)
            if stopped is None or not stopped(kernel):
                raise  # a kernel that died on its own: the host must see it
            self.log.info(STOPPED, kernel)
        finally:
            PAGE_KERNEL.reset(token)


class KernelChannelSocket(VoilaKernelWebsocketHandler):
    """Voila's socket to a page's kernel channels; a kernel's message to a page that has gone is dropped."""

    _left = False  # the page closed its socket (Tornado ran `on_close`)
    _counted = False  # jupyter_server's `connect` counted this socket among the kernel's connections

    @ws_authenticated
    async def get(self, kernel_id: str) -> None:  # type: ignore[override]
        """jupyter_server's opening (`pre_get`, which waits for the kernel, then the handshake); a page that left
        while it waited gets no handshake: one line in the log and a 499 for the access log (CI of sessions 46-51)."""
        self.kernel_id = kernel_id
        await self.pre_get()
        if self._left:
            connection = getattr(self, "connection", None)
            if connection is not None:  # made after the page left: `on_close` never saw it
                self._drop_uncounted(connection)
            logging.getLogger("CenturionVoila").info(GONE_BEFORE_OPEN, kernel_id)
            self.set_status(499, "Client Closed Request")
            return
        await WebSocketHandler.get(self, kernel_id=kernel_id)

    async def open(self, kernel_id: str) -> None:  # type: ignore[override]
        """jupyter_server's open, whose `connect` counts this socket among the kernel's connections."""
        self._counted = True
        await super().open(kernel_id)

    def on_close(self) -> None:
        """jupyter_server's close; a socket closed before it opened is dropped without counting down a connection
        it never counted. jupyter_server counted it down anyway: the kernel's count went to -1, which the culler
        reads as "connected", and the kernel of a page left while it loaded ran until the server stopped."""
        self._left = True
        connection = getattr(self, "connection", None)
        if connection is None:  # the page left before `pre_get` made the connection: `get` drops it
            return
        if not self._counted:
            self._drop_uncounted(connection)
            return
        super().on_close()

    def _drop_uncounted(self, connection: Any) -> None:
        """Close a connection that never connected: its session and kernel-info channel go, the count stays. It is
        booked as jupyter_server's `connect` books one (counted, among the open sockets) and counted once more, so
        that `disconnect` undoes the booking and, not seeing the kernel's last connection go, closes it without
        buffering the kernel's messages for its session (a page that comes back with that session would otherwise
        be handed an empty buffer's channels); the extra count is then taken back."""
        kernels = connection.multi_kernel_manager
        kernels.notify_connect(self.kernel_id)
        kernels.notify_connect(self.kernel_id)
        connection._open_sockets.add(connection)
        connection.disconnect()
        kernels.notify_disconnect(self.kernel_id)
        self.connection = None

    def write_message(self, message: Any, binary: bool = False) -> Future:  # type: ignore[override]
        """Voila's write; to a closed socket a debug line and a done future instead of WebSocketClosedError, which
        jupyter_server's ZMQ callback for the kernel's replies (binary protocol) does not catch."""
        try:
            return super().write_message(message, binary)
        except WebSocketClosedError:
            logging.getLogger("CenturionVoila").debug("a kernel message to a page that has gone was dropped")
            done: Future = Future()
            done.set_result(None)
            return done


__all__ = ["PAGE_KERNEL", "KernelChannelSocket", "PageSocket", "QuietLeaving", "lost_write"]
