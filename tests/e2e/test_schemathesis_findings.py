"""What the schemathesis run (tests/e2e/test_schemathesis_run.py) found, each held on its own:
a 405's `Allow` names every method of the path, an area is recorded as it was sent (`from`),
a what-if placing no creature is refused as bad input, and a move's `to` in inches is
documented as the numbers it takes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import API_KEY, Battle, Running

METHODS = {"get", "put", "post", "delete", "patch"}


@pytest.fixture(scope="module")
def document(server: Running) -> dict[str, Any]:
    with server.client() as http:
        found: dict[str, Any] = http.get("/openapi.json").json()
    return found


def test_a_405_allows_every_method_its_path_is_documented_with(
    server: Running, new_battle: Any, document: dict[str, Any]
) -> None:
    battle: Battle = new_battle()
    fill = {
        "battle_id": battle.battle_id,
        "creature": "hero",
        "creature_id": "hero",
        "intent_id": "x",
        "seat_id": "x",
    }
    checked = 0
    with server.client(battle.director, headers={"X-API-Key": API_KEY}) as http:
        for path, operations in document["paths"].items():
            documented = {m for m in operations if m in METHODS}
            url = path.format(**fill)
            # `/battles/import` is also `/battles/{battle_id}` with the id `import`: a GET of
            # it is that route's (401, 404), not a method the path lacks
            served = {
                m
                for other, ops in document["paths"].items()
                if other != path and re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", other), url)
                for m in ops
            }
            for method in sorted(METHODS - documented - served):
                answer = http.request(method.upper(), url)
                assert answer.status_code == 405, (method, path, answer.text)
                allowed = {m.strip().lower() for m in answer.headers["Allow"].split(",")}
                assert allowed - {"head"} == documented, (method, path, allowed)
                checked += 1
    assert checked > 50


def test_an_area_is_recorded_as_it_was_sent(server: Running, new_battle: Any) -> None:
    battle: Battle = new_battle()
    area = {"from": [5, 5], "to": [6, 6]}
    with server.client(battle.director) as http:
        sent = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "set_terrain", "kind": "difficult", "area": area},
        )
        assert sent.status_code == 201, sent.text
        opener = sent.json()["events"][0]
        judged = http.get(
            f"/battles/{battle.battle_id}/intents/{sent.json()['intent_id']}/judgement"
        )
    assert opener["type"] == "IntentAccepted"
    assert opener["data"]["intent"]["area"] == area
    assert judged.status_code == 200, judged.text
    assert judged.json()["intent"]["area"] == area
    assert judged.json()["matches"] is True


def test_a_what_if_placing_no_creature_is_refused_as_the_intents_route_refuses_it(
    server: Running, new_battle: Any
) -> None:
    battle: Battle = new_battle()
    nowhere = {"type": "place", "creature": {"id": "ghost", "side": "monsters", "hp": 3}}
    with server.client(battle.director) as http:
        tried = http.post(
            f"/battles/{battle.battle_id}/what-if",
            json={"version": battle.version, "intents": [nowhere]},
        )
        submitted = http.post(f"/battles/{battle.battle_id}/intents", json=nowhere)
        # a place the rules refuse for where it stands is still a step of the what-if
        walled = {**nowhere, "creature": {**nowhere["creature"], "at": [50, 50]}}
        stepped = http.post(
            f"/battles/{battle.battle_id}/what-if",
            json={"version": battle.version, "intents": [walled]},
        )
    assert submitted.status_code == 422, submitted.text
    assert tried.status_code == 422, tried.text
    assert tried.json()["rule"] == submitted.json()["rule"] == "battle/invalid-creature"
    assert stepped.status_code == 200, stepped.text
    assert stepped.json()["steps"][0]["refused"]["rule"] == "map/off-map"


def test_a_move_s_to_is_documented_as_the_numbers_it_takes(document: dict[str, Any]) -> None:
    to = document["components"]["schemas"]["Move"]["properties"]["to"]
    point = next(s for s in to["anyOf"] if s.get("type") == "array")
    assert point["items"] == {"anyOf": [{"type": "integer"}, {"type": "number"}]}
