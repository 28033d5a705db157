"""The live stream: catch-up, live events, and a reconnect with Last-Event-ID."""

from __future__ import annotations

import json
import threading
from typing import Any

from tests.e2e.conftest import Running

STEPS = [[1, 2], [1, 3], [1, 4], [2, 4], [2, 3], [2, 2]]


def read_events(
    server: Running, url: str, token: str, count: int, **headers: str
) -> list[dict[str, Any]]:
    """Read `count` SSE events (ignoring heartbeats), then hang up."""
    got: list[dict[str, Any]] = []
    with (
        server.client(token, headers=headers) as http,
        http.stream("GET", url, timeout=15) as answer,
    ):
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/event-stream")
        event: dict[str, Any] = {}
        for line in answer.iter_lines():
            if line.startswith("id:"):
                event["id"] = int(line[3:].strip())
            elif line.startswith("event:"):
                event["event"] = line[6:].strip()
            elif line.startswith("data:"):
                event["data"] = json.loads(line[5:].strip())
            elif line == "" and "id" in event:
                got.append(event)
                event = {}
                if len(got) == count:
                    break
    return got


def test_a_stream_catches_up_then_follows_and_resumes_without_loss_or_repeat(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}/stream"
    with server.client(battle.director) as http:
        for to in STEPS[:3]:
            assert (
                http.post(
                    f"/battles/{battle.battle_id}/intents",
                    json={"type": "move", "creature": "hero", "path": [to]},
                ).status_code
                == 201
            )
        head = http.get(f"/battles/{battle.battle_id}").json()["version"]

    first = read_events(server, url, battle.director, head - 2)  # stop partway through the log
    last_seen = first[-1]["id"]

    def move_more() -> None:
        with server.client(battle.director) as http:
            for to in STEPS[3:]:
                http.post(
                    f"/battles/{battle.battle_id}/intents",
                    json={"type": "move", "creature": "hero", "path": [to]},
                )

    writer = threading.Thread(target=move_more)
    writer.start()
    writer.join()
    with server.client(battle.director) as http:
        final = http.get(f"/battles/{battle.battle_id}").json()["version"]
    rest = read_events(
        server, url, battle.director, final - last_seen, **{"Last-Event-ID": str(last_seen)}
    )

    ids = [e["id"] for e in first + rest]
    assert ids == list(range(1, final + 1))
    assert all(
        e["data"]["version"] == e["id"] and e["event"] == e["data"]["type"] for e in first + rest
    )


def test_live_events_arrive_while_the_client_waits(server: Running, new_battle) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}/stream?token={battle.director}"
    got: list[dict[str, Any]] = []
    reader = threading.Thread(
        target=lambda: got.extend(read_events(server, url, "", battle.version + 2))
    )
    reader.start()
    with server.client(battle.director) as http:
        moved = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2]]},
        )
    reader.join(timeout=15)
    assert not reader.is_alive()
    assert [e["id"] for e in got] == list(range(1, moved.json()["version"] + 1))
