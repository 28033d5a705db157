"""On a Citus coordinator: verified heads (0005_i24) sharded by battle, beside its log.

Revision ID: c003_i24
Revises: c002
Create Date: 2026-11-26
"""

from alembic import op

revision = "c003_i24"
down_revision = "c002"
branch_labels = None
depends_on = "0005_i24"


def upgrade() -> None:
    op.execute(
        "SELECT create_distributed_table('verified_heads', 'battle_id',"
        " colocate_with => 'event_log')"
    )


def downgrade() -> None:
    op.execute("SELECT undistribute_table('verified_heads')")
