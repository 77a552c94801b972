// The guarded origin (docs/decisions/020-guarded-origin.md): behind CloudFront, the site answers
// only requests that came through its own stage's distribution, which adds a secret header
// (ORIGIN_HEADER) to every request it sends to the site's function URL. The check runs before
// anything else, in constant time; a request without the header, or with a wrong value, gets a
// small 403: no table read, no body parsed, no session touched. Only a request that passed it
// may name its client with CloudFront-Viewer-Address (web/app/lib/security.server.ts).
//
// The secret (ORIGIN_SECRET) is `{"current": "…", "previous": "…"}`, as the stage's Secrets
// Manager secret holds it (a plain string is taken as the current value): the site accepts both,
// so that CloudFront can switch to a new value without a refused request (README "Rotating the
// origin secret"). On Lambda the handler wrapper (guardHandler) applies it; web/server.ts
// applies it to every request when TRUST_PROXY=1.
import { createHash, timingSafeEqual } from "node:crypto";

/** The header CloudFront adds to every request it sends to the site (an origin custom header). */
export const ORIGIN_HEADER = "X-Origin-Verify";

export const ORIGIN_REFUSED =
  "Forbidden: this site answers only through its CloudFront distribution";

/** The values the site accepts: the current one and the one before it (rotation), never empty. */
export function acceptedOriginSecrets(setting: string | undefined): string[] {
  const raw = setting?.trim();
  if (!raw) return [];
  let values: unknown[] = [raw];
  if (raw.startsWith("{")) {
    try {
      const parsed = JSON.parse(raw) as { current?: unknown; previous?: unknown };
      values = [parsed.current, parsed.previous];
    } catch {
      return [];
    }
  }
  return values.filter((v): v is string => typeof v === "string" && v.length >= 16);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Does the header carry an accepted value? Compared as SHA-256 digests with timingSafeEqual
 * (equal lengths whatever was sent), against every accepted value without stopping early, so
 * the time taken says nothing about how close a guess was.
 */
export function isFromEdge(header: string | null | undefined, accepted: readonly string[]) {
  if (typeof header !== "string" || accepted.length === 0) return false;
  const sent = digest(header);
  let ok = false;
  for (const value of accepted) ok = timingSafeEqual(sent, digest(value)) || ok;
  return ok;
}

/** The refusal, as a Lambda function URL response (no body read, nothing cached). */
export const refusedResult = () => ({
  statusCode: 403,
  headers: {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
  },
  body: ORIGIN_REFUSED,
  isBase64Encoded: false,
});

interface UrlEvent {
  headers?: Record<string, string | undefined>;
}

/**
 * Wraps the site's Lambda handler (./lambda-handler.ts): a function URL event without an accepted
 * ORIGIN_HEADER is refused before the handler sees it; an accepted one goes on without the
 * header, so the application never holds the secret in a request. The accepted values are read
 * once, from the environment the server build filled at its start (loadBoundSecrets); with none
 * (a stage without its secret) every request is refused: the guard fails closed.
 */
export function guardHandler<E extends UrlEvent, R>(
  handler: (event: E, ...rest: unknown[]) => Promise<R>,
  env: Record<string, string | undefined> = process.env,
) {
  let accepted: string[] | undefined;
  return async (event: E, ...rest: unknown[]) => {
    accepted ??= acceptedOriginSecrets(env.ORIGIN_SECRET);
    const headers = event.headers ?? {};
    const name = ORIGIN_HEADER.toLowerCase();
    if (!isFromEdge(headers[name], accepted)) return refusedResult();
    const { [name]: _secret, ...forwarded } = headers;
    return handler({ ...event, headers: forwarded }, ...rest);
  };
}
