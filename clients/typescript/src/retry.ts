// Retries that honour Retry-After, as a fetch the typed client sends through.
//
// A 429 was refused before anything was done, so any request may be sent again. A 503 may
// come after a command was carried out (the database answered too late): only a request
// that cannot act twice is sent again, a read or a command carrying an Idempotency-Key (the
// server then answers the first answer instead of acting again).

export interface RetryOptions {
  /** How many times to send again after the first answer (default 3). */
  retries?: number;
  /** The longest wait the client accepts, in seconds; a longer Retry-After is returned as it is (default 30). */
  maxWaitSeconds?: number;
  /** The wait when an answer names none, in seconds (default 1). */
  defaultWaitSeconds?: number;
  /** Waits; tests replace it. */
  sleep?: (ms: number) => Promise<void>;
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Seconds to wait, from a Retry-After header (seconds, or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/** Whether a request that was answered `status` may be sent again as it is. */
export function mayRetry(request: Request, status: number): boolean {
  if (status === 429) return true;
  if (status !== 503) return false;
  return SAFE.has(request.method.toUpperCase()) || request.headers.has("Idempotency-Key");
}

/** A fetch that sends again on 429, and on 503 where that is safe, after Retry-After. */
export function retryingFetch(options: RetryOptions = {}, base: typeof fetch = globalThis.fetch): typeof fetch {
  const retries = options.retries ?? 3;
  const maxWait = options.maxWaitSeconds ?? 30;
  const fallback = options.defaultWaitSeconds ?? 1;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const original = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const response = await base(original.clone());
      if (attempt >= retries || !mayRetry(original, response.status)) return response;
      const wait = retryAfterSeconds(response.headers.get("Retry-After")) ?? fallback;
      if (wait > maxWait) return response;
      await response.body?.cancel();
      await sleep(wait * 1000);
    }
  };
}
