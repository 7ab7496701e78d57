"""The small pages the server writes itself: page not found, the table is full, something went wrong.

Self-contained HTML (no script, no external request), so they show even when the server is under load.
"""

from __future__ import annotations

import html

INDEX_PATH = "voila/render/index.ipynb"

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f4f1ea; color: #222;
       margin: 0; display: flex; min-height: 100vh; align-items: center; justify-content: center; }
main { max-width: 34em; background: #fff; border: 1px solid #d8d2c4; border-radius: 6px; padding: 2em 2.5em; }
h1 { font-size: 1.5em; margin-top: 0; }
a.centurion-home, a.centurion-retry { display: inline-block; margin: 0.5em 1em 0 0; padding: 0.45em 1em;
       background: #7a1f1f; color: #fff; text-decoration: none; border-radius: 4px; }
a.centurion-retry { background: #44515c; }
"""


def _page(title: str, body: str, status_class: str, head_extra: str = "") -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">{head_extra}"
        f"<title>{html.escape(title)} — Centurion rulebook</title><style>{_STYLE}</style></head>"
        f"<body><main class=\"centurion-{status_class}\">{body}</main></body></html>\n"
    )


def home_url(base_url: str) -> str:
    """The address of the rulebook's index under the server's base URL."""
    return base_url.rstrip("/") + "/" + INDEX_PATH


def not_found_page(base_url: str, path: str) -> str:
    """404: the address is not a page of the rulebook; a link home."""
    body = (
        "<h1>No such page</h1>"
        f"<p>There is no page at <code>{html.escape(path)}</code> in this rulebook. "
        "The address may be mistyped, or the page may have moved.</p>"
        f"<p><a class=\"centurion-home\" href=\"{html.escape(home_url(base_url))}\">"
        "Go to the rulebook's contents</a></p>"
    )
    return _page("Page not found", body, "not-found")


def table_full_page(base_url: str, retry_url: str, retry_after: int) -> str:
    """503: every seat at the table is taken; the page tries again by itself after `retry_after` seconds."""
    body = (
        "<h1>The table is full</h1>"
        "<p>Every seat at this server's table is taken right now. Please try again in a minute: "
        f"this page tries again by itself in {retry_after} seconds.</p>"
        f"<p><a class=\"centurion-retry\" href=\"{html.escape(retry_url)}\">Try again now</a>"
        f"<a class=\"centurion-home\" href=\"{html.escape(home_url(base_url))}\">The rulebook's contents</a></p>"
    )
    refresh = f"<meta http-equiv=\"refresh\" content=\"{int(retry_after)}\">"
    return _page("The table is full", body, "table-full", head_extra=refresh)


def error_page(base_url: str, status: int) -> str:
    """Any other error: a short message (never a traceback) and a link home."""
    body = (
        "<h1>Something went wrong</h1>"
        f"<p>The server could not show this page (error {int(status)}). Nothing of yours was changed.</p>"
        f"<p><a class=\"centurion-home\" href=\"{html.escape(home_url(base_url))}\">"
        "Go to the rulebook's contents</a></p>"
    )
    return _page("Something went wrong", body, "error")
