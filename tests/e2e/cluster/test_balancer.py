"""Two `turnledger serve` processes behind HAProxy on the Citus cluster: concurrent clients of
one battle reach both servers, retries with their idempotency key are answered once, a named
stale version is a 409, and a stream resumes on the other server; nothing is lost or doubled."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from ops.bench.bench_http import battle_body
from ops.citus.stack import SERVED_BY, balancer, servers
from server.operations.embedded_postgres import to_sqlalchemy_url
from tests.e2e.conftest import API_KEY
from tests.e2e.test_stream import read_events

CLIENTS = 4
STEPS = 6
TRIES = 8  # a busy battle answers 503; the client retries with the same key


@dataclass
class Stack:
    url: str
    served: Counter[str] = field(default_factory=Counter)

    def client(self, token: str | None = None, **headers: str) -> httpx.Client:
        sent = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers={**sent, **headers}, timeout=30)


@pytest.fixture(scope="module")
def stack(citus_module_database_uri: str) -> Iterator[Stack]:
    url = to_sqlalchemy_url(citus_module_database_uri)
    env = {"TURNLEDGER_API_KEY": API_KEY}
    with servers(url, 2, env) as running, balancer([u for u, _ in running]) as (front, _):
        yield Stack(front)


@dataclass
class Answer:
    status: int
    body: dict[str, Any]
    served_by: str
    replayed: bool


def send(http: httpx.Client, battle_id: str, body: dict[str, Any], key: str | None) -> Answer:
    """One intent; retried with the same key while the battle is too busy to decide it."""
    headers = {"Idempotency-Key": key} if key else {}
    for _ in range(TRIES):
        answer = http.post(f"/battles/{battle_id}/intents", json=body, headers=headers)
        if answer.status_code != 503:
            break
    return Answer(
        answer.status_code,
        answer.json(),
        answer.headers.get(SERVED_BY, ""),
        answer.headers.get("idempotent-replayed") == "true",
    )


def test_concurrent_clients_of_one_battle_through_the_balancer(stack: Stack) -> None:
    with stack.client(**{"X-API-Key": API_KEY}) as http:
        created = http.post("/battles", json=battle_body(CLIENTS))
    assert created.status_code == 201, created.text
    battle_id, director = created.json()["battle_id"], created.json()["director_token"]
    answers: list[tuple[str, Answer, Answer]] = []
    lock = threading.Lock()

    def play(creature: int) -> None:
        x = 2 * creature + 1
        with stack.client(director) as http:
            for step in range(STEPS):
                key = f"c{creature}-step{step}"
                body = {"type": "move", "creature": f"c{creature}", "path": [[x, 2 - step % 2]]}
                first = send(http, battle_id, body, key)
                retry = send(http, battle_id, body, key)  # as a client does on a lost answer
                with lock:
                    answers.append((key, first, retry))

    players = [threading.Thread(target=play, args=(c,)) for c in range(CLIENTS)]
    for player in players:
        player.start()
    for player in players:
        player.join(timeout=180)

    refused = [(k, a.body) for k, a, _ in answers if a.status != 201]
    assert not refused, f"intents not accepted: {refused}"
    for key, first, retry in answers:
        assert retry.status == 201 and retry.replayed, key
        assert (retry.body["version"], retry.body["intent_id"]) == (
            first.body["version"],
            first.body["intent_id"],
        ), key
    served = Counter(a.served_by for _, first, retry in answers for a in (first, retry))
    assert set(served) == {"s1", "s2"}, served  # both servers answered this battle

    with stack.client(director) as http:
        stale = http.post(
            f"/battles/{battle_id}/intents",
            json={"type": "move", "creature": "c0", "path": [[1, 2]], "expected_version": 1},
        )
        state = http.get(f"/battles/{battle_id}").json()
        log = http.get(f"/battles/{battle_id}/events", params={"limit": 1000}).json()["events"]
        verified = http.get(f"/battles/{battle_id}/verify").json()
    assert stale.status_code == 409 and stale.json()["expected_version"] == 1
    head = state["version"]
    assert [e["version"] for e in log] == list(range(1, head + 1))  # nothing lost, no gap
    moves = Counter(e["data"]["creature"] for e in log if e["type"] == "Moved")
    assert moves == {f"c{c}": STEPS for c in range(CLIENTS)}  # each intent once, retries none
    moved_by = {e["intent_id"] for e in log if e["type"] == "Moved"}
    assert moved_by == {first.body["intent_id"] for _, first, _ in answers}
    assert verified["ok"] and verified["checked"] == head
    for c in range(CLIENTS):  # an even number of steps ends where each creature started
        assert state["creatures"][f"c{c}"]["position"][:2] == [2 * c + 1, 1]

    resume_on_the_other_server(stack, battle_id, director, head, [e["type"] for e in log])


def resume_on_the_other_server(
    stack: Stack, battle_id: str, token: str, head: int, types: list[str]
) -> None:
    url = f"/battles/{battle_id}/stream"
    early, first_server = read_with_server(stack, url, token, head // 2)
    last = early[-1]["id"]
    for _ in range(6):  # round-robin: the next connection or the one after goes elsewhere
        rest, second_server = read_with_server(
            stack, url, token, head - last, **{"Last-Event-ID": str(last)}
        )
        if second_server != first_server:
            break
    assert second_server != first_server
    assert [e["id"] for e in early + rest] == list(range(1, head + 1))
    assert [e["event"] for e in early + rest] == types


class _Served:
    def __init__(self, stack: Stack) -> None:
        self.url = stack.url
        self.by = ""

    def client(self, token: str | None = None, headers: dict[str, str] | None = None) -> Any:
        sent = {"Authorization": f"Bearer {token}"} if token else {}
        http = httpx.Client(
            base_url=self.url,
            headers={**sent, **(headers or {})},
            timeout=30,
            event_hooks={"response": [self._note]},
        )
        return http

    def _note(self, response: httpx.Response) -> None:
        self.by = response.headers.get(SERVED_BY, "")


def read_with_server(
    stack: Stack, url: str, token: str, count: int, **headers: str
) -> tuple[list[dict[str, Any]], str]:
    served = _Served(stack)
    events = read_events(served, url, token, count, **headers)  # type: ignore[arg-type]
    return events, served.by
