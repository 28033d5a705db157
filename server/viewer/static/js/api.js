// The public HTTP API of one battle, called with the page's token.

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

// The receipts this page was given (every answer that appends carries one), kept for the
// page's session so the badge can ask whether the log still agrees with them.
const RECEIPTS_KEY = (battleId) => `turnledger-receipts-${battleId}`;

export function makeApi(battleId, token) {
  const base = `/battles/${encodeURIComponent(battleId)}`;
  const receipts = JSON.parse(sessionStorage.getItem(RECEIPTS_KEY(battleId)) || "[]");

  function keep(receipt) {
    if (!receipt || receipts.some((r) => r.version === receipt.version && r.hash === receipt.hash)) return;
    receipts.push(receipt);
    sessionStorage.setItem(RECEIPTS_KEY(battleId), JSON.stringify(receipts));
  }

  async function call(method, path, body) {
    const headers = { Authorization: `Bearer ${token}` };
    const init = { method, headers };
    if (method !== "GET") {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body ?? {});
    }
    const answer = await fetch(base + path, init);
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new ApiError(answer.status, data);
    keep(data.receipt);
    return data;
  }

  const q = encodeURIComponent;
  return {
    state: (version) => call("GET", version ? `?version=${version}` : ""),
    events: (after, limit = 1000) => call("GET", `/events?after=${after}&limit=${limit}&narrate=true`),
    options: (creature) => call("GET", `/creatures/${q(creature)}/options`),
    reach: (creature) => call("GET", `/reach?creature=${q(creature)}&kind=move`),
    preview: (intent) => call("POST", "/intents?dry_run=true", intent),
    intent: (intent) => call("POST", "/intents", intent),
    undo: (body) => call("POST", "/undo", body),
    redo: () => call("POST", "/redo", {}),
    judgement: (intentId) => call("GET", `/intents/${q(intentId)}/judgement`),
    whatIf: (version, intents) => call("POST", "/what-if", { version, intents }),
    me: async () => {
      const answer = await fetch(`/viewer${base}/me`, { headers: { Authorization: `Bearer ${token}` } });
      return answer.ok ? answer.json() : { actor: null };
    },
    receipts: () => receipts.slice(),
    verifyReceipts: () => call("POST", "/verify", { receipts }),
    streamUrl: (after) => `${base}/stream?after=${after}&token=${q(token)}`,
  };
}
