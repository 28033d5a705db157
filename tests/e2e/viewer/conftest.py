"""A real headless Chromium (Debian's `chromium`, driven by Playwright) on the e2e server.

The server and battles come from `tests/e2e/conftest.py`. Playwright's own browser downloads
are never used: the machine has no internet, and `make test` installs Debian's chromium.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.e2e.conftest import Battle, Running

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium for one test file: Playwright's sync API holds an asyncio loop as the
    thread's running loop while it is open, and a later file on the same xdist worker that
    calls `asyncio.run` would be refused ("cannot be called from a running event loop")."""
    executable = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if executable is None:
        pytest.fail("chromium is not installed: `make browser` installs it (apt-get)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, tmp_path: Path) -> Iterator[Page]:
    """A fresh page; JavaScript errors fail the test, and the last screen is kept."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(10_000)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    opened.screenshot(path=str(tmp_path / "last.png"))
    context.close()
    assert not errors, errors


@pytest.fixture
def open_viewer(server: Running, page: Page) -> Callable[[Battle, str | None], Page]:
    def go(battle: Battle, token: str | None = None) -> Page:
        page.goto(f"{server.url}/battles/{battle.battle_id}/view?token={token or battle.director}")
        page.wait_for_selector("#board-pane[data-ready=true]")
        page.wait_for_selector("#live.on")
        return page

    return go
