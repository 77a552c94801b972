// Changing and verifying the account's e-mail (docs/decisions/007-threat-model.md "Account
// takeover"). A new e-mail never takes effect on the word of a session: the owner types the
// current password, a link goes to the new address, and only following that link moves the
// account (and its e-mail claim) there. The old address is told at once, so a thief who holds
// the password too is at least seen. The same link, sent to the account's own address, verifies
// it: until an address is verified, the account never shows or changes that address's
// newsletter subscription (a sign-up proves nothing about the mailbox).
//
// The link's token is stored by its hash with the user, the address it is for and the address
// the account had when it was asked; it works once, for a day, only while the account still has
// that old address, and only if it is the account's latest link (the user item keeps its hash). Confirming is a POST from the link's page (mail scanners open links).
import { randomBytes } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { emailChangeKey, emailKey, userKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import {
  EMAIL_CHANGE_NOTICE_SUBJECT,
  EMAIL_CHANGE_SUBJECT,
  EMAIL_VERIFY_SUBJECT,
  mailRequest,
  type QueuedMail,
  renderMail,
} from "../mail/index.server.ts";
import { confirmCurrentPassword } from "./auth.server.ts";
import { type AbuseLimits, tryAgainIn } from "./limits.ts";
import { consume } from "./rate-limit.server.ts";
import {
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_CHANGE_TOKEN_MAX_LENGTH,
  INVALID_EMAIL_LINK,
} from "./schemas.ts";
import { sha256 } from "./sessions.server.ts";
import { EMAIL_TAKEN, getUserItem, toUser, type User, type UserItem } from "./users.server.ts";

export const EMAIL_CHANGE_LIFETIME_SECONDS = 24 * 3600;
export { EMAIL_CHANGE_NOTICE_SUBJECT, EMAIL_CHANGE_SUBJECT, EMAIL_VERIFY_SUBJECT };

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** The page a link opens: it asks before it confirms (a GET changes nothing). */
const linkFor = (ctx: Context, token: string) =>
  `${ctx.config.appUrl}/auth/confirm-email?token=${token}`;

async function confirmMail(
  ctx: Context,
  user: UserItem,
  to: string,
  token: string,
): Promise<QueuedMail> {
  const mail = await renderMail("email-confirmation", {
    firstName: user.firstName,
    email: to,
    change: to !== user.email,
    confirmUrl: linkFor(ctx, token),
  });
  // Security mail (core/src/mail/reputation.ts): sent even to an address that bounced hard.
  return { to, ...mail, kind: "security" };
}

async function noticeMail(ctx: Context, user: UserItem, to: string): Promise<QueuedMail> {
  const mail = await renderMail("email-change-notice", {
    firstName: user.firstName,
    newEmail: to,
    securityUrl: `${ctx.config.appUrl}/user/security`,
  });
  return { to: user.email, ...mail, kind: "security" };
}

async function claimOwner(ctx: Context, email: string): Promise<string | undefined> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: emailKey(email), ConsistentRead: true }),
  );
  return typeof Item?.userId === "string" ? Item.userId : undefined;
}

/** Links per user and hour: the same limit as reset e-mails, so nobody is mail-bombed. */
async function countLink(ctx: Context, userId: string, limits: AbuseLimits, now: Date) {
  const use = await consume(ctx, "email-link", userId, limits.resetsPerEmail, now);
  if (!use.allowed) {
    throw new DomainError(
      `Too many confirmation e-mails. ${tryAgainIn(use.retryAfterSeconds)}`,
      "email",
      429,
    );
  }
}

