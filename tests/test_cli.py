"""The `centurion` command: flags, the server's command line, and refusals of bad settings."""

from __future__ import annotations

import subprocess
import sys

import pytest

from centurion import __version__
from centurion.cli import build_parser, index_url, main, notebooks_dir, voila_command
from centurion.serving import ServeOptions
from centurion.serving import voila_command as serving_command


@pytest.mark.parametrize("module", ["centurion.cli", "centurion"])
def test_version_flag(module):
    """`python -m centurion` works as the command does (walk of session 33: it had no __main__)."""
    out = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == f"centurion {__version__}"


def test_serve_command_line_is_loopback_and_strips_sources():
    cmd = voila_command(9999, notebooks_dir())
    assert "--Voila.ip=127.0.0.1" in cmd and "--port=9999" in cmd and "--strip_sources=True" in cmd
    assert cmd[1:3] == ["-m", "centurion.serving.app"]
    assert index_url(9999) == "http://127.0.0.1:9999/voila/render/index.ipynb"
    assert (notebooks_dir() / "index.ipynb").is_file()


def test_defaults_cap_kernels_and_cull_pages_that_are_gone():
    cmd = voila_command(9999, notebooks_dir())
    assert "--CappedKernelManager.max_page_kernels=20" in cmd
    assert "--MappingKernelManager.cull_idle_timeout=120" in cmd
    assert "--MappingKernelManager.cull_interval=30" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd  # an open page keeps its kernel
    assert "--progressive_rendering=True" in cmd and "--preheat_kernel=True" not in cmd


def test_flags_reach_the_server_command():
    args = build_parser().parse_args(["serve", "--port", "9000", "--max-kernels", "5", "--cull-idle-after", "15",
                                      "--cull-interval", "3", "--preheat", "index.ipynb", "--pool-size", "2",
                                      "--host", "0.0.0.0"])
    opts = ServeOptions(port=args.port, host=args.host, max_kernels=args.max_kernels,
                        cull_idle_after=args.cull_idle_after, cull_interval=args.cull_interval,
                        preheat=tuple(args.preheat), pool_size=args.pool_size)
    assert opts.problems(notebooks_dir()) == []
    cmd = serving_command(opts, notebooks_dir())
    assert "--CappedKernelManager.max_page_kernels=5" in cmd and "--Voila.ip=0.0.0.0" in cmd
    assert "--MappingKernelManager.cull_idle_timeout=15" in cmd and "--MappingKernelManager.cull_interval=3" in cmd
    # Voila cannot preheat and render progressively at once: preheating switches progressive rendering off
    assert "--preheat_kernel=True" in cmd and "--progressive_rendering=False" in cmd
    assert "--CenturionVoila.preheat_pages=index.ipynb" in cmd and "--CenturionVoila.preheat_pool_size=2" in cmd


@pytest.mark.parametrize("argv, message", [
    (["serve", "--port", "70000"], "--port must be between 1 and 65535"),
    (["serve", "--max-kernels", "-1"], "--max-kernels must be 0 (no cap) or more, got -1"),
    (["serve", "--cull-idle-after", "-5"], "--cull-idle-after must be 0 (never) or more seconds, got -5"),
    (["serve", "--cull-interval", "0"], "--cull-interval must be at least 1 second, got 0"),
    (["serve", "--preheat", "nowhere.ipynb"], "--preheat nowhere.ipynb: no such notebook"),
    (["serve", "--preheat", "index.ipynb", "--pool-size", "0"], "--pool-size must be at least 1, got 0"),
])
def test_bad_settings_are_refused(capsys, argv, message):
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err


def test_help_documents_every_serving_flag():
    text = build_parser()._subparsers._group_actions[0].choices["serve"].format_help()
    for flag in ("--max-kernels", "--cull-idle-after", "--cull-interval", "--preheat", "--pool-size", "--host"):
        assert flag in text
    assert "table" in text and "default 20" in text


def test_a_port_in_use_is_said_before_anything_starts(capsys):
    """Walk of session 33: `centurion serve` printed "Open <address>" and then died, Voila unable to take a port
    another program held. It now says so and stops, starting nothing."""
    import socket

    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        assert main(["serve", "--port", str(port), "--no-browser", "--no-store"]) == 1
    out = capsys.readouterr()
    assert f"Port {port} is in use" in out.err and "Ready" not in out.out and "Open" not in out.out
