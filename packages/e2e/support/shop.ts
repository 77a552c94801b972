// Helpers for end-to-end tests: the running shop's table (to arrange data through core, the
// way the app itself writes it) and its local mailbox.
import { type Context, createContext, loadConfig } from "@shop/core/server/context";

let ctx: Context | undefined;

/** A core Context on the table of the shop under test. */
export function shopContext(): Context {
  if (!ctx) {
    const env = JSON.parse(process.env.E2E_CLOUD_ENV ?? "null") as Record<string, string> | null;
    if (!env) throw new Error("E2E_CLOUD_ENV is not set: run through the Playwright config");
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
    // The shop under test pays through the local test gateway (npm start's default).
    ctx = createContext(loadConfig({ PAYMENTS: "test", ...env }));
  }
  return ctx;
}

export interface MailboxMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
  attachments: Array<{ filename: string; content: string; contentType?: string }>;
  at?: number;
}

/** Every e-mail the shop has sent (newest last). */
export async function mailbox(): Promise<MailboxMail[]> {
  const res = await fetch(`${process.env.E2E_MAILBOX_URL}/store`);
  return ((await res.json()) as { emails: MailboxMail[] }).emails;
}

/** Waits for the first e-mail to `to` whose subject matches, and returns it. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<MailboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox()).find(
      (m) => m.destination.to.includes(to) && subject.test(m.subject),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
