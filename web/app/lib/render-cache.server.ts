// Server-rendered HTML, memoised by what it is rendered from. A document is a pure function of
// its URL and its loaders' data (the build and configuration are fixed per process), so the
// same URL with the same data renders the same bytes: the catalogue's hot pages skip React's
// render — most of a request's CPU — until their data changes. Being keyed by the data itself,
// an entry can never be stale: an admin edit changes the loader data, hence the key.
//
// Only anonymous, plain GET documents are kept (no session or toast cookie, no Set-Cookie, status 200, no action
// or error, no deferred data), so nothing personal is ever stored or shared.
import { createHash } from "node:crypto";
import { isPersonalRequest } from "./http";

export interface RenderedFrom {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

/** The cache key for this render, or null when it must be rendered afresh and not kept. */
export function renderCacheKey(
  request: Request,
  statusCode: number,
  responseHeaders: Headers,
  from: RenderedFrom,
  now = new Date(),
): string | null {
  if (request.method !== "GET" || statusCode !== 200) return null;
  if (isPersonalRequest(request) || responseHeaders.has("Set-Cookie")) return null;
  if (from.actionData || from.errors) return null;
  let data: string;
  try {
    data = JSON.stringify(from.loaderData, (_, value) => {
      if (value && typeof (value as { then?: unknown }).then === "function") throw DEFERRED;
      return value;
    });
  } catch {
    return null; // deferred (streamed) data, or data JSON cannot express
  }
  // The footer prints the current year: part of what the page is rendered from.
  return createHash("sha256")
    .update(`${request.url}\n${now.getUTCFullYear()}\n${data}`)
    .digest("base64url");
}
const DEFERRED = new Error("deferred data");

/** Does a route's data hold a promise still to settle (deferred data)? */
export function hasDeferredData(loaderData: Record<string, unknown>): boolean {
  return Object.values(loaderData).some(
    (routeData) =>
      typeof routeData === "object" &&
      routeData !== null &&
      Object.values(routeData).some(
        (value) => typeof (value as { then?: unknown } | null)?.then === "function",
      ),
  );
}

/** A rendered document as kept: its bytes, and for a shared one the policy made for them. */
export interface RenderedDocument {
  html: Uint8Array<ArrayBuffer>;
  /** A shared document's Content-Security-Policy (the hashes of its inline scripts). */
  policy?: string;
}

/** A small LRU of rendered documents, bounded by entries and by bytes. */
export class RenderCache {
  private readonly entries = new Map<string, RenderedDocument>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 300,
    private readonly maxBytes = 24 * 1024 * 1024,
  ) {}

  get(key: string): RenderedDocument | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, document: RenderedDocument): void {
    if (document.html.byteLength > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.html.byteLength;
    }
    this.entries.set(key, document);
    this.bytes += document.html.byteLength;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.html.byteLength;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
