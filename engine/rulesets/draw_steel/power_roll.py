"""The power roll's tiers (Draw Steel, "Power Rolls"; DIGEST 2.10)."""

from __future__ import annotations


def power_tier(natural: int, total: int) -> int:
    """Tier 1 at 11 or less, tier 2 at 12-16, tier 3 at 17+; a natural 19 or 20 is tier 3."""
    if natural >= 19 or total >= 17:
        return 3
    return 2 if total >= 12 else 1
