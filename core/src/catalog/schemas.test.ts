import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { SearchSchema } from "./schemas.ts";

describe("SearchSchema", () => {
  it("trims the typed text and cuts it to 100 characters", () => {
    expect(v.parse(SearchSchema, { search: "  shirt " })).toEqual({ search: "shirt" });
    expect(v.parse(SearchSchema, { search: "y".repeat(300) }).search).toHaveLength(100);
  });

  it("treats a missing search as empty", () => {
    expect(v.parse(SearchSchema, {})).toEqual({ search: "" });
  });

  it("refuses a search that is not text", () => {
    expect(v.safeParse(SearchSchema, { search: ["a", "b"] }).success).toBe(false);
  });
});
