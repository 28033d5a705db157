"""Fractional spaces: several small creatures in one square (Space and Reach; Three
Dimensional Movement).

"Tiny creatures take up a 2 1/2 by 2 1/2 foot space, Diminutive creatures take up a 1 foot by
1 foot space, and Fine creatures ... a 1/2 foot by 1/2 foot space ... Thus, 4 tiny creatures
fit into a five foot square, 25 Diminutive, and 100 Fine creatures"; "the same number of
smaller creatures will fill a cube as fill a same size square. Two Small creatures may occupy
a five foot cube without squeezing. Four tiny creatures fill a cube". So a square holds 100
hundredths: Fine 1, Diminutive 4, Tiny 25, Small 50, Medium and larger 100 of each square of
their space; "For practical reasons, it is recommended that no more than four creatures be
allowed into one space, no matter how tiny" (option `creatures_per_square`, counting the
creatures smaller than Medium).

Creatures two or more categories apart do not crowd each other (Stepover: the larger "can
effectively ignore" the smaller, and "Neither creature is considered to be squeezing"), so what
a square holds is counted among creatures within one category of each other: for every pair
of neighbouring categories, their hundredths in the square. More than 100 is sharing a space
that each "normally takes up" in full: squeezing (Squeezing), which only consenting allies do
(option `allies_may_share`).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.geometry import box, overlaps
from engine.results import Refusal
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import CATEGORIES, SIZES, SMALL
from events.battle_events import CreatureSpec

FULL = 100
"""Hundredths of a square: what one square holds."""
SHARE = {
    CATEGORIES.index("fine"): 1,
    CATEGORIES.index("diminutive"): 4,
    CATEGORIES.index("tiny"): 25,
    SMALL: 50,
}
"""Hundredths of a square a creature of each category smaller than Medium takes."""


def share(rank: int) -> int:
    """Hundredths of a square the creature takes of each square of its space."""
    return SHARE.get(rank, FULL)


def packs(rank: int) -> bool:
    """Whether creatures of this category share a square with others of theirs (smaller
    than Medium): they count toward the creatures a square may hold."""
    return rank <= SMALL


def load(ranks: Iterable[int]) -> int:
    """The most any two neighbouring categories among `ranks` take of one square: the
    creatures of a square that crowd each other."""
    ranks = list(ranks)
    return max(
        (sum(share(x) for x in ranks if r <= x <= r + 1) for r in set(ranks)),
        default=0,
    )


def load_around(rank: int, ranks: Iterable[int]) -> int:
    """What a creature of `rank` and the others of its square within one category of it
    take of the square (more than `FULL`: it squeezes)."""
    ranks = [x for x in ranks if abs(x - rank) <= 1]
    return max(
        sum(share(x) for x in [rank, *ranks] if low <= x <= low + 1) for low in (rank - 1, rank)
    )


def crowded(cap: int) -> str:
    """The refusal's words for a square holding its most creatures (`creatures_per_square`)."""
    return f"no more than {cap} creatures into one space, no matter how tiny"


def room_refusal(ranks: list[int], cap: int) -> str | None:
    """Why creatures of these `ranks` may not all be in one square (None: they fit)."""
    if sum(1 for r in ranks if packs(r)) > cap:
        return crowded(cap)
    if load(ranks) > FULL:
        return "the square is full (4 Tiny, 2 Small or 1 Medium fill it)"
    return None


def check_placed(spec: CreatureSpec, others: list[CreatureSpec], options: EpicPathOptions) -> None:
    """A creature placed where others stand: two categories apart they don't crowd each
    other; allies smaller than Medium share as far as the square holds them; else refused."""
    rank, mine = SIZES.rank(spec.size), box(spec.at, SIZES.side(spec.size))
    there = [o for o in others if overlaps(mine, box(o.at, SIZES.side(o.size)))]
    ranks = [SIZES.rank(o.size) for o in there]
    crowding = [(o, r) for o, r in zip(there, ranks, strict=True) if abs(rank - r) < 2]
    cap = options.creatures_per_square
    if packs(rank) and 1 + sum(packs(r) for r in ranks) > cap:
        raise Refusal("battle/overlapping-creatures", f"{spec.id}: {crowded(cap)}")
    if not crowding:
        return
    allies = all(o.side == spec.side and packs(r) for o, r in crowding) and packs(rank)
    full = room_refusal([rank, *ranks], cap) if allies else None
    if allies and full is None:
        return
    why = full or f"{spec.id} and {crowding[0][0].id} overlap"
    raise Refusal("battle/overlapping-creatures", why)
