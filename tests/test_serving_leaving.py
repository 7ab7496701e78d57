"""A page left while its cells run logs one line, not tracebacks (centurion/serving/leaving.py, session 46).

Plain Voila logged a reload during rendering as "Kernel died while waiting for execute reply", "Error at server
while executing cell" with the cell's whole source and a DeadKernelError traceback, then Tornado's "Uncaught
exception" with two more (35 tracebacks in one run of the thirty-views test). The records below are built as Voila
and nbclient make them; the filter must keep a real crash's error and traceback.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import pytest
from nbclient.exceptions import DeadKernelError
from tornado.websocket import WebSocketClosedError
from voila.tornado.execution_request_handler import ExecutionRequestHandler

from centurion.serving import leaving
from centurion.serving.leaving import PAGE_KERNEL, PageSocket, QuietLeaving, lost_write
from tests.loops import run_apart

CELL = {"cell_type": "code", "id": "skirmish-1", "source": "from centurion.widgets import skirmish_page\n" * 40}


def _dead_record(msg: str, *args) -> logging.LogRecord:
    try:
        raise DeadKernelError("Kernel died")
    except DeadKernelError:
        exc = sys.exc_info()
    return logging.LogRecord("CenturionVoila", logging.ERROR, __file__, 1, msg, args, exc)


def _plain(msg: str, *args, level: int = logging.ERROR, exc=None) -> logging.LogRecord:
    return logging.LogRecord("CenturionVoila", level, __file__, 1, msg, args, exc)


def _on_kernel(kernel, fn):
    token = PAGE_KERNEL.set(kernel)
    try:
        return fn()
    finally:
        PAGE_KERNEL.reset(token)


def test_a_stopped_kernels_dead_cell_is_one_info_line_said_once():
    stopped = {"k-left"}
    f = QuietLeaving(lambda k: k in stopped)
    died = _plain("Kernel died while waiting for execute reply.")
    assert _on_kernel("k-left", lambda: f.filter(died)) is False
    rec = _dead_record("Error at server while executing cell: %r", CELL)
    assert _on_kernel("k-left", lambda: f.filter(rec)) is True
    assert rec.levelno == logging.INFO and rec.exc_info is None
    line = rec.getMessage()
    assert "k-left" in line and "stopped" in line and "source" not in line and len(line) < 200
    # the loop of Voila goes on to the next cell, which meets the same dead kernel: nothing new to say
    again = _dead_record("Error at server while executing cell: %r", dict(CELL, id="skirmish-2"))
    assert _on_kernel("k-left", lambda: f.filter(again)) is False


def test_a_kernel_that_died_on_its_own_keeps_its_error_and_traceback_without_the_cell_source():
    f = QuietLeaving(lambda k: False)  # the server did not stop it: a crash, which the host must see
    died = _plain("Kernel died while waiting for execute reply.")
    assert _on_kernel("k-crash", lambda: f.filter(died)) is True and died.levelno == logging.ERROR
    rec = _dead_record("Error at server while executing cell: %r", CELL)
    assert _on_kernel("k-crash", lambda: f.filter(rec)) is True
    assert rec.levelno == logging.ERROR and rec.exc_info is not None
    assert rec.getMessage() == "Error at server while executing cell skirmish-1"  # named, not dumped


def test_records_outside_a_pages_run_and_other_records_are_left_alone():
    f = QuietLeaving(lambda k: True)
    rec = _dead_record("Error at server while executing cell: %r", CELL)
    assert f.filter(rec) is True and rec.levelno == logging.ERROR and rec.exc_info is not None  # no page's kernel
    other = _plain("Kernel cap reached (%d page kernels): a page was told the table is full", 20,
                   level=logging.WARNING)
    assert _on_kernel("k", lambda: f.filter(other)) is True
    assert other.getMessage().startswith("Kernel cap reached (20")


class _Socket(PageSocket):
    """A PageSocket without a live connection: its run of the cells is replaced below."""

    def __init__(self, kernel_id: str) -> None:  # no tornado request: only what on_message reads
        self._kernel_id = kernel_id


def test_a_socket_closed_under_the_run_ends_it_in_one_line(monkeypatch, caplog):
    seen = []

    async def run(self, message):
        seen.append(PAGE_KERNEL.get())
        raise WebSocketClosedError()

    monkeypatch.setattr(ExecutionRequestHandler, "on_message", run)
    monkeypatch.setattr(leaving.PageSocket, "log", logging.getLogger("test-leaving"), raising=False)
    with caplog.at_level(logging.INFO, logger="test-leaving"):
        run_apart(_Socket("k-7").on_message('{"action": "execute"}'))  # must not raise
    assert seen == ["k-7"]  # the records made during the run know their kernel
    assert PAGE_KERNEL.get() is None  # and only during it
    assert [r.getMessage() for r in caplog.records] == [leaving.LEFT % "k-7"]


def test_a_socket_whose_kernel_was_stopped_before_its_run_closes_without_a_traceback(monkeypatch):
    """A page reloaded before it asked for its run: the beacon has stopped the kernel, Voila's run refuses with a 404
    before it makes its executor, and the socket then closes. Voila's own `on_close` read the executor it never made
    (AttributeError, Tornado's "Uncaught exception GET /voila/execution/...": CI of session 48; reproduced by a
    socket to an unknown kernel id against `centurion serve`)."""
    from tornado.web import HTTPError

    async def run(self, message):
        raise HTTPError(404, "Kernel does not exist: k-9")  # what the kernel manager's lookup raises

    monkeypatch.setattr(ExecutionRequestHandler, "on_message", run)
    sock = _Socket("k-9")
    with pytest.raises(HTTPError):
        run_apart(sock.on_message('{"action": "execute", "payload": {"kernel_id": "k-9"}}'))
    sock.on_close()  # Voila's own: must not raise
    assert sock._executor is None


class _Channels(leaving.KernelChannelSocket):
    """The page's socket to its kernel's channels, its page gone: no connection left (as Tornado leaves it)."""

    def __init__(self) -> None:  # no tornado request: only what write_message reads
        self.ws_connection = None


def test_a_kernels_reply_to_a_page_that_has_gone_is_dropped_not_raised_in_the_zmq_callback(caplog):
    """jupyter_server writes a kernel's replies of the binary protocol ("v1.kernel.websocket.jupyter.org", the one
    Voila's page speaks) from a ZMQ callback without catching WebSocketClosedError, which zmqstream logged as
    "Uncaught exception in zmqstream callback" with a traceback (CI of session 48, the thirty-views serving test).
    Voila's own socket raises there; the server's socket drops the message and returns a done future."""
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    from centurion.serving.app import OURS

    sock = _Channels()
    with pytest.raises(WebSocketClosedError):
        VoilaKernelWebsocketHandler.write_message(sock, b"\x00" * 16, binary=True)  # Voila's, unchanged
    with caplog.at_level(logging.DEBUG, logger="CenturionVoila"):
        done = sock.write_message(b"\x00" * 16, binary=True)
    assert done.done() and done.result() is None
    assert [r.getMessage() for r in caplog.records] == ["a kernel message to a page that has gone was dropped"]
    assert OURS[VoilaKernelWebsocketHandler] is leaving.KernelChannelSocket  # the server's in place of Voila's
    assert OURS[ExecutionRequestHandler] is leaving.PageSocket


class _Connection:
    """jupyter_server's kernel connection, as far as the socket's close reads it: `disconnect` counts one down."""

    def __init__(self, kernels: dict[str, int]) -> None:
        self.multi_kernel_manager = self
        self._open_sockets: set = set()  # a class's set in jupyter_server
        self.counts = kernels
        self.disconnected = 0

    def notify_connect(self, kernel_id: str) -> None:
        self.counts[kernel_id] += 1

    def notify_disconnect(self, kernel_id: str) -> None:
        self.counts[kernel_id] -= 1

    def disconnect(self) -> None:  # as jupyter_server's: counted down; the kernel's last connection starts buffering
        self.notify_disconnect("k-7")
        self.disconnected += 1
        self.buffered = self.counts["k-7"] == 0
        self._open_sockets.remove(self)


@pytest.mark.parametrize("opened", [False, True])
def test_a_channel_socket_closed_before_it_opened_leaves_its_kernels_count_alone(opened):
    """The thirty-views test's flake (CI of sessions 46-51): a page left while its channel socket waited for the
    kernel. Tornado runs `on_close` before `open`, and jupyter_server's `on_close` counted down a connection that
    `open` never counted: the kernel's count went to -1, which the culler reads as connected, and the kernel ran until
    the server stopped (tests/browser/test_serving.py has it against the server). The server's socket closes such a
    connection without touching the count; an opened socket's close still counts it down."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    counts = {"k-7": 1 if opened else 0}  # an opened socket was counted by `connect`
    sock = _Channels()
    sock.kernel_id = "k-7"
    sock.connection = conn = _Connection(counts)
    conn._open_sockets.add(conn) if opened else None
    sock._counted = opened
    sock.on_close()
    assert counts == {"k-7": 0} and conn.disconnected == 1 and sock.connection is None and sock._left
    assert conn.buffered == opened  # a connection that never opened buffers nothing for a page that may come back
    if not opened:  # jupyter_server's own close of the same socket: the count the culler misread
        sock.connection = conn = _Connection(counts)
        conn._open_sockets.add(conn)
        KernelWebsocketHandler.on_close(sock)
        assert counts == {"k-7": -1}


