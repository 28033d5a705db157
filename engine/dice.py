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


MAX_FACE = 100
"""The largest face a supplied roll may show: no rule of any ruleset rolls a bigger die."""


class Roller:
    """Hands out dice for one decision: the intent's rolls in order, then the seeded source.

    The table's rolls are used while they last and each is a face of the die asked for; from
    the first roll they don't cover (too few left, or a face the die doesn't have) the seeded
    source rolls the rest, and rolls left over are ignored. A decision therefore never turns
    on whether the supplied rolls were needed: a player who supplies rolls learns nothing from
    the answer that the answer's own dice events (which say which rolls were the table's) don't
    show anyway.
    """

    def __init__(
        self, source: DiceSource, seed: int, counter: int, supplied: list[int] | None
    ) -> None:
        self.source = source
        self.seed = seed
        self.counter = counter
        self.supplied = list(supplied) if supplied else None
        self.used = 0
        self.rolled = 0
        """Dice the seeded source rolled in this decision."""
        self.stopped: str | None = None
        """Why the supplied rolls stopped covering the decision (None while they do)."""
        self._last_seeded: bool | None = None

    @property
    def seeded(self) -> bool:
        """Whether the latest roll came from the seeded source (before any roll: whether the
        next one would)."""
        if self._last_seeded is not None:
            return self._last_seeded
        return self.supplied is None or self.stopped is not None or not self.supplied

    @property
    def left_over(self) -> int:
        """Supplied rolls this decision did not use."""
        return 0 if self.supplied is None else len(self.supplied) - self.used

    def roll(self, count: int, sides: int) -> list[int]:
        faces = self._from_table(count, sides)
        self._last_seeded = faces is None
        if faces is None:
            faces = [self.source.face(self.seed, self.counter + k, sides) for k in range(count)]
            self.counter += count
            self.rolled += count
        return faces

    def _from_table(self, count: int, sides: int) -> list[int] | None:
        if self.supplied is None or self.stopped is not None:
            return None
        faces = self.supplied[self.used : self.used + count]
        if len(faces) < count:
            self.stopped = f"rolls ran out before a {count}d{sides}"
            return None
        wrong = next((f for f in faces if not 1 <= f <= sides), None)
        if wrong is not None:
            self.stopped = f"roll {wrong} is not a face of a d{sides}"
            return None
        self.used += count
        return faces


def check_supplied(rolls: list[int] | None) -> None:
    """Supplied rolls are faces of some die (1 to `MAX_FACE`): checked before deciding, so
    the refusal says nothing about the dice a decision would need."""
    for face in rolls or ():
        if not 1 <= face <= MAX_FACE:
            raise Refusal("dice/out-of-range", f"{face} is not a face of any die (1 to {MAX_FACE})")
