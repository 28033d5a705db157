"""Every route over real HTTP: the happy paths and the answers a client must be able to rely on."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.e2e.conftest import API_KEY, Running, seat
from tests.integration.service.conftest import skirmish

PROBLEM = "application/problem+json"
STEP = {"type": "move", "creature": "hero", "path": [[1, 2]]}


def test_creating_a_battle_needs_the_api_key_when_one_is_set(server: Running) -> None:
    with server.client() as http:
        refused = http.post("/battles", json=skirmish())
        wrong = http.post("/battles", json=skirmish(), headers={"X-API-Key": "nope"})
        bearer = http.post(
            "/battles", json=skirmish(), headers={"Authorization": f"Bearer {API_KEY}"}
        )
    assert refused.status_code == wrong.status_code == 401
    assert refused.headers["content-type"] == PROBLEM
    assert bearer.status_code == 201 and bearer.json()["director_token"].startswith("dir_")


def test_an_accepted_move_answers_201_with_version_events_and_trace(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        moved = http.post(
            f"/battles/{battle.battle_id}/intents", json={**STEP, "path": [[1, 2], [1, 3]]}
        )
        state = http.get(f"/battles/{battle.battle_id}").json()
    assert moved.status_code == 201
    body = moved.json()
    assert body["version"] == state["version"] > battle.version
    moved_event = next(e for e in body["events"] if e["type"] == "Moved")
    assert {"creature", "path", "cost", "mode"} <= set(moved_event["data"])
    assert len(moved_event["hash"]) == 64 and body["trace"]
    assert state["creatures"]["hero"]["position"] == [1, 3, 0]


def test_a_refused_move_is_a_422_problem_naming_the_rule_and_step(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        refused = http.post(
            f"/battles/{battle.battle_id}/intents", json={**STEP, "path": [[2, 1], [3, 1]]}
        )
        events = http.get(f"/battles/{battle.battle_id}/events").json()["events"]
    assert refused.status_code == 422 and refused.headers["content-type"] == PROBLEM
    problem = refused.json()
    assert problem["rule"] and "step" in problem and problem["detail"]
    assert len(events) == battle.version


def test_a_dry_run_previews_and_appends_nothing(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        preview = http.post(f"/battles/{battle.battle_id}/intents?dry_run=true", json=STEP)
        after = http.get(f"/battles/{battle.battle_id}").json()
    assert preview.status_code == 200 and preview.json()["dry_run"] is True
    assert [e["type"] for e in preview.json()["events"]][:1] == ["Moved"]
    assert after["version"] == battle.version
    assert after["creatures"]["hero"]["position"] == [1, 1, 0]


def test_a_retried_intent_with_its_idempotency_key_gets_the_first_answer(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    headers = {"Idempotency-Key": "step-1"}
    with server.client(battle.director) as http:
        first = http.post(f"/battles/{battle.battle_id}/intents", json=STEP, headers=headers)
        again = http.post(f"/battles/{battle.battle_id}/intents", json=STEP, headers=headers)
        other = http.post(
            f"/battles/{battle.battle_id}/intents", json={**STEP, "path": [[2, 2]]}, headers=headers
        )
        log = http.get(f"/battles/{battle.battle_id}/events").json()["events"]
    assert first.status_code == again.status_code == 201
    assert again.json()["version"] == first.json()["version"]
    assert again.json()["intent_id"] == first.json()["intent_id"]
    assert again.headers["idempotent-replayed"] == "true"
    assert other.status_code == 422
    assert sum(1 for e in log if e["type"] == "Moved") == 1


def test_a_stale_expected_version_is_a_409(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        http.post(f"/battles/{battle.battle_id}/intents", json=STEP)
        stale = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={**STEP, "path": [[1, 3]], "expected_version": battle.version},
        )
    assert stale.status_code == 409 and stale.headers["content-type"] == PROBLEM
    assert stale.json()["expected_version"] == battle.version


def test_time_travel_by_version_and_by_instant(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        http.post(f"/battles/{battle.battle_id}/intents", json=STEP)
        then = http.get(f"/battles/{battle.battle_id}", params={"version": battle.version}).json()
        now = http.get(
            f"/battles/{battle.battle_id}", params={"at": datetime.now(UTC).isoformat()}
        ).json()
        past = http.get(f"/battles/{battle.battle_id}", params={"at": "2000-01-01T00:00:00Z"})
        beyond = http.get(f"/battles/{battle.battle_id}", params={"version": 999})
    assert then["creatures"]["hero"]["position"] == [1, 1, 0]
    assert now["creatures"]["hero"]["position"] == [1, 2, 0]
    assert past.status_code == beyond.status_code == 404


def test_reach_lists_squares_with_their_cost(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        found = http.get(f"/battles/{battle.battle_id}/reach", params={"creature": "hero"})
        unknown = http.get(f"/battles/{battle.battle_id}/reach", params={"creature": "ghost"})
    assert found.status_code == 200
    squares = {tuple(s["at"][:2]): s["cost"] for s in found.json()["squares"]}
    assert squares[(1, 2)] == 1 and (3, 1) not in squares
    assert unknown.status_code == 422 and unknown.json()["rule"]


def test_the_log_pages_and_verifies(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        http.post(f"/battles/{battle.battle_id}/intents", json=STEP)
        first = http.get(f"/battles/{battle.battle_id}/events", params={"limit": 1}).json()
        rest = http.get(
            f"/battles/{battle.battle_id}/events", params={"after": first["next_after"]}
        ).json()
        verified = http.get(f"/battles/{battle.battle_id}/verify").json()
        too_big = http.get(f"/battles/{battle.battle_id}/events", params={"limit": 100_000})
    versions = [e["version"] for e in first["events"] + rest["events"]]
    assert versions == list(range(1, len(versions) + 1))
    assert verified["ok"] and verified["checked"] == len(versions)
    assert too_big.status_code == 422 and "limit" in too_big.json()["detail"]


def test_undo_redo_and_rewind(server: Running, new_battle) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        http.post(f"{url}/intents", json=STEP)
        http.post(f"{url}/intents", json={**STEP, "path": [[1, 3]]})
        undone = http.post(f"{url}/undo")
        assert undone.status_code == 201, undone.text
        assert http.get(url).json()["creatures"]["hero"]["position"] == [1, 2, 0]
        redone = http.post(f"{url}/redo")
        assert redone.status_code == 201, redone.text
        assert http.get(url).json()["creatures"]["hero"]["position"] == [1, 3, 0]
        rewound = http.post(f"{url}/undo", json={"to_version": battle.version})
        assert rewound.status_code == 201, rewound.text
        assert http.get(url).json()["creatures"]["hero"]["position"] == [1, 1, 0]
        nothing = http.post(f"{url}/redo", json={})
    assert nothing.status_code in (201, 422)


def test_judgement_replay_and_what_if(server: Running, new_battle) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        moved = http.post(f"{url}/intents", json=STEP).json()
        judged = http.get(f"{url}/intents/{moved['intent_id']}/judgement")
        unknown = http.get(f"{url}/intents/nosuchintent/judgement")
        replay = http.get(f"{url}/replay", params={"from": 1, "to": moved["version"]})
        what_if = http.post(
            f"{url}/what-if",
            json={"version": battle.version, "intents": [{**STEP, "path": [[2, 2]]}]},
        )
    assert judged.status_code == 200, judged.text
    assert unknown.status_code == 422
    assert replay.status_code == 200
    assert [s["version"] for s in replay.json()["steps"]] == list(range(1, moved["version"] + 1))
    assert what_if.status_code == 200, what_if.text
    assert what_if.json()["state"]["creatures"]["hero"]["position"] == [2, 2, 0]


def test_seats_bind_players_to_their_creatures(server: Running, new_battle) -> None:
    battle = new_battle()
    player = seat(server, battle, ["hero"])
    with server.client(player) as http:
        own = http.post(f"/battles/{battle.battle_id}/intents", json=STEP)
        other = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "gob", "path": [[9, 2]]},
        )
    assert own.status_code == 201
    assert other.status_code == 403 and other.json()["rule"].startswith("auth/")
    with server.client(battle.director) as http:
        ghost = http.post(f"/battles/{battle.battle_id}/seats", json={"creatures": ["ghost"]})
    assert ghost.status_code == 422


def test_malformed_json_wrong_media_type_and_oversized_bodies(server: Running, new_battle) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}/intents"
    json_header = {"Content-Type": "application/json"}
    with server.client(battle.director) as http:
        malformed = http.post(url, content=b'{"type": "move",', headers=json_header)
        as_text = http.post(url, content=b"move hero", headers={"Content-Type": "text/plain"})
        huge = http.post(url, content=b" " * (300 * 1024), headers=json_header)
        not_an_intent = http.post(url, json={"type": "dance"})
    assert malformed.status_code == 400
    assert as_text.status_code == 415
    assert huge.status_code == 413
    assert not_an_intent.status_code == 422
    for answer in (malformed, as_text, huge, not_an_intent):
        assert answer.headers["content-type"] == PROBLEM
        assert {"type", "title", "status", "detail"} <= set(answer.json())
        assert "Traceback" not in answer.text


def test_limits_give_clear_422s(server: Running, new_battle) -> None:
    battle = new_battle()
    crowd = skirmish()
    crowd["creatures"] = [
        {**crowd["creatures"][0], "id": f"c{i}", "at": [i % 12, i // 12]} for i in range(201)
    ]
    vast = {**skirmish(), "map": {"width": 1000, "height": 1000}}
    with server.client(battle.director, headers={"X-API-Key": API_KEY}) as http:
        too_many = http.post("/battles", json=crowd)
        too_big = http.post("/battles", json=vast)
        long_path = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={**STEP, "path": [[1, 2]] * 201},
        )
    assert too_many.status_code == 422 and "creatures" in too_many.json()["detail"]
    assert too_big.status_code == 422 and "squares" in too_big.json()["detail"]
    assert long_path.status_code == 422 and "path" in long_path.json()["detail"]


def test_unknown_routes_and_battles_are_problems(server: Running) -> None:
    with server.client("dir_nope") as http:
        missing_route = http.get("/nowhere")
        missing_battle = http.get("/battles/nosuchbattle")
    assert missing_route.status_code == 404 and missing_route.headers["content-type"] == PROBLEM
    assert missing_battle.status_code == 401


def test_health_metrics_docs_and_request_ids(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        http.post(f"/battles/{battle.battle_id}/intents", json={**STEP, "path": [[3, 1]]})
        health = http.get("/healthz", headers={"X-Request-ID": "req-42"})
        metrics = http.get("/metrics").text
        docs = http.get("/docs")
        schema = http.get("/openapi.json").json()
    assert health.json() == {"status": "ok", "database": "ok"}
    assert health.headers["x-request-id"] == "req-42"
    assert "turnledger_intents_total" in metrics and "turnledger_refusals_total" in metrics
    assert "turnledger_request_seconds_bucket" in metrics and "turnledger_open_streams" in metrics
    assert docs.status_code == 200
    assert "/battles/{battle_id}/what-if" in schema["paths"]