class _Manager:
    """The server's kernel manager, as far as a page socket reads it: which kernels it has stopped."""

    def __init__(self, stopped: set[str]) -> None:
        self._stopped = stopped

    def stopped(self, kernel_id: str) -> bool:
        return kernel_id in self._stopped


@pytest.mark.parametrize("stopped", [True, False])
def test_a_kernel_stopped_while_its_page_connects_is_one_line_a_crash_still_raises(monkeypatch, caplog, stopped):
    """A reload's beacon stops the kernel while Voila's run waits for it to answer (nbclient: "Kernel died before
    replying to kernel_info", a RuntimeError that Tornado logged as "Uncaught exception GET /voila/execution/..."
    with a traceback: session 48, the thirty-views test run alone). A kernel the server stopped ends the run in one
    line; one that died on its own still raises, for the host to see."""
    async def run(self, message):
        raise RuntimeError("Kernel died before replying to kernel_info")

    monkeypatch.setattr(ExecutionRequestHandler, "on_message", run)
    monkeypatch.setattr(leaving.PageSocket, "log", logging.getLogger("test-leaving"), raising=False)
    monkeypatch.setattr(_Socket, "kernel_manager", _Manager({"k-5"} if stopped else set()), raising=False)
    sock = _Socket("k-5")
    with caplog.at_level(logging.INFO, logger="test-leaving"):
        if stopped:
            run_apart(sock.on_message('{"action": "execute"}'))  # must not raise
            assert [r.getMessage() for r in caplog.records] == [leaving.STOPPED % "k-5"]
        else:
            with pytest.raises(RuntimeError, match="kernel_info"):
                run_apart(sock.on_message('{"action": "execute"}'))


