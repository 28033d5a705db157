"""On a Citus coordinator: the log's question read models, distributed by battle beside it.

Revision ID: c003_i28
Revises: c003_i25
Create Date: 2026-11-26
"""

from alembic import op

revision = "c003_i28"
down_revision = "c003_i25"
branch_labels = None
depends_on = "0005_i28"

TABLES = ("log_index", "log_creatures", "log_questions_position")


def upgrade() -> None:
    op.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
    for table in TABLES:
        op.execute(
            f"SELECT create_distributed_table('{table}', 'battle_id', colocate_with => 'event_log')"
        )


def downgrade() -> None:
    # one connection per node: the branch's later downgrades drop a distributed function in
    # the same transaction, which Citus refuses after a parallel operation
    op.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
    for table in TABLES:
        op.execute(f"SELECT undistribute_table('{table}')")
