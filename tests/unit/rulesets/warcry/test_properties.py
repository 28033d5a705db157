"""Properties: no accepted move ends inside terrain, another fighter or off the board, or
counts more than Move; replay equals live state; no input crashes decide."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Accepted, decide
from engine.rulesets.warcry.board import Space
from projections import fold
from tests.unit.rulesets.warcry.table import battle, fighter, obstacle, platform

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STATE = battle(
    fighter("f1", [3, 3], runemarks=["fly"]),
    fighter("f2", [8, 8], side="blue"),
    fighter("f3", [4.5, 3]),
    terrain=[platform(5, 1, 3, 2), obstacle(2, 6, 2, 3), obstacle(9, 2, 1, 0.8)],
    size=(12, 12),
    fall_landing="nearest",
)
coord = st.floats(min_value=-1, max_value=13, allow_nan=False)
leg = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["normal", "jump", "climb", "fly"]),
        "to": st.tuples(coord, coord, st.sampled_from([0.0, 0.8, 2.0, 3.0, 1.0])).map(list),
    }
)


@SETTINGS
@given(st.lists(leg, min_size=1, max_size=4), st.sampled_from(["f1", "f2", "f3"]))
def test_accepted_moves_end_clear_on_the_board_within_move(legs: list[Any], who: str) -> None:
    d = decide({"type": "move", "creature": who, "legs": legs, "rolls": None}, STATE)
    if not isinstance(d, Accepted):
        assert d.rule.startswith(("warcry/", "dice/")), d
        return
    assert d.events[0].cost <= 5 + 1e-6
    live = fold(d.events, STATE)
    if who not in live.creatures:
        return
    assert live.board is not None
    me = live.board.fighters[who]
    space = Space.of(live.board, who, 1.0)
    assert space.on_board(me.point, me.radius)
    assert space.sweep(me.point, me.point, me.radius) is None


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["f1", "f2"]), leg), min_size=1, max_size=5))
def test_replay_equals_live_state(moves: list[tuple[str, Any]]) -> None:
    state, log = STATE, []
    for who, one in moves:
        d = decide({"type": "move", "creature": who, "legs": [one]}, state)
        if isinstance(d, Accepted):
            log.extend(d.events)
            state = fold(d.events, state)
    assert fold(log, STATE) == state


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=12,
)


@SETTINGS
@given(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["move", "resolve_reaction", "place", "end_turn"])},
        optional={"creature": junk | st.just("f1"), "legs": junk, "to": junk, "at": junk},
    )
)
def test_no_input_crashes_decide(intent: dict[str, Any]) -> None:
    d = decide(intent, STATE)
    assert getattr(d, "rule", "") != "engine/internal-error", d
