"""The server as players meet it: the root address opens the index, an unknown address gets a 404 page that
links home, a full server says so, and page views do not leak kernels (issue 10 item 1, issue 11 item 2)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from .conftest import loopback_only, start_server
from .helpers import click_hex, open_chapter, text_of, wait_text_change

pytestmark = pytest.mark.browser

INDEX = "/voila/render/index.ipynb"


def _rendered(page, timeout_ms: int = 60_000) -> None:
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)


def test_root_address_opens_the_index(page, voila_url):
    page.goto(voila_url + "/")
    _rendered(page)
    assert page.url == voila_url + INDEX
    assert "interactive rulebook" in page.inner_text("#rendered_cells")
    page.goto(voila_url + "/voila/tree")  # Voila's bare file list is gone too
    assert page.url == voila_url + INDEX


def test_unknown_address_shows_a_404_page_that_links_home(page, voila_url):
    for path in ("/no/such/page", "/voila/render/no_such_chapter.ipynb"):
        response = page.goto(voila_url + path)
        assert response.status == 404
        assert "No such page" in page.inner_text("h1")
        assert "Traceback" not in page.content()
    page.get_by_role("link", name="Go to the rulebook's contents").click()
    _rendered(page)
    assert page.url == voila_url + INDEX


def test_a_head_request_is_answered_without_a_traceback(voila_server):
    """A HEAD request (an uptime monitor's, a proxy's health check) to the root, a page or an unknown address got a
    405 and, at the root, a traceback in the server's log (its handler fell back to Jupyter's error template,
    which this server cannot render; session 30). Now the root answers as a GET does (a redirect to the index), a
    page 200 without starting a kernel, an unknown address 404, and the log stays clean."""
    import urllib.error
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    start = len(voila_server.log_path.read_text(errors="replace"))  # the session's server: other tests log too

    def head(path: str) -> tuple[int, dict]:
        try:
            with opener.open(urllib.request.Request(voila_server.url + path, method="HEAD"), timeout=30) as r:
                return r.status, dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers)

    status, headers = head("/")
    assert status == 302 and headers["Location"].endswith(INDEX), (status, headers)
    kernels = len(voila_server.kernels())
    assert head(INDEX)[0] == 200
    assert head("/voila/render/skirmish.ipynb")[0] == 200
    assert len(voila_server.kernels()) == kernels  # a HEAD starts no kernel
    assert head("/voila/render/no_such_chapter.ipynb")[0] == 404
    assert head("/no/such/page")[0] == 404
    time.sleep(0.5)
    new = voila_server.log_path.read_text(errors="replace")[start:]
    # the symptom was Jupyter's error template failing in write_error before the HEAD's access line; the session's
    # server serves other tests at the same time, whose pages may log their own errors here (a WebSocketClosedError,
    # or a 500 GET of a culled kernel's channels whose error page fails the same way: session 42's run), which are
    # not this test's business: each traceback is read with the access line that closes it
    blocks = re.split(r"(?m)^(\d{3} [A-Z]+ \S+.*)$", new)
    for text, line in zip(blocks[::2], blocks[1::2], strict=False):
        if " HEAD " in line:
            assert "write_error" not in text and "TemplateNotFound" not in text, (line, text[-2000:])
    assert not re.search(r"^(405|500) HEAD ", new, re.M), new[-2000:]


def _server_rss_mb(server) -> float:
    total = 0
    for pid in server.processes():
        try:
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def _kernel_story(server) -> str:
    """Each running kernel's id (from its connection file) and what the server's log says of it: why it still runs."""
    log = server.log_path.read_text().splitlines()
    out = []
    for pid in server.kernels():
        found = re.search(rb"kernel-([0-9a-f-]{36})\.json", Path(f"/proc/{pid}/cmdline").read_bytes())
        kid = found.group(1).decode() if found else "?"
        out.append(f"kernel pid {pid} id {kid}:")
        out += [f"    {line}" for line in log if kid in line]
    culling = [line for line in log if "Culling" in line or "Error" in line or "exception" in line]
    return "\n".join(out + ["server log, culling and errors:"] + [f"    {line}" for line in culling[-20:]])


def _wait_kernels(server, at_most: int, timeout: float, besides: frozenset[int] = frozenset()) -> float:
    """Seconds until the server runs at most `at_most` kernels other than the `besides` ones (pids); fails after
    `timeout`, telling each kernel's story."""
    t0 = time.monotonic()
    while len(set(server.kernels()) - besides) > at_most:
        if time.monotonic() - t0 > timeout:
            pytest.fail(f"{len(server.kernels())} kernels still run after {timeout:.0f} s\n{_kernel_story(server)}")
        time.sleep(0.25)
    return time.monotonic() - t0


CULL_S, CULL_INTERVAL_S = 30, 2  # 12 s was too short on a machine twice as slow (session 22): a reloaded
# page connected to its kernel more than 12 s after the kernel had run, and the culler took it first


def _five_views_reloaded(browser, server, chapter: str):
    """A context with five pages opened (and then reloaded) at once, as five players arriving together."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pages = [context.new_page() for _ in range(5)]
    # each navigation is awaited only until the server answers ("commit"), then all five until rendered (awaiting
    # each page's "load" opened them one after the other: about 4 s more per batch on this machine)
    for i, pg in enumerate(pages):
        loopback_only(pg)
        pg.goto(server.url + (chapter if i == 0 else INDEX), wait_until="commit", timeout=60_000)
    for pg in pages:
        _rendered(pg)
    for pg in pages:  # a reload: the old view's beacon frees its kernel, the new view gets one
        pg.reload(wait_until="commit", timeout=60_000)
    for pg in pages:
        _rendered(pg)
    return context, pages


def test_thirty_page_views_leave_no_kernel_behind(browser, tmp_path):
    """Open and close 30 pages three ways: reloaded (the old page's beacon frees its kernel), dropped without unload
    (a crashed tab: culling frees it) and closed (the unload beacon frees the kernel at once). The crashed tabs come
    first, and the closed ones are opened and closed while the culler waits out those kernels' idle time."""
    server = start_server(tmp_path / "voila-leak.log", "--cull-idle-after", str(CULL_S),
                          "--cull-interval", str(CULL_INTERVAL_S), "--max-kernels", "40")
    try:
        idle_kernels, idle_rss = len(server.kernels()), _server_rss_mb(server)
        assert idle_kernels == 0
        t_start = time.monotonic()
        chapter = "/voila/render/01_battlefield.ipynb"
        # batch 0: 10 views, then no unload event at all (a crashed tab): only culling can free the last five
        context, pages = _five_views_reloaded(browser, server, chapter)
        _wait_kernels(server, len(pages), 20)  # the reloads' beacons free the first five views' kernels
        crashed = frozenset(server.kernels())  # the five views' kernels
        peak_kernels = len(crashed)
        assert len(crashed) >= len(pages)
        context.close()
        t_crash = time.monotonic()
        print(f"batch 0: pages shown and dropped after {t_crash - t_start:.1f} s")
        # batches 1 and 2: 20 views, then the tabs closed: each page's beacon frees its kernel
        for batch in (1, 2):
            context, pages = _five_views_reloaded(browser, server, chapter)
            # a reloaded view's old kernel is freed by its beacon, which may land after the new view has rendered
            # (a 2-core machine running the suite: once 6 were counted here); a leak would keep 10
            _wait_kernels(server, len(pages), 20, besides=crashed)
            peak_kernels = max(peak_kernels, len(set(server.kernels()) - crashed))
            print(f"batch {batch}: pages shown after {time.monotonic() - t_start:.1f} s")
            for pg in pages:
                pg.close(run_before_unload=True)
            _wait_kernels(server, idle_kernels, CULL_S + 2 * CULL_INTERVAL_S, besides=crashed)
            print(f"batch {batch}: kernels freed after {time.monotonic() - t_start:.1f} s")
            context.close()
        # culling shuts the idle kernels down one after the other (each up to a few seconds on a loaded machine:
        # the CI runs other tests beside this one), hence the margin
        _wait_kernels(server, idle_kernels, max(10.0, CULL_S + 2 * CULL_INTERVAL_S + 30 - (time.monotonic() - t_crash)))
        print(f"batch 0: kernels culled {time.monotonic() - t_crash:.1f} s after the tabs were dropped")
        culled = server.log_path.read_text().count("Culling '")
        assert culled >= len(pages)
        # the 20 views of batches 1 and 2 ended with a beacon: it freed (nearly) all of them; a beacon is best
        # effort (a browser under load may drop one), and culling catches what it misses
        assert culled - len(pages) <= 4, f"{culled - len(pages)} of 20 kernels were culled instead of freed"
        rss = _server_rss_mb(server)
        print(f"idle {idle_rss:.0f} MB, after 30 views {rss:.0f} MB, peak kernels {peak_kernels}")
        assert peak_kernels <= 5
        assert rss < idle_rss + 150, f"the server grew from {idle_rss:.0f} MB to {rss:.0f} MB"
        log = server.log_path.read_text()
        assert "_xsrf' argument missing" not in log
        # the reloads land while pages still render: one line each (centurion/serving/leaving.py), never Voila's
        # dead-kernel errors with the cell's source nor Tornado's uncaught WebSocketClosedError (35 tracebacks once)
        for noise in ("Uncaught exception GET /voila/execution/", "Error at server while executing cell",
                      "Kernel died while waiting for execute reply", "WebSocketClosedError"):
            at = log.find(noise)  # the log around it, whole (an assertion's explanation is cut short at 8 lines)
            if at >= 0:
                pytest.fail(f"{noise!r} in the server's log:\n{log[max(0, at - 1500):at + 2500]}")
    finally:
        server.stop()


def _channel_socket_left_at_once(port: int, kernel_id: str, session: str) -> None:
    """A page's socket to its kernel's channels, closed as soon as it is asked for: a page left while it loaded."""
    import base64
    import os
    import socket

    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall((f"GET /api/kernels/{kernel_id}/channels?session_id={session} HTTP/1.1\r\n"
                   f"Host: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                   f"Sec-WebSocket-Protocol: v1.kernel.websocket.jupyter.org\r\n"
                   f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode())


def test_a_page_left_while_its_kernel_socket_opened_is_culled(tmp_path):
    """The thirty-views test's flake (CI of sessions 46, 48, 49 and 51: "1 kernels still run after 40 s"): a page
    left while its channel socket waited for its kernel. jupyter_server then counted down a connection it had never
    counted, the kernel's count went to -1, and the culler, which spares a kernel with connections, never took it:
    it ran until the server stopped. Reproduced without a browser: a page's kernel, then its channel socket closed
    at once. Now the culler takes the kernel, and the log says so in one line, without a traceback."""
    import urllib.request

    server = start_server(tmp_path / "voila-left.log", "--cull-idle-after", "6", "--cull-interval", "1")
    try:
        with urllib.request.urlopen(server.url + "/voila/render/01_battlefield.ipynb", timeout=60) as r:
            html = r.read().decode()
        kernel_id = re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", html).group(0)
        assert len(server.kernels()) == 1
        for i in range(3):
            _channel_socket_left_at_once(server.port, kernel_id, f"left-{i}")
        _wait_kernels(server, 0, 6 + 20)  # idle 6 s, then culled; a kernel counted "connected" stays for good
        log = server.log_path.read_text()
        assert "its page left while its channel socket was being opened" in log  # the case this test is for
        assert "Culling 'idle' kernel" in log and kernel_id in log
        assert "Traceback" not in log and "Uncaught exception" not in log, log[-3000:]
    finally:
        server.stop()


def test_a_full_table_says_so_and_lets_the_player_in_later(browser, tmp_path):
    server = start_server(tmp_path / "voila-full.log", "--max-kernels", "1")
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        first, second = context.new_page(), context.new_page()
        for pg in (first, second):
            loopback_only(pg)
        first.goto(server.url + INDEX)
        _rendered(first)
        response = second.goto(server.url + INDEX)
        assert response.status == 503 and response.headers.get("retry-after") == "60"
        assert "The table is full" in second.inner_text("h1")
        assert "try again in a minute" in second.inner_text("main")
        first.close(run_before_unload=True)  # a seat frees up
        _wait_kernels(server, 0, 10)
        for _ in range(20):  # the player clicks "Try again now" until the server has finished freeing the seat
            second.get_by_role("link", name="Try again now").click()
            second.wait_for_selector("#rendered_cells, main.centurion-table-full", timeout=60_000)
            if second.locator("main.centurion-table-full").count() == 0:
                break
            time.sleep(0.5)
        _rendered(second)
        assert second.url == server.url + INDEX
    finally:
        context.close()
        server.stop()


def test_preheated_pages_paint_and_the_fault_switch_still_works(browser, tmp_path):
    """With `--preheat`, a plain page view takes a kernel that ran the chapter ahead; a page with a query string
    gets a fresh kernel that sees it, so `?centurion_fault=` works on preheated pages too. On that page a failing
    callback shows a short message, not a traceback, and the page keeps working (this was
    tests/browser/test_chapters.py::test_a_failing_callback_shows_a_message_not_a_traceback, on a page view of its
    own of the same address)."""
    chapter = "/voila/render/02_thrust_velocity.ipynb"
    server = start_server(tmp_path / "voila-preheat.log", "--preheat", "index.ipynb",
                          "--preheat", "02_thrust_velocity.ipynb")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        deadline = time.monotonic() + 60
        while server.log_path.read_text().count("Kernel pool of") < 2:  # both pools filled
            assert time.monotonic() < deadline, "the kernel pools did not fill"
            time.sleep(0.25)
        assert len(server.kernels()) == 2
        pg = context.new_page()
        loopback_only(pg)
        open_chapter(pg, server.url + chapter)
        assert "Using pre-heated kernel" in server.log_path.read_text()
        open_chapter(pg, server.url + chapter + "?centurion_fault=_on_mouse_down")
        click_hex(pg, "0622")
        pg.wait_for_selector(".centurion-error", timeout=15_000)
        text = text_of(pg, ".centurion-error")
        assert "Something went wrong" in text and "forced for testing" in text
        assert "Traceback" not in pg.inner_text("body")
        before = text_of(pg, ".centurion-budget")  # the app keeps working
        pg.get_by_role("button", name="↑ F").first.click()
        assert wait_text_change(pg, ".centurion-budget", before) != before
        pg.goto(server.url + "/")
        _rendered(pg)
        assert pg.url == server.url + INDEX
    finally:
        context.close()
        server.stop()
