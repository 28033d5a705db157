"""What shared code (deciding, creating, reach, the state view, the service) asks of a
ruleset: a small protocol. `engine.rulesets.base.RulesetBase` implements the shared part,
`engine.rulesets.grid.GridRuleset` and `engine.rulesets.gridless.GridlessRuleset` the two
kinds of battlefield; every ability is a method here, never probed for."""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel

from engine.action import Action
from engine.economy import AnyEconomy
from engine.region import Region
from engine.results import Accepted
from engine.setup import BattleSetup
from events.battle_events import Coord
from projections.state import BattleState, Creature


class Ruleset(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def rules_version(self) -> str: ...

    @property
    def options_model(self) -> type[BaseModel]:
        """The battle options: every rule the text leaves to the table, with its default."""

    @property
    def unit(self) -> tuple[str, str, int]:
        """How distance is counted: the unit's name (one, many) and units per square."""

    @property
    def gridless(self) -> bool:
        """Played on a board in inches (a `board` in its setup), not a map of squares."""

    def create(self, body: BattleSetup) -> Accepted:
        """Judge a battle's setup (raises `Refusal`)."""

    def handle(self, intent: Any, state: BattleState, action: Action) -> None:
        """Judge one intent onto `action` (raises `Refusal`)."""

    def creature(self, state: BattleState, cid: str) -> Creature:
        """The creature `cid` (raises `Refusal` when there is none)."""

    def economy(self, state: BattleState, c: Creature) -> AnyEconomy:
        """What `c` has left this turn, in the ruleset's own economy and unit."""

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        """Every space `c` can end a `kind` of movement on, with its cost."""

    def reach_region(self, state: BattleState, c: Creature, kind: str) -> Region | None:
        """A gridless ruleset's reach region (None on a grid)."""

    def provokes(self, kind: str) -> bool:
        """Can this kind of movement (`move`, `shift`, `teleport`) open a reaction window?"""