/** Stores the token and the user's pending address, and queues the mails, in one transaction. */
async function issueLink(
  ctx: Context,
  user: UserItem,
  to: string,
  mails: (token: string) => Promise<QueuedMail>[],
  now: Date,
) {
  const token = randomBytes(32).toString("base64url");
  const hash = sha256(token);
  const queued = await Promise.all(mails(token));
  await transact(ctx, [
    {
      Put: {
        TableName: ctx.tableName,
        Item: {
          ...emailChangeKey(hash),
          entity: "emailChange",
          userId: user.id,
          email: to,
          fromEmail: user.email,
          createdAt: now.toISOString(),
          [TABLE.ttlAttribute]: epoch(now) + EMAIL_CHANGE_LIFETIME_SECONDS,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Update: {
        TableName: ctx.tableName,
        Key: userKey(user.id),
        UpdateExpression:
          to === user.email
            ? "SET emailLink = :hash REMOVE pendingEmail"
            : "SET emailLink = :hash, pendingEmail = :to",
        ConditionExpression: "attribute_exists(pk) AND email = :from",
        ExpressionAttributeValues: {
          ":from": user.email,
          ":hash": hash,
          ...(to === user.email ? {} : { ":to": to }),
        },
      },
    },
    ...queued.map((mail) => mailRequest(ctx, mail, now)),
  ]);
}

/**
 * Asks to move the signed-in account to `email`, with the current password: a link to the new
 * address, a notice to the old one. Nothing changes until the link is followed
 * (confirmEmailChange). The same address (in any case, with spaces) is no change: null, and no
 * password is asked. An address another account has is refused on the E-mail field, as sign-up
 * does.
 */
export async function requestEmailChange(
  ctx: Context,
  account: { id: string; email: string },
  input: { email: string; currentPassword: string },
  limits: AbuseLimits,
  now = new Date(),
): Promise<{ pendingEmail: string | null }> {
  const email = input.email.trim().toLowerCase();
  if (email === account.email) return { pendingEmail: null };
  if (!input.currentPassword) {
    throw new DomainError(CURRENT_PASSWORD_REQUIRED, "currentPassword", 400);
  }
  const user = await confirmCurrentPassword(ctx, account.id, input.currentPassword, limits, now);
  if ((await claimOwner(ctx, email)) !== undefined)
    throw new DomainError(EMAIL_TAKEN, "email", 409);
  await countLink(ctx, user.id, limits, now);
  await issueLink(
    ctx,
    user,
    email,
    (token) => [confirmMail(ctx, user, email, token), noticeMail(ctx, user, email)],
    now,
  );
  return { pendingEmail: email };
}

/** Sends the account's own address a link that verifies it (and drops a pending change). */
export async function requestEmailVerification(
  ctx: Context,
  userId: string,
  limits: AbuseLimits,
  now = new Date(),
): Promise<void> {
  const user = await getUserItem(ctx, userId);
  if (!user) throw new DomainError(INVALID_EMAIL_LINK, "email", 404);
  await countLink(ctx, userId, limits, now);
  await issueLink(
    ctx,
    user,
    user.email,
    (token) => [confirmMail(ctx, user, user.email, token)],
    now,
  );
}

interface LinkTarget {
  user: UserItem;
  email: string;
}

/** The user and address a link is for, while it works; else null. */
async function linkTarget(ctx: Context, token: string, now: Date): Promise<LinkTarget | null> {
  if (!token || token.length > EMAIL_CHANGE_TOKEN_MAX_LENGTH) return null;
  const { Item } = await ctx.db.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: emailChangeKey(sha256(token)),
      ConsistentRead: true,
    }),
  );
  if (!Item || typeof Item.userId !== "string" || typeof Item.email !== "string") return null;
  if (Number(Item[TABLE.ttlAttribute]) <= epoch(now)) return null;
  const user = await getUserItem(ctx, Item.userId);
  if (!user || user.email !== Item.fromEmail || user.emailLink !== sha256(token)) return null;
  return { user, email: Item.email };
}

/** For the link's page: the address it would confirm, or null when the link does not work. */
export async function emailLinkTarget(ctx: Context, token: string, now = new Date()) {
  const target = await linkTarget(ctx, token, now);
  return target ? { email: target.email, change: target.email !== target.user.email } : null;
}

/**
 * Follows a link: the account's e-mail becomes the link's address (the claim moves in the same
 * transaction, so it stays unique), verified. The link works once.
 */
export async function confirmEmailChange(
  ctx: Context,
  token: string,
  now = new Date(),
): Promise<User> {
  const target = await linkTarget(ctx, token, now);
  if (!target) throw new DomainError(INVALID_EMAIL_LINK, "token", 400);
  const { user, email } = target;
  const spend = {
    Delete: {
      TableName: ctx.tableName,
      Key: emailChangeKey(sha256(token)),
      ConditionExpression: "attribute_exists(pk) AND #ttl > :now",
      ExpressionAttributeNames: { "#ttl": TABLE.ttlAttribute },
      ExpressionAttributeValues: { ":now": epoch(now) },
    },
  };
  const moveUser = {
    Update: {
      TableName: ctx.tableName,
      Key: userKey(user.id),
      UpdateExpression: "SET email = :to, emailVerified = :yes REMOVE pendingEmail, emailLink",
      ConditionExpression: "attribute_exists(pk) AND email = :from AND emailLink = :hash",
      ExpressionAttributeValues: {
        ":to": email,
        ":from": user.email,
        ":yes": true,
        ":hash": sha256(token),
      },
    },
  };
  const moveClaim =
    email === user.email
      ? []
      : [
          {
            Put: {
              TableName: ctx.tableName,
              Item: { ...emailKey(email), entity: "emailClaim", userId: user.id },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
          {
            Delete: {
              TableName: ctx.tableName,
              Key: emailKey(user.email),
              ConditionExpression: "userId = :id",
              ExpressionAttributeValues: { ":id": user.id },
            },
          },
        ];
  try {
    await transact(ctx, [spend, moveUser, ...moveClaim]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    // Taken by a sign-up since the link was sent.
    if (moveClaim.length > 0 && error.failedAt(2)) throw new DomainError(EMAIL_TAKEN, "token", 409);
    throw new DomainError(INVALID_EMAIL_LINK, "token", 400);
  }
  return toUser({ ...user, email, emailVerified: true });
}
