"""Start a `centurion serve` on a free loopback port and wait until Voila itself says it runs there.

A port free when picked can be bound by another process before Voila binds it (a notebook test's kernel binding
its own ports); a connection to it then reaches that process (session 23: a page got ERR_INVALID_HTTP_RESPONSE).
So "up" is Voila's own "is running at" line and the port answering; if the port was taken, Voila exits
(`--Voila.port_retries=0`, "already in use" in its log) and the server is started again on another port.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path


def free_port() -> int:
    """A loopback port nobody listens on just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listens(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _stop(proc: subprocess.Popen, own_session: bool) -> None:
    """SIGTERM, then SIGKILL (the whole session when it has its own) if it does not end within 30 s."""
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        if own_session:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
        proc.wait(5)


def launch_voila(command: Callable[[int], list[str]], log_path: Path, *, timeout: float = 60.0, attempts: int = 3,
                 **popen) -> tuple[subprocess.Popen, int]:
    """Run `command(port)` with its output to `log_path` (extra Popen arguments in `popen`) until Voila runs on the
    port; the process and its port. RuntimeError naming the log when it exits for another reason or is not up
    within `timeout` seconds (then it is stopped)."""
    for _ in range(attempts):
        port = free_port()
        with open(log_path, "w") as log:
            proc = subprocess.Popen(command(port), stdout=log, stderr=subprocess.STDOUT, **popen)
        deadline = time.monotonic() + timeout
        while proc.poll() is None and time.monotonic() < deadline:
            if "is running at" in log_path.read_text(errors="replace") and _listens(port):
                return proc, port
            time.sleep(0.2)
        if proc.poll() is None:
            _stop(proc, bool(popen.get("start_new_session")))
            raise RuntimeError(f"Voila did not start listening within {timeout:.0f} s; see {log_path}")
        if "already in use" not in log_path.read_text(errors="replace"):
            break
    raise RuntimeError(f"centurion serve exited with {proc.returncode}; see {log_path}")
