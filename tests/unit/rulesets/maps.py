"""The ASCII battle maps of `tests/unit/battle_map.py`, for any grid ruleset."""

from __future__ import annotations

from typing import Any

from engine import Accepted, create_battle
from projections import BattleState, fold
from tests.unit.battle_map import setup_for


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
