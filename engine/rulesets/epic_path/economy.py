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
from engine.rulesets.epic_path.options import EpicPathOptions
from engine.rulesets.epic_path.sizes import SQUARE
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
    """The speed in `mode`: the walk speed less armour's and encumbrance's penalties.

    Encumbrance: "Each of the encumbrance categories affects your movement exactly as the
    armor of the same name category. Namely, Medium encumbrance reduces your movement by five
    feet if your base move is above 20 feet, and Heavy encumbrance reduces your movement by
    ten feet if your Walk speed is above 20 feet and five feet otherwise ... these movement
    penalties stack with the movement penalties for wearing medium or heavy armor! For
    example: Wearing heavy armor and carrying enough weight to place you in Medium
    encumbrance reduces your movement by 15 feet if your Walk speed is above twenty feet or
    10 feet if your Walk speed is twenty feet or below."

    `stats.armor` and `stats.encumbrance` each count 0 (none or light), 1 (medium) or 2
    (heavy) steps; stacked, the steps cost 5 ft each above a 20 ft Walk speed and 5 ft each
    beyond the first at 20 ft or below: the one reading under which every figure the text
    gives holds, its example included. A creature whose listed walk speed already includes
    its armour's penalty (`stats.armor_in_speed` 1, as many stat blocks print it) pays
    encumbrance's alone."""
    base = c.speeds.get(mode, 0)
    if mode != "walk":
        return base
    steps = _steps(c.stat("encumbrance"))
    if not c.stat("armor_in_speed"):
        steps += _steps(c.stat("armor"))
    penalty = 0 if steps == 0 else (5 * steps if base > 20 else 5 * (steps - 1))
    return max(0, base - penalty)


def _steps(category: int) -> int:
    """Medium 1, heavy 2 (light or none 0)."""
    return min(2, max(0, category))


def multiplier(state: BattleState, c: Creature, action: str) -> int:
    """Double move x2; run x4, x3 in heavy armour (`stats.armor` 2); with option `run_rule`
    `encumbrance_section`, x5 less 1 per armour step and 1 per encumbrance step, at least
    x1 ("a Run multiplier of only x1")."""
    if action == "double_move":
        return 2
    if action != "run":
        return 1
    armor = _steps(c.stat("armor"))
    if EpicPathOptions.of(state).run_rule == "encumbrance_section":
        return max(1, 5 - armor - _steps(c.stat("encumbrance")))
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
            hint = ""
            if wanted == ["move"] and not use_main and c.main_actions > 0:
                hint = (
                    "; its standard action is left: send the move with use_main_action to "
                    "spend it as the move action"
                )
            raise Refusal(f"turn/no-{kind}-action", f"{name} needs a {kind} action{hint}")
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
