// Sending e-mail through SES v2 (locally: aws-ses-v2-local, whose page at :8005 is the mailbox).
// Every e-mail the shop sends goes through sendMail, with an HTML part and a plain-text part.
// SendEmail's Simple content (not raw MIME): SES builds the message (multipart/alternative of
// the two parts, inside multipart/mixed with the attachments), with the extra headers a mail
// asks for (Content.Simple.Headers); the local SES keeps them in its store (`headers`).
// The SES client and its command load on the first mail (docs/decisions/022-lean-bundles.md).
// Each mail names its kind's configuration set (the newsletter's, or the transactional one, whose
// bounces and complaints SES delivers to the shop: docs/decisions/037-mail-reputation.md) and
// carries its kind as a message tag, which SES hands back in those events.
import type { Config, Context } from "../context/index.server.ts";
import { MAIL_KIND_TAG, type MailKind } from "./reputation.ts";

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/** A header of the message itself (e.g. List-Unsubscribe), in the order given. */
export interface MailHeader {
  name: string;
  value: string;
}

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part, always; the shop's mails have both (./render.server.ts). */
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  replyTo?: string;
  /** Extra headers (newsletters: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: MailHeader[];
  /** What the mail is (./reputation.ts): transactional unless said otherwise. */
  kind?: MailKind;
}

/** The configuration set a mail of this kind names (none locally, where none is configured). */
export function configurationSetOf(
  config: Pick<Config, "mailConfigurationSets">,
  kind: MailKind = "transactional",
): string | undefined {
  return kind === "newsletter"
    ? config.mailConfigurationSets.newsletter
    : config.mailConfigurationSets.transactional;
}

/** A header name (RFC 5322 field name) and a one-line value: anything else would forge headers. */
const HEADER_NAME = /^[!-9;-~]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

/** The headers as SES takes them (SESv2 Simple content: Headers), refusing any that is unsafe. */
export function sesHeaders(headers: MailHeader[] = []): Array<{ Name: string; Value: string }> {
  return headers.map(({ name, value }) => {
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value) || value.length > 900) {
      throw new Error(`unsafe mail header ${JSON.stringify(name)}`);
    }
    return { Name: name, Value: value };
  });
}

/**
 * SES refused a mail for the account's sending rate (SESv2's TooManyRequestsException, SES's
 * Throttling, "Maximum sending rate exceeded"): it was not sent, and may be sent again later.
 */
export class MailThrottled extends Error {
  constructor(cause: unknown) {
    super(`SES throttled the mail: ${String(cause)}`);
    this.name = "MailThrottled";
  }
}

/** Whether an SES error is its sending-rate refusal (not a daily quota's, which waits a day). */
export function isSesThrottle(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const name = error.name;
  return (
    name === "TooManyRequestsException" ||
    name === "Throttling" ||
    name === "ThrottlingException" ||
    /maximum sending rate exceeded/i.test(error.message)
  );
}

export async function sendMail(ctx: Context, mail: Mail): Promise<void> {
  const headers = sesHeaders(mail.headers);
  const kind = mail.kind ?? "transactional";
  const configurationSet = configurationSetOf(ctx.config, kind);
  const [ses, { SendEmailCommand }] = await Promise.all([
    ctx.ses(),
    import("@aws-sdk/client-sesv2"),
  ]);
  await ses
    .send(
      new SendEmailCommand({
        FromEmailAddress: ctx.config.mailFrom,
        Destination: { ToAddresses: [mail.to] },
        ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
        ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
        EmailTags: [{ Name: MAIL_KIND_TAG, Value: kind }],
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
            ...(headers.length > 0 ? { Headers: headers } : {}),
          },
        },
      }),
    )
    .catch((error: unknown) => {
      throw isSesThrottle(error) ? new MailThrottled(error) : error;
    });
}
