import { PassThrough, Transform } from "node:stream";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isBusy, isDependencyUnavailable } from "@shop/core/common";
import { photoUploadOrigin } from "@shop/core/server/catalog";
import { getContext, loadBoundSecrets, RETRY_AFTER_SECONDS } from "@shop/core/server/context";
import { objectLinkOrigin } from "@shop/core/storage";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  applySecurityHeaders,
  BASELINE_CSP,
  type DocumentPolicy,
  documentCsp,
  inlineScriptHashes,
  newNonce,
  originOf,
} from "../server/security-headers";
import { unavailableResponse } from "../server/unavailable-page";
import { finalCacheControl, isShareable } from "./lib/http";
import { createReadableStreamFromReadable } from "./lib/node-platform.server";
import { NonceProvider } from "./lib/nonce";
import { logError } from "./lib/observability.server";
import { hasDeferredData, RenderCache, renderCacheKey } from "./lib/render-cache.server";
import { SHOP_NAME } from "./lib/shop";

// On AWS the secrets come from SST Config (SSM); the server build finishes loading, and so takes
// requests, only once they are in the environment. Locally this returns at once. Then the
// configuration is read: a deployed stage with a missing or unsafe setting refuses to start
// here (core/src/context/settings.ts), naming each setting, instead of failing a customer later.
await loadBoundSecrets();
getContext();

/**
 * The server's measure of each answered request, by kind of page (web/server/server-time.ts), and
 * the scope of a request whose log lines carry its id (web/server/request-id.ts): exported by the
 * entry, so that the server around the build uses the build's own telemetry.
 */
export { inRequest, recordServerTime } from "./lib/observability.server";

/** How long pending promises (deferred data) may stream before the render is cut off. */
export const streamTimeout = 5_000;

/** Anonymous documents already rendered from the same URL and data (lib/render-cache.server.ts). */
const rendered = new RenderCache();
/**
 * Kept documents hold this in place of their nonce; each response gets its own nonce back in.
 * Random per process, so no page's content can contain it by chance or by design.
 */
const NONCE_PLACEHOLDER = newNonce();

/** The route that runs Stripe's Payment Element: its documents may load Stripe (and only its). */
const PAYMENT_ROUTE = "routes/cart.checkout";
/** The page with the order export's form, whose answer redirects to S3 (its CSP allows that). */
const ORDER_EXPORT_FORM_ROUTE = "routes/admin.orders._index";

/**
 * Requests that failed because a dependency did not answer in time (a DependencyUnavailable,
 * already logged as one structured line where it happened): their document is the 503 page,
 * their data answer a 503 with Retry-After, instead of the error boundary's 500. The value: the
 * dependency was busy (docs/decisions/034-busy-not-error.md), which the page says in its words.
 */
const unavailable = new WeakMap<Request, boolean>();

/**
 * Reads the page's data stream to its end, for nothing, where the document is not rendered from
 * it. Remix's stream is encoded when first read (patches/turbo-stream+2.4.1.patch, decision 023), and only the
 * encoding attaches handlers to the data's deferred promises: unread, one that rejects would be an
 * unhandled rejection. A memo hit or a 304 needs none of this: their data holds no promise.
 */
function settleHandoff(remixContext: EntryContext): void {
  const stream = remixContext.serverHandoffStream;
  if (stream) void stream.pipeTo(new WritableStream()).catch(() => {});
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isDependencyUnavailable(error)) {
    // A page whose loaders met both: busy only if nothing failed for want of an answer.
    unavailable.set(request, (unavailable.get(request) ?? true) && isBusy(error));
    return;
  }
  if (!request.signal.aborted) logError("request failed", error);
};

