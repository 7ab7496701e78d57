"""The `centurion` command: `centurion serve` starts the Voila app; `centurion games` lists, shows, exports and
prunes the stored games (issue 24); `centurion --version`."""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
import time
import webbrowser
from pathlib import Path

from . import __version__
from .serving.options import LOOPBACK, ServeOptions
from .serving.options import voila_command as _voila_command

HOST = LOOPBACK


def notebooks_dir() -> Path:
    """The rulebook's notebooks: inside the installed package, or `notebooks/` of a checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_notebooks", here.parent / "notebooks"):
        if (candidate / "index.ipynb").is_file():
            return candidate
    raise FileNotFoundError(
        f"the rulebook notebooks are missing: looked in {here / '_notebooks'} and {here.parent / 'notebooks'}"
    )


def index_url(port: int, host: str = HOST) -> str:
    """The address of the rulebook's index page on a local Voila server."""
    return f"http://{host}:{port}/voila/render/index.ipynb"


def voila_command(port: int, root: Path, options: ServeOptions | None = None) -> list[str]:
    """The server's command line for `root` on `port` (see `centurion.serving.options.voila_command`)."""
    opts = options or ServeOptions()
    if opts.port != port:
        opts = ServeOptions(**{**opts.__dict__, "port": port})
    return _voila_command(opts, root)


