"""The log's tables as SQLAlchemy Core metadata.

These definitions are what the store's queries are written against; the database itself is
shaped by the Alembic migrations in `events/migrations` only, never by `metadata.create_all`.
Every unique constraint includes `battle_id` so the tables can be distributed by it (Citus).
"""

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Integer,
    LargeBinary,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import UserDefinedType


class Xid8(UserDefinedType[int]):
    """PostgreSQL's 64-bit transaction id, used as the fence for readers of the global order."""

    cache_ok = True

    def get_col_spec(self, **kw: object) -> str:
        return "xid8"


metadata = MetaData()

event_log = Table(
    "event_log",
    metadata,
    Column("battle_id", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    # tx_id comes before global_position on purpose: see events/store_postgres.py.
    Column("tx_id", Xid8, nullable=False),
    Column("global_position", BigInteger, nullable=False),
    Column("type", String(64), nullable=False),
    Column("schema_version", Integer, nullable=False),
    Column("data", JSONB, nullable=False),
    Column("intent_id", String(64)),
    Column("causation_id", String(64)),
    Column("correlation_id", String(64)),
    Column("actor", String(64)),
    Column("rules_version", String(64)),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    Column("prev_hash", LargeBinary, nullable=False),
    Column("hash", LargeBinary, nullable=False),
    PrimaryKeyConstraint("battle_id", "version", name="event_log_pkey"),
)

idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("battle_id", String(64), nullable=False),
    Column("key", String(200), nullable=False),
    Column("request_hash", LargeBinary, nullable=False),
    Column("first_version", Integer, nullable=False),
    Column("last_version", Integer, nullable=False),
    Column("response", Text),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("battle_id", "key", name="idempotency_keys_pkey"),
)
