// Users and their e-mail claims. One account per e-mail is enforced by a condition on the claim
// item, written in the same transaction as the user (docs/architecture.md §2), never read-then-write.
import { randomUUID } from "node:crypto";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { isConditionFailed } from "../db/conditional.server.ts";
import { customerIndex, emailKey, userKey } from "../db/keys.ts";
import type { TransactItem } from "../db/transact.server.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { hashPassword, needsRehash, UNUSABLE_HASH, verifyPassword } from "./passwords.server.ts";

export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  createdAt: string;
  /**
   * The person proved they read mail at `email` (followed a link sent there). Sign-up does not
   * prove it: until then the account never shows or changes that address's newsletter
   * subscription (email-change.server.ts).
   */
  emailVerified: boolean;
  /** A new e-mail asked for and not yet confirmed from its link (email-change.server.ts). */
  pendingEmail?: string;
}

export interface UserItem extends User {
  /** The hash of the latest e-mail link's token: only that link works. */
  emailLink?: string;
  passwordHash: string;
  /**
   * Raised by every password change (absent on accounts made before it existed: 0). A reset
   * token carries the version it was issued at and is void once the version moved on
   * (auth.server.ts).
   */
  passwordVersion?: number;
}

/** The user's password version (0 when never set). */
export const passwordVersionOf = (item: Pick<UserItem, "passwordVersion">): number =>
  Number(item.passwordVersion ?? 0);

export const EMAIL_TAKEN = "An account with this e-mail already exists";
export const BAD_CREDENTIALS = "Invalid e-mail or password";

export const toUser = ({
  id,
  firstName,
  lastName,
  email,
  isAdmin,
  createdAt,
  emailVerified,
  pendingEmail,
}: UserItem): User => ({
  id,
  firstName,
  lastName,
  email,
  isAdmin: isAdmin === true,
  createdAt,
  emailVerified: emailVerified === true,
  ...(pendingEmail ? { pendingEmail } : {}),
});

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * Creates an account. `isAdmin` is not part of the input: sign-up can never create an admin
 * (the seed passes `{ admin: true }` through `options`, which no request can reach), and its
 * e-mail is unverified (`emailVerified` is for accounts an operator creates).
 */
export async function createUser(
  ctx: Context,
  input: NewUser,
  options: { admin?: boolean; emailVerified?: boolean; now?: Date } = {},
): Promise<User> {
  const now = options.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const item: UserItem = {
    id: randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    email,
    isAdmin: options.admin === true,
    createdAt: now.toISOString(),
    emailVerified: options.emailVerified === true,
    passwordHash: await hashPassword(input.password),
    passwordVersion: 0,
  };
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: { ...emailKey(email), entity: "emailClaim", userId: item.id },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...userKey(item.id),
            ...customerIndex(item.createdAt, item.id),
            entity: "user",
            ...item,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      eventPut(ctx, "user.registered", { userId: item.id, email }, now),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) {
      throw new DomainError(EMAIL_TAKEN, "email", 409);
    }
    throw error;
  }
  return toUser(item);
}

export async function getUser(ctx: Context, id: string): Promise<User | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: userKey(id) }),
  );
  return Item ? toUser(Item as UserItem) : null;
}

async function findUserItemByEmail(ctx: Context, email: string): Promise<UserItem | null> {
  const { Item: claim } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: emailKey(email.trim()) }),
  );
  if (!claim) return null;
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: userKey(claim.userId) }),
  );
  return (Item as UserItem | undefined) ?? null;
}

export async function findUserByEmail(ctx: Context, email: string): Promise<User | null> {
  const item = await findUserItemByEmail(ctx, email);
  return item ? toUser(item) : null;
}

/**
 * The user for these credentials, or a DomainError on the e-mail field (docs/product.md §8). A
 * password hash made with older parameters is replaced by one with the current parameters
 * (passwords.server.ts), now that the password is at hand.
 */
