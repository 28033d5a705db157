"""The director's `adjust`: what the rules did not deal, set by hand with a reason.

A table deals damage, heals and lays conditions through powers the movement rules do not
cover (a potion, a spell on another page, a campaign backend's own hit points). Without a
way to say so, the battle's numbers drift from the table's; with it, the change is in the
log, with its reason and what each number was before, for the read model, the questions to
the log and the narration to show (DESIGN section 7: the table stays in charge, the log says
which was which).
"""

from __future__ import annotations

from engine import intents as it
from engine.action import Action
from engine.lookups import creature
from engine.results import Refusal
from events.table_events import Adjusted
from projections.state import BattleState


def adjust(intent: it.Adjust, state: BattleState, known: frozenset[str], action: Action) -> None:
    """Record the director's change to `intent.creature`; conditions must be ones this
    ruleset knows (`known`), and something must change."""
    c = creature(state, intent.creature)
    given = (intent.hp, intent.stability)
    if all(v is None for v in given) and not (intent.conditions or intent.stats or intent.speeds):
        raise Refusal(
            "adjust/nothing",
            "adjust changes nothing: give `hp`, `conditions`, `stats`, `speeds` or `stability`",
        )
    unknown = sorted(name for name in intent.conditions if name not in known)
    if unknown:
        raise Refusal(
            "battle/unknown-condition",
            f"unknown condition {', '.join(unknown)} (known: {', '.join(sorted(known))})",
        )
    action.emit(
        Adjusted(
            creature=c.id,
            reason=intent.reason,
            hp=intent.hp,
            hp_before=c.hp if intent.hp is not None else None,
            conditions_on=sorted(n for n, on in intent.conditions.items() if on),
            conditions_off=sorted(n for n, on in intent.conditions.items() if not on),
            stats=dict(intent.stats),
            stats_before={k: c.stats[k] for k in intent.stats if k in c.stats},
            speeds=dict(intent.speeds),
            speeds_before={k: c.speeds[k] for k in intent.speeds if k in c.speeds},
            stability=intent.stability,
        )
    )
    action.note("adjusted", reasons=(f"set by the director: {intent.reason}",))
