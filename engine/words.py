"""Small wording helpers shared by the narration and the rulesets' trace reasons."""

from __future__ import annotations

from typing import Any


def counted(n: int, noun: str) -> str:
    """`1 creature`, `2 creatures`: a count with its noun in the right number (English
    plurals of the nouns used here take an `s`)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def number(v: Any) -> str:
    """A number as a reader wants it: a whole one without a point, else one decimal."""
    if isinstance(v, float) and not v.is_integer():
        return f"{v:.1f}"
    return str(int(v)) if isinstance(v, int | float) else str(v)


def at(p: Any) -> str:
    """A position as a reader wants it: `(x, y)`, or `(x, y, up z)` off the ground."""
    if not isinstance(p, list | tuple) or len(p) < 2:
        return "?"
    x, y, z = p[0], p[1], p[2] if len(p) > 2 else 0
    if z:
        return f"({number(x)}, {number(y)}, up {number(z)})"
    return f"({number(x)}, {number(y)})"
