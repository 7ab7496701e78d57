"""`centurion serve` stopped by SIGTERM or SIGINT leaves none of its processes (Voila, kernels) behind;
a server that dies on its own does not leave its kernels either (issue 10, item 2)."""

from __future__ import annotations

import os
import signal
import time
import urllib.request

import pytest

from tests.browser.conftest import _alive, start_server


def _open_pages(server, n: int) -> None:
    """Request n chapter pages: each starts a kernel (the HTTP reply comes once the kernel runs)."""
    for _ in range(n):
        with urllib.request.urlopen(f"{server.url}/voila/render/01_battlefield.ipynb", timeout=60) as r:
            assert r.status == 200
            r.read()


def _wait_gone(pids, timeout: float) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = [p for p in pids if _alive(p)]
        if not left:
            return []
        time.sleep(0.2)
    return [p for p in pids if _alive(p)]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_whole_process_tree(tmp_path, signum):
    server = start_server(tmp_path / "serve.log")
    try:
        _open_pages(server, 2)
        procs = server.processes()
        assert len(server.kernels()) == 2, procs
        os.kill(server.proc.pid, signum)
        assert server.proc.wait(30) == 0
        assert _wait_gone(procs, 5) == [], "processes of centurion serve outlived it"
    finally:
        server.stop()


def test_kernels_of_a_server_that_dies_are_stopped_too(tmp_path):
    server = start_server(tmp_path / "serve.log")
    try:
        _open_pages(server, 1)
        voila = [p for p in server.processes() if p not in server.kernels()]
        kernels = server.kernels()
        assert len(voila) == 1 and len(kernels) == 1
        os.kill(voila[0], signal.SIGKILL)  # the server crashes: it cannot shut its kernels down
        server.proc.wait(30)
        assert _wait_gone(kernels, 5) == [], "a kernel outlived its crashed server"
    finally:
        server.stop()
