"""Rulesets are plug-ins, looked up by id; shared code never branches on a ruleset's name."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rulesets.base import GridRuleset


class RulesetRegistry:
    def __init__(self) -> None:
        self._rulesets: dict[str, GridRuleset] = {}

    def add(self, ruleset: GridRuleset) -> None:
        self._rulesets[ruleset.id] = ruleset

    def get(self, ruleset_id: str) -> GridRuleset | None:
        return self._rulesets.get(ruleset_id)

    def ids(self) -> list[str]:
        return sorted(self._rulesets)

    def rules_version(self, ruleset_id: str) -> str | None:
        ruleset = self.get(ruleset_id)
        return None if ruleset is None else ruleset.rules_version


RULESETS = RulesetRegistry()


def _register_builtin() -> None:
    from engine.rulesets.action_points import ActionPoints
    from engine.rulesets.draw_steel import DrawSteel
    from engine.rulesets.epic_path import EpicPath
    from engine.rulesets.one_two_one import OneTwoOne

    RULESETS.add(DrawSteel())
    RULESETS.add(ActionPoints())
    RULESETS.add(OneTwoOne())
    RULESETS.add(EpicPath())
    from engine.rulesets.warcry import Warcry

    RULESETS.add(Warcry())


_register_builtin()
