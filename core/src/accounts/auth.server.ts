// The account flows a route calls, one function each: sign in, sign up, forgot and reset
// password, change password, delete account. Abuse limits are applied here, so every caller
// gets them (docs/design.md §5, §6).
import { randomBytes } from "node:crypto";
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { emailKey, resetTokenKey, userKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { escapeHtml, sendMail } from "../mail/index.server.ts";
import { DomainError, isDomainError } from "../shared/errors.ts";
import { type AbuseLimits, tryAgainIn } from "./limits.ts";
import { consume, isExhausted, record, secondsLeft } from "./rate-limit.server.ts";
import { revokeUserSessions, sha256 } from "./sessions.server.ts";
import {
  createUser,
  findUserByEmail,
  getUserItem,
  type NewUser,
  setPassword,
  USER_NOT_FOUND,
  type User,
  verifyCredentials,
} from "./users.server.ts";

export const INVALID_TOKEN = "Invalid token";
export const RESET_TOKEN_LIFETIME_SECONDS = 3600;
export const RESET_MAIL_SUBJECT = "Reset your password";

/** Who is asking: the client address, as the web layer determined it. */
export interface Requester {
  clientAddress: string;
}

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Signs in. Failures are counted per e-mail + client address; once the limit is reached that
 * pair is refused (429 on the e-mail field) until the window ends, even with the right password.
 */
export async function signIn(
  ctx: Context,
  input: { email: string; password: string },
  who: Requester,
  limits: AbuseLimits,
  now = new Date(),
): Promise<User> {
  const subject = `${input.email}|${who.clientAddress}`;
  const limit = limits.signInFailures;
  if (await isExhausted(ctx, "signin", subject, limit, now)) {
    throw new DomainError(
      `Too many failed sign-in attempts. ${tryAgainIn(secondsLeft(limit, now))}`,
      "email",
      429,
    );
  }
  try {
    return await verifyCredentials(ctx, input.email, input.password);
  } catch (error) {
    if (isDomainError(error)) await record(ctx, "signin", subject, limit, now);
    throw error;
  }
}

/** Signs up (never an admin: NewUser has no such field), limited per client address. */
export async function signUp(
  ctx: Context,
  input: NewUser,
  who: Requester,
  limits: AbuseLimits,
  now = new Date(),
): Promise<User> {
  if (!(await consume(ctx, "signup", who.clientAddress, limits.signUps, now))) {
    throw new DomainError(
      `Too many accounts were created from your network. ${tryAgainIn(secondsLeft(limits.signUps, now))}`,
      "email",
      429,
    );
  }
  return createUser(ctx, {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    password: input.password,
  });
}

/**
 * "Forgot your password?": mails a single-use link valid for an hour when the account exists,
 * and answers the same way when it does not (the form must not reveal accounts).
 */
export async function requestPasswordReset(
  ctx: Context,
  email: string,
  who: Requester,
  limits: AbuseLimits,
  now = new Date(),
): Promise<void> {
  const allowed =
    (await consume(ctx, "reset-address", who.clientAddress, limits.resetsPerAddress, now)) &&
    (await consume(ctx, "reset-email", email, limits.resetsPerEmail, now));
  if (!allowed) {
    throw new DomainError(
      `Too many reset requests. ${tryAgainIn(secondsLeft(limits.resetsPerEmail, now))}`,
      "email",
      429,
    );
  }
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...resetTokenKey(sha256(token)),
        entity: "resetToken",
        userId: user.id,
        createdAt: now.toISOString(),
        [TABLE.ttlAttribute]: epoch(now) + RESET_TOKEN_LIFETIME_SECONDS,
      },
      ConditionExpression: "attribute_not_exists(pk)",
    }),
  );
  const link = `${ctx.config.appUrl}/auth/reset-password?token=${token}`;
  await sendMail(ctx, {
    to: user.email,
    subject: RESET_MAIL_SUBJECT,
    text: `Hello ${user.firstName},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for it, ignore this e-mail: your password stays the same.\n`,
    html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>To choose a new password, open this link within one hour:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If you did not ask for it, ignore this e-mail: your password stays the same.</p>`,
  });
}

/** Is this reset token usable now? (The reset screen checks it on load.) */
export async function isResetTokenValid(ctx: Context, token: string, now = new Date()) {
  if (!token || token.length > 512) return false;
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: resetTokenKey(sha256(token)) }),
  );
  return Boolean(Item) && Number(Item?.[TABLE.ttlAttribute]) > epoch(now);
}

/**
 * Sets a new password with a reset token. The token is consumed by a conditional delete, so it
 * works once; it expires after an hour. Every session of the user is revoked.
 */
export async function resetPassword(
  ctx: Context,
  input: { token: string; password: string },
  now = new Date(),
): Promise<User> {
  let userId: string;
  try {
    const { Attributes } = await ctx.db.send(
      new DeleteCommand({
        TableName: ctx.tableName,
        Key: resetTokenKey(sha256(input.token)),
        ConditionExpression: "attribute_exists(pk) AND #ttl > :now",
        ExpressionAttributeNames: { "#ttl": TABLE.ttlAttribute },
        ExpressionAttributeValues: { ":now": epoch(now) },
        ReturnValues: "ALL_OLD",
      }),
    );
    userId = String(Attributes?.userId);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new DomainError(INVALID_TOKEN, "token", 400);
    }
    throw error;
  }
  await setPassword(ctx, userId, input.password).catch((error) => {
    throw isDomainError(error) ? new DomainError(INVALID_TOKEN, "token", 400) : error;
  });
  await revokeUserSessions(ctx, userId);
  const user = await getUserItem(ctx, userId);
  if (!user) throw new DomainError(INVALID_TOKEN, "token", 400);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isAdmin: user.isAdmin === true,
    createdAt: user.createdAt,
  };
}

/** Security screen: a new password; every other session of the user is signed out. */
export async function changePassword(
  ctx: Context,
  userId: string,
  password: string,
  currentSessionId: string,
): Promise<void> {
  await setPassword(ctx, userId, password);
  await revokeUserSessions(ctx, userId, { keep: currentSessionId });
}

/**
 * Deletes the account: the user, the e-mail claim, addresses and purchase marks go in one
 * transaction with a `user.deleted` event (orders are kept for the books; no reaction to that
 * event anonymises them yet, so they keep the customer's name and address); then every session
 * is revoked.
 */
export async function deleteAccount(ctx: Context, userId: string, now = new Date()) {
  const user = await getUserItem(ctx, userId);
  if (!user) throw new DomainError(USER_NOT_FOUND, undefined, 404);
  // Addresses (at most MAX_ADDRESSES) and purchase marks share the user's partition.
  const others: { pk: string; sk: string }[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": userKey(userId).pk },
        ProjectionExpression: "pk, sk",
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk !== userKey(userId).sk) others.push({ pk: item.pk, sk: item.sk });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  // One transaction holds 100 items: the rest (only purchase marks can be that many) after it.
  const inTransaction = others.slice(0, 97);
  await transact(ctx, [
    {
      Delete: {
        TableName: ctx.tableName,
        Key: userKey(userId),
        ConditionExpression: "attribute_exists(pk)",
      },
    },
    {
      Delete: {
        TableName: ctx.tableName,
        Key: emailKey(user.email),
        ConditionExpression: "attribute_not_exists(pk) OR userId = :id",
        ExpressionAttributeValues: { ":id": userId },
      },
    },
    eventPut(ctx, "user.deleted", { userId }, now),
    ...inTransaction.map((Key) => ({ Delete: { TableName: ctx.tableName, Key } })),
  ]);
  for (const Key of others.slice(inTransaction.length)) {
    await ctx.db.send(new DeleteCommand({ TableName: ctx.tableName, Key }));
  }
  await revokeUserSessions(ctx, userId);
}
