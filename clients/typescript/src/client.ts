// The client: typed calls (openapi-fetch over the generated `paths`), receipts kept from every
// answer that carries one, retries that honour Retry-After, the live stream and verification.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema.js";
import { ReceiptStore, verifySignature, type PublicKey, type Receipt } from "./receipts.js";
import { retryingFetch, type RetryOptions } from "./retry.js";
import { battleEvents, type StreamEvent } from "./stream.js";

export type BattleBody = paths["/battles"]["post"]["requestBody"]["content"]["application/json"];
export type Intent = paths["/battles/{battle_id}/intents"]["post"]["requestBody"]["content"]["application/json"];
export type Problem = components["schemas"]["Problem"];
// The answers as openapi-fetch hands them over (its own reading of the generated types).
export type BattleCreated = Awaited<ReturnType<Turnledger["createBattle"]>>;
export type IntentAnswer = Awaited<ReturnType<Turnledger["submit"]>>;
export type DryRunAnswer = Awaited<ReturnType<Turnledger["preview"]>>;
export type BattleState = Awaited<ReturnType<Turnledger["state"]>>;

export interface TurnledgerOptions {
  baseUrl: string;
  /** The server's API key, to create battles where the server requires one. */
  apiKey?: string;
  retry?: RetryOptions;
  /** Receipts kept before (e.g. read back from a file); new ones are added. */
  receipts?: ReceiptStore;
  fetch?: typeof fetch;
}

/** A refusal or an error answer, with the problem document the server sent. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(`${status} ${problem.rule ?? problem.type}: ${problem.detail}`);
  }
}

export interface ReceiptsVerdict {
  /** Every kept receipt's signature checks against the published keys. */
  signaturesValid: boolean;
  /** The log agrees with every validly signed receipt (the server's verdict). */
  agree: boolean;
  firstDisagreeingVersion: number | null;
  checked: number;
}

function unwrap<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data !== undefined) return answer.data;
  throw new ProblemError(answer.response.status, answer.error as Problem);
}

export class Turnledger {
  /** Every route, typed: `client.api.GET("/battles/{battle_id}/events", ...)`. */
  readonly api: Client<paths>;
  readonly receipts: ReceiptStore;
  private readonly options: TurnledgerOptions;
  private readonly send: typeof fetch;

  constructor(options: TurnledgerOptions) {
    this.options = options;
    this.receipts = options.receipts ?? new ReceiptStore();
    this.send = retryingFetch(options.retry, options.fetch ?? globalThis.fetch);
    this.api = createClient<paths>({ baseUrl: options.baseUrl, fetch: this.send });
    this.api.use(this.keepReceipts());
  }

  private keepReceipts(): Middleware {
    const store = this.receipts;
    return {
      async onResponse({ response }) {
        if (!response.ok || !(response.headers.get("content-type") ?? "").includes("json")) return;
        const body: unknown = await response.clone().json();
        if (typeof body === "object" && body !== null && "receipt" in body) {
          const receipt = (body as { receipt: Receipt | null }).receipt;
          if (receipt) store.add(receipt);
        }
      },
    };
  }

  private bearer(token: string): { Authorization: string } {
    return { Authorization: `Bearer ${token}` };
  }

  async createBattle(body: BattleBody, idempotencyKey?: string) {
    const header: { "X-API-Key"?: string; "idempotency-key"?: string } = {};
    if (this.options.apiKey !== undefined) header["X-API-Key"] = this.options.apiKey;
    if (idempotencyKey !== undefined) header["idempotency-key"] = idempotencyKey;
    return unwrap(await this.api.POST("/battles", { params: { header }, body }));
  }

  /** A seat for a player who controls `creatures`; answers the player's token. */
  async seat(battleId: string, director: string, creatures: string[], name?: string): Promise<string> {
    const body = name === undefined ? { creatures } : { creatures, name };
    const seated = unwrap(
      await this.api.POST("/battles/{battle_id}/seats", {
        params: { path: { battle_id: battleId } },
        headers: this.bearer(director),
        body,
      }),
    );
    return seated.token;
  }

  /** Judge an intent and log it: the new version, its events, its trace and its receipt. */
  async submit(battleId: string, token: string, intent: Intent, idempotencyKey?: string) {
    const header = idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey };
    const answer = await this.api.POST("/battles/{battle_id}/intents", {
      params: { path: { battle_id: battleId }, header, query: { dry_run: false } },
      headers: this.bearer(token),
      body: intent,
    });
    if (answer.response.status !== 201 || answer.data === undefined || answer.data.dry_run) {
      throw new ProblemError(answer.response.status, answer.error as Problem);
    }
    return answer.data;
  }

  /** Judge an intent without logging it: what it would append. */
  async preview(battleId: string, token: string, intent: Intent) {
    const answer = await this.api.POST("/battles/{battle_id}/intents", {
      params: { path: { battle_id: battleId }, query: { dry_run: true } },
      headers: this.bearer(token),
      body: intent,
    });
    if (answer.data === undefined || !answer.data.dry_run) {
      throw new ProblemError(answer.response.status, answer.error as Problem);
    }
    return answer.data;
  }

  async state(battleId: string, token: string, version?: number) {
    const query = version === undefined ? {} : { version };
    return unwrap(
      await this.api.GET("/battles/{battle_id}", {
        params: { path: { battle_id: battleId }, query },
        headers: this.bearer(token),
      }),
    );
  }

  /** The battle's events as they are logged, from after `lastEventId` (a version). */
  events(
    battleId: string,
    token: string,
    options: { lastEventId?: number; signal?: AbortSignal; reconnect?: boolean } = {},
  ): AsyncGenerator<StreamEvent> {
    return battleEvents({ baseUrl: this.options.baseUrl, battleId, token, fetch: this.send, ...options });
  }

  async publicKeys(): Promise<PublicKey[]> {
    return unwrap(await this.api.GET("/keys")).keys;
  }

  /** Check the kept receipts of a battle: each signature here, and the log on the server. */
  async verifyReceipts(battleId: string, token: string): Promise<ReceiptsVerdict> {
    const kept = this.receipts.of(battleId);
    const keys = await this.publicKeys();
    const signed = await Promise.all(kept.map((r) => verifySignature(r, keys)));
    const verified = unwrap(
      await this.api.POST("/battles/{battle_id}/verify", {
        params: { path: { battle_id: battleId } },
        headers: this.bearer(token),
        body: { receipts: kept },
      }),
    );
    const checked = verified.receipts;
    return {
      signaturesValid: signed.every(Boolean),
      agree: checked?.agree ?? false,
      firstDisagreeingVersion: checked?.first_disagreeing_version ?? null,
      checked: kept.length,
    };
  }
}
