"""Dice sources for the log: one that records what a decision rolled, one that replays it.

Judging a recorded action again (a dispute, or undoing an earlier action) must use the dice
it was decided with, whatever the state's dice counter is now: `RecordingDice` notes every
seeded face handed out, the service stores them with the action, and `ReplayDice` hands the
same faces back in order.
"""

from __future__ import annotations

from engine.dice import DiceSource, HashDice
from engine.results import Refusal


class RecordingDice:
    def __init__(self, source: DiceSource | None = None) -> None:
        self._source = source or HashDice()
        self.faces: list[tuple[int, int]] = []

    def face(self, seed: int, counter: int, sides: int) -> int:
        value = self._source.face(seed, counter, sides)
        self.faces.append((sides, value))
        return value


class ReplayDice:
    """Hands out recorded (sides, face) pairs in order; asking for anything else is refused."""

    def __init__(self, faces: list[tuple[int, int]]) -> None:
        self._faces = list(faces)
        self._next = 0

    def face(self, seed: int, counter: int, sides: int) -> int:
        if self._next >= len(self._faces):
            raise Refusal("history/dice-differ", "the action now needs more dice than it rolled")
        recorded_sides, value = self._faces[self._next]
        if recorded_sides != sides:
            raise Refusal(
                "history/dice-differ",
                f"the action now rolls a d{sides} where it rolled a d{recorded_sides}",
            )
        self._next += 1
        return value

    @property
    def all_used(self) -> bool:
        return self._next == len(self._faces)
