"""The rulesets a service knows, looked up by id; shared code never branches on a ruleset's
name. A registry is built once, by a composition root (`engine.catalog.builtin_rulesets`, or
a test's own), and passed in through the decision's `Context`: nothing registers itself."""

from __future__ import annotations

from collections.abc import Iterable

from engine.rulesets.protocol import Ruleset


class RulesetRegistry:
    def __init__(self, rulesets: Iterable[Ruleset]) -> None:
        self._rulesets: dict[str, Ruleset] = {}
        for ruleset in rulesets:
            if ruleset.id in self._rulesets:
                raise ValueError(f"two rulesets are called {ruleset.id!r}")
            self._rulesets[ruleset.id] = ruleset

    def get(self, ruleset_id: str) -> Ruleset | None:
        return self._rulesets.get(ruleset_id)

    def ids(self) -> list[str]:
        return sorted(self._rulesets)

    def rules_version(self, ruleset_id: str) -> str | None:
        ruleset = self.get(ruleset_id)
        return None if ruleset is None else ruleset.rules_version
