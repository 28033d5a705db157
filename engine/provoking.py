"""Which squares of a reach provoke: for each, the reactions a move there would open (who
reacts, where, and why), so a ruler can mark them before anything is sent (DESIGN section 8,
reach).

What provokes is each ruleset's own rule, and the answer asks that rule rather than
repeating it: a square's reactions are those a dry run of the move to it (its `to`, the
route the server searches) opens, every window declined so the rest of the path is followed,
as a preview lists them (`engine.preview`). Draw Steel: leaving an enemy's adjacency without
shifting (DIGEST 2.5, opportunity attacks); Epic Path: leaving a square an enemy threatens
(Types of Movement: Attacks of Opportunity), once per enemy per action. Reclaim the Wild and
the action-point game have no movement-triggered reaction in their texts, Warcry has none
(Moving away from enemies restricts the move instead), and a shift or teleport never
provokes: those squares are not judged at all (`Ruleset.provokes`).

The state asked is the one given: a player's is what it knows (`engine.unseen.known_state`),
so a hidden creature's reaction is never listed to it. A creature that may not move now
(another turn is open, or none is) is judged as at the start of its own turn, as its reach
is measured: without the turn's bookkeeping, the route and the reactions being the same.
A square no move action of the ruleset reaches now (a dry run refuses each) has none listed.
Every window is judged as `opportunity_attacks: "ask"` judges it (opened, then declined), so
a battle that takes or declines them at once lists the same reactors, and no reaction's
own roll decides what is listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import replace as dc_replace
from typing import Any

from engine.context import Context
from engine.decide import decide
from engine.lookups import called, in_names
from engine.options import NEEDS_A_CHOICE
from engine.results import Accepted, Refusal, Refused
from engine.sizes import LADDER
from events.battle_events import Coord, OpportunityAttackTriggered
from projections.state import BattleState, Creature

MAX_STOPS = 20
"""Reaction windows one square's move is followed through at most (as a preview's)."""


@dataclass(frozen=True)
class Provoked:
    """One reaction a move to a square would open: `reactor` may react (`kind`, as its
    window would say) to `target` leaving `at`, for the reason `why` (the ruleset's words,
    creatures by name)."""

    reactor: str
    target: str
    kind: str
    at: Coord
    why: str

    def to_json(self, state: BattleState) -> dict[str, Any]:
        return {
            "reactor": self.reactor,
            "reactor_name": called(state, self.reactor),
            "kind": self.kind,
            "at": list(self.at),
            "why": self.why,
        }


def provoking(
    state: BattleState,
    creature: str,
    kind: str,
    squares: Mapping[Coord, int | float],
    ctx: Context,
    intent: Mapping[str, Any] | None = None,
    mode: str = "walk",
) -> dict[Coord, tuple[Provoked, ...]]:
    """The squares of a `kind` reach (`move`, `shift`, `teleport`) whose move would provoke,
    each with what it would open, in the order the path meets them.

    `intent` is the movement to judge (its `type`, `action`, `mode`; the `to` is each
    square's); without one, a `kind` movement in `mode`, each move action of the ruleset that needs
    no player's choice tried in turn until one accepts. Raises `Refusal` only for a spent
    search budget (`limits/`), as the reach it marks would."""
    rs = ctx.rulesets.get(state.ruleset)
    c = state.creatures.get(creature)
    if rs is None or c is None or not rs.provokes(kind) or not squares:
        return {}
    if not _enemies_near(rs, state, c, squares):
        return {}
    # the windows are opened to be listed, not answered: each is asked, then declined
    judged = {**state.options, "opportunity_attacks": "ask"}
    if state.turns and state.active != creature:
        judged["turns"] = False  # as at the start of its turn: no turn's bookkeeping
    planned = dc_replace(state, options=judged)
    bases = [dict(intent)] if intent is not None else _bases(rs, creature, kind, mode)
    found: dict[Coord, tuple[Provoked, ...]] = {}
    for at in squares:
        opened = _opened(planned, bases, at, ctx)
        if opened:
            found[at] = opened
    return found


def _enemies_near(
    rs: Any, state: BattleState, c: Creature, squares: Mapping[Coord, int | float]
) -> bool:
    """Is any living creature of another side near enough to react to a move to these
    squares: within as many squares as the dearest of them costs (no path goes farther than
    it pays for), plus both spaces and a reach as long as the reactor's side (no ruleset's
    reach is longer)? If none is, nothing is judged."""
    sizes = getattr(rs, "sizes", LADDER)
    per_square = max(1, rs.unit[2])
    far = max(
        max(abs(at[0] - c.pos[0]), abs(at[1] - c.pos[1]), int(cost) // per_square + 1)
        for at, cost in squares.items()
    )
    mine = sizes.side(c.size)
    for o in state.creatures.values():
        if o.side == c.side or o.hp <= 0:
            continue
        reach = far + mine + 2 * sizes.side(o.size) + 1
        if abs(o.pos[0] - c.pos[0]) <= reach and abs(o.pos[1] - c.pos[1]) <= reach:
            return True
    return False


def _bases(rs: Any, creature: str, kind: str, mode: str) -> list[dict[str, Any]]:
    base = {"type": kind, "creature": creature}
    if mode != "walk":
        base["mode"] = mode
    if kind != "move":
        return [base]
    actions = [a for a in getattr(rs, "move_actions", ("advance",)) if a not in NEEDS_A_CHOICE]
    return [{**base, "action": a} for a in actions] or [base]


def _opened(
    state: BattleState, bases: list[dict[str, Any]], at: Coord, ctx: Context
) -> tuple[Provoked, ...]:
    for base in bases:
        decision = decide({**base, "to": list(at)}, state, ctx)
        if isinstance(decision, Accepted):
            return _along(state, decision, ctx)
        _spent(decision)
    return ()


def _along(state: BattleState, decision: Accepted, ctx: Context) -> tuple[Provoked, ...]:
    """Every window the move opens: those of its first stop, then, each declined, those the
    rest of its path opens."""
    known = {p.id for p in state.pending}
    found: list[Provoked] = []
    for _ in range(MAX_STOPS):
        after = decision.state_after()
        found += _triggered(after or state, decision)
        if after is None:
            break
        opened = [p for p in after.pending if p.id not in known]
        if not opened:
            break
        known.update(p.id for p in opened)
        nxt: Accepted | None = None
        current = after
        for p in opened:
            declined = decide(
                {"type": "resolve_reaction", "reaction": p.id, "decision": "decline"}, current, ctx
            )
            if isinstance(declined, Refused):
                _spent(declined)
            if not isinstance(declined, Accepted) or declined.state_after() is None:
                return tuple(found)
            # the move goes on after the last window at this stop is declined
            nxt = declined
            current = declined.state_after() or current
        if nxt is None:
            break
        decision = nxt
    return tuple(found)


def _triggered(state: BattleState, decision: Accepted) -> list[Provoked]:
    reasons = {
        (step.about[0], step.at): step.reasons[0]
        for step in decision.trace
        if step.kind == "trigger" and step.about and step.reasons and step.at is not None
    }
    return [
        Provoked(
            e.reactor,
            e.target,
            e.kind,
            e.at,
            in_names(reasons.get((e.reactor, e.at), e.kind.replace("_", " ")), state),
        )
        for e in decision.events
        if isinstance(e, OpportunityAttackTriggered)
    ]


def _spent(refused: Refused) -> None:
    """A spent search budget refuses the whole reach, not one square."""
    if refused.rule.startswith("limits/"):
        raise Refusal(refused.rule, refused.detail)


__all__ = ["Provoked", "provoking"]
