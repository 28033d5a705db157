"""Strict types at the edge: a boolean is not a number, a string is not a number, and creature
ids come from a safe alphabet, so nothing a client did not mean is stored."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.e2e.conftest import API_KEY, Running
from tests.integration.service.conftest import skirmish


def with_change(path: list[Any], value: Any) -> dict[str, Any]:
    body = copy.deepcopy(skirmish())
    target: Any = body
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return body


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (["creatures", 0, "hp"], True),
        (["creatures", 0, "hp"], "30"),
        (["creatures", 0, "at"], [True, True]),
        (["creatures", 0, "speeds", "walk"], 5.5),
        (["creatures", 0, "stats", "might"], False),
        (["map", "width"], "12"),
        (["map", "height"], 8.0),
        (["seed"], "7"),
        (["options", "turns"], "false"),
        (["options", "turns"], 0),
        (["creatures", 0, "id"], "h\u0435ro"),  # a Cyrillic letter among Latin ones
        (["creatures", 0, "id"], "hero two"),
        (["creatures", 0, "id"], "-hero"),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused_not_converted(
    server: Running, path: list[Any], value: Any
) -> None:
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        answer = http.post("/battles", json=with_change(path, value))
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize(
    "intent",
    [
        {"type": "move", "creature": "hero", "path": [[True, 2]]},
        {"type": "move", "creature": "hero", "path": [["1", 2]]},
        {"type": "move", "creature": "hero", "path": [[1, 2]], "expected_version": "2"},
        {"type": "fall_prone", "creature": "hero", "rolls": [True]},
        {"type": "move", "creature": "hero", "to": [1.5, 2]},
    ],
)
def test_an_intent_of_the_wrong_kind_is_refused_and_appends_nothing(
    server: Running, new_battle: Any, intent: dict[str, Any]
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        answer = http.post(f"/battles/{battle.battle_id}/intents", json=intent)
        head = http.get(f"/battles/{battle.battle_id}").json()["version"]
    assert answer.status_code == 422, answer.text
    assert head == battle.version


def test_whole_numbers_written_as_floats_still_name_squares(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        answer = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "path": [[1.0, 2.0]]},
        )
    assert answer.status_code == 201, answer.text
