"""Epic Path's action economy and speeds (Types of Movement: Actions, Encumbrance, Run;
DIGEST 3.2-3.3).

The actions each move spends (`COSTS`), refused when not left or after a 5-foot step; the
speed multiplier of a double move or a run; encumbrance's speed penalty and the overburdened
creature's 5 ft a round; the runner's endurance (Constitution rounds, then DC 30 Might
checks).
"""

from __future__ import annotations

from engine.action import Action
from engine.results import Refusal
from engine.rulesets.epic_path.movement import SQUARE
from engine.rulesets.squares.dice import roll
from events.battle_events import ActionUsed, ConditionSet, Tallied
from projections.state import BattleState, Creature

COSTS = {
    "walk": ("move",),
    "clamber": ("main", "move"),
    "crawl": ("move",),
    "double_move": ("main", "move"),
    "run": ("main", "move"),
    "withdraw": ("main",),
    "charge": ("main",),
}
RAN = "battle:rounds_run"
RUN_CHECKS = "battle:run_checks"


def speed(c: Creature, mode: str) -> int:
    """The speed in `mode`, its walk speed less the encumbrance penalty (Encumbrance:
    `stats.encumbrance` 0 light, 1 medium: -5 ft above a 20 ft base, 2 heavy: -10 ft above
    20, else -5). Armour's own penalty is taken to be in the listed speed already."""
    base = c.speeds.get(mode, 0)
    if mode != "walk":
        return base
    load = min(2, max(0, c.stat("encumbrance")))
    penalty = 0 if load == 0 else (5 * load if base > 20 else 5 * (load - 1))
    return max(0, base - penalty)


def multiplier(state: BattleState, c: Creature, action: str) -> int:
    """Double move x2; run x4, x3 in heavy armour (`stats.armor` 2); with option `run_rule`
    `encumbrance_section`, x5 less 1 per armour step and 1 per encumbrance step, at least
    x1 ("a Run multiplier of only x1")."""
    if action == "double_move":
        return 2
    if action != "run":
        return 1
    armor = min(2, max(0, c.stat("armor")))
    if state.options.get("run_rule") == "encumbrance_section":
        load = min(2, max(0, c.stat("encumbrance")))
        return max(1, 5 - armor - load)
    return 3 if armor >= 2 else 4


def overburdened(c: Creature) -> bool:
    """Encumbrance took all of its walk speed: "You must now use a standard action to
    move five feet, and can move no more than five feet per round"."""
    return c.speeds.get("walk", 0) > 0 and speed(c, "walk") == 0


def reach_budget(c: Creature, kind: str) -> int:
    """How far a `to` or the reach looks: its best speed, or 5 ft for the 5-foot step."""
    if kind == "shift" or c.has("prone") or c.has("splayed") or overburdened(c):
        return SQUARE  # the 5-foot step; a prone or splayed creature crawls 5 ft
    return max((speed(c, m) for m in c.speeds), default=0)


def spend(state: BattleState, c: Creature, name: str, use_main: bool, action: Action) -> None:
    for kind in needs(state, c, name, use_main):
        action.emit(ActionUsed(creature=c.id, action="main" if kind == "main" else "move"))


def needs(state: BattleState, c: Creature, name: str, use_main: bool) -> list[str]:
    """The actions `name` spends this turn (none without turns), refused if not left."""
    if not state.turns:
        return []
    wanted = list(COSTS[name])
    if wanted == ["move"] and c.move_actions <= 0 and use_main:
        wanted = ["main"]
    if name == "walk" and overburdened(c):
        if c.tally("moved"):
            raise Refusal(
                "epic-path/overburdened",
                "at 0 speed a creature moves no more than 5 ft a round",
            )
        wanted = ["main"]
    have = {"main": c.main_actions, "move": c.move_actions}
    for kind in wanted:
        if have[kind] <= 0:
            raise Refusal(f"turn/no-{kind}-action", f"{name} needs a {kind} action")
    if c.tally("stepped"):
        raise Refusal("epic-path/stepped-this-round", f"no {name} after a 5-foot step")
    return wanted


def endurance(state: BattleState, c: Creature, action: Action) -> bool:
    """Run: "A character can run for a number of rounds equal to their Constitution
    score" (`stats.constitution`; without it, no limit), then each further round needs a
    DC 30 Might check (d20 + `stats.might`), +2 per check made before. A failure stops the
    run (the intent is accepted: the check and the Fatigued condition are recorded, no
    movement) and a fatigued creature can't run [GUESS: Pathfinder's Fatigued]."""
    if c.has("fatigued"):
        raise Refusal("epic-path/fatigued-cannot-run", f"{c.id} is fatigued: it can't run")
    if not state.turns or "constitution" not in c.stats:
        return True
    if c.tally(RAN) < c.stat("constitution"):
        return True
    dc = 30 + 2 * c.tally(RUN_CHECKS)
    bonus = c.stat("might")
    face = roll(action, c.id, f"Might check DC {dc} (keep running)", 1, 20, bonus)[0]
    action.emit(Tallied(creature=c.id, name=RUN_CHECKS))
    if face + bonus >= dc:
        return True
    action.emit(ConditionSet(creature=c.id, condition="fatigued", on=True))
    action.note(
        "run-ends",
        c.pos,
        reasons=(f"Might {face + bonus} vs DC {dc}: {c.id} must stop running, fatigued",),
    )
    return False
