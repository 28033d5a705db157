"""The viewer shows what a creature has left in its ruleset's words, and draws a flight's rise
and descent."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Battle, Running
from tests.e2e.test_economy import grid, warcry

pytestmark = pytest.mark.e2e
Viewer = Callable[..., Page]


def test_selecting_a_creature_shows_its_economy(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle(grid("action-points", 5, conditions=["prone"]))
    with server.client(battle.director) as http:
        url = f"/battles/{battle.battle_id}/intents"
        for intent in (
            {"type": "start_turn", "creature": "hero"},
            {"type": "stand_up", "creature": "hero"},
        ):
            assert http.post(url, json=intent).status_code == 201
    page = open_viewer(battle)
    hero = page.locator('.token[data-id="hero"]')
    expect(hero).to_have_attribute("data-movement-left", "2")
    expect(hero.locator("title")).to_contain_text("Left: 2 Move Points left")
    hero.click()
    panel = page.locator("#selection dl.economy")
    expect(panel).to_contain_text("2 Move Points left")
    expect(panel).to_contain_text("3 (3 may become Move Points)")
    expect(page.locator("#status")).to_contain_text("2 Move Points left")


def test_a_flight_is_drawn_up_across_and_down(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle(warcry(turns=False))
    page = open_viewer(battle)
    with server.client(battle.director) as http:
        done = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "legs": [{"kind": "fly", "to": [9, 5, 5]}]},
        ).json()
    expect(page.locator(".token[data-id=hero]")).to_have_attribute("data-z", "5")
    page.click(f'#log li[data-intent="{done["intent_id"]}"]')
    drawn = page.locator(".path-action")
    expect(drawn).to_have_attribute("data-points", "[[5,5,0],[5,5,5],[9,5,5]]")
