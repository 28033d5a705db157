"""The answer of `GET /battles/{id}/creatures/{cid}/options`, typed for the OpenAPI."""

from __future__ import annotations

from pydantic import Field

from engine.economy import Economy
from server.api.answers.common import Answer
from server.api.answers.documented import IntentIn
from server.api.answers.schemas import ReachOut


class OptionSpent(Answer):
    """One field of the creature's economy (as the state's `economy` names it, dotted for a
    nested one: `actions.move`) that taking the option changes, from what to what."""

    what: str = Field(description="The economy field, dotted: `actions.move`, `movement_left`.")
    before: int | float | bool | str | None = Field(
        description="Its value now; null when the economy holds none there."
    )
    after: int | float | bool | str | None = Field(
        description="Its value after the option; null when the economy would hold none there."
    )


class OptionUnavailable(Answer):
    """Why the option is not available now: what submitting its intent is refused with."""

    rule: str = Field(description="The rule's stable id (`draw-steel/not-prone`).")
    detail: str = Field(description="The refusal's sentence, for a player.")


class CreatureOption(Answer):
    """One thing the creature may do now (or may not, and why)."""

    kind: str = Field(
        description="The intent's type: `move`, `shift`, `teleport`, `stand_up`, "
        "`fall_prone`, `start_turn`, `end_turn`, `resolve_reaction`, `shield_surf`."
    )
    action: str | None = Field(
        description="The ruleset's action for a move (`advance`, `sprint`, `run`, ...); "
        "`take`/`decline` for a reaction; `start`/`stop` for Shield Surfing; else null."
    )
    available: bool = Field(
        description="Submitting `intent` now, with the token that asked, is accepted."
    )
    # the documented body (its `Place` documents the creature), as `POST .../intents` takes
    # it: one schema per intent, which a client generator needs
    intent: IntentIn = Field(
        description="An intent to submit as it is (`POST .../intents`). A movement's goes to "
        "the cheapest square of `reach` (gridless: the legs to the cheapest point); any "
        "other listed square may take its `to` (or point its `legs`)."
    )
    spends: list[OptionSpent] = Field(
        description="What `intent` changes in the creature's economy (empty when unavailable)."
    )
    unavailable: OptionUnavailable | None = Field(
        description="Why `intent` is refused now; null when available."
    )
    reach: ReachOut | None = Field(
        description="For a movement with the ruleset's first move action, a shift or a "
        "teleport: where it can end and at what cost, as `GET .../reach` answers; null for "
        "every other option."
    )
    summary: str = Field(description="The option in plain words, for a player or an agent.")


class OptionsOut(Answer):
    """What a creature may do now, as the caller may: each option, with its cost."""

    battle_id: str = Field(description="The battle's id.")
    version: int = Field(description="The version the options were judged at.")
    creature: str = Field(description="The creature's id.")
    ruleset: str = Field(description="The battle's ruleset.")
    unit: str = Field(description="The unit distances and costs are counted in.")
    economy: Economy = Field(description="What the creature has left now (as in the state).")
    options: list[CreatureOption] = Field(description="Every option, offered or not.")


__all__ = ["CreatureOption", "OptionsOut"]
