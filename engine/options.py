"""What a creature may do now: its legal intents, generated then judged (python-chess's
`legal_moves`; STYLE habit 17).

`options(state, creature, ctx)` lists, for each kind of intent the battle's ruleset handles
for a creature (each move action it names, shift, teleport, stand up, fall prone, start and
end turn, Shield Surfing, answering its reaction windows), one concrete intent a client could
submit as it is. Each is judged by `decide`, the very predicate that judges a submitted intent
(after `permit`, the caller's own check, such as who may act for the creature): an accepted
one is offered with what it spends of the ruleset's economy (`engine.economy`, the fields it
changes), a refused one is listed as unavailable with the rule that refuses it and its
sentence. Movement options carry the squares (or, gridless, the region) the creature can reach
with that kind of movement, with their costs, as `reach` lists them; their intent goes to the
cheapest of them, and any other listed square may take its `to`.

Not offered, because they need a choice only the player has (a target, an effect's distance):
`force_move`, `knock_off`, Draw Steel's `free` and `pull_up`, Epic Path's and Reclaim the
Wild's `charge` and Epic Path's `withdraw`. Director intents (`place`, `remove`, ...) are no
creature's options.

The searches (reach, and routes to a `to`) are charged to the budget of the answer
(`engine.budget`), so options are bounded as reach is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from engine import intents as it
from engine.context import Context
from engine.decide import decide
from engine.map_memo import settle
from engine.region import Region
from engine.results import Accepted, Refusal, Refused
from engine.rulesets.protocol import Ruleset
from events.battle_events import Coord
from projections import BattleState, fold
from projections.state import Creature

Permit = Callable[[dict[str, Any]], Refused | None]
Scalar = int | float | bool | str | None

NEEDS_A_CHOICE = frozenset({"free", "pull_up", "charge", "withdraw"})
"""Move actions that need a target or an effect's distance the player alone can choose."""
MODES = ("walk", "climb", "swim", "fly", "burrow")
"""The movement modes a creature may have a reach in (teleport and hover are not walked)."""
NEIGHBOURS = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
TRIES = 3
"""Destinations tried for a movement before it is listed as refused (the cheapest first)."""
OFFERED = frozenset(
    {
        "move", "shift", "teleport", "stand_up", "fall_prone", "shield_surf", "start_turn",
        "end_turn", "resolve_reaction",
    }
)  # fmt: skip
"""The intent types an option may be (the rest are the director's tools, or need a choice
only the table makes: whom to push, which creature to knock off, when to test a fall)."""
INTENT_FIELDS: dict[str, frozenset[str]] = {
    model.model_fields["type"].default: frozenset(model.model_fields)
    for model in (it.Move, it.Shift, it.Teleport, it.StandUp, it.FallProne)
}
"""The fields each option's intent type takes (an economy choice it lacks is not tried)."""


@dataclass(frozen=True)
class Spent:
    """One field of the ruleset's economy an option changes (`actions.move`: 1 -> 0)."""

    what: str
    before: Scalar
    after: Scalar


@dataclass(frozen=True)
class Reach:
    """Where a movement option can end: the `reach` of `kind` and `mode`."""

    kind: str
    mode: str
    squares: dict[Coord, int]
    region: Region | None = None


@dataclass(frozen=True)
class Option:
    """One thing the creature may (or may not) do now, with an intent to submit as it is."""

    kind: str
    """The intent's type (`move`, `shift`, `stand_up`, ...)."""
    action: str | None
    """The ruleset's action for a move or shift (`advance`, `sprint`, ...), else None."""
    intent: dict[str, Any]
    refused: Refused | None = None
    spends: tuple[Spent, ...] = ()
    reach: Reach | None = None

    def __post_init__(self) -> None:
        if self.kind not in OFFERED:  # the intent-kinds table reads OFFERED
            raise ValueError(f"an option of an intent type not in OFFERED: {self.kind!r}")

    @property
    def available(self) -> bool:
        return self.refused is None


