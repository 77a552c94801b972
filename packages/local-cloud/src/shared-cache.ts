// The shared-cache stand-in: an HTTP reverse proxy in front of the site that caches as CloudFront
// does in front of the deployed one (docs/decisions/018-edge-cache.md, "Offline, the same
// behaviour"). Whether a response may be kept, for how long and how it is refreshed are
// http-cache-semantics' answers as a shared cache (s-maxage, private, no-store,
// stale-while-revalidate, stale-if-error, conditional revalidation), not rules of our own.
//
// What is ours is what CloudFront's configuration adds around those rules:
// - the key: GET and HEAD only; the path, the query string as the viewer-request function
//   normalises it (the same function is passed in as `normaliseQuery`), and the values of the
//   `sid` and `toast` cookies, nothing else of the request (no other cookie, no header but the
//   normalised Accept-Encoding, which CloudFront keys on when it compresses);
// - the viewer's Cache-Control and Pragma do not bypass the cache, as they do not at CloudFront;
// - a write (any method but GET and HEAD) is passed to the site once its body has arrived whole,
//   as the site's Lambda receives it on AWS (413 past a function URL's 6 MB);
// - a response carrying Set-Cookie is never kept, whatever its Cache-Control (the site's promise,
//   counted and logged as the site's bug when broken);
// - `purge` has CloudFront's invalidation semantics: a path as stored, query string included,
//   or a path ending in `*` for every stored URL it prefixes; every cookie variant goes;
// - an `X-Cache` answer header: Hit, Miss, Stale (served past its freshness: while one request
//   refreshes it, or because the site failed), RefreshHit (revalidated: the site said 304) or
//   Error (the site could not be reached and nothing kept may stand in).
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import CachePolicy from "http-cache-semantics";
import { listenOnLoopback } from "./util.ts";

export interface SharedCacheOptions {
  /** The site's URL (scheme, host, port). */
  origin: string;
  /** The viewer-request function's query-string rule: `(pathname, search) => search`. */
  normaliseQuery: (pathname: string, search: string) => string;
  /** Port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** Bounds on what is kept (least recently used goes first). */
  maxEntries?: number;
  maxBytes?: number;
  /** A larger body is passed through, not kept. */
  maxEntryBytes?: number;
  /** CloudFront's default origin response timeout. */
  originTimeoutMs?: number;
  /**
   * A write's body is read whole before it goes to the site, as it is on AWS, where the site's
   * Lambda receives a request only once its body has arrived; past this size the answer is 413
   * without asking the site (a Lambda function URL's own limit, 6 MB).
   */
  maxRequestBytes?: number;
  /**
   * Headers added to every request sent to the site, over any the viewer sent under the same
   * name, as CloudFront adds an origin's custom headers: the guarded origin's secret
   * (web/server/origin-guard.ts).
   */
  originHeaders?: Record<string, string>;
  log?: (line: string) => void;
}

export interface SharedCacheStats {
  /** Requests answered. */
  requests: number;
  /** Requests sent to the site: misses, revalidations, refreshes and passes. */
  originRequests: number;
  /** Of those, the ones keyed by a `sid` or `toast` cookie (a visitor's own page). */
  personalOriginRequests: number;
  hits: number;
  misses: number;
  /** Served past freshness (stale-while-revalidate or stale-if-error). */
  stale: number;
  refreshHits: number;
  /** Requests that waited for another's answer from the site instead of asking too. */
  collapsed: number;
  /** Requests the cache does not key (methods other than GET and HEAD): passed to the site. */
  passes: number;
  /** Shareable responses not kept because they set a cookie: each is a bug at the site. */
  setCookieRefused: number;
  /** Entries removed by purges. */
  purged: number;
  entries: number;
  bytes: number;
}

export interface SharedCache {
  url: string;
  /** CloudFront's invalidation of `paths`: answers how many entries went. */
  purge(paths: string[]): number;
  stats(): SharedCacheStats;
  resetStats(): void;
  close(): Promise<void>;
}

/** CloudFront's X-Cache, without its " from cloudfront". */
export type XCache = "Hit" | "Miss" | "Stale" | "RefreshHit" | "Error";

interface Entry {
  policy: CachePolicy;
  status: number;
  body: Buffer;
  /** Path and normalised query string, as invalidation paths name it. */
  url: string;
}

