// Retries: 429 always sent again after Retry-After; 503 only when acting twice cannot happen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { retryAfterSeconds, retryingFetch } from "../src/retry.js";

function answering(statuses: number[], retryAfter = "2") {
  const seen: Request[] = [];
  const base = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    seen.push(new Request(input, init));
    const status = statuses[seen.length - 1] ?? 200;
    return new Response(status === 200 ? "{}" : "busy", { status, headers: { "Retry-After": retryAfter } });
  };
  return { base, seen };
}

function sleeper() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

test("a 429 is sent again after the seconds Retry-After names, body and all", async () => {
  const { base, seen } = answering([429, 429, 200]);
  const { waits, sleep } = sleeper();
  const send = retryingFetch({ sleep }, base);
  const answer = await send("http://x/battles", { method: "POST", body: "{\"a\":1}" });
  assert.equal(answer.status, 200);
  assert.deepEqual(waits, [2000, 2000]);
  assert.deepEqual(await Promise.all(seen.map((r) => r.text())), ["{\"a\":1}", "{\"a\":1}", "{\"a\":1}"]);
});

test("a 503 on a command without an Idempotency-Key is not sent again", async () => {
  const { base, seen } = answering([503, 200]);
  const answer = await retryingFetch(sleeper(), base)("http://x/i", { method: "POST", body: "{}" });
  assert.equal(answer.status, 503);
  assert.equal(seen.length, 1);
});

test("a 503 on a read, or on a command with an Idempotency-Key, is sent again", async () => {
  for (const init of [{ method: "GET" }, { method: "POST", body: "{}", headers: { "Idempotency-Key": "k" } }]) {
    const { base, seen } = answering([503, 200]);
    const answer = await retryingFetch(sleeper(), base)("http://x/i", init);
    assert.equal(answer.status, 200);
    assert.equal(seen.length, 2);
  }
});

test("a wait longer than the client accepts, or past the retries, answers as it came", async () => {
  const long = answering([429, 200], "120");
  assert.equal((await retryingFetch(sleeper(), long.base)("http://x/")).status, 429);
  const many = answering([429, 429, 429]);
  assert.equal((await retryingFetch({ ...sleeper(), retries: 2 }, many.base)("http://x/")).status, 429);
  assert.equal(many.seen.length, 3);
});

test("Retry-After is read as seconds or as an HTTP date", () => {
  const now = Date.parse("2026-11-28T10:00:00Z");
  assert.equal(retryAfterSeconds("7", now), 7);
  assert.equal(retryAfterSeconds("Sat, 28 Nov 2026 10:00:05 GMT", now), 5);
  assert.equal(retryAfterSeconds("soon", now), undefined);
  assert.equal(retryAfterSeconds(null, now), undefined);
});
