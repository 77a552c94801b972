import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { newsletterParagraphs } from "./preview.ts";
import { NewsletterComposeSchema, NewsletterSchema } from "./schemas.ts";

describe("NewsletterSchema (footer sign-up)", () => {
  it("accepts a valid e-mail, trimmed and lower-cased", () => {
    expect(parseForm(NewsletterSchema, { email: " News@Example.com " })).toEqual({
      success: true,
      data: { email: "news@example.com" },
    });
  });

  it("requires a valid e-mail", () => {
    expect(parseForm(NewsletterSchema, {})).toEqual({
      success: false,
      fieldErrors: { email: "E-mail is required" },
    });
    expect(parseForm(NewsletterSchema, { email: "news@" })).toEqual({
      success: false,
      fieldErrors: { email: "Enter a valid e-mail address" },
    });
  });
});

describe("NewsletterComposeSchema (the admin's newsletter)", () => {
  it("trims both fields and turns CRLF line endings into \\n", () => {
    expect(
      parseForm(NewsletterComposeSchema, { subject: "  Autumn  ", body: " Hi\r\n\r\nCoats\r\n" }),
    ).toEqual({ success: true, data: { subject: "Autumn", body: "Hi\n\nCoats" } });
  });

  it("requires a subject of one line up to 200 characters and a message up to 50000", () => {
    expect(parseForm(NewsletterComposeSchema, { subject: " ", body: "" })).toEqual({
      success: false,
      fieldErrors: { subject: "Subject is required", body: "Message is required" },
    });
    const errors = parseForm(NewsletterComposeSchema, {
      subject: "S".repeat(201),
      body: "B".repeat(50_001),
    });
    expect(errors.success ? null : errors.fieldErrors).toEqual({
      subject: "Subject must be at most 200 characters",
      body: "Message must be at most 50000 characters",
    });
    const twoLines = parseForm(NewsletterComposeSchema, { subject: "A\nBcc: x", body: "b" });
    expect(twoLines.success ? null : twoLines.fieldErrors).toEqual({
      subject: "Subject must be one line",
    });
    const notText = parseForm(NewsletterComposeSchema, { subject: ["a"], body: 5 });
    expect(notText.success ? null : notText.fieldErrors).toEqual({
      subject: "Subject must be text",
      body: "Message must be text",
    });
  });
});

describe("newsletterParagraphs (the preview and the e-mail)", () => {
  it("splits paragraphs on blank lines and keeps line breaks inside one", () => {
    expect(
      newsletterParagraphs("Hello all,\r\n\r\n\r\nNew coats\nand <b>boots</b>\n  \nBye"),
    ).toEqual([["Hello all,"], ["New coats", "and <b>boots</b>"], ["Bye"]]);
    expect(newsletterParagraphs("   ")).toEqual([]);
  });
});
