// The stream reader's framing, byte for byte: CRLF (the server's), LF and CR line ends, a CRLF
// split between two chunks, comments, multi-line data, and ids.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sseMessages, type SseMessage } from "../src/stream.js";

function bytes(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>): Promise<SseMessage[]> {
  const found: SseMessage[] = [];
  for await (const message of sseMessages(stream)) found.push(message);
  return found;
}

test("CRLF line ends frame messages, even split between chunks", async () => {
  const got = await read(bytes("id: 1\r\nevent: Moved\r\ndata: {\"a\":1}\r", "\n\r\n: ping\r\n\r\nid: 2\r\ndata: 2\r\n\r\n"));
  assert.deepEqual(got, [
    { id: "1", event: "Moved", data: "{\"a\":1}" },
    { id: "2", event: "message", data: "2" },
  ]);
});

test("LF and CR line ends, multi-line data and a field without a space", async () => {
  const got = await read(bytes("data:one\ndata: two\n\n", "id: 7\rdata: x\r\r"));
  assert.deepEqual(got, [
    { id: undefined, event: "message", data: "one\ntwo" },
    { id: "7", event: "message", data: "x" },
  ]);
});

test("a message cut off by the end of the stream is not delivered", async () => {
  assert.deepEqual(await read(bytes("id: 3\r\ndata: half")), []);
});
