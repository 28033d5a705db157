"""On a Citus coordinator: the group append (0010_i41) made on every node, not delegated.

A group names many battles, so the function has no distribution argument: Citus is asked to
propagate it (with its grant) to every worker, where a server connected to the workers sends
each group of battles held there (events/store_async.py). Sent to the coordinator, it would
find none of its battles local and refuse every part; a server connected to the coordinator
alone therefore never groups (each append is delegated to its battle's worker, as before).

Revision ID: c007_i41
Revises: c006_i38
Create Date: 2026-11-28
"""

from alembic import op

from events.migrations.append_group_0010_i41 import CREATE_APPEND_GROUP_0010, SIGNATURE_0010

revision = "c007_i41"
down_revision = "c006_i38"
branch_labels = None
depends_on = "0010_i41"

APP_ROLE = "turnledger_app"
# One connection per node, as c001.
SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode = 'sequential'"


def upgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute(f"SELECT create_distributed_function('{SIGNATURE_0010}')")


def downgrade() -> None:
    # Citus stops propagating a function only by dropping it: made again, local (as c005)
    op.execute(SEQUENTIAL)
    op.execute(f"DROP FUNCTION {SIGNATURE_0010}")
    op.execute(CREATE_APPEND_GROUP_0010)
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT EXECUTE ON FUNCTION {SIGNATURE_0010} TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )
