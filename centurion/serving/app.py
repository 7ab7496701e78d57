"""The Voila application behind `centurion serve`: Voila plus a front door, a 404 page, a cap and a working
kernel shutdown.

What it changes against plain `voila DIR`:
- `/` (and Voila's file list under `/voila/tree`) redirects to the rulebook's index;
- an unknown address gets a 404 page that links home; other errors a short page, never a traceback;
- a page view sets Tornado's `_xsrf` cookie, so the page's unload beacon (`POST /voila/api/shutdown/<id>`,
  which sends that cookie's value as its `_xsrf` field) passes the XSRF check and frees the kernel
  (voila #1458: without the cookie every view leaked a kernel). XSRF protection stays on;
- a cap on page kernels (`CappedKernelManager`): beyond it a page says "the table is full" (HTTP 503,
  Retry-After) and tries again by itself;
- no page asks a CDN for anything (W27): Voila's template links the Font Awesome CSS from cdn.jsdelivr.net, which
  fails offline; the widgets' own bundle already carries the icons they draw, so those links are left out;
- no "Notebook … is not trusted" warning for every page (W28): Voila runs the rulebook's notebooks whatever their
  signature, so the warning says nothing; every other log line is kept;
- a page left while its cells run (reloaded, closed) logs one line, not tracebacks (`leaving.py`);
- with preheated kernels, a page opened with a query string (e.g. `?centurion_fault=...`) gets a fresh
  kernel that sees its query string in QUERY_STRING, instead of a pooled kernel that ran before the request.

Run as `python -m centurion.serving.app DIR [Voila options]`; `centurion serve` builds that command.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import re
import sys
from typing import Any

# With rfc3987-syntax installed, importing jsonschema (under Jupyter's server) compiles an Earley parser for the "iri"
# format: about 2 s of every server start. No schema this server validates uses that format (jupyter_events' own
# use "uri" and "date-time"), so this process goes without it; the imports below come after on purpose.
sys.modules.setdefault("rfc3987_syntax", None)

from jupyter_server.base.handlers import JupyterHandler  # noqa: E402
from jupyter_server.utils import url_path_join  # noqa: E402
from tornado import web  # noqa: E402
from tornado.ioloop import IOLoop  # noqa: E402
from traitlets import Int, List, Unicode  # noqa: E402
from voila.app import Voila  # noqa: E402
from voila.tornado.execution_request_handler import ExecutionRequestHandler  # noqa: E402
from voila.tornado.handler import TornadoVoilaHandler  # noqa: E402
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler  # noqa: E402
from voila.tornado.treehandler import TornadoVoilaTreeHandler  # noqa: E402

from .kernels import TableFull  # noqa: E402
from .leaving import KernelChannelSocket, PageSocket, QuietLeaving, lost_write  # noqa: E402
from .pages import error_page, home_url, not_found_page, table_full_page  # noqa: E402

RETRY_AFTER_S = 60
# the stylesheet links of Voila's lab template to a public CDN (Font Awesome): the page stays on this server (W27)
CDN_LINK = re.compile(r'<link\b[^>]*\bhref="https?://cdn\.jsdelivr\.net/[^"]*"[^>]*>[ \t]*\n?')


def local_only(page: str) -> str:
    """A chunk of a page without its links to the public CDN (W27)."""
    return CDN_LINK.sub("", page)


class QuietTrust(logging.Filter):
    """Drops the contents manager's "Notebook %s is not trusted" warning (W28): Voila executes a notebook whatever
    its signature, so the warning is noise on every page view."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep every record but the notebook-trust notice (the served notebooks are the project's own)."""
        return record.msg != "Notebook %s is not trusted"


class _FriendlyErrors:
    """Mixin: error responses are the rulebook's own short pages."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        base = self.base_url  # type: ignore[attr-defined]
        self.set_header("Content-Type", "text/html; charset=UTF-8")  # type: ignore[attr-defined]
        if status_code == 404:
            self.finish(not_found_page(base, self.request.path))  # type: ignore[attr-defined]
        else:
            self.finish(error_page(base, status_code))  # type: ignore[attr-defined]


class HomeHandler(_FriendlyErrors, JupyterHandler):
    """The server's root address (and Voila's file list) lead to the rulebook's index."""

    @web.authenticated
    def get(self, *args: Any) -> None:
        """Redirect to the index page (issue 10: the root address)."""
        self.redirect(home_url(self.base_url))

    @web.authenticated
    def head(self, *args: Any) -> None:
        """A HEAD request (an uptime check) is answered as a GET is: the redirect (session 31: it was a 405 with a
        traceback in the server's log, Jupyter's error template needing settings this server has not)."""
        self.redirect(home_url(self.base_url))


class NotFoundHandler(_FriendlyErrors, JupyterHandler):
    """Every address no other handler claims: a 404 page with a link home."""

    @web.authenticated
    def get(self, *args: Any) -> None:
        """A 404, drawn by the friendly error page."""
        raise web.HTTPError(404)

    head = get  # the same 404 for a HEAD request


