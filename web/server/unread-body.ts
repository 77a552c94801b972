// A request body nobody read to its end: a guard answered first (a redirect to sign-in, a 403),
// or the form reader refused it past its limit (web/app/lib/form.server.ts). Left unread, the
// rest stays in the socket; when the connection then closes, the peer gets a reset instead of
// the answer it was sent, often while still uploading. So after the answer, the rest is read and
// thrown away, up to a bound: past it the connection is cut (bounded work wins over a polite
// answer to a client that keeps sending megabytes it was told nothing about).
import type { IncomingMessage, ServerResponse } from "node:http";

/** How much of an unread body is still read, and thrown away, after the answer. */
export const UNREAD_BODY_DISCARD_BYTES = 8 * 1024 * 1024;

/** Call once per request, before anything reads it: acts when the answer is finished. */
export function discardUnreadBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes = UNREAD_BODY_DISCARD_BYTES,
): void {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.destroy();
      return;
    }
    // Whatever was reading it (Remix's stream of the body) is done with it.
    req.removeAllListeners("data");
    let left = maxBytes;
    req.on("data", (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) req.destroy();
    });
    req.on("error", () => {});
    req.resume();
  });
}
