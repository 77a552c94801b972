// The unsubscribe routes against DynamoDB Local, called as Remix calls them: opening the link
// (a mail scanner's GET) unsubscribes nobody, the page's button does (same origin only), and the
// List-Unsubscribe URL of a real newsletter e-mail takes RFC 8058's one-click POST from a mail
// provider (cross-site, no cookie) but a GET there changes nothing either.

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getContext } from "@shop/core/server/context";
import {
  INVALID_UNSUBSCRIBE_LINK,
  isSubscribed,
  NOT_ONE_CLICK,
  newsletterMail,
  requestNewsletterSend,
  setSubscription,
  unsubscribeUrl,
} from "@shop/core/server/newsletter";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { beforeAll, describe, expect, it } from "vitest";
import * as oneClickRoute from "./routes/newsletter_.one-click-unsubscribe";
import * as pageRoute from "./routes/user_.unsubscribe-newsletter";

let test: TestContext;
const run = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  test = await createTestContext();
  // The routes build their context from the environment, as the web server does.
  Object.assign(process.env, test.env);
  expect(getContext().tableName).toBe(test.ctx.tableName);
});

/** A subscriber and the two URLs of the newsletter e-mail they would get. */
async function subscriber() {
  const email = `reader-${run()}@example.com`;
  await setSubscription(test.ctx, email, true);
  const send = await requestNewsletterSend(test.ctx, { subject: "Coats", body: "New coats" });
  const mail = await newsletterMail(test.ctx, send, email);
  const header = mail.headers.find((h) => h.name === "List-Unsubscribe")?.value ?? "";
  return {
    email,
    page: new URL(unsubscribeUrl(test.ctx.config, email)),
    oneClick: new URL(header.replace(/^<|>$/g, "")),
  };
}

/** Remix's answer, whether the route returned or threw it. */
async function answer(call: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const result = await call();
    if (result instanceof Response) return result;
    // data(): Remix's DataWithResponseInit.
    const { data, init } = result as { data: unknown; init?: ResponseInit };
    return new Response(JSON.stringify(data), init ?? {});
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const { data, init } = thrown as { data: unknown; init?: ResponseInit };
    if (init) return new Response(JSON.stringify(data), init);
    throw thrown;
  }
}

const get = (route: { loader: (args: LoaderFunctionArgs) => unknown }, url: URL) =>
  answer(() =>
    route.loader({ request: new Request(url), params: {}, context: {} } as LoaderFunctionArgs),
  );

const post = (
  route: { action: (args: ActionFunctionArgs) => unknown },
  url: URL,
  body: BodyInit,
  headers: Record<string, string>,
) =>
  answer(() =>
    route.action({
      request: new Request(url, { method: "POST", body, headers }),
      params: {},
      context: {},
    } as ActionFunctionArgs),
  );

const FORM = "application/x-www-form-urlencoded";

