"""On a Citus coordinator: revoked and rotated tokens (0009_i38) sharded by battle.

Revision ID: c006_i38
Revises: c005_i25b
Create Date: 2026-11-28
"""

from alembic import op

revision = "c006_i38"
down_revision = "c005_i25b"
branch_labels = None
depends_on = "0009_i38"

# One connection per node, as c001.
SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode = 'sequential'"


def upgrade() -> None:
    op.execute(SEQUENTIAL)
    for table in ("revoked_tokens", "director_tokens"):
        op.execute(
            f"SELECT create_distributed_table('{table}', 'battle_id', colocate_with => 'event_log')"
        )


def downgrade() -> None:
    op.execute(SEQUENTIAL)
    for table in ("revoked_tokens", "director_tokens"):
        op.execute(f"SELECT undistribute_table('{table}')")
