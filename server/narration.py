"""Narrating a page of a battle's log for the API (`GET .../events?narrate=true`).

The words are the engine's (`engine.narration`); this gathers what a page needs to be told
well when it does not start at the battle's beginning: the names and open reaction windows
of the state just before it, the players' seat names, and the trace of an action the page
starts in the middle of.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.narration import Narrator
from events.envelope import Envelope
from server.battle_service import BattleService


def narrator_before(battles: BattleService, battle_id: str, after: int) -> Narrator:
    """A narrator that knows the battle as it stood at version `after`."""
    seats = battles.directory.seat_names(battle_id)
    if after < 1:
        return Narrator(seats=seats)
    narrator = Narrator.from_state(battles.view(battle_id, after), seats)
    # names of creatures removed before `after` (a later undo can bring them back)
    for created in battles.events(battle_id, 0, 1):
        narrator.observe(created.type, created.data)
    return narrator


def narrate_page(
    battles: BattleService, battle_id: str, after: int, page: Sequence[Envelope]
) -> list[str | None]:
    """Each envelope of `page` (the log after `after`) in words."""
    narrator = narrator_before(battles, battle_id, after)
    if page and page[0].type != "IntentAccepted" and page[0].intent_id:
        opening = battles.store.find_action(battle_id, page[0].intent_id)[:1]
        for env in opening:
            narrator.observe(env.type, env.data)
    return [_told(narrator, e) for e in page]


def _told(narrator: Narrator, env: Envelope) -> str | None:
    """An event in words; an action's opening `IntentAccepted`, silent in a running account,
    is told as the action's heading (who asked for what), as `turnledger replay` prints it."""
    words = narrator.narrate(env.type, env.data, env.actor)
    if env.type == "IntentAccepted":
        return narrator.intent_line(env.data, env.actor)
    return words


def with_narration(body: dict[str, Any], narrations: list[str | None]) -> dict[str, Any]:
    """An events page with each event's `narration` added."""
    for event, words in zip(body["events"], narrations, strict=True):
        event["narration"] = words
    return body


def narrate_what_if(
    battles: BattleService, battle_id: str, version: int, found: dict[str, Any]
) -> dict[str, Any]:
    """A what-if answer with each tried event's `narration` (told from `version` on)."""
    narrator = narrator_before(battles, battle_id, version)
    for step in found.get("steps", []):
        narrator.trace = list(step.get("trace") or [])
        for event in step.get("events") or []:
            event["narration"] = narrator.narrate(event["type"], event["data"])
    return found
