"""Opening reaction windows when a move provokes (shared by every grid ruleset).

Each reactor gets its own window at the square the mover leaves; the move pauses there and
resumes (`ResumeMove`) once every window on it is resolved. Option `opportunity_attacks`:
`ask` leaves the windows open for the reactors, `always` takes every reaction at once and
`never` declines them, and the move then goes on in the same action. What a reaction does
and why it triggered are the ruleset's.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.action import Action
from engine.ruling import current
from events.battle_events import Coord, OpportunityAttackTriggered, ResumeMove
from projections.state import Creature


def open_windows(
    action: Action,
    target: str,
    at: Coord,
    reactors: list[Creature],
    resume: ResumeMove,
    option: str,
    why: Callable[[Creature], str],
    strike: Callable[[Creature, str], None],
    decline: Callable[[str], None],
    go_on: Callable[[ResumeMove], None],
) -> None:
    """One window per reactor at `at`; `strike(reactor, reaction)` / `decline(reaction)`
    settle it when the option does, and `go_on(resume)` continues the move then. A director's
    ruling with `reactions: false` (DESIGN section 7, Rulings) opens none: the move goes on."""
    ruling = current()
    if ruling is not None and not ruling.reactions and reactors:
        ids = ", ".join(r.id for r in reactors)
        action.note(
            "no-reactions",
            at,
            reasons=(f"{ids} may not react: {ruling.words}",),
            about=tuple(r.id for r in reactors),
        )
        go_on(resume)
        return
    for reactor in reactors:
        action.follow_up()
        rid = f"r-{action.state.reaction_seq + 1}"
        action.emit(
            OpportunityAttackTriggered(
                reaction=rid,
                reactor=reactor.id,
                target=target,
                at=at,
                resume=resume if option == "ask" else None,
            )
        )
        action.note("trigger", at, reasons=(why(reactor),), about=(reactor.id,))
        if option == "always":
            strike(reactor, rid)
        elif option == "never":
            decline(rid)
    if option != "ask":
        go_on(resume)
