"""The engine's composition root for rulesets: the five built in, in one registry.

Built when first asked for, never at import: a service builds its registry here once and
passes it in (`Context.rulesets`); a test may build one of its own. Nothing registers itself.
"""

from __future__ import annotations

from functools import cache

from engine.rulesets.action_points import ActionPoints
from engine.rulesets.draw_steel import DrawSteel
from engine.rulesets.epic_path import EpicPath
from engine.rulesets.one_two_one import OneTwoOne
from engine.rulesets.registry import RulesetRegistry
from engine.rulesets.warcry import Warcry


@cache
def builtin_rulesets() -> RulesetRegistry:
    """Draw Steel, the action-point game, Reclaim the Wild, Epic Path and Warcry."""
    return RulesetRegistry([DrawSteel(), ActionPoints(), OneTwoOne(), EpicPath(), Warcry()])
