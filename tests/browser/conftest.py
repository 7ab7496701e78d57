"""Fixtures for the browser tests: a Voila server started by `centurion serve`, and headless Debian chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("CENTURION_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def voila_url(artifacts):
    """Start `centurion serve` on a free loopback port; yield its base URL."""
    port = _free_port()
    log = open(artifacts / "voila.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "centurion.cli", "serve", "--port", str(port), "--no-browser"],
                            stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"centurion serve exited with {proc.returncode}; see {artifacts / 'voila.log'}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.2)
    else:
        proc.terminate()
        raise RuntimeError("Voila did not start listening within 60 s")
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


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


@pytest.fixture
def page(browser):
    """A fresh page that may only talk to loopback (the Font Awesome CDN request is aborted)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()

    def only_loopback(route):
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:
            route.abort()

    pg.route("**/*", only_loopback)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors  # type: ignore[attr-defined]
    yield pg
    context.close()
