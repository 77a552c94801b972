// The shared-cache stand-in against a small real HTTP site started here: the caching rules are
// http-cache-semantics' own (no mock), the key and the purge are the stand-in's
// (docs/decisions/018-edge-cache.md).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SharedCache, startSharedCache } from "./shared-cache.ts";
import { freePort, listenOnLoopback } from "./util.ts";

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void | Promise<void>;

const SHARED = "public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let site: Server;
let siteUrl: string;
let routes: Map<string, Handler>;
/** What the site received, in order: method, URL and the cookie header. */
let seen: Array<{ method: string; url: string; cookie?: string; ifNoneMatch?: string }>;
let cache: SharedCache;
let logged: string[];

/** Sorts the query's parameters: enough to see that the key uses the rule it is given. */
const sortQuery = (_pathname: string, search: string) => {
  const pairs = search.replace(/^\?/, "").split("&").filter(Boolean).sort();
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
};

beforeAll(async () => {
  site = createServer((req, res) => {
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      cookie: req.headers.cookie,
      ifNoneMatch: req.headers["if-none-match"],
    });
    const path = new URL(req.url ?? "/", "http://site").pathname;
    const handler = routes.get(path);
    const n = seen.filter((s) => new URL(s.url, "http://site").pathname === path).length;
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    void handler(req, res, n);
  });
  siteUrl = await listenOnLoopback(site);
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

beforeEach(async () => {
  routes = new Map();
  seen = [];
  logged = [];
  cache = await startSharedCache({
    origin: siteUrl,
    normaliseQuery: sortQuery,
    log: (line) => logged.push(line),
  });
});
afterEach(() => cache.close());

/** A route answering `cache-control` and a body that counts the site's answers on it. */
function page(path: string, cacheControl: string, extra: Record<string, string> = {}) {
  routes.set(path, (_req, res, n) => {
    res.writeHead(200, { "cache-control": cacheControl, "content-type": "text/plain", ...extra });
    res.end(`${path} #${n}`);
  });
}

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await fetch(cache.url + path, { headers, method });
  return { status: res.status, xCache: res.headers.get("x-cache"), body: await res.text(), res };
}

/** POSTs 4 MiB streamed in 64 KiB chunks, without Content-Length. */
function postStreamed(url: string) {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= 64) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return fetch(url, { method: "POST", body, duplex: "half" } as RequestInit);
}

const siteHits = (path: string) =>
  seen.filter((s) => new URL(s.url, "http://site").pathname === path).length;

describe("what is kept", () => {
  it("keeps a public answer for its s-maxage: the second view is a hit, the site asked once", async () => {
    page("/a", "public, s-maxage=60");
    expect(await get("/a")).toMatchObject({ xCache: "Miss", body: "/a #1" });
    expect(await get("/a")).toMatchObject({ xCache: "Hit", body: "/a #1" });
    expect(siteHits("/a")).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, originRequests: 1, entries: 1 });
  });

  it("keeps the site's shared page (max-age=0 for browsers) per its s-maxage, and serves HEAD from it", async () => {
    page("/shared", SHARED);
    page("/browser-only", "public, max-age=0");
    await get("/shared");
    const hit = await get("/shared");
    expect(hit).toMatchObject({ xCache: "Hit", body: "/shared #1" });
    expect(hit.res.headers.get("cache-control")).toBe(SHARED);
    expect(Number(hit.res.headers.get("age"))).toBeGreaterThanOrEqual(0);
    expect(await get("/shared", {}, "HEAD")).toMatchObject({ xCache: "Hit", body: "" });
    // Without s-maxage, max-age=0 means nobody keeps it.
    await get("/browser-only");
    expect(await get("/browser-only")).toMatchObject({ xCache: "Miss", body: "/browser-only #2" });
  });

  it("never keeps private or no-store answers", async () => {
    page("/private", "private, max-age=600");
    page("/no-store", "no-store");
    page("/personal", "private, no-store");
    for (const path of ["/private", "/no-store", "/personal"]) {
      await get(path);
      expect(await get(path)).toMatchObject({ xCache: "Miss", body: `${path} #2` });
    }
    expect(cache.stats().entries).toBe(0);
  });

  it("never keeps an answer that sets a cookie, and counts it as the site's bug", async () => {
    page("/leaky", "public, s-maxage=60", { "set-cookie": "sid=someone; Path=/; HttpOnly" });
    await get("/leaky");
    const second = await get("/leaky");
    expect(second).toMatchObject({ xCache: "Miss", body: "/leaky #2" });
    expect(second.res.headers.get("set-cookie")).toContain("sid=someone");
    expect(cache.stats()).toMatchObject({ setCookieRefused: 2, entries: 0 });
    expect(logged.join("\n")).toContain("/leaky is shareable but sets a cookie");
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    await cache.close();
    cache = await startSharedCache({ origin: siteUrl, normaliseQuery: sortQuery, maxEntries: 2 });
    for (const path of ["/1", "/2", "/3"]) page(path, "public, s-maxage=60");
    await get("/1");
    await get("/2");
    await get("/1"); // /1 is now the most recently used
    await get("/3"); // pushes /2 out
    expect(cache.stats().entries).toBe(2);
    expect((await get("/1")).xCache).toBe("Hit");
    expect((await get("/2")).xCache).toBe("Miss");
  });
});

