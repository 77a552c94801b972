// The smoke test of a running shop (`npm run smoke -- --url <url>`): what a deploy checks on the
// stage it has just deployed (.github/workflows/deploy.yml), and `npm test` on the local shop
// (packages/e2e/global-setup.ts). A few requests, as a visitor makes them:
// - the home page, a product page (the first one the home page links to), robots.txt and the
//   sitemap answer 200;
// - every answer carries the security headers (web/server/security-headers.ts; pages their
//   Content-Security-Policy with frame-ancestors 'none');
// - a second anonymous view of the product page is a CloudFront hit (X-Cache: Hit…), when the
//   shop answers through CloudFront (or the local shared-cache stand-in): without an X-Cache
//   header the check is skipped and says so;
// - a signed-in view never is (and is private), when an account to sign in with is given;
// - no answer is a 5xx.
import { SECURITY_HEADERS } from "../../web/server/security-headers.ts";

export interface SmokeOptions {
  url: string;
  /** An account to sign in with (a deployed stage's smoke account; locally a seeded customer). */
  email?: string;
  password?: string;
  fetch?: typeof fetch;
  /** Views of the product page before the anonymous one must be a hit (CloudFront's edges). */
  anonymousViews?: number;
}

export interface Check {
  name: string;
  status: "pass" | "fail" | "skip";
  detail?: string;
}

/** The seeded customer `npm start` creates (docs/architecture.md §6): the local default. */
export const LOCAL_ACCOUNT = {
  email: "ana.garcia@example.com",
  password: process.env.SEED_CUSTOMER_PASSWORD || "customer1234",
};

export const isLocal = (url: string) =>
  ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname);

/** The security headers an answer lacks (or carries with another value). */
export function missingSecurityHeaders(headers: Headers, page: boolean): string[] {
  const missing: string[] = Object.entries(SECURITY_HEADERS)
    .filter(([name, value]) => headers.get(name) !== value)
    .map(([name]) => name);
  if (page && !/frame-ancestors 'none'/.test(headers.get("content-security-policy") ?? "")) {
    missing.push("Content-Security-Policy (frame-ancestors 'none')");
  }
  return missing;
}

/** CloudFront's X-Cache ("Hit from cloudfront", "RefreshHit from cloudfront") or the stand-in's. */
export const isHit = (xCache: string | null) => /^(Hit|RefreshHit)\b/i.test(xCache ?? "");

