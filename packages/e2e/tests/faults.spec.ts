// Bounded under faults (core/src/context/deadlines.ts): a second web server, on the test shop's
// own cloud, reaches the table through a proxy that can stop answering (support: local-cloud's
// startStallProxy), as DynamoDB Local does when its process is paused. While it is stalled,
// every storefront page ends within 6 seconds on the 503 page with Retry-After; after the
// resume, the same server answers again without a restart.
import { expect, test } from "@playwright/test";
import { type StallProxy, startStallProxy } from "@shop/local-cloud";
import { startWebServer, type WebServer } from "../support/web-server";

const PAGES = [
  "/product",
  "/product?category=women&sort=price-asc",
  "/product/organic-cotton-crew-t-shirt",
  "/product?search=Linen",
];

let server: WebServer | undefined;
let table: StallProxy | undefined;
let shop = "";
let seq = 0;

test.beforeAll(async ({ browserName: _browser }, info) => {
  if (info.project.name === "mobile") return;
  const cloudEnv = JSON.parse(process.env.E2E_CLOUD_ENV ?? "{}") as Record<string, string>;
  table = await startStallProxy(cloudEnv.DYNAMODB_ENDPOINT ?? "");
  server = await startWebServer("the web server behind the stall proxy", {
    DYNAMODB_ENDPOINT: table.url,
    // AWS's deadlines against the stand-in, as a deployed stage has them.
    DEPENDENCY_DEADLINES: "aws",
    PAYMENTS: "test",
  });
  shop = server.url;
});

test.afterAll(async () => {
  await table?.close();
  await server?.stop();
});

const visitor = () => ({ "cloudfront-viewer-address": `192.0.2.${seq++}:${Date.now() % 60_000}` });

test("with the table stalled, every storefront page ends within 6 s on the 503 page, and the shop recovers by itself", async ({
  page,
}, info) => {
  test.skip(info.project.name === "mobile", "one server, one run");
  test.setTimeout(120_000);
  for (const path of PAGES) {
    expect((await fetch(`${shop}${path}`, { headers: visitor() })).status, path).toBe(200);
  }

  table?.stall();
  const logged = server?.output().length ?? 0;
  for (const path of PAGES) {
    const started = Date.now();
    const res = await fetch(`${shop}${path}`, { headers: visitor() });
    const ms = Date.now() - started;
    const body = await res.text();
    expect(res.status, path).toBe(503);
    expect(ms, path).toBeLessThan(6_000);
    expect(res.headers.get("retry-after"), path).toBe("5");
    expect(res.headers.get("cache-control"), path).toBe("no-store");
    expect(body, path).toContain("We&#39;ll be right back");
    expect(body, path).toContain("nothing was charged");
    expect(body, path).not.toMatch(/\bat .+:\d+:\d+|DependencyUnavailable|dynamodb/i);
  }
  // Each failure is one structured line naming the dependency and the operation.
  const lines = (server?.output() ?? "")
    .slice(logged)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.length).toBeGreaterThanOrEqual(PAGES.length);
  for (const line of lines) {
    expect(line).toMatchObject({ event: "dependency.unavailable", dependency: "dynamodb" });
  }

  // What a shopper sees: the shop's name, the heading, a way to try again.
  await page.setExtraHTTPHeaders(visitor());
  await page.goto(`${shop}/product`);
  await expect(page.getByRole("heading", { name: "We'll be right back" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/product");
  await page.screenshot({ path: info.outputPath("unavailable.png") });

  table?.resume();
  for (const path of PAGES) {
    expect((await fetch(`${shop}${path}`, { headers: visitor() })).status, path).toBe(200);
  }
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("We'll be right back");
});
