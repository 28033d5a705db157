"""Rolls the table supplies (DESIGN section 9: "Any intent may carry `rolls` (the dice the table
rolled); otherwise the server rolls").

Whether a decision needs a roll can be hidden from a player (an attack of opportunity it would
provoke, a fall): the answer must not turn on the rolls supplied with it. Rolls are used while
they cover the decision's dice, the server rolls the rest, and left-over rolls are ignored.
"""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Accepted, decide
from tests.unit.battle_map import battle, ok

ROWS = ".....\n.Ab..\n....."
AWAY = {"type": "move", "creature": "A", "path": [[0, 1], [0, 0]]}
"""Leaves the square the goblin threatens: an opportunity attack, 2d10."""
QUIET = {"type": "move", "creature": "A", "path": [[1, 2]]}
"""Stays beside the goblin: no roll at all."""


def state() -> Any:
    return battle(ROWS, options={"turns": False, "opportunity_attacks": "always"})


def dice_events(decision: Accepted) -> list[Any]:
    return [e for e in decision.events if e.type == "ReactionResolved"]


def test_rolls_a_move_does_not_need_are_ignored_and_the_trace_says_so() -> None:
    plain, _ = ok(state(), QUIET)
    supplied, _ = ok(state(), {**QUIET, "rolls": [7, 9]})
    assert supplied.events == plain.events
    notes = [r for step in supplied.trace if step.kind == "dice" for r in step.reasons]
    assert notes == ["supplied rolls not used: 2 (ignored)"]


def test_the_tables_rolls_are_used_and_what_is_left_over_ignored() -> None:
    decision, _ = ok(state(), {**AWAY, "rolls": [7, 9, 4]})
    (strike,) = dice_events(decision)
    assert strike.rolls == [7, 9] and not strike.seeded
    assert any("not used: 1" in r for step in decision.trace for r in step.reasons)


def test_too_few_rolls_leave_the_rest_to_the_server() -> None:
    decision, _ = ok(state(), {**AWAY, "rolls": [7]})
    seeded, _ = ok(state(), AWAY)
    (strike,) = dice_events(decision)
    assert strike.seeded and strike.rolls == dice_events(seeded)[0].rolls
    notes = [r for step in decision.trace if step.kind == "dice" for r in step.reasons]
    assert "the server rolled 2 dice: the supplied rolls ran out before a 2d10" in notes


def test_a_face_the_die_lacks_is_left_to_the_server_not_refused() -> None:
    decision, _ = ok(state(), {**AWAY, "rolls": [20, 3]})
    (strike,) = dice_events(decision)
    assert strike.seeded
    assert any("20 is not a face of a d10" in r for step in decision.trace for r in step.reasons)


@settings(max_examples=80, deadline=None)
@given(
    rolls=st.lists(st.integers(min_value=1, max_value=100), max_size=5),
    intent=st.sampled_from([AWAY, QUIET]),
)
def test_no_supplied_rolls_change_whether_an_intent_is_accepted(
    rolls: list[int], intent: dict[str, Any]
) -> None:
    without = decide(intent, state())
    supplied = decide({**intent, "rolls": rolls}, state())
    assert isinstance(without, Accepted) and isinstance(supplied, Accepted)
    assert [e.type for e in supplied.events if e.type != "DamageTaken"] == [
        e.type for e in without.events if e.type != "DamageTaken"
    ]
