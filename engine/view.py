"""The public view of a battle that clients read: the projection's view, as the ruleset tells it.

`projections.state_view` knows no ruleset; this is where a ruleset's own words about what a
creature has left (its economy, `engine.economy`) are laid over it. The service renders every
state it answers or stores in the read model through `battle_view`, never through `state_view`
directly.
"""

from __future__ import annotations

from typing import Any

from engine.catalog import builtin_rulesets
from engine.rulesets.registry import RulesetRegistry
from projections import BattleState, state_view


def battle_view(state: BattleState, rulesets: RulesetRegistry | None = None) -> dict[str, Any]:
    """The state as the wire shows it (DESIGN section 9), in the battle's ruleset's terms:
    each creature's `movement_left` is its ruleset's, and `economy` says, in the ruleset's
    own unit and words, what it has left this turn. Every other key is the projection's.
    `rulesets`: the service's registry (the built-in five without one)."""
    view = state_view(state)
    rs = (rulesets or builtin_rulesets()).get(state.ruleset)
    if rs is None:
        return view
    shown = view["creatures"]
    for cid, c in state.creatures.items():
        if cid in shown:
            economy = rs.economy(state, c)
            shown[cid]["movement_left"] = economy.movement_left
            shown[cid]["economy"] = economy.model_dump(mode="json")
    return view
