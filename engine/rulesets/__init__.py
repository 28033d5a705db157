"""Rulesets are plug-ins: each a `Ruleset` (`protocol`), built on the shared `base` and a grid
(`grid`) or gridless (`gridless`) base, gathered into a `RulesetRegistry` (`registry`) by a
composition root (`engine.catalog`). Shared code never branches on a ruleset's name, and
nothing registers itself at import."""
