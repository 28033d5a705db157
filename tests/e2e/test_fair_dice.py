"""Dice a rule rolls are unpredictable to players (DESIGN section 8): no player reads the seed,
no dry run or player's what-if shows a roll a real submission will get, and table-rolled dice
come from the director, or from players only where the battle allows it."""

from __future__ import annotations

from typing import Any

from tests.cast import goblin, tactician
from tests.e2e.conftest import Battle, Running, seat

AWAY = {"type": "move", "creature": "hero", "path": [[1, 1], [0, 1]]}
"""The hero leaves the goblin's reach: an opportunity attack, a 2d10 power roll."""


def adjacent(options: dict[str, Any] | None = None, seed: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "ruleset": "draw-steel",
        "options": {"turns": False, "opportunity_attacks": "always", **(options or {})},
        "map": {"width": 8, "height": 6},
        "creatures": [tactician([1, 2]), goblin([2, 2])],
    }
    if seed is not None:
        body["seed"] = seed
    return body


def strike_rolls(answer: dict[str, Any]) -> list[int]:
    (strike,) = [e for e in answer["events"] if e["type"] == "ReactionResolved"]
    return list(strike["data"]["rolls"])


def test_no_dry_run_shows_the_roll_the_real_move_gets(server: Running, new_battle) -> None:
    battle: Battle = new_battle(adjacent(seed=7))
    url = f"/battles/{battle.battle_id}/intents"
    with server.client(battle.director) as http:
        previews = []
        for _ in range(6):
            dry = http.post(url, params={"dry_run": "true"}, json=AWAY)
            assert dry.status_code == 200, dry.text
            previews.append(strike_rolls(dry.json()))
        real = http.post(url, json=AWAY)
        assert real.status_code == 201, real.text
    rolled = strike_rolls(real.json())
    # each preview is a fresh unseen 2d10 (1 in 100 to match); six matching is no accident
    assert not all(p == rolled for p in previews)
    assert len({tuple(p) for p in previews}) > 1


def test_players_never_read_the_seed_the_director_does(server: Running, new_battle) -> None:
    for seed in (None, 12345):
        battle: Battle = new_battle(adjacent(seed=seed))
        player = seat(server, battle, ["hero"])
        events = f"/battles/{battle.battle_id}/events"
        with server.client(battle.director) as http:
            created = http.get(events).json()["events"][1]
        with server.client(player) as http:
            seen = http.get(events).json()["events"][1]
            replayed = http.get(f"/battles/{battle.battle_id}/replay").json()["steps"][1]
        assert created["type"] == seen["type"] == "BattleCreated"
        assert isinstance(created["data"]["seed"], int)
        assert seed is None or created["data"]["seed"] == seed
        assert seen["data"]["seed"] is None
        assert replayed["event"]["data"]["seed"] is None
        assert {k: v for k, v in seen["data"].items() if k != "seed"} == {
            k: v for k, v in created["data"].items() if k != "seed"
        }


def test_two_battles_without_a_seed_roll_differently(server: Running, new_battle) -> None:
    seeds = set()
    for _ in range(2):
        battle: Battle = new_battle(adjacent())
        with server.client(battle.director) as http:
            created = http.get(f"/battles/{battle.battle_id}/events").json()["events"][1]
        seeds.add(created["data"]["seed"])
    assert len(seeds) == 2


def test_table_rolls_come_from_the_director_or_where_allowed_from_players(
    server: Running, new_battle
) -> None:
    closed: Battle = new_battle(adjacent())
    player = seat(server, closed, ["hero"])
    with server.client(player) as http:
        refused = http.post(
            f"/battles/{closed.battle_id}/intents", json={**AWAY, "rolls": [10, 10]}
        )
    assert refused.status_code == 403
    assert refused.json()["rule"] == "auth/rolls-director-only"
    with server.client(closed.director) as http:
        head = http.get(f"/battles/{closed.battle_id}").json()["version"]
        directed = http.post(
            f"/battles/{closed.battle_id}/intents", json={**AWAY, "rolls": [10, 10]}
        )
    assert head == closed.version  # the refusal appended nothing
    assert directed.status_code == 201 and strike_rolls(directed.json()) == [10, 10]

    opened: Battle = new_battle(adjacent({"player_rolls": True}))
    player = seat(server, opened, ["hero"])
    with server.client(player) as http:
        allowed = http.post(f"/battles/{opened.battle_id}/intents", json={**AWAY, "rolls": [3, 4]})
    assert allowed.status_code == 201 and strike_rolls(allowed.json()) == [3, 4]


def test_a_players_what_if_obeys_the_rules_of_their_intents(server: Running, new_battle) -> None:
    battle: Battle = new_battle(adjacent())
    player = seat(server, battle, ["hero"])
    url = f"/battles/{battle.battle_id}/what-if"
    tries = {
        "set_terrain": {"type": "set_terrain", "kind": "wall", "cells": [[0, 1]], "height": 3},
        "remove": {"type": "remove", "creature": "gob"},
        "enemy": {"type": "move", "creature": "gob", "path": [[3, 2]]},
        "rolls": {**AWAY, "rolls": [10, 10]},
    }
    with server.client(player) as http:
        answers = {
            k: http.post(url, json={"version": battle.version, "intents": [v]})
            for k, v in tries.items()
        }
        own = http.post(url, json={"version": battle.version, "intents": [AWAY]})
    assert {k: a.status_code for k, a in answers.items()} == dict.fromkeys(tries, 403)
    assert answers["enemy"].json()["rule"] == "auth/not-your-creature"
    assert own.status_code == 200, own.text
    assert own.json()["steps"][0]["events"]