/** Data requests (client navigations, fetchers) carry the same headers as documents. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers, BASELINE_CSP);
  response.headers.set(
    "Cache-Control",
    finalCacheControl(request, response.status, response.headers),
  );
  if (!unavailable.has(request)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, headers });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  if (unavailable.has(request)) {
    settleHandoff(remixContext);
    const url = new URL(request.url);
    // Try again: the same page (after a form's POST, the page of the form, to fill in anew).
    return unavailableResponse(
      SHOP_NAME,
      url.pathname + (request.method === "GET" ? url.search : ""),
      unavailable.get(request),
    );
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Cache-Control",
    finalCacheControl(request, responseStatusCode, responseHeaders),
  );
  // A page a shared cache hands to every visitor allows its inline scripts by hash, not nonce.
  const shared = isShareable(responseHeaders.get("Cache-Control"));
  const nonce = shared ? "" : newNonce();
  // In development (npm run dev) a route's code changes under the same URL and data: no memo.
  const key = import.meta.env.DEV
    ? null
    : renderCacheKey(
        request,
        responseStatusCode,
        responseHeaders,
        remixContext.staticHandlerContext,
      );
  if (key) {
    // The key names what the document is rendered from, and the build's version the scripts it
    // loads (a document kept from before a deploy must not be revalidated as current).
    const etag = `"${remixContext.manifest.version}-${key}"`;
    responseHeaders.set("ETag", etag);
    // (A 304 carries no new policy: the browser keeps the one that came with its copy, whose
    // nonce matches the copy's scripts.)
    if (ifNoneMatch(request, etag))
      return new Response(null, { status: 304, headers: responseHeaders });
  }
  const { config } = getContext();
  const { matches } = remixContext.staticHandlerContext;
  const csp = (scripts: DocumentPolicy["scripts"]) =>
    documentCsp({
      // npm run dev: the page's hot-reload client talks to Vite's websocket.
      devServer: import.meta.env.DEV,
      scripts,
      stripe: config.payments === "stripe" && matches.some((m) => m.route.id === PAYMENT_ROUTE),
      imagesOrigin: originOf(config.imagesBaseUrl),
      ...(matches.some((m) => m.route.id === ORDER_EXPORT_FORM_ROUTE)
        ? { formTargets: [objectLinkOrigin({ ...config, bucket: config.invoicesBucket })] }
        : {}),
      // Every page, not only the product form: a client-side navigation to the form (from the
      // sign-in page or the admin's list) keeps the first document's policy.
      uploadOrigin: photoUploadOrigin(config),
    });
  if (shared) {
    return sharedDocument(request, responseStatusCode, responseHeaders, remixContext, {
      key: key && `shared:${key}`,
      csp: (html) => csp({ hashes: inlineScriptHashes(html) }),
    });
  }
  applySecurityHeaders(responseHeaders, csp({ nonce }));
  const hit = key ? rendered.get(key) : undefined;
  if (hit) {
    const body = Buffer.from(hit.html).toString("utf8").replaceAll(NONCE_PLACEHOLDER, nonce);
    return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  }

  // Bots and SPA mode get the whole document at once; browsers get the shell as soon as it is
  // ready. A document with deferred data (the product page's reviews, for a signed-in visitor) is
  // sent whole too: React puts streamed data in its place with an inline script, which a browser
  // without JavaScript never runs. Its reads still run beside the render; deferred data streams to
  // client navigations (their `.data` requests), where the page shows before it arrives.
  const waitForAll =
    isbot(request.headers.get("user-agent") ?? "") ||
    remixContext.isSpaMode ||
    hasDeferredData(remixContext.staticHandlerContext.loaderData);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let failed = false;
    const chunks: Buffer[] = [];
    // Passes the document through, keeping a copy when it may be served again.
    const keep = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (key) chunks.push(chunk);
        done(null, chunk);
      },
      flush(done) {
        clearTimeout(timeout);
        if (key && !failed) {
          const html = Buffer.concat(chunks).toString("utf8").replaceAll(nonce, NONCE_PLACEHOLDER);
          rendered.set(key, { html: new Uint8Array(Buffer.from(html)) });
        }
        done();
      },
    });
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      keep.pipe(body);
      pipe(keep);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        nonce,
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          // Errors in the initial shell reject and are logged by Remix; log only later ones.
          if (shellRendered) {
            logError("render failed", error);
          }
        },
      },
    );

    // Abort a little after streamTimeout so pending promises reject and their boundaries render.
    // Cleared when the document is complete: under load, thousands of pending timers would keep
    // every finished render in memory for seconds.
    timeout = setTimeout(() => {
      failed = true;
      abort();
    }, streamTimeout + 1000);
  });
}

/**
 * A document a shared cache may keep: rendered whole (its inline scripts must all be known before
 * the headers go), its Content-Security-Policy made of their hashes, so the page and its policy
 * can be handed to every visitor as they are. Anonymous public pages defer no data (the product
 * page awaits its reviews for them), so waiting for the whole render costs them nothing; the
 * render cache keeps them as for other pages.
 */
async function sharedDocument(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  { key, csp }: { key: string | null; csp: (html: string) => string },
): Promise<Response> {
  const hit = key ? rendered.get(key) : undefined;
  if (hit?.policy) {
    // Kept with the policy made for it: a hit neither decodes the bytes nor hashes the scripts.
    applySecurityHeaders(headers, hit.policy);
    return new Response(hit.html, { headers, status });
  }
  const whole = await renderWhole(request, remixContext);
  const policy = csp(whole.html);
  if (whole.failed) {
    status = 500;
    headers.set("Cache-Control", "no-store");
  } else if (key) {
    rendered.set(key, { html: new Uint8Array(Buffer.from(whole.html)), policy });
  }
  applySecurityHeaders(headers, policy);
  return new Response(whole.html, { headers, status });
}

/** The whole document as one string (no nonce: see sharedDocument). */
function renderWhole(
  request: Request,
  remixContext: EntryContext,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      clearTimeout(timeout);
      resolve({ html: Buffer.concat(chunks).toString("utf8"), failed });
    });
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} />,
      {
        onAllReady: () => pipe(sink),
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          logError("render failed", error);
        },
      },
    );
    const timeout = setTimeout(() => {
      failed = true;
      abort();
    }, streamTimeout + 1000);
  });
}

/** Does the request's If-None-Match name this ETag (or `*`)? */
function ifNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}
