"""The square rulesets' search (engine/rulesets/squares/search.py) on small toy fields: the A*
route is as cheap as Dijkstra's, with and without overspend, and `connects` tells "farther
than the budget" from "no way there", also when a step is limited by the spend so far."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rulesets.squares import search
from engine.steps import Illegal, Legal
from events.battle_events import Coord

Node = tuple[Coord, int]
WALL = Illegal("toy/wall", "a wall")


class Toy(search.Steps):
    """A field drawn as text: `.` costs 1, digits cost that much, `#` is a wall, `G` is a
    goal entered only with at most `limit` spent (a step limited by the spend so far)."""

    def __init__(
        self,
        rows: str,
        diagonals: bool = True,
        bound: int = 0,
        overspend: bool = False,
        limit: int | None = None,
    ) -> None:
        self.rows = rows.split("\n")
        self.diagonals = diagonals
        self.bound = bound
        self.overspend = overspend
        self.limit = limit
        self.calls = 0

    def at(self, x: int, y: int) -> str:
        return self.rows[y][x]

    def start(self, pos: Coord) -> Node:
        return (pos, 0)

    def targets(self, pos: Coord) -> list[Coord]:
        x, y, _ = pos
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if self.diagonals:
            steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        return [
            (x + dx, y + dy, 0)
            for dx, dy in steps
            if 0 <= y + dy < len(self.rows) and 0 <= x + dx < len(self.rows[0])
        ]

    def step(self, node: Node, spent: int, to: Coord) -> Legal | Illegal:
        self.calls += 1
        square = self.at(to[0], to[1])
        if square == "#":
            return WALL
        if square == "G" and self.limit is not None and spent > self.limit:
            return WALL
        return Legal(int(square) if square.isdigit() else 1, ())

    def can_stop(self, pos: Coord, reasons: Any = None) -> bool:
        return True

    def least_cost(self, node: Node, goal: Coord) -> int:
        frm = node[0]
        dx, dy = abs(goal[0] - frm[0]), abs(goal[1] - frm[1])
        return self.bound * (max(dx, dy) if self.diagonals else dx + dy)


def cost(f: Toy, path: list[Coord] | None, budget: int) -> int | None:
    if path is None:
        return None
    total = 0
    for to in path:
        step = f.step(((0, 0, 0), 0), total, to)
        assert isinstance(step, Legal)
        total = min(total + step.cost, budget) if f.overspend else total + step.cost
    return total


def test_a_bound_finds_a_path_as_cheap_as_without_and_looks_at_fewer_squares() -> None:
    rows = "\n".join(["." * 30] * 30)
    plain, bounded = Toy(rows), Toy(rows, bound=1)
    a = search.route(plain, (0, 15, 0), (29, 15, 0), 100)  # type: ignore[arg-type]
    b = search.route(bounded, (0, 15, 0), (29, 15, 0), 100)  # type: ignore[arg-type]
    assert cost(plain, a, 100) == cost(bounded, b, 100) == 29
    assert bounded.calls * 10 < plain.calls


@settings(max_examples=60, deadline=None)
@given(
    cells=st.lists(st.sampled_from("....123#"), min_size=36, max_size=36),
    diagonals=st.booleans(),
    overspend=st.booleans(),
    budget=st.integers(1, 14),
    goal=st.tuples(st.integers(0, 5), st.integers(0, 5)),
)
def test_the_a_star_route_costs_what_dijkstra_s_does(
    cells: list[str], diagonals: bool, overspend: bool, budget: int, goal: tuple[int, int]
) -> None:
    cells[0] = "."
    rows = "\n".join("".join(cells[i : i + 6]) for i in range(0, 36, 6))
    start, end = (0, 0, 0), (goal[0], goal[1], 0)
    plain = Toy(rows, diagonals, bound=0, overspend=overspend)
    bounded = Toy(rows, diagonals, bound=1, overspend=overspend)
    if rows.split("\n")[goal[1]][goal[0]] == "#" or end == start:
        return
    a = search.route(plain, start, end, budget)  # type: ignore[arg-type]
    b = search.route(bounded, start, end, budget)  # type: ignore[arg-type]
    assert cost(plain, a, budget) == cost(bounded, b, budget)


def test_connects_finds_a_goal_beyond_the_budget_without_searching_everything() -> None:
    rows = "\n".join(["." * 40] * 40)
    f = Toy(rows)
    assert search.route(f, (0, 20, 0), (39, 20, 0), 5) is None  # type: ignore[arg-type]
    f.calls = 0
    assert search.connects(f, (0, 20, 0), (39, 20, 0))  # type: ignore[arg-type]
    assert f.calls < 40 * 8 * 3  # about a line of squares, not the 1600 of the map


def test_connects_says_no_for_a_walled_in_goal() -> None:
    rows = "......\n...###\n...#G#\n...###"
    assert not search.connects(Toy(rows), (0, 0, 0), (4, 2, 0))  # type: ignore[arg-type]


def test_connects_looks_again_when_a_step_was_refused_for_what_was_spent() -> None:
    # The square nearest the goal first: the walk reaches N through the 9 (spent 10) and
    # may not enter G from there (at most 6 spent); the long way round spends 6.
    rows = "S9.G\n.#.#\n....".replace("S", ".")
    f = Toy(rows, diagonals=False, limit=6)
    assert search.connects(f, (0, 0, 0), (3, 0, 0))  # type: ignore[arg-type]
    assert search.route(f, (0, 0, 0), (3, 0, 0), 100) is not None  # type: ignore[arg-type]
    stingy = Toy(rows, diagonals=False, limit=5)
    assert not search.connects(stingy, (0, 0, 0), (3, 0, 0))  # type: ignore[arg-type]
