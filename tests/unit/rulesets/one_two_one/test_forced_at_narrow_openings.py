"""Reclaim the Wild, Squeezing: "You cannot Squeeze into a space that is smaller than
one-quarter your height or width"; Pushing Foes into Things: "Pushing combatants into solid
objects, or other things that would block their movement, results in the foe taking damage
equal to the remaining distance they would've moved." (`|` is an opening built for 1S.)"""

from tests.unit.battle_map import ok, pos, types
from tests.unit.rulesets.one_two_one.test_movement import game

FREE = {"turns": False}
PUSH = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 4}


def test_a_push_into_an_opening_too_small_to_squeeze_into_stops_and_deals_the_distance_left() -> (
    None
):
    state = game("bA.|..", options=FREE, creatures={"A": {"size": "1L"}})  # a quarter: too small
    decision, after = ok(state, PUSH)
    assert types(decision) == ["ForceMoved", "Collided", "DamageTaken"]
    assert pos(after, "A") == (2, 0, 0)
    assert after.creatures["A"].hp == 30 - 3  # pushed 1 of 4 squares


def test_a_creature_that_can_squeeze_in_is_pushed_into_the_opening_and_squeezes() -> None:
    state = game("bA.|..", options=FREE)  # 1M into an opening for 1S: about half, it squeezes
    _, after = ok(state, PUSH)
    assert pos(after, "A") == (5, 0, 0)
    assert after.creatures["A"].hp == 30