describe("request collapsing", () => {
  it("concurrent requests for a key not yet kept ask the site once", async () => {
    routes.set("/slow", async (_req, res, n) => {
      await sleep(200);
      res.writeHead(200, { "cache-control": SHARED }).end(`slow #${n}`);
    });
    const answers = await Promise.all([get("/slow"), get("/slow"), get("/slow")]);
    expect(answers.map((a) => a.body)).toEqual(["slow #1", "slow #1", "slow #1"]);
    expect(answers.map((a) => a.xCache).sort()).toEqual(["Hit", "Hit", "Miss"]);
    expect(siteHits("/slow")).toBe(1);
    expect(cache.stats().collapsed).toBe(2);
  });

  it("a key whose answer cannot be kept is not waited on", async () => {
    let inFlight = 0;
    let most = 0;
    routes.set("/mine", async (_req, res, n) => {
      most = Math.max(most, ++inFlight);
      await sleep(200);
      inFlight--;
      res.writeHead(200, { "cache-control": "private, no-store" }).end(`mine #${n}`);
    });
    await get("/mine");
    await Promise.all([get("/mine"), get("/mine"), get("/mine")]);
    expect(siteHits("/mine")).toBe(4);
    expect(most).toBe(3);
  });

  it("a viewer that leaves during the fill does not hold the key: the fill ends and is kept", async () => {
    routes.set("/flag", async (_req, res, n) => {
      res.writeHead(200, { "cache-control": SHARED, "content-type": "image/svg+xml" });
      res.write("<svg>");
      await sleep(300);
      res.end(`#${n}</svg>`);
    });
    // A browser that navigates away while an image still loads: it reads the headers and goes.
    const leaving = new AbortController();
    const first = await fetch(`${cache.url}/flag`, { signal: leaving.signal });
    expect(first.status).toBe(200);
    leaving.abort();
    await sleep(50);
    const next = await fetch(`${cache.url}/flag`, { signal: AbortSignal.timeout(5_000) });
    expect(await next.text()).toBe("<svg>#1</svg>");
    expect(next.headers.get("x-cache")).toBe("Hit");
    expect(siteHits("/flag")).toBe(1);
  });
});

