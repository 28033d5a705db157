"""Epic Path, Space and Reach: a creature's own space is threatened; several small creatures
share a square (fractional spaces), in movement, in where a move may end and in squeezing."""

from typing import Any

from projections import BattleState
from tests.unit.battle_map import act, ok, pos, refused, types
from tests.unit.rulesets.epic_path.test_movement import game, move

NEVER = {"opportunity_attacks": "never"}


# -- "Note that a creature always has Reach to all portions of its own space, and therefore
# can threaten all squares that are within its space." ---------------------------------------


def test_leaving_a_tiny_creatures_square_provokes_but_not_a_square_beside_it() -> None:
    # A (Medium) stood over b (Tiny, an enemy: a stepover) and walks off b's square.
    over = game("A...b", creatures={"b": {"size": "Tiny", "at": [0, 0]}}, options=NEVER)
    decision, _ = ok(over, move([2, 0]))
    assert types(decision).count("OpportunityAttackTriggered") == 1
    # "Size Tiny and smaller figures have no effective reach": leaving the square beside it
    # provokes nothing.
    beside = game("Ab..\n....", creatures={"b": {"size": "Tiny"}}, options=NEVER)
    decision, _ = ok(beside, move(path=[[0, 1]]))
    assert "OpportunityAttackTriggered" not in types(decision)


def test_moving_around_inside_an_unarmed_hostile_creatures_space_provokes() -> None:
    # "Creatures not wielding a weapon which threatens ... (Such creatures only threaten
    # squares in their own space.)" and "moving around inside the space of a hostile creature
    # provokes attacks of opportunity"; "The smaller creatures may also move out of the
    # occupied space (provoking as per normal movement rules)".
    inside = game(
        "b.....\n.A....\n......\n......",
        creatures={"b": {"size": "Huge", "stats": {"unarmed": 1}}},
        options=NEVER,
    )
    decision, _ = ok(inside, move(path=[[2, 1], [3, 1]]))
    assert types(decision).count("OpportunityAttackTriggered") == 1
    outside = game(
        "b.....\n......\n......\nA.....",
        creatures={"b": {"size": "Huge", "stats": {"unarmed": 1}}},
        options=NEVER,
    )
    decision, _ = ok(outside, move(path=[[1, 3]]))
    assert "OpportunityAttackTriggered" not in types(decision)


# -- "4 tiny creatures fit into a five foot square ... For practical reasons, it is
# recommended that no more than four creatures be allowed into one space, no matter how
# tiny." "Two Small creatures may occupy a five foot cube without squeezing." --------------

TINY = {"size": "Tiny", "speeds": {"walk": 20}}


def tinies(rows: str, **kw: Any) -> BattleState:
    creatures = {ch: dict(TINY) for ch in "ABCDE"}
    creatures.update(kw.pop("creatures", {}))
    return game(rows, creatures=creatures, options={"turns": False, **kw.pop("options", {})})


def walk(cid: str, to: list[int]) -> dict[str, Any]:
    return {"type": "move", "creature": cid, "to": to}


def test_four_tiny_allies_fit_in_one_square_and_a_fifth_does_not() -> None:
    state = tinies("ABCDE.")
    for cid in "BCD":
        _, state = ok(state, walk(cid, [0, 0]))
    assert {pos(state, c) for c in "ABCD"} == {(0, 0, 0)}
    assert not any(state.creatures[c].has("squeezed") for c in "ABCD")
    assert refused(state, walk("E", [0, 0])).rule == "epic-path/square-full"
    # A walk passes through the full square (allies may be passed) and ends beyond it.
    ok(tinies("ABCDE.\n......", creatures={"E": {**TINY, "at": [1, 1]}}), walk("E", [0, 1]))
    capped = tinies("ABC...", options={"creatures_per_square": 2})
    _, capped = ok(capped, walk("B", [0, 0]))
    assert refused(capped, walk("C", [0, 0])).rule == "epic-path/square-full"


def test_two_small_allies_share_a_square_without_squeezing_three_do_not_fit() -> None:
    small = {"size": "Small"}
    state = game("ABC.", creatures={c: small for c in "ABC"}, options={"turns": False})
    _, state = ok(state, walk("B", [0, 0]))
    assert not state.creatures["A"].has("squeezed") and not state.creatures["B"].has("squeezed")
    assert refused(state, walk("C", [0, 0])).rule == "epic-path/square-full"
    # A Small and two Tiny fill it too; a Medium fills a square alone.
    mixed = game("ABC.", creatures={"A": small, "B": TINY, "C": TINY}, options={"turns": False})
    _, mixed = ok(mixed, walk("B", [0, 0]))
    _, mixed = ok(mixed, walk("C", [0, 0]))
    medium = game("AB..", creatures={"A": small}, options={"turns": False})
    assert refused(medium, walk("B", [0, 0])).rule == "epic-path/cannot-end-in-occupied-space"


def test_small_creatures_share_only_with_allies() -> None:
    # "Entering another hostile creatures space requires a Might roll to Clamber, no matter
    # the size difference": a walk neither enters nor ends in it.
    state = game("Ab..", creatures={"A": TINY, "b": TINY}, options={"turns": False})
    assert refused(state, walk("A", [1, 0])).rule == "epic-path/cannot-end-in-occupied-space"
    through = {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}
    assert refused(state, through).rule == "epic-path/occupied"


def test_placing_allies_in_one_square_follows_what_it_holds() -> None:
    state = tinies("ABCD.", creatures={c: {**TINY, "at": [0, 0]} for c in "BCD"})
    assert {pos(state, c) for c in "ABCD"} == {(0, 0, 0)}
    fifth = {"id": "e", "side": "heroes", "at": [0, 0], "size": "Tiny", "speeds": {"walk": 20}}
    assert act(state, {"type": "place", "creature": fifth})[0].rule == (
        "battle/overlapping-creatures"
    )
    enemy = {**fifth, "side": "monsters", "at": [4, 0]}
    _, state = ok(state, {"type": "place", "creature": enemy})
    # An enemy Small creature is not let into the Tiny monster's square... an allied one is.
    small = {**fifth, "id": "f", "at": [4, 0], "size": "Small"}
    assert act(state, {"type": "place", "creature": small})[0].rule == (
        "battle/overlapping-creatures"
    )
    ok(state, {"type": "place", "creature": {**small, "side": "monsters"}})


def test_consenting_allies_sharing_more_than_a_square_holds_squeeze() -> None:
    # "If you end your turn in the same space as another creature, and each of you normally
    # takes up the full space, you are both considered to be squeezing": a Medium and a Small
    # creature take more than the square; two Small ones don't.
    share = {"turns": False, "allies_may_share": True}
    state = game("AB..", creatures={"A": {"size": "Small"}}, options=share)
    _, state = ok(state, walk("B", [0, 0]))
    assert state.creatures["A"].has("squeezed") and state.creatures["B"].has("squeezed")
    _, state = ok(state, walk("B", [2, 0]))
    assert not state.creatures["A"].has("squeezed") and not state.creatures["B"].has("squeezed")
