"""Request and response models of the HTTP API, so `/openapi.json` describes it precisely.

Limits live here too: they turn an oversized battle or page into a clear 422, before the
engine spends any time on it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from engine.intents import WholeNumber
from engine.setup import MapSetup
from server.api.answers.battle_bodies import (
    MAX_CREATURES,
    ContinueIn,
    CreatureIn,
    Tags,
    Title,
    TypedBattle,
)
from server.api.answers.common import (
    BattleStateOut,
    DryRunOut,
    EventsPage,
    IntentOut,
    Receipt,
    StreamEvent,
)
from server.api.answers.documented import IntentIn
from server.api.answers.history import Judgement, Replay, WhatIf

MAX_MAP_SQUARES = 40_000  # e.g. 200 x 200
MAX_PATH = 200
MAX_PAGE = 1000
MAX_PAGE_BYTES = 4 * 1024 * 1024
MAX_WHAT_IF = 50
MAX_BODY_BYTES = 256 * 1024
MAX_RECEIPTS = 1000  # about 250 bytes each: a 256 KiB body holds this many


class BattleIn(BaseModel):
    """`POST /battles`: ruleset, map (or gridless board), creatures, options, seed.

    Parsed loosely (the engine judges the ruleset, its options and the creatures, and refuses
    with a rule id); the schema shows one shape per ruleset (`battle_bodies`).
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    ruleset: str = Field(examples=["draw-steel"])
    seed: int | None = Field(
        default=None,
        description=(
            "The dice seed, for reproducible play and tests; without it the server draws a"
            " secret one. Players never see it (it is left out of what they read)."
        ),
    )
    options: dict[str, Any] = {}
    map: MapSetup | None = None
    board: dict[str, Any] | None = None
    creatures: list[CreatureIn] = Field(default=[], max_length=MAX_CREATURES)
    title: Title | None = None
    tags: Tags = []
    continue_: ContinueIn | None = Field(default=None, alias="continue")

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(TypedBattle.core_schema)


class BattleCreatedOut(BaseModel):
    """A new battle."""

    battle_id: str = Field(description="The battle's id, for every other route.")
    director_token: str = Field(
        description="The director's token, shown once; keep it. It can do everything."
    )
    version: int = Field(
        description="The battle's version after its creation: 2 (the creation's"
        " `IntentAccepted`, then `BattleCreated`); more when creatures beyond the creation"
        " event's room are placed by `CreaturePlaced` events of the same action."
    )
    continued_from: ContinueIn | None = Field(
        default=None,
        description="Where its continued creatures came from (the battle, the version read,"
        " the creatures), also recorded in its opening `IntentAccepted`; null (left out)"
        " unless the body `continue`s another battle.",
    )
    receipt: Receipt | None = Field(
        default=None,
        description="Signed proof of the creation's append (see `IntentOut`); every creation"
        " sends one, never null.",
    )


class PublicKey(BaseModel):
    """An Ed25519 public key as a JWK (RFC 8037)."""

    kty: Literal["OKP"] = Field(description="Always `OKP`.")
    crv: Literal["Ed25519"] = Field(description="Always `Ed25519`.")
    x: str = Field(description="The public key, base64url without padding.")
    kid: str = Field(description="Its id: the RFC 7638 thumbprint; receipts name it.")
    alg: Literal["EdDSA"] = Field(description="Always `EdDSA`.")
    use: Literal["sig"] = Field(description="Always `sig`.")
    status: Literal["current", "retired"] = Field(
        description="`current` signs new receipts; `retired` keys only check old ones."
    )
    created_at: str = Field(description="When the key was made (ISO-8601).")
    retired_at: str | None = Field(
        description="When it was retired (ISO-8601); null while it signs new receipts."
    )


class KeySet(BaseModel):
    """The server's receipt signing keys, current first (a JWK Set)."""

    keys: list[PublicKey] = Field(description="Current and retired keys.")


def storable(text: str) -> str:
    """Text PostgreSQL can store: no NUL character, and valid Unicode (no lone surrogate,
    which JSON's `\\ud800` escape can carry)."""
    if "\x00" in text:
        raise ValueError("text may not contain NUL characters")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode (no lone surrogates)") from None
    return text


StoredText = Annotated[str, AfterValidator(storable)]
"""A text field the database stores as it is (not inside a checked event): checked for what
PostgreSQL refuses, so it answers 422 rather than a database error."""


