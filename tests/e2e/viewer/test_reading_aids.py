"""What a game master reads off the viewer: coordinates on the grid's edges, a legend with
heights, full names on hover, a status line that follows the scrubber, an undo that says
what it will undo."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Battle, Running
from tests.e2e.viewer.test_viewer import move, token
from tests.integration.service.conftest import skirmish

pytestmark = pytest.mark.e2e
Viewer = Callable[..., Page]


def test_the_grid_s_edges_carry_the_coordinates_the_log_speaks_in(
    new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    page = open_viewer(new_battle())  # 12 x 8
    columns = page.locator('.coord[data-axis="x"]')
    rows = page.locator('.coord[data-axis="y"]')
    expect(columns).to_have_count(12)
    expect(rows).to_have_count(8)
    expect(columns.first).to_have_text("0")
    expect(columns.last).to_have_text("11")
    expect(rows.last).to_have_text("7")


def test_the_legend_names_each_terrain_with_its_height(
    new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    body = skirmish()
    body["map"]["elevation"] = [{"cells": [[10, 6], [11, 6]], "height": 2}]
    page = open_viewer(new_battle(body))
    legend = page.locator("#legend")
    expect(legend.locator('li[data-kind="wall"]')).to_have_text("wall, height 3 (2 squares)")
    expect(legend.locator('li[data-kind="difficult"]')).to_contain_text("difficult terrain (4")
    expect(legend.locator('li[data-kind="elevation"]')).to_contain_text("raised ground ▲2 (2")


def test_a_long_name_is_shortened_on_the_board_and_whole_on_hover(
    new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    body = skirmish()
    body["creatures"][0]["name"] = "Tactician of the Silver Road"
    page = open_viewer(new_battle(body))
    hero = token(page, "hero")
    expect(hero).to_have_attribute("data-name", "Tactician of the Silver Road")
    label = hero.locator(".token-name").text_content() or ""
    assert 3 <= len(label) < len("Tactician of the Silver Road")
    expect(hero.locator("title")).to_contain_text("Tactician of the Silver Road")


def test_the_status_line_follows_the_scrubber(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle()
    done = move(server, battle, "gob", [9, 4])
    page = open_viewer(battle)
    page.click("#step-back")  # to the end of the creation (versions 1-2)
    expect(page.locator("#status")).to_contain_text("Showing version 2 of 4: Battle created")
    page.click("#step-forward")
    expect(page.locator("#status")).to_contain_text(f"Live at version {done['version']}")
    page.locator("#scrubber").fill("1")
    expect(page.locator("#status")).to_contain_text("Showing version 1 of 4")


def test_undo_names_the_action_it_will_undo(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle()
    done = move(server, battle, "gob", [9, 4])
    page = open_viewer(battle)
    undo = page.locator("#undo")
    expect(undo).to_have_text("Undo move")
    expect(undo).to_have_attribute("data-intent", done["intent_id"])
    expect(undo).to_have_attribute(
        "title", re.compile(rf"^Undo version {done['version'] - 1}: Goblin moved 3 squares")
    )
    undo.click()
    expect(page.locator("#log li.undone")).to_have_count(1)
    expect(undo).to_have_text("Undo")
    expect(undo).to_be_disabled()