class CenturionPageHandler(_FriendlyErrors, TornadoVoilaHandler):
    """Voila's page handler with the XSRF cookie set, the kernel cap and friendly errors."""

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        """Serve a page of the rulebook as Voila renders it, with the XSRF cookie its shutdown beacon echoes."""
        # Setting the cookie is what lets the page's shutdown beacon through (it echoes the cookie's value).
        _ = self.xsrf_token
        if not path:
            self.redirect(home_url(self.base_url))
            return
        is_full = getattr(self.kernel_manager, "is_full", None)
        if is_full is not None and is_full():  # a pooled kernel is not started here, so check before
            self._table_full()
            return
        try:
            gen = self.get_generator(path=path)
            async for html in gen:
                self.write(local_only(html))
                self.flush()
        except TableFull:
            self._table_full()

    @web.authenticated
    async def head(self, path: str | None = None) -> None:
        """A HEAD request (an uptime check): 200 for a page that exists, without starting its kernel; the root of
        the pages redirects to the index as a GET does; 404 otherwise (session 31: a 405)."""
        if not path:
            self.redirect(home_url(self.base_url))
            return
        exists = self.contents_manager.file_exists(path)
        if inspect.isawaitable(exists):
            exists = await exists
        if not exists:
            raise web.HTTPError(404)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish()

    def _table_full(self) -> None:
        self.clear()
        self.set_status(503)
        self.set_header("Retry-After", str(RETRY_AFTER_S))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        self.finish(table_full_page(self.base_url, self.request.uri or home_url(self.base_url), RETRY_AFTER_S))

    def should_use_rendered_notebook(self, notebook_data: dict, pool_size: int, template_name: str,
                                     theme: str, request_args: dict) -> bool:
        """Use a preheated kernel only for a plain address: a query string needs a kernel started with it."""
        if request_args:
            return False
        return super().should_use_rendered_notebook(notebook_data, pool_size, template_name, theme, request_args)


# Voila's handlers that this server replaces: the page, its execution socket, its socket to the kernel's channels
OURS: dict[type, type] = {TornadoVoilaHandler: CenturionPageHandler, ExecutionRequestHandler: PageSocket,
                          VoilaKernelWebsocketHandler: KernelChannelSocket}


class CenturionVoila(Voila):
    """Voila serving the rulebook folder with the handlers above."""

    preheat_pages = List(Unicode(), config=True, help="Notebooks served from a pool of preheated kernels.")
    preheat_pool_size = Int(1, config=True, help="Preheated kernels kept ready per page of preheat_pages.")

    def initialize(self, argv: list[str] | None = None) -> None:
        """Voila's start-up, with the pools of `preheat_pages` put into the kernel manager's config."""
        super().initialize(argv)
        for logger in {self.log, logging.getLogger("ServerApp"), logging.getLogger("Voila")}:
            logger.addFilter(QuietTrust())
        self.log.addFilter(QuietLeaving(self.kernel_stopped))
        if self.preheat_pages:
            pools = {"default": {"pool_size": 0}}
            pools.update({page: {"pool_size": self.preheat_pool_size} for page in self.preheat_pages})
            self.config.VoilaKernelManager.kernel_pools_config = pools

    def start(self) -> None:
        """Voila's server, with `lost_write` as its event loop's exception handler (a page gone mid-write)."""
        IOLoop.current().add_callback(lambda: asyncio.get_running_loop().set_exception_handler(lost_write))
        super().start()

    def kernel_stopped(self, kernel_id: str) -> bool:
        """Whether this server is stopping that kernel or has stopped it (a page's beacon, the culler)."""
        km = getattr(self, "kernel_manager", None)  # made in `start`, after the log's filters
        return km is not None and km.stopped(kernel_id)

    def init_handlers(self) -> list:
        """Voila's handlers, with the front door, the page handler and a 404 catch-all put in."""
        front = [
            (url_path_join(self.server_url, r"/?"), HomeHandler),
            (url_path_join(self.server_url, r"/voila/?"), HomeHandler),
            (url_path_join(self.server_url, r"/voila/tree(/.*)?"), HomeHandler),
            (url_path_join(self.server_url, r"/voila/render/?"), HomeHandler),
        ]
        handlers = []
        for spec in super().init_handlers():
            pattern, cls, *rest = spec
            if cls is TornadoVoilaTreeHandler:
                continue
            handlers.append((pattern, OURS.get(cls, cls), *rest))
        return front + handlers + [(url_path_join(self.server_url, r"/.*"), NotFoundHandler)]


def main(argv: list[str] | None = None) -> None:
    """Run the app (the child process of `centurion serve`)."""
    CenturionVoila.launch_instance(argv=argv if argv is not None else sys.argv[1:])


if __name__ == "__main__":
    main()
