export { Turnledger, ProblemError } from "./client.js";
export type {
  BattleBody,
  BattleCreated,
  BattleState,
  DryRunAnswer,
  Intent,
  IntentAnswer,
  Problem,
  ReceiptsVerdict,
  TurnledgerOptions,
} from "./client.js";
export { ReceiptStore, signedBytes, verifySignature } from "./receipts.js";
export type { PublicKey, Receipt } from "./receipts.js";
export { mayRetry, retryAfterSeconds, retryingFetch } from "./retry.js";
export type { RetryOptions } from "./retry.js";
export { battleEvents, sseMessages } from "./stream.js";
export type { SseMessage, StreamEvent, StreamOptions } from "./stream.js";
export type { components, paths } from "./schema.js";
