"""Squeezing (Reclaim the Wild, Movement, "Squeezing"; DIGEST 4.7).

"Typically, you must Squeeze to enter any opening that is shorter than one-half your height
or width. You cannot Squeeze into a space that is smaller than one-quarter your height or
width." A map's `narrow` square names the size its opening is built for (`fits`); how many
size categories the creature is above that decides what entering it takes.

GUESS (the text gives no table of sizes): one category on the ladder 1T < 1S < 1M < 1L < 2
< 3 ... roughly doubles a creature's height or width, so an opening built for one size
smaller is about half the creature, and one built for two sizes smaller about a quarter. The
text's own examples read "about half" as already too small to walk (a bear, 1L, squeezes
through a household doorway, built for 1M), so by the same reading "about a quarter" is
already too small to squeeze. Hence the defaults: squeeze from 1 category smaller (option
`squeeze_from`), impossible from 2 (option `too_small_from`).

"While Squeezing, a Hero is Distracted, Off-Balance, and Slowed. These conditions end
immediately when the Hero leaves the tight conditions": `settle` sets them (with `squeezed`,
the marker every ruleset knows) when a creature's space is tight and lifts them when it no
longer is. It lifts only the ones squeezing set (the tally `battle:squeezing` remembers
which), so a creature already slowed by something else stays slowed. Each square a creature
enters while squeezing costs the Slowed surcharge (`slowed_surcharge`), counted once when it
is also slowed by something else (DIGEST 4.2 lists Slowed once).
"""

from __future__ import annotations

from engine.action import Action
from engine.rulesets.one_two_one.options import OneTwoOneOptions
from engine.sizes import LADDER
from events.battle_events import ConditionSet, Coord, Tallied
from projections.state import BattleState, Creature

FITS, SQUEEZE, TOO_SMALL = 0, 1, 2
CONDITIONS = ("squeezed", "distracted", "off_balance", "slowed")
"""What squeezing sets, one bit each in the tally `battle:squeezing` (in that order)."""
TIGHT = 1 << len(CONDITIONS)
"""Set in the tally `battle:squeezing` while the creature's space is tight."""
MASK = "battle:squeezing"
"""The battle-long tally of what squeezing set (it outlives the creature's turn starts)."""


def tightness(state: BattleState, size: str, pos: Coord) -> int:
    """FITS, SQUEEZE or TOO_SMALL: the tightest `narrow` square of a space at `pos`."""
    g = state.grid
    if not g.any_narrow:
        return FITS
    side = LADDER.side(size)
    rank = LADDER.rank(size)
    options = OneTwoOneOptions.of(state)
    squeeze_from = options.squeeze_from
    too_small_from = options.too_small_from
    worst = FITS
    for j in range(side):
        for i in range(side):
            x, y = pos[0] + i, pos[1] + j
            if not g.inside(x, y):
                continue
            fits = g.narrow[g.index(x, y)]
            if fits is None:
                continue
            smaller = rank - LADDER.rank(fits)
            if smaller >= too_small_from:
                return TOO_SMALL
            if smaller >= squeeze_from:
                worst = SQUEEZE
    return worst


def slowed_otherwise(c: Creature) -> bool:
    """Slowed by something other than squeezing through a narrow opening (a director's
    `slowed`, or a `squeezed` the director set for a crowd)."""
    mine = c.tally(MASK)
    if c.has("slowed") and not mine & (1 << CONDITIONS.index("slowed")):
        return True
    return c.has("squeezed") and not mine & 1


def settle(action: Action) -> None:
    """Set the squeezing conditions on creatures in a tight space, lift them from those that
    left it."""
    for cid in sorted(action.state.creatures):
        c = action.state.creatures[cid]
        mine = c.tally(MASK)
        tight = tightness(action.state, c.size, c.pos) != FITS
        if tight and not mine & TIGHT:
            mask = TIGHT
            for bit, name in enumerate(CONDITIONS):
                if not c.has(name):
                    mask |= 1 << bit
                    action.emit(
                        ConditionSet(creature=cid, condition=name, on=True, source="squeezing")
                    )
            action.emit(Tallied(creature=cid, name=MASK, amount=mask))
            action.note(
                "squeeze", c.pos, reasons=(f"{cid} squeezes: distracted, off-balance, slowed",)
            )
        elif not tight and mine & TIGHT:
            for bit, name in enumerate(CONDITIONS):
                if mine & (1 << bit) and c.has(name):
                    action.emit(
                        ConditionSet(creature=cid, condition=name, on=False, source="squeezing")
                    )
            action.emit(Tallied(creature=cid, name=MASK, amount=-mine))
            action.note("squeeze-ends", c.pos, reasons=(f"{cid} leaves the tight space",))
