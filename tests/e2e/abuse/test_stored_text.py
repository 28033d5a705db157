"""Text the database cannot store (a NUL, a lone surrogate) is a 422 on every field that is
stored, and a malformed header a 4xx, never a 500 (issue "The edge holds")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.abuse.edge_server import read_answer, status_of
from tests.e2e.conftest import API_KEY, Running, seat
from tests.integration.service.conftest import skirmish

UNSTORABLE = ["a\u0000", "\ud800", "b\udfff c"]


def as_json(body: Any) -> dict[str, Any]:
    """httpx's arguments for a JSON body with escapes it would not encode (lone surrogates)."""
    return {"content": json.dumps(body), "headers": {"Content-Type": "application/json"}}


@pytest.mark.parametrize("name", UNSTORABLE)
def test_a_seat_name_the_database_cannot_store_is_422(
    server: Running, new_battle: Any, name: str
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        refused = http.post(
            f"/battles/{battle.battle_id}/seats", **as_json({"creatures": ["hero"], "name": name})
        )
        fine = http.post(
            f"/battles/{battle.battle_id}/seats", json={"creatures": ["hero"], "name": "Ana"}
        )
    assert refused.status_code == 422, refused.text
    assert refused.headers["content-type"] == "application/problem+json"
    assert fine.status_code == 201


@pytest.mark.parametrize("text", UNSTORABLE)
@pytest.mark.parametrize("field", ["name", "side", "size"])
def test_creature_text_the_database_cannot_store_is_422(
    server: Running, field: str, text: str
) -> None:
    body = skirmish()
    body["creatures"][0][field] = text
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        refused = http.post("/battles", **as_json(body))
    assert refused.status_code == 422, refused.text


@pytest.mark.parametrize("text", UNSTORABLE)
def test_an_intents_text_the_database_cannot_store_is_422(
    server: Running, new_battle: Any, text: str
) -> None:
    battle = new_battle()
    move = {"type": "move", "creature": "hero", "path": [[1, 2]], "overrule": {"reason": text}}
    with server.client(battle.director) as http:
        refused = http.post(f"/battles/{battle.battle_id}/intents", **as_json(move))
        head = http.get(f"/battles/{battle.battle_id}").json()["version"]
    assert refused.status_code == 422, refused.text
    assert head == battle.version


def raw(server: Running, request: bytes) -> int:
    import socket

    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), 5) as sock:
        sock.sendall(request)
        return status_of(read_answer(sock, 5))


@pytest.mark.parametrize(
    "header",
    [
        b"Idempotency-Key: a\x01b",
        b"Idempotency-Key: \x7f",
        b"Idempotency-Key: " + b"k" * 201,
        b"Content-Length: \xb2",
        b"X-Request-Id: \xff",
        b"X-Request-Id: " + b"r" * 65,
        b"X-Request-Id: " + b"r" * 300,
    ],
)
def test_a_malformed_header_is_a_4xx_never_a_500(
    server: Running, new_battle: Any, header: bytes
) -> None:
    battle = new_battle()
    player = seat(server, battle, ["hero"])
    body = b'{"type": "move", "creature": "hero", "path": [[1, 2]]}'
    request = (
        f"POST /battles/{battle.battle_id}/intents HTTP/1.1\r\nHost: t\r\n"
        f"Authorization: Bearer {player}\r\nContent-Type: application/json\r\n".encode()
        + (b"" if header.startswith(b"Content-Length") else b"Content-Length: %d\r\n" % len(body))
        + header
        + b"\r\nConnection: close\r\n\r\n"
        + body
    )
    status = raw(server, request)
    assert 400 <= status < 500, status


@pytest.mark.parametrize("token", [b"\xff\xfe", b"\xb2", b"a" * 4000, b""])
def test_a_malformed_token_is_401(server: Running, new_battle: Any, token: bytes) -> None:
    battle = new_battle()
    request = (
        f"GET /battles/{battle.battle_id} HTTP/1.1\r\nHost: t\r\n".encode()
        + b"Authorization: Bearer "
        + token
        + b"\r\nConnection: close\r\n\r\n"
    )
    assert raw(server, request) == 401
