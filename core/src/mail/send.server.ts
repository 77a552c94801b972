// Sending e-mail through SES v2 (locally: aws-ses-v2-local, whose page at :8005 is the mailbox).
// Every e-mail the shop sends goes through sendMail, with a plain-text part always present.
import { SendEmailCommand } from "@aws-sdk/client-sesv2";
import type { Context } from "../context/index.server.ts";

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  replyTo?: string;
}

export async function sendMail(ctx: Context, mail: Mail): Promise<void> {
  await ctx.ses.send(
    new SendEmailCommand({
      FromEmailAddress: ctx.config.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: "UTF-8" },
          Body: {
            Text: { Data: mail.text, Charset: "UTF-8" },
            ...(mail.html ? { Html: { Data: mail.html, Charset: "UTF-8" } } : {}),
          },
          Attachments: mail.attachments?.map((a) => ({
            FileName: a.fileName,
            ContentType: a.contentType,
            RawContent: a.content,
            ContentDisposition: "ATTACHMENT",
          })),
        },
      },
    }),
  );
}

/** Escapes text for an HTML e-mail body (names and addresses are user input). */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
