"""Bad input over real HTTP: every answer is a clean 4xx problem and nothing is appended."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import API_KEY, Battle, Running
from tests.integration.service.conftest import skirmish


def head(server: Running, battle: Battle) -> int:
    with server.client(battle.director) as http:
        return int(http.get(f"/battles/{battle.battle_id}").json()["version"])


def post_raw(server: Running, battle: Battle, content: bytes, **headers: str) -> Any:
    with server.client(battle.director) as http:
        return http.post(
            f"/battles/{battle.battle_id}/intents",
            content=content,
            headers={"Content-Type": "application/json", **headers},
        )


def assert_problem(answer: Any, *statuses: int) -> None:
    assert answer.status_code in statuses, (answer.status_code, answer.text[:300])
    assert answer.headers["content-type"].startswith("application/problem+json")
    body = answer.json()
    assert {"type", "title", "status", "detail"} <= set(body)
    assert "Traceback" not in answer.text


def test_deeply_nested_json_is_refused_cleanly(server: Running, new_battle: Any) -> None:
    battle = new_battle()
    before = head(server, battle)
    nested = b'{"type": "move", "creature": "hero", "path": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    assert_problem(post_raw(server, battle, nested), 400, 413, 422)
    assert head(server, battle) == before


@pytest.mark.parametrize(
    "raw",
    [
        b'{"type": "move", "creature": "hero", "to": [NaN, 1]}',
        b'{"type": "move", "creature": "hero", "to": [Infinity, 1]}',
        b'{"type": "move", "creature": "hero", "to": [1e400, 1]}',
        b'{"type": "move", "creature": "hero", "to": [99999999999999999999999, 1]}',
        b'{"type": "move", "creature": "hero", "to": [-9223372036854775808, 1]}',
        b'{"type": "move", "creature": "hero", "to": [1.5, 2]}',
        b'{"type": "move", "creature": "hero\\u0000", "to": [1, 2]}',
        b'{"type": "move", "creature": "' + b"h" * 100_000 + b'", "to": [1, 2]}',
        b'{"type": "move", "type": "teleport", "creature": "hero", "to": [1, 2]}',
        b"[]",
        b'"move"',
        b"null",
        b"",
        b"\xff\xfe\x00",
    ],
)
def test_malformed_intents_get_a_problem_and_append_nothing(
    server: Running, new_battle: Any, raw: bytes
) -> None:
    battle = new_battle()
    before = head(server, battle)
    answer = post_raw(server, battle, raw)
    if answer.status_code == 201:  # a duplicate key resolves to one intent, as JSON allows
        assert raw.startswith(b'{"type": "move", "type"')
        return
    assert_problem(answer, 400, 413, 415, 422)
    assert head(server, battle) == before


def test_a_path_that_loops_is_judged_whole(server: Running, new_battle: Any) -> None:
    battle = new_battle()
    before = head(server, battle)
    looping = {"type": "move", "creature": "hero", "path": [[1, 2], [1, 1]] * 50}
    with server.client(battle.director) as http:
        answer = http.post(f"/battles/{battle.battle_id}/intents", json=looping)
    assert_problem(answer, 422)
    assert head(server, battle) == before
    with server.client(battle.director) as http:
        short_loop = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2], [1, 1], [1, 2]]},
        )
    assert short_loop.status_code == 201, short_loop.text  # 3 squares within speed 5


@pytest.mark.parametrize(
    "name",
    ["Gøblin ☠", "ゴブリン", "גובלין", "e\u0301\u0301\u0301", "🐉" * 50, "<script>x</script>"],
)
def test_unicode_names_round_trip(server: Running, name: str) -> None:
    body = skirmish()
    body["creatures"][1]["name"] = name
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        created = http.post("/battles", json=body)
    assert created.status_code == 201, created.text
    got = created.json()
    with server.client(got["director_token"]) as http:
        state = http.get(f"/battles/{got['battle_id']}").json()
    assert state["creatures"]["gob"]["name"] == name


@pytest.mark.parametrize(
    "change",
    [
        {"map": {"width": 10**12, "height": 5}},
        {"map": {"width": -3, "height": 5}},
        {"map": {"width": 0, "height": 0}},
        {"creatures": []},
        {"creatures": [{"id": "a", "name": "A", "side": "x", "at": [10**18, 0]}]},
        {"creatures": [{"id": "a\u0000", "name": "A", "side": "x", "at": [0, 0]}]},
        {"ruleset": "chess"},
        {"seed": 10**30},
        {"options": {"turns": "maybe"}},
    ],
)
def test_absurd_battles_are_refused_cleanly(server: Running, change: dict[str, Any]) -> None:
    body = {**skirmish(), **change}
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        answer = http.post("/battles", json=body)
    assert_problem(answer, 400, 413, 422)


@pytest.mark.parametrize("route", ["/intents", "/undo", "/redo"])
def test_an_empty_or_huge_idempotency_key_is_a_clean_4xx(
    server: Running, new_battle: Any, route: str
) -> None:
    battle = new_battle()
    before = head(server, battle)
    body = {"type": "move", "creature": "hero", "path": [[1, 2]]} if route == "/intents" else {}
    for key in ("", "k" * 201):
        with server.client(battle.director) as http:
            answer = http.post(
                f"/battles/{battle.battle_id}{route}", json=body, headers={"Idempotency-Key": key}
            )
        assert_problem(answer, 400, 422)
    assert head(server, battle) == before


@pytest.mark.parametrize("field", ["expected_version", "to_version"])
def test_history_versions_beyond_any_battle_are_a_clean_4xx(
    server: Running, new_battle: Any, field: str
) -> None:
    battle = new_battle()
    before = head(server, battle)
    with server.client(battle.director) as http:
        answer = http.post(f"/battles/{battle.battle_id}/undo", json={field: 217961883845204672512})
    assert_problem(answer, 400, 409, 422)
    assert head(server, battle) == before
