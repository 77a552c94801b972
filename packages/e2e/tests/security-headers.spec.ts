// Security headers on every kind of response the shop's server sends (web/server/security-headers.ts;
// on AWS, CloudFront's response headers policy adds the same, stacks/Web.ts), and a page's
// Content-Security-Policy: on a private page a fresh nonce per response that every inline script
// carries; on a page a shared cache keeps, the hashes of exactly its inline scripts
// (docs/decisions/018-edge-cache.md); no other inline script, and no violation while the pages
// are used.
import { createHash } from "node:crypto";
import { type APIResponse, expect, type Page, test } from "@playwright/test";
import { originHeaders } from "../support/origin";
import { waitForHydration } from "../support/pages";

const COMMON = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

function expectSecurityHeaders(res: APIResponse, what: string) {
  const headers = res.headers();
  for (const [name, value] of Object.entries(COMMON))
    expect(headers[name], `${what}: ${name}`).toBe(value);
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  // Never on a local http server: HSTS is CloudFront's, on production stages.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

const nonceOf = (csp: string) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];

test("every kind of response carries the security headers", async ({ request, page }) => {
  const home = await request.get("/");
  expectSecurityHeaders(home, "page");
  const html = await home.text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
  const asset = script?.[1] ?? script?.[2];
  expect(asset).toBeTruthy();

  const responses: Array<[string, Promise<APIResponse>]> = [
    ["data request", request.get("/product.data")],
    ["resource route", request.get("/api/search?q=linen")],
    ["health check", request.get("/healthz")],
    ["static asset", request.get(asset as string)],
    ["public file", request.get("/favicon.svg")],
    ["not found page", request.get("/no-such-page-at-all")],
    [
      "cross-site write refused by the server",
      request.post("/newsletter", {
        headers: {
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        data: "email=a%40b.example",
        maxRedirects: 0,
      }),
    ],
  ];
  for (const [what, pending] of responses) expectSecurityHeaders(await pending, what);

  // The data and files get the strictest policy: nothing may load from them.
  const data = await request.get("/product.data");
  expect(data.headers()["content-security-policy"]).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  await page.close();
});

test("a private page's policy allows only its own nonce'd inline scripts, with a fresh nonce each time", async ({
  request,
}) => {
  // The sign-in page is kept by the render cache after its first view: each answer carries its own nonce.
  const nonces: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await request.get("/auth/sign-in");
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    const csp = res.headers()["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("js.stripe.com"); // only the checkout may load Stripe
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    const nonce = nonceOf(csp);
    expect(nonce).toBeTruthy();
    nonces.push(nonce as string);
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  expect(new Set(nonces).size).toBe(nonces.length);
});

test("a shared-cacheable page allows exactly its own inline scripts by hash, no nonce", async ({
  request,
}) => {
  // The same document and policy go to every visitor from the cache: a nonce there would be public.
  const policies = new Set<string>();
  for (let i = 0; i < 2; i++) {
    const res = await request.get("/product?category=men");
    expect(res.headers()["cache-control"]).toContain("s-maxage=");
    const csp = res.headers()["content-security-policy"] ?? "";
    policies.add(csp);
    const scriptSrc = (csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "")
      .trim()
      .split(" ")
      .slice(1);
    expect(nonceOf(csp)).toBeUndefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const html = await res.text();
    const inline = [
      ...html.matchAll(
        /<script((?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*)>([\s\S]*?)<\/script>/g,
      ),
    ].map(
      (m) =>
        `'sha256-${createHash("sha256")
          .update(m[2] ?? "")
          .digest("base64")}'`,
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(
      [...new Set(inline)].sort(),
    );
  }
  expect(policies.size).toBe(1);

  // A copy the site revalidates keeps the policy it came with: the site's 304 carries none.
  // (The shared cache's own 304 repeats the kept copy's headers: same ETag, same page, same hashes.)
  const site = process.env.E2E_SITE_URL;
  const first = await request.get(`${site}/product?category=men`, { headers: originHeaders() });
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const again = await request.get(`${site}/product?category=men`, {
    headers: { ...originHeaders(), "If-None-Match": etag as string },
  });
  expect(again.status()).toBe(304);
  expect(again.headers()["content-security-policy"]).toBeUndefined();
});

async function recordViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (
      message.type() === "error" &&
      /Content Security Policy|Content-Security-Policy/i.test(message.text())
    ) {
      violations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test("the pages run under their policy without a single violation", async ({ page }) => {
  const violations = await recordViolations(page);
  for (const path of [
    "/",
    "/product",
    "/cart/view-cart",
    "/auth/sign-in",
    "/customer-service/contact",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  // Client-side navigation runs the next route's code under the first page's policy.
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: /women/i }).first().click();
  await expect(page).toHaveURL(/\/product/);
  expect(violations).toEqual([]);
});
