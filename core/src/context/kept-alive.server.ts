// The AWS clients' connections, kept alive between calls as the SDK keeps them (50 sockets per
// host), with the one failure that brings: a server closes a connection it kept idle just as
// the client sends a request on it, and the request fails with a reset ("socket hang up")
// before any byte of an answer. The request never reached the service, so it may go again, on
// a new connection, even a write that must not be sent twice: that is what browsers do, and
// what Node's documentation advises (http.ClientRequest's reusedSocket). On Lambda it follows
// every pause: an execution environment frozen between invocations comes back to connections
// the service closed meanwhile. Without it, the first write after a pause (a sign-in's session,
// a cart's counter) answered 503, since a write that is not idempotent is never retried after
// an unanswered attempt (dependency-calls.server.ts); DynamoDB Local, which closes idle
// connections, showed it in the deploy rehearsal.
//
// These agents mark such an error (isStaleConnection) and close the other idle connections of
// the same agent, which idled as long, so that the retry opens a new one.
import { type ClientRequest, Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import type { Socket } from "node:net";

const STALE = Symbol.for("shop.staleConnection");
const RESET_CODES = new Set(["ECONNRESET", "EPIPE"]);

/** Did this error (or its cause) end a request on a kept connection the server had closed? */
export function isStaleConnection(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    if ((e as { [STALE]?: boolean })[STALE] === true) return true;
    e = e.cause;
  }
  return false;
}

function watch(agent: HttpAgent, request: ClientRequest) {
  let answered = false;
  request.once("response", () => {
    answered = true;
  });
  request.once("error", (error: NodeJS.ErrnoException) => {
    if (answered || !RESET_CODES.has(error.code ?? "")) return;
    Object.defineProperty(error, STALE, { value: true });
    for (const sockets of Object.values(agent.freeSockets)) {
      for (const socket of sockets ?? []) socket.destroy();
    }
  });
}

/** The agent, watching every request it puts on a connection it kept (Node's reuseSocket). */
function watching<A extends HttpAgent>(agent: A): A {
  const reuse = agent.reuseSocket.bind(agent);
  agent.reuseSocket = (socket: Socket, request: ClientRequest) => {
    reuse(socket, request);
    watch(agent, request);
  };
  return agent;
}

/** A client's pair of agents (http for the local stand-ins, https for AWS), as the SDK's own. */
export function keptAliveAgents() {
  const options = { keepAlive: true, maxSockets: 50 };
  return {
    httpAgent: watching(new HttpAgent(options)),
    httpsAgent: watching(new HttpsAgent(options)),
  };
}
