// A TCP proxy in front of one local stand-in that can stop answering and recover, as a service
// does on a bad day: `stall()` keeps every connection open but forwards nothing either way (the
// shop's requests hang, as they do when DynamoDB Local's process is paused), `resume()` cuts the
// stalled connections and forwards new ones again. `dropOnKeptConnections()` closes, unanswered,
// every connection that brings a second request, as a server does when it closes a connection it
// kept alive just as the client sends on it (after a pause, every kept one). Fault tests put it
// between the shop and the table, the mail service or the payment API
// (docs/decisions/010-bounded-under-faults.md).
import { connect, createServer, type Socket } from "node:net";

export interface StallProxy {
  /** The proxy's URL: the target's, with the proxy's host and port. */
  url: string;
  /**
   * Stops answering: at once, or from the first request whose bytes `when` picks (e.g. the one
   * with `X-Amz-Target: DynamoDB_20120810.TransactWriteItems`), which is not forwarded either.
   */
  stall(when?: (chunk: Buffer) => boolean): void;
  resume(): void;
  /**
   * From now until `resume()`, a request that comes on a connection which has already been
   * answered is not forwarded: its connection is closed without an answer (the client sees
   * "socket hang up"). New connections are forwarded as before.
   */
  dropOnKeptConnections(): void;
  /** Requests dropped so far by dropOnKeptConnections. */
  readonly dropped: number;
  close(): Promise<void>;
}

export async function startStallProxy(target: string): Promise<StallProxy> {
  const to = new URL(target);
  const open = new Set<Socket>();
  let stalled = false;
  let trigger: ((chunk: Buffer) => boolean) | undefined;
  let dropKept = false;
  let dropped = 0;
  const server = createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => {});
    if (stalled) {
      // Accepted and then silent: reads nothing, answers nothing.
      client.pause();
      return;
    }
    const upstream = connect(Number(to.port), to.hostname);
    open.add(upstream);
    upstream.on("close", () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    let answered = false;
    client.on("data", (chunk: Buffer) => {
      if (dropKept && answered) {
        dropped++;
        client.destroy();
        return;
      }
      if (trigger?.(chunk)) {
        trigger = undefined;
        stalled = true;
      }
      if (!stalled) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      answered = true;
      if (!stalled) client.write(chunk);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `${to.protocol}//127.0.0.1:${port}${to.pathname === "/" ? "" : to.pathname}`,
    stall(when) {
      if (when) trigger = when;
      else stalled = true;
    },
    dropOnKeptConnections() {
      dropKept = true;
    },
    get dropped() {
      return dropped;
    },
    resume() {
      stalled = false;
      dropKept = false;
      trigger = undefined;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
