"""The API's documentation pages in a real Chromium with every request off this server
refused: Swagger UI and ReDoc come from the server's own assets and show the contract, and
Swagger UI's "Try it out" plays the documented examples against the server as they stand."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Locator, Page, Route, expect

from server.api.answers.examples import CREATE, INTENTS
from tests.e2e.conftest import API_KEY, Running

OPENED = 30_000
"""How long a step of Swagger UI may take (opening an operation, the page's load): a few
seconds on a quiet machine (about 4 s of the browser's CPU for the intents operation, its
examples and its answers' schemas), ten or so while `make test` keeps both cores busy.
Swagger UI reading the 3.1 document took 20 to 40 s here (server/api/openapi_30.py)."""
LOADED = 60_000
"""How long the page may take to show its operations: Swagger UI parses and indexes the
600 kB contract first (about 5 s of the browser's CPU, so tens of seconds on a machine
as busy as `make test` can make it)."""


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
    page.set_default_timeout(OPENED)
    page.goto(f"{server.url}/docs")
    expect(page.locator("#operations-battles-submit_intent")).to_be_visible(timeout=LOADED)
    expect(page.locator("#operations-history-undo")).to_be_visible()
    page.locator("#operations-battles-submit_intent .opblock-summary").click()
    expect(page.locator("#operations-battles-submit_intent")).to_contain_text(
        re.compile("idempotency-key", re.IGNORECASE), timeout=OPENED
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


def opened(page: Page, operation: str) -> Locator:
    """The operation's block, expanded and switched to "Try it out"."""
    block = page.locator(f"#operations-{operation}")
    block.locator(".opblock-summary").click()
    block.locator("button.try-out__btn").click()
    return block


def executed(block: Locator) -> tuple[int, dict[str, Any]]:
    """Execute the request as filled in: the status and JSON body Swagger UI shows."""
    block.locator("button.execute").click()
    status = block.locator(".live-responses-table .response .response-col_status")
    expect(status).to_have_text(re.compile(r"\d{3}"), timeout=OPENED)
    shown = block.locator(".live-responses-table .response-col_description pre").first
    return int(status.inner_text().strip()), json.loads(shown.inner_text())


def test_try_it_out_creates_a_battle_and_moves_with_the_examples(
    server: Running, page: Page
) -> None:
    """The first example of `POST /battles` and of the intents route, sent as Swagger UI
    fills them in (only the API key, the battle's id and its token typed): 201, then 201."""
    elsewhere = offline(page, server)
    page.set_default_timeout(OPENED)
    page.goto(f"{server.url}/docs")
    expect(page.locator("#operations-battles-create_battle")).to_be_visible(timeout=LOADED)

    create = opened(page, "battles-create_battle")
    body = create.locator(".opblock-section-request-body textarea.body-param__text")
    assert json.loads(body.input_value()) == CREATE[0].body  # the example, not a sample
    create.locator('tr[data-param-name="X-API-Key"] input').fill(API_KEY)
    status, created = executed(create)
    assert status == 201, created
    assert created["version"] == 2 and created["director_token"]

    page.locator(".btn.authorize").first.click()
    dialog = page.locator(".dialog-ux .modal-ux")
    bearer = dialog.locator("form", has=page.locator("#auth-bearer-value"))  # battleToken
    bearer.locator("#auth-bearer-value").fill(created["director_token"])
    bearer.locator("button.authorize").click()
    expect(dialog.get_by_role("heading", name="Authorized")).to_be_visible()
    dialog.locator("button.close-modal").click()

    move = opened(page, "battles-submit_intent")
    intent = move.locator(".opblock-section-request-body textarea.body-param__text")
    assert json.loads(intent.input_value()) == INTENTS[0].body
    assert INTENTS[0].ruleset == CREATE[0].name and not INTENTS[0].before
    move.locator('tr[data-param-name="battle_id"] input').fill(created["battle_id"])
    status, accepted = executed(move)
    assert status == 201, accepted
    assert accepted["version"] == 4
    assert [e["type"] for e in accepted["events"]] == ["IntentAccepted", "Moved"]
    assert accepted["receipt"]["version"] == 4
    assert elsewhere == []
