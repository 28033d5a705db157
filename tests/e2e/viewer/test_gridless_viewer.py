"""A Warcry battle in the viewer: a board in inches, bases as circles, terrain as shapes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Battle, Running
from tests.e2e.test_gridless import CLIMB_ONTO_PLATFORM, PLATFORM, warcry

pytestmark = pytest.mark.e2e
Viewer = Callable[..., Page]


def token(page: Page, creature: str) -> Any:
    return page.locator(f'.token[data-id="{creature}"]')


def polygon_points(page: Page, kind: str) -> list[list[float]]:
    raw = page.locator(f'polygon.terrain[data-kind="{kind}"]').get_attribute("points") or ""
    return [[float(v) for v in pair.split(",")] for pair in raw.split()]


def test_the_board_is_drawn_in_inches_with_round_bases_and_shaped_terrain(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    battle = new_battle(warcry())
    page = open_viewer(battle)
    svg = page.locator("#board-pane svg.map")
    expect(svg).to_have_class("map gridless")
    expect(svg).to_have_attribute("data-width", "30")
    expect(svg).to_have_attribute("data-height", "22")
    assert (svg.get_attribute("viewBox") or "").split()[2:] == ["30.1", "22.1"]
    expect(page.locator("polygon.terrain")).to_have_count(2)
    expect(page.locator("rect.terrain")).to_have_count(0)
    assert polygon_points(page, "platform") == PLATFORM
    expect(page.locator('polygon.terrain[data-kind="obstacle"]')).to_have_count(1)
    expect(page.locator(".layer-terrain text")).to_have_text(['2"', '3"'])
    raider = token(page, "f1")
    expect(raider).to_have_attribute("transform", "translate(3 5)")
    expect(raider.locator("circle.body")).to_have_attribute("r", "0.5")
    expect(token(page, "f2")).to_have_attribute("transform", "translate(20 15)")
    expect(page.locator(".layer-grid line")).to_have_count(6 + 4)  # a line every 6", edges included
    page.screenshot(path=str(tmp_path / "warcry.png"))


def test_a_move_by_legs_through_the_api_moves_the_base(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    battle = new_battle(warcry())
    page = open_viewer(battle)
    with server.client(battle.director) as http:
        moved = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "f1", "legs": CLIMB_ONTO_PLATFORM},
        )
    assert moved.status_code == 201, moved.text
    raider = token(page, "f1")
    expect(raider).to_have_attribute("data-x", "4.49")
    expect(raider).to_have_attribute("data-z", "2")
    expect(raider).to_have_attribute("transform", "translate(4.49 5)")
    expect(page.locator("#log li").last).to_contain_text(
        'Raider moved 3.5" (2 legs: move, climb) to (4.5, 5, up 2), still climbing'
    )
    page.screenshot(path=str(tmp_path / "moved.png"))


def test_selecting_a_fighter_shows_its_reach_region_as_points(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle(warcry())
    with server.client(battle.director) as http:
        found = http.get(f"/battles/{battle.battle_id}/reach", params={"creature": "f1"}).json()
    page = open_viewer(battle)
    token(page, "f1").click()
    expect(page.locator("circle.reach")).to_have_count(
        len(found["region"]["points"]), timeout=30_000
    )
    expect(page.locator("rect.reach")).to_have_count(0)
