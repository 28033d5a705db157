"""What a field keeps per map (`engine.map_memo`) never changes an answer: after the
creatures move, a decision on a map already read answers as a decision on a fresh one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Accepted, create_battle, decide, reach
from engine.map_memo import forget
from engine.results import Refusal
from projections import BattleState, evolve, fold
from tests.unit.engine.recorded import record
from tests.unit.rulesets.maps import battle_in
from tests.unit.rulesets.warcry import table

GRID_RULESETS = [("draw-steel", 6), ("epic-path", 30), ("one-two-one", 6), ("action-points", 6)]

ROWS = """
A . . . . . . .
. . . . . . . .
. . . . . . . b
"""


def moved(state: BattleState, creature: str, to: list[int]) -> BattleState:
    decision = decide({"type": "move", "creature": creature, "to": to}, state)
    assert isinstance(decision, Accepted), decision
    for event in decision.events:
        state = evolve(state, event)
    return state


def answers(state: BattleState) -> tuple[Any, ...]:
    """A's reach and its judged moves across the map, by `to` and by path."""
    across = decide({"type": "move", "creature": "A", "to": [6, 0]}, state)
    along = decide({"type": "move", "creature": "A", "path": [[1, 0], [2, 0], [3, 0]]}, state)
    return reach(state, "A"), across, along


@pytest.mark.parametrize(("ruleset", "walk"), GRID_RULESETS)
@pytest.mark.parametrize("b_to", [[3, 1], [2, 1], [5, 0]])
def test_a_creature_moving_next_to_a_route_read_before_changes_it_as_on_a_fresh_map(
    ruleset: str, walk: int, b_to: list[int]
) -> None:
    forget()
    before = battle_in(ruleset, ROWS, walk=walk, options={"turns": False})
    answers(before)  # the map read with b far away
    after = moved(before, "b", b_to)
    warm = answers(after)
    forget()
    assert warm == answers(after)


@pytest.mark.parametrize(("ruleset", "walk"), GRID_RULESETS)
def test_a_creature_moving_away_from_a_route_read_before_frees_it_as_on_a_fresh_map(
    ruleset: str, walk: int
) -> None:
    forget()
    before = moved(battle_in(ruleset, ROWS, walk=walk, options={"turns": False}), "b", [3, 1])
    answers(before)  # the map read with b beside the route
    after = moved(before, "b", [7, 2])
    warm = answers(after)
    forget()
    assert warm == answers(after)


NEIGHBOURS = """
b c . . .
A . . . .
. . . . #
. . . . .
"""


@pytest.mark.parametrize(("ruleset", "walk"), GRID_RULESETS)
def test_two_enemies_side_by_side_each_see_the_other_as_on_a_fresh_map(
    ruleset: str, walk: int
) -> None:
    """Near other creatures a step depends on who moves (its enemies, its own space), so
    what one creature's search read there is never another's answer."""
    forget()
    state = battle_in(ruleset, NEIGHBOURS, walk=walk, options={"turns": False})
    b_moves = {"type": "move", "creature": "b", "to": [0, 3]}
    decide({"type": "move", "creature": "A", "to": [4, 2]}, state)  # A reads beside b first
    reach(state, "A")
    warm = decide(b_moves, state), reach(state, "b")
    forget()
    assert warm == (decide(b_moves, state), reach(state, "b"))


def test_a_warcry_fighter_moving_next_to_a_route_read_before_changes_it_as_on_a_fresh_board() -> (
    None
):
    forget()
    before = table.battle(
        table.fighter("A", [2, 2]),
        table.fighter("b", [12, 9], side="blue"),
        terrain=[table.obstacle(8, 0, 3, 3)],
    )

    def warcry_answers(state: BattleState) -> tuple[Any, ...]:
        across = decide({"type": "move", "creature": "A", "to": [7, 5]}, state)
        return reach(state, "A"), across

    warcry_answers(before)  # the board read with b far away
    after = table.after(before, table.move(before, "b", ("normal", [8.5, 6])))
    warm = warcry_answers(after)
    forget()
    assert warm == warcry_answers(after)


@pytest.mark.parametrize("ruleset", [r for r, _ in GRID_RULESETS])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_creature_asked_in_turn_on_a_state_answers_as_on_a_fresh_map(
    ruleset: str, seed: int
) -> None:
    """A seeded game (the recorded games' map and intents): on each state, every creature
    tries two intents and its reach one after another with what the engine keeps warm, and
    each answer is compared with the same question asked after everything kept is dropped."""
    rng = random.Random(seed)
    created = create_battle(record.setup(ruleset))
    assert isinstance(created, Accepted)
    state = fold(created.events)
    for _ in range(25):
        asks = [record.grid_intent(rng, ruleset, state, c) for c in state.creatures for _ in "ab"]
        warm = [(decide(a, state), _reach_or_rule(state, _mover(a))) for a in asks]
        for ask, found in zip(asks, warm, strict=True):
            forget()
            decision = decide(ask, state)
            forget()
            assert found == (decision, _reach_or_rule(state, _mover(ask))), ask
        accepted = [d for d, _ in warm if isinstance(d, Accepted)]
        for event in rng.choice(accepted).events if accepted else ():
            state = evolve(state, event)
        while state.pending:
            reaction = {"type": "resolve_reaction", "reaction": state.pending[0].id}
            taken = decide({**reaction, "decision": "take"}, state)
            assert isinstance(taken, Accepted), taken
            for event in taken.events:
                state = evolve(state, event)


def _mover(intent: dict[str, Any]) -> str:
    return str(intent.get("creature") or intent["source"])


def _reach_or_rule(state: BattleState, creature: str) -> Any:
    try:
        return reach(state, creature)
    except Refusal as refusal:
        return refusal.rule
