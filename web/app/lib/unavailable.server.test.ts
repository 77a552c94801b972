// A dependency that does not answer in time (docs/decisions/010-bounded-under-faults.md): an
// action answers 503 with the message its form shows, a resource route the 503 page; any other
// error is not theirs to answer.
import { DependencyUnavailable, unavailableMessage } from "@shop/core/common";
import { describe, expect, it } from "vitest";
import { keepsInput, servesUnavailablePage } from "./unavailable.server.ts";

const timedOut = new DependencyUnavailable("DynamoDB", "PutItem");
const request = new Request("http://localhost:3000/sitemap.xml?x=1");

describe("keepsInput", () => {
  it("answers the action's own result when nothing timed out", async () => {
    expect(await keepsInput(async () => "done")({})).toBe("done");
  });

  it("answers 503 with Retry-After and the message, never kept by a cache", async () => {
    const answer = (await keepsInput(async () => {
      throw timedOut;
    })({})) as unknown as { data: unknown; init: ResponseInit };
    expect(answer.init.status).toBe(503);
    const headers = new Headers(answer.init.headers);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.data).toEqual({ unavailable: unavailableMessage(timedOut) });
    const own = (await keepsInput(
      async () => {
        throw timedOut;
      },
      () => "Your order was not placed",
    )({})) as unknown as { data: unknown };
    expect(own.data).toEqual({ unavailable: "Your order was not placed" });
  });

  it("lets any other error through", async () => {
    const failing = keepsInput(async () => {
      throw new Error("bug");
    });
    await expect(failing({})).rejects.toThrow("bug");
  });
});

describe("servesUnavailablePage", () => {
  it("answers the 503 page, whose Try again is the same URL", async () => {
    const page = await servesUnavailablePage(async (_args: { request: Request }) => {
      throw timedOut;
    })({ request });
    expect(page).toBeInstanceOf(Response);
    const response = page as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).not.toBeNull();
    expect(await response.text()).toContain("/sitemap.xml?x=1");
  });
});
