// Password hashing with scrypt from node:crypto (docs/architecture.md §5: never plain or fast hashes).
// Stored as "scrypt$N$r$p$salt$hash" (base64), so parameters can be raised later: a hash made
// with other parameters still verifies, and `needsRehash` tells the sign-in to store a new one.
//
// Cost: one of the scrypt settings of OWASP's Password Storage Cheat Sheet, N=2^14, r=8, p=5.
// It is as strong as their N=2^17, r=8, p=1 (the work grows with N·p), but needs 16 MiB of
// memory per hash instead of 128 MiB (memory grows with N·r, not p): within Node's default
// scrypt maxmem (32 MiB), and a Lambda signing in several people at once (libuv runs four
// hashes in parallel) does not run out of memory. About five times the old N=2^14, p=1.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** The parameters new hashes are made with. */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;

interface Cost {
  N: number;
  r: number;
  p: number;
}
/** What new hashes are made with: SCRYPT_PARAMS, unless a test process lowered it. */
let cost: Cost = SCRYPT_PARAMS;

/**
 * Tests only: new hashes made at `lower` cost (`undefined`: SCRYPT_PARAMS again). The integration
 * tests create hundreds of accounts, and at SCRYPT_PARAMS, about 150 ms of processor time each,
 * hashing was a minute of `npm test` on two cores (packages/local-cloud/src/vitest-setup.ts).
 * A hash names its parameters, so every hash still verifies, and `needsRehash` compares with
 * the cost in force. Refused in a production build, where nothing calls it.
 */
export function setPasswordCostForTests(lower: Cost | undefined): void {
  if (process.env.NODE_ENV === "production") {
    throw new Error("the password cost is SCRYPT_PARAMS in production");
  }
  cost = lower ?? SCRYPT_PARAMS;
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Node's default maxmem: scrypt needs 128·r·(N + p + 2) bytes (16 MiB for SCRYPT_PARAMS). */
const MAX_MEMORY = 32 * 1024 * 1024;

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** The parts of a stored hash, or null when it is not one this code can verify. */
function parse(stored: string): Parsed | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return null;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const sane =
    Number.isInteger(N) &&
    N > 1 &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(R) &&
    R > 0 &&
    Number.isInteger(P) &&
    P > 0 &&
    P <= 16 &&
    128 * R * (N + P + 2) <= MAX_MEMORY;
  return sane
    ? { N, r: R, p: P, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") }
    : null;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: MAX_MEMORY },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

const format = (N: number, r: number, p: number, salt: Buffer, key: Buffer) =>
  ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = cost;
  const salt = randomBytes(SALT_LENGTH);
  return format(N, r, p, salt, await derive(password, salt, { N, r, p }));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(key, parsed.hash);
}

/**
 * Was this stored hash made differently from how `hashPassword` makes one now (other
 * parameters, salt or key length, or not a scrypt hash)? Then, once the password has been
 * verified, it should be hashed again and stored.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    !parsed ||
    parsed.N !== cost.N ||
    parsed.r !== cost.r ||
    parsed.p !== cost.p ||
    parsed.salt.length !== SALT_LENGTH ||
    parsed.hash.length !== KEY_LENGTH
  );
}

/**
 * A well-formed hash with the current parameters and an all-zero key (which no password can be
 * expected to derive), to verify against when there is no such user: the answer then takes as
 * long as for a real account.
 */
export const UNUSABLE_HASH = format(
  SCRYPT_PARAMS.N,
  SCRYPT_PARAMS.r,
  SCRYPT_PARAMS.p,
  Buffer.alloc(SALT_LENGTH),
  Buffer.alloc(KEY_LENGTH),
);
