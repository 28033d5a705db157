"""Reclaim the Wild, Charge (the SRC's "Other Actions", DIGEST 4.1)."""

from typing import Any

from engine import reach
from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.one_two_one.test_movement import game, move


def charge(**kw: Any) -> dict[str, Any]:
    return move(action="charge", primary="b", **kw)


def test_a_charge_is_off_balance_movement_as_if_sprinting_ending_next_to_the_target() -> None:
    # "You become Off-Balance, then move as if Sprinting (hands needn't be empty),
    # directly toward the target"
    state = game("A..........b", creatures={"A": {"stats": {"hands_busy": 1}}})
    decision, after = ok(state, charge(to=[10, 0]))
    assert types(decision)[:3] == ["ActionUsed", "Tallied", "ConditionSet"]
    assert pos(after, "A") == (10, 0, 0)
    assert "off_balance" in after.creatures["A"].conditions
    _, ended = ok(after, {"type": "end_turn", "creature": "A"})
    assert "off_balance" not in ended.creatures["A"].conditions


def test_without_a_destination_it_takes_the_nearest_square_beside_the_target() -> None:
    state = game("A.....\n......\n....b.")
    _, after = ok(state, charge())
    assert pos(after, "A") == (3, 1, 0)


def test_every_step_goes_toward_the_target() -> None:
    state = game("A.....b")
    rule = refused(state, charge(path=[[1, 0], [0, 0], [1, 0]])).rule
    assert rule == "one-two-one/charge-must-approach"


def test_a_charge_that_cant_complete_fails() -> None:
    far = game("A" + "." * 14 + "b")
    assert refused(far, charge(to=[6, 0])).rule == "one-two-one/charge-must-reach"
    assert refused(far, charge()).rule == "one-two-one/charge-must-reach"


def test_it_needs_the_full_movement_unused_and_neither_slowed_nor_halted() -> None:
    state = game("A.....b")
    _, moved = ok(state, move([1, 0]))
    assert refused(moved, charge()).rule == "one-two-one/charge-needs-full-movement"
    slowed = game("A.....b", creatures={"A": {"conditions": ["slowed"]}})
    assert refused(slowed, charge()).rule == "one-two-one/charge-while-slowed"
    halted = game("A.....b", creatures={"A": {"conditions": ["halted"]}})
    assert refused(halted, charge()).rule == "one-two-one/charge-while-halted"
    assert refused(state, move(action="charge")).rule == "one-two-one/charge-needs-target"


def test_no_movement_after_a_charge() -> None:
    state = game("A.....b\n.......")
    _, after = ok(state, charge())
    assert refused(after, move([4, 1])).rule == "one-two-one/charged"
    assert reach(after, "A") == {}
