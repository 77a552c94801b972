// discardUnreadBody against a real Node server and a client that streams a body the handler
// never reads (a guard's redirect): the client must get the answer, not a reset.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { discardUnreadBody } from "./unread-body.ts";

/** Answers 303 after reading one chunk, as Remix's body stream does before a guard refuses. */
async function serve(drain: boolean, maxBytes?: number) {
  const seen: Array<"ended" | "destroyed"> = [];
  let settled: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    settled = resolve;
  });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (drain) discardUnreadBody(req, res, maxBytes);
    req.on("data", () => req.pause());
    req.once("end", () => {
      seen.push("ended");
      settled();
    });
    req.once("close", () => {
      if (!req.complete) seen.push("destroyed");
      settled();
    });
    res.writeHead(303, { Location: "/auth/sign-in" }).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/admin/promotions`,
    /** What became of the request body within `ms`: read to its end, cut, or neither. */
    outcome: (ms: number) =>
      Promise.race([done, new Promise((r) => setTimeout(r, ms))]).then(() => seen[0] ?? "unread"),
    close: () => {
      for (const client of clients.splice(0)) client.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * POSTs `chunks` × 64 KiB, chunked, on a raw socket that sends all of it (an HTTP client may stop
 * uploading once it has its answer); resolves with the answer's status.
 */
async function post(url: string, chunks: number): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, "connect");
  const status = new Promise<number>((resolve) => {
    let head = "";
    socket.on("data", (data: Buffer) => {
      head += data.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) resolve(Number(match[1]));
    });
  });
  socket.on("error", () => {});
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nTransfer-Encoding: chunked\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\n\r\n",
  );
  const chunk = Buffer.alloc(64 * 1024, 0x78);
  for (let i = 0; i < chunks; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
  socket.write("0\r\n\r\n");
  clients.push(socket);
  return status;
}

const clients: Socket[] = [];

describe("discardUnreadBody", () => {
  it("reads a 4 MiB body a guard never read to its end, after the answer", async () => {
    const server = await serve(true);
    try {
      expect(await post(server.url, 64)).toBe(303);
      expect(await server.outcome(3_000)).toBe("ended");
    } finally {
      server.close();
    }
  });

  it("is needed: without it the rest of the body stays in the socket", async () => {
    const server = await serve(false);
    try {
      expect(await post(server.url, 64)).toBe(303);
      expect(await server.outcome(1_000)).toBe("unread");
    } finally {
      server.close();
    }
  });

  it("cuts the connection past its bound instead of reading forever", async () => {
    const server = await serve(true, 256 * 1024);
    try {
      await post(server.url, 64);
      expect(await server.outcome(3_000)).toBe("destroyed");
    } finally {
      server.close();
    }
  });
});
