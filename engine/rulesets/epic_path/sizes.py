"""Epic Path's size categories (Space and Reach; Stepover; Squeezing; DIGEST 3.8).

Fine, Diminutive, Tiny, Small, Medium, Large, Huge, Gargantuan, Colossal, Titanic, and
Titanic-Plus for anything larger, each one category above the last: "2 size categories or
larger" (Stepover) and "one size category smaller" (Squeezing) count on this ladder. Small
and Medium fill one 5 ft square, Large 10 ft (2 squares a side), Huge 15 ft, Gargantuan
20 ft, Colossal 25 ft, Titanic 30 ft, Titanic-Plus 60 ft; Tiny and smaller take a fraction
of a square: each stands on one square, and allies share it as far as it holds them
(`packing`).

A creature's `size` may name a category (any letter case) or use the wire's footprint sizes,
mapped by footprint: `1T` Tiny, `1S` Small, `1M` Medium, `1L` Medium (one square: Epic Path
has no one-square size above Medium), `2` Large, `3` Huge, `4` Gargantuan, `5` Colossal, `6`
Titanic, `7` to `20` Titanic-Plus (on the footprint given: the text recommends bases no larger
than 6x6 for anything past Titanic).
"""

from __future__ import annotations

from engine.sizes import SizeScale

SQUARE = 5
"""Feet a square (Space and Reach: "a space 5 feet by 5 feet")."""

CATEGORIES = (
    "fine",
    "diminutive",
    "tiny",
    "small",
    "medium",
    "large",
    "huge",
    "gargantuan",
    "colossal",
    "titanic",
    "titanic-plus",
)
"""The ladder, smallest first: a category's rank is its place here."""
TINY = CATEGORIES.index("tiny")
SMALL = CATEGORIES.index("small")
SIDES = {"large": 2, "huge": 3, "gargantuan": 4, "colossal": 5, "titanic": 6, "titanic-plus": 12}
"""Squares a side of each category bigger than one square (Space and Reach)."""
WIRE = {
    "1T": "tiny",
    "1S": "small",
    "1M": "medium",
    "1L": "medium",
    "2": "large",
    "3": "huge",
    "4": "gargantuan",
    "5": "colossal",
    "6": "titanic",
}
"""The wire's footprint sizes (Draw Steel's ladder, DESIGN section 9) as Epic Path's."""
HINT = "Fine, Diminutive, Tiny, Small, Medium, Large, Huge, Gargantuan, Colossal, Titanic, "
HINT += "Titanic-Plus, or the footprint sizes 1T, 1S, 1M, 1L, 2 ... 20"


def category(size: str) -> str | None:
    """The category a `size` names, or None for a size Epic Path doesn't know."""
    if size in WIRE:
        return WIRE[size]
    if size.isdigit() and 7 <= int(size) <= 20:
        return "titanic-plus"
    name = size.lower()
    return name if name in CATEGORIES else None


def rank(size: str) -> int | None:
    """The size's place on the ladder (Fine 0 ... Medium 4, Large 5 ... Titanic-Plus 10)."""
    name = category(size)
    return None if name is None else CATEGORIES.index(name)


def side(size: str) -> int:
    """Squares a side of the creature's space: the wire's footprint when it gives one, else
    the category's (one square for Medium and smaller)."""
    if size.isdigit():
        return int(size)
    name = category(size)
    return SIDES.get(name or "", 1)


def fills_its_square(rank_: int) -> bool:
    """Small and bigger fill their space ("Size Small and Medium creatures require a space 5
    feet by 5 feet"); Tiny and smaller share one (Space and Reach)."""
    return rank_ >= SMALL


def has_reach(rank_: int) -> bool:
    """ "Size Tiny and smaller figures have no effective reach": they threaten no adjacent
    square (Space and Reach)."""
    return rank_ > TINY


class EpicSizes(SizeScale):
    """Epic Path's ladder, Fine to Titanic-Plus, the wire's footprint sizes mapped onto it."""

    hint = HINT

    def known_rank(self, size: str) -> int | None:
        return rank(size)

    def side(self, size: str) -> int:
        return side(size)


SIZES = EpicSizes()