export async function smoke(options: SmokeOptions): Promise<Check[]> {
  const doFetch = options.fetch ?? fetch;
  const base = options.url.replace(/\/+$/, "");
  const checks: Check[] = [];
  const serverErrors: string[] = [];
  const check = (name: string, ok: boolean, detail?: string) =>
    checks.push({ name, status: ok ? "pass" : "fail", ...(detail ? { detail } : {}) });

  async function get(path: string, headers: Record<string, string> = {}) {
    // Redirects followed, as a browser does (the home page sends visitors to the catalogue).
    const res = await doFetch(`${base}${path}`, { headers, redirect: "follow" });
    const body = await res.text();
    if (res.status >= 500) serverErrors.push(`${path}: ${res.status}`);
    return { res, body };
  }
  function answers(
    name: string,
    path: string,
    res: Response,
    page: boolean,
    expect?: RegExp,
    body = "",
  ) {
    const problems: string[] = [];
    if (res.status !== 200) problems.push(`status ${res.status}`);
    if (expect && !expect.test(body)) problems.push(`no ${expect.source} in the body`);
    const missing = missingSecurityHeaders(res.headers, page);
    if (missing.length > 0) problems.push(`missing security headers: ${missing.join(", ")}`);
    check(`${name} (${path})`, problems.length === 0, problems.join("; ") || undefined);
  }

  const home = await get("/");
  answers("the home page answers", "/", home.res, true, /<html/i, home.body);
  const productPath = /href="(\/product\/[^"?#]+)"/.exec(home.body)?.[1];
  if (!productPath) {
    check("a product page answers", false, "the home page links to no /product/<slug> page");
  } else {
    const product = await get(productPath);
    answers("a product page answers", productPath, product.res, true, /<html/i, product.body);
  }
  const robots = await get("/robots.txt");
  answers("robots.txt answers", "/robots.txt", robots.res, false, /Sitemap:/i, robots.body);
  const sitemap = await get("/sitemap.xml");
  answers(
    "the sitemap answers",
    "/sitemap.xml",
    sitemap.res,
    false,
    /<(sitemapindex|urlset)/,
    sitemap.body,
  );

  // The edge cache: a second anonymous view is a hit.
  const cachePath = productPath ?? "/";
  const views: Array<string | null> = [];
  for (let i = 0; i < (options.anonymousViews ?? 3); i++) {
    const { res } = await get(cachePath);
    views.push(res.headers.get("x-cache"));
    if (i > 0 && isHit(res.headers.get("x-cache"))) break;
  }
  if (views.every((v) => v === null)) {
    checks.push({
      name: "a second anonymous view is a CloudFront hit",
      status: "skip",
      detail: `${base} answers without an X-Cache header: it is not behind CloudFront (e.g. the local shop on its own port; EDGE_CACHE_PORT serves it through the cache stand-in)`,
    });
  } else {
    check(
      "a second anonymous view is a CloudFront hit",
      views.slice(1).some(isHit),
      `X-Cache of each view of ${cachePath}: ${views.join(" | ")}`,
    );
  }

  // A signed-in view never is.
  if (!options.email || !options.password) {
    checks.push({
      name: "a signed-in view is never a CloudFront hit",
      status: "skip",
      detail:
        "no account to sign in with (--email and --password, or SMOKE_EMAIL and SMOKE_PASSWORD)",
    });
  } else {
    const signIn = await doFetch(`${base}/auth/sign-in`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "sign-in",
        email: options.email,
        password: options.password,
      }),
      redirect: "manual",
    });
    await signIn.text();
    if (signIn.status >= 500) serverErrors.push(`/auth/sign-in: ${signIn.status}`);
    const sid = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .find((c) => c.startsWith("sid="));
    if (signIn.status !== 303 || !sid) {
      check(
        "a signed-in view is never a CloudFront hit",
        false,
        `sign-in answered ${signIn.status} without a session cookie`,
      );
    } else {
      const seen: string[] = [];
      let problem = "";
      for (let i = 0; i < 2; i++) {
        const { res } = await get(cachePath, { cookie: sid });
        const xCache = res.headers.get("x-cache");
        const cacheControl = res.headers.get("cache-control") ?? "";
        seen.push(`${res.status} ${xCache ?? "(no X-Cache)"} ${cacheControl}`);
        if (isHit(xCache)) problem = "a signed-in view was a cache hit";
        else if (!/private|no-store/.test(cacheControl))
          problem = "a signed-in view is not private";
        else if (res.status !== 200) problem = `status ${res.status}`;
      }
      check(
        "a signed-in view is never a CloudFront hit",
        problem === "",
        `${problem ? `${problem}: ` : ""}${seen.join(" | ")}`,
      );
    }
  }

  check("no answer is a 5xx", serverErrors.length === 0, serverErrors.join(", ") || undefined);
  return checks;
}

/** What to do when a deployed stage fails its smoke test. */
export function rollBackAdvice(url: string, stage = process.env.STAGE): string {
  const name = stage ?? "<stage>";
  return [
    `How to roll back ${name} (${url}):`,
    "  1. Deploy the last commit that passed: in GitHub, Actions → Deploy → Run workflow, with",
    `     stage "${name}" and ref set to that commit (or re-run its own green Deploy run); or, with`,
    `     the stage's settings and AWS credentials: git checkout <good commit> && npm ci && npm run deploy -- --stage ${name}`,
    "  2. Data migrations are not undone: each one only adds what older versions ignore (a key, a",
    "     slug, variants, aggregates), so the version before reads the migrated table as it is",
    "     (docs/decisions/024-migrations-on-deploy.md).",
    "  3. Check the stage's dashboard (CloudWatch → Dashboards → threadline-<stage>-operations) and",
    "     the site function's logs for the cause.",
  ].join("\n");
}
