// Hostile bodies at the HTTP level (no browser; docs/architecture.md §5: bad input of any shape gets a
// 4xx, never a 500, and changes nothing). Every route module with an action, found in
// web/app/routes when the test runs (a new action is covered without editing this file), gets
// bodies no page of the shop sends: JSON, text, a broken multipart body, an oversized form with
// and without Content-Length (chunked), and repeated fields; from an anonymous visitor and from
// a signed-in admin, with the shop's own Origin. Then nothing the bodies carry may be stored.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createUser, findUserByEmail, listAddresses } from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { listContactMessages } from "@shop/core/server/contact";
import { isSubscribed } from "@shop/core/server/newsletter";
import { getPromotion } from "@shop/core/server/promotions";
import { listProductReviews } from "@shop/core/server/reviews";
import { REPO_ROOT } from "@shop/local-cloud";
import { signInOn } from "../support/pages";
import { mailbox, shopContext } from "../support/shop";

const ROUTES_DIR = join(REPO_ROOT, "web", "app", "routes");
/** A seeded product (docs/architecture.md §6: the seed is fixed), for /product/$slug. */
const SEEDED_SLUG = "organic-cotton-crew-t-shirt";
/** Params by name; a route may need a particular one (the product form's "new"). */
const PARAMS: Record<string, string> = { id: "00000000-0000-4000-8000-000000000000", "*": "x" };
const ROUTE_PARAMS: Record<string, Record<string, string>> = {
  "admin.products.$id": { id: "new" },
};

interface ActionRoute {
  /** The route module's name, e.g. "admin.orders.$id". */
  name: string;
  url: string;
  /** Reads a form (web/app/lib/form.server.ts): it must answer the reader's refusals. */
  readsForm: boolean;
  /** Takes multipart (files): a broken multipart body is a 400 there, a 415 elsewhere. */
  takesFiles: boolean;
}

/** Remix flat routes: "admin.orders.$id" → /admin/orders/<id>, "user_.x" → /user/x. */
function urlOf(name: string): string {
  const segments = name.match(/(?:\[[^\]]*\]|[^.])+/g) ?? [];
  const path: string[] = [];
  for (const raw of segments) {
    const segment = raw.replace(/\[([^\]]*)\]/g, "$1");
    if (raw === "_index" || raw.startsWith("_")) continue;
    const optional = /^\((.*)\)$/.exec(segment)?.[1];
    const part = (optional ?? segment).replace(/_$/, "");
    if (part === "$") path.push(PARAMS["*"] ?? "x");
    else if (part.startsWith("$")) {
      const param = part.slice(1);
      path.push(
        ROUTE_PARAMS[name]?.[param] ?? (param === "slug" ? SEEDED_SLUG : (PARAMS.id ?? "x")),
      );
    } else path.push(part);
  }
  return `/${path.join("/")}`;
}

const EXPORTS_ACTION =
  /export\s+(?:async\s+)?function\s+action\b|export\s+(?:const|let)\s+action\b|export\s*\{[^}]*\baction\b/;

function actionRoutes(): ActionRoute[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.(tsx?|jsx?)$/.test(file) && !/\.test\./.test(file))
    .map((file) => ({
      name: file.replace(/\.[jt]sx?$/, ""),
      source: readFileSync(join(ROUTES_DIR, file), "utf8"),
    }))
    .filter(({ source }) => EXPORTS_ACTION.test(source))
    .map(({ name, source }) => ({
      name,
      url: urlOf(name),
      readsForm: /\breadForm(?:OrRefusal)?\(/.test(source),
      takesFiles: /\bupload:\s*\{/.test(source),
    }));
}

const ROUTES = actionRoutes();

let seq = 0;
/**
 * Each request from its own client address, so abuse limits never hide the answer: as CloudFront
 * passes it on (TRUST_PROXY=1 in the e2e shop), the one header the site reads it from.
 */
function clientAddress(): Record<string, string> {
  const address = `198.18.${seq++ % 250}.${Math.floor(Math.random() * 250)}`;
  return { "CloudFront-Viewer-Address": `${address}:443` };
}

/** What the bodies carry: every field of every form, so a body that got through would show. */
function probeFields(probe: string) {
  return {
    intent: "subscribe",
    email: `${probe}@example.com`,
    js: "1",
    redirectTo: "//evil.example",
    firstName: "Hostile",
    lastName: "Probe",
    password: "probe-secret-1",
    confirmPassword: "probe-secret-1",
    phone: "+34 600 000 000",
    subject: probe,
    message: `Message ${probe}`,
    body: `Newsletter ${probe}`,
    code: probe
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "")
      .slice(0, 30),
    label: probe,
    amount: "5",
    address: `1 ${probe} Street`,
    country: "Spain",
    city: "Madrid",
    zipCode: "28001",
    rating: "5",
    description: `Review ${probe}`,
    token: "x".repeat(43),
  };
}

