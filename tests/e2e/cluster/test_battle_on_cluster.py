"""A battle played over real HTTP against a server whose database is the Citus cluster: intents,
a refusal, undo and redo, a judgement, the hash chain, and a stream resumed where it stopped;
and battles created through the API land on both workers."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.e2e.conftest import API_KEY, Battle, Running, seat
from tests.e2e.test_stream import read_events
from tests.integration.service.conftest import skirmish


@pytest.fixture(scope="module")
def cluster_server(citus_module_database_uri: str) -> Iterator[Running]:
    url = to_sqlalchemy_url(citus_module_database_uri)
    settings = Settings(database_url=url, api_key=API_KEY, log_level="warning")
    engine = make_engine(url, pool_size=20)
    try:
        with serving(create_app(settings, engine), log_level="warning") as base:
            yield Running(base, citus_module_database_uri)
    finally:
        engine.dispose()


def create(server: Running) -> tuple[str, str]:
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        answer = http.post("/battles", json=skirmish())
    assert answer.status_code == 201, answer.text
    return answer.json()["battle_id"], answer.json()["director_token"]


def move(http, battle_id: str, creature: str, path: list[list[int]], **extra):  # type: ignore[no-untyped-def]
    return http.post(
        f"/battles/{battle_id}/intents",
        json={"type": "move", "creature": creature, "path": path, **extra},
    )


def test_a_battle_is_played_undone_judged_and_streamed_on_the_cluster(
    cluster_server: Running,
) -> None:
    battle_id, director = create(cluster_server)
    player = seat(cluster_server, Battle(battle_id, director, 0), ["hero"])
    url = f"/battles/{battle_id}"
    with cluster_server.client(player) as http:
        first = move(http, battle_id, "hero", [[1, 2]])
        second = move(http, battle_id, "hero", [[1, 3]], expected_version=first.json()["version"])
        into_wall = move(http, battle_id, "hero", [[2, 2], [3, 1]])
        stale = move(http, battle_id, "hero", [[1, 4]], expected_version=first.json()["version"])
    assert first.status_code == second.status_code == 201, (first.text, second.text)
    assert into_wall.status_code == 422 and into_wall.json()["rule"]
    assert stale.status_code == 409

    with cluster_server.client(director) as http:
        undone = http.post(f"{url}/undo")
        after_undo = http.get(url).json()
        redone = http.post(f"{url}/redo")
        after_redo = http.get(url).json()
        judged = http.get(f"{url}/intents/{second.json()['intent_id']}/judgement")
        verified = http.get(f"{url}/verify").json()
        log = http.get(f"{url}/events", params={"after": 0, "limit": 500}).json()["events"]
    assert undone.status_code == redone.status_code == 201
    assert after_undo["creatures"]["hero"]["position"] == [1, 2, 0]
    assert after_redo["creatures"]["hero"]["position"] == [1, 3, 0]
    assert judged.status_code == 200 and judged.json()["matches"] is True, judged.text
    head = after_redo["version"]
    assert verified["ok"] and verified["checked"] == head
    assert [e["version"] for e in log] == list(range(1, head + 1))

    stream = f"{url}/stream"
    early = read_events(cluster_server, stream, director, 3)
    rest = read_events(
        cluster_server, stream, director, head - 3, **{"Last-Event-ID": str(early[-1]["id"])}
    )
    assert [e["id"] for e in early + rest] == list(range(1, head + 1))
    assert [e["event"] for e in early + rest] == [e["type"] for e in log]


def test_battles_created_through_the_api_land_on_both_workers(cluster_server: Running) -> None:
    battles = [create(cluster_server)[0] for _ in range(8)]
    with psycopg.connect(cluster_server.database_uri) as conn:
        ports = {
            row[0]
            for row in conn.execute(
                "SELECT DISTINCT s.nodeport FROM unnest(%s::text[]) AS b(id)"
                " JOIN citus_shards AS s ON s.table_name = 'event_log'::regclass"
                " AND s.shardid = get_shard_id_for_distribution_column('event_log', b.id)",
                (battles,),
            )
        }
        workers = {
            row[0] for row in conn.execute("SELECT nodeport FROM pg_dist_node WHERE groupid > 0")
        }
    assert ports == workers and len(workers) == 2


def test_rulings_questions_and_listing_work_on_the_cluster(cluster_server: Running) -> None:
    battle_id, director = create(cluster_server)
    url = f"/battles/{battle_id}"
    ruled = {"overrule": {"reason": "the table agreed"}}
    with cluster_server.client(director) as http:
        through = move(http, battle_id, "hero", [[2, 1], [3, 1], [4, 1]], **ruled)
        rulings = http.get(f"{url}/rulings").json()["rulings"]
        moved = http.get(f"{url}/creatures/hero/movement", params={"round": 1}).json()
        filtered = http.get(f"{url}/events", params={"creature": "hero", "type": "Moved"})
        described = http.patch(url, json={"tags": ["on-the-cluster"]})
        closed = http.post(f"{url}/close", json={"reason": "done"})
        after = move(http, battle_id, "hero", [[4, 2]])
    with cluster_server.client(headers={"X-API-Key": API_KEY}) as http:
        listed = http.get("/battles", params={"tag": "on-the-cluster"}).json()["battles"]
    assert through.status_code == 201, through.text
    assert [r["rule"] for r in rulings] == [o["rule"] for o in through.json()["overruled"]]
    assert moved["willing"]["distance"] > 0 and moved["rulings"]
    assert [e["type"] for e in filtered.json()["events"]] == ["Moved"]
    assert described.status_code == 200 and closed.status_code == 200
    assert after.status_code == 409
    assert [b["battle_id"] for b in listed] == [battle_id]
