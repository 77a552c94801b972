// Server-side sessions (docs/architecture.md §5, docs/product.md §4 "Session"): the cookie holds a random id; the table keeps only
// sha256(id) with the user id and a TTL, so a leaked table cannot be replayed as cookies. A
// user's sessions are listed through gsi1 (USER#<id>#SESSIONS) to revoke them all.
import { createHash, randomBytes } from "node:crypto";
import { DeleteCommand, GetCommand, PutCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { sessionKey, userSessionsIndex } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { getUser, type User } from "./users.server.ts";

/** 30 days. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

export interface NewSession {
  /** The secret id for the cookie (never stored). */
  id: string;
  expiresAt: Date;
}

export async function createSession(
  ctx: Context,
  userId: string,
  now = new Date(),
): Promise<NewSession> {
  const id = randomBytes(32).toString("base64url");
  const idHash = sha256(id);
  const expiresAt = epoch(now) + SESSION_LIFETIME_SECONDS;
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...sessionKey(idHash),
        ...userSessionsIndex(userId),
        gsi1sk: `${now.toISOString()}#${idHash}`,
        entity: "session",
        userId,
        createdAt: now.toISOString(),
        [TABLE.ttlAttribute]: expiresAt,
      },
      ConditionExpression: "attribute_not_exists(pk)",
    }),
  );
  return { id, expiresAt: new Date(expiresAt * 1000) };
}

/** The session's user, or null when the id is unknown, expired or its user is gone. */
export async function getSessionUser(
  ctx: Context,
  id: string,
  now = new Date(),
): Promise<User | null> {
  if (!id || id.length > 200) return null;
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: sessionKey(sha256(id)) }),
  );
  // DynamoDB deletes expired items lazily (up to days later): check the expiry ourselves.
  if (!Item || typeof Item.userId !== "string") return null;
  if (Number(Item[TABLE.ttlAttribute]) <= epoch(now)) return null;
  return getUser(ctx, Item.userId);
}

/** Signs one session out (the cookie's). */
export async function deleteSession(ctx: Context, id: string): Promise<void> {
  if (!id || id.length > 200) return;
  await ctx.db.send(new DeleteCommand({ TableName: ctx.tableName, Key: sessionKey(sha256(id)) }));
}

/** Revokes every session of the user, except the one whose id is `keep` (the current one). */
export async function revokeUserSessions(
  ctx: Context,
  userId: string,
  options: { keep?: string } = {},
): Promise<number> {
  const keepHash = options.keep ? sha256(options.keep) : undefined;
  let revoked = 0;
  const pages = paginateQuery(
    { client: ctx.db },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": userSessionsIndex(userId).gsi1pk },
      ProjectionExpression: "pk, sk",
    },
  );
  for await (const page of pages) {
    const doomed = (page.Items ?? []).filter(
      (item) => !(keepHash && item.pk === sessionKey(keepHash).pk),
    );
    // A page's sessions are deleted together, not one round trip after another.
    await Promise.all(
      doomed.map((item) =>
        ctx.db.send(
          new DeleteCommand({ TableName: ctx.tableName, Key: { pk: item.pk, sk: item.sk } }),
        ),
      ),
    );
    revoked += doomed.length;
  }
  return revoked;
}
