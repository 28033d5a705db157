"""The viewer's move panel reads a creature's options: what it may do now, each in words, an
available one a button that submits its intent, an unavailable one naming its rule."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Battle, Running, seat
from tests.integration.service.conftest import skirmish

pytestmark = pytest.mark.e2e
Viewer = Callable[..., Page]


def test_the_move_panel_lists_the_options_and_takes_one(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle()
    page = open_viewer(battle)
    page.locator('.token[data-id="hero"]').click()
    panel = page.locator("#options")
    stand = panel.locator('li.option.unavailable[data-kind="stand_up"]')
    expect(stand.locator(".rule")).to_have_text("draw-steel/not-prone")
    expect(stand).to_contain_text("not available now")
    move = panel.locator('li.option.available[data-kind="move"]')
    expect(move).to_contain_text("squares in reach")
    expect(page.locator(".reach").first).to_be_visible()
    panel.locator('li[data-kind="fall_prone"] button.take-option').click()
    expect(page.locator("#status")).to_contain_text("Done (fall prone)")
    with server.client(battle.director) as http:
        hero = http.get(f"/battles/{battle.battle_id}").json()["creatures"]["hero"]
    assert "prone" in hero["conditions"]
    expect(panel.locator('li.option.available[data-kind="stand_up"] button')).to_be_visible()


def test_a_player_sees_another_creature_s_options_without_buttons(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle(skirmish())
    page = open_viewer(battle, seat(server, battle, ["hero"]))
    page.locator('.token[data-id="gob"]').click()
    panel = page.locator("#options")
    expect(panel.locator("li.option").first).to_be_visible()
    expect(panel.locator("button.take-option")).to_have_count(0)
    expect(panel.locator(".rule").first).to_have_text("auth/not-your-creature")
