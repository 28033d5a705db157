"""Decide: geometry, pathfinding, rulesets, reactions; intents in, events or a refusal out."""
