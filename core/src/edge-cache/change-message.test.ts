// A catalogue change as the dispatcher forwards it to the edge purge's queue
// (docs/decisions/042-two-stream-readers.md): the purge finds the same paths in the message as in
// the stream record, and the largest catalogue item's message stays far under SQS's limit.
import { marshall } from "@aws-sdk/util-dynamodb";
import { describe, expect, it } from "vitest";
import { MAX_COLOURS } from "../catalog/product-form.ts";
import { changesSearch } from "../catalog/search-index.server.ts";
import { SIZE_SCALES } from "../catalog/sizes.ts";
import { SLUG_MAX_LENGTH } from "../catalog/slug.ts";
import {
  decodeChangeMessage,
  encodeChangeMessage,
  type ForwardedChange,
} from "./change-message.ts";
import { isPurgeCandidate, pathsToPurge, productPaths } from "./purge.ts";

const change = (
  eventName: "INSERT" | "MODIFY" | "REMOVE",
  sequence: string,
  after?: Record<string, unknown>,
  keys?: Record<string, unknown>,
): ForwardedChange => ({
  eventName,
  dynamodb: {
    SequenceNumber: sequence,
    Keys: marshall({ pk: (keys ?? after)?.pk, sk: (keys ?? after)?.sk }),
    ...(after ? { NewImage: marshall(after, { removeUndefinedValues: true }) } : {}),
  },
});
const longSlug = "a".repeat(SLUG_MAX_LENGTH);
/** A product item as large as the admin's form allows, with fields the purge does not read. */
const product = (id: string, slug: string) => ({
  pk: `PRODUCT#${id}`,
  sk: "PRODUCT",
  entity: "product",
  id,
  slug,
  name: "Linen shirt",
  priceCents: 4500,
  description: "d".repeat(2000),
  images: Array.from({ length: 10 }, (_, i) => ({
    key: `products/${id}/${i}.jpg`,
    alt: "x".repeat(200),
  })),
  colourways: Array.from({ length: MAX_COLOURS }, (_, i) => ({
    colour: `colour-${i}`,
    images: [],
  })),
  gsi1pk: "CATALOG",
});
/** A stock item with every size of every scale in every colour, before and after. */
const allCounts = (units: number) =>
  Object.fromEntries(
    Array.from({ length: MAX_COLOURS }, (_, c) =>
      Object.values(SIZE_SCALES).flatMap((scale) =>
        scale.sizes.map((s) => [`colour-${c}/${s.tag}`, units] as const),
      ),
    ).flat(),
  );
const stock = (id: string, units: number, previous: number, slug?: string) => ({
  pk: `PRODUCT#${id}`,
  sk: "STOCK",
  entity: "stock",
  productId: id,
  counts: allCounts(units),
  previousCounts: allCounts(previous),
  ...(slug ? { slug } : {}),
});
const forwarded = (records: ForwardedChange[]) =>
  records.map((r) => decodeChangeMessage(encodeChangeMessage(r)) as ForwardedChange);
const options = { lowStockThreshold: 5 };

describe("a catalogue change forwarded to the edge purge's queue", () => {
  const batch = [
    change("MODIFY", "101", product("p1", "linen-shirt")),
    change("INSERT", "102", {
      pk: "SLUG#wool-coat",
      sk: "SLUG",
      entity: "slugClaim",
      productId: "p2",
    }),
    change("REMOVE", "103", undefined, { pk: "SLUG#old-coat", sk: "SLUG" }),
    change("MODIFY", "104", stock("p3", 3, 50, "silk-scarf")),
    change("MODIFY", "105", stock("p4", 40, 50)),
    change("MODIFY", "106", stock("p5", 2, 50)),
    // A restock from "Only 2 left": only the item's previousCounts tell.
    change("MODIFY", "107", stock("p6", 40, 2, "cotton-tee")),
  ];

  it("keeps how many shards a spread product's stock item says (the purge's rule for shards)", () => {
    const spread = { ...stock("p7", 8, 9, "flash-tee"), shards: 10 };
    const [message] = forwarded([change("MODIFY", "108", spread)]);
    expect(message?.dynamodb?.NewImage?.shards).toEqual({ N: "10" });
  });

  it("purges the same paths, and changes search alike, as the stream record it came from", () => {
    expect(batch.every(isPurgeCandidate)).toBe(true);
    const messages = forwarded(batch);
    expect(messages.every(isPurgeCandidate)).toBe(true);
    expect(pathsToPurge(messages, options)).toEqual(pathsToPurge(batch, options));
    // The stock changes alone (under the wildcard budget): each label change names its page.
    expect(pathsToPurge(messages.slice(3), options).paths).toEqual(
      [...productPaths("cotton-tee"), ...productPaths("silk-scarf")].sort(),
    );
    expect(pathsToPurge(messages, options).unresolved).toEqual(["p5"]);
    expect(messages.map(changesSearch)).toEqual(batch.map(changesSearch));
    expect(messages.map((m) => m.dynamodb?.SequenceNumber)).toEqual(
      batch.map((r) => r.dynamodb?.SequenceNumber),
    );
  });

  it("carries only the keys and the fields the purge reads: the largest item's message is a few KB", () => {
    const [message] = forwarded([change("MODIFY", "1", product("p1", longSlug))]);
    expect(Object.keys(message?.dynamodb?.NewImage ?? {}).sort()).toEqual(
      ["entity", "pk", "sk", "slug"].sort(),
    );
    const largest = Math.max(
      ...[product("p1", longSlug), stock("p1", 3, 50, longSlug)].map((item) =>
        Buffer.byteLength(encodeChangeMessage(change("MODIFY", "1".repeat(40), item))),
      ),
    );
    // SQS takes 256 KB by default (the shop's queues 1 MiB).
    expect(largest).toBeLessThan(64 * 1024);
  });

  it("refuses a body that is not a change", () => {
    for (const body of [
      "not json",
      "null",
      JSON.stringify({ eventName: "INSERT" }),
      JSON.stringify({ dynamodb: { Keys: { pk: "PRODUCT#1" } } }),
      JSON.stringify({ eventName: "DROP", dynamodb: { Keys: {} } }),
      JSON.stringify({ dynamodb: { Keys: { pk: { S: "a", N: "1" } } } }),
    ]) {
      expect(decodeChangeMessage(body), body).toBeNull();
    }
  });
});
