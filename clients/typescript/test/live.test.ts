// The client against a real server (TURNLEDGER_URL, TURNLEDGER_API_KEY when it has one):
// typed calls, a retried intent answered once, a refusal as a problem, the live stream read
// and resumed, and the receipts it kept verified by their signatures and by the log.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProblemError, ReceiptStore, Turnledger, type BattleBody, type Intent, type StreamEvent } from "../src/index.js";

const baseUrl = process.env.TURNLEDGER_URL ?? "http://127.0.0.1:8000";
const apiKey = process.env.TURNLEDGER_API_KEY;

const battle: BattleBody = {
  ruleset: "draw-steel",
  seed: 7,
  options: { turns: false },
  map: { width: 12, height: 8, terrain: [{ kind: "wall", cells: [[3, 0], [3, 1]], height: 3 }] },
  creatures: [
    { id: "hero", name: "Tactician", side: "heroes", at: [1, 1], speeds: { walk: 5 }, hp: 30 },
    { id: "gob", name: "Goblin", side: "monsters", at: [9, 1], speeds: { walk: 6 }, hp: 5 },
  ],
};

function client(): Turnledger {
  return apiKey === undefined ? new Turnledger({ baseUrl }) : new Turnledger({ baseUrl, apiKey });
}

async function take(events: AsyncGenerator<StreamEvent>, count: number): Promise<StreamEvent[]> {
  const found: StreamEvent[] = [];
  for await (const event of events) {
    found.push(event);
    if (found.length === count) break;
  }
  return found;
}

test("a move is judged, a retry with its key is answered once, a wall is refused by rule and step", async () => {
  const turnledger = client();
  const created = await turnledger.createBattle(battle);
  assert.equal(created.version, 2);
  const player = await turnledger.seat(created.battle_id, created.director_token, ["hero"], "Ana");
  const move: Intent = { type: "move", creature: "hero", path: [[1, 2], [1, 3]] };
  const moved = await turnledger.submit(created.battle_id, player, move, "move-1");
  const again = await turnledger.submit(created.battle_id, player, move, "move-1");
  assert.equal(moved.version, 4);
  assert.deepEqual(moved.events.map((e) => e.type), ["IntentAccepted", "Moved"]);
  const step = moved.events.find((e) => e.type === "Moved");
  assert.equal(step?.type === "Moved" ? step.data.cost : undefined, 2); // typed, no cast
  assert.equal(again.replayed, true);
  assert.equal(again.version, 4);
  const preview = await turnledger.preview(created.battle_id, player, { type: "move", creature: "hero", path: [[1, 4]] });
  assert.equal(preview.dry_run, true);
  await assert.rejects(
    turnledger.submit(created.battle_id, player, { type: "move", creature: "hero", path: [[2, 3], [3, 2], [3, 1]] }),
    (error: unknown) =>
      error instanceof ProblemError && error.status === 422 && error.problem.rule === "map/blocked" && error.problem.step === 2,
  );
  const state = await turnledger.state(created.battle_id, player);
  assert.deepEqual(state.creatures["hero"]?.position, [1, 3, 0]);
});

test("the stream delivers each event once, typed, and resumes after Last-Event-ID", async () => {
  const turnledger = client();
  const created = await turnledger.createBattle(battle);
  const director = created.director_token;
  const stop = new AbortController();
  const live = turnledger.events(created.battle_id, director, { signal: stop.signal });
  const reading = take(live, 4);
  await turnledger.submit(created.battle_id, director, { type: "move", creature: "gob", path: [[8, 1]] });
  const read = await reading;
  stop.abort();
  assert.deepEqual(read.map((e) => [e.version, e.type]), [[1, "IntentAccepted"], [2, "BattleCreated"], [3, "IntentAccepted"], [4, "Moved"]]);
  const moved = read[3];
  assert.ok(moved !== undefined && moved.type === "Moved" && moved.data.creature === "gob");
  const resumed = new AbortController();
  const after = await take(turnledger.events(created.battle_id, director, { lastEventId: 2, signal: resumed.signal }), 2);
  resumed.abort();
  assert.deepEqual(after.map((e) => e.version), [3, 4]);
});

test("the receipts kept verify by signature and against the log; a forged one does not", async () => {
  const turnledger = client();
  const created = await turnledger.createBattle(battle);
  const director = created.director_token;
  await turnledger.submit(created.battle_id, director, { type: "move", creature: "hero", path: [[1, 2]] });
  const undone = await turnledger.api.POST("/battles/{battle_id}/undo", {
    params: { path: { battle_id: created.battle_id } },
    headers: { Authorization: `Bearer ${director}` },
  });
  assert.equal(undone.response.status, 201);
  assert.deepEqual(turnledger.receipts.of(created.battle_id).map((r) => r.version), [2, 4, 6]);
  const verdict = await turnledger.verifyReceipts(created.battle_id, director);
  assert.deepEqual(verdict, { signaturesValid: true, agree: true, firstDisagreeingVersion: null, checked: 3 });

  const kept = turnledger.receipts.toJSON();
  const forged = kept.map((r) => (r.version === 4 ? { ...r, hash: "0".repeat(64) } : r));
  const doubter = new Turnledger({ baseUrl, receipts: new ReceiptStore(forged) });
  const doubted = await doubter.verifyReceipts(created.battle_id, director);
  assert.equal(doubted.signaturesValid, false);
});
