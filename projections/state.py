"""Battle state: frozen, slotted dataclasses that share every unchanged part between versions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from events.battle_events import Coord, ResumeMove
from projections.board import Board
from projections.grid import Grid

TURNS_BY_DEFAULT = True
"""Whether a battle tracks turns when its options don't say (the option `turns`)."""
REDUCER_VERSION = 5
"""Bump whenever `evolve` changes what a given log folds into (snapshots keyed by it)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """What a creature is (changes only when the director re-places it): shared, never copied."""

    id: str
    name: str
    side: str
    size: str
    speeds: dict[str, int]
    stats: dict[str, int]
    stability: int
    disengage: int | None


@dataclass(frozen=True, slots=True)
class Creature:
    """Where a creature is and what it has left: the part events change."""

    profile: Profile
    pos: Coord
    hp: int
    conditions: frozenset[str] = frozenset()
    eot: frozenset[str] = frozenset()
    """Conditions that end when the current turn ends (EoT)."""
    grabbed_by: str | None = None
    frightened_by: str | None = None
    climbing_on: str | None = None
    """The creature this one climbs or rides."""
    prone_voluntary: bool = False
    movement_left: int = 0
    """What is left of the move action under way, which a further move may continue (Draw
    Steel's split Advance). What the state shows as `movement_left` is the ruleset's own
    economy (`engine.view`), which may differ: a fresh move action, Move Points, nothing."""
    move_actions: int = 0
    main_actions: int = 0
    maneuvers: int = 0
    actions_used: int = 0
    tallies: tuple[tuple[str, int], ...] = ()
    """Counts a ruleset keeps (`Tallied`): reset when the creature's turn starts, except names
    starting `battle:`, which count for the whole battle."""

    @property
    def id(self) -> str:
        return self.profile.id

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def side(self) -> str:
        return self.profile.side

    @property
    def size(self) -> str:
        return self.profile.size

    @property
    def speeds(self) -> dict[str, int]:
        return self.profile.speeds

    @property
    def stats(self) -> dict[str, int]:
        return self.profile.stats

    @property
    def stability(self) -> int:
        return self.profile.stability

    @property
    def disengage(self) -> int | None:
        return self.profile.disengage

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    def tally(self, name: str) -> int:
        return next((n for key, n in self.tallies if key == name), 0)

    def stat(self, name: str) -> int:
        return self.profile.stats.get(name, 0)


@dataclass(frozen=True, slots=True)
class PendingReaction:
    id: str
    kind: str
    reactor: str
    target: str
    at: Coord
    resume: ResumeMove | None = None


@dataclass(frozen=True, slots=True)
class TurnOrder:
    """The turn order the director set (`OrderSet`): `creatures` act in this order each
    round, or `sides` take turns in this order, one creature of the side at a time."""

    creatures: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BattleState:
    ruleset: str
    rules_version: str
    seed: int
    options: dict[str, Any]
    grid: Grid
    creatures: dict[str, Creature]
    round: int = 1
    active: str | None = None
    acted: frozenset[str] = frozenset()
    dice_counter: int = 0
    pending: tuple[PendingReaction, ...] = ()
    reaction_seq: int = 0
    board: Board | None = None
    """A gridless board in inches (Warcry) with every fighter's exact position, or None."""
    order: TurnOrder | None = None
    """The turn order the director set; None: any creature that has not acted may start."""
    last: str | None = None
    """The creature whose turn started last this round (the side that acted last)."""

    @property
    def turns(self) -> bool:
        return bool(self.options.get("turns", TURNS_BY_DEFAULT))
