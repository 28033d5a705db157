"""`GET /feed`: an API key's battles, all of them, in one order that never skips or repeats,
resumed from a checkpoint; over real HTTP on one PostgreSQL (the Citus run is in
tests/e2e/cluster/test_feed_on_cluster.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from server.app import create_app
from server.operations.database import make_engine
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.trust.api_keys import KeyFile
from tests.conftest import as_app_role
from tests.e2e.conftest import Running
from tests.integration.service.conftest import skirmish


def step(n: int) -> dict[str, Any]:
    return {"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]}


@pytest.fixture(scope="module")
def keys_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("feed-keys")


@pytest.fixture(scope="module")
def feed_server(module_database: str, keys_dir: Path) -> Iterator[Running]:
    settings = Settings(
        database_url=as_app_role(module_database),
        data_dir=keys_dir,
        log_level="warning",
        stream_heartbeat=0.3,
        streams_per_token=2,
        rate_limits=False,
    )
    engine = make_engine(as_app_role(module_database), pool_size=10)
    try:
        with serving(create_app(settings, engine), log_level="warning") as url:
            yield Running(url, module_database)
    finally:
        engine.dispose()


def new_key(keys_dir: Path, name: str) -> str:
    return KeyFile(keys_dir / "api-keys.json").create(name, datetime.now(UTC))[1]


def create(http: httpx.Client) -> dict[str, Any]:
    answer = http.post("/battles", json=skirmish())
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def logged(server: Running, battle: dict[str, Any]) -> list[tuple[str, int]]:
    with server.client(battle["director_token"]) as http:
        events = http.get(f"/battles/{battle['battle_id']}/events", params={"limit": 1000})
    return [(battle["battle_id"], e["version"]) for e in events.json()["events"]]


def pages(http: httpx.Client, after: str | None, limit: int) -> Iterator[dict[str, Any]]:
    while True:
        params: dict[str, Any] = {"limit": limit, **({"after": after} if after else {})}
        answer = http.get("/feed", params=params)
        assert answer.status_code == 200, answer.text
        page = answer.json()
        yield page
        after = page["checkpoint"]
        if page["caught_up"]:
            return


def test_a_key_reads_all_its_battles_and_nothing_else(feed_server: Running, keys_dir: Path) -> None:
    mine, theirs = new_key(keys_dir, "mine"), new_key(keys_dir, "theirs")
    with feed_server.client(headers={"X-API-Key": mine}) as http:
        battles = [create(http), create(http)]
    with feed_server.client(headers={"X-API-Key": theirs}) as http:
        other = create(http)
    moves: dict[str, int] = {}
    for battle in [*battles, other, battles[0]]:
        n = moves[battle["battle_id"]] = moves.get(battle["battle_id"], -1) + 1
        with feed_server.client(battle["director_token"]) as http:
            answer = http.post(f"/battles/{battle['battle_id']}/intents", json=step(n))
            assert answer.status_code == 201, answer.text
    expected = sorted(logged(feed_server, battles[0]) + logged(feed_server, battles[1]))
    with feed_server.client(headers={"X-API-Key": mine}) as http:
        read = [f for page in pages(http, None, 2) for f in page["events"]]
        halfway = read[len(read) // 2 - 1]["checkpoint"]
        rest = [f for page in pages(http, halfway, 1000) for f in page["events"]]
        again = http.get("/feed", params={"after": read[-1]["checkpoint"]}).json()
    got = [(f["event"]["battle_id"], f["event"]["version"]) for f in read]
    assert sorted(got) == expected and len(set(got)) == len(got)
    for battle in battles:  # each battle in version order
        versions = [v for b, v in got if b == battle["battle_id"]]
        assert versions == sorted(versions)
    assert [f["event"]["hash"] for f in rest] == [
        f["event"]["hash"] for f in read[len(read) // 2 :]
    ]
    assert again["events"] == [] and again["caught_up"]


def test_the_feed_needs_a_known_key_and_a_checkpoint_it_gave(
    feed_server: Running, keys_dir: Path
) -> None:
    key = new_key(keys_dir, "checked")
    with feed_server.client() as http:
        none = http.get("/feed")
        junk = http.get("/feed", headers={"X-API-Key": "junk"})
        bad = http.get("/feed", params={"after": "f1.bm9uc2Vuc2U"}, headers={"X-API-Key": key})
        other = http.get("/feed", params={"colour": "red"}, headers={"X-API-Key": key})
    assert [none.status_code, junk.status_code] == [401, 401]
    assert [bad.status_code, other.status_code] == [422, 422]
    assert "checkpoint" in bad.json()["detail"] and "colour" in other.json()["detail"]


class FeedReader:
    """The feed's server-sent events read in a thread, stopping after `stop_after` events."""

    def __init__(self, server: Running, key: str, after: str | None, stop_after: int) -> None:
        self.server, self.key, self.after, self.stop_after = server, key, after, stop_after
        self.events: list[tuple[str, int]] = []
        self.last: str | None = after
        self.opened, self.done = threading.Event(), threading.Event()
        self.status = 0
        self.error: Exception | None = None

    def start(self) -> FeedReader:
        threading.Thread(target=self._run, daemon=True).start()
        assert self.opened.wait(15)
        return self

    def _run(self) -> None:
        headers = {"X-API-Key": self.key, "Accept": "text/event-stream"}
        if self.after:
            headers["Last-Event-ID"] = self.after
        try:
            with (
                self.server.client(headers=headers, timeout=60) as http,
                http.stream("GET", "/feed") as answer,
            ):
                self.status = answer.status_code
                self.opened.set()
                kind, ident = None, None
                for line in answer.iter_lines():
                    if line.startswith("id: "):
                        ident = line[4:]
                    elif line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        data = orjson.loads(line[6:])
                        if kind != "checkpoint":
                            self.events.append((data["battle_id"], data["version"]))
                        self.last = ident
                        if len(self.events) >= self.stop_after:
                            return
        except httpx.HTTPError as exc:  # the server stopping under a reader left open
            self.error = exc
        finally:
            self.opened.set()
            self.done.set()


