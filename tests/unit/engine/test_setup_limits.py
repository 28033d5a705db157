"""Every battle within the documented limits can be created and logged, and a setup past them
is refused before it costs anything (the limits: engine/setup.py, the README's table)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Accepted, Refused, create_battle, decide
from engine.setup import MAX_LISTED_CELLS, MAX_TERRAIN_ENTRIES, MAX_TERRAIN_SQUARES, runs
from events.battle_events import Cell, rect_cells
from events.chain import encode_events
from events.store import MAX_EVENT_BYTES
from events.vocabulary import registry
from projections import fold


def creature(n: int) -> dict[str, Any]:
    return {
        "id": f"c{n:03d}",
        "name": "N" * 200,  # the longest name allowed
        "side": "S" * 64,
        "at": [n % 200, 2 * (n // 200) + 100],
        "speeds": {"walk": 5, "climb": 5, "swim": 5, "fly": 5, "burrow": 5},
        "stats": {"might": 2, "agility": 1, "reason": 0, "intuition": 0, "presence": 0},
        "hp": 30,
    }


def largest() -> dict[str, Any]:
    walls = [
        {"kind": "wall", "area": {"from": [0, y], "to": [199, y]}, "height": 3}
        for y in range(0, 76, 2)  # 38 whole-width wall areas
    ]
    listed = [[x, 90] for x in range(0, 200, 2)]  # plus squares listed one by one
    return {
        "ruleset": "draw-steel",
        "seed": 1,
        "map": {
            "width": 200,
            "height": 200,
            "terrain": [*walls, {"kind": "difficult", "cells": listed}],
        },
        "creatures": [creature(n) for n in range(200)],
    }


def test_the_largest_battle_within_the_limits_is_created_and_fits_the_log() -> None:
    decision = create_battle(largest())
    assert isinstance(decision, Accepted), decision
    encoded = encode_events(decision.events, registry)  # what the store checks and writes
    assert all(len(e.data_json) <= MAX_EVENT_BYTES for e in encoded)
    kinds = [e.type for e in decision.events]
    assert kinds[0] == "BattleCreated" and set(kinds[1:]) == {"CreaturePlaced"}
    state = fold(decision.events)
    assert len(state.creatures) == 200
    assert state.creatures["c199"].pos == (199, 100, 0)
    assert sum(state.grid.wall) == 38 * 200


def test_terrain_past_its_squares_is_refused_before_it_is_built() -> None:
    whole = {"kind": "difficult", "area": {"from": [0, 0], "to": [199, 199]}}
    body = {**largest(), "creatures": [creature(0)]}
    body["map"] = {"width": 200, "height": 200, "terrain": [whole] * 40}
    refused = create_battle(body)
    assert isinstance(refused, Refused) and refused.rule == "limits/terrain-too-big"
    assert str(MAX_TERRAIN_SQUARES) in refused.detail
    body["map"]["terrain"] = [whole] * (MAX_TERRAIN_SQUARES // 40_000)
    assert isinstance(create_battle(body), Accepted)


def test_too_many_entries_or_listed_squares_are_refused() -> None:
    body = {**largest(), "creatures": [creature(0)]}
    one = {"kind": "difficult", "cells": [[1, 1]]}
    body["map"] = {"width": 200, "height": 200, "terrain": [one] * (MAX_TERRAIN_ENTRIES + 1)}
    refused = create_battle(body)
    assert isinstance(refused, Refused) and refused.rule == "limits/too-many-terrain-entries"
    many = [[x % 200, x // 200] for x in range(MAX_LISTED_CELLS + 1)]
    body["map"]["terrain"] = [{"kind": "difficult", "cells": many}]
    refused = create_battle(body)
    assert isinstance(refused, Refused) and refused.rule == "limits/too-many-cells"
    scattered = [[x, y] for y in range(200) for x in range(y % 2, 200, 2)][:MAX_LISTED_CELLS]
    body["map"]["terrain"] = [{"kind": "difficult", "cells": scattered}]
    refused = create_battle(body)  # a chequerboard has no runs: it would not fit one event
    assert isinstance(refused, Refused) and refused.rule == "limits/event-too-large"
    rows = [[x, y] for y in range(200) for x in range(200)][:MAX_LISTED_CELLS]
    body["map"]["terrain"] = [{"kind": "difficult", "cells": rows}]
    assert isinstance(create_battle(body), Accepted)  # whole rows are 200 runs


def test_a_whole_map_set_terrain_is_logged_as_its_rectangle() -> None:
    state = fold(create_battle({**largest(), "creatures": [creature(0)]}).events)  # type: ignore[union-attr]
    intent = {
        "type": "set_terrain",
        "kind": "difficult",
        "area": {"from": [0, 100], "to": [199, 199]},
    }
    decision = decide(intent, state)
    assert isinstance(decision, Accepted), decision
    (event,) = [e for e in decision.events if e.type == "TerrainSet"]
    assert event.cells == [] and event.rects == [(0, 100, 199, 199)]
    after = fold(decision.events, state)
    assert sum(after.grid.difficult) == 100 * 200 + sum(state.grid.difficult[: 100 * 200])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 10)), max_size=80))
def test_listed_squares_are_logged_as_runs_of_the_same_squares(cells: list[Cell]) -> None:
    singles, rows = runs(cells)
    logged = singles + [c for r in rows for c in rect_cells(r)]
    assert sorted(logged) == sorted(set(cells))  # the same squares, each once
    assert all(r[1] == r[3] and r[2] > r[0] for r in rows)  # runs along a row, two or more
    assert len(singles) + len(rows) <= len(set(cells))
