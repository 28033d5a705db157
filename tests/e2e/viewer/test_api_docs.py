"""The API's documentation pages in a real Chromium with every request off this server
refused: Swagger UI and ReDoc come from the server's own assets and show the contract."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import Running


def offline(page: Page, server: Running) -> list[str]:
    """Abort every request that leaves the server, as a machine without internet would."""
    own = urlsplit(server.url).netloc
    elsewhere: list[str] = []

    def route(r: Route) -> None:
        if urlsplit(r.request.url).netloc == own:
            r.continue_()
        else:
            elsewhere.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return elsewhere


def test_swagger_ui_shows_every_operation_without_internet(server: Running, page: Page) -> None:
    elsewhere = offline(page, server)
    page.goto(f"{server.url}/docs")
    expect(page.locator("#operations-battles-submit_intent")).to_be_visible(timeout=30_000)
    expect(page.locator("#operations-history-undo")).to_be_visible()
    # Opening the intents operation renders its 29 request and recorded answer examples:
    # about 20 s of Swagger UI's rendering on a 2-core machine (a known cost of the examples,
    # to be made lighter), so the click waits for it rather than Playwright's 10 s default.
    page.locator("#operations-battles-submit_intent .opblock-summary").click(timeout=90_000)
    expect(page.locator("#operations-battles-submit_intent")).to_contain_text(
        re.compile("idempotency-key", re.IGNORECASE)
    )
    expect(page.locator(".btn.authorize")).to_be_visible()  # the declared bearer scheme
    assert elsewhere == []


def test_redoc_shows_the_operations_without_internet(server: Running, page: Page) -> None:
    elsewhere = offline(page, server)
    page.goto(f"{server.url}/redoc")
    expect(page.locator("h1")).to_contain_text("turnledger", timeout=30_000)
    expect(page.locator("h2", has_text="Submit Intent")).to_be_attached(timeout=20_000)
    expect(page.get_by_role("menuitem", name="history")).to_be_visible()
    assert elsewhere == []
