"""decide(intent, state, ctx) -> Accepted(events, trace) | Refused(rule, step, detail).

The one entry point for judging intents. It finds the battle's ruleset, refuses anything but
answers while a reaction window is open, builds the action (a scratch state and the dice), and
lets the ruleset judge. A `Refusal` anywhere becomes `Refused`; any other exception is a bug,
reported as `engine/internal-error` rather than crashing the service. Rolls supplied with the
intent are used while they cover the decision's dice; the trace says when some were left over
or the server rolled the rest (`engine.dice.Roller`), and no answer turns on it.
"""

from __future__ import annotations

from typing import Any

from engine.action import Action
from engine.context import Context
from engine.dice import Roller, check_supplied
from engine.intents import IntentError, parse_intent
from engine.map_memo import settle
from engine.results import Decision, Refusal, Refused, TraceStep
from engine.ruling import Ruling, ruled
from events.battle_events import RuleOverruled
from projections.state import BattleState

ALLOWED_WHILE_PENDING = frozenset(
    {"resolve_reaction", "place", "remove", "set_terrain", "set_condition", "hide", "reveal"}
)


def decide(intent: Any, state: BattleState, ctx: Context | None = None) -> Decision:
    ctx = ctx or Context()
    try:
        return _decide(intent, state, ctx)
    except Refusal as refusal:
        return refusal.refused()
    except Exception as exc:
        return Refused(rule="engine/internal-error", detail=f"{type(exc).__name__}: {exc}")
    finally:
        settle()  # what the decision filled is weighed against the memos' budget


def _decide(raw: Any, state: BattleState, ctx: Context) -> Decision:
    try:
        intent = raw if hasattr(raw, "type") and not isinstance(raw, dict) else parse_intent(raw)
    except IntentError as exc:
        raise Refusal("intent/invalid", exc.detail) from None
    rs = ctx.rulesets.get(state.ruleset)
    if rs is None:
        raise Refusal("battle/unknown-ruleset", f"unknown ruleset {state.ruleset!r}")
    if state.pending and intent.type not in ALLOWED_WHILE_PENDING:
        ids = ", ".join(p.id for p in state.pending)
        raise Refusal("reaction/pending", f"answer the open reaction window(s) first: {ids}")
    check_supplied(intent.rolls)
    roller = Roller(ctx.dice, state.seed, state.dice_counter, intent.rolls)
    action = Action(state, roller, ctx.max_follow_ups)
    ruling = _ruling(intent)
    with ruled(ruling):
        rs.handle(intent, state, action)
    if ruling is not None:
        _record_ruling(intent, ruling, state, action)
    _note_supplied(action, roller)
    return action.accepted()


def _ruling(intent: Any) -> Ruling | None:
    given = getattr(intent, "overrule", None)
    if given is None:
        return None
    return Ruling(given.reason, given.cost, given.reactions)


def _record_ruling(intent: Any, ruling: Ruling, before: BattleState, action: Action) -> None:
    """DESIGN section 7, Rulings: one `RuleOverruled` per rule set aside, ahead of the
    events it allowed (it changes nothing when folded, so the states after it are `before`);
    an intent the rules accept anyway gets none, and the trace says so."""
    creature = getattr(intent, "creature", None) or getattr(intent, "target", None)
    ruled_events = [
        RuleOverruled(
            rule=s.rule,
            step=s.step,
            detail=s.detail,
            reason=ruling.reason,
            creature=creature,
            about=list(s.about),
        )
        for s in ruling.set_aside
    ]
    action.events[:0] = ruled_events
    action.states[:0] = [before] * len(ruled_events)
    if ruled_events:
        rules = ", ".join(s.rule for s in ruling.set_aside)
        action.trace.insert(0, TraceStep(kind="overruled", reasons=(f"{ruling.words} ({rules})",)))
    else:
        action.note("overruled", reasons=("the rules allow it: nothing was overruled",))


def _note_supplied(action: Action, roller: Roller) -> None:
    """Say what became of the table's rolls. Nothing here is news to whoever reads the
    answer: its dice events already show which rolls were the table's and which the server's."""
    if roller.supplied is None:
        return
    reasons = []
    if roller.stopped is not None and roller.rolled:
        dice = "die" if roller.rolled == 1 else "dice"
        reasons.append(f"the server rolled {roller.rolled} {dice}: the supplied {roller.stopped}")
    if roller.left_over:
        reasons.append(f"supplied rolls not used: {roller.left_over} (ignored)")
    if reasons:
        action.note("dice", reasons=tuple(reasons))
