"""The append does all the write path's database work: the closure check and the log
questions' read models move into `turnledger_append` (issue 25).

See events/migrations/append_0007_i25b.py for the function, and for the per-battle lock
that orders a close and an append: appends hold it shared, a close exclusively, taken by the
trigger `battles_closing` this revision adds (on a Citus cluster, beside the close's UPDATE
on the node holding the battle's shard; hence `citus.enable_unsafe_triggers`, as c001: the
trigger only takes a lock of its node). The function is a new overload beside 0003's (kept:
c001 distributes that one, and a server of the previous release goes on appending with it
during an upgrade). `turnledger_write_view` (0005_i25) is made again to write each changed
creature's row by INSERT ... VALUES, cheaper for Citus to plan; the downgrade restores its
0005_i25 text.

Least privilege: nothing new. The function runs as its caller, and the application role
already reads `battles`, takes advisory locks (as any role may), and inserts and updates the
log questions' tables (0005_i28), which it wrote from the follower before. It is granted
EXECUTE on the new function only.

Revision ID: 0007_i25b
Revises: 0006_i24
Create Date: 2026-11-26
"""

from alembic import op

from events.migrations.append_0007_i25b import (
    CLOSING_SIGNATURE,
    CREATE_APPEND_0007,
    CREATE_CLOSING,
    CREATE_CLOSING_TRIGGER,
    DROP_CLOSING_TRIGGER,
    SIGNATURE_0007,
    WRITE_VIEW_0005_AGAIN,
    WRITE_VIEW_0007,
)

revision = "0007_i25b"
down_revision = "0006_i24"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"
SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode = 'sequential'"


def upgrade() -> None:
    # placeholder settings on one node; on a Citus coordinator `battles` may be distributed,
    # and a distributed function's new text is passed on to the workers
    op.execute("SET LOCAL citus.enable_unsafe_triggers = on")
    op.execute(SEQUENTIAL)
    op.execute(WRITE_VIEW_0007)
    op.execute(CREATE_CLOSING)
    op.execute(CREATE_CLOSING_TRIGGER)
    op.execute(CREATE_APPEND_0007)
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT EXECUTE ON FUNCTION {SIGNATURE_0007} TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute(WRITE_VIEW_0005_AGAIN)
    op.execute(f"DROP FUNCTION {SIGNATURE_0007}")
    op.execute("SET LOCAL citus.enable_unsafe_triggers = on")
    op.execute(DROP_CLOSING_TRIGGER)
    op.execute(f"DROP FUNCTION {CLOSING_SIGNATURE}")
