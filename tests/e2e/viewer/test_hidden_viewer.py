"""A player's viewer never draws or names a creature hidden from it; the director's does."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Battle, Running, seat
from tests.e2e.test_hidden_creatures import LURKER, battle_with_lurker

pytestmark = pytest.mark.e2e
Viewer = Callable[..., Page]


def test_a_player_s_viewer_shows_nothing_of_a_hidden_creature(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle(battle_with_lurker([6, 6]))
    page = open_viewer(battle, seat(server, battle, ["hero"]))
    with server.client(battle.director) as http:
        moved = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": LURKER, "to": [7, 6]},
        )
        assert moved.status_code == 201
        hero = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "to": [1, 2]},
        )
        assert hero.status_code == 201
    expect(page.locator('.token[data-id="hero"]')).to_have_attribute("data-y", "2")
    expect(page.locator(f'.token[data-id="{LURKER}"]')).to_have_count(0)
    assert LURKER not in page.content() and "Lurker" not in page.content()
    director = open_viewer(battle)
    expect(director.locator(f'.token[data-id="{LURKER}"]')).to_have_count(1)
