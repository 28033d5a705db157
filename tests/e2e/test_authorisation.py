"""Who may do what: every role against every battle route.

Roles: the director, a player seated on `hero`, a player of another battle, no token and a
made-up token. Outsiders get 401 everywhere (a token opens one battle only); a player reads
everything but may not seat players, and acts only for its own creatures.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Battle, Running, seat

GOB_MOVE = {"type": "move", "creature": "gob", "path": [[9, 2]]}
HERO_MOVE = {"type": "move", "creature": "hero", "path": [[1, 2]]}

OK, NO, ANY = "allowed", "forbidden", "either"

# (name, method, path, body, what a seated player of `hero` gets). "allowed" still may be a
# rules refusal (422): the module's battle changes as the matrix runs.
ROUTES: list[tuple[str, str, str, Any, str]] = [
    ("state", "GET", "", None, OK),
    ("seats", "POST", "/seats", {"creatures": ["gob"]}, NO),
    ("own intent", "POST", "/intents", HERO_MOVE, OK),
    ("other's intent", "POST", "/intents", GOB_MOVE, NO),
    (
        "director's intent",
        "POST",
        "/intents",
        {"type": "set_condition", "creature": "hero", "condition": "slowed"},
        NO,
    ),
    ("reach", "GET", "/reach?creature=hero", None, OK),
    ("events", "GET", "/events", None, OK),
    ("stream", "GET", "/stream", None, OK),
    ("undo", "POST", "/undo", None, NO),
    ("rewind", "POST", "/undo", {"to_version": 1}, NO),
    ("redo", "POST", "/redo", None, ANY),
    ("judgement", "GET", "/intents/{intent}/judgement", None, OK),
    ("replay", "GET", "/replay?from=1&to=2", None, OK),
    ("what-if", "POST", "/what-if", {"version": 2, "intents": [HERO_MOVE]}, OK),
    ("verify", "GET", "/verify", None, OK),
]


@pytest.fixture(scope="module")
def world(server: Running, pg_admin_uri: str) -> dict[str, Any]:
    from tests.e2e.conftest import API_KEY
    from tests.integration.service.conftest import skirmish

    def create() -> Battle:
        with server.client(headers={"X-API-Key": API_KEY}) as http:
            got = http.post("/battles", json=skirmish()).json()
        return Battle(got["battle_id"], got["director_token"], got["version"])

    battle, elsewhere = create(), create()
    with server.client(battle.director) as http:
        moved = http.post(f"/battles/{battle.battle_id}/intents", json=GOB_MOVE).json()
    return {
        "battle": battle,
        "intent": moved["intent_id"],
        "tokens": {
            "director": battle.director,
            "player": seat(server, battle, ["hero"]),
            "foreign player": seat(server, elsewhere, ["hero"]),
            "foreign director": elsewhere.director,
            "no token": None,
            "bad token": "ply_made-up",
        },
    }


def call(server: Running, token: str | None, method: str, url: str, body: Any) -> int:
    with server.client(token) as http:
        if url.endswith("/stream"):
            with http.stream("GET", url) as answer:
                return answer.status_code
        return http.request(method, url, json=body).status_code


@pytest.mark.parametrize("route", ROUTES, ids=[r[0] for r in ROUTES])
@pytest.mark.parametrize(
    "role", ["director", "player", "foreign player", "foreign director", "no token", "bad token"]
)
def test_each_role_gets_what_the_design_allows(
    server: Running, world: dict[str, Any], role: str, route: tuple[str, str, str, Any, str]
) -> None:
    name, method, path, body, player_gets = route
    battle: Battle = world["battle"]
    url = f"/battles/{battle.battle_id}{path.replace('{intent}', world['intent'])}"
    if role == "player" and name == "undo":
        # a player may undo its own latest action (README, history): whether the player's
        # own move ran last depends on which rows ran before on this worker, so the
        # director acts last here, and the player's undo is of another's action
        director_acts = {"type": "set_condition", "creature": "gob", "condition": "slowed"}
        assert (
            call(
                server,
                battle.director,
                "POST",
                f"/battles/{battle.battle_id}/intents",
                director_acts,
            )
            == 201
        )
    status = call(server, world["tokens"][role], method, url, body)
    if role == "director":
        assert status not in (401, 403), name
        assert status < 500
    elif role == "player":
        assert status < 500 and status != 401, (name, status)
        if player_gets == OK:
            assert status != 403, name
        elif player_gets == NO:
            assert status == 403, name
    else:
        assert status == 401, (name, status)


def test_query_tokens_open_reads_but_not_writes(server: Running, world: dict[str, Any]) -> None:
    battle: Battle = world["battle"]
    with server.client() as http:
        read = http.get(f"/battles/{battle.battle_id}", params={"token": battle.director})
        write = http.post(
            f"/battles/{battle.battle_id}/intents?token={battle.director}", json=HERO_MOVE
        )
    assert read.status_code == 200
    assert write.status_code == 401
