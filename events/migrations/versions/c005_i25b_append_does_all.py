"""On a Citus coordinator: the append of 0007_i25b distributed by `battle_id`, co-located with
the log, so it stays one statement delegated to the worker holding the battle's shards.

Everything it touches there is co-located with `event_log` by `battle_id`: `battles` (c001),
the log questions' tables (c003_i28) and the read model's (c001, c003_i25), so the closure
read, the battle's lock it shares with a close (taken by the close's trigger on the shard of
`battles`, on that same worker) and the rows it writes are all on that worker.

Revision ID: c005_i25b
Revises: c004_i24
Create Date: 2026-11-26
"""

from alembic import op

from events.migrations.append_0007_i25b import CREATE_APPEND_0007, SIGNATURE_0007

revision = "c005_i25b"
down_revision = "c004_i24"
branch_labels = None
depends_on = "0007_i25b"

APP_ROLE = "turnledger_app"
SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode = 'sequential'"


def upgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute(
        f"SELECT create_distributed_function('{SIGNATURE_0007}', 'p_battle_id',"
        " colocate_with => 'event_log')"
    )


def downgrade() -> None:
    # Citus stops distributing a function only by dropping it: made again, local (as c001)
    op.execute(SEQUENTIAL)
    op.execute(f"DROP FUNCTION {SIGNATURE_0007}")
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
