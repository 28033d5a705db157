"""The rest of a previewed move: every reaction window its path would open (DESIGN section 6).

Under `opportunity_attacks: "ask"` a move stops at the first square that provokes and waits
for the reactors' answers, so the decision alone shows one stop. A preview (a dry run) tells
the whole path: at each stop it asks what taking each window would do (the reaction's own
events, in words), then lets every window there be declined, so the move goes on and the
next stop is found, until the move ends. The dice are the preview's (unseen: never the
battle's next faces), so a taken reaction's damage is an example, its kind is not.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.context import Context
from engine.decide import decide
from engine.narration import Narrator
from engine.results import Accepted
from events.vocabulary import Event, encode
from projections.state import BattleState, PendingReaction

MAX_STOPS = 20
"""Reaction windows a preview follows at most (a path longer than any table's)."""
MOVING = frozenset({"Moved", "Shifted", "MovedInches", "OpportunityAttackTriggered"})
"""What a taken reaction's answer goes on to do that is the move's, not the reaction's."""


@dataclass(frozen=True)
class Ahead:
    """One reaction window the previewed path opens: who may react, against whom, where,
    whether the intent's own events already hold it (`now`: its first stop), and what
    taking it would do (events and words; empty when taking it is refused)."""

    reactor: str
    target: str
    kind: str
    at: tuple[int, int, int]
    now: bool
    if_taken: tuple[Event, ...]
    words: tuple[str, ...]


def reactions_ahead(before: BattleState, after: BattleState, ctx: Context) -> list[Ahead]:
    """Every window the decision from `before` to `after` opened, and those the rest of its
    move would open were each declined."""
    known = {p.id for p in before.pending}
    found: list[Ahead] = []
    state, now = after, True
    for _ in range(MAX_STOPS):
        opened = [p for p in state.pending if p.id not in known]
        if not opened:
            break
        known.update(p.id for p in opened)
        found += [_ahead(state, p, ctx, now) for p in opened]
        now = False
        for p in opened:
            declined = decide(
                {"type": "resolve_reaction", "reaction": p.id, "decision": "decline"}, state, ctx
            )
            if not isinstance(declined, Accepted) or declined.state_after() is None:
                return found
            state = declined.state_after() or state
    return found


def _ahead(state: BattleState, p: PendingReaction, ctx: Context, now: bool) -> Ahead:
    taken = decide({"type": "resolve_reaction", "reaction": p.id, "decision": "take"}, state, ctx)
    events: tuple[Event, ...] = ()
    if isinstance(taken, Accepted):
        events = tuple(e for e in _until_moving(taken.events))
    narrator = Narrator(
        ruleset=state.ruleset,
        names={cid: c.name or cid for cid, c in state.creatures.items()},
        reactions={w.id: w.reactor for w in state.pending},
    )
    words = tuple(w for e in events if (w := narrator.narrate(e.type, encode(e))) is not None)
    return Ahead(p.reactor, p.target, p.kind, p.at, now, events, words)


def _until_moving(events: tuple[Event, ...]) -> list[Event]:
    kept = []
    for e in events:
        if e.type in MOVING:
            break
        kept.append(e)
    return kept
