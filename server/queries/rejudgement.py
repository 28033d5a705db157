"""A whole battle judged again under today's rules (DESIGN section 7, "Judgement of a
dispute", for every action at once; docs/campaigns.md).

After a rules fix, a table asks which actions of a battle would be judged differently now.
Each action is judged as `server.queries.judgement` judges one (the state just before it,
its recorded intent and dice, the current rules), oldest first, a page of actions at a time;
the answer lists the actions whose events would differ, each with the rule that now refuses
it (when one does), what was recorded and what would be judged now. One page shares one work
budget: past it, the answer is the `limits/too-costly` refusal naming the limit, and a smaller
page (`limit`) is the way on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.results import Refused
from server.ports import Ports
from server.queries.judgement import judgement
from server.readers.tokens import Principal

MAX_ACTIONS = 200
"""Actions one page judges at most."""
WINDOW = 1000
"""Versions of the log read at a time looking for the page's actions."""
CONTROL = ("undo", "redo", "create_battle")


@dataclass(frozen=True)
class RejudgedPage:
    checked: int
    differing: list[dict[str, Any]]
    next_after: int | None


def rejudge(ports: Ports, principal: Principal, after: int, limit: int) -> RejudgedPage | Refused:
    """The battle's actions after version `after` (at most `limit`) judged again; those
    that would differ, and where the next page starts (None: the last page)."""
    store = ports.log
    battle_id = principal.battle_id
    head = store.head_version(battle_id)
    budget = ports.budget("this re-judgement")
    differing: list[dict[str, Any]] = []
    checked = 0
    at = after
    while at < head:
        window = store.read_stream(battle_id, after=at, up_to=at + WINDOW)
        for envelope in window:
            if envelope.type != "IntentAccepted":
                continue
            if envelope.data.get("intent", {}).get("type") in CONTROL:
                continue
            if checked == limit:
                return RejudgedPage(checked, differing, envelope.version - 1)
            found = judgement(ports, principal, str(envelope.intent_id), budget)
            if isinstance(found, Refused):
                if found.rule == "history/unknown-action":
                    continue  # an action of a creature hidden from this reader
                return found
            checked += 1
            if not found["matches"]:
                differing.append(_differing(found))
        at = window[-1].version if window else head
    return RejudgedPage(checked, differing, None)


def _differing(judged: dict[str, Any]) -> dict[str, Any]:
    """The judgement of an action that would differ, with the rule that now refuses it
    (null when the rules still accept it, with other events)."""
    refused = (judged["judged"] or {}).get("refused")
    return {**judged, "rule": refused["rule"] if refused else None}
