"""A creature's options agree with the judge (STYLE habit 17, python-chess's `legal_moves`).

For random battles in every grid ruleset, played a few random intents on, every option of
every creature, its intent read back from JSON as a client would send it, is accepted by
`decide` when offered and refused with the stated rule when not; what an offered option
spends is what the economy says after it; and the squares a movement option lists are each
accepted as that intent's `to` at the listed cost (a sample of them). The Warcry fighter's
move option goes to a point of its region with the region's legs.
"""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import assume, given, note
from hypothesis import strategies as st

from engine import Accepted, Refused, decide, parse_intent
from engine.catalog import builtin_rulesets
from engine.option_words import summary
from engine.options import Option, options
from projections import BattleState, evolve, fold
from tests.unit.rulesets.properties import SETTINGS, Profile, intents, maps, start
from tests.unit.rulesets.warcry.table import battle, fighter

PROFILES = [
    Profile("draw-steel", 5, ("advance",), ("walk", "fly"), {"fly": 5, "teleport": 3}),
    Profile("epic-path", 30, ("walk", "double_move", "run", "crawl"), feet=5, extra=("shift",)),
    Profile("one-two-one", 6, ("move", "sprint")),
    Profile("action-points", 6, ("walk", "run", "crawl")),
]
RULESETS = builtin_rulesets()


def wire(intent: dict[str, Any]) -> Any:
    """The intent as a client sends it back: JSON, parsed as a submission is."""
    return parse_intent(orjson.loads(orjson.dumps(intent)))


def check_option(state: BattleState, o: Option) -> None:
    unit = RULESETS.get(state.ruleset).unit  # type: ignore[union-attr]
    words = summary(o, unit, state)
    assert words and "`" not in words and (o.refused is None or o.refused.rule not in words)
    decision = decide(wire(o.intent), state)
    if o.refused is not None:
        assert isinstance(decision, Refused), (o, decision)
        assert decision.rule == o.refused.rule and decision.detail == o.refused.detail
        assert o.spends == ()
        return
    assert isinstance(decision, Accepted), (o, decision)
    if o.reach is None or o.kind != "move":
        return
    listed = sorted(o.reach.squares.items())
    for at, cost in listed[:: max(1, len(listed) // 6)]:
        intent = {**o.intent, "to": list(at)}
        moved = decide(wire(intent), state)
        assert isinstance(moved, Accepted), (intent, moved)
        after = moved.state_after()
        if after is not None and not after.pending:  # a window stops the move part way
            spent = sum(e.cost for e in moved.events if e.type == "Moved")
            assert spent == cost, (intent, spent, cost)


@pytest.mark.parametrize("p", PROFILES, ids=[p.ruleset for p in PROFILES])
@SETTINGS
@given(data=st.data(), rows=maps(tiles="......~#o="), turns=st.booleans())
def test_every_offered_option_is_accepted_and_every_other_refused_with_its_rule(
    p: Profile, data: st.DataObject, rows: str, turns: bool
) -> None:
    note(f"map:\n{rows}\nturns={turns}")
    reacting = {"opportunity_attacks": "ask"} if p.ruleset in ("draw-steel", "epic-path") else {}
    log = start(p, rows, {"turns": turns, **reacting})
    assume(log is not None)
    assert log is not None
    state = fold(log)
    for _ in range(data.draw(st.integers(0, 4))):
        intent = data.draw(intents(p, state))
        decision = decide(intent, state)
        note(f"played {intent} -> {type(decision).__name__}")
        if isinstance(decision, Accepted):
            for event in decision.events:
                state = evolve(state, event)
    cid = data.draw(st.sampled_from(sorted(state.creatures)))
    found = options(state, cid)
    kinds = {o.kind for o in found}
    assert "stand_up" in kinds or p.ruleset == "warcry"
    for o in found:
        note(f"option {o}")
        check_option(state, o)


@SETTINGS
@given(x=st.floats(3, 27), y=st.floats(3, 19), walk=st.integers(1, 6))
def test_a_warcry_fighter_is_offered_a_move_to_a_point_of_its_region(
    x: float, y: float, walk: int
) -> None:
    state = battle(fighter("f1", [x, y], speeds={"walk": walk}), turns=False)
    found = options(state, "f1")
    move = next(o for o in found if o.kind == "move")
    assert move.available and move.reach is not None and move.reach.region is not None
    assert isinstance(decide(wire(move.intent), state), Accepted)
    region = [
        [{"kind": k, "to": list(to)} for k, to in legs]
        for _, legs in move.reach.region.points.values()
    ]
    assert move.intent["legs"] in region


OFFERED_KINDS = frozenset({"move", "shift", "stand_up", "fall_prone", "start_turn", "end_turn"})


@pytest.mark.parametrize("p", PROFILES, ids=[p.ruleset for p in PROFILES])
@SETTINGS
@given(data=st.data(), rows=maps(tiles="......~#o="), turns=st.booleans())
def test_what_a_submission_accepts_is_offered(
    p: Profile, data: st.DataObject, rows: str, turns: bool
) -> None:
    """The other half of habit 17: an intent `decide` accepts has an available option of
    its kind and action (Epic Path's walk with the standard action after a walk, Draw
    Steel's second move from the main action, a walk converting Action Points)."""
    note(f"map:\n{rows}\nturns={turns}")
    log = start(p, rows, {"turns": turns})
    assume(log is not None)
    assert log is not None
    state = fold(log)
    for _ in range(data.draw(st.integers(0, 5))):
        intent = data.draw(intents(p, state))
        decision = decide(intent, state)
        note(f"tried {intent} -> {type(decision).__name__}")
        if isinstance(decision, Accepted) and intent["type"] in OFFERED_KINDS:
            offered = {
                (o.kind, o.action or "") for o in options(state, intent["creature"]) if o.available
            }
            default = p.actions[0] if intent["type"] == "move" else ""
            action = intent.get("action", default) if intent["type"] == "move" else ""
            assert (intent["type"], action) in offered, (intent, offered)
        if isinstance(decision, Accepted):
            for event in decision.events:
                state = evolve(state, event)