class SeatIn(BaseModel):
    """A player's seat: the creatures its token may act for."""

    model_config = ConfigDict(extra="forbid", strict=True)

    creatures: list[StoredText] = Field(
        min_length=1, max_length=MAX_CREATURES, description="Ids of the creatures it controls."
    )
    name: StoredText | None = Field(
        default=None,
        max_length=200,
        description="The player's name, shown in the log; null (or left out): no name.",
    )


class SeatOut(BaseModel):
    """A new seat and its token."""

    seat_id: str = Field(description="The seat's id (actions show `seat:<seat_id>`).")
    token: str = Field(description="The player's token, shown once; it acts for `creatures`.")
    creatures: list[str] = Field(description="Ids of the creatures it controls.")
    name: str | None = Field(
        default=None, description="The player's name; null when the seat was given none."
    )


class ReachProvoked(BaseModel):
    """One reaction a move to the square would provoke, by the battle's ruleset's own rule
    (Draw Steel: leaving an enemy's adjacency without shifting; Epic Path: leaving a square
    an enemy threatens, once per enemy per action)."""

    reactor: str = Field(description="The creature that could react.")
    reactor_name: str = Field(description="Its name (its id when it has none).")
    kind: str = Field(description="The reaction: `opportunity_attack` or `free_strike`.")
    at: list[int] = Field(description="The square the mover leaves when it provokes, `[x, y, z]`.")
    why: str = Field(description="Why it provokes, in the ruleset's words, creatures by name.")


class ReachSquare(BaseModel):
    """A square the creature could end the move on."""

    at: list[int | float] = Field(description="The square, `[x, y, z]`.")
    cost: int | float = Field(description="The cheapest cost to end there, in the ruleset's unit.")
    provokes: list[ReachProvoked] | None = Field(
        default=None,
        description="Present when a move to this square would provoke: every reaction window "
        "it would open, in the order the path meets them, as a dry run of the move (its `to`) "
        "lists them in `reactions`, each declined so the rest of the path is followed. Judged "
        "on what the caller knows (a creature hidden from it never appears). Null (left out "
        "of the answer) when a move there provokes nothing: on a shift or teleport (they "
        "never provoke), in a ruleset whose text has no movement-triggered reaction (Reclaim "
        "the Wild, the action-point game, Warcry), and where no move action reaches the "
        "square now.",
    )


class ReachLeg(BaseModel):
    """One leg of a gridless move action, as the `legs` of a `move` intent take it."""

    kind: Literal["normal", "jump", "climb", "fly"] = Field(description="The leg's kind.")
    to: list[float] = Field(
        min_length=3, max_length=3, description="Where the leg ends, `[x, y, z]` in inches."
    )


class ReachPoint(BaseModel):
    """A point of the reach region, the inches counted against Move, and legs that reach it
    which a `move` intent with those `legs` is accepted with."""

    at: list[float] = Field(min_length=3, max_length=3, description="`[x, y, z]` in inches.")
    cost: float = Field(description="Inches counted against Move.")
    legs: list[ReachLeg] = Field(description="Legs that reach it.")


class ReachRegion(BaseModel):
    """Gridless battles only: the reachable region sampled every `resolution` inches."""

    resolution: float = Field(description="Inches between sampled points.")
    points: list[ReachPoint] = Field(description="The reachable points.")


class ReachOut(BaseModel):
    """Where a creature could end a move now, with what it costs (a ruler to draw)."""

    version: int = Field(description="The version it was computed at.")
    creature: str = Field(description="The creature's id.")
    kind: str = Field(description="`move` or `shift`.")
    mode: str = Field(description="The movement mode.")
    squares: list[ReachSquare] = Field(description="Every square it could end on, with its cost.")
    region: ReachRegion | None = Field(
        default=None,
        description="Gridless battles (warcry): the region it can reach; null on grid battles.",
    )


class UndoIn(BaseModel):
    """Empty: undo the latest action. `to_version`: rewind. `intent_id`: undo that one alone."""

    model_config = ConfigDict(extra="forbid", strict=True)

    to_version: WholeNumber | None = Field(
        default=None,
        ge=0,
        le=2**31 - 1,
        description="Rewind: undo every action after this version (director only); null (or"
        " left out): not a rewind.",
    )
    intent_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="Undo this earlier action alone, if no later action depends on it "
        "(director only); null (or left out): not a single earlier action.",
    )
    expected_version: WholeNumber | None = Field(
        default=None,
        ge=0,
        le=2**31 - 1,
        description="The version the client decided on; if the battle moved on: 409. Null (or"
        " left out): no check.",
    )


