"""An idempotent replay is authorised exactly like the first request: a player who replays
another player's `Idempotency-Key` and body for a creature it does not control is refused
(403), and learns nothing of the first answer (issue "The edge holds")."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Running, seat

MOVE = {"type": "move", "creature": "hero", "path": [[1, 2]]}


def test_a_replay_of_another_players_key_for_a_creature_not_controlled_is_403(
    server: Running, new_battle: Any
) -> None:
    battle = new_battle()
    hero_player, goblin_player = seat(server, battle, ["hero"]), seat(server, battle, ["gob"])
    url, key = f"/battles/{battle.battle_id}/intents", {"Idempotency-Key": "hero-move-1"}
    with server.client(hero_player) as http:
        first = http.post(url, json=MOVE, headers=key)
        again = http.post(url, json=MOVE, headers=key)
    with server.client(goblin_player) as http:
        stolen = http.post(url, json=MOVE, headers=key)
        other_body = http.post(url, json={**MOVE, "path": [[1, 3]]}, headers=key)
        head = http.get(f"/battles/{battle.battle_id}").json()["version"]
    with server.client(battle.director) as http:
        directed = http.post(url, json=MOVE, headers=key)
    assert first.status_code == 201
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert stolen.status_code == 403, stolen.text
    assert stolen.json()["rule"] == "auth/not-your-creature"
    assert "events" not in stolen.json()
    assert other_body.status_code == 403
    assert head == first.json()["version"]  # nothing appended by either
    assert directed.status_code == 201  # the director may do what the player did
    assert directed.headers["Idempotent-Replayed"] == "true"
