"""Fixtures for the browser tests: a Voila server started by `centurion serve`, and headless Debian chromium."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.voila_start import launch_voila

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("CENTURION_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


class Server:
    """A running `centurion serve` (its own session, so nothing of it outlives the tests)."""

    def __init__(self, proc: subprocess.Popen, port: int, log_path: Path):
        self.proc, self.port, self.log_path = proc, port, log_path
        self.url = f"http://127.0.0.1:{port}"

    def processes(self) -> list[int]:
        """The server's living processes below `centurion serve` (Voila and its kernels), from /proc."""
        from centurion.serving.supervisor import descendants

        return [p for p in descendants(self.proc.pid) if _alive(p)]

    def kernels(self) -> list[int]:
        """The pids of the server's running kernels."""
        return [p for p in self.processes() if b"ipykernel" in _cmdline(p)]

    def stop(self, timeout: float = 30.0) -> None:
        """SIGTERM, as a service manager would; kill the whole session only if that fails."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] != "Z"


def start_server(log_path: Path, *extra: str, timeout: float = 60.0) -> Server:
    """Start `centurion serve` on a free loopback port with extra flags; return once Voila runs there
    (tests/voila_start.py). Without a `--store` flag the pages keep no games on the server (`--no-store`: games live
    in their tab, as in a notebook); tests/browser/test_stored_games.py serves a store of its own."""
    if "--store" not in extra:
        extra = (*extra, "--no-store")
    # the pages draw a fresh seed for every game (W22); the tests play the games of seed 1 (centurion/widgets/page_seed.py)
    env = {**os.environ, "CENTURION_SEED": "1"}
    proc, port = launch_voila(
        lambda port: [sys.executable, "-m", "centurion.cli", "serve", "--port", str(port), "--no-browser", *extra],
        log_path, timeout=timeout, start_new_session=True, env=env)
    return Server(proc, port, log_path)


@pytest.fixture(scope="session")
def voila_server(artifacts):
    """The session's `centurion serve`, stopped cleanly at the end (SIGTERM: no Voila or kernel outlives it).

    No kernel cap here (tests in other contexts may open many pages at once; the cap has its own test in
    test_serving.py), and pages gone without an unload beacon are culled after a minute.
    """
    server = start_server(artifacts / "voila.log", "--max-kernels", "0", "--cull-idle-after", "60")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_url(voila_server):
    """Base URL of the session's `centurion serve` on a free loopback port."""
    return voila_server.url


@pytest.fixture(scope="session")
def browser():
    """Headless Debian chromium driven by Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Debian chromium at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def _closing_contexts(browser):
    """Browser contexts whose page was closed and whose unload beacon may still be in flight: each is closed at the
    next page's teardown (or at the end of the session), seconds later, instead of after a fixed sleep."""
    closing: list = []
    yield closing
    while closing:
        closing.pop().close()


# Every address but this machine's own (the test server, data: and blob: URLs). A pattern the browser matches by
# itself: only these requests come to the test's handler, while a page's own requests (about 100 a view: Voila's
# scripts, the widgets' bundles) go straight to the server (routing "**/*" sent each through the test process, about
# a second more per page view on a loaded machine).
NOT_LOOPBACK = re.compile(r"^(?!http://127\.0\.0\.1|ws://127\.0\.0\.1|data:|blob:)")


def loopback_only(page, on_remote=None) -> None:
    """Abort every request of the page to another host; `on_remote(url)` is told of each first."""

    def abort(route):
        if on_remote is not None:
            on_remote(route.request.url)
        route.abort()

    page.route(NOT_LOOPBACK, abort)


def new_tab(browser, width: int = 1400, height: int = 1000):
    """A page in a fresh context that may only talk to loopback (the Font Awesome CDN request is aborted); the
    page's JavaScript errors gather in `page.js_errors`."""
    context = browser.new_context(viewport={"width": width, "height": height})
    pg = context.new_page()
    loopback_only(pg)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors  # type: ignore[attr-defined]
    return pg


def close_tab(pg, closing: list) -> None:
    """Close as a player closes a tab: the page's unload beacon frees its kernel on the server. Closing the context at
    once could drop the beacon still in flight: the contexts closed before are closed now (their beacons had a test's
    time to go out), this one at the next close (or at the end of the session)."""
    try:
        if not pg.is_closed():
            with pg.expect_event("close", timeout=5_000):
                pg.close(run_before_unload=True)
    except Exception:  # a page that hangs on unload: culling frees its kernel
        pass
    while closing:
        closing.pop().close()
    closing.append(pg.context)


@pytest.fixture
def page(browser, _closing_contexts):
    """A fresh page that may only talk to loopback (the Font Awesome CDN request is aborted)."""
    pg = new_tab(browser)
    yield pg
    close_tab(pg, _closing_contexts)
