"""A preview tells the whole path: every reaction window it would open, each with what
taking it would do (DESIGN section 6), not only the first stop of an `ask` battle."""

from __future__ import annotations

from engine.context import Context
from engine.preview import reactions_ahead
from tests.unit.battle_map import act, battle

ASK = {"turns": False, "opportunity_attacks": "ask"}


def test_a_path_past_two_enemies_shows_both_windows_in_order() -> None:
    state = battle(".a.\nA..\n.b.\n...\n...", options=ASK)
    decision, after = act(
        state, {"type": "move", "creature": "A", "path": [[0, 2], [0, 3], [0, 4]]}
    )
    assert [e.type for e in decision.events] == ["OpportunityAttackTriggered"]
    found = reactions_ahead(state, after, Context())
    assert [(a.reactor, a.at, a.now) for a in found] == [
        ("a", (0, 1, 0), True),
        ("b", (0, 3, 0), False),
    ]
    for a in found:
        assert [e.type for e in a.if_taken][:1] == ["ReactionResolved"]
        assert any("opportunity attack" in w for w in a.words)


def test_a_path_that_provokes_nobody_has_nothing_ahead() -> None:
    state = battle("A....\n....b", options=ASK)
    _, after = act(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert reactions_ahead(state, after, Context()) == []


def test_a_shift_never_provokes_so_nothing_is_ahead() -> None:
    state = battle(".a.\nA..\n...", options=ASK)
    _, after = act(state, {"type": "shift", "creature": "A", "to": [0, 2]})
    assert reactions_ahead(state, after, Context()) == []
