"""The table's turn order, held by the server: the director sets it, turns start only in it,
each creature once a round, rounds advance; setting it aside is a ruling on the record."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Accepted, decide
from projections import BattleState, evolve
from projections.view import turn_order_view
from tests.unit.battle_map import battle, ok, refused, types


def turn(state: BattleState, cid: str) -> BattleState:
    _, state = ok(state, {"type": "start_turn", "creature": cid})
    _, state = ok(state, {"type": "end_turn", "creature": cid})
    return state


def test_a_move_before_any_turn_is_refused_saying_to_send_start_turn() -> None:
    state = battle("A.b", creatures={"A": {"name": "Tactician"}})
    refusal = refused(state, {"type": "move", "creature": "A", "path": [[1, 0]]})
    assert refusal.rule == "turn/not-your-turn"
    assert "Tactician" in refusal.detail and "send start_turn for 'A'" in refusal.detail


def test_a_move_in_another_creatures_turn_says_whose_turn_it_is() -> None:
    state = battle("A.b", creatures={"b": {"name": "Goblin"}})
    _, state = ok(state, {"type": "start_turn", "creature": "b"})
    refusal = refused(state, {"type": "move", "creature": "A", "path": [[1, 0]]})
    assert "it is Goblin's" in refusal.detail and "end_turn for 'b'" in refusal.detail


def test_creatures_take_their_turns_in_the_order_the_director_set() -> None:
    state = battle("A.b.C")
    decision, state = ok(state, {"type": "set_order", "creatures": ["b", "C", "A"]})
    assert types(decision) == ["OrderSet"]
    assert turn_order_view(state)["next"] == ["b"]
    refusal = refused(state, {"type": "start_turn", "creature": "A"})
    assert refusal.rule == "turn/out-of-order"
    assert "send start_turn for 'b'" in refusal.detail
    state = turn(state, "b")
    assert turn_order_view(state)["next"] == ["C"]
    assert refused(state, {"type": "start_turn", "creature": "b"}).rule == "turn/already-acted"
    state = turn(turn(state, "C"), "A")
    view = turn_order_view(state)
    assert (view["next"], view["next_round"]) == (["b"], 2)
    decision, state = ok(state, {"type": "start_turn", "creature": "b"})
    assert decision.events[0].round == 2 and state.round == 2


def test_while_a_turn_is_under_way_the_state_says_who_is_next() -> None:
    state = battle("A.b.C")
    _, state = ok(state, {"type": "set_order", "creatures": ["A", "b", "C"]})
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    view = turn_order_view(state)
    assert (view["active"], view["next"], view["acted"]) == ("A", ["b"], ["A"])
    refusal = refused(state, {"type": "start_turn", "creature": "b"})
    assert refusal.rule == "turn/turn-in-progress" and "end_turn for 'A'" in refusal.detail


def test_sides_take_turns_and_a_side_with_no_one_left_is_passed_over() -> None:
    """Draw Steel's sides (and Warcry's alternating activations): one creature of the side
    whose turn it is, any that has not acted; then the other side."""
    state = battle("A.B.c")
    _, state = ok(state, {"type": "set_order", "sides": ["heroes", "monsters"]})
    view = turn_order_view(state)
    assert (view["next"], view["next_side"]) == (["A", "B"], "heroes")
    assert refused(state, {"type": "start_turn", "creature": "c"}).rule == "turn/out-of-order"
    state = turn(state, "B")
    assert turn_order_view(state)["next"] == ["c"]
    assert refused(state, {"type": "start_turn", "creature": "A"}).rule == "turn/out-of-order"
    state = turn(state, "c")
    view = turn_order_view(state)
    assert (view["next"], view["next_side"], view["next_round"]) == (["A"], "heroes", 1)
    state = turn(state, "A")
    assert turn_order_view(state)["next"] == ["A", "B"]
    assert turn_order_view(state)["next_round"] == 2


def test_a_creature_out_of_the_order_cannot_start_until_the_director_adds_it() -> None:
    state = battle("A.b.C")
    _, state = ok(state, {"type": "set_order", "creatures": ["A", "b"]})
    refusal = refused(state, {"type": "start_turn", "creature": "C"})
    assert refusal.rule == "turn/not-in-order" and "set_order" in refusal.detail


def test_a_creature_down_is_passed_over_and_the_round_ends_without_it() -> None:
    state = battle("A.b.C", creatures={"b": {"hp": 0}})
    _, state = ok(state, {"type": "set_order", "creatures": ["A", "b", "C"]})
    state = turn(state, "A")
    assert turn_order_view(state)["next"] == ["C"]
    state = turn(state, "C")
    assert turn_order_view(state)["next_round"] == 2


def test_delaying_a_turn_is_the_directors_ruling_on_the_record() -> None:
    state = battle("A.b.C")
    _, state = ok(state, {"type": "set_order", "creatures": ["A", "b", "C"]})
    decision, state = ok(
        state,
        {"type": "start_turn", "creature": "C", "overrule": {"reason": "A delays its turn"}},
    )
    assert types(decision) == ["RuleOverruled", "TurnStarted"]
    assert decision.events[0].rule == "turn/out-of-order"
    _, state = ok(state, {"type": "end_turn", "creature": "C"})
    assert turn_order_view(state)["next"] == ["A"]


def test_changing_the_order_mid_round_is_a_ruling_and_between_rounds_is_not() -> None:
    state = battle("A.b")
    _, state = ok(state, {"type": "set_order", "creatures": ["A", "b"]})
    state = turn(state, "A")
    assert refused(state, {"type": "set_order", "creatures": ["b", "A"]}).rule == (
        "turn/order-changed"
    )
    ruled = {"type": "set_order", "creatures": ["b", "A"], "overrule": {"reason": "ready"}}
    decision, _ = ok(state, ruled)
    assert types(decision) == ["RuleOverruled", "OrderSet"]
    assert decision.events[1].reason == "ready"
    state = turn(state, "b")
    decision, state = ok(state, {"type": "set_order", "creatures": ["b", "A"]})
    assert types(decision) == ["OrderSet"]
    assert turn_order_view(state)["next"] == ["b"]


def test_an_order_must_name_creatures_or_sides_of_the_battle_once_each() -> None:
    state = battle("A.b")
    assert refused(state, {"type": "set_order"}).rule == "turn/order-shape"
    both = {"type": "set_order", "creatures": ["A"], "sides": ["heroes"]}
    assert refused(state, both).rule == "turn/order-shape"
    assert refused(state, {"type": "set_order", "creatures": []}).rule == "turn/order-empty"
    twice = {"type": "set_order", "creatures": ["A", "A"]}
    assert refused(state, twice).rule == "turn/order-repeats"
    nobody = {"type": "set_order", "creatures": ["zz"]}
    assert refused(state, nobody).rule == "battle/unknown-creature"
    assert refused(state, {"type": "set_order", "sides": ["elves"]}).rule == "turn/unknown-side"
    free = battle("A.b", options={"turns": False})
    assert refused(free, {"type": "set_order", "sides": ["heroes"]}).rule == "turn/no-turns"


def test_without_an_order_any_creature_that_has_not_acted_may_start() -> None:
    state = battle("A.b.C")
    assert turn_order_view(state)["set"] is False
    assert turn_order_view(state)["next"] == ["A", "C", "b"]
    state = turn(state, "C")
    assert turn_order_view(state)["next"] == ["A", "b"]
    assert turn_order_view(battle("A", options={"turns": False})) is None


@settings(max_examples=40, deadline=None)
@given(
    order=st.permutations(["A", "B", "c", "d"]),
    attempts=st.lists(st.sampled_from(["A", "B", "c", "d"]), min_size=1, max_size=40),
)
def test_with_an_order_every_creature_acts_once_a_round_in_that_order(
    order: list[str], attempts: list[str]
) -> None:
    """Whatever starts are tried, the turns that happen follow the order, each creature once
    a round, and each round begins with the first."""
    state = battle("A.B.c.d")
    _, state = ok(state, {"type": "set_order", "creatures": order})
    started: list[tuple[int, str]] = []
    for cid in attempts:
        decision = decide({"type": "start_turn", "creature": cid}, state)
        if not isinstance(decision, Accepted):
            continue
        for event in decision.events:
            state = evolve(state, event)
        started.append((state.round, cid))
        _, state = ok(state, {"type": "end_turn", "creature": cid})
    expected: list[tuple[int, str]] = [(1 + i // 4, order[i % 4]) for i in range(len(started))]
    assert started == expected


def _sides_battle() -> Any:
    return battle("A.B.c.d.e")


@settings(max_examples=40, deadline=None)
@given(attempts=st.lists(st.sampled_from(["A", "B", "c", "d", "e"]), min_size=1, max_size=40))
def test_by_sides_the_sides_alternate_until_one_has_no_one_left(attempts: list[str]) -> None:
    state = _sides_battle()
    _, state = ok(state, {"type": "set_order", "sides": ["monsters", "heroes"]})
    rounds: dict[int, list[str]] = {}
    for cid in attempts:
        decision = decide({"type": "start_turn", "creature": cid}, state)
        if not isinstance(decision, Accepted):
            continue
        for event in decision.events:
            state = evolve(state, event)
        rounds.setdefault(state.round, []).append(state.creatures[cid].side)
        _, state = ok(state, {"type": "end_turn", "creature": cid})
    for sides in rounds.values():
        expected = ["monsters", "heroes", "monsters", "heroes", "monsters"][: len(sides)]
        assert sides == expected
