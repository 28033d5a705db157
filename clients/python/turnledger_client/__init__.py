"""turnledger-client: a typed Python client for turnledger's HTTP API.

    from turnledger_client import Client, Refused

    with Client("http://127.0.0.1:8000", token) as tl:
        answer = tl.submit(battle_id, {"type": "move", "creature": "hero", "to": [4, 2]})

Answers are pydantic models generated from the server's `/openapi.json` (`turnledger_client.
wire`); events are typed by their `type` (`wire.MovedEnvelope`, whose `data` is a
`wire.MovedData`).
"""

from . import wire
from .calls import Event, Intent
from .client import AsyncClient, Client, IncompleteReceipts, ReceiptsVerdict
from .errors import (
    Conflict,
    ConnectionLost,
    Forbidden,
    InvalidRequest,
    NotFound,
    Refused,
    TurnledgerError,
    Unauthorized,
    Unavailable,
)
from .feed import CallbackCheckpoint, CheckpointStore, FedEvent, FileCheckpoint
from .receipts import ReceiptBook

__all__ = [
    "AsyncClient",
    "CallbackCheckpoint",
    "CheckpointStore",
    "Client",
    "Conflict",
    "ConnectionLost",
    "Event",
    "FedEvent",
    "FileCheckpoint",
    "Forbidden",
    "IncompleteReceipts",
    "Intent",
    "InvalidRequest",
    "NotFound",
    "ReceiptBook",
    "ReceiptsVerdict",
    "Refused",
    "TurnledgerError",
    "Unauthorized",
    "Unavailable",
    "wire",
]