def test_other_errors_of_the_run_still_propagate(monkeypatch):
    async def run(self, message):
        raise RuntimeError("a real fault")

    monkeypatch.setattr(ExecutionRequestHandler, "on_message", run)
    with pytest.raises(RuntimeError, match="a real fault"):
        run_apart(_Socket("k-8").on_message("{}"))


def test_a_write_nobody_awaits_to_a_gone_page_is_not_logged_as_a_lost_task_exception(caplog):
    """Voila's first message, the kernel channels' replies and the request info are written without an await; when
    the page has already gone, asyncio logged "Task exception was never retrieved ... WebSocketClosedError" with two
    tracebacks (CI of session 46). The server's loop handler drops those and passes every other lost exception on."""
    import gc

    async def write(exc):
        raise exc

    async def scene():
        asyncio.get_running_loop().set_exception_handler(lost_write)
        tasks = [asyncio.ensure_future(write(WebSocketClosedError())),  # nobody awaits them, as in Voila's open
                 asyncio.ensure_future(write(RuntimeError("a real fault")))]
        await asyncio.sleep(0.01)
        del tasks
        gc.collect()

    with caplog.at_level(logging.DEBUG, logger="asyncio"):
        run_apart(scene())
        gc.collect()
    lost = [r.getMessage() + str(r.exc_info) for r in caplog.records
            if r.name == "asyncio" and "never retrieved" in r.getMessage()]
    assert len(lost) == 1 and "a real fault" in lost[0] and "WebSocketClosedError" not in lost[0], lost
