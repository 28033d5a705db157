"""The context of a decision: what is not in the state (rulesets, dice source, actor)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.dice import DiceSource, HashDice
from engine.rulesets import RULESETS, RulesetRegistry

MAX_FOLLOW_UPS = 200
"""How many follow-up effects (reactions, collisions, falls) one decision may drain."""


@dataclass(frozen=True)
class Context:
    actor: str | None = None
    dice: DiceSource = field(default_factory=HashDice)
    rulesets: RulesetRegistry = RULESETS
    max_follow_ups: int = MAX_FOLLOW_UPS
