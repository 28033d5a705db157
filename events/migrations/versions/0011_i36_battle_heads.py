"""The battle's head beside its row: `battle_heads`, written by the append (issue 36).

See events/migrations/head_0011_i36.py for the table and the append's new overloads (0007_i25b's
with `p_head_mac`, 0010_i41's group with `p_head_macs`); the earlier ones stay, for a server of
the previous release appending during an upgrade. Battles logged before this revision get
their head with their next append.

Least privilege: the application role may SELECT, INSERT and UPDATE `battle_heads` (the
append, run as it, moves a head on), not DELETE; it is granted EXECUTE on the new overloads.

Revision ID: 0011_i36
Revises: 0010_i41
Create Date: 2026-11-28
"""

from alembic import op

from events.migrations.head_0011_i36 import (
    CREATE_APPEND_0011,
    CREATE_APPEND_GROUP_0011,
    CREATE_HEADS,
    GROUP_SIGNATURE_0011,
    SIGNATURE_0011,
)

revision = "0011_i36"
down_revision = "0010_i41"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"
# One connection per node, as 0007_i25b (a placeholder on PostgreSQL without Citus).
SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode = 'sequential'"


def upgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute(CREATE_HEADS)
    op.execute(CREATE_APPEND_0011)
    op.execute(CREATE_APPEND_GROUP_0011)
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT SELECT, INSERT, UPDATE ON battle_heads TO {APP_ROLE};
                GRANT EXECUTE ON FUNCTION {SIGNATURE_0011} TO {APP_ROLE};
                GRANT EXECUTE ON FUNCTION {GROUP_SIGNATURE_0011} TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute(f"DROP FUNCTION {GROUP_SIGNATURE_0011}")
    op.execute(f"DROP FUNCTION {SIGNATURE_0011}")
    op.execute("DROP TABLE battle_heads")
