"""The `centurion` command."""

from __future__ import annotations

import subprocess
import sys

import pytest

from centurion import __version__
from centurion.cli import index_url, main, notebooks_dir, voila_command


def test_version_flag():
    out = subprocess.run([sys.executable, "-m", "centurion.cli", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == f"centurion {__version__}"


def test_serve_command_line_is_loopback_and_strips_sources():
    cmd = voila_command(9999, notebooks_dir())
    assert "--Voila.ip=127.0.0.1" in cmd and "--port=9999" in cmd and "--strip_sources=True" in cmd
    assert index_url(9999) == "http://127.0.0.1:9999/voila/render/index.ipynb"
    assert (notebooks_dir() / "index.ipynb").is_file()


def test_bad_port_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--port", "70000"])
    assert "--port must be between 1 and 65535" in capsys.readouterr().err
