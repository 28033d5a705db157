"""What a reader who cannot see some creatures knows of the battle, and what its real
actions meet (DESIGN section 3, what a reader knows; section 7, hidden creatures).

A player's questions (dry runs, reach, route searches, options, what-if, judgement) are asked
of `known_state`: the creatures hidden from it are not there. Only a real action meets the
truth (`judge_unseen`), and what it meets it learns as the rules say, recorded in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from dataclasses import replace as dc_replace
from typing import Any

from engine.context import Context
from engine.intents import IntentError, parse_intent
from engine.results import Accepted, Decision, Refused, TraceStep
from engine.sizes import LADDER
from events.battle_events import Coord, Moved, OpportunityAttackTriggered, Shifted
from events.visibility_events import UnseenCreatureMet
from projections.state import BattleState

TURN_WORDS = Refused(rule="turn/not-your-turn", detail="it is not your turn")
"""A turn refusal an unseen creature causes (its turn is under way, or it has not acted this
round): the same words whichever creature it is."""
UNSEEN_WORDS = "something unseen is in the way"


def known_state(state: BattleState, hidden: Set[str]) -> BattleState:
    """The battle as a reader who may not see `hidden` knows it: they are not there, and
    neither is their turn (DESIGN section 3, what a reader knows). A reaction window one of
    them opened against a seen creature stays (the reader is shown that an unseen creature
    reacts), its reactor written as an unseen creature."""
    if not hidden or not hidden & (state.creatures.keys() | {state.active}):
        return state
    creatures = {cid: c for cid, c in state.creatures.items() if cid not in hidden}
    pending = tuple(
        p if p.reactor not in hidden else dc_replace(p, reactor=UNSEEN)
        for p in state.pending
        if p.target not in hidden
    )
    board = state.board
    if board is not None:
        fighters = {cid: f for cid, f in board.fighters.items() if cid not in hidden}
        board = dc_replace(board, fighters=fighters)
    return dc_replace(
        state,
        creatures=creatures,
        pending=pending,
        board=board,
        active=None if state.active in hidden else state.active,
        acted=state.acted - hidden,
    )


UNSEEN = "an unseen creature"

Judge = Callable[[Any, BattleState, bool], Decision]
"""Decides an intent on a state; `real` is False for the mover's own planning (its dice are
not the battle's) and True for an attempt on the truth (the dice the action records)."""


def judge_unseen(
    intent: Any, truth: BattleState, hidden: Set[str], judge: Judge, ctx: Context
) -> Decision:
    """A real intent of an actor who cannot see `hidden`, as the rules meet it.

    The actor plans on what it knows (`known_state`): a refusal there is its answer, the
    same whoever is hidden; a `to` becomes the route it would take. Then the plan meets the
    truth. What the truth refuses that the actor's battle allowed is an unseen creature's
    doing: a path ends where the rules end it, before the step they refuse (Draw Steel,
    Movement: a creature can't end in or pass through an enemy's space it may not enter;
    Epic Path, Squeezing and Overrun: a space another creature fills is entered only as
    they allow), and `UnseenCreatureMet` records the square where the mover met what it
    could not see, the one thing it learns. A turn it takes or is owed refuses in words
    that name no one (`TURN_WORDS`). The last real attempt is the action's."""
    if not hidden & truth.creatures.keys():
        return judge(intent, truth, True)
    known = known_state(truth, hidden)
    if isinstance(intent, dict):
        try:
            intent = parse_intent(intent)
        except IntentError:
            return judge(intent, known, False)
    planned = judge(intent, known, False)
    if isinstance(planned, Refused):
        return planned
    intent = _with_route(intent, planned)
    decision = judge(intent, truth, True)
    if isinstance(decision, Accepted):
        return _passed_through(decision, truth, hidden, ctx)
    if decision.rule.startswith("turn/"):
        return TURN_WORDS
    path = getattr(intent, "path", None)
    if path is not None and decision.step is not None and 0 <= decision.step < len(path):
        return _ends_before(intent, truth, hidden, judge, ctx, decision)
    legs = getattr(intent, "legs", None)
    if legs and decision.step is not None and 0 <= decision.step < len(legs):
        return _legs_end_before(intent, truth, judge, decision)
    to = getattr(intent, "to", None)
    creature = getattr(intent, "creature", None)
    if isinstance(to, list | tuple) and isinstance(creature, str) and len(to) >= 2:
        at = _coord(truth, to)
        return _met(creature, at, _occupant(truth, hidden, at, ctx), decision.rule, ())
    return Refused(rule="unseen/in-the-way", detail=UNSEEN_WORDS)


