"""No single request hogs the server: searches, reach, re-judgements and what-ifs stop at their
budget with `limits/too-costly` within seconds, and a battle's expensive requests never hold
its write lock (issue: bounded work, fair locks)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest

from ops.soak.abuse import cluttered_board
from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.cast import goblin, tactician
from tests.e2e.conftest import API_KEY, Running

SEARCH_STEPS = 50_000


@pytest.fixture(scope="module")
def tight(module_database: str) -> Iterator[Running]:
    """A server whose search budget is 50,000 steps (a second or two of search): what is over
    it is so by a count, not by a clock, whatever the machine's load."""
    settings = Settings(
        database_url=to_sqlalchemy_url(module_database),
        api_key=API_KEY,
        log_level="warning",
        search_steps=SEARCH_STEPS,
        search_seconds=60,
    )
    engine = make_engine(to_sqlalchemy_url(module_database), pool_size=20)
    try:
        with serving(create_app(settings, engine), log_level="warning") as url:
            yield Running(url, module_database)
    finally:
        engine.dispose()


def create(server: Running, body: dict[str, Any]) -> tuple[str, str]:
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        made = http.post("/battles", json=body)
    assert made.status_code == 201, made.text
    return made.json()["battle_id"], made.json()["director_token"]


def test_a_huge_gridless_reach_is_refused_within_seconds(tight: Running) -> None:
    battle, token = create(tight, cluttered_board())
    began = time.monotonic()
    with tight.client(token, timeout=60) as http:
        answer = http.get(f"/battles/{battle}/reach", params={"creature": "f1"})
    took = time.monotonic() - began
    assert answer.status_code == 422, answer.text[:300]
    assert answer.json()["rule"] == "limits/too-costly"
    assert "TURNLEDGER_SEARCH_STEPS" in answer.json()["detail"]
    assert took < 20  # 50,000 steps of the costliest search, on a loaded CI machine
    with tight.client(token) as http:  # and the server serves on
        assert http.get(f"/battles/{battle}").status_code == 200


def long_wall() -> dict[str, Any]:
    """A 200x200 field split by a wall from the north edge to y=149, a fast hero beside it,
    and a goblin walled in: a `to` round the wall searches about 15,000 steps, a `to` into
    the goblin's box (unreachable) more than 50,000."""
    wall = [[100, y] for y in range(0, 150)]
    box = [[x, y] for x in range(180, 191) for y in (180, 190)]
    box += [[x, y] for y in range(181, 190) for x in (180, 190)]
    return {
        "ruleset": "draw-steel",
        "seed": 1,
        "options": {"turns": False},
        "map": {
            "width": 200,
            "height": 200,
            "terrain": [{"kind": "wall", "cells": wall + box, "height": 3}],
        },
        "creatures": [{**tactician([90, 5]), "speeds": {"walk": 400}}, goblin([185, 185])],
    }


def test_dry_runs_in_a_loop_never_hold_up_the_real_moves(tight: Running) -> None:
    battle, token = create(tight, long_wall())
    url = f"/battles/{battle}/intents"
    stop = threading.Event()
    answered: list[Any] = []

    def hammer() -> None:
        with tight.client(token, timeout=60) as http:
            while not stop.is_set():
                boxed = {"type": "move", "creature": "hero", "to": [184, 184]}
                answer = http.post(url, params={"dry_run": "true"}, json=boxed)
                answered.append((answer.status_code, answer.json().get("rule")))

    threads = [threading.Thread(target=hammer) for _ in range(2)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.5)
        took = []
        with tight.client(token, timeout=60) as http:
            for y in (6, 5, 6, 5):
                began = time.monotonic()
                moved = http.post(url, json={"type": "move", "creature": "hero", "path": [[90, y]]})
                took.append(time.monotonic() - began)
                assert moved.status_code == 201, moved.text
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert answered and set(answered) == {(422, "limits/too-costly")}
    # no real move waits on a dry run's lock (dry runs take none); it shares two cores with
    # two searches of a second or two each, though
    assert max(took) < 5, took


def test_an_undo_that_must_re_judge_too_much_is_refused_not_run_on(tight: Running) -> None:
    battle, token = create(tight, long_wall())
    url = f"/battles/{battle}/intents"
    with tight.client(token, timeout=60) as http:
        first = http.post(url, json={"type": "move", "creature": "gob", "path": [[186, 185]]})
        assert first.status_code == 201
        for to in ([110, 5], [90, 5], [110, 5], [90, 5]):  # each searches ~15,000 steps
            moved = http.post(url, json={"type": "move", "creature": "hero", "to": to})
            assert moved.status_code == 201, moved.text
        head = http.get(f"/battles/{battle}").json()["version"]
        began = time.monotonic()
        undo = http.post(f"/battles/{battle}/undo", json={"intent_id": first.json()["intent_id"]})
        took = time.monotonic() - began
        after = http.get(f"/battles/{battle}").json()["version"]
        latest = http.post(f"/battles/{battle}/undo")  # the lock was let go: undo still works
    assert undo.status_code == 422, undo.text
    assert undo.json()["rule"] == "limits/too-costly"
    assert "re-judging the later actions" in undo.json()["detail"]
    assert after == head  # nothing appended
    assert took < 20
    assert latest.status_code == 201, latest.text


def test_a_whole_map_terrain_repeated_is_refused_before_it_costs_anything(
    server: Running,
) -> None:
    whole = {"kind": "difficult", "area": {"from": [0, 0], "to": [199, 199]}}
    body = {
        "ruleset": "draw-steel",
        "map": {"width": 200, "height": 200, "terrain": [whole] * 40},
        "creatures": [tactician([1, 1])],
    }
    began = time.monotonic()
    with httpx.Client(base_url=server.url, timeout=60) as http:
        answer = http.post("/battles", json=body, headers={"X-API-Key": API_KEY})
        after = http.get("/healthz")  # the same keep-alive connection still serves
    assert answer.status_code == 422, answer.text[:300]
    assert answer.json()["rule"] == "limits/terrain-too-big"
    assert time.monotonic() - began < 5
    assert after.status_code == 200


def test_the_largest_battle_within_the_limits_is_created_over_http(server: Running) -> None:
    from tests.unit.engine.test_setup_limits import largest

    battle, token = create(server, largest())
    with server.client(token) as http:
        state = http.get(f"/battles/{battle}").json()
    assert len(state["creatures"]) == 200


def test_a_failed_creation_leaves_nothing_behind(server: Running) -> None:
    def rows() -> int:
        with psycopg.connect(server.database_uri) as conn:
            found = conn.execute("SELECT count(*) FROM battles").fetchone()
        assert found is not None
        return int(found[0])

    before = rows()
    unknown = {"ruleset": "draw-steel", "map": {"width": 5, "height": 5}, "creatures": []}
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for body in (unknown, {**unknown, "ruleset": "no-such-game"}):
            answer = http.post("/battles", json=body, headers={"X-API-Key": API_KEY})
            assert answer.status_code == 422, answer.text
    assert rows() == before