def options(
    state: BattleState,
    creature: str,
    ctx: Context | None = None,
    permit: Permit | None = None,
) -> list[Option]:
    """Every option of `creature` now (refuses `battle/unknown-creature` for none)."""
    context = ctx or Context()
    rs = context.rulesets.get(state.ruleset)
    if rs is None:
        raise Refusal("battle/unknown-ruleset", f"unknown ruleset {state.ruleset!r}")
    c = rs.creature(state, creature)
    try:
        return list(_options(rs, state, c, context, permit))
    finally:
        settle()  # what the searches filled is weighed against the memos' budget


def _options(
    rs: Ruleset, state: BattleState, c: Creature, ctx: Context, permit: Permit | None
) -> Iterator[Option]:
    judge = _Judge(rs, state, c, ctx, permit)
    for option in _plain(rs, state, c, judge):
        yield option
        yield from judge.paid_otherwise(option)


def _plain(rs: Ruleset, state: BattleState, c: Creature, judge: _Judge) -> Iterator[Option]:
    handled = set(_handled(rs))
    for window in state.pending:
        if window.reactor == c.id:
            for answer in ("take", "decline"):
                intent = {"type": "resolve_reaction", "reaction": window.id, "decision": answer}
                yield judge.one("resolve_reaction", answer, intent)
    if state.turns:
        for kind in ("start_turn", "end_turn"):
            yield judge.one(kind, None, {"type": kind, "creature": c.id})
    if "move" in handled:
        yield from _moves(rs, state, c, judge)
    if "shift" in handled:
        yield judge.movement("shift", None, _reach(rs, state, c, "shift", "walk"))
    if "teleport" in handled and c.speeds.get("teleport", 0) > 0:
        yield judge.movement("teleport", None, _reach(rs, state, c, "teleport", "walk"))
    for kind in ("stand_up", "fall_prone"):
        if kind in handled:
            yield judge.one(kind, None, {"type": kind, "creature": c.id})
    if "shield_surf" in handled:
        yield judge.one("shield_surf", "start", {"type": "shield_surf", "creature": c.id})
        stop = {"type": "shield_surf", "creature": c.id, "stop": True}
        yield judge.one("shield_surf", "stop", stop)


def _handled(rs: Ruleset) -> Iterator[str]:
    handlers = getattr(rs, "handlers", None)
    if callable(handlers):
        yield from handlers()


def _moves(rs: Ruleset, state: BattleState, c: Creature, judge: _Judge) -> Iterator[Option]:
    actions = [a for a in getattr(rs, "move_actions", ("advance",)) if a not in NEEDS_A_CHOICE]
    modes = [m for m in MODES if m == "walk" or c.speeds.get(m, 0) > 0]
    if rs.gridless:
        modes = ["walk"]
    first = _reach(rs, state, c, "move", "walk")
    for n, action in enumerate(actions):
        # the reach is the ruleset's first move action's: the others go to its cheapest square
        reaches = [first] if n else [_reach(rs, state, c, "move", m) for m in modes]
        for found in reaches:
            yield judge.movement("move", action, found, listed=not n)


def _reach(rs: Ruleset, state: BattleState, c: Creature, kind: str, mode: str) -> Reach:
    """The reach of `kind` in `mode`; what the ruleset has no reach for is empty (a budget
    spent is not: it refuses the whole answer)."""
    try:
        region = rs.reach_region(state, c, kind)
        squares = region.lattice() if region is not None else rs.reach(state, c, kind, mode)
    except Refusal as refusal:
        if refusal.rule.startswith("limits/"):
            raise
        return Reach(kind, mode, {})
    return Reach(kind, mode, squares, region)


