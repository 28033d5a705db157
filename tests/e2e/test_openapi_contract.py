"""The OpenAPI document describes what the server really sends.

A battle of every ruleset is played over real HTTP (moves, reaction windows, forced movement,
the director's intents, dry runs, undo, redo, judgement, replay, what-if, refusals) and every
answer, success or problem, is validated against the schema `/openapi.json` declares for its
route and status. The document itself is checked for what generated clients need.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from events.vocabulary import registry
from tests.e2e.conftest import API_KEY, Running
from tests.e2e.openapi_check import Contract
from tests.e2e.test_gridless import CLIMB_ONTO_PLATFORM, warcry


@pytest.fixture(scope="module")
def contract(server: Running) -> Contract:
    with server.client(timeout=120) as http:  # made on the first call: seconds on a busy machine
        return Contract(http.get("/openapi.json").json())


def checked_client(server: Running, contract: Contract, token: str | None) -> httpx.Client:
    def check(answer: httpx.Response) -> None:
        answer.read()
        if answer.request.url.path.endswith("/stream") or answer.status_code == 500:
            return
        contract.check(answer)

    headers = {"X-API-Key": API_KEY}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.Client(
        base_url=server.url, headers=headers, timeout=30, event_hooks={"response": [check]}
    )


def grid(ruleset: str, walk: int) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "seed": 5,
        "options": {"turns": True},
        "map": {
            "width": 10,
            "height": 8,
            "terrain": [
                {"kind": "difficult", "cells": [[3, 1], [3, 2]]},
                {"kind": "wall", "cells": [[6, 2], [6, 3], [6, 4]], "height": 3},
            ],
            "elevation": [{"cells": [[1, 6], [2, 6]], "height": 3}],
        },
        "creatures": [
            {"id": "hero", "name": "Hero", "side": "heroes", "at": [1, 2],
             "speeds": {"walk": walk}, "stats": {"might": 2, "agility": 1}, "hp": 20},
            {"id": "orc", "name": "Orc", "side": "monsters", "at": [2, 3],
             "speeds": {"walk": walk}, "stats": {"might": 2, "agility": 0}, "hp": 20},
            {"id": "elf", "name": "Elf", "side": "heroes", "at": [1, 6],
             "speeds": {"walk": walk}, "hp": 12},
        ],
    }  # fmt: skip


GRID_SCRIPT: list[dict[str, Any]] = [
    {"type": "start_turn", "creature": "hero"},
    {"type": "move", "creature": "hero", "path": [[2, 1], [3, 1]]},
    {"type": "resolve", "decision": "take"},
    {"type": "end_turn", "creature": "hero"},
    {"type": "start_turn", "creature": "orc"},
    {"type": "force_move", "source": "orc", "target": "hero", "kind": "push", "distance": 3},
    {"type": "move", "creature": "orc", "to": [5, 3]},
    {"type": "fall_prone", "creature": "orc"},
    {"type": "stand_up", "creature": "orc"},
    {"type": "force_move", "source": "orc", "target": "elf", "kind": "slide", "distance": 2,
     "path": [[1, 7], [2, 7]]},
    {"type": "end_turn", "creature": "orc"},
    {"type": "set_terrain", "kind": "difficult", "cells": [[8, 7]]},
    {"type": "set_condition", "creature": "elf", "condition": "slowed", "on": True},
    {"type": "place", "creature": {"id": "imp", "name": "Imp", "side": "monsters", "at": [9, 0],
                                   "speeds": {"walk": 5}, "hp": 3}},
    {"type": "remove", "creature": "imp"},
    {"type": "teleport", "creature": "elf", "to": [8, 6], "distance": 10},
    {"type": "move", "creature": "hero", "path": [[9, 9]]},
]  # fmt: skip
"""Intents for every grid ruleset; some are refused by some rulesets, which is checked too."""

WARCRY_SCRIPT: list[dict[str, Any]] = [
    {"type": "move", "creature": "f1", "legs": CLIMB_ONTO_PLATFORM},
    {"type": "move", "creature": "f1", "legs": [{"kind": "jump", "to": [11.0, 5.0, 0.0]}]},
    {"type": "move", "creature": "f2", "to": [18.5, 15.0]},
    {"type": "move", "creature": "f2", "legs": [{"kind": "fly", "to": [40.0, 15.0, 0.0]}]},
]


def play(http: httpx.Client, battle: str, script: list[dict[str, Any]]) -> None:
    url = f"/battles/{battle}"
    for intent in script:
        if intent["type"] == "resolve":
            pending = http.get(url).json()["pending_reactions"]
            if not pending:
                continue
            intent = {"type": "resolve_reaction", "reaction": pending[0]["id"], "decision": "take"}
        http.post(f"{url}/intents", params={"dry_run": "true"}, json=intent)
        http.post(f"{url}/intents", json=intent)


def explore(http: httpx.Client, battle: str, creature: str) -> None:
    """Every reading and history route, with good and bad requests."""
    url = f"/battles/{battle}"
    state = http.get(url).json()
    head = state["version"]
    http.get(url, params={"version": 2})
    http.get(url, params={"version": head + 50})
    http.get(f"{url}/reach", params={"creature": creature})
    http.get(f"{url}/reach", params={"creature": "nobody"})
    page = http.get(f"{url}/events", params={"after": 0, "limit": 1000}).json()
    http.get(f"{url}/events", params={"narrate": "true", "limit": 1000})
    http.get(f"{url}/verify")
    http.get(f"{url}/replay", params={"from": 1, "to": head})
    http.get(f"{url}/replay", params={"from": 1, "to": head, "states": "changes"})
    actions = [e for e in page["events"] if e["type"] == "IntentAccepted"]
    for opening in actions:
        http.get(f"{url}/intents/{opening['intent_id']}/judgement")
    http.get(f"{url}/intents/no-such-action/judgement")
    last = actions[-1]["data"]["intent"]
    if last.get("type") not in ("undo", "redo", "create_battle"):
        http.post(f"{url}/what-if", json={"version": max(1, head - 3), "intents": [last]})
    http.post(f"{url}/what-if", json={"version": 1, "intents": [{"type": "fly"}]})
    http.post(f"{url}/undo")
    http.post(f"{url}/redo", json={})
    http.post(f"{url}/redo")
    http.post(f"{url}/undo", json={"to_version": 1})
    http.post(f"{url}/undo", json={"to_version": 1, "intent_id": "x"})
    http.post(f"{url}/intents", json={"type": "move", "creature": creature, "path": []},
              headers={"Idempotency-Key": "k"})  # fmt: skip
    http.post(f"{url}/intents", json={"type": "teleport"})
    http.post(f"{url}/undo", json={"expected_version": 1})


RULESETS = ["draw-steel", "epic-path", "one-two-one", "action-points"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_answer_of_a_grid_battle_fits_its_declared_schema(
    server: Running, contract: Contract, ruleset: str
) -> None:
    body = grid(ruleset, 30 if ruleset == "epic-path" else 6)
    with checked_client(server, contract, None) as http:
        created = http.post("/battles", json=body)
        assert created.status_code == 201, created.text
        battle, token = created.json()["battle_id"], created.json()["director_token"]
    with checked_client(server, contract, token) as http:
        http.post(f"/battles/{battle}/seats", json={"creatures": ["hero"], "name": "Ana"})
        play(http, battle, GRID_SCRIPT)
        explore(http, battle, "hero")
    with checked_client(server, contract, "not-a-token") as http:
        assert http.get(f"/battles/{battle}").status_code == 401
    assert {"Moved", "IntentAccepted", "ActionUndone", "ActionRedone"} <= contract.event_types


def test_every_answer_of_a_gridless_battle_fits_its_declared_schema(
    server: Running, contract: Contract
) -> None:
    with checked_client(server, contract, None) as http:
        created = http.post("/battles", json=warcry())
        battle, token = created.json()["battle_id"], created.json()["director_token"]
    with checked_client(server, contract, token) as http:
        play(http, battle, WARCRY_SCRIPT)
        explore(http, battle, "f1")
    assert "MovedInches" in contract.event_types


def test_bad_requests_answer_the_declared_problem(server: Running, contract: Contract) -> None:
    with checked_client(server, contract, None) as http:
        assert http.post("/battles", json={"ruleset": "chess"}).status_code == 422
        malformed = http.post(
            "/battles", content=b"{", headers={"Content-Type": "application/json"}
        )
        assert malformed.status_code == 400
        assert http.post("/battles", content=b"{}").status_code == 415
        assert http.post("/battles", json={"ruleset": "draw-steel", "x": 1}).status_code == 422
        assert http.get("/healthz").status_code == 200


def test_every_event_type_of_the_vocabulary_has_its_schemas(contract: Contract) -> None:
    schemas = contract.spec["components"]["schemas"]
    page = schemas["EventsPage"]["properties"]["events"]["items"]
    mapping = page["discriminator"]["mapping"]
    assert set(mapping) == set(registry.types) | {"Unseen"}  # a hidden creature's placeholder
    for name, model in registry.types.items():
        data = schemas[f"{name}Data"]
        assert set(data["properties"]) == set(model.model_fields) - {"type"}, name
        for shape in ("Envelope", "Event", "Record"):
            assert schemas[f"{name}{shape}"]["properties"]["type"]["const"] == name


def all_properties(spec: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    def walk(where: str, schema: Any) -> Iterator[tuple[str, str, dict[str, Any]]]:
        if isinstance(schema, dict):
            for name, prop in schema.get("properties", {}).items():
                yield where, name, prop
            for key, value in schema.items():
                if key != "properties":
                    yield from walk(where, value)
            for name, prop in schema.get("properties", {}).items():
                yield from walk(f"{where}.{name}", prop)
        elif isinstance(schema, list):
            for value in schema:
                yield from walk(where, value)

    for name, schema in spec["components"]["schemas"].items():
        yield from walk(name, schema)


def test_every_property_in_the_document_is_described(contract: Contract) -> None:
    bare = [f"{where}.{name}" for where, name, prop in all_properties(contract.spec)
            if not prop.get("description")]  # fmt: skip
    assert bare == []


def test_the_document_is_fit_for_generated_clients(contract: Contract) -> None:
    spec = contract.spec
    ids = [op["operationId"] for ops in spec["paths"].values() for op in ops.values()]
    assert len(ids) == len(set(ids))
    assert all(op.isidentifier() and op.islower() and len(op) <= 16 for op in ids), ids
    assert {"submit_intent", "undo", "redo", "create_battle", "get_state"} <= set(ids)
    assert spec["components"]["securitySchemes"]["battleToken"]["scheme"] == "bearer"
    submit = spec["paths"]["/battles/{battle_id}/intents"]["post"]
    assert {"battleToken": []} in submit["security"]
    for path in ("/battles/{battle_id}/undo", "/battles/{battle_id}/redo"):
        body = spec["paths"][path]["post"]["requestBody"]
        assert not body.get("required", False)
        assert "anyOf" not in body["content"]["application/json"]["schema"]
    text = str(spec)
    assert "DESIGN" not in text and "Loose" not in text
    judgement = spec["paths"]["/battles/{battle_id}/intents/{intent_id}/judgement"]["get"]
    assert judgement["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Judgement"
    }
    options = spec["components"]["schemas"]["DrawSteelOptions"]["properties"]
    assert 'Default: `"ask"`' in options["opportunity_attacks"]["description"]
    assert "reactor" in options["opportunity_attacks"]["description"]


def test_required_alone_says_what_may_be_left_out(contract: Contract) -> None:
    """openapi-typescript makes a property with a `default` non-optional; the document keeps
    `default` only on required properties, so every generator reads it the same way."""
    schemas = contract.spec["components"]["schemas"]
    defaulted = [f"{where}.{name}" for where, name, prop in all_properties(contract.spec)
                 if "default" in prop and name not in _required_at(schemas, where)]  # fmt: skip
    assert defaulted == []
    assert sorted(schemas["Move"]["required"]) == ["creature", "type"]
    assert schemas["IntentOut"]["properties"]["dry_run"]["const"] is False
    assert schemas["DryRunOut"]["properties"]["dry_run"]["const"] is True
    assert {"dry_run", "replayed", "intent_id"} <= set(schemas["IntentOut"]["required"])
    assert "movement_left" in schemas["CreatureView"]["required"]
    assert "base" not in schemas["CreatureView"]["required"]


def _required_at(schemas: dict[str, Any], where: str) -> set[str]:
    node: Any = schemas[where.split(".")[0]]
    for part in where.split(".")[1:]:
        node = node["properties"][part]
    return set(node.get("required", [])) if isinstance(node, dict) else set()


def stream_messages(server: Running, battle: str, token: str, count: int) -> list[dict[str, Any]]:
    """The first `count` events of a battle's live stream, each message's parsed `data`."""
    import json

    found: list[dict[str, Any]] = []
    with (
        httpx.Client(base_url=server.url, timeout=30) as http,
        http.stream(
            "GET", f"/battles/{battle}/stream", headers={"Authorization": f"Bearer {token}"}
        ) as answer,
    ):
        assert answer.status_code == 200
        for line in answer.iter_lines():
            if line.startswith("data:"):
                found.append(json.loads(line[5:]))
                if len(found) == count:
                    break
    return found


def test_the_stream_sends_what_its_item_schema_documents(
    server: Running, contract: Contract
) -> None:
    """Every message of the stream, the creation's `IntentAccepted` first, fits the stream's
    documented item: an SSE event whose `data` is a `StreamEvent` (a battle of every
    ruleset, and one that continues another). Schemathesis reads the events as an SSE
    parser does (tests/e2e/test_openapi_fuzz.py)."""
    from jsonschema import Draft202012Validator

    operation = contract.spec["paths"]["/battles/{battle_id}/stream"]["get"]
    item = operation["responses"]["200"]["content"]["text/event-stream"]["itemSchema"]
    assert item["properties"]["data"]["contentMediaType"] == "application/json"
    data = item["properties"]["data"]["contentSchema"]
    validator = Draft202012Validator({**data, "components": contract.spec["components"]})
    made_by_ruleset = []
    with checked_client(server, contract, None) as http:
        for body in [*(grid(r, 30 if r == "epic-path" else 6) for r in RULESETS), warcry()]:
            answer = http.post("/battles", json={**body, "title": "T", "tags": ["x"]})
            assert answer.status_code == 201, answer.text
            made_by_ruleset.append(answer.json())
    made = made_by_ruleset[0]
    body = {
        **grid("draw-steel", 6),
        "creatures": [{"id": "hero", "at": [1, 1]}],
        "continue": {"battle_id": made["battle_id"], "creatures": ["hero"]},
    }
    with checked_client(server, contract, made["director_token"]) as http:
        again = http.post("/battles", json=body)
        assert again.status_code == 201, again.text
    for battle, token, version in (
        *((m["battle_id"], m["director_token"], m["version"]) for m in made_by_ruleset),
        (again.json()["battle_id"], again.json()["director_token"], again.json()["version"]),
    ):
        messages = stream_messages(server, battle, token, version)
        assert messages[0]["type"] == "IntentAccepted"
        for message in messages:
            errors = [
                f"{list(e.absolute_path)}: {e.message[:300]}"
                for e in validator.iter_errors(message)
            ]
            assert not errors, (message["type"], errors[:3])
