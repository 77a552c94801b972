// Newsletter subscriptions (DESIGN §5): one item per e-mail, NEWSLETTER#<email>; while subscribed
// it carries the sparse gsi1 keys SUBSCRIBERS/<email> that the fan-out pages through, and an
// unsubscribe removes them. Subscribing twice writes the same item: nobody is listed twice.
// Unsubscribe links carry an HMAC of the e-mail, so nobody can unsubscribe another person.
import { createHmac, timingSafeEqual } from "node:crypto";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { tryAgainIn } from "../accounts/limits.ts";
import { consume, secondsLeft } from "../accounts/rate-limit.server.ts";
import type { Config, Context } from "../context/index.server.ts";
import { subscriberIndex, subscriptionKey } from "../db/keys.ts";
import { DomainError } from "../shared/errors.ts";

export const SUBSCRIBED = "You have been subscribed to our newsletter";
export const SUBSCRIPTION_UPDATED = "Subscription updated";
/** Footer sign-ups per client address and hour. */
export const NEWSLETTER_LIMIT = { max: 20, windowSeconds: 3600 };

const normal = (email: string) => email.trim().toLowerCase();

/** Subscribes or unsubscribes an e-mail (already validated). One PutItem. */
export async function setSubscription(
  ctx: Context,
  email: string,
  isSubscribed: boolean,
  now = new Date(),
): Promise<void> {
  const address = normal(email);
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...subscriptionKey(address),
        ...(isSubscribed ? subscriberIndex(address) : {}),
        entity: "newsletterSubscription",
        email: address,
        isSubscribed,
        updatedAt: now.toISOString(),
      },
    }),
  );
}

/** The footer's sign-up: limited per client address, then subscribed. */
export async function subscribeFromFooter(
  ctx: Context,
  email: string,
  clientAddress: string,
  limit = NEWSLETTER_LIMIT,
  now = new Date(),
): Promise<void> {
  if (!(await consume(ctx, "newsletter", clientAddress, limit, now))) {
    throw new DomainError(
      `Too many sign-ups from your network. ${tryAgainIn(secondsLeft(limit, now))}`,
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

/** The link every newsletter e-mail carries. */
export function unsubscribeUrl(config: Pick<Config, "appUrl" | "sessionSecret">, email: string) {
  const params = new URLSearchParams({
    email: normal(email),
    token: unsubscribeToken(config, email),
  });
  return `${config.appUrl}/user/unsubscribe-newsletter?${params}`;
}

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid";

/** Unsubscribes through a link: only with the e-mail's own token. */
export async function unsubscribeWithToken(
  ctx: Context,
  email: string,
  token: unknown,
): Promise<void> {
  if (!isValidUnsubscribeToken(ctx.config, email, token)) {
    throw new DomainError(INVALID_UNSUBSCRIBE_LINK, "token", 400);
  }
  await setSubscription(ctx, email, false);
}
