"""Engine benchmark: decide and reach on a 100x100 map with 60 creatures, 20% difficult.

Run: `python -m ops.bench.bench_engine` (prints p50/p99 in milliseconds per case). The map and
creatures come from a fixed seed so runs compare; wall-clock time is read here only, never in
the engine.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine import Accepted, create_battle, decide, reach
from projections import BattleState, fold

SIZE = 100
CREATURES = 60


def _rand(seed: str, n: int) -> int:
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big") % n


def setup() -> dict[str, Any]:
    difficult = [
        [x, y]
        for y in range(SIZE)
        for x in range(SIZE)
        if _rand(f"d{x},{y}", 100) < 20 and (x, y) != (0, 50)
    ]
    taken = {(x, y) for x, y in difficult}
    creatures = [{"id": "hero", "side": "heroes", "at": [0, 50], "speeds": {"walk": 10}, "hp": 30}]
    k = 0
    while len(creatures) < CREATURES:
        k += 1
        x, y = _rand(f"cx{k}", SIZE), _rand(f"cy{k}", SIZE)
        if (x, y) in taken or (x, y) in ((0, 50), (99, 50), (99, 99)):
            continue
        taken.add((x, y))
        creatures.append(
            {
                "id": f"c{k}",
                "side": "monsters" if k % 2 else "heroes",
                "at": [x, y],
                "speeds": {"walk": 5},
                "hp": 10,
            }
        )
    return {
        "ruleset": "draw-steel",
        "seed": 1,
        "options": {"turns": False},
        "map": {
            "width": SIZE,
            "height": SIZE,
            "terrain": [{"kind": "difficult", "cells": difficult}],
        },
        "creatures": creatures,
    }


def state(speed: int = 10) -> BattleState:
    body = setup()
    body["creatures"][0]["speeds"] = {"walk": speed}
    decision = create_battle(body)
    assert isinstance(decision, Accepted), decision
    return fold(decision.events)


def explicit_path(s: BattleState) -> list[list[int]]:
    """A legal 10-step path for the hero (found once, then judged again and again)."""
    found = decide({"type": "move", "creature": "hero", "to": [10, 50]}, s)
    assert isinstance(found, Accepted), found
    return [list(p)[:2] for e in found.events if e.type == "Moved" for p in e.path]  # type: ignore[attr-defined]


def measure(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def fold_rate(base: BattleState, count: int = 100_000) -> float:
    """Events folded per second over a log of moves and damage (the snapshot-free replay)."""
    from events.battle_events import DamageTaken, Moved

    log: list[Any] = []
    for i in range(count):
        if i % 2:
            log.append(
                Moved(
                    creature="hero",
                    path=[(i % 50, 50, 0)],
                    cost=1,
                    mode="walk",
                    action="advance",
                    movement_left=3,
                )
            )
        else:
            log.append(DamageTaken(creature=next(iter(base.creatures)), amount=1, cause="x"))
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        fold(log, base)
        best = max(best, count / (time.perf_counter() - start))
    return best


def golden(name: str = "skirmish") -> Callable[[], object]:
    """Play a golden scenario (tests/unit/engine/golden) from setup to its last intent."""
    import json
    from pathlib import Path

    from projections import evolve

    path = Path(__file__).parents[2] / "tests" / "unit" / "engine" / "golden" / f"{name}.json"
    scenario = json.loads(path.read_text())

    def play() -> object:
        created = create_battle(scenario["setup"])
        assert isinstance(created, Accepted)
        s = fold(created.events)
        for intent in scenario["intents"]:
            decision = decide(intent, s)
            assert isinstance(decision, Accepted), decision
            for event in decision.events:
                s = evolve(s, event)
        return s

    return play


def main() -> None:
    near = state(20)
    ten = state(10)
    path = {"type": "move", "creature": "hero", "path": explicit_path(near)}
    assert isinstance(decide(path, near), Accepted)
    far = state(400)
    across = {"type": "move", "creature": "hero", "to": [99, 50]}
    found = decide(across, far)
    assert isinstance(found, Accepted), found
    diagonal = {"type": "move", "creature": "hero", "to": [99, 99]}
    cases = [
        ("decide: 10-step explicit path", lambda: decide(path, near), 300),
        ("decide: move to across the map", lambda: decide(across, far), 30),
        ("decide: move to far corner", lambda: decide(diagonal, far), 30),
        ("reach: speed 10", lambda: reach(ten, "hero"), 100),
        ("golden skirmish: 13 intents end to end", golden(), 50),
    ]
    print(f"{'case':40} {'p50 ms':>9} {'p99 ms':>9}")
    for name, fn, runs in cases:
        p50, p99 = measure(fn, runs)
        print(f"{name:40} {p50:9.3f} {p99:9.3f}")
    print(f"{'fold: 100,000 events (best of 3)':40} {fold_rate(ten):9.0f} events/s")


if __name__ == "__main__":
    main()
