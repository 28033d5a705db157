"""The guide's pages (`docs/*.md`) served offline at `/guide`, and kept fit for a public clone.

Every page is served, every link between pages leads to a page that answers (and to an
anchor that page has), nothing loads from another host, and no page names the project's
internal issue numbers.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from server.api.routes.guide import slug
from tests.e2e.conftest import Running

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        if found.get("id"):
            self.ids.add(str(found["id"]))
        for name in ("src",):
            if found.get(name):
                self.sources.append(str(found[name]))


def read(server: Running, address: str) -> Page:
    with server.client() as http:
        answer = http.get(address)
    assert answer.status_code == 200, (address, answer.text)
    assert answer.headers["content-type"].startswith("text/html")
    page = Page()
    page.feed(answer.text)
    return page


def test_the_guide_index_links_every_page_and_every_page_is_served(server: Running) -> None:
    index = read(server, "/guide")
    linked = {link.split("#")[0] for link in index.links if link.startswith("/guide/")}
    assert linked == {f"/guide/{name}" for name in PAGES if name != "index"}


@pytest.mark.parametrize("name", [*PAGES, "readme"])
def test_each_page_s_links_to_other_pages_land_on_a_page_and_anchor(
    server: Running, name: str
) -> None:
    page = read(server, f"/guide/{name}")
    assert page.sources == []  # offline: nothing loaded from anywhere
    for link in page.links:
        assert ".md" not in link, link
        if link.startswith("/guide"):
            target, _, anchor = link.partition("#")
            if anchor:
                assert anchor in read(server, target).ids, link


def test_a_page_that_does_not_exist_is_a_problem(server: Running) -> None:
    with server.client() as http:
        for name in ("nothing", "..%2Fpyproject", "INDEX"):
            answer = http.get(f"/guide/{name}")
            assert answer.status_code == 404, name
            assert answer.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize("name", ["README", *PAGES])
def test_no_page_names_internal_issues(name: str) -> None:
    path = ROOT / ("README.md" if name == "README" else f"docs/{name}.md")
    text = path.read_text()
    assert re.search(r"\bissues? \d+|\b\d{4}_i\d+|\bc\d{3}_i\d+", text) is None
    assert "/work/" not in text and "shared/" not in text


def test_the_readme_s_links_into_the_guide_are_files_with_those_headings() -> None:
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"\]\((docs/[^)#]+)(?:#([^)]+))?\)", readme)
    assert len({path for path, _ in links}) == len(PAGES)
    for path, anchor in links:
        text = (ROOT / path).read_text()
        if anchor:
            headings = [h.strip() for h in re.findall(r"^#+ (.*)$", text, re.M)]
            assert anchor in {slug(h) for h in headings}, (path, anchor)
