"""Small wording helpers shared by the narration and the rulesets' trace reasons."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """`1 creature`, `2 creatures`: a count with its noun in the right number (English
    plurals of the nouns used here take an `s`)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
