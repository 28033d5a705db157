"""The battle viewer in a real browser: the page shows what the API says, live and back in time."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Battle, Running, seat
from tests.integration.service.conftest import skirmish

pytestmark = pytest.mark.e2e
Viewer = Callable[..., Page]


def token(page: Page, creature: str) -> Any:
    return page.locator(f'.token[data-id="{creature}"]')


def expect_at(page: Page, creature: str, x: int, y: int) -> None:
    expect(token(page, creature)).to_have_attribute("data-x", str(x))
    expect(token(page, creature)).to_have_attribute("data-y", str(y))


def move(server: Running, battle: Battle, creature: str, to: list[int]) -> dict[str, Any]:
    with server.client(battle.director) as http:
        answer = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": creature, "to": to},
        )
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def state(server: Running, battle: Battle) -> dict[str, Any]:
    with server.client(battle.director) as http:
        return dict(http.get(f"/battles/{battle.battle_id}").json())


def test_a_missing_or_wrong_token_shows_an_error_page_not_a_trace(
    server: Running, new_battle: Callable[..., Battle], page: Page
) -> None:
    battle = new_battle()
    view = f"{server.url}/battles/{battle.battle_id}/view"
    for url, title in (
        (view, "A token is needed"),
        (f"{view}?token=nope", "This token does not open this battle"),
        (f"{server.url}/battles/no%20such/view?token=x", "No such battle"),
    ):
        answer = page.goto(url)
        assert answer is not None and answer.status in (401, 404)
        expect(page.locator("#error h1")).to_have_text(title)
        assert "Traceback" not in page.content()
    assert httpx.get(f"{server.url}/viewer/static/../../routes.py").status_code == 404


def test_tokens_stand_where_the_state_says(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    battle = new_battle()
    page = open_viewer(battle)
    for creature, seen in state(server, battle)["creatures"].items():
        x, y, _ = seen["position"]
        expect_at(page, creature, x, y)
        expect(token(page, creature)).to_have_attribute("data-hp", str(seen["hp"]))
    expect(page.locator('.terrain[data-kind="wall"]')).to_have_count(2)
    expect(page.locator('.terrain[data-kind="difficult"]')).to_have_count(4)
    expect(page.locator("#log li")).to_have_count(1)
    page.screenshot(path=str(tmp_path / "opened.png"))


def test_a_move_made_through_the_api_moves_the_token_live(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    battle = new_battle()
    page = open_viewer(battle)
    move(server, battle, "gob", [9, 4])
    expect_at(page, "gob", 9, 4)
    expect(page.locator("#log li").last).to_contain_text("Goblin moved 3 squares to (9, 4)")
    expect(page.locator("#version-label")).to_contain_text("live")
    page.screenshot(path=str(tmp_path / "moved.png"))


def test_scrubbing_back_shows_the_old_position_and_live_comes_back(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    battle = new_battle()
    move(server, battle, "gob", [9, 4])
    move(server, battle, "gob", [9, 6])
    page = open_viewer(battle)
    expect_at(page, "gob", 9, 6)
    page.click("#step-back")
    expect_at(page, "gob", 9, 4)
    page.locator("#scrubber").fill(str(battle.version))
    expect_at(page, "gob", 9, 1)
    expect(page.locator("#log li.future")).to_have_count(2)
    page.screenshot(path=str(tmp_path / "scrubbed.png"))
    page.click("#step-forward")
    expect_at(page, "gob", 9, 4)
    page.click("#go-live")
    expect_at(page, "gob", 9, 6)
    expect(page.locator("#log li.future")).to_have_count(0)


def test_undo_strikes_the_action_through_and_puts_the_token_back(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    battle = new_battle()
    move(server, battle, "gob", [9, 4])
    page = open_viewer(battle)
    page.click("#undo")
    expect_at(page, "gob", 9, 1)
    expect(page.locator("#log li.undone")).to_have_count(1)
    expect(page.locator("#log li.undone")).to_contain_text("Goblin moved")
    expect(page.locator("#log li").last).to_contain_text("The director undid")
    page.screenshot(path=str(tmp_path / "undone.png"))
    page.click("#redo")
    expect_at(page, "gob", 9, 4)
    expect(page.locator("#log li.undone")).to_have_count(0)


def test_selecting_an_action_shows_its_judgement_path_and_a_what_if(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    battle = new_battle()
    done = move(server, battle, "gob", [6, 5])
    page = open_viewer(battle)
    page.click(f'#log li[data-intent="{done["intent_id"]}"]')
    expect(page.locator(".verdict")).to_have_text("Judged again: the same result.")
    expect(page.locator("table.trace tbody tr")).to_have_count(len(done["trace"]))
    expect(page.locator("table.trace")).to_contain_text("difficult terrain +1")
    expect(page.locator(".path-action")).to_have_count(1)
    # the form is built from the intent schema: the recorded move's fields, enums as choices
    expect(page.locator("#whatif-type")).to_have_value("move")
    expect(page.locator("#whatif-field-creature")).to_have_value("gob")
    expect(page.locator("#whatif-field-to")).to_have_value("6, 5")
    expect(page.locator("#whatif-field-mode option")).to_contain_text(["(default)", "walk"])
    page.fill("#whatif-field-to", "9, 4")
    page.click("#whatif-run")
    expect(page.locator(".whatif-difference")).to_contain_text(
        "Goblin position: (9, 4) instead of (6, 5)"
    )
    expect(page.locator(".path-whatif")).to_have_count(1)
    page.screenshot(path=str(tmp_path / "judgement.png"))


def test_a_selected_creature_shows_its_reach_and_the_cheapest_path_to_a_square(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        reach = http.get(f"/battles/{battle.battle_id}/reach", params={"creature": "hero"}).json()
    page = open_viewer(battle)
    token(page, "hero").click()
    expect(page.locator("rect.reach")).to_have_count(len(reach["squares"]))
    cost = next(s["cost"] for s in reach["squares"] if s["at"][:2] == [1, 4])
    page.hover('rect.reach[data-x="1"][data-y="4"]')
    expect(page.locator(".path-preview .path-label")).to_have_text(str(cost))
    expect(page.locator("#status")).to_contain_text(f"Cheapest path to (1, 4): {cost}")
    page.screenshot(path=str(tmp_path / "reach.png"))


def test_the_reactor_s_player_declines_a_reaction_window(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer, tmp_path: Path
) -> None:
    body = skirmish()
    body["creatures"][1]["at"] = [2, 1]  # the goblin stands next to the hero
    battle = new_battle(body)
    player = seat(server, battle, ["gob"])
    page = open_viewer(battle, player)
    expect(page.locator("#undo")).to_be_visible()
    move(server, battle, "hero", [1, 4])
    window = page.locator("#reactions .reaction")
    expect(window).to_contain_text("Goblin must answer: opportunity attack on Tactician")
    page.screenshot(path=str(tmp_path / "reaction.png"))
    window.locator("button.decline").click()
    expect(page.locator("#reactions .reaction")).to_have_count(0)
    expect(page.locator("#log")).to_contain_text("Goblin declined the opportunity attack")
    assert not state(server, battle)["pending_reactions"]
