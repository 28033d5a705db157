"""The viewer shows the director's rulings and filters its log by creature."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Battle, Running

pytestmark = pytest.mark.e2e
REASON = "the wall is a tapestry"
RULED = {
    "type": "move",
    "creature": "hero",
    "path": [[2, 1], [3, 1], [4, 1]],
    "overrule": {"reason": REASON},
}


def test_a_ruling_shows_in_the_log_and_the_rulings_and_the_log_filters_by_creature(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Callable[..., Page]
) -> None:
    battle = new_battle()
    page = open_viewer(battle)
    with server.client(battle.director) as http:
        goblin = {"type": "move", "creature": "gob", "path": [[9, 2]]}
        assert http.post(f"/battles/{battle.battle_id}/intents", json=goblin).status_code == 201
        ruled = http.post(f"/battles/{battle.battle_id}/intents", json=RULED)
    assert ruled.status_code == 201, ruled.text
    words = f"overruled by the director: {REASON}"
    expect(page.locator("#log li.ruled")).to_have_count(1)
    expect(page.locator("#log li.ruled")).to_contain_text(words)
    # one ruling, its reason said once, with every rule it set aside
    expect(page.locator("#rulings li")).to_have_count(1)
    for rule in {o["rule"] for o in ruled.json()["overruled"]}:
        expect(page.locator("#rulings li")).to_contain_text(rule)
    assert len(ruled.json()["overruled"]) > 1
    assert page.locator("#rulings").inner_text().count(REASON) == 1
    assert page.locator("#log").inner_text().count(REASON) == 1
    expect(page.locator("#log li")).to_have_count(3)
    page.select_option("#log-creature", "gob")
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#log li")).to_contain_text("Goblin")
    page.select_option("#log-creature", "hero")
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#log li.ruled")).to_have_count(1)
    page.select_option("#log-creature", "")
    expect(page.locator("#log li")).to_have_count(3)
    page.click("#log li.ruled")
    expect(page.locator("#judgement .ruling")).to_contain_text(words)
    expect(page.locator("#judgement .ruling")).to_contain_text("map/blocked")
