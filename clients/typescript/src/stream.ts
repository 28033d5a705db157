// The live stream (GET /battles/{id}/stream): server-sent events read by hand, since no
// generator reads text/event-stream. Lines may end with CRLF (the server's), LF or CR; an
// event's `id:` is its version, so a reconnect sends it as Last-Event-ID and resumes right
// after it; comments (`: ping`) keep an idle stream open and are skipped.
import type { components } from "./schema.js";

export type StreamEvent = components["schemas"]["StreamEvent"];

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/** The SSE messages in a byte stream, as the HTML standard frames them. */
export async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = "";
  let id: string | undefined;
  let event = "";
  let data: string[] = [];
  let pendingCR = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      let text = decoder.decode(value, { stream: true });
      if (pendingCR && text.startsWith("\n")) text = text.slice(1); // a CRLF split across chunks
      buffer += text;
      pendingCR = buffer.endsWith("\r");
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? ""; // the unfinished line ("" after a final CR: it ended one)
      for (const line of lines) {
        if (line === "") {
          if (data.length > 0) yield { id, event: event || "message", data: data.join("\n") };
          event = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "data") data.push(value);
        else if (field === "event") event = value;
        else if (field === "id" && !value.includes("\0")) id = value;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export interface StreamOptions {
  baseUrl: string;
  battleId: string;
  token: string;
  /** Resume after this version (sent as Last-Event-ID). */
  lastEventId?: number;
  /** Reconnect, resuming after the last event read, when the connection ends (default true). */
  reconnect?: boolean;
  /** Ends the stream. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** A battle's events as they are logged, typed, each once, across reconnections. */
export async function* battleEvents(options: StreamOptions): AsyncGenerator<StreamEvent> {
  const send = options.fetch ?? globalThis.fetch;
  let last = options.lastEventId;
  const url = `${options.baseUrl.replace(/\/$/, "")}/battles/${encodeURIComponent(options.battleId)}/stream`;
  for (;;) {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${options.token}`,
      Accept: "text/event-stream",
    };
    if (last !== undefined) headers["Last-Event-ID"] = String(last);
    const init: RequestInit = { headers };
    if (options.signal !== undefined) init.signal = options.signal;
    const response = await send(url, init);
    if (!response.ok || response.body === null) {
      throw new Error(`stream: ${response.status} ${await response.text()}`);
    }
    try {
      for await (const message of sseMessages(response.body)) {
        const event = JSON.parse(message.data) as StreamEvent; // the contract's itemSchema
        if (message.id !== undefined) last = Number(message.id);
        yield event;
      }
    } catch (error) {
      if (options.signal?.aborted) return;
      if (!(options.reconnect ?? true)) throw error;
    }
    if (options.signal?.aborted || !(options.reconnect ?? true)) return;
  }
}
