"""Warcry benchmark: a 30"x22" board, 20 terrain pieces (platforms and obstacles), 10 fighters.

Run: `python -m ops.bench bench_warcry` (prints p50/p99 in milliseconds per case, and p50 cold).
Cases: a 4-leg move judged by `decide` (normal, jump, climb, normal), `move ... to` across the board
(the roadmap search of `engine.rulesets.warcry.pathfinding`), and the reach region for Move 5
(`engine.rulesets.warcry.reach.region`, a 1" lattice, each point searched). Searching is far
slower than judging given legs (seconds, not milliseconds), so those cases run a few times
only; across the whole board (Move 40) one search took over ten minutes before the bounding-box
test in the sweeps, so the `to` case crosses 11" with Move 12. The board is laid out by hand so runs
compare; wall-clock time is read here only, never in the engine.
"""

from __future__ import annotations

from typing import Any

from engine import Accepted, create_battle, decide
from engine.map_memo import forget
from engine.region import Region
from engine.rulesets.warcry.reach import region
from ops.bench.bench_engine import measure
from projections import BattleState, fold

WIDTH, HEIGHT = 30, 22


def _box(kind: str, x: float, y: float, w: float, h: float, height: float) -> dict[str, Any]:
    polygon = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
    return {"kind": kind, "polygon": polygon, "height": height}


def terrain() -> list[dict[str, Any]]:
    """Ten platforms and ten obstacles; the first platform (2" high) is the 4-leg move's."""
    platforms = [
        (8, 6, 3, 4, 2),
        (14, 2, 3, 3, 3),
        (20, 3, 4, 3, 2),
        (25, 8, 3, 3, 4),
        (3, 14, 4, 3, 3),
        (11, 15, 3, 3, 2),
        (17, 12, 3, 4, 3),
        (23, 16, 4, 3, 2),
        (2, 2, 3, 2, 1),
        (14, 19, 3, 2, 1),
    ]
    obstacles = [
        (12, 8, 1, 4, 3),
        (18, 8, 3, 1, 2),
        (5, 8, 1, 3, 2),
        (22, 11, 1, 3, 3),
        (9, 12, 3, 1, 1),
        (27, 3, 1, 3, 2),
        (6, 18, 3, 1, 2),
        (20, 19, 1, 2, 3),
        (15, 7, 1, 1, 4),
        (26, 13, 2, 1, 1),
    ]
    return [_box("platform", *p) for p in platforms] + [_box("obstacle", *o) for o in obstacles]


def fighters() -> list[dict[str, Any]]:
    spots = [(6, 7), (1, 10), (28, 1), (28, 20), (1, 20), (10, 20), (19, 6), (24, 6), (16, 17)]
    hero = {"id": "hero", "side": "red", "at": [6.0, 5.0], "speeds": {"walk": 12}, "hp": 8}
    others = [
        {
            "id": f"f{i}",
            "side": "red" if i % 2 else "blue",
            "at": [float(x), float(y)],
            "speeds": {"walk": 5},
            "hp": 8,
        }
        for i, (x, y) in enumerate(spots[1:], start=1)
    ]
    return [hero, *others]


def state(move: int = 12) -> BattleState:
    body: dict[str, Any] = {
        "ruleset": "warcry",
        "seed": 1,
        "options": {"turns": False},
        "board": {"width": WIDTH, "height": HEIGHT, "terrain": terrain()},
        "creatures": fighters(),
    }
    body["creatures"][0]["speeds"] = {"walk": move}
    decision = create_battle(body)
    assert isinstance(decision, Accepted), decision
    return fold(decision.events)


def legs() -> list[dict[str, Any]]:
    """Normal, jump, climb (up, then across), normal: walk, jump to the foot of the 2"
    platform, climb its side, cross onto its top, walk along it. A climb up ends climbing
    (the centre is beside the side, not over a platform), so the engine needs the climb's
    horizontal part at the top as its own leg before a normal move: five legs in all."""
    return [
        {"kind": "normal", "to": [6.0, 6.0, 0.0]},
        {"kind": "jump", "to": [7.49, 7.0, 0.0]},
        {"kind": "climb", "to": [7.49, 7.0, 2.0]},
        {"kind": "climb", "to": [8.6, 7.0, 2.0]},
        {"kind": "normal", "to": [10.0, 8.0, 2.0]},
    ]


def reach_region(s: BattleState) -> Region:
    return region(s, "hero")


def main() -> None:
    s = state()
    five_legs = {"type": "move", "creature": "hero", "legs": legs()}
    judged = decide(five_legs, s)
    assert isinstance(judged, Accepted), judged
    across = {"type": "move", "creature": "hero", "to": [17.0, 7.0]}
    far = state(12)
    found = decide(across, far)
    assert isinstance(found, Accepted), found
    five = state(5)
    count = len(reach_region(five).points)
    cases = [
        ("decide: 5-leg move (normal,jump,climb x2,normal)", lambda: decide(five_legs, s), 300),
        ('decide: move to 11" away, Move 12 (5 runs)', lambda: decide(across, far), 5),
        (f"reach region: Move 5, {count} points (3 runs)", lambda: reach_region(five), 3),
    ]
    print(f"{'case':52} {'p50 ms':>9} {'p99 ms':>9} {'cold p50':>9}")
    for name, fn, runs in cases:
        p50, p99 = measure(fn, runs)
        cold, _ = measure(fn, runs, before=forget)
        print(f"{name:52} {p50:9.3f} {p99:9.3f} {cold:9.3f}")
    print("p50/p99: one board asked again (the legs judged on it kept); cold: every memo")
    print("dropped before each call, as after any fighter's move (a new board)")


if __name__ == "__main__":
    main()
