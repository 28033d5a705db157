"""Every route of the contract names a query parameter it does not take in a 422, rather than
answering as if it had not been asked (server/api/query_parameters.py): one check for all."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.e2e.conftest import Battle, Running

HTML_PAGES = {"/battles/{battle_id}/view"}


def test_every_route_refuses_a_parameter_it_does_not_take(
    server: Running, new_battle: Callable[..., Battle]
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        spec = http.get("/openapi.json").json()
        moved = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2]]},
        )
        assert moved.status_code == 201, moved.text
        values = {
            "battle_id": battle.battle_id,
            "intent_id": moved.json()["intent_id"],
            "creature_id": "hero",
            "creature": "hero",
            "seat_id": "nobody",
        }
        tried = 0
        for path, operations in spec["paths"].items():
            if path in HTML_PAGES:
                continue
            url = re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)
            for method in operations:
                if method not in ("get", "post", "patch", "delete", "put"):
                    continue
                answer = http.request(method.upper(), url, params={"rules_version": "2"})
                assert answer.status_code == 422, (method, path, answer.status_code, answer.text)
                assert "rules_version" in answer.json()["detail"], (method, path)
                tried += 1
        # and a parameter a route takes is still taken
        found = http.get(f"/battles/{battle.battle_id}/events", params={"limit": 1})
        assert found.status_code == 200 and len(found.json()["events"]) == 1
    assert tried >= 25  # the whole contract (30 operations today), not a handful of routes
