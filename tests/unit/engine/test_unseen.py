"""A mover who cannot see a creature plans without it, and meets it as the rules say
(engine/unseen.py): Draw Steel lets a move through an enemy's space at difficult terrain's
cost and no move end in another creature's space; Epic Path lets no walk through an enemy's
space; a route is searched on what the mover knows; an unseen creature's turn refuses in the
same words whoever it is."""

from __future__ import annotations

from typing import Any

from engine import Accepted, Refused, create_battle, decide
from engine.context import Context
from engine.unseen import TURN_WORDS, judge_unseen, known_state
from projections import BattleState, fold
from tests.unit.battle_map import setup_for

LURKER = "lurker7"


def with_lurker(rows: str, at: list[int], ruleset: str = "draw-steel", **kw: Any) -> BattleState:
    setup = setup_for(rows, **{"options": {"turns": False}, **kw})
    lurker = {"id": LURKER, "name": "L", "side": "monsters", "at": at, "speeds": {"walk": 5}}
    body = {**setup, "ruleset": ruleset, "creatures": [*setup["creatures"], lurker]}
    if ruleset == "epic-path":
        body["creatures"] = [
            {**c, "speeds": {"walk": 30}, "stats": {}, "hp": 10} for c in body["creatures"]
        ]
    created = create_battle(body)
    assert isinstance(created, Accepted), created
    return fold(created.events)


def judge(intent: Any, state: BattleState, real: bool) -> Any:
    return decide(intent, state, Context())


def met(decision: Accepted) -> list[dict[str, Any]]:
    return [e.model_dump() for e in decision.events if e.type == "UnseenCreatureMet"]


def moved_to(decision: Accepted) -> list[Any]:
    return [list(p) for e in decision.events if e.type == "Moved" for p in e.model_dump()["path"]]


def test_the_mover_knows_the_battle_without_the_creatures_hidden_from_it() -> None:
    state = with_lurker("A....\n.....", [2, 0], options={"turns": True})
    state = fold([], state)
    known = known_state(state, {LURKER})
    assert LURKER not in known.creatures and "A" in known.creatures
    assert known_state(state, set()) is state


def test_draw_steel_a_move_through_an_unseen_enemy_pays_for_its_space_and_learns_it() -> None:
    state = with_lurker("A....\n.....", [2, 0])
    path = {"type": "move", "creature": "A", "path": [[1, 0], [2, 0], [3, 0]]}
    planned = decide(path, known_state(state, {LURKER}))
    assert isinstance(planned, Accepted) and planned.events[-1].model_dump()["cost"] == 3
    real = judge_unseen(path, state, {LURKER}, judge, Context())
    assert isinstance(real, Accepted), real
    assert moved_to(real) == [[1, 0, 0], [2, 0, 0], [3, 0, 0]]
    assert next(e for e in real.events if e.type == "Moved").model_dump()["cost"] == 4
    assert met(real) == [
        {
            "type": "UnseenCreatureMet",
            "creature": "A",
            "at": (2, 0, 0),
            "unseen": LURKER,
            "rule": None,
        }
    ]


def test_draw_steel_a_move_meant_to_end_in_an_unseen_creatures_space_ends_before_it() -> None:
    state = with_lurker("A....\n.....", [2, 0])
    path = {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}
    real = judge_unseen(path, state, {LURKER}, judge, Context())
    assert isinstance(real, Accepted), real
    assert moved_to(real) == [[1, 0, 0]]
    assert [(m["at"], m["unseen"], m["rule"]) for m in met(real)] == [
        ((2, 0, 0), LURKER, "draw-steel/cannot-end-in-occupied-space")
    ]


def test_epic_path_a_walk_into_an_unseen_enemys_space_stops_before_it() -> None:
    """Epic Path, Movement: "Characters can only walk through unoccupied spaces or spaces
    occupied by allies"."""
    state = with_lurker("A....\n.....", [2, 0], ruleset="epic-path")
    path = {"type": "move", "creature": "A", "path": [[1, 0], [2, 0], [3, 0]]}
    assert isinstance(decide(path, known_state(state, {LURKER})), Accepted)
    truth = decide(path, state)
    assert isinstance(truth, Refused) and truth.step == 1
    real = judge_unseen(path, state, {LURKER}, judge, Context())
    assert isinstance(real, Accepted), real
    assert moved_to(real) == [[1, 0, 0]]
    assert [(m["at"], m["rule"]) for m in met(real)] == [((2, 0, 0), truth.rule)]


