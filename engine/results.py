"""What decide answers: Accepted(events, trace) or Refused(rule, step, detail)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from events.vocabulary import Event
from projections import BattleState


class TraceStep(BaseModel):
    """One line of a decision's explanation: a square and its cost, or a trigger."""

    model_config = ConfigDict(frozen=True)

    kind: str
    at: tuple[int, int, int] | None = None
    cost: int = 0
    reasons: tuple[str, ...] = ()
    about: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    """The creatures its words speak of besides the actor (a reactor, a host, the one met):
    a reader who may not see one of them is not shown the step (server/readers/redaction.py).
    Absent when it speaks of none."""

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


class Accepted(BaseModel):
    """The events an intent produces, why (the trace), and the state after them.

    `state` is the state the engine folded while deciding (each event evolved as it was
    emitted), so whoever appends the events need not fold them again; None where a decision
    was not built on a state (a battle's creation).
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    events: tuple[Event, ...]
    trace: tuple[TraceStep, ...] = ()
    # A BattleState (or None). Typed Any so that pydantic neither validates nor copies a
    # whole battle per decision; read it through `state_after`.
    state: Any = None

    def state_after(self) -> BattleState | None:
        return self.state if isinstance(self.state, BattleState) else None

    @property
    def accepted(self) -> bool:
        return True


class Refused(BaseModel):
    model_config = ConfigDict(frozen=True)

    rule: str
    step: int | None = None
    detail: str

    @property
    def accepted(self) -> bool:
        return False


Decision = Accepted | Refused


class Refusal(Exception):
    """Raised inside the engine to stop a decision; decide turns it into `Refused`."""

    def __init__(
        self, rule: str, detail: str, step: int | None = None, about: tuple[str, ...] = ()
    ) -> None:
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail
        self.step = step
        self.about = about
        """The creatures `detail` speaks of besides the actor (engine.steps.Illegal)."""

    def refused(self) -> Refused:
        return Refused(rule=self.rule, step=self.step, detail=self.detail)
