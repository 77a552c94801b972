// Every mail, rendered from its sample with markup in everything a user or an admin typed: it has
// an HTML part and a plain-text part, the markup arrives as text in both, and its links are the
// ones it must carry. A template file that is not listed (./mails.ts, ./samples.ts, the links
// below) fails the first test.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMail } from "../render.server.ts";
import { type MailName, mails } from "./mails.ts";
import { mailSamples, SAMPLE_SHOP_URL } from "./samples.ts";

const SCRIPT = "<script>alert(1)</script>";

const expectedLinks: Record<MailName, string[]> = {
  "order-confirmation": [`${SAMPLE_SHOP_URL}/order`],
  "order-shipped": [`${SAMPLE_SHOP_URL}/order`],
  "password-reset": [`${SAMPLE_SHOP_URL}/auth/reset-password?token=sample-token`],
  "email-confirmation": [`${SAMPLE_SHOP_URL}/auth/confirm-email?token=sample-token`],
  "email-change-notice": [`${SAMPLE_SHOP_URL}/user/security`],
  "contact-message": [],
  newsletter: [
    `${SAMPLE_SHOP_URL}/user/unsubscribe-newsletter?email=ana.garcia%40example.com&token=sample-token`,
  ],
  "back-in-stock": [`${SAMPLE_SHOP_URL}/product/organic-cotton-crew-t-shirt?size=M`],
  "return-requested": [
    `${SAMPLE_SHOP_URL}/order/returns/RMA-4Q8ZK2MX/slip`,
    `${SAMPLE_SHOP_URL}/order/returns/RMA-4Q8ZK2MX`,
  ],
  "return-refunded": [`${SAMPLE_SHOP_URL}/order`],
};

const names = Object.keys(mails) as MailName[];

/** The links of an HTML part, as a browser reads the attribute. */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    (m[1] ?? "").replaceAll("&amp;", "&").replaceAll("&quot;", '"'),
  );

describe("the mail templates", () => {
  it("are all listed, with a sample and their links", () => {
    const templateFiles = readdirSync(import.meta.dirname)
      .filter((file) => file.endsWith(".tsx") && file !== "layout.tsx")
      .map((file) => file.replace(/\.tsx$/, ""));
    expect(templateFiles.sort()).toEqual([...names].sort());
    expect(Object.keys(mailSamples).sort()).toEqual([...names].sort());
    expect(Object.keys(expectedLinks).sort()).toEqual([...names].sort());
  });

  for (const name of names) {
    it(`${name}: HTML and text on the shared layout, user text escaped, its links`, async () => {
      const mail = await renderMail(name, mailSamples[name](SCRIPT));
      expect(mail.subject.trim()).not.toBe("");
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toMatch(/<body[^>]*>[\s\S]*Threadline[\s\S]*<hr/);
      expect(mail.text.startsWith("Threadline\n")).toBe(true);

      expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(mail.html).not.toMatch(/<script/i);
      // The plain-text part is not HTML: what was typed, as typed (not escaped twice).
      expect(mail.text).toContain(SCRIPT);
      expect(mail.text).not.toContain("&lt;");

      expect(hrefs(mail.html)).toEqual(expectedLinks[name]);
      for (const link of expectedLinks[name]) expect(mail.text).toContain(`${link}`);
    });
  }

  it("newsletter: paragraphs and line breaks are elements, the text stays text", async () => {
    const mail = await renderMail("newsletter", {
      subject: "Hi",
      paragraphs: [["Coats <b>warm</b>", "are in."], ["Bye"]],
      unsubscribeUrl: "https://shop.example/u?x=1",
    });
    expect(mail.html).toMatch(/<p[^>]*>Coats &lt;b&gt;warm&lt;\/b&gt;<br\/>are in\.<\/p>/);
    expect(mail.html).toMatch(/<p[^>]*>Bye<\/p>/);
    expect(mail.text).toContain("Coats <b>warm</b>\nare in.\n\nBye");
  });

  it("order confirmation: one line per order line and per total in the text part", async () => {
    const mail = await renderMail("order-confirmation", mailSamples["order-confirmation"]());
    expect(mail.subject).toBe("Your Threadline order TL-7K2M9QXA");
    expect(mail.text).toContain("2 × Organic cotton crew T-shirt (Navy, Medium) 50.00 €\n");
    expect(mail.text).toContain("Welcome offer: 10 € off: -10.00 €\n");
    expect(mail.text).toContain("Delivery (STANDARD) to:\n12 Calle Mayor\n28013 Madrid\nSpain");
  });
});
