"""Engine benchmark: decide and reach on a 100x100 map with 60 creatures, 20% difficult, for
Draw Steel and the square rulesets (Epic Path, Reclaim the Wild, the action-point game).

Run: `python -m ops.bench bench_engine` (prints p50/p99 in milliseconds per case and ruleset,
with p50 after another creature's move and p50 cold).
The map and creatures come from a fixed seed so runs compare, and every ruleset plays on the
same map; wall-clock time is read here only, never in the engine. Speeds are in each
ruleset's unit (Epic Path in feet, 5 a square; the others in squares), chosen so the four
move the same number of squares per case: see `PROFILES` and the legend printed with the table.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import Accepted, Refused, create_battle, decide, reach
from engine.map_memo import forget
from projections import BattleState, fold

SIZE = 100
CREATURES = 60


@dataclass(frozen=True)
class Profile:
    """One ruleset's figures for the benchmark, each in the ruleset's unit of speed."""

    ruleset: str
    unit: str
    others: int
    """Every other creature's walk (a realistic figure)."""
    path: int
    """The hero's walk for the 10-step explicit path."""
    across: int
    """The hero's walk for the `to` across the map (turns off: no creature moves that far;
    it measures the search over the whole map)."""
    reach: int
    """The hero's walk for the reach case (10 squares)."""
    short: int
    """A realistic walk for the refusal: `to` across the map, out of reach."""
    path_action: str | None = None
    across_action: str | None = None
    note: str = ""


PROFILES = (
    Profile("draw-steel", "squares", 5, 20, 400, 10, 5, note="speed 5 typical"),
    Profile(
        "epic-path",
        "feet",
        30,
        30,
        1000,
        50,
        30,
        path_action="double_move",
        across_action="double_move",
        note="walk 30 ft typical; double_move doubles it (60 ft = 12 squares)",
    ),
    Profile("one-two-one", "squares", 6, 20, 400, 10, 6, note="Movement 6 typical"),
    Profile(
        "action-points",
        "squares",
        5,
        5,
        400,
        10,
        5,
        path_action="run",
        note="MOVE 5 (Turgar); run doubles it (10 spaces)",
    ),
)
DRAW_STEEL = PROFILES[0]
SECONDS = 10.0
"""About how long one case may run (a slow search runs 5 times, not 30)."""
MOVED_STATES = 12
"""States after another creature's move, taken in turn (more than any memo keeps per key)."""


def _rand(seed: str, n: int) -> int:
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big") % n


def setup(profile: Profile = DRAW_STEEL) -> dict[str, Any]:
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
                "speeds": {"walk": profile.others},
                "hp": 10,
            }
        )
    return {
        "ruleset": profile.ruleset,
        "seed": 1,
        "options": {"turns": False},
        "map": {
            "width": SIZE,
            "height": SIZE,
            "terrain": [{"kind": "difficult", "cells": difficult}],
        },
        "creatures": creatures,
    }


def state(speed: int = 10, profile: Profile = DRAW_STEEL) -> BattleState:
    body = setup(profile)
    body["creatures"][0]["speeds"] = {"walk": speed}
    decision = create_battle(body)
    assert isinstance(decision, Accepted), decision
    return fold(decision.events)


def move(to: list[int] | None = None, action: str | None = None, **kw: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "move", "creature": "hero", **kw}
    if to is not None:
        body["to"] = to
    if action is not None:
        body["action"] = action
    return body


def explicit_path(s: BattleState, action: str | None = None) -> list[list[int]]:
    """A legal 10-step path for the hero (found once, then judged again and again)."""
    found = decide(move([10, 50], action), s)
    assert isinstance(found, Accepted), found
    path = [list(p)[:2] for e in found.events if e.type == "Moved" for p in e.path]  # type: ignore[attr-defined]
    assert len(path) == 10, path
    return path


@dataclass(frozen=True)
class Case:
    name: str
    base: BattleState
    call: Callable[[BattleState], object]
    runs: int