interface Answer {
  status: number;
  location: string;
}

interface HostileBody {
  name: string;
  /** The reader's answer, for a route that reads a form and is reached. */
  expected: (route: ActionRoute) => number;
  send: (
    client: APIRequestContext,
    url: string,
    headers: Record<string, string>,
  ) => Promise<Answer>;
}

const answerOf = async (response: Awaited<ReturnType<APIRequestContext["post"]>>) => ({
  status: response.status(),
  location: response.headers().location ?? "",
});

const URLENCODED = "application/x-www-form-urlencoded";
const BOUNDARY = "----hostileBoundary0123";

function hostileBodies(probe: string): HostileBody[] {
  const fields = probeFields(probe);
  const encoded = new URLSearchParams(fields).toString();
  const raw =
    (contentType: string, data: string | Buffer) =>
    (client: APIRequestContext, url: string, headers: Record<string, string>) =>
      client
        .post(url, { data, headers: { ...headers, "Content-Type": contentType }, maxRedirects: 0 })
        .then(answerOf);
  return [
    {
      name: "JSON",
      expected: () => 415,
      send: (client, url, headers) =>
        client.post(url, { data: fields, headers, maxRedirects: 0 }).then(answerOf),
    },
    { name: "text/plain", expected: () => 415, send: raw("text/plain", encoded) },
    {
      name: "broken multipart",
      expected: (route) => (route.takesFiles ? 400 : 415),
      send: raw(
        `multipart/form-data; boundary=${BOUNDARY}`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsubscribe\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${fields.email}`,
      ),
    },
    {
      name: "oversized URL-encoded",
      expected: () => 413,
      send: raw(URLENCODED, `${encoded}&pad=${"x".repeat(2 * 1024 * 1024)}`),
    },
    {
      name: "oversized chunked (no Content-Length)",
      expected: () => 413,
      send: (client, url, headers) => postChunked(client, url, headers, `${encoded}&pad=`),
    },
    {
      name: "repeated fields",
      expected: () => 400,
      send: raw(
        URLENCODED,
        `${encoded}&intent=create&email=${encodeURIComponent(fields.email)}&code=${fields.code}`,
      ),
    },
  ];
}

/**
 * A 4 MiB form streamed without Content-Length ("Transfer-Encoding: chunked"), which Playwright's
 * request context cannot send: Node's fetch with the context's cookies.
 */
async function postChunked(
  client: APIRequestContext,
  url: string,
  headers: Record<string, string>,
  prefix: string,
): Promise<Answer> {
  const cookie = (await client.storageState()).cookies
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(prefix));
      if (sent++ >= 64) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const response = await fetch(new URL(url, process.env.E2E_BASE_URL), {
    method: "POST",
    body,
    duplex: "half",
    redirect: "manual",
    headers: { ...headers, "Content-Type": URLENCODED, ...(cookie ? { Cookie: cookie } : {}) },
  } as RequestInit);
  await response.arrayBuffer().catch(() => undefined);
  return { status: response.status, location: response.headers.get("location") ?? "" };
}

test("every route with an action is found, with the routes that read a form", () => {
  const urls = ROUTES.map((route) => route.url);
  for (const url of [
    "/auth/sign-in",
    "/auth/sign-up",
    "/newsletter",
    "/customer-service/contact",
    "/product/organic-cotton-crew-t-shirt",
    "/admin/products/new",
  ]) {
    expect(urls).toContain(url);
  }
  expect(ROUTES.filter((route) => route.readsForm).length).toBeGreaterThanOrEqual(16);
  // No route takes files: the admin's photos go straight to S3 (docs/decisions/031-direct-photo-uploads.md).
  expect(ROUTES.find((route) => route.url === "/admin/products/new")?.takesFiles).toBe(false);
  expect(ROUTES.find((route) => route.url === "/newsletter")?.takesFiles).toBe(false);
});

for (const route of ROUTES) {
  test(`${route.url} (${route.name}): hostile bodies get no 5xx and change nothing`, async ({
    playwright,
  }) => {
    test.setTimeout(120_000);
    const baseURL = process.env.E2E_BASE_URL ?? "";
    const origin = new URL(baseURL).origin;
    const probe = `hostile-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const fields = probeFields(probe);
    const ctx = shopContext();

    // An admin of this test's own: nothing it could lose matters to other tests.
    const adminEmail = `${probe}-admin@example.com`;
    const admin = await createUser(
      ctx,
      { firstName: "Ada", lastName: "Admin", email: adminEmail, password: "admin-secret-1" },
      { admin: true },
    );
    const anonymous = await playwright.request.newContext({ baseURL });
    const signedIn = await playwright.request.newContext({ baseURL });
    await signInOn(signedIn, adminEmail, "admin-secret-1", clientAddress());

    try {
      for (const [who, client] of [
        ["anonymous", anonymous],
        ["admin", signedIn],
      ] as const) {
        for (const body of hostileBodies(probe)) {
          const what = `${who}, ${body.name}, POST ${route.url}`;
          // Each body on a connection of its own (with the same cookies): a server that answers
          // 413 before reading a body may leave it unread on the connection it came on.
          const fresh = await playwright.request.newContext({
            baseURL,
            storageState: await client.storageState(),
          });
          const answer = await body
            .send(fresh, route.url, { Origin: origin, ...clientAddress() })
            .finally(() => fresh.dispose());
          expect(answer.status, what).toBeLessThan(500);
          expect(answer.status, what).toBeGreaterThanOrEqual(300);
          if (!route.readsForm) continue;
          if (answer.status < 400) {
            // Not reached: a guard sent the visitor to sign in (an admin passes every guard).
            expect(who, what).toBe("anonymous");
            expect(answer.location, what).toMatch(/^\/auth\/sign-in\?/);
          } else {
            expect(answer.status, what).toBe(body.expected(route));
          }
        }
      }
    } finally {
      await anonymous.dispose();
      await signedIn.dispose();
    }

    // Nothing the bodies carried was stored…
    expect(await isSubscribed(ctx, fields.email), "newsletter subscription").toBe(false);
    expect(await findUserByEmail(ctx, fields.email), "account").toBeNull();
    expect(await getPromotion(ctx, fields.code), "promotion").toBeNull();
    expect(await listAddresses(ctx, admin.id), "address").toEqual([]);
    expect(
      (await listContactMessages(ctx, 100)).filter((m) => m.subject.includes(probe)),
      "contact message",
    ).toEqual([]);
    const product = await getProductBySlug(ctx, SEEDED_SLUG);
    if (product) {
      const reviews = (await listProductReviews(ctx, product.id, { limit: 50 })).reviews;
      expect(
        reviews.filter((r) => r.description.includes(probe)),
        "review",
      ).toEqual([]);
    }
    // …the admin is as it was (names, e-mail, still there)…
    expect(await findUserByEmail(ctx, adminEmail), "the admin").toMatchObject({
      id: admin.id,
      firstName: "Ada",
      lastName: "Admin",
      isAdmin: true,
    });
    // …and no e-mail went out about it (mail is sent through a queue: give it time).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const mails = await mailbox();
    expect(
      mails.filter((m) =>
        [m.subject, m.body.text ?? "", m.body.html ?? ""].some((text) => text.includes(probe)),
      ),
      "e-mail",
    ).toEqual([]);
  });
}
