"""Deterministic dice: a counter-based source keyed by the battle seed, or the table's rolls.

The `n`th die of a battle is a pure function of (seed, n): sha256 of "seed:n" read as an
integer, reduced to the die's faces. The counter lives in the state (dice rolled so far), so
replaying the log yields the same dice, and every value rolled is written into its event.
"""

from __future__ import annotations

import hashlib
from typing import Protocol

from engine.results import Refusal


class DiceSource(Protocol):
    def face(self, seed: int, counter: int, sides: int) -> int: ...


class HashDice:
    """The default source: sha256("seed:counter") mod sides, plus one."""

    def face(self, seed: int, counter: int, sides: int) -> int:
        digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        return int.from_bytes(digest[:8], "big") % sides + 1


class Roller:
    """Hands out dice for one decision: the intent's rolls in order, else the seeded source."""

    def __init__(
        self, source: DiceSource, seed: int, counter: int, supplied: list[int] | None
    ) -> None:
        self.source = source
        self.seed = seed
        self.counter = counter
        self.supplied = list(supplied) if supplied else None
        self.used = 0

    @property
    def seeded(self) -> bool:
        return self.supplied is None

    def roll(self, count: int, sides: int) -> list[int]:
        if self.supplied is not None:
            faces = self.supplied[self.used : self.used + count]
            if len(faces) < count:
                raise Refusal("dice/too-few", f"this needs {count} more d{sides} than supplied")
            for face in faces:
                if not 1 <= face <= sides:
                    raise Refusal("dice/out-of-range", f"{face} is not a face of a d{sides}")
            self.used += count
            return faces
        faces = [self.source.face(self.seed, self.counter + k, sides) for k in range(count)]
        self.counter += count
        return faces
