// SES's bounces and complaints (the mail-events function: functions/src/mail-events.ts), wired
// here because they reach two areas: the address's mail state (core/src/mail/reputation.ts) and,
// for a complaint about a newsletter, its subscription, changed as the one-click unsubscribe link
// changes it (core/src/newsletter/subscriptions.server.ts setSubscription).
import type { Context } from "../context/index.server.ts";
import { type MailEventOutcome, recordMailEvent } from "../mail/reputation.server.ts";
import { setSubscription } from "../newsletter/subscriptions.server.ts";

/** Handles one SES event's body (docs/decisions/037-mail-reputation.md). */
export function handleMailEvent(
  ctx: Context,
  body: unknown,
  now = new Date(),
): Promise<MailEventOutcome> {
  return recordMailEvent(ctx, body, (email) => setSubscription(ctx, email, false, now));
}
