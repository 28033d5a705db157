"""Reclaim the Wild, Squeezing: a `|` is an opening built for a 1S creature."""

from tests.unit.battle_map import moved, ok, pos, refused, types
from tests.unit.rulesets.one_two_one.test_movement import game, move

TUNNEL = "A.|||..\n#######"


def conditions(state: object, cid: str = "A") -> set[str]:
    return set(state.creatures[cid].conditions)  # type: ignore[attr-defined]


def test_entering_an_opening_too_small_to_walk_normally_is_squeezing() -> None:
    # "Whenever a Hero attempts to enter a space that's too small for them to walk
    # normally, they are Squeezing ... Distracted, Off-Balance, and Slowed."
    state = game(TUNNEL, walk=12)
    decision, after = ok(state, move([2, 0]))
    assert "Moved" in types(decision) and "ConditionSet" in types(decision)
    assert conditions(after) >= {"squeezed", "distracted", "off_balance", "slowed"}


def test_the_conditions_end_as_soon_as_the_hero_leaves_the_tight_space() -> None:
    state = game(TUNNEL, walk=12)
    _, inside = ok(state, move([3, 0]))
    _, out = ok(inside, move([5, 0]))
    assert conditions(out) == set()
    # a move that passes through the opening without stopping leaves nothing behind
    _, through = ok(state, move([5, 0]))
    assert conditions(through) == set()


def test_each_square_entered_while_squeezing_costs_the_slowed_surcharge() -> None:
    state = game(TUNNEL, walk=12)
    decision, _ = ok(state, move(path=[[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]))
    assert [s.cost for s in decision.trace if s.kind == "step"] == [1, 2, 2, 2, 1]
    # once out, the next move is no longer slowed
    _, inside = ok(state, move([2, 0]))
    decision, _ = ok(inside, move(path=[[1, 0]]))
    assert moved(decision).cost == 1


def test_a_creature_slowed_before_it_squeezed_stays_slowed_and_pays_once() -> None:
    state = game(TUNNEL, creatures={"A": {"conditions": ["slowed"]}})
    decision, inside = ok(state, move(path=[[1, 0], [2, 0]]))
    assert [s.cost for s in decision.trace if s.kind == "step"] == [2, 2]
    _, out = ok(inside, move(path=[[1, 0]]))
    assert conditions(out) == {"slowed"}


def test_a_creature_the_opening_is_built_for_walks_through() -> None:
    state = game(TUNNEL, creatures={"A": {"size": "1S"}})
    decision, after = ok(state, move([3, 0]))
    assert moved(decision).cost == 3 and conditions(after) == set()


def test_an_opening_a_quarter_of_the_creature_is_too_small_to_squeeze_into() -> None:
    # "You cannot Squeeze into a space that is smaller than one-quarter your height or width"
    big = game(TUNNEL, creatures={"A": {"size": "1L"}})
    rule = refused(big, move(path=[[1, 0], [2, 0]])).rule
    assert rule == "one-two-one/too-small-to-squeeze"
    assert refused(big, move([5, 0])).rule == "path/unreachable"


def test_the_size_thresholds_are_options() -> None:
    # a GM who reads one size smaller as "about half, not shorter than half"
    loose = game(TUNNEL, options={"squeeze_from": 2, "too_small_from": 3})
    decision, after = ok(loose, move([3, 0]))
    assert moved(decision).cost == 3 and conditions(after) == set()
    bear = game(TUNNEL, creatures={"A": {"size": "1L"}}, options={"too_small_from": 3})
    _, after = ok(bear, move([2, 0]))
    assert "squeezed" in conditions(after)


def test_a_creature_pushed_out_of_the_opening_stops_squeezing() -> None:
    state = game("bA|..\n#####", options={"turns": False})
    _, inside = ok(state, move([2, 0]))
    push = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 2}
    _, after = ok(inside, push)
    assert pos(after, "A") == (4, 0, 0) and conditions(after) == set()


def test_a_director_may_squeeze_a_hero_through_a_crowd() -> None:
    # "push their way through a huge crowd of people": no map feature, the director's call
    state = game("A...", creatures={"A": {"conditions": ["squeezed"]}})
    decision, after = ok(state, move([1, 0]))
    assert moved(decision).cost == 2 and conditions(after) == {"squeezed"}


def test_squeezing_outlasts_the_turn_and_still_ends_on_leaving() -> None:
    state = game(TUNNEL, walk=12)
    _, inside = ok(state, move([3, 0]))
    _, inside = ok(inside, {"type": "end_turn", "creature": "A"})
    _, inside = ok(inside, {"type": "start_turn", "creature": "A"})
    assert "slowed" in conditions(inside)
    decision, _ = ok(inside, move(path=[[4, 0]]))
    assert moved(decision).cost == 2  # still squeezing
    _, out = ok(inside, move([6, 0]))
    assert conditions(out) == set()
