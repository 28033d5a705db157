"""Falling and impact damage (warcry.md, Falling; Impact Damage; Move Actions with Monsters).

A fallen fighter is placed by the opposing player on a point of the floor or a platform
within 2" horizontally and lower than it is, never on or through another fighter or through
terrain (a monster may have any part of its base on the point: its centre may be up to its
radius farther). With option `fall_landing: ask` that player answers a reaction window
(`resolve_reaction` with `at`, or `decline` for the automatic choice); otherwise the battle
picks by the option's rule. With no legal point, a fighter whose centre is on a platform
stays; any other is taken down. A drop of the impact threshold (3") or more rolls a D6:
4-5 deals 1 damage, 6 deals 3.
"""

from __future__ import annotations

import math

from engine.action import Action
from engine.results import Refusal
from engine.rulesets.warcry.board import Space
from engine.rulesets.warcry.engagement import base_distance
from engine.rulesets.warcry.geometry import EPS, dist, point_in_polygon
from engine.rulesets.warcry.options import WarcryOptions
from events.battle_events import DamageTaken, OpportunityAttackTriggered
from events.gridless_events import FellInches, ImpactRolled, Point3, TakenDown
from projections.board import Board, square_of

REACH = 2.0
SAMPLE = 0.25


def impact(action: Action, cid: str, height: float, threshold: float) -> None:
    """Impact damage after a drop of `height` inches, when it reaches the threshold."""
    if height < threshold - EPS or cid not in action.state.creatures:
        return
    seeded = action.roller.seeded
    (roll,) = action.roller.roll(1, 6)
    damage = 3 if roll == 6 else 1 if roll >= 4 else 0
    action.emit(ImpactRolled(creature=cid, height=height, roll=roll, seeded=seeded, damage=damage))
    action.note("impact", reasons=(f'{cid} drops {height:g}": D6 {roll}, {damage} damage',))
    if damage:
        action.emit(DamageTaken(creature=cid, amount=damage, cause="impact"))
        if action.state.creatures[cid].hp <= 0:
            action.emit(TakenDown(creature=cid, cause="impact damage"))


def legal_landing(space: Space, origin: Point3, p: Point3, r: float, monster: bool) -> str | None:
    """Why p is not a point the fallen fighter may be placed on (None when it is). "Through"
    is judged along the way a fighter is set down: across at its height, then straight down."""
    reach = REACH + (r if monster else 0.0)
    if dist(origin[:2], p[:2]) > reach + EPS:
        return f'it is more than {reach:g}" away horizontally'
    if p[2] >= origin[2] - EPS:
        return "it is not lower than the fighter"
    if not space.supported(p):
        return "it is not on the floor or a platform"
    if not space.on_board(p, r):
        return "the base would go over the battlefield edge"
    above = (p[0], p[1], origin[2])
    hit = space.sweep(p, p, r) or space.sweep(origin, above, r) or space.sweep(above, p, r)
    if hit is not None:
        return f"the fighter would be placed on or through {hit}"
    return None


def candidates(space: Space, origin: Point3, r: float, monster: bool) -> list[Point3]:
    """Every legal landing on a 1/4" lattice around the fighter, at every surface below it."""
    reach = REACH + (r if monster else 0.0)
    steps = math.floor(reach / SAMPLE)
    tops = sorted({0.0, *(p.top for p in space.pieces if p.kind == "platform")})
    found: list[Point3] = []
    for i in range(-steps, steps + 1):
        for j in range(-steps, steps + 1):
            xy = (origin[0] + i * SAMPLE, origin[1] + j * SAMPLE)
            if dist(xy, origin[:2]) > reach + EPS:
                continue
            for z in tops:
                if z >= origin[2] - EPS:
                    break
                p = (xy[0], xy[1], z)
                if (
                    z == 0.0
                    or any(
                        pc.kind == "platform" and pc.top == z and point_in_polygon(xy, pc.polygon)
                        for pc in space.pieces
                    )
                ) and legal_landing(space, origin, p, r, monster) is None:
                    found.append(p)
    return found


def auto_choice(found: list[Point3], origin: Point3, rule: str) -> Point3:
    def near(p: Point3) -> float:
        return round(dist(p[:2], origin[:2]), 9)

    if rule == "lowest":
        return min(found, key=lambda p: (p[2], near(p), p[0], p[1]))
    return min(found, key=lambda p: (near(p), -p[2], p[0], p[1]))


def fall(action: Action, space: Space, cid: str, options: WarcryOptions) -> None:
    """The fighter `cid` has fallen: ask the opposing player, or place it at once."""
    state = action.state
    board = state.board
    if not isinstance(board, Board) or cid not in board.fighters:
        return
    me = board.fighters[cid]
    monster = "monster" in me.runemarks
    found = candidates(space, me.point, me.radius, monster)
    reactor = _opponent(action, cid)
    action.note("fall", reasons=(f"{cid} has fallen ({len(found)} landing points)",))
    if options.fall_landing == "ask" and found and reactor is not None:
        action.follow_up()
        action.emit(
            OpportunityAttackTriggered(
                kind="fall_landing",
                reaction=f"r-{state.reaction_seq + 1}",
                reactor=reactor,
                target=cid,
                at=square_of(me.point),
            )
        )
        return
    place(action, space, cid, None, options, found)


def place(
    action: Action,
    space: Space,
    cid: str,
    chosen: Point3 | None,
    options: WarcryOptions,
    found: list[Point3] | None = None,
) -> None:
    board = action.state.board
    assert isinstance(board, Board)
    me = board.fighters[cid]
    origin, monster = me.point, "monster" in me.runemarks
    if chosen is not None:
        why = legal_landing(space, origin, chosen, me.radius, monster)
        if why is not None:
            raise Refusal("warcry/illegal-landing", f"{list(chosen)} cannot be picked: {why}")
        by = "opponent"
    else:
        found = candidates(space, origin, me.radius, monster) if found is None else found
        if not found:
            _nowhere(action, space, cid, origin)
            return
        chosen, by = auto_choice(found, origin, options.fall_landing), "auto"
    height = origin[2] - chosen[2]
    action.emit(
        FellInches(creature=cid, origin=origin, landing=chosen, height=height, chosen_by=by)
    )
    threshold = options.impact_threshold
    impact(action, cid, height, threshold)


def _nowhere(action: Action, space: Space, cid: str, origin: Point3) -> None:
    if space.platform_at(origin[:2], origin[2]) is not None:
        action.emit(
            FellInches(creature=cid, origin=origin, landing=origin, height=0.0, chosen_by="stays")
        )
        action.note("fall", reasons=(f"no legal landing: {cid} stays on its platform",))
        return
    action.emit(TakenDown(creature=cid, cause="fell with no legal landing point"))


def _opponent(action: Action, cid: str) -> str | None:
    """The enemy fighter nearest the fallen one: its player picks the landing."""
    state, board = action.state, action.state.board
    assert isinstance(board, Board)
    me, side = board.fighters[cid], state.creatures[cid].side
    enemies = [
        (base_distance(me.point, me.radius, f.point, f.radius), other)
        for other, f in board.fighters.items()
        if other in state.creatures and state.creatures[other].side != side
    ]
    return min(enemies)[1] if enemies else None