export async function verifyCredentials(
  ctx: Context,
  email: string,
  password: string,
): Promise<User> {
  const item = await findUserItemByEmail(ctx, email);
  // Hash even when there is no such user, so timing does not reveal which e-mails exist.
  const ok = item
    ? await verifyPassword(password, item.passwordHash)
    : await verifyPassword(password, UNUSABLE_HASH).then(() => false);
  if (!item || !ok) throw new DomainError(BAD_CREDENTIALS, "email", 401);
  if (needsRehash(item.passwordHash)) await upgradePasswordHash(ctx, item, password);
  return toUser(item);
}

/**
 * Stores the password's hash with the current parameters, unless the hash changed meanwhile (a
 * concurrent password change must not be overwritten by the old password). The password stays
 * the same, so the password version (and the reset tokens it keeps valid) does too. A failure
 * does not fail the sign-in: the next one tries again.
 */
async function upgradePasswordHash(ctx: Context, item: UserItem, password: string) {
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: userKey(item.id),
        UpdateExpression: "SET passwordHash = :new",
        ConditionExpression: "passwordHash = :old",
        ExpressionAttributeValues: {
          ":new": await hashPassword(password),
          ":old": item.passwordHash,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) {
      console.error(`password hash upgrade of user ${item.id} failed: ${error}`);
    }
  }
}

/** The stored user item, password hash included (server-side use only). */
export async function getUserItem(ctx: Context, id: string): Promise<UserItem | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: userKey(id) }),
  );
  return (Item as UserItem | undefined) ?? null;
}

export interface NamesUpdate {
  firstName: string;
  lastName: string;
}

export const USER_NOT_FOUND = "User not found";

/**
 * Updates the names, nothing else: `isAdmin`, the password and the e-mail are not part of the
 * input (docs/product.md §6 "Identity and role"). A new e-mail goes through requestEmailChange, and takes effect
 * only from the link sent to it (email-change.server.ts).
 */
export async function updateNames(ctx: Context, userId: string, input: NamesUpdate): Promise<User> {
  const { Attributes } = await ctx.db
    .send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: userKey(userId),
        UpdateExpression: "SET firstName = :f, lastName = :l",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":f": input.firstName, ":l": input.lastName },
        ReturnValues: "ALL_NEW",
      }),
    )
    .catch(notFoundOnFailedCondition);
  return toUser(Attributes as UserItem);
}

/**
 * The update that stores a new password hash and raises the password version, which voids every
 * reset token issued before it. With `expectedVersion`, its condition also requires the version
 * to be still that one (a reset token's: auth.server.ts).
 */
export function passwordUpdate(
  ctx: Pick<Context, "tableName">,
  userId: string,
  passwordHash: string,
  expectedVersion?: number,
): { Update: NonNullable<TransactItem["Update"]> } {
  const names = { "#v": "passwordVersion" };
  const values: Record<string, string | number> = { ":h": passwordHash, ":one": 1 };
  let condition = "attribute_exists(pk)";
  if (expectedVersion !== undefined) {
    values[":v"] = expectedVersion;
    condition +=
      expectedVersion === 0 ? " AND (attribute_not_exists(#v) OR #v = :v)" : " AND #v = :v";
  }
  return {
    Update: {
      TableName: ctx.tableName,
      Key: userKey(userId),
      UpdateExpression: "SET passwordHash = :h ADD #v :one",
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Stores a new password hash and raises the password version, so every outstanding reset token
 * of the user is void (callers revoke the other sessions: see auth.server.ts).
 */
export async function setPassword(ctx: Context, userId: string, password: string): Promise<void> {
  const { Update } = passwordUpdate(ctx, userId, await hashPassword(password));
  await ctx.db.send(new UpdateCommand(Update)).catch(notFoundOnFailedCondition);
}

function notFoundOnFailedCondition(error: unknown): never {
  if (isConditionFailed(error)) {
    throw new DomainError(USER_NOT_FOUND, undefined, 404);
  }
  throw error;
}
