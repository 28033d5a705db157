"""What the state says a creature has left is what it can still spend, in every ruleset.

For any sequence of accepted moves on an open map, the creature's `movement_left` (its
ruleset's economy) is what a further `to` (the ruleset's first move action) may still spend:
the farthest square the reach lists costs exactly that, a `to` there is accepted, and a `to`
one square farther in a straight line is refused. Every movement event said so as it was
logged (`check_movement_left_shown`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from engine import Accepted, create_battle, decide, reach
from engine.view import battle_view
from projections import BattleState, evolve, fold
from tests.unit.rulesets.properties import SETTINGS, check_movement_left_shown
from tests.unit.rulesets.warcry.table import battle, fighter

SIDE = 31
MIDDLE = SIDE // 2


@dataclass(frozen=True)
class Game:
    ruleset: str
    walk: int
    unit: int
    """The ruleset's unit per square (Epic Path counts feet)."""
    actions: tuple[dict[str, Any], ...]
    """Ways to move beyond the first move action's `to` (converting, sprinting, ...)."""
    fly: int = 0
    """A fly speed besides the walk: what is left is still the walk's."""


GAMES = [
    Game("draw-steel", 5, 1, ({}, {"use_main_action": True})),
    Game("epic-path", 30, 5, ({}, {"action": "double_move"}, {"use_main_action": True})),
    Game("epic-path", 30, 5, ({}, {"mode": "fly"}, {"use_main_action": True}), fly=60),
    Game("one-two-one", 6, 1, ({}, {"action": "sprint"})),
    Game("action-points", 5, 1, ({}, {"action": "run"}, {"action_points": 1})),
]


def open_map(g: Game, turns: bool) -> BattleState:
    speeds = {"walk": g.walk, **({"fly": g.fly} if g.fly else {})}
    creature = {"id": "A", "side": "heroes", "at": [MIDDLE, MIDDLE], "speeds": speeds}
    setup = {
        "ruleset": g.ruleset,
        "seed": 5,
        "options": {"turns": turns},
        "map": {"width": SIDE, "height": SIDE},
        "creatures": [creature],
    }
    created = create_battle(setup)
    assert isinstance(created, Accepted), created
    state = fold(created.events)
    if turns:
        state = play(state, {"type": "start_turn", "creature": "A"})
    return state


def play(state: BattleState, intent: dict[str, Any]) -> BattleState:
    decision = decide(intent, state)
    assert isinstance(decision, Accepted), (intent, decision)
    for event in decision.events:
        state = evolve(state, event)
        check_movement_left_shown(state, event)
    return state


def left(state: BattleState) -> int:
    shown: int = battle_view(state)["creatures"]["A"]["movement_left"]
    return shown


def check_left_is_what_a_to_may_spend(g: Game, state: BattleState) -> None:
    shown = left(state)
    x, y, _ = state.creatures["A"].pos
    squares = reach(state, "A")
    assert max(squares.values(), default=0) == shown, (shown, squares)
    far = shown // g.unit
    straight = (x + far, y) if x + far + 1 < SIDE else (x - far, y)
    step = 1 if straight[0] >= x else -1
    if far:
        spent = decide({"type": "move", "creature": "A", "to": list(straight)}, state)
        assert isinstance(spent, Accepted), (straight, spent)
        assert sum(e.cost for e in spent.events if e.type == "Moved") == shown
    beyond = [straight[0] + step, y]
    assert not isinstance(decide({"type": "move", "creature": "A", "to": beyond}, state), Accepted)


moves = st.lists(
    st.tuples(st.integers(-6, 6), st.integers(-6, 6), st.integers(0, 2)), min_size=1, max_size=4
)


@pytest.mark.parametrize("g", GAMES, ids=[g.ruleset + ("-flier" if g.fly else "") for g in GAMES])
@SETTINGS
@given(steps=moves, turns=st.booleans())
def test_movement_left_is_what_a_further_move_may_spend(
    g: Game, steps: list[tuple[int, int, int]], turns: bool
) -> None:
    state = open_map(g, turns)
    check_left_is_what_a_to_may_spend(g, state)
    for dx, dy, how in steps:
        x, y, _ = state.creatures["A"].pos
        intent = {
            "type": "move",
            "creature": "A",
            "to": [x + dx, y + dy],
            **g.actions[how % 3 % len(g.actions)],
        }
        decision = decide(intent, state)
        note(f"{intent} -> {type(decision).__name__}")
        if not isinstance(decision, Accepted) or (dx, dy) == (0, 0):
            continue
        state = play(state, intent)
        note(f"economy {battle_view(state)['creatures']['A']['economy']}")
        check_left_is_what_a_to_may_spend(g, state)


@SETTINGS
@given(
    steps=st.lists(st.tuples(st.floats(-5, 5), st.floats(-5, 5)), min_size=1, max_size=3),
    turns=st.booleans(),
)
def test_a_warcry_fighter_has_its_whole_move_while_its_activation_has_an_action(
    steps: list[tuple[float, float]], turns: bool
) -> None:
    state = battle(fighter("f1", [15, 11], speeds={"walk": 5}), turns=turns)
    if turns:
        state = play(state, {"type": "start_turn", "creature": "f1"})
    used = 0
    for dx, dy in [*steps, (0.0, 0.0)]:
        shown = battle_view(state)["creatures"]["f1"]["movement_left"]
        assert shown == (5 if not turns or used < 2 else 0)
        x, y, _ = state.board.fighters["f1"].point  # type: ignore[union-attr]
        ahead = x + 5 if x < 15 else x - 5
        whole = {"type": "move", "creature": "f1", "legs": [{"kind": "normal", "to": [ahead, y]}]}
        assert isinstance(decide(whole, state), Accepted) == (shown == 5)
        beyond = {
            **whole,
            "legs": [{"kind": "normal", "to": [ahead + (0.01 if x < 15 else -0.01), y]}],
        }
        assert not isinstance(decide(beyond, state), Accepted)
        intent = {"type": "move", "creature": "f1", "to": [x + dx, y + dy]}
        if (dx, dy) != (0.0, 0.0) and isinstance(decide(intent, state), Accepted):
            state = play(state, intent)
            used += 1
