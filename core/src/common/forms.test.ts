import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { emailField, requiredText } from "./fields.ts";
import { formToObject, parseForm, REPEATED_FIELD } from "./forms.ts";

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

  it("reads FormData: files are dropped", () => {
    const form = new FormData();
    form.append("name", "Ann");
    form.append("email", "ann@example.com");
    form.append("extra", new File(["x"], "x.txt"));
    expect(formToObject(form)).toEqual({ name: "Ann", email: "ann@example.com" });
    expect(parseForm(Schema, form)).toEqual({
      success: true,
      data: { name: "Ann", email: "ann@example.com" },
    });
  });

  it("refuses a field sent more than once, on that field, instead of picking one value", () => {
    const form = new FormData();
    form.append("name", "First");
    form.append("name", "Second");
    form.append("email", "ann@example.com");
    expect(parseForm(Schema, form)).toEqual({
      success: false,
      fieldErrors: { name: REPEATED_FIELD },
    });
    // Also a field the schema does not read (a route may read it itself), and a file twice.
    const params = new URLSearchParams("name=Ann&email=ann%40example.com&intent=a&intent=b");
    expect(parseForm(Schema, params)).toEqual({
      success: false,
      fieldErrors: { intent: REPEATED_FIELD },
    });
    const files = new FormData();
    files.append("name", "Ann");
    files.append("email", new File(["x"], "a.txt"));
    files.append("email", "ann@example.com");
    expect(parseForm(Schema, files)).toMatchObject({
      success: false,
      fieldErrors: { email: REPEATED_FIELD },
    });
    // The schema's own messages still come for the other fields.
    expect(
      parseForm(Schema, new URLSearchParams("name=A&email=x%40example.com&email=y%40example.com")),
    ).toEqual({
      success: false,
      fieldErrors: { name: "Name must be at least 2 characters", email: REPEATED_FIELD },
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
