"""Epic Path, Reclaim the Wild and the action-point game played over real HTTP: a battle of
each is created, judged under its own metric and economy, and what a ruleset doesn't have is
refused with that ruleset's rule id, the log unchanged."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import API_KEY, Running


def body(ruleset: str, walk: int, **options: Any) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "seed": 11,
        "options": options,
        "map": {
            "width": 12,
            "height": 8,
            "terrain": [{"kind": "difficult", "cells": [[3, 1], [3, 2], [3, 3]]}],
        },
        "creatures": [
            {"id": "hero", "side": "heroes", "at": [1, 2], "speeds": {"walk": walk}, "hp": 20},
            {"id": "orc", "side": "monsters", "at": [2, 3], "speeds": {"walk": walk}, "hp": 20},
        ],
    }


def intent(http: Any, url: str, payload: dict[str, Any]) -> Any:
    return http.post(f"{url}/intents", json=payload)


def test_epic_path_counts_feet_one_for_one_and_asks_the_threatening_orc(
    server: Running, new_battle
) -> None:
    battle = new_battle(body("epic-path", 30, turns=False))
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        reach = http.get(f"{url}/reach", params={"creature": "hero"}).json()
        moved = intent(http, url, {"type": "move", "creature": "hero", "path": [[2, 1], [3, 0]]})
        pending = http.get(url).json()["pending_reactions"]
        taken = intent(
            http,
            url,
            {"type": "resolve_reaction", "reaction": pending[0]["id"], "decision": "take"},
        )
        state = http.get(url).json()
    squares = {tuple(s["at"][:2]): s["cost"] for s in reach["squares"]}
    assert squares[(7, 2)] == 30  # six squares of 5 ft, diagonals 1 for 1
    assert squares[(3, 1)] == 15  # a square, then difficult terrain at 10 ft
    assert (8, 2) not in squares
    assert moved.status_code == 201, moved.text
    kinds = [e["type"] for e in moved.json()["events"]]
    assert "OpportunityAttackTriggered" in kinds  # leaving the orc's threatened square
    assert taken.status_code == 201, taken.text
    resolved = next(e for e in taken.json()["events"] if e["type"] == "ReactionResolved")
    assert len(resolved["data"]["rolls"]) == 1 and 1 <= resolved["data"]["rolls"][0] <= 20
    assert state["creatures"]["hero"]["position"] == [3, 0, 0]
    assert state["pending_reactions"] == []


def test_reclaim_the_wild_counts_one_two_one_and_finds_its_own_path(
    server: Running, new_battle
) -> None:
    battle = new_battle(body("one-two-one", 6, turns=False))
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        moved = intent(http, url, {"type": "move", "creature": "hero", "to": [4, 6]})
        state = http.get(url).json()
    assert moved.status_code == 201, moved.text
    event = next(e for e in moved.json()["events"] if e["type"] == "Moved")
    # four diagonals and a straight step: 1 + 2 + 1 + 2 + 1 = 7 > 6, so the route spends 6
    # by entering the last square with what is left, or finds a cheaper one; never more
    assert event["data"]["cost"] <= 6
    assert state["creatures"]["hero"]["position"][:2] == [4, 6]


def test_the_action_point_game_converts_points_and_refuses_what_a_creature_lacks(
    server: Running, new_battle
) -> None:
    battle = new_battle(body("action-points", 4))
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        started = intent(http, url, {"type": "start_turn", "creature": "hero"})
        too_many = intent(
            http, url, {"type": "move", "creature": "hero", "to": [10, 2], "action_points": 9}
        )
        before = http.get(url).json()["version"]
        moved = intent(
            http, url, {"type": "move", "creature": "hero", "to": [7, 2], "action_points": 2}
        )
        state = http.get(url).json()
    assert started.status_code == 201, started.text
    assert too_many.status_code == 422
    assert too_many.json()["rule"] == "action-points/not-enough-action-points"
    assert before == started.json()["version"]  # the refusal appended nothing
    assert moved.status_code == 201, moved.text
    event = next(e for e in moved.json()["events"] if e["type"] == "Moved")
    assert event["data"]["cost"] == 6  # 4 MOVE + 2 converted points, straight squares
    assert state["creatures"]["hero"]["position"][:2] == [7, 2]


def test_actions_and_units_a_ruleset_does_not_have_are_refused_with_its_rule(
    server: Running, new_battle
) -> None:
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        wrong_unit = http.post("/battles", json=body("epic-path", 6))
    assert wrong_unit.status_code == 422
    assert wrong_unit.json()["rule"] == "epic-path/speed-in-feet"

    cases = [
        ("draw-steel", 5, "sprint", "draw-steel/unknown-action"),
        ("one-two-one", 6, "run", "one-two-one/unknown-action"),
        ("epic-path", 30, "sprint", "epic-path/unknown-action"),
        ("action-points", 4, "sprint", "action-points/unknown-action"),
    ]
    for ruleset, walk, action, rule in cases:
        battle = new_battle(body(ruleset, walk, turns=False))
        url = f"/battles/{battle.battle_id}"
        with server.client(battle.director) as http:
            answer = intent(
                http, url, {"type": "move", "creature": "hero", "action": action, "to": [5, 2]}
            )
            version = http.get(url).json()["version"]
        assert answer.status_code == 422, (ruleset, answer.text)
        assert answer.headers["content-type"] == "application/problem+json"
        assert answer.json()["rule"] == rule, ruleset
        assert version == battle.version, ruleset


def test_undo_and_judgement_work_under_each_square_ruleset(server: Running, new_battle) -> None:
    for ruleset, walk in (("epic-path", 30), ("one-two-one", 6), ("action-points", 4)):
        battle = new_battle(body(ruleset, walk, turns=False))
        url = f"/battles/{battle.battle_id}"
        with server.client(battle.director) as http:
            moved = intent(http, url, {"type": "move", "creature": "hero", "to": [1, 6]})
            assert moved.status_code == 201, (ruleset, moved.text)
            judged = http.get(f"{url}/intents/{moved.json()['intent_id']}/judgement")
            undone = http.post(f"{url}/undo")
            state = http.get(url).json()
        assert judged.status_code == 200, judged.text
        assert judged.json()["matches"] is True, (ruleset, judged.json())
        assert undone.status_code == 201, undone.text
        assert state["creatures"]["hero"]["position"][:2] == [1, 2], ruleset
