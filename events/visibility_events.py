"""Who may see a creature: the director's secrets (DESIGN section 7, hidden creatures).

The rules judge everything as if seen, so `evolve` reads none of these: they change what a
reader is shown (server/redaction.py), never the battle. A creature with no visibility event
is seen by all; `CreatureHidden` hides it from every player but those of `visible_to`'s
sides; `CreatureRevealed` shows it to all from then on, and with `history` its past too.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from events.vocabulary import Event, registry


@registry.register
class CreatureHidden(Event):
    """The creature is hidden from every player not of one of `visible_to`'s sides."""

    type: Literal["CreatureHidden"] = "CreatureHidden"
    creature: str
    visible_to: list[str] = Field(default=[], max_length=50)


@registry.register
class CreatureRevealed(Event):
    """The creature is seen by all from here on; with `history`, its past events too."""

    type: Literal["CreatureRevealed"] = "CreatureRevealed"
    creature: str
    history: bool = False
