"""The lean intents route (server/api/lean_intents.py) answers as the FastAPI route does.

One real server; each request is sent with the lean layer on and then off (the full FastAPI
stack, as main answers), and the two answers compared byte for byte: status, every header in
order, body. Requests the lean layer must pass on (malformed, unusual) are checked to be
passed on, with the body it read handed over intact.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.api.rate_limits import RateLimits
from server.app import Turnledger, create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.conftest import as_app_role
from tests.e2e.conftest import Running
from tests.integration.service.conftest import skirmish

Served = tuple[Running, Turnledger]
MOVE = {"type": "move", "creature": "hero", "path": [[1, 2]]}


@pytest.fixture(scope="module")
def served(module_database: str) -> Iterator[Served]:
    settings = Settings(database_url=to_sqlalchemy_url(module_database), log_level="warning")
    engine = make_engine(as_app_role(module_database), pool_size=5)
    app = create_app(settings, engine)
    assert isinstance(app, Turnledger)
    try:
        with serving(app, log_level="warning") as url:
            yield Running(url, module_database), app
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def battle(served: Served) -> dict[str, str]:
    running, _ = served
    with httpx.Client(base_url=running.url, timeout=30) as http:
        made = http.post("/battles", json=skirmish()).json()
        director = {"Authorization": f"Bearer {made['director_token']}"}
        seat = http.post(
            f"/battles/{made['battle_id']}/seats", json={"creatures": ["gob"]}, headers=director
        ).json()
    return {"id": made["battle_id"], "director": made["director_token"], "player": seat["token"]}


def lean(app: Turnledger) -> Any:
    assert app.lean_intents is not None, "no request has built the middleware stack yet"
    return app.lean_intents


def send(served: Served, on: bool, request: dict[str, Any]) -> tuple[httpx.Response, int]:
    """The answer with the lean layer on or off, and how many requests the layer answered."""
    running, app = served
    layer = lean(app)
    layer.enabled, before = on, layer.answered
    try:
        with httpx.Client(base_url=running.url, timeout=30) as http:
            answer = http.request("POST", **request)
    finally:
        layer.enabled = True
    return answer, layer.answered - before


def wire(answer: httpx.Response, masked: tuple[str, ...] = ()) -> tuple[Any, ...]:
    headers = [
        (k, v)
        for k, v in answer.headers.raw
        if k.lower() not in (b"date",) and not (k.lower() == b"x-request-id" and "rid" in masked)
    ]
    body = answer.content
    if "intent_id" in masked:
        got = answer.json()
        got["intent_id"] = "masked"
        body = repr(got).encode()
        headers = [(k, v) for k, v in headers if k.lower() != b"content-length"]
    return answer.status_code, headers, body


def intents(battle: dict[str, str], token: str | None, **extra: Any) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    headers |= extra.pop("headers", {})
    return {"url": f"/battles/{battle['id']}/intents", "headers": headers, **extra}


def test_the_lean_route_answers_byte_for_byte_as_the_fastapi_route(
    served: Served, battle: dict[str, str]
) -> None:
    long_path = [[1, 1 + (i % 2)] for i in range(201)]
    cases: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
        ("no token", intents(battle, None, json=MOVE), ("rid",)),
        ("wrong token", intents(battle, "not-a-token", json=MOVE), ("rid",)),
        ("another's creature", intents(battle, battle["player"], json=MOVE), ("rid",)),
        (
            "into a wall",
            intents(battle, battle["director"], json={**MOVE, "path": [[2, 1], [3, 1]]}),
            ("rid",),
        ),
        (
            "path too long",
            intents(battle, battle["director"], json={**MOVE, "path": long_path}),
            ("rid",),
        ),
        (
            "unknown battle",
            {**intents(battle, battle["director"], json=MOVE), "url": "/battles/nope/intents"},
            ("rid",),
        ),
        (
            "dry run",
            intents(battle, battle["director"], json=MOVE, params={"dry_run": "true"}),
            ("rid", "intent_id"),
        ),
        (
            "player's dry run",
            intents(
                battle,
                battle["player"],
                json={**MOVE, "creature": "gob", "path": [[9, 2]]},
                params={"dry_run": "true"},
            ),
            ("rid", "intent_id"),
        ),
        (
            "request id",
            intents(
                battle,
                battle["director"],
                json=MOVE,
                headers={"X-Request-Id": "trace-1"},
                params={"dry_run": "true"},
            ),
            ("intent_id",),
        ),
        (
            "big integer",
            intents(
                battle,
                battle["director"],
                content=b'{"type": "move", "creature": "hero", "path": [[1, 18446744073709551616]]}',
                headers={"Content-Type": "application/json"},
            ),
            ("rid",),
        ),
    ]
    for name, request, masked in cases:
        fast, answered = send(served, True, request)
        full, passed = send(served, False, request)
        assert answered == 1, name
        assert passed == 0, name
        assert wire(fast, masked) == wire(full, masked), name


def test_replays_of_one_key_answer_the_same_bytes_on_both_paths(
    served: Served, battle: dict[str, str]
) -> None:
    request = intents(
        battle,
        battle["director"],
        json={**MOVE, "path": [[1, 2]]},
        headers={"Idempotency-Key": "lean-1", "X-Request-Id": "r1"},
    )
    first, answered = send(served, True, request)
    assert first.status_code == 201 and answered == 1, first.text
    assert first.json()["receipt"]["version"] == first.json()["version"]
    lean_replay, _ = send(served, True, request)
    full_replay, _ = send(served, False, request)
    assert lean_replay.headers["Idempotent-Replayed"] == "true"
    assert wire(lean_replay) == wire(full_replay)
    assert lean_replay.json() == {**first.json(), "replayed": True}
    other = {**request, "json": {**MOVE, "path": [[2, 2]]}}
    lean_other, _ = send(served, True, other)
    full_other, _ = send(served, False, other)
    assert lean_other.status_code in (400, 422), lean_other.text
    assert wire(lean_other) == wire(full_other)
    back = intents(battle, battle["director"], json={**MOVE, "path": [[1, 1]]})
    moved, answered = send(served, True, back)
    assert moved.status_code == 201 and answered == 1, moved.text


def chunks(body: bytes) -> list[bytes]:
    """A body sent chunked (httpx sends an iterable without a Content-Length)."""
    return [body[start : start + 7] for start in range(0, len(body), 7)]


def test_unusual_requests_go_to_the_full_stack_with_their_body(
    served: Served, battle: dict[str, str]
) -> None:
    director = battle["director"]
    json_type = {"Content-Type": "application/json"}
    passed_on: list[tuple[str, dict[str, Any], int, str]] = [
        (
            "malformed",
            intents(battle, director, content=b"{nope", headers=json_type),
            400,
            "malformed-json",
        ),
        (
            "media type",
            intents(battle, director, content=b"{}", headers={"Content-Type": "text/plain"}),
            415,
            "unsupported-media-type",
        ),
        (
            "missing fields",
            intents(battle, director, json={"type": "move"}),
            422,
            "invalid-request",
        ),
        ("not an intent", intents(battle, director, json=[1, 2]), 422, "invalid-request"),
        (
            "empty body",
            intents(battle, director, content=b"", headers=json_type),
            422,
            "invalid-request",
        ),
        (
            "empty key",
            intents(battle, director, json=MOVE, headers={"Idempotency-Key": ""}),
            422,
            "invalid-request",
        ),
        (
            "bad request id",
            intents(battle, director, json=MOVE, headers={"X-Request-Id": "a b"}),
            400,
            "invalid-request",
        ),
        (
            "bad battle id",
            {**intents(battle, director, json=MOVE), "url": "/battles/a.b/intents"},
            422,
            "invalid-request",
        ),
        (
            "too large",
            intents(battle, director, content=b"[" * 300_000, headers=json_type),
            413,
            "too-large",
        ),
        (
            "too large, chunked",
            intents(battle, director, content=chunks(b" " * 300_000), headers=json_type),
            413,
            "too-large",
        ),
        (
            "deep",
            intents(battle, director, content=b"[" * 5000 + b"]" * 5000, headers=json_type),
            400,
            "error",
        ),
        ("query", intents(battle, director, json=MOVE, params={"dry_run": "yes"}), 200, ""),
    ]
    for name, request, status, kind in passed_on:
        answer, answered = send(served, True, request)
        full, _ = send(served, False, request)
        assert answer.status_code == status, (name, answer.text)
        assert answered == 0, name
        masked = ("rid", "intent_id") if status == 200 else ("rid",)
        assert wire(answer, masked) == wire(full, masked), name
        if kind:
            assert answer.headers["content-type"] == "application/problem+json", name
            assert answer.json()["type"] == f"/problems/{kind}", name
    body = b'{"type": "move", "creature": "hero", "path": [[1, 2]]}'
    chunked = intents(
        battle, director, content=chunks(body), headers=json_type, params={"dry_run": "true"}
    )
    answer, answered = send(served, True, chunked)
    assert answer.status_code == 200 and answered == 1, answer.text


def test_a_write_over_the_rate_limit_is_the_same_429_on_both_paths(
    served: Served, battle: dict[str, str]
) -> None:
    _, app = served
    services = app.state.services
    kept = services.rate_limits
    services.rate_limits = RateLimits("1/minute", "1/minute", "1/minute")
    try:
        request = intents(battle, battle["director"], json=MOVE, params={"dry_run": "true"})
        first, _ = send(served, True, request)
        fast, answered = send(served, True, request)
        full, _ = send(served, False, request)
    finally:
        services.rate_limits = kept
    assert first.status_code == 200, first.text
    assert fast.status_code == 429 and answered == 1, fast.text
    assert fast.headers["Retry-After"] == "60"
    assert wire(fast, ("rid",)) == wire(full, ("rid",))
