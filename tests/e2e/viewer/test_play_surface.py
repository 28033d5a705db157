"""The viewer as a play surface, in a real Chromium: the director (or a player's seat) runs
the battle from the board: the turn order, a creature sent to a square with its path, costs
and reactions shown before it is confirmed, undo and redo exactly when the server would
accept them, and the markers and words a table reads. Screenshots of each are kept in
`SHOTS` (outside the repository) for the report."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from tests.e2e.conftest import Battle, Running, seat
from tests.integration.service.conftest import skirmish

pytestmark = pytest.mark.e2e
Viewer = Callable[..., Page]
SHOTS = Path(os.environ.get("TURNLEDGER_SHOTS", "/tmp/turnledger-shots"))


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def token(page: Page, creature: str) -> Any:
    return page.locator(f'.token[data-id="{creature}"]')


def expect_at(page: Page, creature: str, x: int, y: int) -> None:
    expect(token(page, creature)).to_have_attribute("data-x", str(x))
    expect(token(page, creature)).to_have_attribute("data-y", str(y))


def square(page: Page, x: int, y: int) -> Any:
    return page.locator(f'rect.reach[data-x="{x}"][data-y="{y}"]')


def with_turns(title: str | None = None) -> dict[str, Any]:
    body = skirmish()
    body["options"] = {**body["options"], "turns": True}
    if title:
        body["title"] = title
    return body


def state(server: Running, battle: Battle) -> dict[str, Any]:
    with server.client(battle.director) as http:
        return dict(http.get(f"/battles/{battle.battle_id}").json())


def send(server: Running, battle: Battle, intent: dict[str, Any]) -> dict[str, Any]:
    with server.client(battle.director) as http:
        answer = http.post(f"/battles/{battle.battle_id}/intents", json=intent)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def move_by_clicks(page: Page, creature: str, x: int, y: int) -> None:
    """Select the creature, click the square, read the plan, confirm it."""
    token(page, creature).click()
    square(page, x, y).click()
    expect(page.locator("#plan-confirm")).to_be_visible()
    page.click("#plan-confirm")
    expect_at(page, creature, x, y)


def test_a_full_round_is_played_from_the_viewer_alone(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    """The director sets the order, starts each turn, sends each creature to a square by
    clicking it (reading the plan first), ends each turn; the round advances to 2."""
    battle = new_battle(with_turns("The Crypt of Bones"))
    page = open_viewer(battle)
    expect(page.locator("#battle-title")).to_have_text("The Crypt of Bones")
    assert battle.battle_id not in page.locator("header").inner_text()
    shot(page, "01-opened")
    # the order: the goblin first (by names, as the director types them)
    page.click(".order-form summary")
    page.select_option("#order-kind", "creatures")
    page.fill("#order-list", "Goblin, Tactician")
    page.click("#order-set")
    expect(page.locator("#turns li.next")).to_have_count(1)
    expect(page.locator("#turns li.next")).to_have_attribute("data-id", "gob")
    shot(page, "02-order-set")
    page.click('.start-turn[data-id="gob"]')
    expect(token(page, "gob")).to_have_class("token active")
    token(page, "gob").click()
    square(page, 9, 3).click()
    expect(page.locator("#plan h3")).to_have_text("Move Goblin to (9, 3)")
    expect(page.locator("#plan tr.plan-step")).to_have_count(2)
    expect(page.locator("#plan .plan-total")).to_contain_text("Cost: 2")
    shot(page, "03-plan")
    page.click("#plan-confirm")
    expect_at(page, "gob", 9, 3)
    page.click('.end-turn[data-id="gob"]')
    expect(page.locator("#turns li.next")).to_have_attribute("data-id", "hero")
    page.click('.start-turn[data-id="hero"]')
    move_by_clicks(page, "hero", 1, 3)
    shot(page, "04-hero-moved")
    page.click('.end-turn[data-id="hero"]')
    expect(page.locator("#turns .turn-now")).to_contain_text("Next (round 2): Goblin")
    page.click('.start-turn[data-id="gob"]')
    expect(page.locator("#turns h2")).to_have_text("Round 2")
    shot(page, "05-round-two")
    seen = state(server, battle)
    assert (seen["round"], seen["active"]) == (2, "gob")
    assert seen["creatures"]["gob"]["position"][:2] == [9, 3]
    assert seen["creatures"]["hero"]["position"][:2] == [1, 3]
    expect(page.locator("#status")).to_contain_text("version")


def test_dragging_a_creature_to_a_square_plans_the_move(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle()
    page = open_viewer(battle)
    token(page, "gob").drag_to(page.locator('.terrain[data-kind="difficult"]').first)
    expect(page.locator("#plan h3")).to_contain_text("Move Goblin to")
    expect(page.locator("#plan table")).to_contain_text("difficult")
    expect(page.locator(".path-plan")).to_have_count(1)
    shot(page, "06-drag-plan")
    page.click("#plan-cancel")
    expect(page.locator("#plan")).to_be_empty()


def test_the_plan_names_every_reaction_the_path_would_provoke(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    body = skirmish()
    body["creatures"] = [
        body["creatures"][0],
        {**body["creatures"][1], "id": "gob", "at": [2, 0]},
        {**body["creatures"][1], "id": "gob2", "name": "Goblin Two", "at": [2, 2]},
    ]
    battle = new_battle(body)
    page = open_viewer(battle)
    token(page, "hero").click()
    square(page, 1, 4).click()
    reactions = page.locator("#plan li.plan-reaction")
    expect(reactions).to_have_count(2)
    expect(page.locator('#plan li.plan-reaction[data-reactor="gob"]')).to_contain_text(
        "Goblin: opportunity attack at"
    )
    expect(page.locator('#plan li.plan-reaction[data-reactor="gob2"]')).to_contain_text(
        "Goblin Two: opportunity attack at"
    )
    for n in range(2):
        expect(reactions.nth(n)).to_contain_text("If taken")
    shot(page, "07-plan-two-reactions")
    page.click("#plan-confirm")
    expect(page.locator("#reactions .reaction").first).to_be_visible()


def test_shift_teleport_stand_up_and_fall_prone_from_the_board(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    body = skirmish()
    body["creatures"][0]["speeds"] = {"walk": 5, "teleport": 4}
    battle = new_battle(body)
    page = open_viewer(battle)
    token(page, "hero").click()
    page.check('input[name="mode"][value="shift"]')
    page.locator('rect.reach[data-x="0"][data-y="1"]').click()
    expect(page.locator("#plan h3")).to_have_text("Shift Tactician to (0, 1)")
    page.click("#plan-confirm")
    expect_at(page, "hero", 0, 1)
    page.check('input[name="mode"][value="teleport"]')
    page.locator("svg.map").click(position=_square_centre(page, 4, 4))
    expect(page.locator("#plan h3")).to_have_text("Teleport Tactician to (4, 4)")
    page.click("#plan-confirm")
    expect_at(page, "hero", 4, 4)
    page.click('li.option[data-kind="fall_prone"] button')
    expect(token(page, "hero")).to_have_attribute("data-conditions", "prone")
    page.click('li.option[data-kind="stand_up"] button')
    expect(token(page, "hero")).to_have_attribute("data-conditions", "")
    shot(page, "08-shift-teleport-prone")


def _square_centre(page: Page, x: int, y: int) -> dict[str, float]:
    box = page.locator("svg.map").bounding_box()
    assert box is not None
    svg = page.locator("svg.map")
    width = float(svg.get_attribute("data-width") or 1)
    height = float(svg.get_attribute("data-height") or 1)
    # the map keeps a 0.7-square margin on its top and left, 0.05 on the others
    span_x, span_y = width + 0.75, height + 0.75
    return {
        "x": (x + 0.5 + 0.7) / span_x * box["width"],
        "y": (y + 0.5 + 0.7) / span_y * box["height"],
    }


def test_undo_and_redo_are_enabled_exactly_when_the_server_would_accept_them(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle()
    player = seat(server, battle, ["hero"])
    page = open_viewer(battle, player)
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#redo")).to_be_disabled()
    send(server, battle, {"type": "move", "creature": "gob", "to": [9, 3]})
    expect_at(page, "gob", 9, 3)
    expect(page.locator("#undo")).to_be_disabled()  # the director's: a seat may not undo it
    expect(page.locator("#undo")).to_have_attribute("title", "The latest action is not yours")
    move_by_clicks(page, "hero", 1, 3)
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")
    expect_at(page, "hero", 1, 1)
    expect(page.locator("#redo")).to_be_enabled()
    shot(page, "09-player-undo-redo")
    page.click("#redo")
    expect_at(page, "hero", 1, 3)
    expect(page.locator("#redo")).to_be_disabled()


def test_markers_for_hidden_and_raised_creatures_and_a_fresh_status_line(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    body = skirmish()
    body["creatures"][1]["at"] = [3, 0, 3]  # the goblin stands on the wall, 3 squares up
    battle = new_battle(body)
    send(server, battle, {"type": "hide", "creature": "gob"})
    page = open_viewer(battle)
    expect(token(page, "gob")).to_have_class("token hidden-creature")
    expect(token(page, "gob")).to_contain_text("hidden")
    height = state(server, battle)["creatures"]["gob"]["position"][2]
    assert height > 0
    expect(token(page, "gob")).to_have_attribute("data-up", str(height))
    expect(token(page, "gob")).to_contain_text(f"↑{height}")
    done = send(server, battle, {"type": "move", "creature": "hero", "to": [1, 3]})
    expect(page.locator("#status")).to_contain_text(f"Live at version {done['version']}")
    shot(page, "10-markers")


def test_the_what_if_form_is_built_from_the_schema_not_raw_json(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    battle = new_battle()
    done = send(server, battle, {"type": "move", "creature": "gob", "to": [6, 5]})
    page = open_viewer(battle)
    page.click(f'#log li[data-intent="{done["intent_id"]}"]')
    expect(page.locator("#whatif-field-to")).to_have_value("6, 5")
    expect(page.locator('fieldset[data-object="overrule"]')).to_be_visible()
    expect(page.locator("#whatif-field-overrule-reason")).to_be_visible()
    expect(page.locator("#whatif-field-overrule-reactions option")).to_contain_text(
        ["(default)", "true", "false"]
    )
    assert "JSON" not in page.locator("#judgement").inner_text()
    page.fill("#whatif-field-to", "4, 1")
    page.fill("#whatif-field-overrule-reason", "the goblin squeezes through")
    page.click("#whatif-run")
    expect(page.locator(".whatif-difference")).to_contain_text("Goblin position")
    shot(page, "11-what-if-form")


def test_hovering_squares_logs_no_refused_preview(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    """With turns on and nobody's turn started, a walk is refused: hovering the reach asks
    the server nothing, so the console holds no 422."""
    battle = new_battle(with_turns())
    page = open_viewer(battle)
    problems: list[str] = []

    def listen(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(message.text)

    page.on("console", listen)
    token(page, "hero").click()
    expect(page.locator("rect.reach").first).to_be_visible()
    for x, y in ((1, 2), (1, 3), (2, 2), (0, 2)):
        page.hover(f'rect.reach[data-x="{x}"][data-y="{y}"]')
        page.wait_for_timeout(150)
    assert problems == []
    page.click('.start-turn[data-id="hero"]')
    expect(token(page, "hero")).to_have_class("token active selected")
    expect(page.locator('li.option[data-kind="move"].available').first).to_be_visible()
    page.hover('rect.reach[data-x="1"][data-y="2"]')
    page.hover('rect.reach[data-x="1"][data-y="3"]')
    expect(page.locator(".path-preview")).to_have_count(1)
    assert problems == []


def test_the_squares_that_would_provoke_are_marked_before_any_preview(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    """Selecting a creature marks every square of its reach whose move would provoke, with
    who would react and why; a player's seat is not shown a hidden creature's reaction."""
    body = skirmish()
    lurker = {"id": "lurker", "name": "Lurker", "side": "monsters", "at": [0, 2], "hidden": True}
    body["creatures"] = [
        body["creatures"][0],
        {**body["creatures"][1], "at": [2, 1]},
        {**lurker, "speeds": {"walk": 5}, "hp": 5},
    ]
    battle = new_battle(body)
    player = seat(server, battle, ["hero"])
    page = open_viewer(battle)
    token(page, "hero").click()
    expect(square(page, 1, 5)).to_have_class("reach provokes")
    expect(square(page, 1, 5)).to_have_attribute("data-provokes", "gob lurker")
    expect(square(page, 1, 5).locator("title")).to_contain_text("Goblin (Tactician leaves Goblin")
    expect(square(page, 1, 2)).to_have_attribute("data-provokes", "")  # still beside both
    expect(square(page, 1, 2)).to_have_class("reach")
    shot(page, "12-provoking-squares-director")
    page = open_viewer(battle, player)
    token(page, "hero").click()
    expect(square(page, 1, 5)).to_have_attribute("data-provokes", "gob")
    marked = page.locator("rect.reach.provokes")
    expect(marked.first).to_be_visible()
    assert "lurker" not in " ".join(
        marked.nth(n).get_attribute("data-provokes") or "" for n in range(marked.count())
    )
    assert "Lurker" not in page.locator("svg.map").inner_html()
    shot(page, "13-provoking-squares-player")


def test_a_path_that_stops_for_a_reaction_shows_all_of_it_at_its_whole_cost(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    """The move stops at the first reaction window, but the plan (and the hover) show the
    rest of the path, walked once the reactions are answered, and what all of it costs."""
    body = skirmish()
    body["creatures"][1]["at"] = [2, 1]  # the goblin beside the hero
    battle = new_battle(body)
    page = open_viewer(battle)
    token(page, "hero").click()
    expect(square(page, 1, 5)).to_have_attribute("data-cost", "4")
    page.hover('rect.reach[data-x="1"][data-y="5"]')
    expect(page.locator("#status")).to_contain_text("Cheapest path to (1, 5): 4 (4 steps)")
    expect(page.locator("#status")).to_contain_text("it provokes Goblin")
    square(page, 1, 5).click()  # the hovered path's end dot takes no click
    expect(page.locator("#plan li.plan-reaction")).to_have_count(1)
    expect(page.locator("#plan tr.plan-rest")).not_to_have_count(0)
    expect(page.locator("#plan tr.plan-rest").last).to_contain_text("(1, 5)")
    expect(page.locator("#plan .plan-total")).to_contain_text("Cost: 4 in all")
    shot(page, "14-plan-rest-after-reaction")
    page.click("#plan-confirm")
    page.locator("#reactions button", has_text="Decline").click()
    expect_at(page, "hero", 1, 5)


def test_a_click_pays_as_the_options_do_once_the_move_action_is_spent(
    server: Running, new_battle: Callable[..., Battle], open_viewer: Viewer
) -> None:
    """After its move action, Draw Steel's hero may still shift by spending its main action:
    the shift a click plans is the one the options offer, paid that way, not a refusal."""
    battle = new_battle(with_turns())
    page = open_viewer(battle)
    page.click('.start-turn[data-id="hero"]')
    move_by_clicks(page, "hero", 1, 3)
    expect(page.locator('li.option[data-kind="shift"].available')).not_to_have_count(0)
    page.check('input[name="mode"][value="shift"]')
    page.locator("svg.map").click(position=_square_centre(page, 0, 3))
    expect(page.locator("#plan h3")).to_have_text("Shift Tactician to (0, 3)")
    expect(page.locator("#plan .refused")).to_have_count(0)
    page.click("#plan-confirm")
    expect_at(page, "hero", 0, 3)
    economy = state(server, battle)["creatures"]["hero"]["economy"]
    assert economy["actions"]["main"] == 0, economy
    shot(page, "15-shift-paid-with-the-main-action")