class _Judge:
    """Judges candidate intents as a submission would be judged: `permit`, then `decide`."""

    def __init__(
        self,
        rs: Ruleset,
        state: BattleState,
        c: Creature,
        ctx: Context,
        permit: Permit | None,
    ) -> None:
        self.rs, self.state, self.c, self.ctx, self.permit = rs, state, c, ctx, permit
        self.before = _flat(rs.economy(state, c).model_dump(mode="json"))

    def decide(self, intent: dict[str, Any]) -> Accepted | Refused:
        refused = self.permit(intent) if self.permit is not None else None
        if refused is not None:
            return refused
        try:
            return decide(intent, self.state, self.ctx)
        except Refusal as refusal:  # decide turns refusals into values; kept for safety
            return refusal.refused()

    def one(self, kind: str, action: str | None, intent: dict[str, Any]) -> Option:
        decision = self.decide(intent)
        if isinstance(decision, Refused):
            _budget_spent(decision)
            return Option(kind, action, intent, refused=decision)
        return Option(kind, action, intent, spends=self.spent(decision))

    def movement(self, kind: str, action: str | None, found: Reach, listed: bool = True) -> Option:
        base: dict[str, Any] = {"type": kind, "creature": self.c.id}
        if action is not None:
            base["action"] = action
        if found.mode != "walk":
            base["mode"] = found.mode
        first: Refused | None = None
        for intent in self.candidates(base, found):
            decision = self.decide(intent)
            if isinstance(decision, Accepted):
                reach = found if listed else None
                return Option(kind, action, intent, spends=self.spent(decision), reach=reach)
            _budget_spent(decision)
            first = first or decision
        intent = next(iter(self.candidates(base, found)), base)
        refused = first or Refused(rule="path/unreachable", detail="no square is in reach")
        return Option(kind, action, intent, refused=refused, reach=found if listed else None)

    def candidates(self, base: dict[str, Any], found: Reach) -> Iterator[dict[str, Any]]:
        """Intents to the reach's cheapest squares, one of each cost (gridless: the legs to the
        cheapest points); with none, to neighbouring squares, so a refusal names the rule."""
        if found.region is not None:
            points = sorted(
                (cost, at, legs) for at, (cost, legs) in found.region.points.items() if cost > 0
            )
            for _, _, legs in points[:TRIES]:
                yield {**base, "legs": [{"kind": k, "to": list(to)} for k, to in legs]}
            if points:
                return
        squares = sorted((cost, at) for at, cost in found.squares.items())
        for at in _spread(squares)[:TRIES]:
            yield {**base, "to": list(at)}
        if squares:
            return
        x, y, _ = self.c.pos
        for dx, dy in NEIGHBOURS[:TRIES]:
            yield {**base, "to": [x + dx, y + dy]}

    def paid_otherwise(self, o: Option) -> Iterator[Option]:
        """A refused option again, paid from another part of the economy (the ruleset's
        `economy_choices`: Epic Path's move with the standard action after a walk, Draw
        Steel's second move from the main action, converted action points): each choice
        the intent's type takes and the ruleset accepts is offered too."""
        if o.refused is None or o.kind == "start_turn":
            return
        fields = INTENT_FIELDS.get(o.kind, frozenset())
        for choice in getattr(self.rs, "economy_choices", ()):
            if not set(choice) <= fields:
                continue
            intent = {**o.intent, **choice}
            decision = self.decide(intent)
            if isinstance(decision, Accepted):
                yield Option(o.kind, o.action, intent, spends=self.spent(decision))
                return
            _budget_spent(decision)

    def spent(self, decision: Accepted) -> tuple[Spent, ...]:
        after = decision.state_after() or fold(decision.events, self.state)
        c = after.creatures.get(self.c.id)
        if c is None:
            return ()
        now = _flat(self.rs.economy(after, c).model_dump(mode="json"))
        keys = sorted(set(self.before) | set(now))
        return tuple(
            Spent(k, self.before.get(k), now.get(k))
            for k in keys
            if self.before.get(k) != now.get(k)
        )


def _spread(squares: list[tuple[int, Coord]]) -> list[Coord]:
    """The first square of each cost, cheapest first: a move its action bounds from below
    (a jump's landing) is tried farther than one square."""
    seen: set[int] = set()
    out = []
    for cost, at in squares:
        if cost not in seen:
            seen.add(cost)
            out.append(at)
    return out


def _budget_spent(refused: Refused) -> None:
    """A spent search budget refuses the whole answer, not one option."""
    if refused.rule.startswith("limits/"):
        raise Refusal(refused.rule, refused.detail)


def _flat(data: dict[str, Any], prefix: str = "") -> dict[str, Scalar]:
    """An economy as dotted leaves (`actions.move`), maps of speeds included."""
    out: dict[str, Scalar] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        elif key not in ("ruleset", "unit"):
            out[f"{prefix}{key}"] = value
    return out


__all__ = ["Option", "Reach", "Spent", "options"]
