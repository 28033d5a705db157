"""The horizontal jump (Reclaim the Wild, Movement: Sprinting; DIGEST 4.1).

"while Sprinting, your maximum Horizontal and Vertical Jump are doubled": a creature has a
maximum horizontal jump (`stats.horizontal_jump`, else option `horizontal_jump`: the value is
in the full rulebook, not this text), doubled while Sprinting (or Charging, which moves as a
Sprint does). A move names the squares a jump reaches by their path indices (`jumps`): each
run of consecutive indices is one jump, in a straight line, no longer than the maximum; its
last square is the landing, on the ground, and the squares before it are crossed in the air
at the height it took off from: no fall into a pit or off lower ground between, no difficult
terrain's surcharge there ("While you are in Difficult Terrain"), but still a Movement each
("It takes one Movement to enter a square", 1-2-1 as ever), never through an enemy's space
("Combatants cannot pass through an enemy's space") nor through anything filled at that
height. A landing lower than the take-off is a fall as off any ledge (measured against the
vertical jump).
"""

from __future__ import annotations

from engine.results import Refusal
from engine.rulesets.one_two_one.options import OneTwoOneOptions
from engine.ruling import deny
from events.battle_events import Coord
from projections.state import BattleState, Creature


def maximum(state: BattleState, c: Creature, sprinting: bool) -> int:
    """Squares of the creature's longest horizontal jump now (doubled while Sprinting)."""
    jump = c.stats.get("horizontal_jump", OneTwoOneOptions.of(state).horizontal_jump)
    return jump * 2 if sprinting else jump


def plan(
    state: BattleState, c: Creature, path: list[Coord], jumps: list[int], sprinting: bool
) -> tuple[list[Coord], frozenset[Coord]]:
    """The path with the squares crossed in the air raised to the take-off height, and those
    squares; refused when a jump is longer than the maximum, not straight, or names squares
    outside the path."""
    if not jumps:
        return path, frozenset()
    marked = sorted(set(jumps))
    if marked[0] < 0 or marked[-1] >= len(path):
        raise Refusal("one-two-one/jump-outside-path", "a jump names squares of the path")
    longest = maximum(state, c, sprinting)
    runs: list[list[int]] = []
    for i in marked:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    out = list(path)
    air: set[Coord] = set()
    for run in runs:
        if len(run) > longest:
            deny(
                "one-two-one/jump-too-long",
                f"a jump of {len(run)} squares is longer than {c.id}'s {longest}"
                + (" (doubled while Sprinting)" if sprinting else ""),
                run[0],
            )
        start = path[run[0] - 1] if run[0] > 0 else c.pos
        steps = set()
        for i in run:
            before = path[i - 1] if i > 0 else c.pos
            steps.add((path[i][0] - before[0], path[i][1] - before[1]))
        if len(steps) > 1:
            deny("one-two-one/jump-straight", "a jump goes in a straight line", run[0])
        for i in run[:-1]:
            x, y, _ = path[i]
            out[i] = (x, y, start[2])
            air.add(out[i])
    return out, frozenset(air)
