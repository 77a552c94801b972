// The HTTP security suite against the running shop (docs/decisions/007-threat-model.md): what a
// client holding only a session, a list of bypass forms or a script can do to accounts, return
// paths, resets, unsubscribe links, deleted accounts' orders and the checkout. No browser: each
// request is what an attacker would send; the table is read afterwards through core.
// (Headers: security-headers.spec.ts; hostile bodies: security-bodies.spec.ts.)
import { type APIRequestContext, expect, test } from "@playwright/test";
import { ANONYMISED_EMAIL } from "@shop/core/accounts";
import {
  createUser,
  findUserByEmail,
  getUserItem,
  verifyCredentials,
} from "@shop/core/server/accounts";
import { getProductBySlug } from "@shop/core/server/catalog";
import { placeOrder } from "@shop/core/server/checkout";
import {
  isSubscribed,
  oneClickUnsubscribeUrl,
  setSubscription,
} from "@shop/core/server/newsletter";
import { getOrder } from "@shop/core/server/orders";
import { REDIRECT_BYPASSES } from "../../../web/app/lib/redirect-bypasses.test-data.ts";
import { mailbox, shopContext, waitForMail } from "../support/shop";

let seq = 0;
const uniqueEmail = (tag: string) =>
  `suite+${tag}-${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const viewer = () => ({ "cloudfront-viewer-address": `198.19.${seq++ % 250}.${Date.now()}` });

/** A customer (unverified address unless said), signed in on `request` from its own address. */
async function customer(
  request: APIRequestContext,
  tag: string,
  options: { emailVerified?: boolean } = {},
) {
  const email = uniqueEmail(tag);
  const user = await createUser(
    shopContext(),
    { firstName: "Rita", lastName: "Reauth", email, password: "secret1" },
    options,
  );
  const from = viewer();
  const res = await request.post("/auth/sign-in", {
    form: { intent: "sign-in", email, password: "secret1" },
    headers: from,
    maxRedirects: 0,
  });
  expect(res.status(), "sign-in").toBe(303);
  return { user, email, from };
}

test("return paths: every known bypass form keeps a signed-in visitor on the shop", async ({
  request,
  baseURL,
}) => {
  await customer(request, "return");
  const origin = new URL(baseURL ?? "").origin;
  for (const bypass of REDIRECT_BYPASSES) {
    const res = await request.get(`/auth/sign-in?redirectTo=${encodeURIComponent(bypass)}`, {
      maxRedirects: 0,
    });
    const what = JSON.stringify(bypass);
    expect(res.status(), what).toBeGreaterThanOrEqual(300);
    expect(res.status(), what).toBeLessThan(400);
    const location = res.headers().location ?? "";
    // As a browser reads it: tabs and newlines dropped, relative to the page.
    const resolved = new URL(location.replace(/[\t\n\r]/g, ""), `${origin}/auth/sign-in`);
    expect(resolved.origin, `${what} → ${location}`).toBe(origin);
  }
});

test("30 parallel wrong passwords give at most the configured 5 verified attempts", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("race");
  await createUser(shopContext(), { firstName: "R", lastName: "Ace", email, password: "secret1" });
  // The limit counts in a sliding window (SIGNIN_LOCK_MINUTES, 15 by default): a burst across a
  // window's edge gets at most 5, but may get fewer (requests stamped before the edge and counted
  // after it are refused). Start it clear of the edge, so that exactly 5 are checked.
  const windowMs = 15 * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
  const from = viewer();
  const answers = await Promise.all(
    Array.from({ length: 30 }, () =>
      request.post("/auth/sign-in", {
        form: { intent: "sign-in", email, password: "wrong-pass" },
        headers: from,
        maxRedirects: 0,
      }),
    ),
  );
  const statuses = answers.map((res) => res.status());
  // 401: the password was checked (and wrong); 429: refused before any check.
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(25);
});

test("the site answers only through the edge: direct calls with forged viewer addresses get 403 and check no password", async ({
  request,
}) => {
  const email = uniqueEmail("direct");
  await createUser(shopContext(), {
    firstName: "D",
    lastName: "Irect",
    email,
    password: "secret1",
  });
  const site = process.env.E2E_SITE_URL;
  // An attacker who found the site's own address writes a new viewer address into every request.
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      request.post(`${site}/auth/sign-in`, {
        form: { intent: "sign-in", email, password: "wrong-pass" },
        headers: { "cloudfront-viewer-address": `203.0.113.${i}:443`, Origin: site as string },
        maxRedirects: 0,
      }),
    ),
  );
  expect(answers.map((res) => res.status())).toEqual(Array(30).fill(403));
  expect(await answers[0]?.text()).toContain("only through its CloudFront distribution");
  const page = await request.get(`${site}/product`, { maxRedirects: 0 });
  expect(page.status()).toBe(403);
  // No attempt was counted: the owner signs in at once, through the edge.
  const owner = await request.post("/auth/sign-in", {
    form: { intent: "sign-in", email, password: "secret1" },
    headers: viewer(),
    maxRedirects: 0,
  });
  expect(owner.status()).toBe(303);
});

test("re-authentication: a session alone changes neither the password nor deletes the account", async ({
  request,
}) => {
  const { user, email, from } = await customer(request, "reauth");
  const change = (fields: Record<string, string>) =>
    request.post("/user/security", {
      form: {
        intent: "update-password",
        password: "taken-1",
        confirmPassword: "taken-1",
        ...fields,
      },
      headers: from,
      maxRedirects: 0,
    });
  const missing = await change({});
  expect(missing.status()).toBe(400);
  expect(await missing.text()).toContain("Enter your current password");
  const wrong = await change({ currentPassword: "guess-1" });
  expect(wrong.status()).toBe(401);
  expect(await wrong.text()).toContain("The current password is incorrect");
  await expect(verifyCredentials(shopContext(), email, "secret1")).resolves.toBeTruthy();

  for (const fields of [{}, { currentPassword: "guess-2" }] as Record<string, string>[]) {
    const res = await request.post("/user/security", {
      form: { intent: "delete-account", ...fields },
      headers: from,
      maxRedirects: 0,
    });
    expect([400, 401]).toContain(res.status());
  }
  expect(await getUserItem(shopContext(), user.id)).not.toBeNull();

  expect((await change({ currentPassword: "secret1" })).status()).toBe(303);
  await expect(verifyCredentials(shopContext(), email, "taken-1")).resolves.toBeTruthy();
});

test("e-mail change: only the link sent to the new address moves the account; the old one is told", async ({
  request,
}) => {
  const { user, email, from } = await customer(request, "move");
  const next = uniqueEmail("moved");
  const save = (fields: Record<string, string>) =>
    request.post("/user/profile", {
      form: { firstName: "Rita", lastName: "Reauth", email: next, ...fields },
      headers: from,
      maxRedirects: 0,
    });
  expect((await save({})).status()).toBe(400);
  expect((await save({ currentPassword: "guess-1" })).status()).toBe(401);
  expect((await save({ currentPassword: "secret1" })).status()).toBe(303);
  // Asked, not done: the account keeps its address until the link is followed.
  expect(await getUserItem(shopContext(), user.id)).toMatchObject({ email, pendingEmail: next });
  expect(await findUserByEmail(shopContext(), next)).toBeNull();
  const notice = await waitForMail(email, /is being changed/);
  expect(notice.body.text).toContain(next);

  const mail = await waitForMail(next, /Confirm your new e-mail/);
  const token = /confirm-email\?token=([\w-]+)/.exec(mail.body.text ?? "")?.[1] ?? "";
  // Opening the link (a mail scanner does) changes nothing; another session's POST does.
  const opened = await request.get(`/auth/confirm-email?token=${token}`);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["cache-control"]).toContain("no-store");
  expect(opened.headers()["referrer-policy"]).toBe("no-referrer");
  expect((await getUserItem(shopContext(), user.id))?.email).toBe(email);
  const confirmed = await request.post("/auth/confirm-email", {
    form: { token },
    headers: viewer(),
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
  expect(await getUserItem(shopContext(), user.id)).toMatchObject({
    email: next,
    emailVerified: true,
  });
  const again = await request.post("/auth/confirm-email", {
    form: { token },
    headers: viewer(),
    maxRedirects: 0,
  });
  expect(again.status()).toBe(400);
});

test("an unverified address never shows or changes another person's newsletter subscription", async ({
  request,
}) => {
  // Someone subscribed in the footer; a stranger signs up with that address.
  const theirs = uniqueEmail("theirs");
  await setSubscription(shopContext(), theirs, true);
  const from = viewer();
  const signUp = await request.post("/auth/sign-up", {
    form: {
      firstName: "Sly",
      lastName: "Squatter",
      email: theirs,
      password: "secret1",
      confirmPassword: "secret1",
    },
    headers: from,
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(303);
  const profile = await (await request.get("/user/profile", { headers: from })).text();
  expect(profile).toContain("Send me a confirmation link");
  expect(profile).not.toMatch(/>(Not s|S)ubscribed</);
  const toggle = await request.post("/newsletter", {
    form: { intent: "preference", isSubscribed: "false", js: "1" },
    headers: from,
    maxRedirects: 0,
  });
  expect(toggle.status()).toBe(403);
  expect(await isSubscribed(shopContext(), theirs)).toBe(true);
});

test("password-reset requests answer alike, in about the same time, for known and unknown addresses", async ({
  request,
}) => {
  const known = await Promise.all(
    Array.from({ length: 9 }, async () => {
      const email = uniqueEmail("reset");
      await createUser(shopContext(), {
        firstName: "K",
        lastName: "Nown",
        email,
        password: "secret1",
      });
      return email;
    }),
  );
  const ask = async (email: string) => {
    const started = performance.now();
    const res = await request.post("/auth/sign-in", {
      form: { intent: "forgot-password", email },
      headers: viewer(),
      maxRedirects: 0,
    });
    const ms = performance.now() - started;
    return { status: res.status(), body: await res.text(), ms };
  };
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers = new Set<string>();
  for (const email of known) {
    const a = await ask(email);
    const b = await ask(uniqueEmail("nobody"));
    times.known.push(a.ms);
    times.unknown.push(b.ms);
    answers.add(`${a.status} ${a.body}`).add(`${b.status} ${b.body}`);
  }
  // The same answer, word for word.
  expect(answers.size).toBe(1);
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1] ?? 0;
  const gap = Math.abs(median(times.known) - median(times.unknown));
  // Within a small tolerance: both do the same table work, and neither sends mail inline.
  expect(gap, `known ${median(times.known)} ms, unknown ${median(times.unknown)} ms`).toBeLessThan(
    Math.max(50, 0.5 * median(times.unknown)),
  );
  await expect
    .poll(
      async () => (await mailbox()).filter((m) => known.includes(m.destination.to[0] ?? "")).length,
    )
    .toBe(9);
});

test("one-click unsubscribe: the mail's URL with List-Unsubscribe=One-Click unsubscribes, nothing else does", async ({
  request,
}) => {
  const email = uniqueEmail("oneclick");
  await setSubscription(shopContext(), email, true);
  const url = new URL(oneClickUnsubscribeUrl(shopContext().config, email));
  const path = `${url.pathname}${url.search}`;
  // A scanner's GET, a POST without the one-click body, a forged token: still subscribed.
  expect((await request.get(path, { maxRedirects: 0 })).status()).toBeLessThan(500);
  const plain = await request.post(path, { form: { other: "1" }, headers: viewer() });
  expect(plain.status()).toBe(400);
  const forged = new URL(url);
  forged.searchParams.set("token", "forged");
  const refused = await request.post(`${forged.pathname}${forged.search}`, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: viewer(),
  });
  expect(refused.status()).toBe(400);
  expect(await isSubscribed(shopContext(), email)).toBe(true);
  const done = await request.post(path, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: viewer(),
  });
  expect(done.status()).toBe(200);
  expect(await isSubscribed(shopContext(), email)).toBe(false);
});

test("deleting an account anonymises its orders; amounts and lines stay", async ({ request }) => {
  const { user, from } = await customer(request, "delete");
  const ctx = shopContext();
  const tee = await getProductBySlug(ctx, "organic-cotton-crew-t-shirt");
  if (!tee) throw new Error("the seeded tee is missing");
  const placed = await placeOrder(ctx, {
    userId: user.id,
    email: user.email,
    lines: [{ productId: tee.id, size: tee.sizes[0], quantity: 2 }],
    address: {
      address: "7 Private Lane",
      country: "Spain",
      city: "Madrid",
      zipCode: "28013",
      phone: "+34 600 000 001",
    },
    deliveryMethod: "STANDARD",
  });
  const deleted = await request.post("/user/security", {
    form: { intent: "delete-account", currentPassword: "secret1" },
    headers: from,
    maxRedirects: 0,
  });
  expect(deleted.status()).toBe(303);
  await expect
    .poll(async () => (await getOrder(ctx, placed.order.id))?.email, { timeout: 20_000 })
    .toBe(ANONYMISED_EMAIL);
  const order = await getOrder(ctx, placed.order.id);
  expect(JSON.stringify(order)).not.toContain("7 Private Lane");
  expect(JSON.stringify(order)).not.toContain("+34 600 000 001");
  expect(order).toMatchObject({
    totalCents: placed.order.totalCents,
    lines: placed.order.lines,
    createdAt: placed.order.createdAt,
  });
});

test("checkout limits: quotes, wrong promotion codes and orders are refused past their limit with a clear message", async ({
  request,
}) => {
  const { from } = await customer(request, "checkout");
  const tee = await getProductBySlug(shopContext(), "organic-cotton-crew-t-shirt");
  if (!tee) throw new Error("the seeded tee is missing");
  const lines = JSON.stringify([{ productId: tee.id, size: tee.sizes[0], quantity: 1 }]);
  const quote = (code: string) =>
    request.post("/cart/checkout", {
      form: { intent: "quote", lines, deliveryMethod: "STANDARD", code },
      headers: from,
      maxRedirects: 0,
    });
  // Code guessing: the 11th wrong code in the hour is refused without being checked.
  for (let i = 0; i < 10; i++) expect((await quote(`GUESS${i}X`)).status()).toBe(404);
  const guessed = await quote("WELCOME10");
  expect(guessed.status()).toBe(429);
  expect(await guessed.text()).toMatch(
    /Too many promotion codes tried\. Try again in \d+ minutes?\./,
  );

  // Card testing: the 11th order of the hour from this account is refused before anything is
  // written or charged.
  const place = () =>
    request.post("/cart/checkout", {
      form: {
        intent: "place",
        lines,
        deliveryMethod: "STANDARD",
        address: "3 Limit Road",
        country: "France",
        city: "Paris",
        zipCode: "75003",
        phone: "+33 1 00 00 00 03",
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/34",
        cvc: "123",
      },
      headers: from,
      maxRedirects: 0,
    });
  for (let i = 0; i < 10; i++) expect((await place()).status(), `order ${i + 1}`).toBe(303);
  const eleventh = await place();
  expect(eleventh.status()).toBe(429);
  expect(await eleventh.text()).toMatch(/Too many orders placed\. Try again in \d+ minutes?\./);
});
