"""Live streams share one reader of the log per process: every event reaches every stream
once and in order, idle streams cost no database reads of their own, a lost notice is made
good by the safety read, and one token's open streams are capped."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.wiring import wire_services
from tests.e2e.conftest import API_KEY, Running
from tests.e2e.sse_reader import Battle, Reader
from tests.integration.service.calls import BattleCalls
from tests.integration.service.conftest import Driven, LoopThread, skirmish

SETTINGS = {
    "streams_per_token": 3,
    "stream_heartbeat": 0.5,
    "stream_safety_poll": 1.0,
    "log_level": "warning",
    "api_key": API_KEY,
}


@pytest.fixture(scope="module")
def streaming(module_database: str) -> Iterator[Running]:
    settings = Settings(database_url=to_sqlalchemy_url(module_database), **SETTINGS)
    engine = make_engine(to_sqlalchemy_url(module_database), pool_size=20)
    try:
        with serving(create_app(settings, engine), log_level="warning") as url:
            yield Running(url, module_database)
    finally:
        engine.dispose()


def new_battle(server: Running, seats: int = 0) -> Battle:
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        made = http.post("/battles", json=skirmish()).json()
    battle = Battle(made["battle_id"], made["director_token"], [])
    with server.client(battle.director) as http:
        for _ in range(seats):
            seat = http.post(f"/battles/{battle.battle_id}/seats", json={"creatures": ["hero"]})
            battle.seats.append(seat.json()["token"])
    return battle


def head(server: Running, battle: Battle) -> int:
    with server.client(battle.director) as http:
        return int(http.get(f"/battles/{battle.battle_id}").json()["version"])


def move(server: Running, battle: Battle, to: list[int]) -> None:
    with server.client(battle.director) as http:
        answer = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "path": [to]},
        )
    assert answer.status_code == 201, answer.text


def metric(server: Running, sample: str) -> float:
    """A sample's value from /metrics (`name{label="value"}` as Prometheus prints it)."""
    for line in httpx.get(f"{server.url}/metrics").text.splitlines():
        if line.rsplit(" ", 1)[0] == sample:
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_streams_opened_while_the_log_grows_get_every_event_once_and_in_order(
    streaming: Running,
) -> None:
    battles = [new_battle(streaming, seats=4) for _ in range(2)]
    stop = threading.Event()

    def write(battle: Battle) -> None:
        squares = [[1, 2], [1, 1]]
        i = 0
        while not stop.is_set():
            move(streaming, battle, squares[i % 2])
            i += 1

    writers = [threading.Thread(target=write, args=(b,), daemon=True) for b in battles]
    for w in writers:
        w.start()
    chance = random.Random(14)
    readers: list[Reader] = []
    try:
        # three rounds of four tokens per battle (each token ends at its cap of three), each
        # stream opened while the writers are mid-append, resuming from anywhere in the log
        for _ in range(3):
            for battle in battles:
                for token in [battle.director, *battle.seats][:4]:
                    after = chance.choice([None, chance.randint(0, head(streaming, battle))])
                    readers.append(Reader(streaming, battle, token, after).start())
                    time.sleep(chance.uniform(0.0, 0.15))
    finally:
        time.sleep(1.0)
        stop.set()
        for w in writers:
            w.join(timeout=30)
    finals = {b.battle_id: head(streaming, b) for b in battles}
    for r in readers:
        r.stop_at = finals[r.battle.battle_id]
    for r in readers:
        assert r.done.wait(30), "a stream never reached the battle's head"
        assert r.error is None, r.error
        assert r.status == 200
        first = (r.after or 0) + 1
        assert r.ids == list(range(first, finals[r.battle.battle_id] + 1))
    assert all(final > 20 for final in finals.values())  # the writers really wrote meanwhile


