"""Identifier types shared by every layer."""

from typing import NewType

BattleId = NewType("BattleId", str)
CreatureId = NewType("CreatureId", str)
IntentId = NewType("IntentId", str)
ReactionId = NewType("ReactionId", str)
