"""W27 and W28 (audit first-game) without a browser: the served page carries no link to a CDN, the kernels talk to the
server over ipc (no "running over TCP without encryption" warning), and the "Notebook … is not trusted" warning is
dropped while every other log line stays. tests/browser/test_newcomer_pages.py checks the real server."""

from __future__ import annotations

import logging
from pathlib import Path

import voila


def test_W27_the_pages_lose_their_cdn_links() -> None:
    from centurion.serving.app import local_only

    template = Path(voila.__file__).resolve().parents[4] / "share/jupyter/voila/templates/lab/index.html.j2"
    text = template.read_text() if template.exists() else (
        '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css" '
        'type="text/css" />\n  <link rel="stylesheet" href="/voila/static/theme.css" />')
    assert "cdn.jsdelivr.net" in text  # Voila's template asks the CDN
    out = local_only(text)
    assert "cdn.jsdelivr.net" not in out
    assert out.count("<link") == text.count("<link") - text.count("cdn.jsdelivr.net")  # the other links stay


def test_W28_kernels_over_ipc() -> None:
    from centurion.serving.options import ServeOptions, voila_command

    cmd = voila_command(ServeOptions(), Path("notebooks"))
    assert "--KernelManager.transport=ipc" in cmd


def test_W28_only_the_trust_warning_is_dropped() -> None:
    from centurion.serving.app import QuietTrust

    def record(msg: str, *args: object) -> logging.LogRecord:
        return logging.LogRecord("CenturionVoila", logging.WARNING, __file__, 1, msg, args, None)

    f = QuietTrust()
    assert not f.filter(record("Notebook %s is not trusted", "index.ipynb"))
    assert f.filter(record("Kernel started: %s", "abc"))
    assert f.filter(record("Notebook %s could not be read", "index.ipynb"))