def test_idle_streams_cost_one_read_per_safety_interval_for_the_whole_process(
    streaming: Running,
) -> None:
    battles = [new_battle(streaming, seats=2) for _ in range(3)]
    readers = [
        Reader(streaming, b, token, stop_at=None).start()
        for b in battles
        for token in [b.director, *b.seats]
        for _ in range(2)
    ]
    try:
        heads = {b.battle_id: head(streaming, b) for b in battles}
        logs = {b: list(range(1, h + 1)) for b, h in heads.items()}
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not all(
            r.ids == logs[r.battle.battle_id] for r in readers
        ):
            time.sleep(0.05)
        assert all(r.ids == logs[r.battle.battle_id] for r in readers)  # caught up
        hub0 = metric(streaming, 'turnledger_stream_log_reads_total{reader="hub"}')
        own0 = metric(streaming, 'turnledger_stream_log_reads_total{reader="catch-up"}')
        beats0 = [r.heartbeats for r in readers]
        time.sleep(4.0)
        hub1 = metric(streaming, 'turnledger_stream_log_reads_total{reader="hub"}')
        own1 = metric(streaming, 'turnledger_stream_log_reads_total{reader="catch-up"}')
        # 18 idle streams: no stream reads the log, and the hub reads about once a second
        # (the safety interval) for all of them, not once per stream.
        assert own1 == own0
        assert 1 <= hub1 - hub0 <= 6
        # heartbeats every half second keep each idle stream alive
        assert all(r.heartbeats - b >= 3 for r, b in zip(readers, beats0, strict=True))
        move(streaming, battles[0], [1, 2])
        deadline = time.monotonic() + 15
        live = [r for r in readers if r.battle is battles[0]]
        moved = logs[battles[0].battle_id] + [len(logs[battles[0].battle_id]) + i for i in (1, 2)]
        while time.monotonic() < deadline and not all(r.ids == moved for r in live):
            time.sleep(0.05)
        assert all(r.ids == moved for r in live)  # the move's two events, live
        assert all(r.ids == logs[r.battle.battle_id] for r in readers if r not in live)
        # handing the move to six streams took no read of their own
        assert metric(streaming, 'turnledger_stream_log_reads_total{reader="catch-up"}') == own1
        # and every read of the hub went through (a failing read only pauses it)
        exported = httpx.get(f"{streaming.url}/metrics").text.splitlines()
        assert "turnledger_stream_hub_failures_total 0.0" in exported
    finally:
        for r in readers:
            r.close()


def test_an_event_appended_without_a_notice_reaches_open_streams_by_the_safety_read(
    streaming: Running,
) -> None:
    battle = new_battle(streaming)
    reader = Reader(streaming, battle, battle.director).start()
    silent_engine = make_engine(to_sqlalchemy_url(streaming.database_uri), pool_size=2)
    runner = LoopThread()
    wired = wire_services(Settings(), silent_engine, notify="off")  # appends, never notifies
    try:
        runner.run(wired.start())
        service = Driven(BattleCalls(wired), runner)
        who = service.authenticate(battle.battle_id, battle.director)
        outcome = service.submit(who, {"type": "move", "creature": "hero", "path": [[1, 2]]})
        assert outcome.refused is None
        reader.stop_at = outcome.version
        assert reader.done.wait(15)
        assert reader.ids == list(range(1, outcome.version + 1))
    finally:
        reader.close()
        runner.run(wired.stop())
        runner.close()
        silent_engine.dispose()


def test_a_token_over_its_stream_cap_gets_429_with_retry_after_until_one_closes(
    streaming: Running,
) -> None:
    battle = new_battle(streaming, seats=1)
    held = [Reader(streaming, battle, battle.director).start() for _ in range(3)]
    try:
        assert all(r.status == 200 for r in held)
        with streaming.client(battle.director) as http:
            refused = http.get(f"/battles/{battle.battle_id}/stream")
        assert refused.status_code == 429
        assert refused.headers["content-type"].startswith("application/problem+json")
        assert int(refused.headers["retry-after"]) > 0
        assert refused.json()["type"] == "/problems/too-many-streams"
        other = Reader(streaming, battle, battle.seats[0]).start()  # another token: its own cap
        assert other.status == 200
        other.close()
        held[0].close()  # hangs up at its next heartbeat
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            again = Reader(streaming, battle, battle.director)
            again.start()
            again.close()
            if again.status == 200:
                break
            time.sleep(0.2)
        assert again.status == 200
    finally:
        for r in held:
            r.close()
