"""Hidden creatures over real HTTP: a player's reads never depend on where a hidden creature
is, on any route this covers (state, time travel, events with narration, the stream, replay,
reach, options, what-if, judgement, intent answers, refusals, rulings, movement, the battle
listing, verify with receipts, undo and redo, and the director-only PATCH and close, before
and after closing); the director reads it all; asking about a hidden creature answers as
about one that does not exist."""

from __future__ import annotations

from typing import Any

import httpx
import orjson

from tests.e2e.conftest import Running, seat
from tests.integration.service.conftest import skirmish

LURKER = "lurker7"
VOLATILE = {
    "battle_id",
    "hash",
    "prev_hash",
    "recorded_at",
    "global_position",
    "intent_id",
    "correlation_id",
    "causation_id",
    "receipt",  # signed over the chain's hash: differs per battle, tells nothing of what it hashes
    "created_at",  # the listing's clock readings
    "last_activity",
}
TAG = "hidden-e2e"
OVERRULE = {"reason": "the lurker blinks: the table agreed"}
WALL = {"type": "move", "creature": "hero", "path": [[2, 1], [3, 1], [4, 1]]}


def battle_with_lurker(at: list[int]) -> dict[str, Any]:
    body = skirmish()
    lurker = {"id": LURKER, "name": "Lurker", "side": "monsters", "at": at, "hidden": True}
    body["creatures"] = [*body["creatures"], {**lurker, "speeds": {"walk": 5}, "hp": 5}]
    return {**body, "title": "An ambush", "tags": [TAG]}


