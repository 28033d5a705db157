"""Decide: geometry, pathfinding, rulesets, reactions; intents in, events or a refusal out.

The public API the service calls:

- `decide(intent, state, ctx) -> Accepted | Refused` (engine.decide)
- `create_battle(setup, ctx) -> Accepted | Refused` (engine.creation), `BattleSetup`,
  `parse_setup` (engine.setup)
- `parse_intent(dict) -> Intent`, `IntentError` (engine.intents)
- `reach(state, creature, kind, mode, ctx) -> {(x, y, z): cost}` (engine.reach), and
  `reach_region(state, creature, kind, ctx) -> Region | None` for a gridless ruleset
- `Context(actor, dice, rulesets, max_follow_ups)`, `HashDice` (engine.context, engine.dice)
- `builtin_rulesets() -> RulesetRegistry` (engine.catalog): `.get(id).rules_version`,
  `.rules_version(id)`, `.ids()`
"""

from engine.catalog import builtin_rulesets
from engine.context import Context
from engine.creation import create_battle
from engine.decide import decide
from engine.dice import HashDice, Roller
from engine.intents import Intent, IntentError, parse_intent
from engine.reach import reach, reach_region
from engine.results import Accepted, Decision, Refused, TraceStep
from engine.rulesets.registry import RulesetRegistry
from engine.setup import BattleSetup, parse_setup

__all__ = [
    "Accepted",
    "BattleSetup",
    "Context",
    "Decision",
    "HashDice",
    "Intent",
    "IntentError",
    "Refused",
    "Roller",
    "RulesetRegistry",
    "TraceStep",
    "builtin_rulesets",
    "create_battle",
    "decide",
    "parse_intent",
    "parse_setup",
    "reach",
    "reach_region",
]
