"""The `centurion` command: `centurion serve` starts the Voila app; `centurion --version`."""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import threading
import time
import webbrowser
from pathlib import Path

from . import __version__

HOST = "127.0.0.1"


def notebooks_dir() -> Path:
    """The rulebook's notebooks: inside the installed package, or `notebooks/` of a checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_notebooks", here.parent / "notebooks"):
        if (candidate / "index.ipynb").is_file():
            return candidate
    raise FileNotFoundError(
        f"the rulebook notebooks are missing: looked in {here / '_notebooks'} and {here.parent / 'notebooks'}"
    )


def index_url(port: int) -> str:
    """The address of the rulebook's index page on a local Voila server."""
    return f"http://{HOST}:{port}/voila/render/index.ipynb"


def voila_command(port: int, root: Path) -> list[str]:
    """The Voila command line that serves the rulebook folder on loopback, sources stripped."""
    return [
        sys.executable, "-m", "voila", str(root),
        f"--port={port}",
        f"--Voila.ip={HOST}",
        "--no-browser",
        "--strip_sources=True",
        "--progressive_rendering=True",
        "--VoilaConfiguration.show_tracebacks=False",
    ]


def _wait_and_open(port: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex((HOST, port)) == 0:
                webbrowser.open(index_url(port))
                return
        time.sleep(0.3)


def serve(port: int, open_browser: bool) -> int:
    """Run Voila over the notebooks until interrupted; returns its exit code."""
    root = notebooks_dir()
    print(f"Centurion rulebook {__version__}: serving {root}")
    print(f"Open {index_url(port)}", flush=True)
    if open_browser:
        threading.Thread(target=_wait_and_open, args=(port,), daemon=True).start()
    proc = subprocess.Popen(voila_command(port, root), cwd=root)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return proc.wait()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `centurion` console script."""
    parser = argparse.ArgumentParser(prog="centurion", description="The Centurion interactive rulebook.")
    parser.add_argument("--version", action="version", version=f"centurion {__version__}")
    sub = parser.add_subparsers(dest="command")
    p_serve = sub.add_parser("serve", help="start the rulebook app (Voila) on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8866, help="port to listen on (default 8866)")
    p_serve.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    args = parser.parse_args(argv)
    if args.command == "serve":
        if not 1 <= args.port <= 65535:
            parser.error(f"--port must be between 1 and 65535, got {args.port}")
        return serve(args.port, open_browser=not args.no_browser)
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
