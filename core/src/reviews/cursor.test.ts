// Sealed cursors: what a shared product page's review links carry. A visitor can neither read
// the key inside nor make or alter one, and one made for one product opens for no other.
import { describe, expect, it } from "vitest";
import { openCursor, readCursor, sealCursor } from "./cursor.server.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const body = { d: "n", k: ["REVIEW#account-1234", "2026-01-01T00:00:00.000Z#account-1234"] };

describe("sealed cursors", () => {
  it("open to what was sealed, and the same page always gets the same cursor", () => {
    const cursor = sealCursor(SECRET, "PRODUCT#p1", body);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openCursor(SECRET, "PRODUCT#p1", cursor)).toEqual(body);
    expect(sealCursor(SECRET, "PRODUCT#p1", body)).toBe(cursor);
  });

  it("show nothing of the key: no account id, not even as JSON", () => {
    const cursor = sealCursor(SECRET, "PRODUCT#p1", body);
    const bytes = Buffer.from(cursor, "base64url").toString("latin1");
    expect(bytes).not.toContain("account-1234");
    expect(bytes).not.toContain("REVIEW#");
    expect(readCursor(cursor)).toBeNull();
  });

  it("refuse another product's, another secret's, an altered or a hand-made cursor", () => {
    const cursor = sealCursor(SECRET, "PRODUCT#p1", body);
    expect(openCursor(SECRET, "PRODUCT#p2", cursor)).toBeNull();
    expect(openCursor(`${SECRET}-rotated`, "PRODUCT#p1", cursor)).toBeNull();
    const bytes = Buffer.from(cursor, "base64url");
    for (const at of [0, 12, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] = (altered[at] ?? 0) ^ 1;
      expect(openCursor(SECRET, "PRODUCT#p1", altered.toString("base64url"))).toBeNull();
    }
    const plain = Buffer.from(JSON.stringify(body)).toString("base64url");
    for (const forged of [plain, "", "not base64!", "x".repeat(5000), "AAAA"]) {
      expect(openCursor(SECRET, "PRODUCT#p1", forged)).toBeNull();
    }
  });
});
