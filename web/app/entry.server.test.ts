// The document entry where it does not render: a page whose dependency did not answer.
import { createRequire } from "node:module";
import type { EntryContext } from "@remix-run/node";
import { DependencyUnavailable } from "@shop/core/common";
import { afterEach, describe, expect, it } from "vitest";
import handleRequest, { handleError } from "./entry.server";

// The turbo-stream Remix's server runtime encodes a page's data with (patched: it encodes when
// first read, docs/decisions/023-warm-origin.md).
const fromRemix = createRequire(
  createRequire(import.meta.url).resolve("@remix-run/server-runtime"),
);
const { encode } = fromRemix("turbo-stream") as {
  encode(input: unknown): ReadableStream<Uint8Array>;
};

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
  unhandled.length = 0;
});

describe("a document whose dependency did not answer", () => {
  it("is the 503 page, and leaves none of its deferred data's failures unhandled", async () => {
    process.on("unhandledRejection", onUnhandled);
    const request = new Request("http://shop.test/product/organic-cotton-crew-t-shirt");
    const unanswered = () => new DependencyUnavailable("dynamodb", "Query");
    // The product loader failed; the reviews it deferred fail a moment later.
    handleError(unanswered(), { request, params: {}, context: {} });
    const reviews = new Promise((_, reject) => setTimeout(() => reject(unanswered()), 5));
    const remixContext = {
      serverHandoffStream: encode({ loaderData: { "routes/product.$slug": { reviews } } }),
    } as unknown as EntryContext;

    const response = await handleRequest(request, 500, new Headers(), remixContext);

    expect(response.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });
});
