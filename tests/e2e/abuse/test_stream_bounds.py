"""Streams are bounded per battle, per principal and per process, seats per battle have a
limit, a backlog is caught up from events encoded once per kind of reader within a budget,
and a resume point past the head or malformed is a 4xx (issue "The edge holds")."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from tests.e2e.abuse.test_proxies import served
from tests.e2e.conftest import Running
from tests.e2e.sse_reader import Battle, Reader
from tests.integration.service.conftest import skirmish

BOUNDS = {
    "streams_per_token": 2,
    "streams_per_battle": 3,
    "streams_per_process": 5,
    "seats_per_battle": 3,
    "stream_heartbeat": 0.5,
}


@pytest.fixture(scope="module")
def bounded(module_database: str) -> Iterator[tuple[Running, FastAPI]]:
    with served(module_database, **BOUNDS) as running:
        yield running


def new_battle(running: Running, seats: int) -> Battle:
    with httpx.Client(base_url=running.url, timeout=30) as http:
        made = http.post("/battles", json=skirmish()).json()
        battle = Battle(made["battle_id"], made["director_token"], [])
        for _ in range(seats):
            seat = http.post(
                f"/battles/{battle.battle_id}/seats",
                json={"creatures": ["hero"]},
                headers={"Authorization": f"Bearer {battle.director}"},
            )
            battle.seats.append(seat.json()["token"])
    return battle


def close(readers: list[Reader]) -> None:
    """Close the streams and wait until the server has given their places back."""
    for r in readers:
        r.close()
    for r in readers:
        assert r.done.wait(10)
    time.sleep(0.3)


def moves(running: Running, battle: Battle, count: int) -> int:
    version = 0
    with running.client(battle.director) as http:
        for n in range(count):
            moved = http.post(
                f"/battles/{battle.battle_id}/intents",
                json={"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]},
            )
            version = moved.json()["version"]
    return version


def test_streams_past_the_battle_and_process_caps_are_429_naming_the_setting(
    bounded: tuple[Running, FastAPI],
) -> None:
    running, _ = bounded
    first, second = new_battle(running, seats=2), new_battle(running, seats=2)
    open_: list[Reader] = []
    try:
        for token in [first.director, *first.seats]:
            open_.append(Reader(running, first, token).start())
        over_battle = Reader(running, first, first.director).start()
        for token in [second.director, *second.seats][:2]:
            open_.append(Reader(running, second, token).start())
        over_process = Reader(running, second, second.seats[1]).start()
        assert [r.status for r in open_] == [200] * 5
        assert over_battle.status == 429 and over_process.status == 429
    finally:
        close([*open_, over_battle, over_process])
    # once the others closed, a stream gets this far; on a loaded machine the server may
    # take a moment to see the closed connections, so ask again for a few seconds
    deadline = time.monotonic() + 10
    with running.client(first.director) as http:
        while True:
            answer = http.get(f"/battles/{first.battle_id}/stream", params={"after": 10**6})
            if answer.status_code != 429 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
    assert answer.status_code == 409


def test_one_token_holds_at_most_its_streams(bounded: tuple[Running, FastAPI]) -> None:
    running, _ = bounded
    battle = new_battle(running, seats=0)
    held = [Reader(running, battle, battle.director).start() for _ in range(2)]
    try:
        with running.client(battle.director) as http:
            refused = http.get(f"/battles/{battle.battle_id}/stream")
    finally:
        close(held)
    assert refused.status_code == 429
    assert "TURNLEDGER_STREAMS_PER_TOKEN" in refused.json()["detail"]
    assert int(refused.headers["Retry-After"]) >= 1


def test_seats_past_the_battles_limit_are_422(bounded: tuple[Running, FastAPI]) -> None:
    running, _ = bounded
    battle = new_battle(running, seats=3)
    with running.client(battle.director) as http:
        refused = http.post(f"/battles/{battle.battle_id}/seats", json={"creatures": ["hero"]})
    assert refused.status_code == 422
    assert refused.json()["type"].endswith("limits/too-many-seats")
    assert "TURNLEDGER_SEATS_PER_BATTLE" in refused.json()["detail"]


@pytest.mark.parametrize("resume", [b"\xb2", b"12x", b"-1", b"99999999999", b"\xd9\xa3"])
def test_a_malformed_last_event_id_is_a_4xx(
    bounded: tuple[Running, FastAPI], resume: bytes
) -> None:
    running, _ = bounded
    battle = new_battle(running, seats=0)
    with httpx.Client(base_url=running.url, timeout=10) as http:
        answer = http.get(
            f"/battles/{battle.battle_id}/stream",
            headers={"Authorization": f"Bearer {battle.director}", "Last-Event-ID": resume},
        )
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/problem+json"


def test_resuming_past_the_head_is_409_naming_the_head(bounded: tuple[Running, FastAPI]) -> None:
    running, _ = bounded
    battle = new_battle(running, seats=0)
    head = moves(running, battle, 2)
    with running.client(battle.director, headers={"Last-Event-ID": str(head + 5)}) as http:
        past = http.get(f"/battles/{battle.battle_id}/stream")
    at_head = Reader(running, battle, battle.director, after=head).start()
    close([at_head])
    assert past.status_code == 409
    assert f"ends at version {head}" in past.json()["detail"]
    assert at_head.status == 200  # resuming at the head itself waits for what comes next


def test_a_backlog_is_encoded_once_per_kind_of_reader_for_every_stream(
    module_database: str,
) -> None:
    # 20 KB/s, and a second's burst: the 7 catch-ups of ~25 KB each (175 KB) could pass
    # without waiting only if they were spread over more than 7.7 s; at 100 KB/s a loaded
    # machine's readers, started one after another, spread past the 0.75 s that allowed
    settings: dict[str, Any] = {"streams_per_token": 8, "stream_catch_up_mb_per_s": 0.02}
    with served(module_database, **settings) as (running, app):
        battle = new_battle(running, seats=2)
        head = moves(running, battle, 20)
        services = app.state.services
        before = services.encoded.encoded
        tokens = [battle.director] * 3 + battle.seats * 2
        # a catch-up waiting its turn sends nothing, heartbeats included: the readers' reads
        # may wait for the others' 175 KB at 20 KB/s, longer on a loaded machine
        readers = [
            Reader(running, battle, token, stop_at=head, timeout=90).start() for token in tokens
        ]
        for r in readers:
            assert r.done.wait(120), "a stream did not catch up"
        encoded = services.encoded.encoded - before
        waited = services.catch_up.waited
    for r in readers:
        assert r.error is None and r.ids == list(range(1, head + 1)), r.error
    assert encoded == 2 * head  # once as the director reads it, once as a player does
    assert waited > 0  # 7 catch-ups of ~25 KB each paid a 20 KB/s budget: they took turns
