"""Dice no one can foresee, for answers that must not reveal the battle's next roll.

A dry run or a player's what-if judged with the battle's own dice would show the faces a real
submission is about to get (the seeded source is a pure function of the seed and the dice
counter). They roll from the operating system's randomness instead: what they show is a
possible outcome, never the coming one.
"""

from __future__ import annotations

import secrets


class UnseenDice:
    """A dice source (engine.dice.DiceSource) that ignores the seed and the counter."""

    def face(self, seed: int, counter: int, sides: int) -> int:
        return secrets.randbelow(sides) + 1


def secret_seed() -> int:
    """A battle's dice seed when its creator gave none, shown to no player: 53 random bits,
    so that a JavaScript client reads it exactly (a JSON number past 2^53 - 1 is rounded
    there) while the field stays the integer the wire has always carried."""
    return secrets.randbits(53)
