"""The estimate of a state's memory follows what the state really keeps alive (tracemalloc),
for small and large maps, many creatures, and gridless boards."""

from __future__ import annotations

import gc
import math
import tracemalloc
from typing import Any

import pytest

from engine import Context, create_battle
from engine.results import Refused
from projections import BattleState, fold
from projections.memory import state_bytes


def grid_battle(width: int, height: int, creatures: int, terrain: bool) -> dict[str, Any]:
    cells = [[x, y] for y in range(height) for x in range(width)]
    free = cells[creatures:]
    return {
        "ruleset": "draw-steel",
        "seed": 7,
        "map": {
            "width": width,
            "height": height,
            "terrain": [
                {"kind": "difficult", "cells": free[: len(free) // 5]},
                {"kind": "wall", "cells": free[len(free) // 5 : len(free) // 4], "height": 3},
            ]
            if terrain
            else [],
            "elevation": [{"cells": free[-len(free) // 10 :], "height": 2}] if terrain else [],
        },
        "creatures": [
            {
                "id": f"c{i}",
                "name": f"Creature {i}",
                "side": "a" if i % 2 else "b",
                "at": cells[i],
                "speeds": {"walk": 6, "climb": 3},
                "stats": {"might": 2, "agility": 1},
                "hp": 30,
            }
            for i in range(creatures)
        ],
    }


def board_battle(fighters: int, pieces: int, corners: int) -> dict[str, Any]:
    def piece(i: int) -> dict[str, Any]:
        x, y = 2 + (i % 20) * 2.5, 20 + (i // 20) * 3
        turn = 2 * math.pi / corners
        polygon = [[x + math.cos(k * turn), y + 0.8 * math.sin(k * turn)] for k in range(corners)]
        return {"kind": "obstacle", "polygon": polygon, "height": 2}

    return {
        "ruleset": "warcry",
        "seed": 3,
        "options": {"turns": False},
        "board": {"width": 60, "height": 44, "terrain": [piece(i) for i in range(pieces)]},
        "creatures": [
            {
                "id": f"f{i}",
                "name": f"Fighter {i}",
                "side": "red" if i % 2 else "blue",
                "at": [2 + (i % 28) * 2, 2 + (i // 28) * 2],
                "speeds": {"walk": 5},
                "hp": 8,
            }
            for i in range(fighters)
        ],
    }


def built(body: dict[str, Any]) -> BattleState:
    decision = create_battle(body, Context(actor="director"))
    assert not isinstance(decision, Refused), decision
    return fold(decision.events)


def measured(body: dict[str, Any]) -> tuple[int, BattleState]:
    built(body)  # first, so caches filled on first use are not counted
    gc.collect()
    tracemalloc.start()
    try:
        state = built(body)
        gc.collect()
        size, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return size, state


@pytest.mark.parametrize(
    "body",
    [
        grid_battle(10, 10, 2, terrain=False),
        grid_battle(200, 200, 200, terrain=True),
        grid_battle(200, 200, 1, terrain=False),
        grid_battle(20, 20, 200, terrain=False),
        grid_battle(150, 100, 100, terrain=True),
        board_battle(200, 2, 4),
        board_battle(2, 100, 20),
    ],
    ids=["tiny", "200x200x200", "200x200 bare", "crowded", "150x100", "warband", "ruins"],
)
def test_the_estimate_is_within_a_quarter_of_what_the_state_keeps_alive(
    body: dict[str, Any],
) -> None:
    size, state = measured(body)
    assert 0.75 * size <= state_bytes(state) <= 1.25 * size, (state_bytes(state), size)


def test_a_large_battle_is_estimated_in_megabytes_and_a_skirmish_in_kilobytes() -> None:
    large = built(grid_battle(200, 200, 200, terrain=True))
    small = built(grid_battle(10, 10, 2, terrain=False))
    assert state_bytes(large) > 4 * 2**20
    assert state_bytes(small) < 64 * 2**10
