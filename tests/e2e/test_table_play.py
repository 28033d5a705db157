"""A table plays on the server, over real HTTP: the turn order it keeps, the director's
adjustments, and the log's words whatever the filter."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Running, seat
from tests.integration.service.conftest import skirmish

STEP = {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]}


def with_turns() -> dict[str, Any]:
    body = skirmish()
    body["options"] = {**body["options"], "turns": True}
    return body


def test_the_director_sets_the_order_and_the_state_says_who_is_next(
    server: Running, new_battle
) -> None:
    battle = new_battle(with_turns())
    url = f"/battles/{battle.battle_id}"
    player = seat(server, battle, ["hero"])
    with server.client(player) as http:
        early = http.post(f"{url}/intents", json=STEP)
        assert early.status_code == 422
        assert early.json()["rule"] == "turn/not-your-turn"
        assert "send start_turn" in early.json()["detail"]
        refused = http.post(f"{url}/intents", json={"type": "set_order", "sides": ["heroes"]})
        assert refused.status_code == 403, refused.text
    with server.client(battle.director) as http:
        order = {"type": "set_order", "creatures": ["gob", "hero"]}
        assert http.post(f"{url}/intents", json=order).status_code == 201
        state = http.get(url).json()
    assert state["turn_order"]["next"] == ["gob"] and state["turn_order"]["set"] is True
    with server.client(player) as http:
        out = http.post(f"{url}/intents", json={"type": "start_turn", "creature": "hero"})
        assert out.status_code == 422 and out.json()["rule"] == "turn/out-of-order"
        assert "Goblin" in out.json()["detail"]
    with server.client(battle.director) as http:
        for kind in ("start_turn", "end_turn"):
            assert http.post(f"{url}/intents", json={"type": kind, "creature": "gob"}).is_success
        assert http.get(url).json()["turn_order"]["next"] == ["hero"]


def test_an_adjustment_shows_in_the_state_the_questions_and_the_words(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}"
    adjust = {
        "type": "adjust",
        "creature": "hero",
        "hp": 12,
        "conditions": {"slowed": True},
        "reason": "the backend's poison",
    }
    with server.client(battle.director) as http:
        done = http.post(f"{url}/intents", json=adjust)
        assert done.status_code == 201, done.text
        hero = http.get(url).json()["creatures"]["hero"]
        asked = http.get(f"{url}/creatures/hero/movement").json()
        page = http.get(f"{url}/events", params={"narrate": "true", "type": "Adjusted"}).json()
    assert (hero["hp"], hero["conditions"]) == (12, ["slowed"])
    assert asked["adjustments"][0]["reason"] == "the backend's poison"
    assert asked["adjustments"][0]["hp_before"] == 30
    assert page["events"][0]["narration"] == (
        "The director adjusted Tactician: stamina 12 (was 30), now slowed (the backend's poison)"
    )


def test_the_narration_is_the_same_whatever_the_filter(server: Running, new_battle) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        assert http.post(f"{url}/intents", json=STEP).status_code == 201
        whole = http.get(f"{url}/events", params={"narrate": "true"}).json()["events"]
        by_type = http.get(f"{url}/events", params={"narrate": "true", "type": "Moved"}).json()
        by_creature = http.get(
            f"{url}/events", params={"narrate": "true", "creature": "hero"}
        ).json()
    told = {e["version"]: e["narration"] for e in whole}
    assert [e["narration"] for e in by_type["events"]] == ["Tactician moved 2 squares to (1, 3)"]
    assert by_creature["events"]
    for e in by_type["events"] + by_creature["events"]:
        assert e["narration"] == told[e["version"]]


def test_a_dry_run_lists_every_reaction_window_its_path_would_open(
    server: Running, new_battle
) -> None:
    body = skirmish()
    body["creatures"] = [
        body["creatures"][0],
        {**body["creatures"][1], "id": "gob", "at": [2, 0]},
        {**body["creatures"][1], "id": "gob2", "name": "Goblin Two", "at": [2, 2]},
    ]
    battle = new_battle(body)
    path = {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3], [1, 4]]}
    with server.client(battle.director) as http:
        preview = http.post(
            f"/battles/{battle.battle_id}/intents", params={"dry_run": "true"}, json=path
        )
    assert preview.status_code == 200, preview.text
    answer = preview.json()
    assert [e["type"] for e in answer["events"]] == ["OpportunityAttackTriggered"]
    reactions = answer["reactions"]
    assert [(r["reactor"], r["at"], r["now"]) for r in reactions] == [
        ("gob", [1, 1, 0], True),
        ("gob2", [1, 3, 0], False),
    ]
    assert reactions[1]["if_taken"][0]["type"] == "ReactionResolved"
    assert any("Goblin Two" in w for w in reactions[1]["if_taken_words"])
