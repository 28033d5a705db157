"""The context of a decision: what is not in the state (rulesets, dice source, actor)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.catalog import builtin_rulesets
from engine.dice import DiceSource, HashDice
from engine.rulesets.registry import RulesetRegistry

MAX_FOLLOW_UPS = 200
"""How many follow-up effects (reactions, collisions, falls) one decision may drain."""


@dataclass(frozen=True)
class Context:
    """`rulesets` is the registry the composition root built; without one, the engine's
    built-in five (`engine.catalog.builtin_rulesets`, built once when first asked for)."""

    actor: str | None = None
    dice: DiceSource = field(default_factory=HashDice)
    rulesets: RulesetRegistry = field(default_factory=builtin_rulesets)
    max_follow_ups: int = MAX_FOLLOW_UPS
