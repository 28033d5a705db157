"""Prometheus metrics, one registry per app (so several apps in one process never collide)."""

from __future__ import annotations

from dataclasses import dataclass

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
GROUP_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000)


@dataclass
class Metrics:
    registry: CollectorRegistry
    intents: Counter
    refusals: Counter
    latency: Histogram
    conflicts: Counter
    open_streams: Gauge
    stream_reads: Counter
    stream_hub_failures: Counter
    refused_rows: Counter
    append_groups: Histogram
    answer_bytes: Gauge
    answer_aborts: Counter

    @classmethod
    def create(cls) -> Metrics:
        r = CollectorRegistry()
        return cls(
            registry=r,
            intents=Counter(
                "turnledger_intents", "Intents judged", ["type", "outcome"], registry=r
            ),
            refusals=Counter("turnledger_refusals", "Refused intents", ["rule"], registry=r),
            latency=Histogram(
                "turnledger_request_seconds",
                "HTTP request latency",
                ["method", "route", "status"],
                buckets=BUCKETS,
                registry=r,
            ),
            conflicts=Counter(
                "turnledger_append_conflicts",
                "Appends that met a newer version (409 to the client, or busy)",
                ["outcome"],
                registry=r,
            ),
            open_streams=Gauge("turnledger_open_streams", "Live SSE streams", registry=r),
            stream_reads=Counter(
                "turnledger_stream_log_reads",
                "Log reads for live streams: the hub's, one per notice or safety interval for"
                " the whole process, and a stream's own, only when it catches up",
                ["reader"],
                registry=r,
            ),
            stream_hub_failures=Counter(
                "turnledger_stream_hub_failures",
                "Reads of the log by the stream hub that failed (the database away, or a bug)",
                registry=r,
            ),
            refused_rows=Counter(
                "turnledger_derived_rows_refused",
                "Snapshots and read-model rows whose seal did not check (never used: the"
                " answer came from the log, and the row was rebuilt)",
                ["kind"],
                registry=r,
            ),
            append_groups=Histogram(
                "turnledger_append_group_size",
                "Appends of different battles sent to the database in one statement and one"
                " commit (1: an append that went alone)",
                buckets=GROUP_BUCKETS,
                registry=r,
            ),
            answer_bytes=Gauge(
                "turnledger_answer_bytes_in_flight",
                "Bytes of answers sent in pieces (replay pages) encoded and not yet taken by"
                " their clients, against TURNLEDGER_ANSWER_BUDGET_MB",
                registry=r,
            ),
            answer_aborts=Counter(
                "turnledger_answer_aborts",
                "Connections closed in the middle of an answer sent in pieces: write-timeout"
                " (the client did not read), no-room (the budget stayed spent), error",
                ["why"],
                registry=r,
            ),
        )
