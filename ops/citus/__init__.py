"""Running turnledger on a local Citus cluster and behind a load balancer (tests, benchmarks)."""
