// Newsletter subscriptions (docs/architecture.md §5): one item per e-mail, NEWSLETTER#<email>; while subscribed
// it carries the sparse gsi1 keys SUBSCRIBERS/<email> that the fan-out pages through, and an
// unsubscribe removes them. Subscribing twice writes the same item: nobody is listed twice.
// The counter SUBSCRIBERS/COUNT changes in the same transaction, so the admin reads one item.
// Unsubscribe links carry an HMAC of the e-mail, so nobody can unsubscribe another person.
// Opening a link never unsubscribes (mail scanners fetch every link of a message): the link's
// page asks first and its button posts; mail providers post to the one-click URL of the
// List-Unsubscribe header (RFC 8058), which the signed token alone authenticates.
import { createHmac, timingSafeEqual } from "node:crypto";
import { GetCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import { addressLimitKey } from "../accounts/client-address.ts";
import { tryAgainIn } from "../accounts/limits.ts";
import { consume } from "../accounts/rate-limit.server.ts";
import { DomainError } from "../common/errors.ts";
import { EMAIL_MAX_LENGTH } from "../common/fields.ts";
import type { Config, Context } from "../context/index.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { SUBSCRIBER_COUNT_KEY, subscriberIndex, subscriptionKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";

export const SUBSCRIBED = "You have been subscribed to our newsletter";
export const SUBSCRIPTION_UPDATED = "Subscription updated";
/** Footer sign-ups per client address and hour. */
export const NEWSLETTER_LIMIT = { max: 20, windowSeconds: 3600 };

const normal = (email: string) => email.trim().toLowerCase();

/**
 * Subscribes or unsubscribes an e-mail (already validated). The subscriber count changes in the
 * same transaction, by condition on the state read just before: a concurrent change of the same
 * e-mail makes it read again, so the count never drifts. A GetItem and a TransactWriteItems.
 */
export async function setSubscription(
  ctx: Context,
  email: string,
  isSubscribed: boolean,
  now = new Date(),
): Promise<void> {
  const address = normal(email);
  const item = {
    ...subscriptionKey(address),
    ...(isSubscribed ? subscriberIndex(address) : {}),
    entity: "newsletterSubscription",
    email: address,
    isSubscribed,
    updatedAt: now.toISOString(),
  };
  for (let attempt = 1; ; attempt++) {
    const { Item } = await ctx.db.send(
      new GetCommand({
        TableName: ctx.tableName,
        Key: subscriptionKey(address),
        ConsistentRead: true,
        ProjectionExpression: "isSubscribed",
      }),
    );
    const was = Item?.isSubscribed === true;
    const change = was === isSubscribed ? 0 : isSubscribed ? 1 : -1;
    const put: TransactItem = {
      Put: {
        TableName: ctx.tableName,
        Item: item,
        ConditionExpression: was
          ? "isSubscribed = :true"
          : "attribute_not_exists(isSubscribed) OR isSubscribed <> :true",
        ExpressionAttributeValues: { ":true": true },
      },
    };
    const count: TransactItem = {
      Update: {
        TableName: ctx.tableName,
        Key: SUBSCRIBER_COUNT_KEY,
        UpdateExpression: "SET entity = :entity ADD n :change",
        ExpressionAttributeValues: { ":entity": "subscriberCount", ":change": change },
      },
    };
    try {
      await transact(ctx, change === 0 ? [put] : [put, count]);
      return;
    } catch (error) {
      const raced = error instanceof TransactionCancelled && error.failedAt(0);
      if (!raced || attempt >= 5) throw error;
    }
  }
}

/**
 * How many e-mails are subscribed (the admin's newsletter screen): one GetItem of the counter.
 * A table from before the counter existed has none marked as counted: then the sparse index is
 * counted once (Select COUNT, paged) and the counter set from it.
 */
export async function getSubscriberCount(ctx: Context): Promise<number> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: SUBSCRIBER_COUNT_KEY, ConsistentRead: true }),
  );
  if (Item?.countedFromIndex === true) return Math.max(0, Number(Item.n ?? 0));
  let n = 0;
  const pages = paginateQuery(
    { client: ctx.db },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": subscriberIndex("").gsi1pk },
      Select: "COUNT",
    },
  );
  for await (const page of pages) n += page.Count ?? 0;
  // Another request counted first: its figure stands.
  await conditionalUpdate(ctx, {
    TableName: ctx.tableName,
    Key: SUBSCRIBER_COUNT_KEY,
    UpdateExpression: "SET n = :n, countedFromIndex = :true, entity = :entity",
    ConditionExpression: "attribute_not_exists(countedFromIndex)",
    ExpressionAttributeValues: { ":n": n, ":true": true, ":entity": "subscriberCount" },
  });
  return n;
}

/** The footer's sign-up: limited per client address, then subscribed. */
export async function subscribeFromFooter(
  ctx: Context,
  email: string,
  clientAddress: string,
  limit = NEWSLETTER_LIMIT,
  now = new Date(),
): Promise<void> {
  const use = await consume(ctx, "newsletter", addressLimitKey(clientAddress), limit, now);
  if (!use.allowed) {
    throw new DomainError(
      `Too many sign-ups from your network. ${tryAgainIn(use.retryAfterSeconds)}`,
      "email",
      429,
    );
  }
  await setSubscription(ctx, email, true, now);
}

/** Is this e-mail subscribed? One GetItem. */
export async function isSubscribed(ctx: Context, email: string): Promise<boolean> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: subscriptionKey(normal(email)) }),
  );
  return Item?.isSubscribed === true;
}

export const EMAIL_UNVERIFIED =
  "Confirm your e-mail address first: we can send you a link from your profile";

