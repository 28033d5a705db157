"""The campaign feed and token revocation on the Citus cluster: a writer on battles spread over
both workers and a feed reader that stops and resumes from its checkpoint lose and repeat
nothing; a rotated director token stops at once."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.trust.api_keys import KeyFile
from tests.e2e.conftest import Running
from tests.e2e.test_campaign_feed import FeedReader, create, logged, step

BATTLES = 6
WRITES = 8


@pytest.fixture(scope="module")
def keys_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cluster-keys")


@pytest.fixture(scope="module")
def feed_cluster(citus_module_database_uri: str, keys_dir: Path) -> Iterator[Running]:
    url = to_sqlalchemy_url(citus_module_database_uri)
    settings = Settings(
        database_url=url, data_dir=keys_dir, log_level="warning", stream_heartbeat=0.3
    )
    engine = make_engine(url, pool_size=20)
    try:
        with serving(create_app(settings, engine), log_level="warning") as base:
            yield Running(base, citus_module_database_uri)
    finally:
        engine.dispose()


def test_the_feed_resumes_without_loss_or_repeat_across_the_workers(
    feed_cluster: Running, keys_dir: Path
) -> None:
    key = KeyFile(keys_dir / "api-keys.json").create("cluster", datetime.now(UTC))[1]
    with feed_cluster.client(headers={"X-API-Key": key}) as http:
        battles = [create(http) for _ in range(BATTLES)]

    def write(battle: dict[str, Any]) -> None:
        with feed_cluster.client(battle["director_token"]) as http:
            for n in range(WRITES):
                answer = http.post(f"/battles/{battle['battle_id']}/intents", json=step(n))
                assert answer.status_code == 201, answer.text

    first = FeedReader(feed_cluster, key, None, stop_after=BATTLES * 2 + 10).start()
    writers = [threading.Thread(target=write, args=(b,)) for b in battles]
    for w in writers:
        w.start()
    assert first.done.wait(120)
    second = FeedReader(feed_cluster, key, first.last, stop_after=10**6).start()
    for w in writers:
        w.join(120)
    everything = sorted(e for b in battles for e in logged(feed_cluster, b))
    deadline = time.monotonic() + 60
    while len(first.events) + len(second.events) < len(everything):
        assert time.monotonic() < deadline, "the resumed feed fell silent"
        time.sleep(0.05)
    got = first.events + second.events
    assert sorted(got) == everything  # nothing lost, nothing repeated
    for battle in battles:
        versions = [v for b, v in got if b == battle["battle_id"]]
        assert versions == sorted(versions)


def test_a_rotated_director_token_stops_on_the_cluster(
    feed_cluster: Running, keys_dir: Path
) -> None:
    key = KeyFile(keys_dir / "api-keys.json").create("tokens", datetime.now(UTC))[1]
    with feed_cluster.client(headers={"X-API-Key": key}) as http:
        made = create(http)
        seat = http.post(f"/battles/{made['battle_id']}/seats", json={"creatures": ["hero"]})
        rotated = http.post(f"/battles/{made['battle_id']}/director-token/rotate")
        revoked = http.delete(f"/battles/{made['battle_id']}/seats/{seat.json()['seat_id']}")
    assert rotated.status_code == 200 and revoked.status_code == 200, rotated.text
    for token in (made["director_token"], seat.json()["token"]):
        with feed_cluster.client(token) as http:
            answer = http.get(f"/battles/{made['battle_id']}")
        assert answer.status_code == 401 and "revoked" in answer.json()["detail"]
    with feed_cluster.client(rotated.json()["director_token"]) as http:
        assert http.get("/battles").json()["battles"][0]["battle_id"] == made["battle_id"]
