"""Falling after an attack near a platform's edge (warcry.md, Falling: "Lastly, fighters can fall
as a result of being attacked near the edge of a platform (pg 46)"; the test is on the Attack
page, DIGEST 5.4 c).

turnledger judges no attacks: the table resolves the attack and sends the `falling_test`
intent for the fighter attacked, saying whether at least one critical hit was scored. The
engine judges the rest of the test: the fighter survived, is within 1/2" of an unenclosed
platform edge (or is climbing, as on stairs or a ladder) and lacks the Fly runemark; its
controller rolls a D6 (`DiceRolled`, or the table's `rolls`) and on a 1 it has fallen, placed
as any fallen fighter (`falling.fall`: the opposing player picks, impact damage from 3").

An edge is unenclosed where, just beyond it, the fighter's platform neither continues at its
height (another platform level with it) nor meets terrain rising above it (a wall, a
parapet), and the battlefield goes on (its edge is not a drop).
"""

from __future__ import annotations

import math

from engine import intents as it
from engine.action import Action
from engine.results import Refusal
from engine.rulesets.squares.dice import roll
from engine.rulesets.warcry import falling
from engine.rulesets.warcry.board import Space
from engine.rulesets.warcry.geometry import EPS, Pt, point_in_polygon, point_segment_distance
from engine.rulesets.warcry.options import WarcryOptions
from engine.ruling import deny
from events.gridless_events import Point3
from projections.board import Board
from projections.state import BattleState

NEAR = 0.5
"""Inches from the base to the edge: "within 1/2" of an unenclosed platform edge"."""
BEYOND = 0.05
"""How far past an edge the board is read to see what lies beyond it."""


def falling_test(intent: it.FallingTest, state: BattleState, action: Action, space: Space) -> None:
    c = state.creatures.get(intent.creature)
    board = state.board
    if c is None or not isinstance(board, Board) or c.id not in board.fighters:
        raise Refusal("battle/unknown-creature", f"there is no fighter {intent.creature!r}")
    me = board.fighters[c.id]
    if not intent.critical:
        raise Refusal(
            "warcry/no-falling-test",
            "the falling test follows an attack that scored at least one critical hit",
        )
    if c.hp <= 0:
        raise Refusal("warcry/no-falling-test", f"{c.id} did not survive the attack")
    if "fly" in me.runemarks:
        raise Refusal("warcry/no-falling-test", f"{c.id} has the Fly runemark")
    climbing = c.has("climbing")
    if not climbing and not near_unenclosed_edge(space, me.point, me.radius):
        deny(
            "warcry/not-near-an-edge",
            f'{c.id} is not within 1/2" of an unenclosed platform edge, nor climbing',
        )
    face = roll(action, c.id, "falling test (a 1 falls)", 1, 6)[0]
    if face != 1:
        action.note("stands", reasons=(f"{c.id} keeps its footing (D6 {face})",))
        return
    falling.fall(action, space, c.id, WarcryOptions.of(state))


def near_unenclosed_edge(space: Space, point: Point3, radius: float) -> bool:
    """Is the base within 1/2" of an edge of the platform it stands on that is unenclosed?"""
    platform = space.platform_at((point[0], point[1]), point[2])
    if platform is None:
        return False
    poly = platform.polygon
    centre = (point[0], point[1])
    for a, b in zip(poly, (*poly[1:], poly[0]), strict=True):
        if point_segment_distance(centre, a, b) - radius > NEAR + EPS:
            continue
        if _open_beyond(space, platform.polygon, _nearest(centre, a, b), a, b, point[2]):
            return True
    return False


def _nearest(p: Pt, a: Pt, b: Pt) -> Pt:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy or 1.0
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return (a[0] + t * dx, a[1] + t * dy)


def _open_beyond(space: Space, poly: tuple[Pt, ...], q: Pt, a: Pt, b: Pt, z: float) -> bool:
    """Just past the edge ab at q: off the platform, on the board, no surface level with it
    and nothing rising above it."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    out = (q[0] + nx * BEYOND, q[1] + ny * BEYOND)
    if point_in_polygon(out, poly):
        out = (q[0] - nx * BEYOND, q[1] - ny * BEYOND)
    if not (0 <= out[0] <= space.width and 0 <= out[1] <= space.height):
        return False
    if space.platform_at(out, z) is not None:
        return False
    for piece in space.near(out, out, 0.0):
        if piece.top > z + EPS and piece.bottom <= z + EPS and point_in_polygon(out, piece.polygon):
            return False  # a wall or parapet rises beside the edge: enclosed
    return True
