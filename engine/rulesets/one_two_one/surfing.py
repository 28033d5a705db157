"""Shield Surfing (Reclaim the Wild, Movement, "Shield Surfing"; DIGEST 4.2).

"If you have a Shield on your hip or in your hand, and you are on a downward slope, you may
use a Minor Action to begin Shield Surfing": the `shield_surf` intent spends the Minor action
(the turn's `maneuvers`); a shield is `stats.shield`, its Durability (0 or absent: none); a
downward slope is a square next to the creature one square lower (option `surf_needs_slope`
lets the GM waive it on a snowfield or a wet roof).

"Your Movement costs ... will be halved, similar to Sprinting" (option `surf_cost`; the
halving itself is in `movement`). "You must use at least half of your Movement. You cannot
end your turn further uphill than where you started your turn while Shield Surfing": judged
at the end of the turn (`check_end`), against where the turn started, or where surfing began
when it began during the turn.

"The Shield ... will take 1 Durability at the start of your turn ... particularly harsh
terrain ... 2 ... gentler terrain, such as water, snow, or sand, ... 1 Durability damage every
other turn. A Shield will always suffer a minimum of 1": the square under the surfer at the
start of its turn decides (damaging terrain is harsh, water gentle, difficult terrain as the
option `surf_difficult_wear` says, the rest normal); on gentle terrain the first, third, ...
turn of a session wear 1, and a session that never saw a turn start wears 1 when it ends.

"You may end your Shield Surfing as a Minor Action ... You also immediately cease Shield
Surfing if you are Halted, Frozen, Knocked Prone, Disarmed of the Shield in question, or if
the Shield breaks ... If your Shield Surfing session is forcibly ended, you are Knocked Prone,
and the Shield ... falls to the ground on a random square next to you": `settle` ends it after
any action that left one of those (the conditions `halted`, `frozen`, `prone`, `disarmed`, a
shield worn to 0), rolling 1d(number of free squares around) for where the shield lands.
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.lookups import creature, require_turn
from engine.results import Refusal
from engine.rulesets.one_two_one import economy_view
from engine.rulesets.one_two_one.movement import OneTwoOneField
from engine.rulesets.one_two_one.options import OneTwoOneOptions
from engine.rulesets.squares.dice import roll
from engine.rulesets.squares.field import FLAT
from engine.rulesets.squares.hooks import SquareRules
from engine.sizes import LADDER
from events.battle_events import (
    ActionUsed,
    Coord,
    KnockedProne,
    ShieldSurfEnded,
    ShieldSurfStarted,
    ShieldWorn,
    Tallied,
)
from projections.state import BattleState, Creature

SURFING = "shield_surfing"
WEAR = "battle:shield_wear"
"""Durability the creature's shield has lost, over the whole battle."""
TURNS = "battle:surf_turns"
"""Turn starts the current surfing session has seen."""
FROM_Z = "surf_z"
"""The height the surfer may not end its turn above (where the turn, or surfing, began)."""
HALF = "surf_half"
"""The parity of the raw costs surfed this turn (is the next half-point already paid?)."""
ENDERS = ("halted", "frozen", "prone", "disarmed")


def durability(c: Creature) -> int:
    return c.stat("shield") - c.tally(WEAR)


def set_tally(action: Action, cid: str, name: str, value: int) -> None:
    now = action.state.creatures[cid].tally(name)
    if now != value:
        action.emit(Tallied(creature=cid, name=name, amount=value - now))


def on_shield_surf(intent: it.ShieldSurf, state: BattleState, action: Action) -> None:
    c = creature(state, intent.creature)
    require_turn(state, c)
    if intent.stop:
        if not c.has(SURFING):
            raise Refusal("one-two-one/not-surfing", f"{c.id} is not Shield Surfing")
        _minor(state, c, action, "ending Shield Surfing")
        end(action, c.id, forced=False, reason="minor action")
        return
    if c.has(SURFING):
        raise Refusal("one-two-one/already-surfing", f"{c.id} is already Shield Surfing")
    for condition in ENDERS:
        if c.has(condition):
            raise Refusal(
                "one-two-one/cannot-surf", f"{c.id} is {condition}: Shield Surfing would end"
            )
    if c.stat("shield") <= 0 or durability(c) <= 0:
        raise Refusal("one-two-one/surf-needs-shield", f"{c.id} has no unbroken shield")
    if OneTwoOneOptions.of(state).surf_needs_slope and not downhill(state, c):
        raise Refusal(
            "one-two-one/surf-needs-slope",
            f"{c.id} is not on a downward slope (no square next to it is one lower)",
        )
    _minor(state, c, action, "beginning Shield Surfing")
    action.emit(ShieldSurfStarted(creature=c.id, at=c.pos))
    if state.turns:
        set_tally(action, c.id, FROM_Z, c.pos[2])
    action.note("surf", c.pos, reasons=("Shield Surfing: Movement costs halved",))


