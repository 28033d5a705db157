"""What `/openapi.json` says of a field is what the server does with it.

The version a creation answers, the seed the server draws (a JavaScript number must hold it
exactly), and the step a refusal names (counted from 0).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from server.readers.unseen_dice import secret_seed
from tests.e2e.conftest import API_KEY, Running

JS_SAFE = 2**53 - 1  # Number.MAX_SAFE_INTEGER


@pytest.fixture(scope="module")
def contract(server: Running) -> dict[str, Any]:
    with server.client(timeout=120) as http:  # made on the first call: seconds on a busy machine
        return dict(http.get("/openapi.json").json())


def schemas(contract: dict[str, Any]) -> dict[str, Any]:
    return dict(contract["components"]["schemas"])


def unseeded() -> dict[str, Any]:
    return {
        "ruleset": "draw-steel",
        "options": {"turns": False},
        "map": {"width": 8, "height": 8},
        "creatures": [{"id": "hero", "side": "heroes", "at": [1, 1], "speeds": {"walk": 5}}],
    }


def test_a_creation_answers_the_version_its_description_names(
    server: Running, contract: dict[str, Any]
) -> None:
    said = schemas(contract)["BattleCreatedOut"]["properties"]["version"]["description"]
    named = re.search(r"after its creation: (\d+)", said)
    assert named is not None, said
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        created = http.post("/battles", json=unseeded()).json()
    assert created["version"] == int(named.group(1))


def test_a_drawn_seed_is_one_a_javascript_number_reads_exactly(
    server: Running, contract: dict[str, Any]
) -> None:
    said = schemas(contract)["DrawSteelBattle"]["properties"]["seed"]
    assert "2^53" in said["description"] and "default" not in said
    seeds = []
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        for _ in range(5):
            created = http.post("/battles", json=unseeded()).json()
            log = http.get(
                f"/battles/{created['battle_id']}/events",
                headers={"Authorization": f"Bearer {created['director_token']}"},
            )
            opening = next(e for e in log.json()["events"] if e["type"] == "BattleCreated")
            seeds.append(opening["data"]["seed"])  # the director reads it in the log
    assert all(isinstance(s, int) and 0 <= s <= JS_SAFE for s in seeds)
    assert len(set(seeds)) == 5  # drawn, not a constant


def test_the_drawn_seeds_spread_over_53_bits_and_no_further() -> None:
    drawn = [secret_seed() for _ in range(20_000)]
    assert max(drawn) <= JS_SAFE and max(drawn) >= 2**52  # half of them are past 2^52


def test_a_refusal_s_step_counts_the_path_s_squares_from_0(
    server: Running, contract: dict[str, Any]
) -> None:
    said = schemas(contract)["Problem"]["properties"]["step"]["description"]
    assert "counted from 0" in said
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        body = {**unseeded(), "map": {"width": 8, "height": 8, "terrain": [
            {"kind": "wall", "cells": [[3, 1]], "height": 3}]}}  # fmt: skip
        created = http.post("/battles", json=body).json()
        path = [[2, 1], [3, 1], [4, 1]]  # the wall is the second square entered
        refused = http.post(
            f"/battles/{created['battle_id']}/intents",
            json={"type": "move", "creature": "hero", "path": path},
            headers={"Authorization": f"Bearer {created['director_token']}"},
        ).json()
    assert refused["rule"] == "map/blocked" and refused["step"] == path.index([3, 1])