def _passed_through(
    decision: Accepted, truth: BattleState, hidden: Set[str], ctx: Context
) -> Accepted:
    """A move the rules let through a space an unseen creature fills (Draw Steel, Movement:
    "You can move through an enemy's space, but that space is difficult terrain"): what the
    mover learned there is recorded too, the move going on (`rule` null)."""
    met: list[UnseenCreatureMet] = []
    for e in decision.events:
        if not isinstance(e, Moved | Shifted):
            continue
        for square in e.path:
            unseen = _occupant(truth, hidden, square, ctx)
            if unseen is not None and e.creature != unseen:
                met.append(UnseenCreatureMet(creature=e.creature, at=square, unseen=unseen))
    if not met:
        return decision
    return Accepted(events=(*decision.events, *met), trace=decision.trace, state=decision.state)


def _with_route(intent: Any, planned: Accepted) -> Any:
    """A `to` without a path, as the path the actor's own battle found for it (a route is
    searched on what the searcher knows); any other intent as it is."""
    if getattr(intent, "path", None) is not None or getattr(intent, "to", None) is None:
        return intent
    if intent.type not in ("move", "shift"):
        return intent
    route: list[Coord] = []
    for e in planned.events:
        if isinstance(e, Moved | Shifted) and e.creature == intent.creature:
            route.extend(e.path)
        resume = getattr(e, "resume", None)
        if isinstance(e, OpportunityAttackTriggered) and resume is not None:
            route = [*route, *resume.path]
    if not route or getattr(intent, "jumps", None):
        return intent
    return intent.model_copy(update={"path": [list(p) for p in route], "to": None})


def _ends_before(
    intent: Any, truth: BattleState, hidden: Set[str], judge: Judge, ctx: Context, why: Refused
) -> Decision:
    """The path cut where the truth refused it: the longest start of it the rules allow
    (a shorter one when the mover may not stop where it was refused), then the meeting."""
    path = list(intent.path)
    assert why.step is not None
    stop = why.step
    at, unseen = _coord(truth, path[stop]), None
    for square in path[: stop + 1]:
        unseen = _occupant(truth, hidden, _coord(truth, square), ctx)
        if unseen is not None:
            at = _coord(truth, square)
            break
    for k in range(min(stop, len(path)), 0, -1):
        shorter = judge(intent.model_copy(update={"path": path[:k], "jumps": []}), truth, True)
        if isinstance(shorter, Accepted):
            return _met(intent.creature, at, unseen, why.rule, shorter)
    return _met(intent.creature, at, unseen, why.rule, ())


def _legs_end_before(intent: Any, truth: BattleState, judge: Judge, why: Refused) -> Decision:
    """A gridless move cut before the leg the truth refused (Warcry, Move: "A fighter
    cannot move through other fighters"): its first legs, as many as the rules allow."""
    legs = list(intent.legs)
    assert why.step is not None
    at = _coord(truth, list(legs[why.step].to))
    for k in range(why.step, 0, -1):
        shorter = judge(intent.model_copy(update={"legs": legs[:k]}), truth, True)
        if isinstance(shorter, Accepted):
            return _met(intent.creature, at, None, why.rule, shorter)
    return _met(intent.creature, at, None, why.rule, ())


def _met(
    creature: str, at: Coord, unseen: str | None, rule: str, before: Accepted | tuple[()]
) -> Accepted:
    met = UnseenCreatureMet(creature=creature, at=at, unseen=unseen, rule=rule)
    step = TraceStep(kind="unseen", at=at, reasons=(f"{UNSEEN_WORDS}: the action ends",))
    if isinstance(before, Accepted):
        return Accepted(
            events=(*before.events, met), trace=(*before.trace, step), state=before.state
        )
    return Accepted(events=(met,), trace=(step,))


def _coord(state: BattleState, square: Any) -> Coord:
    x, y = int(square[0]), int(square[1])
    if len(square) > 2 and square[2] is not None:
        return (x, y, int(square[2]))
    g = state.grid
    z = g.surface[g.index(x, y)] if g.inside(x, y) else 0
    return (x, y, z)


def _occupant(state: BattleState, hidden: Set[str], at: Coord, ctx: Context) -> str | None:
    """The hidden creature whose space covers the square `at`, if one does."""
    rs = ctx.rulesets.get(state.ruleset)
    sizes = getattr(rs, "sizes", LADDER)
    for cid in sorted(hidden & state.creatures.keys()):
        c = state.creatures[cid]
        side = sizes.side(c.size)
        if c.pos[0] <= at[0] < c.pos[0] + side and c.pos[1] <= at[1] < c.pos[1] + side:
            return cid
    return None
