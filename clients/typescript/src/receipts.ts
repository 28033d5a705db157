// Receipts: kept from every answer that appends, and checked with Ed25519 against the
// server's published keys (GET /keys), with WebCrypto (Node >= 20, and current browsers).
//
// A receipt signs exactly the UTF-8 bytes `turnledger-receipt-v1\n<battle_id>\n<version>\n<hash>`
// (base64url signature without padding); the key is the JWK whose `kid` is the receipt's `key_id`.
import type { components } from "./schema.js";

export type Receipt = components["schemas"]["Receipt"];
export type PublicKey = components["schemas"]["PublicKey"];

/** The bytes a receipt's signature covers. */
export function signedBytes(receipt: Receipt): Uint8Array<ArrayBuffer> {
  const text = `turnledger-receipt-v1\n${receipt.battle_id}\n${receipt.version}\n${receipt.hash}`;
  return new TextEncoder().encode(text);
}

function base64url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether `receipt` carries a valid signature by one of `keys` (the one its `key_id` names). */
export async function verifySignature(receipt: Receipt, keys: readonly PublicKey[]): Promise<boolean> {
  const key = keys.find((k) => k.kid === receipt.key_id);
  if (key === undefined) return false;
  const imported = await crypto.subtle.importKey(
    "jwk",
    { kty: key.kty, crv: key.crv, x: key.x },
    { name: "Ed25519" },
    false,
    ["verify"],
  );
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = base64url(receipt.signature);
  } catch {
    return false;
  }
  return crypto.subtle.verify({ name: "Ed25519" }, imported, signature, signedBytes(receipt));
}

/** The receipts a client was given, by battle, in the order they came; JSON to keep them. */
export class ReceiptStore {
  private readonly kept = new Map<string, Receipt[]>();

  constructor(saved: readonly Receipt[] = []) {
    for (const receipt of saved) this.add(receipt);
  }

  add(receipt: Receipt): void {
    const list = this.kept.get(receipt.battle_id) ?? [];
    if (!list.some((r) => r.version === receipt.version && r.signature === receipt.signature)) {
      list.push(receipt);
    }
    this.kept.set(receipt.battle_id, list);
  }

  of(battleId: string): Receipt[] {
    return [...(this.kept.get(battleId) ?? [])];
  }

  toJSON(): Receipt[] {
    return [...this.kept.values()].flat();
  }
}
