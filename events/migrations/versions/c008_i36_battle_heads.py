"""On a Citus coordinator: the battles' heads (0011_i36) sharded by battle beside its log, and
the append overload that writes them distributed by `battle_id`, so it stays one statement
delegated to the worker holding the battle's shards (as c005_i25b); the group append's new
overload made on every node, not delegated (as c007_i41).

Revision ID: c008_i36
Revises: c007_i41
Create Date: 2026-11-28
"""

from alembic import op

from events.migrations.head_0011_i36 import (
    CREATE_APPEND_0011,
    CREATE_APPEND_GROUP_0011,
    GROUP_SIGNATURE_0011,
    SIGNATURE_0011,
)

revision = "c008_i36"
down_revision = "c007_i41"
branch_labels = None
depends_on = "0011_i36"

APP_ROLE = "turnledger_app"
# One connection per node, as c001.
SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode = 'sequential'"


def upgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute(
        "SELECT create_distributed_table('battle_heads', 'battle_id', colocate_with => 'event_log')"
    )
    op.execute(
        f"SELECT create_distributed_function('{SIGNATURE_0011}', 'p_battle_id',"
        " colocate_with => 'event_log')"
    )
    op.execute(f"SELECT create_distributed_function('{GROUP_SIGNATURE_0011}')")


def downgrade() -> None:
    # Citus stops distributing a function only by dropping it: made again, local (as c005_i25b)
    op.execute(SEQUENTIAL)
    op.execute(f"DROP FUNCTION {GROUP_SIGNATURE_0011}")
    op.execute(f"DROP FUNCTION {SIGNATURE_0011}")
    op.execute(CREATE_APPEND_0011)
    op.execute(CREATE_APPEND_GROUP_0011)
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT EXECUTE ON FUNCTION {SIGNATURE_0011} TO {APP_ROLE};
                GRANT EXECUTE ON FUNCTION {GROUP_SIGNATURE_0011} TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )
    op.execute("SELECT undistribute_table('battle_heads')")
