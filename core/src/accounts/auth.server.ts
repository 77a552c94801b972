// The account flows a route calls, one function each: sign in, sign up, forgot and reset
// password, change password, delete account. Abuse limits are applied here, so every caller
// gets them (docs/architecture.md §5, §6).
import { randomBytes } from "node:crypto";
import { DeleteCommand, GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError, isDomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { emailKey, resetTokenKey, userKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import {
  mailRequest,
  PASSWORD_RESET_SUBJECT,
  type QueuedMail,
  renderMail,
} from "../mail/index.server.ts";
import { addressLimitKey } from "./client-address.ts";
import { type AbuseLimits, tryAgainIn } from "./limits.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { consume, release } from "./rate-limit.server.ts";
import { RESET_TOKEN_MAX_LENGTH } from "./schemas.ts";
import { revokeUserSessions, sha256 } from "./sessions.server.ts";
import {
  createUser,
  getUserItem,
  type NewUser,
  passwordUpdate,
  passwordVersionOf,
  setPassword,
  toUser,
  USER_NOT_FOUND,
  type User,
  type UserItem,
  verifyCredentials,
} from "./users.server.ts";

export const INVALID_TOKEN = "Invalid token";
export const RESET_TOKEN_LIFETIME_SECONDS = 3600;
export const RESET_MAIL_SUBJECT = PASSWORD_RESET_SUBJECT;

/** Who is asking: the client address, as the web layer determined it. */
export interface Requester {
  clientAddress: string;
}

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

const tooManySignIns = (retryAfterSeconds: number) =>
  new DomainError(
    `Too many failed sign-in attempts. ${tryAgainIn(retryAfterSeconds)}`,
    "email",
    429,
  );

/**
 * Signs in. Failures are counted per e-mail + client address, and per e-mail from any address
 * (a higher limit, against an attacker rotating addresses); once either limit is reached the
 * attempt is refused (429 on the e-mail field), even with the right password, until the sliding
 * window has moved past enough failures (the message says when).
 *
 * Every attempt is counted BEFORE its password is verified, by `consume`'s conditional update,
 * so concurrent attempts cannot all pass a check made before any of them was counted: at most
 * `max` wrong passwords are checked in any stretch of the window's length. An attempt that did not fail (the right
 * password, or an error other than wrong credentials) gives its count back, so only failures
 * stay counted, as before.
 */
export async function signIn(
  ctx: Context,
  input: { email: string; password: string },
  who: Requester,
  limits: AbuseLimits,
  now = new Date(),
): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const counters = [
    {
      scope: "signin",
      subject: `${email}|${addressLimitKey(who.clientAddress)}`,
      limit: limits.signInFailures,
    },
    { scope: "signin-email", subject: email, limit: limits.signInFailuresPerEmail },
  ];
  const counted: typeof counters = [];
  const giveBack = () =>
    Promise.all(counted.map((c) => release(ctx, c.scope, c.subject, c.limit, now)));
  for (const counter of counters) {
    const use = await consume(ctx, counter.scope, counter.subject, counter.limit, now);
    if (!use.allowed) {
      // Refused without a verification: the counters already taken are not charged for it.
      await giveBack();
      throw tooManySignIns(use.retryAfterSeconds);
    }
    counted.push(counter);
  }
  let user: User;
  try {
    user = await verifyCredentials(ctx, email, input.password);
  } catch (error) {
    if (!isDomainError(error)) await giveBack();
    throw error;
  }
  await giveBack();
  return user;
}

/** Signs up (never an admin: NewUser has no such field), limited per client address. */
export async function signUp(
  ctx: Context,
  input: NewUser,
  who: Requester,
  limits: AbuseLimits,
  now = new Date(),
): Promise<User> {
  const use = await consume(ctx, "signup", addressLimitKey(who.clientAddress), limits.signUps, now);
  if (!use.allowed) {
    throw new DomainError(
      `Too many accounts were created from your network. ${tryAgainIn(use.retryAfterSeconds)}`,
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

/** The reset e-mail with its link (docs/product.md §5). */
async function resetMail(
  ctx: Context,
  user: Pick<UserItem, "email" | "firstName">,
  token: string,
): Promise<QueuedMail> {
  const resetUrl = `${ctx.config.appUrl}/auth/reset-password?token=${token}`;
  return {
    to: user.email,
    ...(await renderMail("password-reset", { firstName: user.firstName, resetUrl })),
    // Sent even after a hard bounce (core/src/mail/reputation.ts): its owner asked for it.
    kind: "security",
  };
}

/** Looked up when no account has the e-mail, so both cases read the table as often. */
const NO_USER_ID = "none";

/**
 * "Forgot your password?": queues an e-mail with a single-use link valid for an hour when the
 * account exists, and answers the same way, in about the same time, when it does not (the form
 * must not reveal accounts). The mail goes through the mail queue (a `mail.requested` event,
 * written in one transaction with the token), so no mail is sent within the request, and both
 * cases do the same table work: two reads (e-mail claim, user), then one transaction of two
 * items. With an account: the token and the mail request. Without: a decoy token that no link
 * names and that belongs to no user, and a check that the e-mail is still unclaimed.
 *
 * The token carries the user's password version: a later password change or reset voids it.
 * The token item is keyed by the token's hash, but the queued mail (an event item, kept a week)
 * holds the link itself, as the e-mail will: it works only until its first use or its hour ends.
 */
export async function requestPasswordReset(
  ctx: Context,
  rawEmail: string,
  who: Requester,
  limits: AbuseLimits,
  now = new Date(),
): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  let use = await consume(
    ctx,
    "reset-address",
    addressLimitKey(who.clientAddress),
    limits.resetsPerAddress,
    now,
  );
  if (use.allowed) use = await consume(ctx, "reset-email", email, limits.resetsPerEmail, now);
  if (!use.allowed) {
    throw new DomainError(
      `Too many reset requests. ${tryAgainIn(use.retryAfterSeconds)}`,
      "email",
      429,
    );
  }
  const { Item: claim } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: emailKey(email) }),
  );
  const user = await getUserItem(
    ctx,
    typeof claim?.userId === "string" ? claim.userId : NO_USER_ID,
  );
  const token = randomBytes(32).toString("base64url");
  const tokenPut = (fields: Record<string, unknown>) => ({
    Put: {
      TableName: ctx.tableName,
      Item: {
        ...resetTokenKey(sha256(token)),
        createdAt: now.toISOString(),
        [TABLE.ttlAttribute]: epoch(now) + RESET_TOKEN_LIFETIME_SECONDS,
        ...fields,
      },
      ConditionExpression: "attribute_not_exists(pk)",
    },
  });
  // Rendered with or without an account, so that both answers take the same time.
  const mail = await resetMail(ctx, user ?? { email, firstName: "" }, token);
  if (!user) {
    await transact(ctx, [
      tokenPut({ entity: "resetDecoy" }),
      {
        ConditionCheck: {
          TableName: ctx.tableName,
          Key: emailKey(email),
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
    ]).catch((error) => {
      // Claimed meanwhile (a sign-up just now): no mail for this request either.
      if (!(error instanceof TransactionCancelled)) throw error;
    });
    return;
  }
  await transact(ctx, [
    tokenPut({
      entity: "resetToken",
      userId: user.id,
      passwordVersion: passwordVersionOf(user),
    }),
    mailRequest(ctx, mail, now),
  ]);
}

/**
 * The user a reset token is for, while the token is usable: unexpired, and issued at the user's
 * current password version (a password change or reset since then voids it). Else null.
 */
async function resetTarget(ctx: Context, token: string, now: Date) {
  if (!token || token.length > RESET_TOKEN_MAX_LENGTH) return null;
  const { Item } = await ctx.db.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: resetTokenKey(sha256(token)),
      ConsistentRead: true,
    }),
  );
  if (!Item || typeof Item.userId !== "string") return null;
  if (Number(Item[TABLE.ttlAttribute]) <= epoch(now)) return null;
  const user = await getUserItem(ctx, Item.userId);
  const version = Number(Item.passwordVersion ?? 0);
  if (!user || passwordVersionOf(user) !== version) return null;
  return { user, version };
}

