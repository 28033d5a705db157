"""Decide: geometry, pathfinding, rulesets, reactions; intents in, events or a refusal out.

The public API the service calls:

- `decide(intent, state, ctx) -> Accepted | Refused` (engine.decide)
- `create_battle(setup, ctx) -> Accepted | Refused`, `BattleSetup`, `parse_setup` (engine.setup)
- `parse_intent(dict) -> Intent`, `IntentError` (engine.intents)
- `reach(state, creature, kind, mode, ctx) -> {(x, y, z): cost}` (engine.reach)
- `Context(actor, dice, rulesets, max_follow_ups)`, `HashDice` (engine.context, engine.dice)
- `RULESETS.get(id).rules_version`, `RULESETS.rules_version(id)` (engine.rulesets)
"""

from engine.context import Context
from engine.decide import decide
from engine.dice import HashDice, Roller
from engine.intents import Intent, IntentError, parse_intent
from engine.reach import reach
from engine.results import Accepted, Decision, Refused, TraceStep
from engine.rulesets import RULESETS
from engine.setup import BattleSetup, create_battle, parse_setup

__all__ = [
    "RULESETS",
    "Accepted",
    "BattleSetup",
    "Context",
    "Decision",
    "HashDice",
    "Intent",
    "IntentError",
    "Refused",
    "Roller",
    "TraceStep",
    "create_battle",
    "decide",
    "parse_intent",
    "parse_setup",
    "reach",
]
