"""Evolve: battle state and the reducers that fold events into it; read models; snapshots."""

from projections.evolve import empty_state, evolve, fold
from projections.serialize import state_from_json, state_to_json
from projections.state import REDUCER_VERSION, BattleState, Creature, PendingReaction
from projections.view import state_view

__all__ = [
    "REDUCER_VERSION",
    "BattleState",
    "Creature",
    "PendingReaction",
    "empty_state",
    "evolve",
    "fold",
    "state_from_json",
    "state_to_json",
    "state_view",
]
