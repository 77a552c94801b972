import { randomBytes, scryptSync } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  hashPassword,
  needsRehash,
  SCRYPT_PARAMS,
  setPasswordCostForTests,
  UNUSABLE_HASH,
  verifyPassword,
} from "./passwords.server.ts";

/** A hash as the shop stored them before: scrypt N=2^14, r=8, p=1. */
function legacyHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return ["scrypt", 16384, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("password hashes", () => {
  it("are made with OWASP's scrypt N=2^14, r=8, p=5, salted, and verify", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 16384, r: 8, p: 5 });
    const stored = await hashPassword("secret1");
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[\w+/=]{24}\$[\w+/=]{44}$/);
    expect(await hashPassword("secret1")).not.toBe(stored);
    expect(await verifyPassword("secret1", stored)).toBe(true);
    expect(await verifyPassword("secret2", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("made with the old parameters still verify, and need a rehash", async () => {
    const stored = legacyHash("secret1");
    expect(await verifyPassword("secret1", stored)).toBe(true);
    expect(await verifyPassword("wrong-1", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it("need a rehash when any parameter or length differs from the current ones", () => {
    const current = (N: number, r: number, p: number, saltBytes = 16, keyBytes = 32) =>
      [
        "scrypt",
        N,
        r,
        p,
        Buffer.alloc(saltBytes, 1).toString("base64"),
        Buffer.alloc(keyBytes, 2).toString("base64"),
      ].join("$");
    expect(needsRehash(current(16384, 8, 5))).toBe(false);
    expect(needsRehash(current(16384, 8, 1))).toBe(true);
    expect(needsRehash(current(8192, 8, 5))).toBe(true);
    expect(needsRehash(current(16384, 4, 5))).toBe(true);
    expect(needsRehash(current(16384, 8, 5, 8))).toBe(true);
    expect(needsRehash(current(16384, 8, 5, 16, 64))).toBe(true);
    expect(needsRehash("argon2id$v=19$m=65536,t=3,p=4$abc$def")).toBe(true);
    expect(needsRehash("")).toBe(true);
  });

  it("that cannot be verified answer false, never throw", async () => {
    for (const stored of [
      "",
      "plain-text",
      "scrypt$16384$8$5$$",
      "scrypt$1000$8$5$AAAA$AAAA", // N not a power of two
      "scrypt$1048576$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", // 1 GiB
    ]) {
      await expect(verifyPassword("secret1", stored)).resolves.toBe(false);
    }
  });

  it("the stand-in for a missing user has the current parameters and matches nothing", async () => {
    expect(needsRehash(UNUSABLE_HASH)).toBe(false);
    expect(await verifyPassword("", UNUSABLE_HASH)).toBe(false);
    expect(await verifyPassword("secret1", UNUSABLE_HASH)).toBe(false);
  });
});

describe("the tests' lower cost", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    setPasswordCostForTests(undefined);
  });

  it("makes new hashes with it, still verified, and the shop's cost again when lifted", async () => {
    setPasswordCostForTests({ N: 1024, r: 8, p: 1 });
    const cheap = await hashPassword("secret1");
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("secret1", cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(false);
    setPasswordCostForTests(undefined);
    expect(needsRehash(cheap)).toBe(true);
    expect(await hashPassword("secret1")).toMatch(/^scrypt\$16384\$8\$5\$/);
  });

  it("is refused in a production build", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(() => setPasswordCostForTests({ N: 1024, r: 8, p: 1 })).toThrow(/production/);
    expect(needsRehash(UNUSABLE_HASH)).toBe(false);
  });
});