describe("the unsubscribe link's page", () => {
  it("GET shows the address and the button, and unsubscribes nobody (a mail scanner opens every link)", async () => {
    const { email, page } = await subscriber();
    for (let i = 0; i < 3; i++) {
      const res = await get(pageRoute, page);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email, isSubscribed: true, error: null });
    }
    expect(await isSubscribed(test.ctx, email)).toBe(true);
  });

  it("a tampered, incomplete or foreign link shows a clear message with a 400, never a 500", async () => {
    const { email, page } = await subscriber();
    const token = page.searchParams.get("token") ?? "";
    const variants: Array<Record<string, string>> = [
      { email, token: `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}` },
      { email },
      { token },
      { email: "someone.else@example.com", token },
      { email: "x".repeat(5000), token: "y".repeat(5000) },
      {},
    ];
    for (const params of variants) {
      const url = new URL(page.pathname, page.origin);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      const res = await get(pageRoute, url);
      expect(res.status, JSON.stringify(params).slice(0, 80)).toBe(400);
      expect(await res.json()).toMatchObject({
        error: INVALID_UNSUBSCRIBE_LINK,
        isSubscribed: false,
      });
    }
    expect(await isSubscribed(test.ctx, email)).toBe(true);
  });

  it("the button's POST unsubscribes (303 back to the page, which then says so); again is harmless", async () => {
    const { email, page } = await subscriber();
    const body = new URLSearchParams({
      email,
      token: page.searchParams.get("token") ?? "",
    }).toString();
    const sameOrigin = { "Content-Type": FORM, Origin: page.origin, Host: page.host };
    for (let i = 0; i < 2; i++) {
      const res = await post(pageRoute, page, body, sameOrigin);
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get("Location") ?? "", page.origin);
      expect(back.pathname).toBe(page.pathname);
      expect(await isSubscribed(test.ctx, email)).toBe(false);
      const shown = await get(pageRoute, back);
      expect(await shown.json()).toMatchObject({ email, isSubscribed: false, error: null });
    }
  });

  it("the button's POST from another site is refused (403) and another person's token unsubscribes nobody", async () => {
    const { email, page } = await subscriber();
    const token = page.searchParams.get("token") ?? "";
    const body = new URLSearchParams({ email, token }).toString();
    const crossSite = await post(pageRoute, page, body, {
      "Content-Type": FORM,
      Origin: "https://evil.example",
      Host: page.host,
    });
    expect(crossSite.status).toBe(403);
    const forged = await post(
      pageRoute,
      page,
      new URLSearchParams({ email: "someone.else@example.com", token }).toString(),
      { "Content-Type": FORM, Origin: page.origin, Host: page.host },
    );
    expect(forged.status).toBe(400);
    expect(await isSubscribed(test.ctx, email)).toBe(true);
  });
});

describe("one-click unsubscribe (RFC 8058, the List-Unsubscribe header's URL)", () => {
  it("a GET changes nothing: it leads to the page that asks", async () => {
    const { email, oneClick } = await subscriber();
    const res = await get(oneClickRoute, oneClick);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("Location") ?? "", oneClick.origin);
    expect(to.pathname).toBe("/user/unsubscribe-newsletter");
    expect(to.search).toBe(oneClick.search);
    expect(await isSubscribed(test.ctx, email)).toBe(true);
  });

  it("the provider's POST unsubscribes, cross-site and without a cookie, URL-encoded or multipart; twice is harmless", async () => {
    for (const encoding of ["urlencoded", "multipart"] as const) {
      const { email, oneClick } = await subscriber();
      const provider = { Origin: "https://mail.provider.example", Host: oneClick.host };
      const send = () =>
        encoding === "urlencoded"
          ? post(oneClickRoute, oneClick, "List-Unsubscribe=One-Click", {
              ...provider,
              "Content-Type": FORM,
            })
          : post(
              oneClickRoute,
              oneClick,
              '--b0undary\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b0undary--\r\n',
              { ...provider, "Content-Type": "multipart/form-data; boundary=b0undary" },
            );
      const res = await send();
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(await isSubscribed(test.ctx, email), encoding).toBe(false);
      expect((await send()).status, encoding).toBe(200);
      expect(await isSubscribed(test.ctx, email), encoding).toBe(false);
    }
  });

  it("a POST without List-Unsubscribe=One-Click, or with another person's token, unsubscribes nobody", async () => {
    const { email, oneClick } = await subscriber();
    const wrongBody = await post(oneClickRoute, oneClick, "List-Unsubscribe=Yes", {
      "Content-Type": FORM,
    });
    expect(wrongBody.status).toBe(400);
    expect(await wrongBody.text()).toBe(NOT_ONE_CLICK);
    const notAForm = await post(oneClickRoute, oneClick, "{}", {
      "Content-Type": "application/json",
    });
    expect(notAForm.status).toBe(415);
    const foreign = new URL(oneClick);
    foreign.searchParams.set("email", "someone.else@example.com");
    const forged = await post(oneClickRoute, foreign, "List-Unsubscribe=One-Click", {
      "Content-Type": FORM,
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe(INVALID_UNSUBSCRIBE_LINK);
    expect(await isSubscribed(test.ctx, email)).toBe(true);
  });
});
