"""Epic Path: a Clamber enters a creature's space and stops there, an Overrun passes through it,
and a creature that cannot refuse is squeezed in with."""

from tests.unit.battle_map import ok, pos, refused
from tests.unit.rulesets.epic_path.test_movement import game, move

NEVER = {"opportunity_attacks": "never"}


# -- Internal Flanking: "For a smaller creature to enter a larger creature's space requires the
# Clamber feature of Might. Creatures wishing to pass all the way through another creature's
# space must use the Overrun maneuver." Space and Reach: "If you wish to move through a hostile
# creature's space, you must declare an Overrun." ---------------------------------------------


def test_a_clamber_enters_a_larger_creatures_space_but_does_not_walk_out_of_the_far_side() -> None:
    # A is Tiny, b Large (2x2 at [1, 0]): A clambers in and may stop inside, not go on past.
    state = game(
        "A.b...\n......", creatures={"A": {"size": "Tiny"}, "b": {"size": "Large"}}, options=NEVER
    )
    across = move(path=[[1, 0], [2, 0], [3, 0], [4, 0]], through={"b": "clamber"})
    refusal = refused(state, across)
    assert (refusal.rule, refusal.step) == ("epic-path/clamber-stops-inside", 3)
    _, inside = ok(state, move(path=[[1, 0], [2, 0], [3, 0]], through={"b": "clamber"}))
    assert pos(inside, "A") == (3, 0, 0)
    _, past = ok(state, move(path=[[1, 0], [2, 0], [3, 0], [4, 0]], through={"b": "overrun"}))
    assert pos(past, "A") == (4, 0, 0)


def test_moving_through_a_hostile_creatures_space_needs_a_declared_overrun() -> None:
    state = game("Ab..", options=NEVER)
    path = [[1, 0], [2, 0]]
    assert refused(state, move(path=path)).rule == "epic-path/occupied"
    assert refused(state, move(path=path, through={"b": "clamber"})).rule == (
        "epic-path/clamber-stops-inside"
    )
    _, after = ok(state, move(path=path, through={"b": "overrun"}))
    assert pos(after, "A") == (2, 0, 0)


def test_a_creature_that_starts_inside_another_may_still_move_out_of_it() -> None:
    # Stepover: "The smaller creatures may also move out of the occupied space".
    state = game(
        "A.b...\n......",
        creatures={"A": {"size": "Tiny"}, "b": {"size": "Large"}},
        options={**NEVER, "turns": False},
    )
    _, inside = ok(state, move(path=[[1, 0], [2, 0]], through={"b": "clamber"}))
    _, out = ok(inside, move(path=[[3, 0], [4, 0]]))
    assert pos(out, "A") == (4, 0, 0)


# -- Squeezing: "Squeezing can only occur if the two creatures sharing a space both agree to
# allow that to happen, or one creature is unable to prevent it (such as being unconscious or
# stunned)." --------------------------------------------------------------------------------


def test_a_move_may_end_in_the_space_of_a_creature_unable_to_prevent_it_and_both_squeeze() -> None:
    for condition in ("unconscious", "stunned"):
        state = game("AB..", creatures={"B": {"conditions": [condition]}}, options=NEVER)
        _, after = ok(state, move(path=[[1, 0]]))
        assert pos(after, "A") == (1, 0, 0)
        assert after.creatures["A"].has("squeezed") and after.creatures["B"].has("squeezed")
    awake = game("AB..", options=NEVER)
    assert refused(awake, move(path=[[1, 0]])).rule == "epic-path/cannot-end-in-occupied-space"


def test_a_helpless_enemys_space_is_still_entered_only_by_a_clamber() -> None:
    state = game("Ab..", creatures={"b": {"conditions": ["stunned"]}}, options=NEVER)
    assert refused(state, move(path=[[1, 0]])).rule == "epic-path/occupied"
    _, after = ok(state, move(path=[[1, 0]], through={"b": "clamber"}))
    assert pos(after, "A") == (1, 0, 0) and after.creatures["b"].has("squeezed")


def test_leaving_the_helpless_creatures_space_lifts_the_squeeze_from_both() -> None:
    state = game(
        "AB..", creatures={"B": {"conditions": ["unconscious"]}}, options={**NEVER, "turns": False}
    )
    _, after = ok(state, move(path=[[1, 0]]))
    _, after = ok(after, move(path=[[2, 0]]))
    assert not after.creatures["A"].has("squeezed") and not after.creatures["B"].has("squeezed")


def test_a_third_creature_never_squeezes_into_the_shared_space() -> None:
    # "the two creatures sharing a space": the helpless one and one other, no more.
    state = game(
        "AB..\n.D..",
        creatures={"B": {"conditions": ["unconscious"]}},
        options={**NEVER, "turns": False},
    )
    _, after = ok(state, move(path=[[1, 0]]))
    third = {"type": "move", "creature": "D", "path": [[1, 0]]}
    assert refused(after, third).rule == "epic-path/cannot-end-in-occupied-space"
