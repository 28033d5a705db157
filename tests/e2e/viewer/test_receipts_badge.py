"""The viewer's badge: whether the battle it shows agrees with the receipts its page was given."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import expect

from tests.e2e.conftest import Battle, Running
from tests.e2e.test_receipts import rechain_as_superuser
from tests.e2e.viewer.test_viewer import Viewer, expect_at, move


def test_the_badge_matches_the_receipts_and_turns_when_the_log_is_rewritten(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle()
    move(server, battle, "gob", [9, 4])
    page = open_viewer(battle)
    expect(page.locator("#receipts")).to_have_text("no receipts yet")
    page.click("#undo")
    expect_at(page, "gob", 9, 1)
    expect(page.locator("#receipts.on")).to_have_text("matches 1 receipt")
    page.click("#redo")
    expect(page.locator("#receipts.on")).to_have_text("matches 2 receipts")
    undone = page.evaluate(
        f"JSON.parse(sessionStorage.getItem('turnledger-receipts-{battle.battle_id}'))[0]"
    )
    with server.client(battle.director) as http:
        logged = http.get(f"/battles/{battle.battle_id}/events").json()["events"]
    # the same content, re-chained without the key: only the hashes change
    data = logged[undone["version"] - 1]["data"]
    rechain_as_superuser(server.database_uri, battle.battle_id, undone["version"], data)
    page.reload()
    page.wait_for_selector("#board-pane[data-ready=true]")
    expect(page.locator("#receipts.off")).to_have_text(
        f"log differs at version {undone['version']}"
    )
