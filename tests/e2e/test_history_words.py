"""What-if's comparison with the log, what-if inside the creation, and the log in words, over
real HTTP (each a bug met by a user: the test failed before its fix)."""

from __future__ import annotations

from tests.e2e.conftest import Running

STEP = {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]}


def test_what_if_after_a_rewind_compares_with_the_log_as_it_stands(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        assert http.post(f"{url}/intents", json=STEP).status_code == 201
        rewound = http.post(f"{url}/undo", json={"to_version": battle.version})
        assert rewound.status_code == 201, rewound.text
        head = http.get(url).json()
        assert head["creatures"]["hero"]["position"] == [1, 1, 0]
        shift = {"type": "shift", "creature": "hero", "to": [0, 1]}
        tried = http.post(f"{url}/what-if", json={"version": battle.version, "intents": [shift]})
    assert tried.status_code == 200, tried.text
    answer = tried.json()
    # the move was taken back: the log's account is its head, not the state before the rewind
    assert answer["compared_with_version"] == head["version"]
    position = answer["difference"]["creatures"]["hero"]["position"]
    assert position == {"what_if": [0, 1, 0], "actual": [1, 1, 0]}


def test_what_if_without_undo_compares_with_as_many_actions_as_were_tried(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        first = http.post(f"{url}/intents", json=STEP).json()
        http.post(f"{url}/intents", json={**STEP, "path": [[1, 4]]})
        shift = {"type": "shift", "creature": "hero", "to": [0, 1]}
        tried = http.post(f"{url}/what-if", json={"version": battle.version, "intents": [shift]})
    answer = tried.json()
    assert answer["compared_with_version"] == first["version"]
    assert answer["difference"]["creatures"]["hero"]["position"]["actual"] == [1, 3, 0]


def test_a_what_if_before_the_battle_exists_names_the_versions_to_choose(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        tried = http.post(
            f"/battles/{battle.battle_id}/what-if",
            json={"version": 1, "intents": [{"type": "shift", "creature": "hero", "to": [0, 1]}]},
        )
    assert tried.status_code == 422, tried.text
    problem = tried.json()
    assert problem["rule"] == "history/bad-version"
    assert f"from {battle.version}" in problem["detail"] and "ruleset" not in problem["detail"]


def test_the_narrated_log_tells_each_action_s_intent(server: Running, new_battle) -> None:
    battle = new_battle()
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        assert http.post(f"{url}/intents", json=STEP).status_code == 201
        page = http.get(f"{url}/events", params={"narrate": "true"}).json()["events"]
    told = {e["version"]: (e["type"], e["narration"]) for e in page}
    assert told[1] == ("IntentAccepted", "The director: create battle")
    assert told[2] == ("BattleCreated", "Battle created: draw-steel, 2 creatures")
    assert told[3] == ("IntentAccepted", "The director: move Tactician")
    assert told[4] == ("Moved", "Tactician moved 2 squares to (1, 3)")