describe("passing on", () => {
  it("streams a body larger than an entry may hold, whole, and does not keep it", async () => {
    await cache.close();
    cache = await startSharedCache({
      origin: siteUrl,
      normaliseQuery: sortQuery,
      maxEntryBytes: 1000,
    });
    routes.set("/big", (_req, res, n) => {
      res.writeHead(200, { "cache-control": SHARED });
      res.write("x".repeat(800));
      setTimeout(() => res.end(`${"y".repeat(800)}#${n}`), 20);
    });
    const first = await get("/big");
    expect(first.body).toBe(`${"x".repeat(800)}${"y".repeat(800)}#1`);
    expect(await get("/big")).toMatchObject({ xCache: "Miss", body: expect.stringMatching(/#2$/) });
    expect(cache.stats().entries).toBe(0);
  });

  it("a kept connection the site closes is retried on a new one, not on another kept one", async () => {
    // The site closes every connection it has answered on before, as it does its idle ones after
    // its keep-alive timeout: all of the cache's kept connections at the same moment.
    const answered = new WeakSet<object>();
    routes.set("/mine", async (req, res, n) => {
      if (answered.has(req.socket)) return void req.socket.destroy();
      answered.add(req.socket);
      await sleep(50);
      res.writeHead(200, { "cache-control": "private, no-store" }).end(`mine #${n}`);
    });
    // Two requests at once leave two kept connections.
    await Promise.all([get("/mine"), get("/mine")]);
    expect(await get("/mine")).toMatchObject({ status: 200, body: "mine #4" });
    expect(logged).toEqual([]);
  });

  it("answers 502 (X-Cache: Error) when the site cannot be reached and nothing is kept", async () => {
    await cache.close();
    cache = await startSharedCache({
      origin: `http://127.0.0.1:${await freePort()}`,
      normaliseQuery: sortQuery,
    });
    expect(await get("/anything")).toMatchObject({ status: 502, xCache: "Error" });
  });
});

describe("the key", () => {
  it("a session or a toast never shares the anonymous entry; other cookies do", async () => {
    page("/p", SHARED);
    expect(await get("/p")).toMatchObject({ xCache: "Miss", body: "/p #1" });
    expect(await get("/p", { cookie: "theme=dark; _ga=1" })).toMatchObject({
      xCache: "Hit",
      body: "/p #1",
    });
    expect(await get("/p", { cookie: "theme=dark; sid=abc" })).toMatchObject({
      xCache: "Miss",
      body: "/p #2",
    });
    expect(await get("/p", { cookie: "toast=saved" })).toMatchObject({ body: "/p #3" });
    expect(seen.at(-2)?.cookie).toBe("theme=dark; sid=abc");
    expect(cache.stats()).toMatchObject({ originRequests: 3, personalOriginRequests: 2 });
    // Another visitor's session is another entry again.
    expect(await get("/p", { cookie: "sid=xyz" })).toMatchObject({ xCache: "Miss", body: "/p #4" });
    expect(await get("/p", { cookie: "sid=abc" })).toMatchObject({ xCache: "Hit", body: "/p #2" });
  });

  it("keys on the normalised query string, which is also what the site receives", async () => {
    page("/q", SHARED);
    await get("/q?sort=price&category=men");
    expect(seen.at(-1)?.url).toBe("/q?category=men&sort=price");
    expect(await get("/q?category=men&sort=price")).toMatchObject({ xCache: "Hit" });
    expect(await get("/q?category=women")).toMatchObject({ xCache: "Miss" });
  });

  it("a viewer's no-cache does not bypass the cache, and its validator gets a 304 from it", async () => {
    page("/v", SHARED, { etag: '"v1"' });
    await get("/v");
    expect(await get("/v", { "cache-control": "no-cache", pragma: "no-cache" })).toMatchObject({
      xCache: "Hit",
    });
    expect(await get("/v", { "if-none-match": '"v1"' })).toMatchObject({
      status: 304,
      xCache: "Hit",
    });
    expect(siteHits("/v")).toBe(1);
  });

  it("passes writes straight to the site, body included", async () => {
    routes.set("/form", async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      res.writeHead(303, { location: "/done", "cache-control": "private, no-store" });
      res.end(body);
    });
    const res = await fetch(`${cache.url}/form`, {
      method: "POST",
      body: "a=1",
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(await res.text()).toBe("a=1");
    expect(cache.stats()).toMatchObject({ passes: 1, misses: 0 });
  });

  it("relays the site's early refusal of a large streamed write, without resetting the viewer", async () => {
    // The site refuses an oversized form at once and closes the connection, the body unread.
    routes.set("/big", (_req, res) => {
      res.writeHead(413, { "cache-control": "private, no-store", connection: "close" });
      res.end("too large");
    });
    const res = await postStreamed(`${cache.url}/big`);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("too large");
  });

  it("answers 413 to a write past the deployed site's request limit, without asking the site", async () => {
    routes.set("/huge", (_req, res) => {
      res.end("read");
    });
    const small = await startSharedCache({
      origin: siteUrl,
      normaliseQuery: sortQuery,
      maxRequestBytes: 64 * 1024,
    });
    try {
      // Streamed, 4 MiB against a 64 KiB limit: the refusal, not a reset.
      const res = await postStreamed(`${small.url}/huge`);
      expect(res.status).toBe(413);
      expect(siteHits("/huge")).toBe(0);
      const fits = await fetch(`${small.url}/huge`, {
        method: "POST",
        body: "x".repeat(64 * 1024),
      });
      expect(await fits.text()).toBe("read");
    } finally {
      await small.close();
    }
  });
});

describe("past freshness", () => {
  it("stale-while-revalidate: serves the stale page at once while one request refreshes it", async () => {
    routes.set("/swr", async (_req, res, n) => {
      if (n > 1) await sleep(300); // the refresh is slow: the views below all overlap it
      res.writeHead(200, { "cache-control": "public, s-maxage=1, stale-while-revalidate=60" });
      res.end(`swr #${n}`);
    });
    await get("/swr");
    await sleep(1100);
    const views = await Promise.all([get("/swr"), get("/swr"), get("/swr")]);
    expect(views.map((v) => [v.xCache, v.body])).toEqual([
      ["Stale", "swr #1"],
      ["Stale", "swr #1"],
      ["Stale", "swr #1"],
    ]);
    await sleep(500);
    expect(siteHits("/swr")).toBe(2);
    expect(await get("/swr")).toMatchObject({ xCache: "Hit", body: "swr #2" });
  });

  it("past freshness with a validator: the site's 304 refreshes the kept page (RefreshHit)", async () => {
    routes.set("/etag", (req, res, n) => {
      const headers = { "cache-control": "public, s-maxage=1", etag: '"e1"' };
      if (req.headers["if-none-match"] === '"e1"') res.writeHead(304, headers).end();
      else res.writeHead(200, headers).end(`etag #${n}`);
    });
    await get("/etag");
    await sleep(1100);
    expect(await get("/etag")).toMatchObject({ xCache: "RefreshHit", body: "etag #1" });
    expect(seen.at(-1)?.ifNoneMatch).toBe('"e1"');
    expect(await get("/etag")).toMatchObject({ xCache: "Hit", body: "etag #1" });
  });

  it("stale-if-error: serves the kept page when the site answers 5xx or cannot be reached", async () => {
    let failure: "none" | "500" | "reset" = "none";
    routes.set("/sie", (req, res, n) => {
      if (failure === "500") return void res.writeHead(500).end("boom");
      if (failure === "reset") return void req.socket.destroy();
      res.writeHead(200, { "cache-control": "public, s-maxage=1, stale-if-error=60" });
      res.end(`sie #${n}`);
    });
    routes.set("/fragile", (_req, res, n) => {
      if (failure !== "none") return void res.writeHead(500).end("boom");
      res.writeHead(200, { "cache-control": "public, s-maxage=1" });
      res.end(`fragile #${n}`);
    });
    await get("/sie");
    await get("/fragile");
    await sleep(1100);
    failure = "500";
    expect(await get("/sie")).toMatchObject({ status: 200, xCache: "Stale", body: "sie #1" });
    // Without stale-if-error the failure is the answer.
    expect(await get("/fragile")).toMatchObject({ status: 500, xCache: "Miss" });
    failure = "reset";
    expect(await get("/sie")).toMatchObject({ status: 200, xCache: "Stale", body: "sie #1" });
    failure = "none";
    // The reset was asked twice (a GET on a connection reset is sent once more): #3 and #4.
    expect(await get("/sie")).toMatchObject({ xCache: "Miss", body: "sie #5" });
  });
});

describe("purge (CloudFront's invalidation paths)", () => {
  beforeEach(() => {
    for (const path of ["/product", "/product/a", "/product/ab", "/company"]) page(path, SHARED);
  });
  const fill = async () => {
    for (const path of [
      "/product",
      "/product?category=men",
      "/product/a",
      "/product/ab",
      "/company",
    ]) {
      await get(path);
    }
    await get("/product/a", { cookie: "sid=abc" });
  };

  it("an exact path removes that URL only (its query string is part of it), for every cookie", async () => {
    await fill();
    expect(cache.purge(["/product/a", "/product"])).toBe(3);
    expect((await get("/product/a")).xCache).toBe("Miss");
    expect((await get("/product/a", { cookie: "sid=abc" })).xCache).toBe("Miss");
    expect((await get("/product")).xCache).toBe("Miss");
    expect((await get("/product?category=men")).xCache).toBe("Hit");
    expect((await get("/product/ab")).xCache).toBe("Hit");
    expect(cache.purge(["/product?category=men"])).toBe(1);
    expect((await get("/product?category=men")).xCache).toBe("Miss");
  });

  it("a path ending in * removes every URL it prefixes, query strings included", async () => {
    await fill();
    expect(cache.purge(["/product*"])).toBe(5);
    expect((await get("/company")).xCache).toBe("Hit");
    expect((await get("/product?category=men")).xCache).toBe("Miss");
    expect(cache.stats().purged).toBe(5);
  });

  it("a page being fetched when it is purged is not kept", async () => {
    let asked!: () => void;
    const siteAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    routes.set("/slow", async (_req, res, n) => {
      asked();
      await sleep(200);
      res.writeHead(200, { "cache-control": SHARED }).end(`slow #${n}`);
    });
    const first = get("/slow");
    // Purged while the site is answering (not before the cache has asked it, on a loaded machine).
    await siteAsked;
    cache.purge(["/slow"]);
    await first;
    expect((await get("/slow")).xCache).toBe("Miss");
  });

  it("refuses a path without its leading slash; a * before the end is no wildcard", async () => {
    await fill();
    expect(() => cache.purge(["product"])).toThrow(/starts with/);
    expect(cache.purge(["/pro*"])).toBe(5);
    expect(cache.purge(["/c*ny"])).toBe(0);
  });
});

describe("the origin's custom headers", () => {
  it("are added to every request sent to the site, over any the viewer sent under that name", async () => {
    const received: Array<string | undefined> = [];
    routes.set("/page", (req, res) => {
      received.push(req.headers["x-origin-verify"] as string | undefined);
      res.writeHead(200, { "cache-control": "private, no-store" }).end("ok");
    });
    routes.set("/form", (req, res) => {
      received.push(req.headers["x-origin-verify"] as string | undefined);
      req.resume();
      req.on("end", () => res.writeHead(200).end("posted"));
    });
    const guarded = await startSharedCache({
      origin: siteUrl,
      normaliseQuery: sortQuery,
      originHeaders: { "X-Origin-Verify": "the-edge-secret-value" },
    });
    try {
      expect((await fetch(`${guarded.url}/page`)).status).toBe(200);
      await fetch(`${guarded.url}/page`, { headers: { "x-origin-verify": "forged-by-viewer" } });
      await fetch(`${guarded.url}/form`, { method: "POST", body: "a=1" });
      expect(received).toEqual(Array(3).fill("the-edge-secret-value"));
    } finally {
      await guarded.close();
    }
  });
});
