"""One action under construction: events appended in order onto a scratch state.

Follow-up effects (reactions, collisions, falls) are drained through this one object, whose
`follow_up()` counts them against the context's cap, so no chain of effects can run away.
"""

from __future__ import annotations

from engine.dice import Roller
from engine.results import Accepted, Refusal, TraceStep
from events.battle_events import Coord
from events.vocabulary import Event
from projections.evolve import evolve
from projections.state import BattleState


class Action:
    def __init__(self, state: BattleState, roller: Roller, max_follow_ups: int) -> None:
        self.state = state
        self.roller = roller
        self.events: list[Event] = []
        self.states: list[BattleState] = []
        """The state right after each event (frozen states share their parts: no copies)."""
        self.trace: list[TraceStep] = []
        self.max_follow_ups = max_follow_ups
        self.follow_ups = 0

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
        self.states.append(self.state)

    def note(
        self,
        kind: str,
        at: Coord | None = None,
        cost: int = 0,
        reasons: tuple[str, ...] = (),
        about: tuple[str, ...] = (),
    ) -> None:
        """A step of the trace; `about` names the creatures its words speak of besides the
        actor, so a reader who may not see one is not shown it."""
        self.trace.append(TraceStep(kind=kind, at=at, cost=cost, reasons=reasons, about=about))

    def follow_up(self) -> None:
        self.follow_ups += 1
        if self.follow_ups > self.max_follow_ups:
            raise Refusal(
                "engine/follow-up-limit",
                f"more than {self.max_follow_ups} follow-up effects in one action",
            )

    def accepted(self) -> Accepted:
        return Accepted(events=tuple(self.events), trace=tuple(self.trace), state=self.state)
