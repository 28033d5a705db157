"""The ASCII battle maps of `tests/unit/battle_map.py`, for any grid ruleset."""

from __future__ import annotations

from typing import Any

from engine import Accepted, create_battle
from projections import BattleState, fold
from tests.unit.battle_map import ok, setup_for


def battle_in(ruleset: str, rows: str, walk: int = 6, **kwargs: Any) -> BattleState:
    """A battle of `ruleset` drawn as text; every creature walks `walk` unless told."""
    creatures = kwargs.pop("creatures", {}) or {}
    letters = {ch for ch in rows if ch.isalpha()}
    merged = {ch: {"speeds": {"walk": walk}, **creatures.get(ch, {})} for ch in letters}
    setup = setup_for(rows, creatures=merged, **kwargs)
    setup["ruleset"] = ruleset
    decision = create_battle(setup)
    assert isinstance(decision, Accepted), decision
    return fold(decision.events)


def game(ruleset: str, rows: str, walk: int, **kwargs: Any) -> BattleState:
    """`battle_in`, with A's turn started when the battle tracks turns."""
    state = battle_in(ruleset, rows, walk=walk, **kwargs)
    if state.turns:
        _, state = ok(state, {"type": "start_turn", "creature": "A"})
    return state


def move(to: list[int] | None = None, **kw: Any) -> dict[str, Any]:
    """A `move` intent for A (to `to`, when given)."""
    body: dict[str, Any] = {"type": "move", "creature": "A", **kw}
    if to is not None:
        body["to"] = to
    return body
