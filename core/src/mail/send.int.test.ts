import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, inject, it } from "vitest";
import { renderMail } from "./render.server.ts";
import { sendMail } from "./send.server.ts";

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
  attachments: Array<{ filename: string; content: string }>;
}

async function mailbox(): Promise<StoredMail[]> {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  return ((await res.json()) as { emails: StoredMail[] }).emails;
}

describe("sending mail through the local SES", () => {
  it("delivers a rendered mail's text and HTML parts and a PDF attachment to the mailbox", async () => {
    const { ctx } = await createTestContext();
    const to = `mail-${Date.now()}@example.com`;
    const pdf = new TextEncoder().encode("%PDF-1.4 test");
    const rendered = await renderMail("order-shipped", {
      number: "42",
      deliveryMethod: "STANDARD",
      address: ["<b>Ana</b> & co", "1 Main Street"],
      ordersUrl: "http://localhost:3000/order",
    });
    await sendMail(ctx, {
      to,
      ...rendered,
      attachments: [{ fileName: "invoice-42.pdf", contentType: "application/pdf", content: pdf }],
    });
    const mail = (await mailbox()).find((m) => m.destination.to.includes(to));
    expect(mail?.subject).toBe("Your order 42 has shipped");
    expect(mail?.body.text).toContain("<b>Ana</b> & co\n1 Main Street");
    expect(mail?.body.html).toContain("&lt;b&gt;Ana&lt;/b&gt; &amp; co<br/>1 Main Street");
    expect(mail?.attachments[0]?.filename).toBe("invoice-42.pdf");
    expect(Buffer.from(mail?.attachments[0]?.content ?? "", "base64").toString()).toBe(
      "%PDF-1.4 test",
    );
  });
});