def test_a_first_step_into_an_unseen_creature_moves_nothing_and_is_recorded() -> None:
    state = with_lurker("A....\n.....", [1, 0], ruleset="epic-path")
    path = {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}
    real = judge_unseen(path, state, {LURKER}, judge, Context())
    assert isinstance(real, Accepted), real
    assert [e.type for e in real.events] == ["UnseenCreatureMet"]
    assert real.trace[-1].kind == "unseen" and LURKER not in str(real.trace[-1].reasons)


def test_a_route_is_searched_on_what_the_mover_knows_not_around_the_unseen() -> None:
    state = with_lurker("A....\n.....\n.....", [2, 0], ruleset="epic-path")
    to = {"type": "move", "creature": "A", "to": [4, 0]}
    truth = decide(to, state)
    assert isinstance(truth, Accepted) and [2, 0, 0] not in moved_to(truth)  # a detour
    real = judge_unseen(to, state, {LURKER}, judge, Context())
    assert isinstance(real, Accepted), real
    assert moved_to(real) == [[1, 0, 0]]  # straight on, as it knows the way, until it met it
    assert [m["at"] for m in met(real)] == [(2, 0, 0)]


def test_a_teleport_onto_an_unseen_creature_is_met_not_refused_by_name() -> None:
    state = with_lurker("A....\n.....", [3, 0])
    hop = {"type": "teleport", "creature": "A", "to": [3, 0], "distance": 5}
    assert isinstance(decide(hop, known_state(state, {LURKER})), Accepted)
    real = judge_unseen(hop, state, {LURKER}, judge, Context())
    assert isinstance(real, Accepted), real
    assert [(m["at"], m["unseen"]) for m in met(real)] == [((3, 0, 0), LURKER)]
    assert [e.type for e in real.events] == ["UnseenCreatureMet"]


def test_an_unseen_creatures_turn_refuses_in_words_that_name_no_one() -> None:
    answers = []
    for cid in (LURKER, "walk"):
        setup = setup_for("A....\n.....", options={"turns": True})
        other = {"id": cid, "name": "L", "side": "monsters", "at": [4, 1], "speeds": {"walk": 5}}
        created = create_battle({**setup, "creatures": [*setup["creatures"], other]})
        assert isinstance(created, Accepted)
        state = fold(created.events)
        started = decide({"type": "start_turn", "creature": cid}, state)
        assert isinstance(started, Accepted)
        state = fold(started.events, state)
        known = known_state(state, {cid})
        assert known.active is None
        real = judge_unseen({"type": "start_turn", "creature": "A"}, state, {cid}, judge, Context())
        answers.append(real)
    assert answers == [TURN_WORDS, TURN_WORDS]


def test_warcry_a_move_whose_leg_meets_an_unseen_fighter_ends_with_the_legs_before() -> None:
    """Warcry, Move: "A fighter cannot move through other fighters"."""
    from tests.unit.rulesets.warcry.table import battle, fighter

    state = battle(fighter("f1", [5, 5]), fighter("f2", [9, 5], side="blue"))
    legs = {
        "type": "move",
        "creature": "f1",
        "legs": [{"kind": "normal", "to": [6, 5, 0]}, {"kind": "normal", "to": [10, 5, 0]}],
    }
    assert isinstance(decide(legs, known_state(state, {"f2"})), Accepted)
    truth = decide(legs, state)
    assert isinstance(truth, Refused) and truth.step == 1, truth
    real = judge_unseen(legs, state, {"f2"}, judge, Context())
    assert isinstance(real, Accepted), real
    moved = next(e for e in real.events if e.type == "MovedInches").model_dump()
    assert [list(p) for p in moved["path"]][-1] == [6, 5, 0]
    assert [(m["at"], m["rule"]) for m in met(real)] == [((10, 5, 0), truth.rule)]
