// The opaque cursors of the review lists (a product's, the admin's latest): JSON in base64url.
// A cursor comes from the URL, so reading one checks its size and alphabet and never throws;
// each list then checks the JSON's shape before using it as a key.
const CURSOR_MAX_LENGTH = 2000;

export const encodeCursor = (body: unknown): string =>
  Buffer.from(JSON.stringify(body), "utf8").toString("base64url");

/** The JSON a cursor holds, or null when the text is not a cursor. */
export function readCursor(cursor: string | null | undefined): unknown {
  if (typeof cursor !== "string" || cursor === "" || cursor.length > CURSOR_MAX_LENGTH) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    return JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}
