"""What battle states cost in memory: the estimate against tracemalloc, and a process whose
state cache meets 1,000 large battles.

    python -m ops.bench bench_state_memory      (BENCH_BATTLES=1000)

1. Calibration (projections/memory.py): for maps from 10x10 to 200x200, crowds of
   creatures and gridless boards, the bytes a state built by `fold` keeps alive
   (tracemalloc) beside `state_bytes`' estimate.
2. 1,000 large battles (200x200, 200 creatures, terrain): a fresh process loads each (from
   a snapshot's JSON, as a cache miss does) into a `StateLoader` as the write path does,
   and reports how many it kept, their estimate and its resident memory growth (psutil).
   Set `BENCH_CODE` to another checkout's folder to run that code's loader instead (the
   count-bounded cache before this change).
"""

from __future__ import annotations

import gc
import json
import math
import os
import subprocess
import sys
import tempfile
import tracemalloc
from typing import Any

import orjson

from engine import Context, create_battle
from engine.results import Refused
from ops.bench.common import console, print_table
from projections import BattleState, fold, state_to_json
from projections.memory import state_bytes

BATTLES = int(os.environ.get("BENCH_BATTLES", "1000"))


def grid_battle(width: int, height: int, creatures: int, terrain: bool) -> dict[str, Any]:
    cells = [[x, y] for y in range(height) for x in range(width)]
    free = cells[creatures:]
    layers = (
        [
            {"kind": "difficult", "cells": free[: len(free) // 5]},
            {"kind": "wall", "cells": free[len(free) // 5 : len(free) // 4], "height": 3},
        ]
        if terrain
        else []
    )
    return {
        "ruleset": "draw-steel",
        "seed": 7,
        "map": {
            "width": width,
            "height": height,
            "terrain": layers,
            "elevation": [{"cells": free[-len(free) // 10 :], "height": 2}] if terrain else [],
        },
        "creatures": [
            {
                "id": f"c{i}",
                "name": f"Creature {i}",
                "side": "a" if i % 2 else "b",
                "at": cells[i],
                "speeds": {"walk": 6},
                "stats": {"might": 2},
                "hp": 30,
            }
            for i in range(creatures)
        ],
    }


def board_battle(fighters: int, pieces: int, corners: int) -> dict[str, Any]:
    turn = 2 * math.pi / corners
    terrain = [
        {
            "kind": "obstacle",
            "polygon": [
                [2 + (i % 20) * 2.5 + math.cos(k * turn), 20 + (i // 20) * 3 + math.sin(k * turn)]
                for k in range(corners)
            ],
            "height": 2,
        }
        for i in range(pieces)
    ]
    return {
        "ruleset": "warcry",
        "seed": 3,
        "options": {"turns": False},
        "board": {"width": 60, "height": 44, "terrain": terrain},
        "creatures": [
            {
                "id": f"f{i}",
                "name": f"Fighter {i}",
                "side": "red",
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
    built(body)
    gc.collect()
    tracemalloc.start()
    state = built(body)
    gc.collect()
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return size, state


SHAPES = [
    ("10x10, 2 creatures", grid_battle(10, 10, 2, False)),
    ("50x50, 20 creatures, terrain", grid_battle(50, 50, 20, True)),
    ("100x100, 60 creatures, terrain", grid_battle(100, 100, 60, True)),
    ("200x200, 1 creature", grid_battle(200, 200, 1, False)),
    ("200x200, 200 creatures, terrain", grid_battle(200, 200, 200, True)),
    ("20x20, 200 creatures", grid_battle(20, 20, 200, False)),
    ("Warcry, 200 fighters", board_battle(200, 2, 4)),
    ("Warcry, 100 pieces of 20 corners", board_battle(2, 100, 20)),
]

FILL = """
import gc, json, os, sys
import orjson, psutil
import events.battle_events, events.history_events
from events.vocabulary import registry
from projections import state_from_json
from server.state import loader as state_loader
from server.operations.settings import Settings





snapshot = orjson.loads(open(sys.argv[1], "rb").read())
process = psutil.Process()
gc.collect()
before = process.memory_info().rss
if hasattr(state_loader, "CACHE_BYTES"):
    loader = state_loader.StateLoader(None, registry, int(Settings().state_cache_mb * 2**20))
else:
    loader = state_loader.StateLoader(None, registry)
for i in range(int(sys.argv[2])):
    loader.remember(state_loader.Loaded(f"b{i}", 1, state_from_json(snapshot)))
gc.collect()
cache = loader._cache
kept = len(cache)
estimate = getattr(cache, "held_bytes", None)
print(json.dumps({"kept": kept, "estimate": estimate,
                  "rss": (process.memory_info().rss - before) / 2**20}))
"""


def fill(snapshot_path: str, code: str | None) -> dict[str, Any]:
    env = dict(os.environ)
    if code:
        env["PYTHONPATH"] = code
    out = subprocess.run(
        [sys.executable, "-c", FILL, snapshot_path, str(BATTLES)],
        env=env,
        cwd=code or None,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    rows: list[list[object]] = []
    for name, body in SHAPES:
        size, state = measured(body)
        estimate = state_bytes(state)
        rows.append([name, size / 1024, estimate / 1024, estimate / size])
    print_table(
        "State memory: tracemalloc against the estimate (KiB)",
        ["state", "measured KiB", "estimate KiB", "estimate / measured"],
        rows,
    )
    large = built(grid_battle(200, 200, 200, True))
    with tempfile.NamedTemporaryFile(suffix=".json") as snapshot:
        snapshot.write(orjson.dumps(state_to_json(large)))
        snapshot.flush()
        code = os.environ.get("BENCH_CODE")
        found = fill(snapshot.name, code)
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print_table(
        f"{BATTLES} large battles (200x200, 200 creatures) through one process's state cache;"
        f" loadavg {load}",
        ["code", "battles kept", "estimate MiB", "resident growth MiB"],
        [
            [
                code or "this checkout",
                found["kept"],
                found["estimate"] / 2**20 if found["estimate"] is not None else "-",
                found["rss"],
            ]
        ],
    )
    console.print(f"One large battle is estimated at {state_bytes(large) / 2**20:.2f} MiB.")


if __name__ == "__main__":
    main()
