"""`turnledger-verify BUNDLE`: check a battle's bundle offline, as a league organiser would.

    turnledger-verify battle.json --keys keys.json          # keys saved from GET /keys
    turnledger-verify battle.json --keys-url https://tl.example/keys
    turnledger-verify battle.json --keys keys.json --receipts receipts.json

Exit status: 0 the bundle holds and a trusted key signed it (and every receipt agrees);
1 it does not hold (tampered, truncated, not a bundle); 2 a usage error; 3 it holds but its
key was not checked against keys you trust (give `--keys` or `--keys-url`) or is not among
them; 4 a receipt signed by a trusted key disagrees with it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bundle import BundleBroken, BundleVerdict, verify_bundle

HOLDS, BROKEN, USAGE, UNTRUSTED, DISAGREES = 0, 1, 2, 3, 4


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="turnledger-verify",
        description="Verify a turnledger battle bundle offline with the server's public keys.",
    )
    parser.add_argument("bundle", type=Path, help="the bundle (GET /battles/{id}/export)")
    keys = parser.add_mutually_exclusive_group()
    keys.add_argument("--keys", type=Path, help="a JWK Set saved from GET /keys")
    keys.add_argument("--keys-url", help="fetch the JWK Set from this URL (a server's /keys)")
    parser.add_argument("--receipts", type=Path, help="receipts kept by a client (JSON)")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    return parser


def _listed(doc: Any, name: str) -> list[dict[str, Any]]:
    """`{"<name>": [...]}` or a bare list."""
    found = doc.get(name) if isinstance(doc, dict) else doc
    if not isinstance(found, list) or not all(isinstance(x, dict) for x in found):
        raise ValueError(f"expected a JSON list of {name}, or {{{name!r}: [...]}}")
    return found


def _fetch_keys(url: str) -> list[dict[str, Any]]:
    import httpx

    target = url if url.rstrip("/").endswith("/keys") else url.rstrip("/") + "/keys"
    answer = httpx.get(target, timeout=30)
    answer.raise_for_status()
    return _listed(answer.json(), "keys")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        raw = args.bundle.read_bytes()
        trusted = None
        if args.keys is not None:
            trusted = _listed(json.loads(args.keys.read_text()), "keys")
        elif args.keys_url is not None:
            trusted = _fetch_keys(args.keys_url)
        receipts = []
        if args.receipts is not None:
            receipts = _listed(json.loads(args.receipts.read_text()), "receipts")
    except (OSError, ValueError) as exc:
        print(f"turnledger-verify: {exc}", file=sys.stderr)
        return USAGE
    except Exception as exc:  # a failed fetch of the keys: say it, do not trace back
        print(f"turnledger-verify: cannot fetch the keys: {exc}", file=sys.stderr)
        return USAGE
    try:
        verdict = verify_bundle(raw, trusted, receipts)
    except BundleBroken as exc:
        print(f"BROKEN: {exc}")
        return BROKEN
    if args.json:
        print(json.dumps(_as_json(verdict), indent=2))
    else:
        _report(verdict, trusted is not None)
    if verdict.disagreements:
        return DISAGREES
    return HOLDS if verdict.trusted else UNTRUSTED


def _as_json(verdict: BundleVerdict) -> dict[str, Any]:
    return {
        "ok": verdict.ok,
        "battle_id": verdict.battle_id,
        "version": verdict.version,
        "reader": verdict.reader,
        "exported_at": verdict.exported_at,
        "key_id": verdict.key_id,
        "trusted": verdict.trusted,
        "opened": sum(1 for e in verdict.events if not e.sealed),
        "sealed": sum(1 for e in verdict.events if e.sealed),
        "receipts_checked": verdict.receipts_checked,
        "disagreements": verdict.disagreements,
        "receipts_invalid": verdict.receipts_invalid,
    }


def _report(verdict: BundleVerdict, keys_given: bool) -> None:
    sealed = sum(1 for e in verdict.events if e.sealed)
    print(
        f"battle {verdict.battle_id}: versions 1 to {verdict.version}, read as"
        f" {verdict.reader}, exported at {verdict.exported_at}"
    )
    print(f"  {verdict.version - sealed} events opened, {sealed} sealed; every link holds")
    if verdict.trusted:
        print(f"  signed by {verdict.key_id}, a key you trust")
    elif keys_given:
        print(f"  signed by {verdict.key_id}, which is NOT among the keys you gave")
    else:
        print(f"  signed by {verdict.key_id}; give --keys or --keys-url to check it is trusted")
    if verdict.receipts_checked or verdict.receipts_invalid:
        print(
            f"  receipts: {verdict.receipts_checked} checked,"
            f" {len(verdict.disagreements)} disagree, {len(verdict.receipts_invalid)} prove nothing"
        )
    for d in verdict.disagreements:
        print(f"  DISAGREES at version {d['version']}: {d['reason']}")
    print("OK" if verdict.ok else "NOT VERIFIED")


if __name__ == "__main__":
    sys.exit(main())
