"""A walk along a judged path: who walks, where, how, on what budget, and what it carries
along when a reaction pauses it (the rest of the path, who was already provoked)."""

from __future__ import annotations

from dataclasses import dataclass

from events.battle_events import Coord


@dataclass(frozen=True)
class Run:
    creature: str
    path: list[Coord]
    mode: str
    action: str
    budget: int
    economy: bool
    starts_action: bool = False
    provoked: tuple[str, ...] = ()
    skip_first: bool = False
    drop: Coord | None = None
    """Where a last step off a ledge lands (the path's last square is above it)."""
    tallies: tuple[tuple[str, int], ...] = ()
    bump: Coord | None = None
    """An unseen obstruction just past the path's end, met when the walk ends (`walk_ended`)."""
    through: tuple[tuple[str, str], ...] = ()
    """Creatures the walk gets past by a maneuver (Epic Path's `Move.through`)."""
