"""`GET .../creatures/{cid}/options` over real HTTP: every offered intent, submitted as a dry
run with the same token, is accepted; every unavailable one is refused with the stated rule;
movement lists the squares `GET .../reach` lists; a player sees its own creature's options
and none for a creature it does not control; an unknown creature is a 404."""

from __future__ import annotations

from typing import Any

import httpx

from tests.e2e.conftest import Running, seat
from tests.integration.service.conftest import skirmish

PROBLEM = "application/problem+json"


def check_options_agree_with_dry_runs(http: httpx.Client, battle_id: str, cid: str) -> Any:
    answer = http.get(f"/battles/{battle_id}/creatures/{cid}/options")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["creature"] == cid and body["options"]
    for option in body["options"]:
        dry = http.post(
            f"/battles/{battle_id}/intents", params={"dry_run": "true"}, json=option["intent"]
        )
        assert option["summary"]
        if option["available"]:
            assert dry.status_code == 200, (option, dry.text)
            assert option["unavailable"] is None
        else:
            assert dry.status_code in (403, 422), (option, dry.text)
            assert dry.json()["rule"] == option["unavailable"]["rule"], (option, dry.json())
            assert option["spends"] == []
    return body


def test_every_offered_option_is_accepted_and_every_other_refused_with_its_rule(
    server: Running, new_battle
) -> None:
    battle = new_battle({**skirmish(), "options": {"turns": True}})
    with server.client(battle.director) as http:
        before = check_options_agree_with_dry_runs(http, battle.battle_id, "hero")
        started = http.post(
            f"/battles/{battle.battle_id}/intents", json={"type": "start_turn", "creature": "hero"}
        )
        assert started.status_code == 201, started.text
        during = check_options_agree_with_dry_runs(http, battle.battle_id, "hero")
        reach = http.get(f"/battles/{battle.battle_id}/reach", params={"creature": "hero"}).json()
    kinds = {(o["kind"], o["available"]) for o in before["options"]}
    assert ("start_turn", True) in kinds and ("move", False) in kinds
    move = next(o for o in during["options"] if o["kind"] == "move" and o["available"])
    assert move["reach"]["squares"] == reach["squares"]
    assert {"what": "actions.move", "before": 1, "after": 0} in move["spends"]
    assert "available" in move["summary"] and "reach" in move["summary"]
    stand = next(o for o in during["options"] if o["kind"] == "stand_up")
    assert stand["unavailable"]["rule"] == "draw-steel/not-prone"


def test_a_player_is_offered_its_own_creature_s_moves_and_none_of_another_s(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    token = seat(server, battle, ["hero"])
    with server.client(token) as http:
        mine = check_options_agree_with_dry_runs(http, battle.battle_id, "hero")
        theirs = check_options_agree_with_dry_runs(http, battle.battle_id, "gob")
    assert any(o["available"] for o in mine["options"])
    assert {o["unavailable"]["rule"] for o in theirs["options"]} == {"auth/not-your-creature"}


def test_a_gridless_move_option_carries_the_region_and_legs_that_reach_it(
    server: Running, new_battle
) -> None:
    body = {
        "ruleset": "warcry",
        "seed": 3,
        "options": {"turns": False},
        "board": {"width": 30, "height": 22},
        "creatures": [
            {"id": "f1", "side": "red", "at": [5, 5], "speeds": {"walk": 4}},
            {"id": "f2", "side": "blue", "at": [20, 15], "speeds": {"walk": 4}},
        ],
    }
    battle = new_battle(body)
    with server.client(battle.director) as http:
        found = check_options_agree_with_dry_runs(http, battle.battle_id, "f1")
    move = next(o for o in found["options"] if o["kind"] == "move")
    assert move["available"] and move["intent"]["legs"]
    assert move["reach"]["region"]["points"] and found["unit"] == "inches"


def test_an_unknown_creature_is_a_404_problem(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        answer = http.get(f"/battles/{battle.battle_id}/creatures/ghost/options")
    assert answer.status_code == 404 and answer.headers["content-type"] == PROBLEM
