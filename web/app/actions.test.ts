// The actions anyone can post to (sign-in, sign-up, reset, newsletter, contact) read their form
// through readForm (docs/architecture.md §5): a hostile body is a 4xx and nothing is written. Core's
// writing functions are spies here, so a body that got through would show. And no route reads a
// body or a return path but through readForm and safeRedirectTo.

import { readdirSync, readFileSync } from "node:fs";
import type { ActionFunctionArgs } from "@remix-run/node";
import { REPEATED_FIELD } from "@shop/core/common";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const writes = vi.hoisted(() => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
  subscribeFromFooter: vi.fn(),
  setSubscription: vi.fn(),
  sendContactMessage: vi.fn(),
}));

vi.mock("@shop/core/server/accounts", async (original) => ({
  ...(await original<object>()),
  signIn: writes.signIn,
  signUp: writes.signUp,
  requestPasswordReset: writes.requestPasswordReset,
  resetPassword: writes.resetPassword,
}));
vi.mock("@shop/core/server/newsletter", async (original) => ({
  ...(await original<object>()),
  subscribeFromFooter: writes.subscribeFromFooter,
  setSubscription: writes.setSubscription,
}));
vi.mock("@shop/core/server/contact", async (original) => ({
  ...(await original<object>()),
  sendContactMessage: writes.sendContactMessage,
}));

// The unit files share their worker's imports (vitest.config.ts): the routes are imported afresh
// here, against the spies, and the next file imports them afresh against core's own functions.
const MOCKED = [
  "@shop/core/server/accounts",
  "@shop/core/server/newsletter",
  "@shop/core/server/contact",
];
beforeAll(() => {
  vi.resetModules();
});
afterAll(() => {
  for (const path of MOCKED) vi.doUnmock(path);
  vi.resetModules();
});

const routes = {
  "/auth/sign-in": () => import("./routes/auth.sign-in"),
  "/auth/sign-up": () => import("./routes/auth.sign-up"),
  "/auth/reset-password": () => import("./routes/auth.reset-password"),
  "/newsletter": () => import("./routes/newsletter"),
  "/customer-service/contact": () => import("./routes/customer-service.contact"),
};

const URLENCODED = "application/x-www-form-urlencoded";
const EMAIL = "hostile@example.com";
/** Every field any of these forms reads, so a body that got through would reach core. */
const FIELDS = new URLSearchParams({
  intent: "subscribe",
  email: EMAIL,
  password: "secret1",
  confirmPassword: "secret1",
  firstName: "Hos",
  lastName: "Tile",
  phone: "+34 600 000 000",
  subject: "Hello",
  message: "Hello there",
  token: "x".repeat(40),
});

function chunked(bytes: Uint8Array, times: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= times) controller.close();
      else controller.enqueue(bytes);
    },
  });
}

const BODIES: Array<[string, () => RequestInit, number]> = [
  [
    "JSON",
    () => ({
      body: JSON.stringify(Object.fromEntries(FIELDS)),
      headers: { "Content-Type": "application/json" },
    }),
    415,
  ],
  [
    "text/plain",
    () => ({ body: FIELDS.toString(), headers: { "Content-Type": "text/plain" } }),
    415,
  ],
  [
    "broken multipart",
    () => ({
      body: `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${EMAIL}`,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    }),
    415,
  ],
  [
    "malformed URL-encoded",
    () => ({ body: `${FIELDS}&bad=%E0%A4%A`, headers: { "Content-Type": URLENCODED } }),
    400,
  ],
  [
    "oversized URL-encoded",
    () => ({
      body: `${FIELDS}&pad=${"x".repeat(2 * 1024 * 1024)}`,
      headers: { "Content-Type": URLENCODED },
    }),
    413,
  ],
  [
    "oversized chunked",
    () => ({
      body: chunked(new TextEncoder().encode(`${FIELDS}&`.replaceAll("=", "x=")), 100_000),
      headers: { "Content-Type": URLENCODED },
      duplex: "half",
    }),
    413,
  ],
  [
    "repeated fields",
    () => ({
      body: `${FIELDS}&email=other%40example.com&intent=preference`,
      headers: { "Content-Type": URLENCODED },
    }),
    400,
  ],
];

async function post(path: keyof typeof routes, init: RequestInit) {
  const { action } = await routes[path]();
  const request = new Request(`http://localhost:3000${path}`, { method: "POST", ...init });
  try {
    return await action({ request, params: {}, context: {} } as ActionFunctionArgs);
  } catch (error) {
    return error;
  }
}

beforeEach(() => {
  for (const spy of Object.values(writes)) spy.mockReset();
});

describe("anonymous form actions", () => {
  for (const path of Object.keys(routes) as Array<keyof typeof routes>) {
    it.each(BODIES)(`${path}: %s is refused and changes nothing`, async (_, init, status) => {
      const answer = await post(path, init());
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(status);
      for (const [name, spy] of Object.entries(writes)) {
        expect(spy, `${path} called ${name}`).not.toHaveBeenCalled();
      }
    });
  }

  it("a repeated field names the field", async () => {
    const answer = (await post("/newsletter", BODIES[6]?.[1]() ?? {})) as Response;
    expect(await answer.json()).toEqual({
      fieldErrors: { email: REPEATED_FIELD },
    });
  });

  it("a well-formed form still gets through (the spies are wired)", async () => {
    writes.subscribeFromFooter.mockResolvedValue(undefined);
    const answer = (await post("/newsletter", {
      body: new URLSearchParams({ intent: "subscribe", email: EMAIL, js: "1" }).toString(),
      headers: { "Content-Type": URLENCODED },
    })) as Response;
    expect(answer.status).toBe(200);
    expect(writes.subscribeFromFooter).toHaveBeenCalledWith(expect.anything(), EMAIL, "direct");
  });
});

describe("every route", () => {
  const dir = new URL("./routes/", import.meta.url);
  const sources = readdirSync(dir).map((file) => ({
    file,
    source: readFileSync(new URL(file, dir), "utf8"),
  }));

  it("reads a request body only through readForm", () => {
    expect(sources.length).toBeGreaterThan(40);
    for (const { file, source } of sources) {
      expect(source, file).not.toMatch(
        /request\.(?:formData|json|text|arrayBuffer|blob)\(|request\.body\b|parseMultipartFormData/,
      );
    }
  });

  it("reads a return path (redirectTo, returnTo) only through safeRedirectTo", () => {
    let reads = 0;
    for (const { file, source } of sources) {
      for (const line of source.split("\n")) {
        if (!/\.get\("(?:redirectTo|returnTo)"\)/.test(line)) continue;
        reads++;
        expect(line, file).toMatch(/safeRedirectTo\(.*\.get\("(?:redirectTo|returnTo)"\)/);
      }
    }
    expect(reads).toBeGreaterThanOrEqual(5);
  });
});