/** Whose subscription the profile's switch is about: the account's e-mail, once verified. */
export interface AccountAddress {
  email: string;
  emailVerified: boolean;
}

/**
 * The profile's newsletter state: the account's address's subscription, or null while that
 * address is unverified (the address may be someone else's: a sign-up proves nothing about the
 * mailbox, so the account must not see or change that person's subscription).
 */
export async function accountSubscription(
  ctx: Context,
  account: AccountAddress,
): Promise<boolean | null> {
  return account.emailVerified ? isSubscribed(ctx, account.email) : null;
}

/** The profile's switch: 403 on `isSubscribed` while the address is unverified. */
export async function setAccountSubscription(
  ctx: Context,
  account: AccountAddress,
  subscribed: boolean,
  now = new Date(),
): Promise<void> {
  if (!account.emailVerified) throw new DomainError(EMAIL_UNVERIFIED, "isSubscribed", 403);
  await setSubscription(ctx, account.email, subscribed, now);
}

/** The unsubscribe token of an e-mail: HMAC-SHA256 with the session secret, base64url. */
export function unsubscribeToken(config: Pick<Config, "sessionSecret">, email: string): string {
  return createHmac("sha256", config.sessionSecret).update(normal(email)).digest("base64url");
}

/** Does the token belong to this e-mail? Compared in constant time. */
export function isValidUnsubscribeToken(
  config: Pick<Config, "sessionSecret">,
  email: string,
  token: unknown,
): boolean {
  if (typeof token !== "string" || token.length > 100) return false;
  const expected = Buffer.from(unsubscribeToken(config, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page of the link in every newsletter e-mail: it shows the address and asks to confirm. */
export const UNSUBSCRIBE_PAGE_PATH = "/user/unsubscribe-newsletter";
/**
 * Where mail providers post RFC 8058's one-click unsubscribe
 * (web/app/routes/newsletter_.one-click-unsubscribe.ts).
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/newsletter/one-click-unsubscribe";

function signedLink(config: Pick<Config, "appUrl" | "sessionSecret">, path: string, email: string) {
  const params = new URLSearchParams({
    email: normal(email),
    token: unsubscribeToken(config, email),
  });
  return `${config.appUrl}${path}?${params}`;
}

/** The link every newsletter e-mail carries (its page asks before it unsubscribes). */
export function unsubscribeUrl(config: Pick<Config, "appUrl" | "sessionSecret">, email: string) {
  return signedLink(config, UNSUBSCRIBE_PAGE_PATH, email);
}

/** The URL of the List-Unsubscribe header: a POST unsubscribes at once, a GET shows the page. */
export function oneClickUnsubscribeUrl(
  config: Pick<Config, "appUrl" | "sessionSecret">,
  email: string,
) {
  return signedLink(config, ONE_CLICK_UNSUBSCRIBE_PATH, email);
}

/** RFC 8058's body field and value: `List-Unsubscribe=One-Click`. */
export const ONE_CLICK_FIELD = "List-Unsubscribe";
export const ONE_CLICK_VALUE = "One-Click";

/**
 * The headers of every newsletter e-mail (RFC 2369 and RFC 8058), List-Unsubscribe first: mail
 * providers show their own "Unsubscribe" button and post to the one-click URL, without cookies.
 */
export function listUnsubscribeHeaders(
  config: Pick<Config, "appUrl" | "sessionSecret">,
  email: string,
): Array<{ name: string; value: string }> {
  return [
    { name: "List-Unsubscribe", value: `<${oneClickUnsubscribeUrl(config, email)}>` },
    { name: "List-Unsubscribe-Post", value: `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}` },
  ];
}

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid";
export const NOT_ONE_CLICK = "Not a one-click unsubscribe request (List-Unsubscribe=One-Click)";

/** The e-mail of a link, as the link's page reads it from the URL (untrusted, bounded). */
const linkEmail = (email: unknown) =>
  typeof email === "string" ? email.slice(0, EMAIL_MAX_LENGTH) : "";

/**
 * What the link's page shows (a GET: it changes nothing): the address and whether it is still
 * subscribed. A link whose token is not the e-mail's own is refused (400).
 */
export async function readUnsubscribeLink(
  ctx: Context,
  email: unknown,
  token: unknown,
): Promise<{ email: string; isSubscribed: boolean }> {
  const address = linkEmail(email);
  if (!isValidUnsubscribeToken(ctx.config, address, token)) {
    throw new DomainError(INVALID_UNSUBSCRIBE_LINK, "token", 400);
  }
  return { email: normal(address), isSubscribed: await isSubscribed(ctx, address) };
}

/** Unsubscribes through a link: only with the e-mail's own token. Twice is harmless. */
export async function unsubscribeWithToken(
  ctx: Context,
  email: unknown,
  token: unknown,
): Promise<void> {
  const address = linkEmail(email);
  if (!isValidUnsubscribeToken(ctx.config, address, token)) {
    throw new DomainError(INVALID_UNSUBSCRIBE_LINK, "token", 400);
  }
  await setSubscription(ctx, address, false);
}

/**
 * RFC 8058's one-click unsubscribe: the provider's POST carries `List-Unsubscribe=One-Click`
 * (`oneClick` is that field's value) and no cookie nor an Origin the shop knows, so the token in
 * the URL is the only authentication: the same as the link's.
 */
export async function unsubscribeOneClick(
  ctx: Context,
  input: { email: unknown; token: unknown; oneClick: unknown },
): Promise<void> {
  if (input.oneClick !== ONE_CLICK_VALUE)
    throw new DomainError(NOT_ONE_CLICK, ONE_CLICK_FIELD, 400);
  await unsubscribeWithToken(ctx, input.email, input.token);
}
