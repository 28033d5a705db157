"""On a Citus coordinator: verified heads (0006_i24) sharded by battle, beside its log.

Revision ID: c004_i24
Revises: c003_i28
Create Date: 2026-11-26
"""

from alembic import op

revision = "c004_i24"
down_revision = "c003_i28"
branch_labels = None
depends_on = "0006_i24"


# One connection per node, as c001: a later revision in the same transaction may distribute or
# drop a function, which Citus refuses after a parallel operation.
SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode = 'sequential'"


def upgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute(
        "SELECT create_distributed_table('verified_heads', 'battle_id',"
        " colocate_with => 'event_log')"
    )


def downgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute("SELECT undistribute_table('verified_heads')")
