// Contact messages (docs/product.md §3): stored in the table (CONTACT#<id>, listed by gsi1 CONTACTS) and
// mailed to the shop's support address, in one transaction with the queued e-mail (so a stored
// message is always mailed, and a failed write mails nothing). Limited per client address.
import { randomUUID } from "node:crypto";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { addressLimitKey } from "../accounts/client-address.ts";
import { tryAgainIn } from "../accounts/limits.ts";
import { consume } from "../accounts/rate-limit.server.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { contactIndex, contactKey } from "../db/keys.ts";
import { transact } from "../db/transact.server.ts";
import { mailRequest } from "../mail/queue.server.ts";
import { renderMail } from "../mail/render.server.ts";
import type { Contact } from "./schemas.ts";

export const MESSAGE_SENT = "Your message has been sent.";
/** Contact messages per client address and hour. */
export const CONTACT_LIMIT = { max: 10, windowSeconds: 3600 };

export interface ContactMessage extends Contact {
  id: string;
  createdAt: string;
}

/** Stores a contact message (already parsed with ContactSchema) and mails it to support. */
export async function sendContactMessage(
  ctx: Context,
  form: Contact,
  clientAddress: string,
  limit = CONTACT_LIMIT,
  now = new Date(),
): Promise<ContactMessage> {
  const use = await consume(ctx, "contact", addressLimitKey(clientAddress), limit, now);
  if (!use.allowed) {
    throw new DomainError(
      `Too many messages from your network. ${tryAgainIn(use.retryAfterSeconds)}`,
      "message",
      429,
    );
  }
  const message: ContactMessage = { id: randomUUID(), createdAt: now.toISOString(), ...form };
  const mail = await renderMail("contact-message", {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phone: form.phone,
    subject: form.subject,
    message: form.message,
  });
  await transact(ctx, [
    {
      Put: {
        TableName: ctx.tableName,
        Item: {
          ...contactKey(message.id),
          ...contactIndex(message.createdAt, message.id),
          entity: "contactMessage",
          ...message,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    mailRequest(ctx, { to: ctx.config.supportEmail, replyTo: form.email, ...mail }, now),
  ]);
  return message;
}

/** The latest contact messages, newest first (for support; one Query on gsi1 CONTACTS). */
export async function listContactMessages(ctx: Context, limit = 50): Promise<ContactMessage[]> {
  const { Items = [] } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "CONTACTS" },
      ScanIndexForward: false,
      Limit: Math.min(Math.max(1, Math.floor(limit)), 100),
    }),
  );
  return Items.map((item) => ({
    id: String(item.id),
    createdAt: String(item.createdAt),
    firstName: String(item.firstName),
    lastName: String(item.lastName),
    email: String(item.email),
    phone: String(item.phone),
    subject: String(item.subject),
    message: String(item.message),
  }));
}
