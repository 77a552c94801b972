import { describe, expect, it } from "vitest";
import { changesSearch } from "./search-index.server.ts";

const written = (entity: string) => ({
  eventName: "MODIFY",
  dynamodb: { NewImage: { entity: { S: entity } }, Keys: { pk: { S: "X" } } },
});

describe("which changes republish the search index", () => {
  it("a product written, or a slug released (its product deleted)", () => {
    expect(changesSearch(written("product"))).toBe(true);
    expect(
      changesSearch({ eventName: "REMOVE", dynamodb: { Keys: { pk: { S: "SLUG#linen-shirt" } } } }),
    ).toBe(true);
  });

  it("not stock, a slug claimed, or anything else removed", () => {
    expect(changesSearch(written("stock"))).toBe(false);
    expect(changesSearch(written("slugClaim"))).toBe(false);
    expect(
      changesSearch({ eventName: "REMOVE", dynamodb: { Keys: { pk: { S: "PRODUCT#1" } } } }),
    ).toBe(false);
  });
});