def _wait_and_open(url: str, host: str, port: int, open_browser: bool, timeout: float = 60.0) -> None:
    """Say when the server answers on its port (and open a browser there, if asked); a server that never does
    says why itself (walk of session 33: the address was printed as ready before the server was up)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex((host, port)) == 0:
                print(f"Ready: open {url}", flush=True)
                if open_browser:
                    webbrowser.open(url)
                return
        time.sleep(0.3)


def serve(options: ServeOptions, open_browser: bool) -> int:
    """Run the app over the notebooks until it exits or gets SIGTERM/SIGINT; then stop every process of it."""
    from .serving.supervisor import supervise

    root = notebooks_dir()
    shown_host = LOOPBACK if options.host in ("0.0.0.0", "::", "") else options.host
    url = index_url(options.port, shown_host)
    print(f"Centurion rulebook {__version__}: serving {root}")
    with socket.socket() as probe:
        if probe.connect_ex((shown_host, options.port)) == 0:  # another program answers there already
            print(f"Port {options.port} is in use by another program: pick another with --port N.", file=sys.stderr)
            return 1
    print(f"Starting the server at {url} ...", flush=True)
    threading.Thread(target=_wait_and_open, args=(url, shown_host, options.port, open_browser), daemon=True).start()
    status = supervise(_voila_command(options, root), cwd=root)
    if status:
        print(f"The server stopped (exit status {status}); the lines above say why.", file=sys.stderr, flush=True)
    return status


def build_parser() -> argparse.ArgumentParser:
    """The command line of `centurion`."""
    d = ServeOptions()
    parser = argparse.ArgumentParser(prog="centurion", description="The Centurion interactive rulebook.")
    parser.add_argument("--version", action="version", version=f"centurion {__version__}")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("serve", help="start the rulebook app (Voila)",
                       description="Serve the rulebook with Voila. Stops every process of it on SIGTERM/SIGINT.")
    p.add_argument("--port", type=int, default=d.port, help=f"port to listen on (default {d.port})")
    p.add_argument("--host", default=d.host,
                   help=f"address to listen on (default {d.host}, this machine only; 0.0.0.0 for every network)")
    p.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    p.add_argument("--max-kernels", type=int, default=d.max_kernels, metavar="N",
                   help=f"most pages served at once, one kernel (~80 MB) each; beyond it a page says the table "
                        f"is full and retries in a minute (default {d.max_kernels}; 0 = no cap)")
    p.add_argument("--cull-idle-after", type=int, default=d.cull_idle_after, metavar="SECONDS",
                   help=f"stop a kernel whose page is gone (no connection) after this long idle "
                        f"(default {d.cull_idle_after}; 0 = never)")
    p.add_argument("--cull-interval", type=int, default=d.cull_interval, metavar="SECONDS",
                   help=f"how often to look for such kernels (default {d.cull_interval})")
    p.add_argument("--preheat", action="append", default=[], metavar="NOTEBOOK",
                   help="keep a kernel ready, notebook already run, for this page (repeatable, e.g. "
                        "--preheat index.ipynb); then every page renders by streaming, not progressively")
    p.add_argument("--pool-size", type=int, default=d.pool_size, metavar="N",
                   help=f"preheated kernels kept ready per --preheat page (default {d.pool_size})")
    p.add_argument("--store", metavar="URL", default=None,
                   help=STORE_HELP + "; the pages keep their games there: a reload resumes a game, two browsers "
                                     "play one")
    p.add_argument("--no-store", action="store_true",
                   help="keep no games on the server: every game lives in its browser tab, as in a notebook")
    _games_parser(sub)
    return parser


STORE_HELP = ("the game store: sqlite:///FILE or postgresql://USER@HOST/DB (default $CENTURION_STORE, else "
              "games.db in the user's data folder, ~/.local/share/centurion)")


def _games_parser(sub: argparse._SubParsersAction) -> None:
    g = sub.add_parser("games", help="the stored games: list, show, export, prune",
                       description="The games kept in the game store (issue 24).")
    g.add_argument("--store", metavar="URL", default=None, help=STORE_HELP)
    gsub = g.add_subparsers(dest="games_command", required=True)
    gsub.add_parser("list", help="every stored game, the most recently played first")
    show = gsub.add_parser("show", help="one game: its sides, its state and its log (no seed while it runs)")
    show.add_argument("id")
    export = gsub.add_parser("export", help="the save file of a finished game (replays with Load)")
    export.add_argument("id")
    export.add_argument("-o", "--output", metavar="FILE", help="write it to FILE (default: print it)")
    prune = gsub.add_parser("prune", help="delete the games nobody played for N days")
    prune.add_argument("--days", type=float, required=True, metavar="N")


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def games_command(args: argparse.Namespace) -> int:
    """`centurion games ...`: the store's games on standard output; a refusal on standard error, exit 1."""
    from .store import StoreError, open_store

    try:
        store = open_store(args.store)
        with store:
            if args.games_command == "list":
                rows = store.games()
                for g in rows:
                    state = g.result if g.over else "running"
                    print(f"{g.id}  {g.scenario:<20} {g.steps:>5} decisions  {state:<34} {_when(g.updated)}")
                print(f"{len(rows)} game(s) in {store.url}")
            elif args.games_command == "show":
                g = store.info(args.id)
                print(f"game {g.id}: {g.scenario} ({g.system}), variants {', '.join(g.variants) or 'none'}")
                print(f"people: {', '.join(g.people)}; computer: "
                      + (", ".join(f"{s} ({lv})" for s, lv in g.computer.items()) or "none"))
                print(f"{g.steps} decisions; made {_when(g.created)}, last played {_when(g.updated)}; "
                      + (f"over: {g.result}" if g.over else "running"))
                print("\n".join(store.log(args.id)))
            elif args.games_command == "export":
                text = store.record(args.id)
                if args.output:
                    with open(args.output, "w", encoding="utf-8") as f:
                        f.write(text)
                    print(f"wrote {args.output}")
                else:
                    print(text)
            elif args.games_command == "prune":
                n = store.prune(args.days)
                print(f"deleted {n} game(s) idle for {args.days:g} days or more")
    except StoreError as exc:
        print(f"centurion games: {exc}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `centurion` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "serve":
        options = ServeOptions(
            port=args.port, host=args.host, max_kernels=args.max_kernels, cull_idle_after=args.cull_idle_after,
            cull_interval=args.cull_interval, preheat=tuple(args.preheat), pool_size=args.pool_size,
        )
        problems = options.problems(notebooks_dir())
        if problems:
            parser.error("; ".join(problems))
        if args.no_store:
            os.environ.pop("CENTURION_STORE", None)
        else:  # the pages' kernels inherit it (centurion.widgets.seat and centurion.store read CENTURION_STORE)
            from .store import open_store
            from .store.schema import default_url

            os.environ["CENTURION_STORE"] = args.store or default_url()
            try:
                open_store(os.environ["CENTURION_STORE"]).close()  # made (or checked) now: a bad URL stops here
            except ValueError as exc:
                parser.error(f"--store: {exc}")
        return serve(options, open_browser=not args.no_browser)
    if args.command == "games":
        return games_command(args)
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
