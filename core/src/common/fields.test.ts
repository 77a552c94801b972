import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  choiceField,
  emailField,
  optionalText,
  passwordField,
  phoneField,
  requiredText,
} from "./fields.ts";

/** All messages the field reports for `input`, in order. */
function messages(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

describe("requiredText", () => {
  const name = requiredText("First name", { min: 2, max: 5 });

  it("trims", () => {
    expect(v.parse(name, "  Jo  ")).toBe("Jo");
  });

  it.each([undefined, null, "", "   "])("says only that it is required for %j", (input) => {
    expect(messages(name, input)).toEqual(["First name is required"]);
  });

  it("checks the bounds after trimming: 2 and 5 characters pass, 1 and 6 do not", () => {
    expect(messages(name, " J ")).toEqual(["First name must be at least 2 characters"]);
    expect(messages(name, "Jo")).toEqual([]);
    expect(messages(name, "Jones")).toEqual([]);
    expect(messages(name, "Joness")).toEqual(["First name must be at most 5 characters"]);
  });

  it("refuses values that are not text", () => {
    expect(messages(name, 42)).toEqual(["First name must be text"]);
    expect(messages(name, ["Jo"])).toEqual(["First name must be text"]);
  });
});

describe("optionalText", () => {
  const company = optionalText("Company", { max: 5 });

  it.each([undefined, null, "", "   "])("gives undefined for %j", (input) => {
    expect(v.parse(company, input)).toBeUndefined();
  });

  it("trims and bounds a given value", () => {
    expect(v.parse(company, " Acme ")).toBe("Acme");
    expect(messages(company, "Acme Inc")).toEqual(["Company must be at most 5 characters"]);
  });
});

describe("emailField", () => {
  const email = emailField();

  it("trims and lower-cases", () => {
    expect(v.parse(email, "  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
  });

  it("says required when empty and invalid when malformed, one message each", () => {
    expect(messages(email, "")).toEqual(["E-mail is required"]);
    expect(messages(email, " ")).toEqual(["E-mail is required"]);
    expect(messages(email, "jane")).toEqual(["Enter a valid e-mail address"]);
    expect(messages(email, "jane@")).toEqual(["Enter a valid e-mail address"]);
    expect(messages(email, "jane@example")).toEqual(["Enter a valid e-mail address"]);
  });

  it("refuses addresses longer than 254 characters", () => {
    const long = `${"a".repeat(250)}@example.com`;
    expect(messages(email, long)).toContain("E-mail must be at most 254 characters");
  });
});

describe("passwordField", () => {
  const password = passwordField();

  it("keeps the password as typed, spaces included", () => {
    expect(v.parse(password, " secret ")).toBe(" secret ");
  });

  it("needs 6 characters: 5 fail, 6 pass", () => {
    expect(messages(password, "")).toEqual(["Password is required"]);
    expect(messages(password, "12345")).toEqual(["Password must be at least 6 characters"]);
    expect(messages(password, "123456")).toEqual([]);
  });

  it("refuses more than 128 characters", () => {
    expect(messages(password, "x".repeat(128))).toEqual([]);
    expect(messages(password, "x".repeat(129))).toEqual([
      "Password must be at most 128 characters",
    ]);
  });
});

describe("phoneField", () => {
  const phone = phoneField();

  it.each(["+33 1 23 45 67 89", "(555) 123-4567", "12345"])("accepts %j", (input) => {
    expect(messages(phone, input)).toEqual([]);
  });

  it.each([
    ["", "Phone is required"],
    ["1234", "Enter a valid phone number"],
    ["call me", "Enter a valid phone number"],
    ["1".repeat(31), "Enter a valid phone number"],
  ])("%j → %s", (input, message) => {
    expect(messages(phone, input)).toEqual([message]);
  });
});

describe("choiceField", () => {
  const size = choiceField(["S", "M"], "Choose a size");

  it("accepts one of the options only", () => {
    expect(v.parse(size, "M")).toBe("M");
    expect(messages(size, "m")).toEqual(["Choose a size"]);
    expect(messages(size, undefined)).toEqual(["Choose a size"]);
    expect(messages(size, ["S"])).toEqual(["Choose a size"]);
  });
});
