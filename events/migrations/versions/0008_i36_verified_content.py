"""A verified head is a MAC over content, not a bookmark: `verified_heads.content_mac`.

Until now a verified head (0006_i24) held a version, the chain hash there and an HMAC over
those: the next verification checked that the log still had that hash there and walked on
from it, so an earlier event altered with its hash columns kept went unseen. Each new head
also records `content_mac`: an HMAC under the chain key over the SHA-256 of every event up to
the head, as PostgreSQL reads them back (server/trust/verification.py, `CONTENT_DIGEST`). A
resumed verification recomputes that digest from the log and checks it before trusting the
head; a head without it (recorded before this revision) is not resumed from. The bookmark's
HMAC stays: a head the log no longer reaches (a truncated log) is still caught by it.

On a Citus coordinator the column is added to the distributed table as to any other (Citus
passes the ALTER on to its shards), so the `citus` branch needs no revision of its own. The
ALTER runs with `citus.multi_shard_modify_mode` sequential (one connection per node, as
0007_i25b and c001): a parallel ALTER of a distributed table would make every later function
command in the migration's transaction fail (0007_i25b's downgrade making
turnledger_write_view again: "cannot run function command because there was a parallel
operation on a distributed table in the transaction"). On PostgreSQL without Citus the
setting is an unused placeholder.

Least privilege: nothing new; the application role inserts and reads the table as before.

Revision ID: 0008_i36
Revises: 0007_i25b
Create Date: 2026-11-28
"""

from alembic import op

revision = "0008_i36"
down_revision = "0007_i25b"
branch_labels = None
depends_on = None


# One connection per node, as 0007_i25b (module doc).
SEQUENTIAL = "SET LOCAL citus.multi_shard_modify_mode = 'sequential'"


def upgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute("ALTER TABLE verified_heads ADD COLUMN content_mac bytea")


def downgrade() -> None:
    op.execute(SEQUENTIAL)
    op.execute("ALTER TABLE verified_heads DROP COLUMN content_mac")