def _minor(state: BattleState, c: Creature, action: Action, what: str) -> None:
    if not state.turns:
        return
    if c.maneuvers <= 0:
        raise Refusal("one-two-one/no-minor-action", f"{what} takes the Minor action")
    action.emit(ActionUsed(creature=c.id, action="maneuver"))


def downhill(state: BattleState, c: Creature) -> bool:
    f = OneTwoOneField(state, c, "walk", c.has("sneaking"))
    x, y, z = c.pos
    return any(f.inside(x + dx, y + dy) and z - f.stand_z(x + dx, y + dy) == 1 for dx, dy in FLAT)


def terrain(state: BattleState, c: Creature) -> str:
    f = OneTwoOneField(state, c, "walk", c.has("sneaking"))
    if f.any_cell(c.pos, state.grid.damage):
        return "harsh"
    if f.in_water(c.pos):
        return "gentle"
    if f.any_cell(c.pos, state.grid.difficult):
        return OneTwoOneOptions.of(state).surf_difficult_wear
    return "normal"


def start_of_turn(action: Action, cid: str) -> None:
    """The shield's wear at the start of the surfer's turn; the turn's uphill limit."""
    c = action.state.creatures[cid]
    action.emit(Tallied(creature=cid, name=TURNS))
    turn = c.tally(TURNS) + 1
    kind = terrain(action.state, c)
    amount = {"harsh": 2, "normal": 1, "gentle": turn % 2}[kind]
    if amount:
        action.emit(
            ShieldWorn(creature=cid, amount=amount, left=durability(c) - amount, terrain=kind)
        )
    set_tally(action, cid, FROM_Z, c.pos[2])


def check_end(rs: SquareRules, state: BattleState, c: Creature) -> None:
    """At the end of a surfer's turn: at least half its Movement used (unless it has nowhere
    left to go), and not uphill of where the turn (or the surfing) began."""
    half = -(-economy_view.movement(state, c) // 2)
    if c.tally("spent") < half and rs.reach(state, c, "move", "walk"):
        raise Refusal(
            "one-two-one/surf-must-move",
            f"a Shield Surfer uses at least half its Movement ({half}); {c.id} used "
            f"{c.tally('spent')}",
        )
    if c.pos[2] > c.tally(FROM_Z):
        raise Refusal(
            "one-two-one/surf-ends-uphill",
            f"a Shield Surfer can't end its turn uphill of where it started ({c.tally(FROM_Z)})",
        )


def settle(action: Action) -> None:
    """End the surfing of any creature Halted, Frozen, Knocked Prone, Disarmed, or whose
    shield broke."""
    for cid in sorted(action.state.creatures):
        c = action.state.creatures[cid]
        if not c.has(SURFING):
            continue
        reason = next((r for r in ENDERS if c.has(r)), None)
        if reason is None and durability(c) <= 0:
            reason = "broken"
        if reason is not None:
            end(action, cid, forced=True, reason=reason)


def end(action: Action, cid: str, forced: bool, reason: str) -> None:
    c = action.state.creatures[cid]
    shield_at = _shield_lands(action, c) if forced else None
    action.emit(ShieldSurfEnded(creature=cid, forced=forced, reason=reason, shield_at=shield_at))
    if c.tally(TURNS) == 0 and durability(c) > 0:
        action.emit(ShieldWorn(creature=cid, amount=1, left=durability(c) - 1, terrain="minimum"))
    set_tally(action, cid, TURNS, 0)
    note = f"Shield Surfing ends ({reason})"
    if forced and not action.state.creatures[cid].has("prone"):
        action.emit(KnockedProne(creature=cid))
        note += ": knocked prone"
    action.note("surf-ends", c.pos, reasons=(note,))


def _shield_lands(action: Action, c: Creature) -> Coord | None:
    g = action.state.grid
    x, y, _ = c.pos
    side = LADDER.side(c.size)
    around = [
        (i, j, g.surface[g.index(i, j)])
        for j in range(y - 1, y + side + 1)
        for i in range(x - 1, x + side + 1)
        if g.inside(i, j) and not (x <= i < x + side and y <= j < y + side)
    ]
    if not around:
        return None
    face = roll(action, c.id, "where the dropped shield falls", 1, len(around))
    return around[face[0] - 1]
