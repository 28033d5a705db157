"""The public view of a battle that clients read: the projection's view, as the ruleset tells it.

`projections.state_view` knows no ruleset; this is where a ruleset's own words about what a
creature has left (its economy) are laid over it. The service renders every state it answers
or stores in the read model through `battle_view`, never through `state_view` directly.
"""

from __future__ import annotations

from typing import Any

from projections import BattleState, state_view


def battle_view(state: BattleState) -> dict[str, Any]:
    """The state as the wire shows it (DESIGN section 9), in the battle's ruleset's terms."""
    return state_view(state)
