"""A gridless (Warcry) battle over real HTTP: a board in inches, moves as legs, the reach region."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Running

PLATFORM = [[5, 3], [9, 3], [9, 7], [5, 7]]


def warcry() -> dict[str, Any]:
    return {
        "ruleset": "warcry",
        "seed": 3,
        "options": {"turns": False},
        "board": {
            "width": 30,
            "height": 22,
            "terrain": [
                {"kind": "platform", "polygon": PLATFORM, "height": 2},
                {
                    "kind": "obstacle",
                    "polygon": [[12, 10], [13, 10], [13, 14], [12, 14]],
                    "height": 3,
                },
            ],
        },
        "creatures": [
            {
                "id": "f1",
                "name": "Raider",
                "side": "red",
                "at": [3.0, 5.0],
                "speeds": {"walk": 5},
                "hp": 8,
            },
            {
                "id": "f2",
                "name": "Warden",
                "side": "blue",
                "at": [20.0, 15.0],
                "speeds": {"walk": 4},
                "hp": 10,
            },
        ],
    }


CLIMB_ONTO_PLATFORM = [
    {"kind": "normal", "to": [4.49, 5.0, 0.0]},
    {"kind": "climb", "to": [4.49, 5.0, 2.0]},
]


def test_a_warcry_battle_moves_by_legs_and_the_state_shows_the_board_in_inches(
    server: Running, new_battle
) -> None:
    battle = new_battle(warcry())
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        moved = http.post(
            f"{url}/intents", json={"type": "move", "creature": "f1", "legs": CLIMB_ONTO_PLATFORM}
        )
        state = http.get(url).json()
    assert moved.status_code == 201, moved.text
    event = next(e for e in moved.json()["events"] if e["type"] == "MovedInches")
    assert [leg["kind"] for leg in event["data"]["legs"]] == ["normal", "climb"]
    assert event["data"]["cost"] == pytest.approx(3.49)
    assert state["board"]["width"] == 30 and state["board"]["height"] == 22
    assert state["board"]["terrain"][0]["polygon"] == PLATFORM
    f1 = state["creatures"]["f1"]
    assert f1["position"] == pytest.approx([4.49, 5.0, 2.0]) and f1["base"] == 1.0
    assert state["creatures"]["f2"]["position"] == [20.0, 15.0, 0.0]


def test_a_disallowed_move_is_refused_naming_the_limitation_and_nothing_changes(
    server: Running, new_battle
) -> None:
    battle = new_battle(warcry())
    url = f"/battles/{battle.battle_id}"
    too_far = {
        "type": "move",
        "creature": "f1",
        "legs": [{"kind": "normal", "to": [3.0, 10.5, 0.0]}],
    }
    grid = {"type": "move", "creature": "f1", "path": [[4, 5], [5, 5]]}
    with server.client(battle.director) as http:
        beyond = http.post(f"{url}/intents", json=too_far)
        gridded = http.post(f"{url}/intents", json=grid)
        state = http.get(url).json()
    assert beyond.status_code == 422 and beyond.json()["rule"] == "warcry/beyond-move"
    assert "Move 5" in beyond.json()["detail"] and beyond.json()["step"] == 0
    assert gridded.status_code == 422 and gridded.json()["rule"] == "warcry/gridless"
    assert state["version"] == battle.version
    assert state["creatures"]["f1"]["position"] == [3.0, 5.0, 0.0]


def test_the_reach_route_adds_the_region_with_float_points_costs_and_legs(
    server: Running, new_battle
) -> None:
    battle = new_battle(warcry())
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        found = http.get(f"{url}/reach", params={"creature": "f1", "kind": "move"})
        body = found.json()
        point = next(p for p in body["region"]["points"] if p["at"][2] == 2.0)
        again = http.post(
            f"{url}/intents", json={"type": "move", "creature": "f1", "legs": point["legs"]}
        )
    assert found.status_code == 200, found.text
    assert body["squares"] and {"at", "cost"} == set(body["squares"][0])
    region = body["region"]
    assert region["resolution"] == 1.0 and len(region["points"]) > 10
    assert all(len(p["at"]) == 3 and 0 < p["cost"] <= 5 + 1e-6 for p in region["points"])
    assert all(leg["kind"] in ("normal", "jump", "climb", "fly") for leg in point["legs"])
    assert again.status_code == 201, again.text
    moved = next(e for e in again.json()["events"] if e["type"] == "MovedInches")
    assert moved["data"]["cost"] == pytest.approx(point["cost"])


def test_a_grid_battle_s_reach_has_no_region(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        body = http.get(f"/battles/{battle.battle_id}/reach", params={"creature": "hero"}).json()
    assert body["squares"] and "region" not in body


def test_openapi_describes_the_reach_region(server: Running) -> None:
    with server.client() as http:
        schemas = http.get("/openapi.json").json()["components"]["schemas"]
    region = schemas["ReachOut"]["properties"]["region"]
    assert "ReachRegion" in str(region) and "region" not in schemas["ReachOut"].get("required", [])
    assert set(schemas["ReachPoint"]["properties"]) == {"at", "cost", "legs"}
