"""Reclaim the Wild, the horizontal jump. Sprinting: "In addition, while Sprinting, your
maximum Horizontal and Vertical Jump are doubled." Movement: "It takes one Movement to enter a
square"; "Combatants cannot pass through an enemy's space." """

from tests.unit.battle_map import moved, ok, pos, refused, types
from tests.unit.rulesets.maps import move
from tests.unit.rulesets.one_two_one.test_movement import game


def test_a_jump_crosses_a_pit_in_the_air_and_lands_beyond_it() -> None:
    state = game("A._...")
    decision, after = ok(state, move(path=[[1, 0], [2, 0], [3, 0]], jumps=[1, 2]))
    assert pos(after, "A") == (3, 0, 0)
    assert "Fell" not in types(decision) and moved(decision).cost == 3  # a Movement a square
    # Walking in instead, the pit's drop ends the move with a fall.
    decision, after = ok(state, move(path=[[1, 0], [2, 0]]))
    assert "Fell" in types(decision) and pos(after, "A")[2] < 0


def test_the_longest_jump_is_the_horizontal_jump_doubled_while_sprinting() -> None:
    state = game("A__...", creatures={"A": {"stats": {"horizontal_jump": 2}}})
    over_two = move(path=[[1, 0], [2, 0], [3, 0]], jumps=[0, 1, 2])
    assert refused(state, over_two).rule == "one-two-one/jump-too-long"
    _, after = ok(state, {**over_two, "action": "sprint"})
    assert pos(after, "A") == (3, 0, 0)
    # the option gives the jump when the creature has none (GUESS 2)
    assert refused(game("A__..."), over_two).rule == "one-two-one/jump-too-long"


def test_a_jump_goes_straight_not_through_an_enemy_and_skips_the_mud_beneath() -> None:
    state = game("A~~..\n.....")
    bent = move(path=[[1, 0], [2, 1]], jumps=[0, 1])
    assert refused(state, bent).rule == "one-two-one/jump-straight"
    decision, _ = ok(state, move(path=[[1, 0], [2, 0]], jumps=[0, 1]))
    # the mud crossed in the air costs 1; the landing square is in the mud: +1
    assert moved(decision).cost == 1 + 2
    enemy = game("Ab...")
    assert refused(enemy, move(path=[[1, 0], [2, 0]], jumps=[0, 1])).rule == (
        "one-two-one/cannot-pass-enemy"
    )
    walled = game("Ao...")
    assert refused(walled, move(path=[[1, 0], [2, 0]], jumps=[0, 1])).rule == (
        "one-two-one/jump-blocked"
    )
