"""Screenshots of every page of the rulebook at the window sizes of issue 26, item 5 (1366×900 and 1024×768).

    python tools/screenshots.py [--out /tmp/shots] [--pages index.ipynb 02_thrust_velocity.ipynb ...]
                                [--sizes 1366x900 1024x768] [--url http://127.0.0.1:8866]

Starts `centurion serve --no-store` on a free port (unless --url names a running server), opens each page in headless
Debian chromium (Playwright), waits until it is drawn, and saves `<page>-<W>x<H>.png` (the window as a reader first
sees it) and `<page>-<W>x<H>-p2.png`, `-p3.png`, … (the window after each scroll by its height, to the page's
end). It also writes `report.json` and prints, per page: requests
that left the machine (aborted), console errors and warnings, text cut off with an ellipsis, and elements that run
past the right edge of the window outside a scrolling box. Needs /usr/bin/chromium (apt-get install -y chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "http://localhost", "ws://localhost", "data:", "blob:")

# Text cut off with an ellipsis, and elements past the window's right edge that no scrolling box holds.
CUT_JS = """
() => {
  const out = {ellipsis: [], past_right: []};
  const W = document.documentElement.clientWidth;
  const scrolls = e => { for (let p = e.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; }
    return false; };
  for (const e of document.querySelectorAll('#rendered_cells *')) {
    const st = getComputedStyle(e);
    if (st.display === 'none' || st.visibility === 'hidden' || !e.offsetParent) continue;
    if (st.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1 && e.innerText.trim())
      out.ellipsis.push(e.innerText.trim().slice(0, 80));
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > W + 1 && !scrolls(e))
      out.past_right.push((e.className || e.tagName).toString().slice(0, 60) + ': '
                          + (e.innerText || '').trim().slice(0, 40));
  }
  out.ellipsis = [...new Set(out.ellipsis)].slice(0, 20);
  out.past_right = [...new Set(out.past_right)].slice(0, 20);
  return out;
}
"""


# Scroll the page's scrolling element (the document, or Voila's inner box) to window number n; false past the end.
SCROLL_JS = """
(n) => {
  const cands = [document.scrollingElement, ...document.querySelectorAll('body *')];
  const scrolls = e => e === document.scrollingElement || ['auto', 'scroll'].includes(getComputedStyle(e).overflowY);
  const el = cands.find(e => e && e.scrollHeight > e.clientHeight + 10 && e.clientHeight > innerHeight * 0.6
                        && scrolls(e));
  if (!el) return false;
  const top = n * el.clientHeight;
  if (top >= el.scrollHeight - 10) return false;
  el.scrollTop = top;
  return true;
}
"""
READY_JS = """
() => !document.querySelector('#loading') || getComputedStyle(document.querySelector('#loading')).display === 'none'
  ? document.querySelectorAll('.voila-skeleton-container, .voila-skeleton-post').length === 0 : false
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(log: Path) -> tuple[subprocess.Popen, str]:
    """`centurion serve --no-store` on a free loopback port; (process, base URL) once it listens."""
    port = _free_port()
    # the pages' kernels import this checkout's centurion; the games use seed 1 unless CENTURION_SEED says otherwise
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "CENTURION_SEED": os.environ.get("CENTURION_SEED", "1"), "PYTHONPATH": path}
    with open(log, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "centurion.cli", "serve", "--port", str(port), "--no-browser",
                                 "--no-store", "--max-kernels", "0"], stdout=fh, stderr=subprocess.STDOUT,
                                start_new_session=True, env=env, cwd=ROOT)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc, f"http://127.0.0.1:{port}"
        if proc.poll() is not None:
            break
        time.sleep(0.3)
    proc.terminate()
    raise SystemExit(f"the server did not start; see {log}")


def shoot(base: str, pages: list[str], sizes: list[tuple[int, int]], out: Path) -> dict:
    """Open every page at every size; save the screenshots; return what was found per shot."""
    from playwright.sync_api import sync_playwright

    report: dict = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CENTURION_CHROMIUM", "/usr/bin/chromium"),
                                    headless=True, args=CHROMIUM_ARGS)
        for name in pages:
            for w, h in sizes:
                key = f"{Path(name).stem}-{w}x{h}"
                context = browser.new_context(viewport={"width": w, "height": h})
                page = context.new_page()
                remote: list[str] = []
                console: list[str] = []

                def route(r, remote=remote):
                    if r.request.url.startswith(LOCAL):
                        r.continue_()
                    else:
                        remote.append(r.request.url)
                        r.abort()

                page.route("**/*", route)
                page.on("console", lambda m, console=console: console.append(f"{m.type}: {m.text[:200]}")
                        if m.type in ("error", "warning") else None)
                page.on("pageerror", lambda e, console=console: console.append(f"pageerror: {e}"))
                t0 = time.perf_counter()
                try:
                    page.goto(f"{base}/voila/render/{name}", wait_until="commit", timeout=120_000)
                    page.wait_for_selector("#rendered_cells", state="visible", timeout=120_000)
                    page.wait_for_function(READY_JS, timeout=120_000)  # every cell's output is in
                    page.wait_for_load_state("networkidle", timeout=60_000)
                except Exception as exc:  # keep going: the shot shows what there is
                    console.append(f"load: {exc}")
                time.sleep(3.0)  # the canvases' first drawing and the scroll of a map to its units
                page.screenshot(path=str(out / f"{key}.png"))
                cut = page.evaluate(CUT_JS)
                for n in range(1, 12):
                    if not page.evaluate(SCROLL_JS, n):
                        break
                    time.sleep(0.3)
                    page.screenshot(path=str(out / f"{key}-p{n + 1}.png"))
                report[key] = {"seconds": round(time.perf_counter() - t0, 1), "remote_requests": remote,
                               "console": console, **cut}
                print(key, json.dumps(report[key])[:600], flush=True)
                context.close()
        browser.close()
    return report


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, serve the rulebook if asked, take the screenshots, write report.json."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    ap.add_argument("--url", help="a running server's base URL (default: start one)")
    ap.add_argument("--pages", nargs="*", help="notebook names (default: every page)")
    ap.add_argument("--sizes", nargs="*", default=["1366x900", "1024x768"])
    args = ap.parse_args(argv)
    pages = args.pages or sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.sizes]
    args.out.mkdir(parents=True, exist_ok=True)
    proc = None
    base = args.url
    if base is None:
        proc, base = start_server(args.out / "server.log")
    try:
        report = shoot(base.rstrip("/"), pages, sizes, args.out)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(30)
    (args.out / "report.json").write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
