"""Epic Path, Stepover: "If the larger creature is subjected to forced movement, it is possible
to make the larger creature stepover legally sized (smaller) creatures as part of that
movement." Push, Slide: "If any squares in the desired path are blocked or occupied by any
creatures (friend or foe) the push ends in the square prior to this obstruction"."""

from typing import Any

from tests.unit.battle_map import ok, pos, types
from tests.unit.rulesets.epic_path.test_movement import game

FREE = {"turns": False}


def push(distance: int, target: str = "A", **kw: Any) -> dict[str, Any]:
    return {
        "type": "force_move",
        "source": "z",
        "target": target,
        "kind": "push",
        "distance": distance,
        **kw,
    }


def test_a_pushed_creature_steps_over_one_two_sizes_smaller_and_may_end_on_it() -> None:
    state = game("zA.b...", options=FREE, creatures={"b": {"size": "Tiny"}})
    _, after = ok(state, push(15))
    assert pos(after, "A") == (4, 0, 0)  # over b, three squares
    _, after = ok(state, push(10))
    assert pos(after, "A") == (3, 0, 0)  # ending on b: "ending its move either on or past"
    large = game(
        "zA..b...\n........", options=FREE, creatures={"A": {"size": "Large"}, "b": {"size": "1S"}}
    )
    _, after = ok(large, push(20))
    assert pos(large, "A") == (1, 0, 0) and pos(after, "A") == (5, 0, 0)


def test_a_creature_one_size_smaller_still_stops_the_push() -> None:
    state = game("zA.b...", options=FREE, creatures={"b": {"size": "Small"}})
    decision, after = ok(state, push(15))
    assert pos(after, "A") == (2, 0, 0) and types(decision) == ["ForceMoved"]
    ally = game("zA.B...", options=FREE, creatures={"B": {"size": "Small"}})
    _, after = ok(ally, push(15))
    assert pos(after, "A") == (2, 0, 0)


def test_a_stepped_over_square_the_pushed_creature_may_not_end_in_is_passed_back() -> None:
    # A Small creature pushed onto a square of four Fine creatures (the most a square holds)
    # stops before it.
    fine = {"size": "Fine", "at": [3, 0]}
    state = game(
        "zA.bcde",
        options=FREE,
        creatures={"A": {"size": "Small"}, "b": fine, "c": fine, "d": fine, "e": fine},
    )
    _, after = ok(state, push(10))
    assert pos(after, "A") == (2, 0, 0)
    _, after = ok(state, push(15))
    assert pos(after, "A") == (4, 0, 0)