/** A Lambda function URL's request payload limit: the deployed site never sees a larger write. */
const LAMBDA_URL_MAX_REQUEST_BYTES = 6 * 1024 * 1024;
/** A connection error, with whether it happened on a kept-alive connection used before. */
type OriginError = NodeJS.ErrnoException & { reusedSocket?: boolean };
/** Purges remembered for fills in progress; a fill older than all of them is not kept. */
const MAX_PURGES_REMEMBERED = 1000;
/** The cookies in the key (web/app/lib/http.ts, PERSONAL_COOKIES). */
const KEY_COOKIES = ["sid", "toast"];
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
/** The viewer's own cache directives and validators: the cache answers them, the site never sees them. */
const VIEWER_CACHE_HEADERS = ["cache-control", "pragma", "if-none-match", "if-modified-since"];

export async function startSharedCache(opts: SharedCacheOptions): Promise<SharedCache> {
  const origin = new URL(opts.origin);
  const maxEntries = opts.maxEntries ?? 10_000;
  const maxBytes = opts.maxBytes ?? 128 * 1024 * 1024;
  const maxEntryBytes = opts.maxEntryBytes ?? 4 * 1024 * 1024;
  const originTimeoutMs = opts.originTimeoutMs ?? 30_000;
  const maxRequestBytes = opts.maxRequestBytes ?? LAMBDA_URL_MAX_REQUEST_BYTES;
  const log = opts.log ?? (() => {});
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const refreshing = new Set<string>();
  /**
   * Request collapsing, as CloudFront does: while the site is asked for a key nothing is kept
   * under, other requests for it wait for that answer instead of asking too. A key whose last
   * answer could not be kept is not waited on (each of its requests goes to the site at once).
   */
  const filling = new Map<string, Promise<void>>();
  const notKeepable = new Set<string>();
  const beginFill = (key: string) => {
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    filling.set(key, done);
    return () => {
      if (filling.get(key) === done) filling.delete(key);
      settle();
    };
  };
  const markKeepable = (key: string, keepable: boolean) => {
    if (keepable) notKeepable.delete(key);
    else if (notKeepable.size < maxEntries) notKeepable.add(key);
  };
  /** Purges so far, so a fill that started before one does not store what it removed. */
  const purges: Array<{ epoch: number; matches: (url: string) => boolean }> = [];
  let purgeEpoch = 0;
  /** URLs already logged for setting a cookie (once each, up to a bound). */
  const loggedSetCookie = new Set<string>();
  const zero = () => ({
    requests: 0,
    originRequests: 0,
    personalOriginRequests: 0,
    hits: 0,
    misses: 0,
    stale: 0,
    refreshHits: 0,
    collapsed: 0,
    passes: 0,
    setCookieRefused: 0,
    purged: 0,
  });
  let counters = zero();

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  /** Marks an entry most recently used. */
  const touch = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
  };
  /** Was `url` purged since `epoch`? Past the purges remembered, assume so (not kept). */
  const purgedSince = (epoch: number, url: string) => {
    if (epoch === purgeEpoch) return false;
    if ((purges[0]?.epoch ?? Number.POSITIVE_INFINITY) > epoch + 1) return true;
    return purges.some((p) => p.epoch > epoch && p.matches(url));
  };
  /** Keeps `entry` unless a purge since the fill started (`epoch`) covers it. */
  const store = (key: string, entry: Entry, epoch: number) => {
    if (purgedSince(epoch, entry.url)) return;
    remove(key);
    entries.set(key, entry);
    bytes += entry.body.length;
    while (entries.size > maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  };

  /**
   * One request to the site, or undefined (logged) on a connection error or the origin timeout.
   * A request whose kept-alive connection the site had just closed (ECONNRESET or EPIPE before
   * any answer) is sent once more on a new connection of its own, never another kept one that
   * the site may be closing at the same moment, as CloudFront retries an origin connection: the
   * race is the connection's, not the site's. A GET or HEAD is retried on any such error, a write
   * only when it went out on a reused connection, so the site cannot have seen it (Node's advice
   * for `request.reusedSocket`); its body is a buffer, so it can be sent again.
   */
  const toOrigin = async (
    method: string,
    path: string,
    headers: OutgoingHttpHeaders,
    body?: Buffer,
  ): Promise<IncomingMessage | undefined> => {
    try {
      try {
        return await sendToOrigin(method, path, headers, body, agent);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const reset = code === "ECONNRESET" || code === "EPIPE";
        const safe =
          method === "GET" || method === "HEAD" || (error as OriginError).reusedSocket === true;
        if (!reset || !safe) throw error;
        return await sendToOrigin(method, path, headers, body, false);
      }
    } catch (error) {
      log(`shared cache: ${method} ${path} could not reach the site: ${String(error)}`);
      return undefined;
    }
  };
  const added = Object.entries(opts.originHeaders ?? {});
  const withOriginHeaders = (headers: OutgoingHttpHeaders): OutgoingHttpHeaders => {
    if (added.length === 0) return headers;
    const out = { ...headers };
    for (const [name] of added) delete out[name.toLowerCase()];
    for (const [name, value] of added) out[name.toLowerCase()] = value;
    return out;
  };
  const sendToOrigin = (
    method: string,
    path: string,
    headers: OutgoingHttpHeaders,
    body: Buffer | undefined,
    via: Agent | false,
  ) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      counters.originRequests++;
      if (keyCookies(String(headers.cookie ?? "")).length > 0) counters.personalOriginRequests++;
      const req = httpRequest(
        {
          protocol: origin.protocol,
          hostname: origin.hostname,
          port: origin.port,
          method,
          path,
          headers: withOriginHeaders(headers),
          agent: via,
          timeout: originTimeoutMs,
        },
        resolve,
      );
      req.on("timeout", () => req.destroy(new Error(`the site took over ${originTimeoutMs} ms`)));
      req.on("error", (error: OriginError) => {
        error.reusedSocket = req.reusedSocket;
        reject(error);
      });
      req.end(body);
    });

  /** May this answer be kept? Counts and logs the site's Set-Cookie bug. */
  const keepable = (policy: CachePolicy, res: IncomingMessage, url: string) => {
    if (!policy.storable() || policy.timeToLive() <= 0) return false;
    if (res.headers["set-cookie"]) {
      counters.setCookieRefused++;
      if (!loggedSetCookie.has(url) && loggedSetCookie.size < 1000) {
        loggedSetCookie.add(url);
        log(`shared cache: ${url} is shareable but sets a cookie; not kept (a bug at the site)`);
      }
      return false;
    }
    return true;
  };

  const answerFromEntry = (
    req: IncomingMessage,
    res: ServerResponse,
    entry: Entry,
    xCache: XCache,
  ) => {
    counters[xCache === "Hit" ? "hits" : xCache === "Stale" ? "stale" : "refreshHits"]++;
    const kept: CachePolicy.Headers = entry.policy.responseHeaders();
    const headers: OutgoingHttpHeaders = { ...kept, "x-cache": xCache };
    const etag = kept.etag;
    if (typeof etag === "string" && etagMatches(req.headers["if-none-match"], etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(entry.status, headers);
    res.end(req.method === "HEAD" ? undefined : entry.body);
  };

  /** Passes the site's answer on as it streams, keeping a copy when it may be kept. */
  const relay = (
    req: IncomingMessage,
    res: ServerResponse,
    upstream: IncomingMessage,
    fill?: { key: string; url: string; policyRequest: CachePolicy.Request; at: number },
    release?: () => void,
  ) => {
    if (fill) counters.misses++;
    upstream.on("error", () => res.destroy());
    if (release) upstream.on("close", release);
    res.writeHead(upstream.statusCode ?? 502, {
      ...withoutHopByHop(upstream.headers),
      "x-cache": "Miss",
    });
    const policy =
      fill && req.method === "GET"
        ? new CachePolicy(fill.policyRequest, asPolicyResponse(upstream), { shared: true })
        : undefined;
    const kept = Boolean(fill && policy && keepable(policy, upstream, fill.url));
    if (fill && req.method === "GET") markKeepable(fill.key, kept);
    if (fill && policy && kept) {
      const chunks: Buffer[] = [];
      let size = 0;
      upstream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxEntryBytes) chunks.push(chunk);
      });
      upstream.on("end", () => {
        if (size > maxEntryBytes || !upstream.complete) return;
        const entry = {
          policy,
          status: upstream.statusCode ?? 200,
          body: Buffer.concat(chunks),
          url: fill.url,
        };
        store(fill.key, entry, fill.at);
      });
    }
    upstream.pipe(res);
    // A viewer that leaves before the end (a browser navigating away while an image loads) stops
    // the pipe, which would leave the site's answer paused: its fill unfinished, every later
    // request for the key waiting on it, and its connection held. As CloudFront does, the fill
    // goes on without the viewer: the rest is read (and kept when it may be).
    res.on("close", () => {
      if (res.writableFinished) return;
      upstream.unpipe(res);
      upstream.resume();
    });
  };

  /** stale-while-revalidate: one background refresh per key at a time. */
  const refreshInBackground = (
    key: string,
    entry: Entry,
    policyRequest: CachePolicy.Request,
    headers: OutgoingHttpHeaders,
  ) => {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const at = purgeEpoch;
    void (async () => {
      try {
        const upstream = await toOrigin("GET", entry.url, headers);
        if (!upstream) return;
        const response = asPolicyResponse(upstream);
        const { policy, modified } = entry.policy.revalidatedPolicy(policyRequest, response);
        if (!modified) {
          upstream.resume();
          if (entries.get(key) === entry) store(key, { ...entry, policy }, at);
          return;
        }
        const body = await readWhole(upstream, maxEntryBytes);
        if (body && keepable(policy, upstream, entry.url)) {
          store(key, { policy, status: upstream.statusCode ?? 200, body, url: entry.url }, at);
        }
      } catch (error) {
        log(`shared cache: refreshing ${entry.url} failed: ${String(error)}`);
      } finally {
        refreshing.delete(key);
      }
    })();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    counters.requests++;
    const method = req.method ?? "GET";
    const target = new URL(req.url ?? "/", "http://cache.invalid");
    const forwarded = withoutHopByHop(req.headers);
    if (method !== "GET" && method !== "HEAD") {
      counters.passes++;
      const body = await readWhole(req, maxRequestBytes);
      if (!body) {
        res.writeHead(413, { "content-type": "text/plain", "x-cache": "Error" });
        res.end(`Request must be at most ${maxRequestBytes} bytes\n`);
        return;
      }
      forwarded["content-length"] = String(body.length);
      const upstream = await toOrigin(method, req.url ?? "/", forwarded, body);
      if (!upstream) return badGateway(res);
      relay(req, res, upstream);
      return;
    }

    const url = target.pathname + opts.normaliseQuery(target.pathname, target.search);
    const encoding = normalisedEncoding(req.headers["accept-encoding"]);
    const cookies = keyCookies(req.headers.cookie);
    const key = [url, encoding, ...cookies].join("\n");
    for (const name of VIEWER_CACHE_HEADERS) delete forwarded[name];
    if (encoding) forwarded["accept-encoding"] = encoding;
    else delete forwarded["accept-encoding"];
    // What the policy sees of the request: only what the key holds, so that a Vary on
    // anything else cannot split what CloudFront would share.
    const policyRequest: CachePolicy.Request = {
      url,
      method: "GET",
      headers: {
        host: "origin",
        ...(encoding ? { "accept-encoding": encoding } : {}),
        ...(cookies.length > 0 ? { cookie: cookies.join("; ") } : {}),
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      },
    };

    const pending = filling.get(key);
    if (pending && !notKeepable.has(key)) {
      counters.collapsed++;
      await pending;
    }
    const at = purgeEpoch;
    const entry = entries.get(key);
    if (entry) {
      const { response, revalidation } = entry.policy.evaluateRequest(policyRequest);
      // The site's validators of the kept answer, on the request as the site would get it.
      const conditional = { ...forwarded };
      const validators = entry.policy.revalidationHeaders(policyRequest);
      for (const name of ["if-none-match", "if-modified-since"]) {
        if (validators[name]) conditional[name] = validators[name];
      }
      if (response && !revalidation) {
        touch(key, entry);
        return answerFromEntry(req, res, entry, "Hit");
      }
      if (response && revalidation && !revalidation.synchronous) {
        refreshInBackground(key, entry, policyRequest, conditional);
        return answerFromEntry(req, res, entry, "Stale");
      }
      // Past what may be served without asking: revalidate now, or serve stale if the site fails.
      const upstream = await toOrigin(method, url, conditional);
      if (!upstream || isServerError(upstream.statusCode)) {
        let fallback: ReturnType<CachePolicy["revalidatedPolicy"]> | undefined;
        try {
          fallback = entry.policy.revalidatedPolicy(
            policyRequest,
            upstream ? asPolicyResponse(upstream) : undefined,
          );
        } catch {
          // No stale-if-error left and no answer at all.
        }
        if (fallback && !fallback.modified) {
          upstream?.resume();
          return answerFromEntry(req, res, entry, "Stale");
        }
        if (!upstream) return badGateway(res);
      }
      if (upstream.statusCode === 304) {
        const { policy, modified } = entry.policy.revalidatedPolicy(
          policyRequest,
          asPolicyResponse(upstream),
        );
        upstream.resume();
        if (!modified) {
          const refreshed = { ...entry, policy };
          store(key, refreshed, at);
          return answerFromEntry(req, res, refreshed, "RefreshHit");
        }
        // A 304 that validates something else: ask again without conditions.
        remove(key);
        const fresh = await toOrigin(method, url, forwarded);
        if (!fresh) return badGateway(res);
        return relay(req, res, fresh, { key, url, policyRequest, at });
      }
      return relay(req, res, upstream, { key, url, policyRequest, at });
    }

    const release = method === "GET" ? beginFill(key) : undefined;
    const upstream = await toOrigin(method, url, forwarded);
    if (!upstream) {
      release?.();
      return badGateway(res);
    }
    relay(req, res, upstream, { key, url, policyRequest, at }, release);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`shared cache: ${req.method} ${req.url} failed: ${String(error)}`);
      if (!res.headersSent) badGateway(res);
      else res.destroy();
    });
  });
  const url = await listenOnLoopback(server, opts.port ?? 0);

  return {
    url,
    purge(paths) {
      const matchers = paths.map(invalidationMatcher);
      const matches = (stored: string) => matchers.some((m) => m(stored));
      purges.push({ epoch: ++purgeEpoch, matches });
      if (purges.length > MAX_PURGES_REMEMBERED) purges.shift();
      let removed = 0;
      for (const [key, entry] of [...entries]) {
        if (matches(entry.url)) {
          remove(key);
          removed++;
        }
      }
      counters.purged += removed;
      return removed;
    },
    stats: () => ({ ...counters, entries: entries.size, bytes }),
    resetStats() {
      counters = zero();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

/**
 * One CloudFront invalidation path: exact (query string included, as stored), or a prefix when
 * it ends in `*`, the only place `*` is a wildcard (elsewhere it is the character itself).
 * Case-sensitive, like CloudFront's.
 */
export function invalidationMatcher(path: string): (stored: string) => boolean {
  if (!path.startsWith("/")) throw new Error(`An invalidation path starts with "/": ${path}`);
  if (!path.endsWith("*")) return (stored) => stored === path;
  const prefix = path.slice(0, -1);
  return (stored) => stored.startsWith(prefix);
}

/** The `sid` and `toast` cookies as the key holds them (name=value, in that order). */
export function keyCookies(header: string | undefined): string[] {
  if (!header) return [];
  const found = new Map<string, string>();
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    if (KEY_COOKIES.includes(name) && !found.has(name)) {
      found.set(name, at < 0 ? "" : pair.slice(at + 1).trim());
    }
  }
  return KEY_COOKIES.filter((n) => found.has(n)).map((n) => `${n}=${found.get(n)}`);
}

/** CloudFront's normalised Accept-Encoding when the cache policy compresses: br and gzip only. */
function normalisedEncoding(header: string | string[] | undefined): string {
  const offered = String(header ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim().toLowerCase());
  return ["br", "gzip"].filter((coding) => offered.includes(coding)).join(",");
}

/**
 * A whole body (a viewer's write, the site's answer), or undefined once it passes `max` bytes:
 * the rest is then read and dropped.
 */
async function readWhole(stream: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.resume();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = String(headers.connection ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.includes(name)) out[name] = value;
  }
  return out;
}

function asPolicyResponse(res: IncomingMessage): CachePolicy.Response {
  return { status: res.statusCode, headers: res.headers };
}

function isServerError(status: number | undefined) {
  return status === undefined || status >= 500;
}

function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

function badGateway(res: ServerResponse) {
  res.writeHead(502, { "content-type": "text/plain", "x-cache": "Error" satisfies XCache });
  res.end("The shared cache could not reach the site.");
}
