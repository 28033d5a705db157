"""The base of the rulesets played on a board in inches rather than a map of squares (Warcry).

A gridless ruleset lays out its own board at creation, places fighters on it, and answers
reach as a region of points (`reach_region`); its squares (`reach`) are that region's
whole-inch lattice, for a client that draws a grid ruler. The map's terrain is the board's,
set at creation: `set_terrain` is refused.
"""

from __future__ import annotations

from abc import abstractmethod

from engine import intents as it
from engine.action import Action
from engine.region import Region
from engine.results import Refusal
from engine.rulesets.base import Handler, RulesetBase
from events.battle_events import Coord
from projections.state import BattleState, Creature


class GridlessRuleset(RulesetBase):
    gridless = True

    @abstractmethod
    def reach_region(self, state: BattleState, c: Creature, kind: str) -> Region:
        """The reach region itself: float points, inches counted and the legs to each."""

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        """The reach region sampled at whole inches: each sample's rounded point, with the
        inches counted rounded up (`Region.lattice`)."""
        return self.reach_region(state, c, kind).lattice()

    def handlers(self) -> dict[str, Handler]:
        return {**super().handlers(), "place": self.on_place, "set_terrain": self.on_set_terrain}

    @abstractmethod
    def on_place(self, intent: it.Place, state: BattleState, action: Action) -> None:
        """A director places a fighter on the board."""

    def on_set_terrain(self, intent: it.SetTerrain, state: BattleState, action: Action) -> None:
        raise Refusal(f"{self.id}/gridless", f"{self.id} terrain is set on the board at creation")