def test_a_reader_that_stops_and_resumes_under_a_writer_loses_and_repeats_nothing(
    feed_server: Running, keys_dir: Path
) -> None:
    key = new_key(keys_dir, "live")
    with feed_server.client(headers={"X-API-Key": key}) as http:
        battles = [create(http) for _ in range(3)]
    writes = 20

    def write(battle: dict[str, Any]) -> None:
        with feed_server.client(battle["director_token"]) as http:
            for n in range(writes):
                answer = http.post(f"/battles/{battle['battle_id']}/intents", json=step(n))
                assert answer.status_code == 201, answer.text

    first = FeedReader(feed_server, key, None, stop_after=25).start()
    writers = [threading.Thread(target=write, args=(b,)) for b in battles]
    for w in writers:
        w.start()
    assert first.done.wait(60)
    expected = 3 * (writes + 1)  # each battle's creation and its moves, one event each at least
    second = FeedReader(feed_server, key, first.last, stop_after=10**6).start()
    for w in writers:
        w.join(60)
    everything = sorted(e for b in battles for e in logged(feed_server, b))
    assert len(everything) >= expected
    deadline = datetime.now(UTC).timestamp() + 30
    while len(first.events) + len(second.events) < len(everything):
        assert datetime.now(UTC).timestamp() < deadline, "the resumed feed fell silent"
        threading.Event().wait(0.05)
    got = first.events + second.events
    assert sorted(got) == everything  # nothing lost, nothing repeated
    for battle in battles:
        versions = [v for b, v in got if b == battle["battle_id"]]
        assert versions == sorted(versions)


def test_feeds_are_capped_per_key_and_end_when_the_key_is_revoked(
    feed_server: Running, keys_dir: Path
) -> None:
    key = new_key(keys_dir, "capped")
    readers = [FeedReader(feed_server, key, None, stop_after=10**6).start() for _ in range(2)]
    with feed_server.client(headers={"X-API-Key": key, "Accept": "text/event-stream"}) as http:
        third = http.get("/feed")
    assert third.status_code == 429 and third.headers["retry-after"]
    assert [r.status for r in readers] == [200, 200]
    KeyFile(keys_dir / "api-keys.json").revoke("capped", datetime.now(UTC))
    assert all(r.done.wait(10) for r in readers), "a revoked key's feeds did not end"