/** Is this reset token usable now? (The reset screen checks it on load.) */
export async function isResetTokenValid(ctx: Context, token: string, now = new Date()) {
  return (await resetTarget(ctx, token, now)) !== null;
}

/**
 * Sets a new password with a reset token, in one transaction: the token is deleted (by a
 * condition, so it works once; it expires after an hour) and the password stored, on condition
 * that the user's password version is still the token's. The new version voids every other
 * outstanding reset token of the user. Every session of the user is revoked.
 */
export async function resetPassword(
  ctx: Context,
  input: { token: string; password: string },
  now = new Date(),
): Promise<User> {
  const target = await resetTarget(ctx, input.token, now);
  if (!target) throw new DomainError(INVALID_TOKEN, "token", 400);
  const userId = target.user.id;
  try {
    await transact(ctx, [
      {
        Delete: {
          TableName: ctx.tableName,
          Key: resetTokenKey(sha256(input.token)),
          ConditionExpression: "attribute_exists(pk) AND #ttl > :now",
          ExpressionAttributeNames: { "#ttl": TABLE.ttlAttribute },
          ExpressionAttributeValues: { ":now": epoch(now) },
        },
      },
      passwordUpdate(ctx, userId, await hashPassword(input.password), target.version),
    ]);
  } catch (error) {
    // Used, expired or voided meanwhile (a concurrent reset or password change).
    if (error instanceof TransactionCancelled && error.reasons.includes("ConditionalCheckFailed")) {
      throw new DomainError(INVALID_TOKEN, "token", 400);
    }
    throw error;
  }
  await revokeUserSessions(ctx, userId);
  const user = await getUserItem(ctx, userId);
  if (!user) throw new DomainError(INVALID_TOKEN, "token", 400);
  return toUser(user);
}

