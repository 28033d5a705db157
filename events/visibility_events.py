"""Who may see a creature: the director's secrets (DESIGN section 7, hidden creatures).

The rules judge everything as if seen, so `evolve` reads none of these: they change what a
reader is shown (server/readers/redaction.py), never the battle. A creature with no visibility event
is seen by all; `CreatureHidden` hides it from every player but those of `visible_to`'s
sides; `CreatureRevealed` shows it to all from then on, and with `history` its past too.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from events.creature_fields import CreatureId, MetCreatureId
from events.vocabulary import Event, registry

Coord = tuple[int, int, int]


@registry.register
class CreatureHidden(Event):
    """The creature is hidden from every player not of one of `visible_to`'s sides."""

    type: Literal["CreatureHidden"] = "CreatureHidden"
    creature: CreatureId
    visible_to: list[str] = Field(default=[], max_length=50)


@registry.register
class CreatureRevealed(Event):
    """The creature is seen by all from here on; with `history`, its past events too."""

    type: Literal["CreatureRevealed"] = "CreatureRevealed"
    creature: CreatureId
    history: bool = False


@registry.register
class UnseenCreatureMet(Event):
    """A real action of `creature` ran into a creature it could not see (`unseen`) at `at`:
    the action ended there as the rules say (`rule` is the one that stopped it), and this is
    what its actor learned. A reader who cannot see `unseen` reads this event with it as "an
    unseen creature" (the mover's player learns that something is there, not what)."""

    type: Literal["UnseenCreatureMet"] = "UnseenCreatureMet"
    creature: CreatureId
    at: Coord
    unseen: MetCreatureId | None = None
    """The creature met (null: what stopped the action was not one creature's space)."""
    rule: str | None = None
    """The rule that ended the action where it met the unseen creature (null: the rules
    let the move on through its space, as Draw Steel's do through an enemy's)."""
