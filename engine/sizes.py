"""A ruleset's size categories: which sizes it knows, their order, and the space each fills.

The shared default is Draw Steel's ladder (Draw Steel, Heroes: Combat, Size; DIGEST 2.9):
1T < 1S < 1M < 1L < 2 < 3 ... 20, where a size's number is the squares a side of its space
(the `T`, `S`, `M` and `L` sizes fill one square). A ruleset with categories of its own (Epic
Path) gives its own scale; every helper that needs sizes holds a scale, never the ruleset.
"""

from __future__ import annotations

LADDER_ONE_SQUARE = {"1T": (0, 1), "1S": (1, 1), "1M": (2, 1), "1L": (3, 1)}
"""The one-square sizes of the ladder: (rank, squares a side)."""


class SizeScale:
    """Draw Steel's ladder: 1T < 1S < 1M < 1L < 2 < 3 ... 20 (DIGEST 2.9)."""

    hint = "1T, 1S, 1M, 1L, 2, 3, ..."
    """The sizes a creature (or a `narrow` opening's `fits`) may name, for refusals."""

    def known_rank(self, size: str) -> int | None:
        """The size's place on the ladder, or None for a size this scale doesn't know."""
        if size in LADDER_ONE_SQUARE:
            return LADDER_ONE_SQUARE[size][0]
        return int(size) + 2 if size.isdigit() and 2 <= int(size) <= 20 else None

    def rank(self, size: str) -> int:
        """A size's place on the ladder (an unknown size counts as the wire's 1M)."""
        found = self.known_rank(size)
        if found is None:
            found = self.known_rank("1M")
        return LADDER_ONE_SQUARE["1M"][0] if found is None else found

    def side(self, size: str) -> int:
        """Squares a side of the space a creature of this size fills."""
        if size in LADDER_ONE_SQUARE:
            return LADDER_ONE_SQUARE[size][1]
        return int(size) if size.isdigit() else 1

    def value(self, size: str) -> int:
        """The number in a size ("1M" -> 1, "3" -> 3), which some rules compare to scores."""
        return self.side(size)


LADDER = SizeScale()
"""Draw Steel's ladder, the scale of every ruleset that has none of its own."""
