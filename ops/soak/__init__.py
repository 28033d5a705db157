"""The soak: many clients, faults, and an end-of-run audit that nothing was lost.

    python -m ops.soak --clients 32 --seconds 120 --kill-server 30 --stop-postgres 45 \
        --terminate-connections 20 --retry-same-key

See ops/soak/README.md.
"""
