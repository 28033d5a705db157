"""Servers that serve from the Citus workers, not the coordinator (ops/SCALING.md, "Servers on
the workers"): a server connected to one worker plays, reads and verifies battles stored on
either worker (the append is delegated from its worker to the battle's), two servers on
different workers write one battle without breaking its chain or its version order, a stream
on one hears the other's appends through the coordinator they both listen on, and the
coordinator-only work (migrations) and the listening node are refused on a worker."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psycopg
import pytest

from events.migrate import NotTheCoordinator, upgrade
from events.notifier import CHANNEL
from ops.citus.cluster import CitusCluster
from ops.citus.stack import database_balancer
from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.trust.roles import RoleSetupFailed, check_serving_node
from tests.e2e.conftest import API_KEY, Running
from tests.e2e.test_stream import read_events
from tests.integration.service.conftest import skirmish

MOVES_EACH = 12
SEATS = 3


def on_worker(cluster: CitusCluster, coordinator_uri: str, index: int) -> str:
    """The same database on worker `index` (the clone exists on every node)."""
    return cluster.workers[index].uri(coordinator_uri.rsplit("/", 1)[1])


@pytest.fixture(scope="module")
def worker_servers(
    citus_cluster: CitusCluster, citus_module_database_uri: str
) -> Iterator[list[Running]]:
    """One server on each worker; both announce and listen on the coordinator. A battle may
    have SEATS seats."""
    started: list[Running] = []
    with contextlib.ExitStack() as stack:
        for index in range(2):
            uri = on_worker(citus_cluster, citus_module_database_uri, index)
            url = to_sqlalchemy_url(uri)
            settings = Settings(
                database_url=url,
                migration_database_url=to_sqlalchemy_url(citus_module_database_uri),
                notify_database_url=to_sqlalchemy_url(citus_module_database_uri),
                api_key=API_KEY,
                log_level="warning",
                seats_per_battle=SEATS,
                decide_threads=4,
            )
            engine = make_engine(url, pool_size=20)
            stack.callback(engine.dispose)
            base = stack.enter_context(serving(create_app(settings, engine), log_level="warning"))
            started.append(Running(base, uri))
        yield started


def create(server: Running) -> tuple[str, str]:
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        answer = http.post("/battles", json=skirmish())
    assert answer.status_code == 201, answer.text
    return answer.json()["battle_id"], answer.json()["director_token"]


def move(http: Any, battle_id: str, creature: str, to: list[int]) -> Any:
    return http.post(
        f"/battles/{battle_id}/intents", json={"type": "move", "creature": creature, "path": [to]}
    )


def worker_port_of(database_uri: str, battle_id: str) -> int:
    with psycopg.connect(database_uri) as conn:
        row = conn.execute(
            "SELECT nodeport FROM citus_shards WHERE table_name = 'event_log'::regclass"
            " AND shardid = get_shard_id_for_distribution_column('event_log', %s::text)",
            (battle_id,),
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_a_server_on_a_worker_plays_reads_and_verifies_battles_on_both_workers(
    worker_servers: list[Running], citus_cluster: CitusCluster
) -> None:
    server = worker_servers[0]
    battles = [create(server) for _ in range(8)]
    ports = {worker_port_of(server.database_uri, battle_id) for battle_id, _ in battles}
    assert ports == {w.port for w in citus_cluster.workers}  # local and delegated appends
    for battle_id, director in battles:
        url = f"/battles/{battle_id}"
        with server.client(director) as http:
            first = move(http, battle_id, "hero", [1, 2])
            second = move(http, battle_id, "hero", [1, 3])
            state = http.get(url).json()
            verified = http.get(f"{url}/verify").json()
            log = http.get(f"{url}/events", params={"after": 0, "limit": 500}).json()["events"]
        assert first.status_code == second.status_code == 201, (first.text, second.text)
        assert state["creatures"]["hero"]["position"] == [1, 3, 0]
        assert verified["ok"] and verified["checked"] == state["version"]
        assert [e["version"] for e in log] == list(range(1, state["version"] + 1))


def test_a_keyed_creation_on_a_worker_is_kept_once_for_every_server(
    worker_servers: list[Running],
) -> None:
    """Creation keys live in a reference table (a copy on every node), written from a worker."""
    headers = {"X-API-Key": API_KEY, "Idempotency-Key": "made-on-a-worker"}
    answers = []
    for server in (*worker_servers, worker_servers[0]):
        with server.client(headers=headers) as http:
            answers.append(http.post("/battles", json=skirmish()))
    assert [a.status_code for a in answers] == [201, 201, 201], [a.text for a in answers]
    assert len({a.json()["battle_id"] for a in answers}) == 1


def test_two_servers_on_different_workers_write_one_battle_in_order(
    worker_servers: list[Running], citus_module_database_uri: str
) -> None:
    coordinator_uri = citus_module_database_uri
    first, second = worker_servers
    battle_id, director = create(first)
    url = f"/battles/{battle_id}"
    with first.client(director) as http:
        head = http.get(url).json()["version"]

    def play(
        server: Running, creature: str, squares: list[list[int]], moves: int = MOVES_EACH
    ) -> list[int]:
        codes = []
        with server.client(director) as http:
            for n in range(moves):
                codes.append(move(http, battle_id, creature, squares[n % 2]).status_code)
        return codes

    expected = 2 * MOVES_EACH + 2
    with ThreadPoolExecutor(3) as pool:
        # a stream on the second server, from the head: it must hear the first's appends
        listening = pool.submit(
            read_events, second, f"{url}/stream", director, expected, **{"Last-Event-ID": str(head)}
        )
        heroes = pool.submit(play, first, "hero", [[1, 2], [1, 1]])
        gobs = pool.submit(play, second, "gob", [[9, 2], [9, 1]])
        codes = heroes.result() + gobs.result()
        assert codes == [201] * (2 * MOVES_EACH)
        # then the first server alone, heard where every server listens: the coordinator
        with psycopg.connect(coordinator_uri, autocommit=True) as listener:
            listener.execute(f"LISTEN {CHANNEL}")
            assert play(first, "hero", [[1, 2], [1, 1]], moves=2) == [201, 201]
            notices = list(listener.notifies(timeout=5, stop_after=1))
        streamed = listening.result(timeout=30)
    assert notices, "the first server's appends were not announced on the coordinator"

    with second.client(director) as http:
        verified = http.get(f"{url}/verify").json()
        log = http.get(f"{url}/events", params={"after": 0, "limit": 500}).json()["events"]
    last = log[-1]["version"]
    assert verified["ok"] and verified["checked"] == last
    assert [e["version"] for e in log] == list(range(1, last + 1))
    assert last >= head + expected
    assert [e["id"] for e in streamed] == list(range(head + 1, head + 1 + expected))
    # version order and the log's numbering agree per node: within an origin, positions rise
    with psycopg.connect(first.database_uri) as conn:
        positions = [
            row[0]
            for row in conn.execute(
                "SELECT global_position FROM event_log WHERE battle_id = %s ORDER BY version",
                (battle_id,),
            )
        ]
    assert positions == sorted(positions)


def test_migrations_and_a_server_without_a_meeting_node_are_refused_on_a_worker(
    citus_cluster: CitusCluster, citus_module_database_uri: str
) -> None:
    engine = make_engine(
        to_sqlalchemy_url(on_worker(citus_cluster, citus_module_database_uri, 1)), pool_size=1
    )
    try:
        with pytest.raises(NotTheCoordinator, match="coordinator"):
            upgrade(engine)
        with pytest.raises(RoleSetupFailed, match="TURNLEDGER_NOTIFY_DATABASE_URL"):
            check_serving_node(engine, None)
        check_serving_node(engine, citus_module_database_uri)
    finally:
        engine.dispose()
    coordinator = make_engine(to_sqlalchemy_url(citus_module_database_uri), pool_size=1)
    try:
        check_serving_node(coordinator, None)  # the coordinator is every server's node
    finally:
        coordinator.dispose()


def test_a_server_behind_a_balancer_over_the_workers_spreads_its_connections(
    citus_cluster: CitusCluster, citus_module_database_uri: str
) -> None:
    """The compose shape (ops/haproxy/workers.cfg): HAProxy in TCP mode in front of the
    workers, the server's DATABASE_URL naming the balancer."""
    coordinator = to_sqlalchemy_url(citus_module_database_uri)
    name = citus_module_database_uri.rsplit("/", 1)[1]
    workers = [("127.0.0.1", w.port) for w in citus_cluster.workers]
    with database_balancer(workers) as (port, _):
        url = to_sqlalchemy_url(f"postgresql://postgres@127.0.0.1:{port}/{name}")
        settings = Settings(
            database_url=url,
            migration_database_url=coordinator,
            notify_database_url=coordinator,
            api_key=API_KEY,
            log_level="warning",
        )
        engine = make_engine(url, pool_size=20)
        try:
            with serving(create_app(settings, engine), log_level="warning") as base:
                server = Running(base, citus_module_database_uri)
                for battle_id, director in [create(server) for _ in range(4)]:
                    with server.client(director) as http:
                        moved = move(http, battle_id, "hero", [1, 2])
                        verified = http.get(f"/battles/{battle_id}/verify").json()
                    assert moved.status_code == 201, moved.text
                    assert verified["ok"] and verified["checked"] == moved.json()["version"]
                serving_connections = []
                for worker in citus_cluster.workers:
                    with psycopg.connect(worker.uri(name)) as conn:
                        row = conn.execute(
                            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"
                            " AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
                            " AND application_name NOT LIKE 'citus%%'",
                            (name,),
                        ).fetchone()
                    assert row is not None
                    serving_connections.append(int(row[0]))
        finally:
            engine.dispose()
    assert all(count > 0 for count in serving_connections), serving_connections


def test_servers_on_different_workers_never_seat_more_than_a_battle_may_have(
    worker_servers: list[Running],
) -> None:
    """The seat limit's lock is taken on the battle's node, which every server reaches, not on
    the node a server happens to be connected to (where it would exclude nobody else)."""

    def sit(battle_id: str, director: str, n: int) -> int:
        with worker_servers[n % 2].client(director) as http:
            answer = http.post(f"/battles/{battle_id}/seats", json={"creatures": ["hero"]})
        return answer.status_code

    for _ in range(3):  # a race is a matter of timing: several rounds of many at once
        battle_id, director = create(worker_servers[0])
        with ThreadPoolExecutor(16) as pool:
            codes = list(pool.map(sit, [battle_id] * 16, [director] * 16, range(16)))
        with psycopg.connect(worker_servers[0].database_uri) as conn:
            row = conn.execute(
                "SELECT count(*) FROM battle_seats WHERE battle_id = %s", (battle_id,)
            ).fetchone()
        assert row is not None and row[0] == SEATS, (row, codes)
        assert codes.count(201) == SEATS and set(codes) == {201, 422}, codes
