// Remix's data stream, as patched (patches/turbo-stream+*.patch, docs/decisions/023-warm-origin.md):
// turbo-stream's `encode` flattens its input when the stream is first read, not when the stream is
// made. Remix makes a document's stream (the loader data the page hands to the browser) before the
// entry decides to render; a document served from the render memo, or a 304, never reads it.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

// The copy Remix's server runtime loads: its CommonJS build (the local server) and its ES module
// build (what SST's bundler puts in the Lambda).
const fromRemix = createRequire(
  createRequire(import.meta.url).resolve("@remix-run/server-runtime"),
);
type TurboStream = {
  encode(input: unknown, options?: { signal?: AbortSignal }): ReadableStream<Uint8Array>;
  decode(stream: ReadableStream<Uint8Array>): Promise<{ value: unknown; done: Promise<void> }>;
};
const main = fromRemix.resolve("turbo-stream");
const builds: Record<string, TurboStream> = {
  "CommonJS (the local server)": fromRemix("turbo-stream") as TurboStream,
  "ES module (the Lambda bundle)": (await import(
    pathToFileURL(join(dirname(main), "turbo-stream.mjs")).href
  )) as TurboStream,
};

/** Loader data that counts every read of one of its fields. */
function countedData() {
  let reads = 0;
  const product = { slug: "organic-cotton-crew-t-shirt" } as { slug: string; name: string };
  Object.defineProperty(product, "name", {
    get() {
      reads++;
      return "Organic Cotton Crew T-Shirt";
    },
    enumerable: true,
  });
  return { data: { loaderData: { "routes/product.$slug": { product } } }, reads: () => reads };
}

describe.each(Object.entries(builds))("Remix's data stream, %s build", (_, { encode, decode }) => {
  it("does not walk the data until the stream is read", async () => {
    const { data, reads } = countedData();
    const stream = encode(data);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads()).toBe(0);
    const decoded = await decode(stream);
    expect(reads()).toBe(1);
    expect(decoded.value).toEqual({
      loaderData: {
        "routes/product.$slug": {
          product: { slug: "organic-cotton-crew-t-shirt", name: "Organic Cotton Crew T-Shirt" },
        },
      },
    });
  });

  it("still streams deferred data once read: the value first, each promise as it settles", async () => {
    let settle: (reviews: string[]) => void = () => {};
    const reviews = new Promise<string[]>((resolve) => {
      settle = resolve;
    });
    const decoded = await decode(encode({ product: "polo", reviews }));
    const value = decoded.value as { product: string; reviews: Promise<string[]> };
    expect(value.product).toBe("polo");
    settle(["Soft and well cut."]);
    await expect(value.reviews).resolves.toEqual(["Soft and well cut."]);
    await decoded.done;
  });

  it("reads the same bytes as before, for a document's data", async () => {
    const text = await new Response(encode({ a: [1, 2, { b: "c" }], d: null, e: 1.5 })).text();
    expect(text).toBe('[{"_1":2,"_8":-5,"_9":10},"a",[3,4,5],1,2,{"_6":7},"b","c","d","e",1.5]\n');
  });
});
