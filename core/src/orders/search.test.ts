import { describe, expect, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import { ORDER_SEARCH_INVALID, parseOrderSearch } from "./search.ts";

const refusal = (q: unknown) => {
  try {
    parseOrderSearch(q);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error(`${String(q)} was accepted`);
};

describe("the admin's order search", () => {
  it("is every order when empty", () => {
    expect(parseOrderSearch(undefined)).toEqual({ kind: "all" });
    expect(parseOrderSearch(null)).toEqual({ kind: "all" });
    expect(parseOrderSearch("   ")).toEqual({ kind: "all" });
  });

  it("reads an order number as typed: case, spaces, the prefix and look-alike letters", () => {
    expect(parseOrderSearch("TL-7K3QX9PM")).toEqual({ kind: "number", number: "TL-7K3QX9PM" });
    expect(parseOrderSearch(" tl-7k3qx9pm ")).toEqual({ kind: "number", number: "TL-7K3QX9PM" });
    expect(parseOrderSearch("7K3Q X9PM")).toEqual({ kind: "number", number: "TL-7K3QX9PM" });
    expect(parseOrderSearch("TL-7K3QX9PO")).toEqual({ kind: "number", number: "TL-7K3QX9P0" });
  });

  it("reads a customer's e-mail, lower-cased", () => {
    expect(parseOrderSearch(" Ana.Garcia@Example.com ")).toEqual({
      kind: "email",
      email: "ana.garcia@example.com",
    });
  });

  it("refuses anything else on the search field, with what it accepts", () => {
    for (const q of ["shirt", "TL-123", "ana@", "@example.com", "a b@example.com"]) {
      const error = refusal(q);
      expect(error.field).toBe("q");
      expect(error.message).toBe(ORDER_SEARCH_INVALID);
    }
    expect(refusal(`${"a".repeat(250)}@example.com`).field).toBe("q");
    expect(refusal(["TL-7K3QX9PM"]).message).toBe("Search must be text");
    expect(refusal({ q: 1 }).field).toBe("q");
  });
});
