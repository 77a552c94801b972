// The opaque cursors of the review lists (a product's, the admin's latest): JSON in base64url.
// A cursor comes from the URL, so reading one checks its size and alphabet and never throws;
// each list then checks the JSON's shape before using it as a key.
//
// A product's review pages are public and shared by the edge cache, and a review's key holds
// its author's account id, so that list's cursors are sealed (`sealCursor`): encrypted and
// authenticated under a key derived from SESSION_SECRET, bound to the product. A visitor can
// neither read the key in them nor make one. The admin's list (private) keeps plain cursors.
import { createCipheriv, createDecipheriv, createHmac } from "node:crypto";

const CURSOR_MAX_LENGTH = 2000;

export const encodeCursor = (body: unknown): string =>
  Buffer.from(JSON.stringify(body), "utf8").toString("base64url");

/** The cursor's bytes, or null when the text is not base64url of a bounded size. */
function cursorBytes(cursor: string | null | undefined): Buffer | null {
  if (typeof cursor !== "string" || cursor === "" || cursor.length > CURSOR_MAX_LENGTH) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  return Buffer.from(cursor, "base64url");
}

/** The JSON a cursor holds, or null when the text is not a cursor. */
export function readCursor(cursor: string | null | undefined): unknown {
  const bytes = cursorBytes(cursor);
  if (!bytes) return null;
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return null;
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const derive = (secret: string, purpose: string) =>
  createHmac("sha256", secret).update(`review-cursor/v1/${purpose}`).digest();

/**
 * `body` sealed for `scope` (a product's id): AES-256-GCM with the scope as associated data. The
 * IV is an HMAC of the scope and the text (a synthetic IV), so the same page always gets the same
 * cursor (one cached copy per page), and an IV repeats only with its own text.
 */
export function sealCursor(secret: string, scope: string, body: unknown): string {
  const text = Buffer.from(JSON.stringify(body), "utf8");
  const iv = createHmac("sha256", derive(secret, "iv"))
    .update(scope)
    .update("\0")
    .update(text)
    .digest()
    .subarray(0, IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", derive(secret, "key"), iv);
  cipher.setAAD(Buffer.from(scope, "utf8"));
  const sealed = Buffer.concat([cipher.update(text), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The JSON sealed in `cursor` for `scope`, or null: not a cursor, altered, or another scope's. */
export function openCursor(secret: string, scope: string, cursor: string | null | undefined) {
  const bytes = cursorBytes(cursor);
  if (!bytes || bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      derive(secret, "key"),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAAD(Buffer.from(scope, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return JSON.parse(text.toString("utf8")) as unknown;
  } catch {
    return null;
  }
}
