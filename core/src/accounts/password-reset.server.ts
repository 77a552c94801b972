// "Forgot your password?" and the reset it leads to: a single-use, hour-long token mailed
// through the mail queue, the same table work whether the account exists or not, and the reset
// that uses the token once (docs/product.md §5; the other account flows: ./auth.server.ts).
import { randomBytes } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { isConditionFailed } from "../db/conditional.server.ts";
import { emailKey, resetTokenKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import {
  mailRequest,
  PASSWORD_RESET_SUBJECT,
  type QueuedMail,
  renderMail,
} from "../mail/index.server.ts";
import type { Requester } from "./auth.server.ts";
import { addressLimitKey } from "./client-address.ts";
import { type AbuseLimits, tryAgainIn } from "./limits.ts";
import { hashPassword } from "./passwords.server.ts";
import { consume } from "./rate-limit.server.ts";
import { RESET_TOKEN_MAX_LENGTH } from "./schemas.ts";
import { revokeUserSessions, sha256 } from "./sessions.server.ts";
import {
  getUserItem,
  passwordUpdate,
  passwordVersionOf,
  toUser,
  type User,
  type UserItem,
} from "./users.server.ts";

export const INVALID_TOKEN = "Invalid token";
export const RESET_TOKEN_LIFETIME_SECONDS = 3600;
export const RESET_MAIL_SUBJECT = PASSWORD_RESET_SUBJECT;

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

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
    if (isConditionFailed(error)) {
      throw new DomainError(INVALID_TOKEN, "token", 400);
    }
    throw error;
  }
  await revokeUserSessions(ctx, userId);
  const user = await getUserItem(ctx, userId);
  if (!user) throw new DomainError(INVALID_TOKEN, "token", 400);
  return toUser(user);
}
