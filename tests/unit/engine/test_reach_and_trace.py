"""The ruler (reach) and the trace: what a VTT shows and what a disputed turn is judged by."""

from engine import Refused, reach
from engine.results import Refusal
from tests.unit.battle_map import battle, ok, refused, types

FREE = {"turns": False}


def test_the_ruler_shows_each_square_with_its_cheapest_cost() -> None:
    state = battle("A~.\n...", options=FREE, creatures={"A": {"speeds": {"walk": 2}}})
    squares = reach(state, "A")
    assert squares[(1, 0, 0)] == 2
    assert squares[(1, 1, 0)] == 1
    assert squares[(2, 1, 0)] == 2
    assert (2, 0, 0) in squares and squares[(2, 0, 0)] == 2


def test_the_shift_ruler_keeps_to_the_disengage_distance_and_off_difficult_terrain() -> None:
    state = battle("A~.\n...", options=FREE, creatures={"A": {"disengage": 2}})
    squares = reach(state, "A", kind="shift")
    assert (1, 0, 0) not in squares
    assert max(squares.values()) == 2


def test_the_ruler_refuses_an_unknown_creature_or_kind() -> None:
    state = battle("A..", options=FREE)
    for creature, kind, rule in (
        ("nobody", "move", "battle/unknown-creature"),
        ("A", "sprint", "reach/unknown-kind"),
    ):
        try:
            reach(state, creature, kind=kind)
        except Refusal as refusal:
            assert refusal.rule == rule
        else:
            raise AssertionError("expected a refusal")


def test_each_step_of_the_trace_names_its_square_cost_and_reasons() -> None:
    state = battle("Ab~.\n....", options={"turns": False, "opportunity_attacks": "never"})
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 1], [2, 0], [3, 0]]})
    steps = [s for s in decision.trace if s.kind == "step"]
    assert [(s.at, s.cost) for s in steps] == [((1, 1, 0), 1), ((2, 0, 0), 2), ((3, 0, 0), 1)]
    assert steps[1].reasons == ("difficult terrain +1",)
    assert types(decision) == ["Moved", "OpportunityAttackTriggered", "ReactionResolved", "Moved"]
    assert any(s.kind == "trigger" and s.at == (2, 0, 0) for s in decision.trace)


def test_a_refusal_names_its_rule_the_step_and_a_sentence() -> None:
    state = battle("A.#.\n....", options=FREE)
    refusal = refused(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert isinstance(refusal, Refused)
    assert (refusal.rule, refusal.step) == ("map/blocked", 1)
    assert "wall" in refusal.detail


def test_an_ally_leaving_gives_no_opportunity_attack() -> None:
    state = battle(".....\n.AB..\n.....", options=FREE)
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[0, 1], [0, 0]]})
    assert types(decision) == ["Moved"]


def test_a_big_enemy_threatens_every_square_beside_its_space() -> None:
    state = battle("......\n.Ax...\n......\n......", options=FREE, creatures={"x": {"size": "2"}})
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 2], [1, 3], [0, 3]]})
    assert types(decision) == ["Moved", "OpportunityAttackTriggered"]
    assert decision.events[1].at == (1, 3, 0)