export const CURRENT_PASSWORD_WRONG = "The current password is incorrect";

/**
 * The account's owner types the current password again before a change a stolen session must
 * not make (a new password or e-mail, deleting the account). Wrong passwords are counted per
 * user, before the check, like sign-in failures (same limit), so a session thief cannot try
 * more than a few; a right one gives its count back. Errors are on `currentPassword`: 401 for
 * a wrong password, 429 once the limit is reached (then even the right one waits).
 */
export async function confirmCurrentPassword(
  ctx: Context,
  userId: string,
  password: string,
  limits: AbuseLimits,
  now = new Date(),
): Promise<UserItem> {
  const limit = limits.signInFailures;
  const use = await consume(ctx, "reauth", userId, limit, now);
  if (!use.allowed) {
    throw new DomainError(
      `Too many wrong passwords. ${tryAgainIn(use.retryAfterSeconds)}`,
      "currentPassword",
      429,
    );
  }
  const user = await getUserItem(ctx, userId);
  if (!user) throw new DomainError(USER_NOT_FOUND, undefined, 404);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new DomainError(CURRENT_PASSWORD_WRONG, "currentPassword", 401);
  }
  await release(ctx, "reauth", userId, limit, now);
  return user;
}

/**
 * Security screen: a new password, with the current one; every other session of the user is
 * signed out, and every outstanding reset token is void (the password version moves on).
 */
export async function changePassword(
  ctx: Context,
  userId: string,
  input: { currentPassword: string; password: string },
  currentSessionId: string,
  limits: AbuseLimits,
  now = new Date(),
): Promise<void> {
  await confirmCurrentPassword(ctx, userId, input.currentPassword, limits, now);
  await setPassword(ctx, userId, input.password);
  await revokeUserSessions(ctx, userId, { keep: currentSessionId });
}

/** Security screen: deletes the account (deleteAccount), with the current password. */
export async function closeAccount(
  ctx: Context,
  userId: string,
  currentPassword: string,
  limits: AbuseLimits,
  now = new Date(),
): Promise<void> {
  await confirmCurrentPassword(ctx, userId, currentPassword, limits, now);
  await deleteAccount(ctx, userId, now);
}

/**
 * Deletes the account: the user, the e-mail claim, addresses and purchase marks go in one
 * transaction with a `user.deleted` event; then every session is revoked. Orders are kept for
 * the books: the reaction to that event (core/src/accounts/order-anonymisation.server.ts, run from the
 * table's stream) replaces their e-mail and delivery address, shortly after this returns
 * (docs/decisions/008-account-deletion.md).
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
