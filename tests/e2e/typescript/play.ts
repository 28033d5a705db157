// Compiled with `tsc --noEmit --strict` against a client generated from /openapi.json by
// openapi-typescript (default flags), then run against the real server by
// tests/e2e/test_typescript_client.py. No cast anywhere: the types must say it all.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

// The stream's answer is text/event-stream; each message's `data` is a StreamEvent.
type StreamBody = paths["/battles/{battle_id}/stream"]["get"]["responses"][200]["content"]["text/event-stream"];
type StreamEvent = components["schemas"]["StreamEvent"];

// A stream message's data, read as the typed event it is: a move's cost, or nothing.
export function movedCost(data: string): number | undefined {
  const body: StreamBody = data;
  const event: StreamEvent = JSON.parse(body);
  return event.type === "Moved" ? event.data.cost : undefined;
}

export interface Played {
  version: number;
  cost: number;
  path: number[][];
  movementLeft: number;
  previewVersion: number;
}

export async function play(baseUrl: string, apiKey: string): Promise<Played> {
  const client = createClient<paths>({ baseUrl });
  const created = await client.POST("/battles", {
    params: { header: { "X-API-Key": apiKey } },
    body: {
      ruleset: "draw-steel",
      map: { width: 6, height: 6 },
      creatures: [{ id: "hero", name: "Hero", side: "heroes", at: [1, 1], speeds: { walk: 5 } }],
    },
  });
  if (created.data === undefined) throw new Error(`create: ${JSON.stringify(created.error)}`);
  const battle_id: string = created.data.battle_id;
  const headers = { Authorization: `Bearer ${created.data.director_token}` };
  const path = { battle_id };

  const started = await client.POST("/battles/{battle_id}/intents", {
    params: { path },
    headers,
    body: { type: "start_turn", creature: "hero" },
  });
  if (started.error !== undefined) throw new Error(`start: ${JSON.stringify(started.error)}`);

  // A move needs only its type, creature and path; every other field has a server default.
  const preview = await client.POST("/battles/{battle_id}/intents", {
    params: { path, query: { dry_run: true } },
    headers,
    body: { type: "move", creature: "hero", path: [[1, 2]] },
  });
  if (preview.data === undefined) throw new Error(`preview: ${JSON.stringify(preview.error)}`);
  if (!preview.data.dry_run) throw new Error("a dry run answers its preview");
  // @ts-expect-error a dry run's events were not logged: they have no version
  void preview.data.events[0].version;

  const moved = await client.POST("/battles/{battle_id}/intents", {
    params: { path },
    headers,
    body: { type: "move", creature: "hero", path: [[1, 2], [1, 3]] },
  });
  if (moved.data === undefined) throw new Error(`move: ${JSON.stringify(moved.error)}`);
  if (moved.data.dry_run) throw new Error("a 201 is never a dry run");
  let cost = -1;
  let squares: number[][] = [];
  for (const event of moved.data.events) {
    const logged: number = event.version;
    if (event.type === "Moved" && logged > 0) {
      cost = event.data.cost;
      squares = event.data.path;
    }
  }

  const state = await client.GET("/battles/{battle_id}", { params: { path }, headers });
  if (state.data === undefined) throw new Error("state");
  const hero = state.data.creatures["hero"];
  if (hero === undefined) throw new Error("no hero");
  const movementLeft: number = hero.movement_left;
  return {
    version: moved.data.version,
    cost,
    path: squares,
    movementLeft,
    previewVersion: preview.data.version,
  };
}
