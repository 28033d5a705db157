"""On a Citus coordinator: the per-creature read model and the stored maps of revision 0005_i25
distributed by `battle_id`, co-located with the log, and the functions the append calls to
write them distributed with it, so an append stays one statement delegated to one worker.

Revision ID: c003_i25
Revises: c002
Create Date: 2026-11-26
"""

from alembic import op

from events.migrations.read_model_0005_i25 import WRITE_SNAPSHOT_SIGNATURE, WRITE_VIEW_SIGNATURE

revision = "c003_i25"
down_revision = "c002"
branch_labels = None
depends_on = "0005_i25"

LOG = "event_log"
CO_LOCATED = ("creature_views", "battle_maps")


def upgrade() -> None:
    op.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
    for table in CO_LOCATED:
        op.execute(
            f"SELECT create_distributed_table('{table}', 'battle_id', colocate_with => '{LOG}')"
        )
        op.execute(f"SELECT truncate_local_data_after_distributing_table('{table}')")
    for signature in (WRITE_VIEW_SIGNATURE, WRITE_SNAPSHOT_SIGNATURE):
        op.execute(
            f"SELECT create_distributed_function('{signature}', 'p_battle_id',"
            f" colocate_with => '{LOG}')"
        )


def downgrade() -> None:
    op.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
    for table in reversed(CO_LOCATED):
        op.execute(f"SELECT undistribute_table('{table}')")
