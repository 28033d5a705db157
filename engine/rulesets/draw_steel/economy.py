"""Draw Steel's turn economy and speed (DIGEST 2.2, 2.8).

A turn has one main action, one maneuver and one move action; the main action becomes a
second move action (or maneuver) only when the intent asks (`use_main_action`). Advance moves
up to speed and may be split around other actions (`movement_left`); Disengage shifts 1 or the
creature's disengage value. A dazed creature gets only one of the three. `free` movement comes
from an effect (`distance`), costs no action and may happen on another creature's turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.action import Action
from engine.economy import DrawSteelActions, DrawSteelEconomy, turn_of
from engine.intents import MAX_DISTANCE
from engine.lookups import called, not_your_turn
from engine.map_memo import per_roster
from engine.results import Refusal
from engine.rulesets.draw_steel.options import DrawSteelOptions
from engine.ruling import deny
from engine.sizes import LADDER
from events.battle_events import ActionConverted
from projections.state import BattleState, Creature

SLOWED_SPEED = 2


def speed(c: Creature, mode: str) -> int:
    """Current speed in a mode: slowed caps it at 2, grabbed and restrained make it 0."""
    if c.has("grabbed") or c.has("restrained"):
        return 0
    if mode == "fly":
        base = max(c.speeds.get("fly", 0), c.speeds.get("hover", 0))
    elif mode in ("burrow", "teleport"):
        base = c.speeds.get(mode, 0)
    else:
        base = c.speeds.get(mode, c.speeds.get("walk", 0))
    return min(base, SLOWED_SPEED) if c.has("slowed") else base


def grabbed_by(state: BattleState) -> dict[str, list[Creature]]:
    """Grabbed creatures by their grabber (every creature's speed asks: the state view asks
    for each of them)."""

    def build() -> dict[str, list[Creature]]:
        index: dict[str, list[Creature]] = {}
        for g in state.creatures.values():
            if g.grabbed_by is not None and g.has("grabbed"):
                index.setdefault(g.grabbed_by, []).append(g)
        return index

    return per_roster(state.creatures, "draw-steel/grabbed-by", build)


def grab_limited(state: BattleState, c: Creature, speed: int, action: Action | None) -> int:
    """DIGEST 2.8: a grabber's speed is halved (rounded down) while it holds a creature
    of its size or larger (option `grab_speed_rounding`)."""
    held = [
        g for g in grabbed_by(state).get(c.id, ()) if LADDER.rank(g.size) >= LADDER.rank(c.size)
    ]
    if not held:
        return speed
    if action is not None:
        action.note(
            "speed", c.pos, reasons=(f"grabbing {held[0].id}: speed halved",), about=(held[0].id,)
        )
    return (
        (speed + 1) // 2 if DrawSteelOptions.of(state).grab_speed_rounding == "up" else speed // 2
    )


def check_mode(c: Creature, mode: str) -> None:
    if mode == "fly":
        if not (c.speeds.get("fly") or c.speeds.get("hover")):
            raise Refusal("draw-steel/cannot-fly", f"{c.id} has no fly speed")
        if c.has("prone"):
            raise Refusal("draw-steel/prone-cannot-fly", "a prone creature can't fly")
    if mode == "burrow" and not c.speeds.get("burrow"):
        raise Refusal("draw-steel/cannot-burrow", f"{c.id} has no burrow speed")


@dataclass(frozen=True)
class Budget:
    squares: int
    starts_action: bool
    economy: bool


def _distance(distance: int | None) -> int:
    if distance is None:
        raise Refusal("intent/distance-required", "an effect's movement needs its `distance`")
    if not 0 < distance <= MAX_DISTANCE:
        raise Refusal("intent/invalid-distance", f"distance {distance} is out of range")
    return distance


def use_move_action(state: BattleState, c: Creature, use_main: bool, action: Action) -> None:
    """Spend a move action, converting the main action only when the intent says so."""
    if c.has("dazed") and c.actions_used >= 1:
        raise Refusal("draw-steel/dazed-one-action", f"{c.id} is dazed: one action per turn")
    if c.move_actions > 0:
        return
    if use_main and c.main_actions > 0:
        action.emit(ActionConverted(creature=c.id, into="move"))
        action.note("action", reasons=("main action converted into a move action",))
        return
    hint = ""
    if not use_main and c.main_actions > 0:
        hint = ": its main action is left; send the move with use_main_action to spend it"
    raise Refusal("turn/no-move-action", f"{called(state, c.id)} has no move action left{hint}")


def begin(
    state: BattleState,
    c: Creature,
    *,
    action_name: str,
    full: int,
    distance: int | None,
    use_main: bool,
    continues: bool,
    action: Action,
) -> Budget:
    """The budget of one movement. `full` is what the action grants (speed, disengage)."""
    if action_name == "free":
        return Budget(min(_distance(distance), full), False, False)
    if not state.turns:
        return Budget(full, False, False)
    if state.active != c.id:
        deny("turn/not-your-turn", not_your_turn(state, c))
        return Budget(full, False, False)  # ruled: a move out of turn spends no action of it
    if continues and c.movement_left > 0 and not use_main:
        return Budget(min(c.movement_left, full), False, True)
    use_move_action(state, c, use_main, action)
    return Budget(full, True, True)


def spent_all(c: Creature) -> bool:
    """Dazed: "can take only one action on their turn" (DIGEST 2.8), any of the three."""
    return c.has("dazed") and c.actions_used >= 1


def left(state: BattleState, c: Creature, full: int) -> int:
    """Squares a further Advance (no `use_main_action`) may still move, `full` being what a
    fresh move action grants: the rest of an Advance under way (split around the other
    actions, DIGEST 2.2), else a fresh move action's `full` if one is left, else 0. Without
    turns every move has the whole `full`; it mirrors `begin` for a creature on its turn."""
    if not state.turns:
        return full
    if c.movement_left > 0:
        return min(c.movement_left, full)
    if spent_all(c) or c.move_actions <= 0:
        return 0
    return full


def view(state: BattleState, c: Creature) -> DrawSteelEconomy:
    """Draw Steel's economy (DIGEST 2.2): what a creature has left of its turn's main action,
    maneuver and move action, and of an Advance under way, in squares."""
    turn = turn_of(state, c)
    full = grab_limited(state, c, speed(c, "walk"), None)
    if turn == "free":
        return DrawSteelEconomy(
            turn=turn,
            movement_left=full,
            speed=full,
            advance_left=0,
            actions=None,
            main_converts=False,
        )
    active = turn == "active" and not spent_all(c)
    actions = DrawSteelActions(
        main=c.main_actions if active else 0,
        maneuver=c.maneuvers if active else 0,
        move=c.move_actions if active else 0,
    )
    advance = c.movement_left if turn == "active" else 0
    return DrawSteelEconomy(
        turn=turn,
        movement_left=left(state, c, full) if turn == "active" else 0,
        speed=full,
        advance_left=min(advance, full),
        actions=actions,
        main_converts=actions.main > 0,
    )
