"""Concurrent clients on one battle: every acknowledged intent is in the log exactly once."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from tests.e2e.conftest import Running

SQUARES = [[1, 2], [1, 1]]


def test_concurrent_movers_each_land_exactly_once(server: Running, new_battle) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}/intents"

    def client(n: int) -> list[tuple[int, str | None]]:
        answers = []
        creature, home = ("hero", 1) if n % 2 == 0 else ("gob", 9)
        with server.client(battle.director) as http:
            for i in range(10):
                to = [home, 2] if i % 2 == 0 else [home, 1]
                answer = http.post(
                    url,
                    json={"type": "move", "creature": creature, "path": [to]},
                    headers={"Idempotency-Key": f"c{n}-{i}"},
                )
                if answer.status_code == 201:
                    answers.append((answer.json()["version"], answer.json()["intent_id"]))
                    # a retry of an acknowledged request is answered, not appended again
                    again = http.post(
                        url,
                        json={"type": "move", "creature": creature, "path": [to]},
                        headers={"Idempotency-Key": f"c{n}-{i}"},
                    )
                    assert again.json()["intent_id"] == answer.json()["intent_id"]
                else:
                    assert answer.status_code in (422, 503), answer.text
        return answers

    with ThreadPoolExecutor(8) as pool:
        acknowledged = [a for answers in pool.map(client, range(8)) for a in answers]

    with server.client(battle.director) as http:
        log = []
        after = 0
        while page := http.get(
            url.replace("/intents", "/events"), params={"after": after, "limit": 1000}
        ).json()["events"]:
            log.extend(page)
            after = page[-1]["version"]
    accepted = Counter(e["intent_id"] for e in log if e["type"] == "IntentAccepted")
    assert acknowledged
    assert all(accepted[intent_id] == 1 for _, intent_id in acknowledged)
    assert len({v for v, _ in acknowledged}) == len(acknowledged)
    assert [e["version"] for e in log] == list(range(1, len(log) + 1))
