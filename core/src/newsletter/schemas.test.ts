import { describe, expect, it } from "vitest";
import { parseForm } from "../shared/forms.ts";
import { NewsletterSchema } from "./schemas.ts";

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