def normal(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("seat:"):
        return "seat:"
    if isinstance(value, dict):
        return {k: normal(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [normal(v) for v in value]
    return value


def stream_events(http: httpx.Client, battle_id: str, head: int) -> list[Any]:
    found: list[Any] = []
    with http.stream("GET", f"/battles/{battle_id}/stream", params={"after": 0}) as answer:
        for line in answer.iter_lines():
            if line.startswith("data:"):
                found.append(orjson.loads(line[5:]))
                if found[-1]["version"] >= head:
                    break
    return found


def player_reads(
    server: Running, new_battle: Any, at: list[int], via: list[int], to: list[int]
) -> tuple[Any, str, str]:
    battle = new_battle(battle_with_lurker(at))
    player = seat(server, battle, ["hero"])
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        lurked = http.post(f"{url}/intents", json={"type": "move", "creature": LURKER, "to": via})
        assert lurked.status_code == 201, lurked.text
        # rulings on the hidden creature (it has no teleport speed): none may reach a player
        blinked = {"type": "teleport", "creature": LURKER, "to": to, "overrule": OVERRULE}
        ruled = http.post(f"{url}/intents", json=blinked)
        assert ruled.status_code == 201, ruled.text
        assert len(ruled.json()["overruled"]) == 2, ruled.text
        # and one on a seen creature, which every player reads
        walled = http.post(f"{url}/intents", json={**WALL, "overrule": {"reason": "a tapestry"}})
        assert walled.status_code == 201 and walled.json()["overruled"], walled.text
    reads: dict[str, Any] = {}
    with server.client(player) as http:
        moved = http.post(f"{url}/intents", json={"type": "move", "creature": "hero", "to": [1, 3]})
        assert moved.status_code == 201, moved.text
        reads["moved"] = moved.json()
        reads["dry"] = http.post(
            f"{url}/intents",
            params={"dry_run": "true"},
            json={"type": "shift", "creature": "hero", "to": [0, 3]},
        ).json()
        state = http.get(url).json()
        reads["state"] = state
        for version in range(1, state["version"] + 1):
            reads[f"state@{version}"] = http.get(url, params={"version": version}).json()
        reads["events"] = http.get(f"{url}/events", params={"narrate": "true"}).json()
        reads["stream"] = stream_events(http, battle.battle_id, state["version"])
        reads["replay"] = http.get(f"{url}/replay").json()
        reads["reach"] = http.get(f"{url}/reach", params={"creature": "hero"}).json()
        reads["options"] = http.get(f"{url}/creatures/hero/options").json()
        reads["what_if"] = http.post(
            f"{url}/what-if",
            json={"version": 3, "intents": [{"type": "move", "creature": "hero", "to": [2, 2]}]},
        ).json()
        reads["judgements"] = [
            http.get(f"{url}/intents/{e['intent_id']}/judgement").json()
            for e in reads["events"]["events"]
            if e["type"] == "IntentAccepted"
        ]
        reads["rulings"] = http.get(f"{url}/rulings").json()
        pages = [http.get(f"{url}/rulings", params={"limit": 1}).json()]
        while pages[-1]["rulings"]:  # a page of one, read on from its `next_after`
            after = pages[-1]["next_after"]
            pages.append(http.get(f"{url}/rulings", params={"after": after, "limit": 1}).json())
        reads["rulings_by_one"] = pages
        reads["hero_movement"] = http.get(f"{url}/creatures/hero/movement").json()
        reads["listed"] = http.get("/battles", params={"tag": TAG}).json()
        reads["verify"] = http.get(f"{url}/verify").json()
        kept = [moved.json()["receipt"]]  # the player's own receipt, checked against the log
        reads["receipts"] = http.post(f"{url}/verify", json={"receipts": kept}).json()
        reads["not_directors"] = [
            http.patch(url, json={"title": "mine"}).json(),
            http.post(f"{url}/close", json={"reason": "mine"}).json(),
        ]
        asked = {}
        for cid in (LURKER, "ghost77"):
            asked[cid] = [
                http.get(f"{url}/reach", params={"creature": cid}),
                http.get(f"{url}/creatures/{cid}/options"),
                http.post(f"{url}/intents", json={"type": "reveal", "creature": cid}),
                http.post(f"{url}/intents", json={"type": "move", "creature": cid, "to": [2, 2]}),
                http.get(f"{url}/creatures/{cid}/movement"),
                http.get(f"{url}/events", params={"creature": cid}),
                http.post(
                    f"{url}/what-if",
                    json={"version": 2, "intents": [{"type": "stand_up", "creature": cid}]},
                ),
                http.post(
                    f"{url}/what-if",
                    json={
                        "version": 2,
                        "intents": [
                            {
                                "type": "force_move",
                                "source": "hero",
                                "target": cid,
                                "kind": "push",
                                "distance": 1,
                            }
                        ],
                    },
                ),
                http.post(
                    f"{url}/intents",
                    json={
                        "type": "force_move",
                        "source": "hero",
                        "target": cid,
                        "kind": "push",
                        "distance": 1,
                    },
                ),
            ]
        for a, b in zip(asked[LURKER], asked["ghost77"], strict=True):
            assert a.status_code == b.status_code, (a.text, b.text)
            assert a.text.replace(LURKER, "X") == b.text.replace("ghost77", "X")
    with server.client(player) as http:  # the player's own action, undone and done again
        mine = moved.json()["intent_id"]  # named in the undo's words: differs per battle
        for route in ("undo", "redo"):
            text = http.post(f"{url}/{route}").text.replace(mine, "X")
            reads[route] = orjson.loads(text)
    with server.client(battle.director) as http:
        director = http.get(f"{url}/events").text + http.get(f"{url}/rulings").text
        reads["described"] = http.patch(url, json={"title": "The ambush", "tags": [TAG]}).json()
        closed = http.post(f"{url}/close", json={"reason": "the heroes fled"}).json()
        reads["closed"] = {**closed, "closed": {**closed["closed"], "at": None}}
    with server.client(player) as http:
        listed = http.get("/battles", params={"tag": TAG}).json()
        for b in listed["battles"]:
            b["closed"]["at"] = None
        reads["listed_closed"] = listed
        reads["state_closed"] = http.get(url).json()
    return normal(reads), orjson.dumps(normal(reads)).decode(), director


def test_nothing_a_player_reads_depends_on_where_a_hidden_creature_is(
    server: Running, new_battle: Any
) -> None:
    # the lurker ends within the hero's reach, on another square in each battle
    one, text, director = player_reads(server, new_battle, [6, 6], [5, 6], [4, 5])
    other, _, _ = player_reads(server, new_battle, [10, 2], [7, 3], [6, 4])
    assert LURKER not in text and "Lurker" not in text and "lurker" not in text
    assert one == other, [k for k in one if one[k] != other[k]]
    assert LURKER in director and "the lurker blinks" in director
    # the player reads the seen creature's ruling, and none of the hidden one's
    rulings = one["rulings"]["rulings"]
    assert rulings and {(r["creature"], r["reason"]) for r in rulings} == {("hero", "a tapestry")}
    assert [r for p in one["rulings_by_one"] for r in p["rulings"]] == rulings
    steps = [s["ruling"] for s in one["replay"]["steps"] if s["ruling"]]
    assert steps == ["overruled by the director: a tapestry"] * len(rulings)
    assert one["hero_movement"]["rulings"][0]["rule"] == "map/blocked"
    assert [b["title"] for b in one["listed"]["battles"]] == ["An ambush"]
    assert one["receipts"]["receipts"]["agree"] and one["receipts"]["receipts"]["checked"] == 1
    assert [b["closed"]["reason"] for b in one["listed_closed"]["battles"]] == ["the heroes fled"]
    kinds = [e["type"] for e in one["events"]["events"]]
    assert "Unseen" in kinds
    assert [e["version"] for e in one["events"]["events"]] == list(range(1, len(kinds) + 1))
    assert [e["type"] for e in one["stream"]] == kinds


def test_a_reveal_shows_a_player_the_creature_from_then_on_not_its_past(
    server: Running, new_battle: Any
) -> None:
    battle = new_battle(battle_with_lurker([6, 6]))
    player = seat(server, battle, ["hero"])
    url = f"/battles/{battle.battle_id}"
    with server.client(player) as http:
        assert LURKER not in http.get(url).json()["creatures"]  # read once: kept
    with server.client(battle.director) as http:
        for intent in (
            {"type": "move", "creature": LURKER, "to": [7, 6]},
            {"type": "reveal", "creature": LURKER},
        ):
            assert http.post(f"{url}/intents", json=intent).status_code == 201
    with server.client(player) as http:
        state = http.get(url).json()
        events = http.get(f"{url}/events").json()["events"]
    assert state["creatures"][LURKER]["position"] == [7, 6, 0]
    assert [e["type"] for e in events][-2:] == ["IntentAccepted", "CreatureRevealed"]
    assert "Unseen" in [e["type"] for e in events]  # its move before the reveal stays hidden
    with server.client(battle.director) as http:
        reveal = {"type": "reveal", "creature": LURKER, "history": True}
        assert http.post(f"{url}/intents", json=reveal).status_code == 201
    with server.client(player) as http:
        events = http.get(f"{url}/events").json()["events"]
    assert "Unseen" not in [e["type"] for e in events]
