"""The guide (the Markdown pages in `docs/`) served as HTML at `/guide` and `/guide/{page}`.

The same pages a clone reads on disk, rendered by the server so that a table without
internet (or a browser pointed only at the server) reads them too; nothing loads from
elsewhere. `/docs` stays Swagger UI.
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path

from fastapi import APIRouter, Request
from markdown_it import MarkdownIt
from markdown_it.token import Token
from starlette.responses import HTMLResponse, Response

from server.api.problems import problem

router = APIRouter(include_in_schema=False)
PAGE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
# a link to a page (`limits.md#the-edge` from a page, `docs/limits.md` from the README),
# served at /guide/limits; the README itself (`../README.md` from a page) at /guide/readme
PAGE_LINK = re.compile(r"^(?:docs/)?([a-z0-9][a-z0-9-]*)\.md(#.*)?$")
README_LINK = re.compile(r"^\.\./README\.md(#.*)?$")
STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto;
       padding: 0 1rem; color: #1d1d1f; }
pre, code { font: 14px/1.4 ui-monospace, monospace; background: #f4f4f6; }
pre { padding: .75rem; overflow-x: auto; } code { padding: 0 .2rem; }
table { border-collapse: collapse; } th, td { border: 1px solid #ccc; padding: .3rem .5rem;
       vertical-align: top; }
nav { margin-bottom: 1.5rem; font-size: 14px; }
"""


def guide_dir(configured: Path | None) -> Path:
    """The configured folder, else `docs/` beside the packages (a clone, an editable install)."""
    return configured or Path(__file__).resolve().parents[3] / "docs"


def slug(text: str) -> str:
    """A heading's anchor as GitHub makes it, so a link that works on GitHub works here."""
    kept = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return kept.replace(" ", "-")


def _link(href: str) -> str:
    readme = README_LINK.match(href)
    if readme is not None:
        return "/guide/readme" + (readme.group(1) or "")
    found = PAGE_LINK.match(href)
    if found is None:
        return href
    page = found.group(1)
    return ("/guide" if page == "index" else f"/guide/{page}") + (found.group(2) or "")


def _prepare(tokens: list[Token]) -> str:
    """Give headings their anchors and point page links at the guide; answers the title."""
    title = "turnledger guide"
    for at, token in enumerate(tokens):
        if token.type == "heading_open":
            text = tokens[at + 1].content
            token.attrSet("id", slug(text))
            if token.tag == "h1" and title == "turnledger guide":
                title = text
        for child in token.children or []:
            href = child.attrGet("href")
            if child.type == "link_open" and isinstance(href, str):
                child.attrSet("href", _link(href))
    return title


@functools.lru_cache(maxsize=64)
def render(path: Path, modified_ns: int) -> str:
    """One page as a whole HTML document (kept per file version: pages change rarely)."""
    del modified_ns  # part of the cache key only
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = markdown.parse(path.read_text(encoding="utf-8"))
    title = _prepare(tokens)
    body = markdown.renderer.render(tokens, markdown.options, {})
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
        '<nav><a href="/guide">Guide</a> &middot; <a href="/docs">API (Swagger UI)</a>'
        ' &middot; <a href="/redoc">API (ReDoc)</a></nav>'
        f"{body}</body></html>"
    )


def _page(request: Request, name: str) -> Response:
    folder = guide_dir(request.app.state.settings.guide_dir)
    path = folder.parent / "README.md" if name == "readme" else folder / f"{name}.md"
    if PAGE_NAME.fullmatch(name) is None or not path.is_file():
        return problem(404, "not-found", f"no guide page named {name!r}: see /guide")
    return HTMLResponse(render(path, path.stat().st_mtime_ns))


@router.get("/guide")
def guide_index(request: Request) -> Response:
    """The guide's first page: what each of the others is about."""
    return _page(request, "index")


@router.get("/guide/{name}")
def guide_page(request: Request, name: str) -> Response:
    """One page of the guide by its file name without `.md` (`/guide/running`), or the
    README (`/guide/readme`)."""
    return _page(request, name)