class RedoIn(BaseModel):
    """Empty: redo the latest undone action."""

    model_config = ConfigDict(extra="forbid", strict=True)

    expected_version: WholeNumber | None = Field(
        default=None,
        ge=0,
        le=2**31 - 1,
        description="The version the client decided on; if the battle moved on: 409. Null (or"
        " left out): no check.",
    )


class WhatIfIn(BaseModel):
    """Intents to try from a version, without appending."""

    model_config = ConfigDict(extra="forbid", strict=True)

    version: int = Field(ge=1, description="The version to start from.")
    intents: list[IntentIn] = Field(
        min_length=1, max_length=MAX_WHAT_IF, description="The intents to try, in order."
    )


class ReceiptIn(BaseModel):
    """A receipt as an appending answer gave it (`receipt`)."""

    model_config = ConfigDict(extra="ignore", strict=True)

    battle_id: str = Field(min_length=1, max_length=64, description="The battle.")
    version: int = Field(ge=1, le=2**31 - 1, description="The version it was given at.")
    hash: str = Field(pattern="^[0-9a-f]{64}$", description="The chain hash at that version (hex).")
    key_id: str = Field(min_length=1, max_length=64, description="The signing key's `kid`.")
    signature: str = Field(
        min_length=1, max_length=128, description="Ed25519 signature, base64url."
    )


class VerifyIn(BaseModel):
    """Receipts to check the log against."""

    model_config = ConfigDict(extra="forbid", strict=True)

    receipts: list[ReceiptIn] = Field(
        max_length=MAX_RECEIPTS, description="The receipts a client kept."
    )
    full: bool = Field(
        default=False, description="Walk the whole chain again (director only; else ignored)."
    )


class ReceiptDisagreement(BaseModel):
    version: int = Field(description="The receipt's version.")
    receipt_hash: str = Field(description="The hash the receipt names.")
    log_hash: str | None = Field(description="The log's hash there (null: no such version).")
    reason: str = Field(description="Why they differ, in words.")


class ReceiptInvalid(BaseModel):
    index: int = Field(description="The receipt's place in the request.")
    version: int = Field(description="The version it names.")
    reason: str = Field(description="Why it proves nothing (bad signature, unknown key...).")


class ReceiptConflict(BaseModel):
    version: int = Field(description="A version two valid receipts disagree on.")
    hashes: list[str] = Field(description="The different hashes signed for it.")


class ReceiptsChecked(BaseModel):
    """The log against the receipts given."""

    checked: int = Field(description="Validly signed receipts compared with the log.")
    agree: bool = Field(description="True when the log agrees with every valid receipt.")
    first_disagreeing_version: int | None = Field(
        description="The first version where the log and a receipt (or two receipts) "
        "differ; null when they all agree."
    )
    disagreements: list[ReceiptDisagreement] = Field(description="Each receipt the log fails.")
    invalid: list[ReceiptInvalid] = Field(description="Receipts that prove nothing.")
    conflicts: list[ReceiptConflict] = Field(
        description="Versions signed with two different hashes: proof of a rewrite."
    )
    rewritten: bool = Field(description="True when `conflicts` is not empty.")
    actions: int | None = Field(
        default=None,
        description="The battle's actions: one receipt each was given, so a client that kept"
        " every receipt of the battle holds this many (fewer: some were never kept); never"
        " null in an answer.",
    )


class VerifyOut(BaseModel):
    """Whether a battle's hash chain holds."""

    battle_id: str = Field(description="The battle.")
    ok: bool = Field(description="True when every event's hash matches.")
    checked: int = Field(description="Events verified (up to the first broken one).")
    first_broken_version: int | None = Field(
        default=None,
        description="The first version whose hash does not match; null when the chain holds.",
    )
    reason: str | None = Field(
        default=None, description="Why it breaks, in words; null when the chain holds."
    )
    resumed_from: int = Field(
        default=0,
        description="The verified head the walk resumed after (0: the whole chain was walked).",
    )
    receipts: ReceiptsChecked | None = Field(
        default=None,
        description="`POST` only: the log against the receipts given; null on `GET`.",
    )


class Health(BaseModel):
    """Liveness."""

    status: str = Field(description="`ok`, or `unavailable`.")
    database: str = Field(description="`ok`, or `unreachable`.")


__all__ = [
    "BattleStateOut",
    "DryRunOut",
    "EventsPage",
    "IntentOut",
    "Judgement",
    "Replay",
    "StreamEvent",
    "WhatIf",
]