def cases(p: Profile) -> list[Case]:
    """The cases every ruleset runs, each a call on its state."""
    near = state(p.path, p)
    path = move(action=p.path_action, path=explicit_path(near, p.path_action))
    assert isinstance(decide(path, near), Accepted)
    far = state(p.across, p)
    across = move([99, 50], p.across_action)
    assert isinstance(decide(across, far), Accepted)
    corner = move([99, 99], p.across_action)
    assert isinstance(decide(corner, far), Accepted)
    ten = state(p.reach, p)
    short = state(p.short, p)
    out_of_reach = move([99, 50])
    refused = decide(out_of_reach, short)
    assert isinstance(refused, Refused) and refused.rule.endswith("exceeds-speed"), refused
    return [
        Case("decide: 10-step explicit path", near, lambda s: decide(path, s), 300),
        Case("decide: move to across the map", far, lambda s: decide(across, s), 30),
        Case("decide: move to far corner", far, lambda s: decide(corner, s), 30),
        Case("reach: 10 squares", ten, lambda s: reach(s, "hero"), 100),
        Case("refusal: to out of reach", short, lambda s: decide(out_of_reach, s), 30),
    ]


def after_moves(s: BattleState, count: int = MOVED_STATES) -> list[BattleState]:
    """`count` states, each `s` after one other creature (away from the hero's row) stepped
    one square: what a decision meets in play, where every move makes a new roster."""
    found: list[BattleState] = []
    for cid, c in s.creatures.items():
        if cid == "hero" or abs(c.pos[1] - 50) < 4:
            continue
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            step = {"type": "move", "creature": cid, "path": [[c.pos[0] + dx, c.pos[1] + dy]]}
            decision = decide(step, s)
            if isinstance(decision, Accepted):
                found.append(fold(decision.events, s))
                break
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} creatures could step")


def timed(case: Case) -> tuple[float, float, float, float]:
    """p50 and p99 on one state asked again and again (what a field keeps for the map and
    roster is warm), p50 on states where another creature has just moved (the map's memo
    warm, the roster new), and p50 cold (every memo dropped first: a new map)."""
    p50, p99 = measure(lambda: case.call(case.base), case.runs, SECONDS)
    moved = after_moves(case.base)
    turn = iter(range(1 << 30))
    moved_p50, _ = measure(lambda: case.call(moved[next(turn) % len(moved)]), case.runs, SECONDS)
    cold_p50, _ = measure(lambda: case.call(case.base), case.runs, SECONDS, before=forget)
    return p50, p99, moved_p50, cold_p50


def measure(
    fn: Callable[[], object],
    runs: int,
    seconds: float | None = None,
    before: Callable[[], object] | None = None,
) -> tuple[float, float]:
    """p50 and p99 of `runs` calls in milliseconds; with `seconds`, fewer runs (at least 5)
    when one call is so slow that `runs` would take longer; `before` runs untimed before
    each call."""
    if seconds is not None:
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        once = time.perf_counter() - start
        runs = max(5, min(runs, int(seconds / max(once, 1e-9))))
    times = []
    for _ in range(runs):
        if before is not None:
            before()
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


def legend() -> list[str]:
    lines = ["speeds (hero's walk per case; turns off, so nothing else limits a move):"]
    for p in PROFILES:
        lines.append(
            f"  {p.ruleset:14} in {p.unit}: path {p.path}"
            + (f" {p.path_action}" if p.path_action else "")
            + f", across {p.across}"
            + (f" {p.across_action}" if p.across_action else "")
            + f", reach {p.reach}, refusal {p.short}; others {p.others} ({p.note})"
        )
    lines.append("  across: 400 squares of movement, no creature's; it times a search of the map")
    return lines


def main() -> None:
    rows: list[tuple[str, str, float, float, float, float]] = []
    for p in PROFILES:
        for case in cases(p):
            rows.append((case.name, p.ruleset, *timed(case)))
    ten = state(10)
    order = list(dict.fromkeys(r[0] for r in rows))
    rows.sort(key=lambda r: order.index(r[0]))  # by case, the rulesets side by side
    print(f"{'case':34} {'ruleset':14} {'p50 ms':>9} {'p99 ms':>9}", end="")
    print(f" {'moved p50':>10} {'cold p50':>9}")
    for name, ruleset, p50, p99, moved, cold in rows:
        print(f"{name:34} {ruleset:14} {p50:9.3f} {p99:9.3f} {moved:10.3f} {cold:9.3f}")
    p50, p99 = measure(golden(), 50)
    print(f"{'golden skirmish: 13 intents':34} {'draw-steel':14} {p50:9.3f} {p99:9.3f}")
    print(f"{'fold: 100,000 events (best of 3)':49} {fold_rate(ten):9.0f} events/s")
    for line in legend():
        print(line)
    print("  p50/p99: one state asked again; moved: another creature has just moved each time")
    print("  (the map's memo warm, the roster new); cold: every memo dropped before each call")


if __name__ == "__main__":
    main()
