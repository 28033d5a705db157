"""The creatures many tests set up: a Draw Steel hero and a goblin, placed where a test says."""

from __future__ import annotations

from typing import Any


def tactician(at: list[int]) -> dict[str, Any]:
    return {
        "id": "hero",
        "name": "Tactician",
        "side": "heroes",
        "at": at,
        "size": "1M",
        "speeds": {"walk": 5},
        "stats": {"might": 2, "agility": 1},
        "stability": 0,
        "hp": 30,
    }


def goblin(at: list[int]) -> dict[str, Any]:
    return {
        "id": "gob",
        "name": "Goblin",
        "side": "monsters",
        "at": at,
        "size": "1S",
        "speeds": {"walk": 6, "climb": 6},
        "stats": {"might": 0, "agility": 2},
        "hp": 5,
    }
