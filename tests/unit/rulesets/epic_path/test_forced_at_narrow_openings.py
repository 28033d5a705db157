"""Epic Path, Forced Movement: it "must be into unoccupied squares of a size and shape equal to
the creature being forcibly moved"; Push: "If any squares in the desired path are blocked ...
the push ends in the square prior to this obstruction". An opening built for a smaller creature
(`|` fits Small) is such an obstruction for a Medium or larger one."""

from typing import Any

from tests.unit.battle_map import ok, pos, types
from tests.unit.rulesets.epic_path.test_movement import game

FREE = {"turns": False}


def push(distance: int) -> dict[str, Any]:
    return {
        "type": "force_move",
        "source": "z",
        "target": "A",
        "kind": "push",
        "distance": distance,
    }


def test_a_push_ends_in_the_square_before_an_opening_too_small_for_the_creature() -> None:
    state = game("zA.|..", options=FREE)  # A is Medium: it would squeeze through `|`
    decision, after = ok(state, push(20))
    assert pos(after, "A") == (2, 0, 0)
    assert "DamageTaken" not in types(decision)  # no collision damage: option forced_collisions


def test_a_creature_the_opening_is_built_for_is_pushed_through_it() -> None:
    state = game("zA.|..", options=FREE, creatures={"A": {"size": "Small"}})
    _, after = ok(state, push(20))
    assert pos(after, "A") == (5, 0, 0)


def test_the_same_creature_may_still_squeeze_through_on_its_own_feet() -> None:
    # Squeezing: a space "designed for creatures one size category smaller" is squeezed
    # through willingly (as difficult terrain); only forced movement needs a space its size.
    state = game("zA.|..", options={**FREE, "opportunity_attacks": "never"})
    _, after = ok(state, {"type": "move", "creature": "A", "path": [[2, 0], [3, 0], [4, 0]]})
    assert pos(after, "A") == (4, 0, 0)


def test_with_forced_collisions_the_opening_is_an_obstruction_that_hurts() -> None:
    state = game("zA.|..", options={**FREE, "forced_collisions": True})
    decision, after = ok(state, push(20))
    assert pos(after, "A") == (2, 0, 0)
    assert types(decision)[:2] == ["ForceMoved", "Collided"]
