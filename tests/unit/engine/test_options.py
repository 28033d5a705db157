"""A creature's options, read like the rules: a tiny map, a state, what it may do now."""

from __future__ import annotations

import pytest

from engine import Accepted, create_battle, decide
from engine.budget import Budget, within
from engine.options import Option, options
from engine.results import Refusal
from projections import BattleState, evolve, fold
from tests.unit.battle_map import battle, setup_for

FREE = {"turns": False}


def play(state: BattleState, intent: dict[str, object]) -> BattleState:
    decision = decide(intent, state)
    assert decision.accepted, decision
    for event in decision.events:  # type: ignore[union-attr]
        state = evolve(state, event)
    return state


def by_kind(found: list[Option]) -> dict[tuple[str, str | None], Option]:
    return {(o.kind, o.action): o for o in found}


def test_a_prone_creature_may_stand_up_and_not_drop_prone_again() -> None:
    state = battle("A.b", creatures={"A": {"conditions": ["prone"]}}, options=FREE)
    found = by_kind(options(state, "A"))
    assert found[("stand_up", None)].available
    assert not found[("fall_prone", None)].available


def test_a_creature_answering_a_reaction_window_may_only_take_or_decline_it() -> None:
    state = battle("Ab..\n....\n....", options={**FREE, "opportunity_attacks": "ask"})
    state = play(state, {"type": "move", "creature": "A", "path": [[0, 1], [0, 2]]})
    assert state.pending
    reactor = state.pending[0].reactor
    found = options(state, reactor)
    offered = {(o.kind, o.action) for o in found if o.available}
    assert offered == {("resolve_reaction", "take"), ("resolve_reaction", "decline")}
    mover = options(state, "A")
    assert {o.refused.rule for o in mover if o.refused} == {"reaction/pending"}


def test_actions_that_need_a_target_or_an_effect_s_distance_are_not_offered() -> None:
    setup = setup_for("A.b", creatures={"A": {"speeds": {"walk": 30}}}, options=FREE)
    created = create_battle({**setup, "ruleset": "epic-path"})
    assert isinstance(created, Accepted), created
    state = fold(created.events)
    actions = {o.action for o in options(state, "A") if o.kind == "move"}
    assert actions == {"walk", "double_move", "run", "crawl", "clamber"}


def test_options_are_bounded_by_the_answer_s_search_budget() -> None:
    state = battle(
        "\n".join(["A" + "." * 29] + ["." * 30] * 29),
        creatures={"A": {"speeds": {"walk": 20}}},
        options=FREE,
    )
    with pytest.raises(Refusal) as refused, within(Budget(50, what="these options")):
        options(state, "A")
    assert refused.value.rule == "limits/too-costly"
    assert "these options" in refused.value.detail


def test_an_unknown_creature_has_no_options() -> None:
    with pytest.raises(Refusal) as refused:
        options(battle("A.b"), "ghost")
    assert refused.value.rule == "battle/unknown-creature"
