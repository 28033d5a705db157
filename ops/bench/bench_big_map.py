"""A search's worst case on the biggest map: a `move ... to` a walled-in square of a 1000x1000
map, which searches until the search budget (5 s, as the server's default) refuses it.

Run: `python -m ops.bench bench_big_map` (prints, per ruleset, the answer, the seconds, the
search steps done within them, the peak memory growth of the process and what the engine's
memos hold after). Each ruleset runs in a process of its own, so the peak is its own. The
budget bounds time and memory; the steps done say how far a search gets within them.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time

from rich.console import Console
from rich.table import Table

SIDE = 1000
SECONDS = 5.0
RULESETS = ("draw-steel", "one-two-one", "epic-path", "action-points")


def one(ruleset: str) -> dict[str, object]:
    """The search in this process: its answer, time, steps and memory."""
    from engine import Refused, create_battle, decide, map_memo
    from engine.budget import Budget, within
    from projections import fold

    walls = [[x, y] for x in range(995, 1000) for y in range(995, 1000) if (x, y) != (998, 998)]
    created = create_battle(
        {
            "ruleset": ruleset,
            "options": {"turns": False},
            "map": {"width": SIDE, "height": SIDE, "terrain": [{"kind": "wall", "cells": walls}]},
            "creatures": [{"id": "hero", "side": "a", "at": [0, 0], "speeds": {"walk": 1000}}],
        }
    )
    state = fold(created.events)  # type: ignore[union-attr]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    budget = Budget(5_000_000, SECONDS, time.monotonic, "the search")
    start = time.monotonic()
    with within(budget):
        answer = decide({"type": "move", "creature": "hero", "to": [998, 998]}, state)
    seconds = time.monotonic() - start
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    return {
        "answer": answer.rule if isinstance(answer, Refused) else "accepted",
        "seconds": seconds,
        "steps": budget.spent,
        "peak_mb": grown / 1024,
        "memo_mb": map_memo.held_bytes() / 2**20,
    }


def main() -> None:
    table = Table(title=f"`to` a walled-in square of a {SIDE}x{SIDE} map, {SECONDS:g} s budget")
    console = Console(width=120)
    for column in ("ruleset", "answer", "s", "search steps", "peak growth MB", "memos MB"):
        table.add_column(column, justify="left" if column in ("ruleset", "answer") else "right")
    for ruleset in RULESETS:
        out = subprocess.run(
            [sys.executable, "-m", "ops.bench.bench_big_map", "--one", ruleset],
            capture_output=True,
            text=True,
            check=True,
        )
        found = json.loads(out.stdout.strip().splitlines()[-1])
        table.add_row(
            ruleset,
            str(found["answer"]),
            f"{found['seconds']:.1f}",
            f"{found['steps']:,}",
            f"{found['peak_mb']:.0f}",
            f"{found['memo_mb']:.0f}",
        )
    console.print(table)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        print(json.dumps(one(sys.argv[2])))
    else:
        main()
