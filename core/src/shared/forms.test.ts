import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { emailField, requiredText } from "./fields.ts";
import { formToObject, parseForm } from "./forms.ts";

const Schema = v.object({
  name: requiredText("Name", { min: 2, max: 10 }),
  email: emailField(),
});

describe("parseForm", () => {
  it("returns the normalized data of a valid form", () => {
    expect(parseForm(Schema, { name: "  Ann ", email: " Ann@Example.COM " })).toEqual({
      success: true,
      data: { name: "Ann", email: "ann@example.com" },
    });
  });

  it("reads FormData: last value of a repeated field wins, files are dropped", () => {
    const form = new FormData();
    form.append("name", "First");
    form.append("name", "Second");
    form.append("email", new File(["x"], "evil.txt"));
    form.append("email", "ann@example.com");
    form.append("extra", new File(["x"], "x.txt"));
    expect(formToObject(form)).toEqual({ name: "Second", email: "ann@example.com" });
    expect(parseForm(Schema, form)).toEqual({
      success: true,
      data: { name: "Second", email: "ann@example.com" },
    });
  });

  it("a file where text is expected counts as a missing field", () => {
    const form = new FormData();
    form.append("name", new File(["x"], "x.txt"));
    form.append("email", "ann@example.com");
    expect(parseForm(Schema, form)).toEqual({
      success: false,
      fieldErrors: { name: "Name is required" },
    });
  });

  it("reads URLSearchParams", () => {
    const result = parseForm(Schema, new URLSearchParams("name=Bo&email=bo%40example.com"));
    expect(result).toEqual({ success: true, data: { name: "Bo", email: "bo@example.com" } });
  });

  it("gives the first message of each invalid field, keyed by field name", () => {
    expect(parseForm(Schema, { name: "A", email: "" })).toEqual({
      success: false,
      fieldErrors: { name: "Name must be at least 2 characters", email: "E-mail is required" },
    });
  });

  it("reports a problem with the form as a whole as formError", () => {
    const Whole = v.pipe(
      v.object({ a: v.string() }),
      v.check((input) => input.a !== "taken", "Try again"),
    );
    expect(parseForm(Whole, { a: "taken" })).toEqual({
      success: false,
      fieldErrors: {},
      formError: "Try again",
    });
  });

  it("never throws on hostile input", () => {
    for (const input of [
      null,
      42,
      "text",
      [],
      { name: ["a", "b"], email: { $gt: "" } },
      { name: 42, email: 1e300 },
      { __proto__: { name: "Ann" } },
    ]) {
      const result = parseForm(Schema, input as Record<string, unknown>);
      expect(result.success).toBe(false);
    }
  });
});
