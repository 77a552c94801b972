import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import {
  AddressSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  ProfileSchema,
  ResetPasswordSchema,
  SecurityPasswordSchema,
  SignInSchema,
  SignUpSchema,
} from "./schemas.ts";

const errorsOf = (result: ReturnType<typeof parseForm>) =>
  result.success ? {} : result.fieldErrors;

describe("SignInSchema", () => {
  it("accepts an e-mail and password, the e-mail trimmed and lower-cased", () => {
    expect(parseForm(SignInSchema, { email: " Jane@Example.com ", password: "secret" })).toEqual({
      success: true,
      data: { email: "jane@example.com", password: "secret" },
    });
  });

  it("requires both fields", () => {
    expect(errorsOf(parseForm(SignInSchema, {}))).toEqual({
      email: "E-mail is required",
      password: "Password is required",
    });
  });

  it("needs a well-formed e-mail and a 6-character password", () => {
    expect(errorsOf(parseForm(SignInSchema, { email: "jane", password: "12345" }))).toEqual({
      email: "Enter a valid e-mail address",
      password: "Password must be at least 6 characters",
    });
  });
});

describe("SignUpSchema", () => {
  const valid = {
    firstName: " Jane ",
    lastName: " Doe ",
    email: "JANE@example.com",
    password: "secret1",
    confirmPassword: "secret1",
  };

  it("accepts a complete form, trimmed and lower-cased", () => {
    expect(parseForm(SignUpSchema, valid)).toEqual({
      success: true,
      data: {
        firstName: "Jane",
        lastName: "Doe",
        email: "jane@example.com",
        password: "secret1",
        confirmPassword: "secret1",
      },
    });
  });

  it("drops isAdmin, addresses and any other extra field: sign-up never makes an admin", () => {
    const result = parseForm(SignUpSchema, {
      ...valid,
      isAdmin: "true",
      addresses: "[{}]",
      userId: "u1",
    });
    expect(result.success).toBe(true);
    if (result.success) {
      expect(Object.keys(result.data).sort()).toEqual([
        "confirmPassword",
        "email",
        "firstName",
        "lastName",
        "password",
      ]);
      expect(result.data).not.toHaveProperty("isAdmin");
    }
  });

  it("gives each missing field its own message", () => {
    expect(errorsOf(parseForm(SignUpSchema, {}))).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "E-mail is required",
      password: "Password is required",
      confirmPassword: "Confirm password is required",
    });
  });

  it("treats names made of spaces as missing", () => {
    expect(errorsOf(parseForm(SignUpSchema, { ...valid, firstName: "   " }))).toEqual({
      firstName: "First name is required",
    });
  });

  it("shows 'Passwords do not match' on confirmPassword", () => {
    const result = parseForm(SignUpSchema, { ...valid, confirmPassword: "secret2" });
    expect(result).toEqual({
      success: false,
      fieldErrors: { confirmPassword: "Passwords do not match" },
    });
  });

  it("checks the match even when another field is wrong", () => {
    const result = parseForm(SignUpSchema, { ...valid, firstName: "", confirmPassword: "other1" });
    expect(errorsOf(result)).toEqual({
      firstName: "First name is required",
      confirmPassword: "Passwords do not match",
    });
  });

  it("reports a short password and a mismatch together", () => {
    const result = parseForm(SignUpSchema, { ...valid, password: "123", confirmPassword: "1234" });
    expect(errorsOf(result)).toEqual({
      password: "Password must be at least 6 characters",
      confirmPassword: "Passwords do not match",
    });
  });

  it("does not call a missing confirmation a mismatch", () => {
    const result = v.safeParse(SignUpSchema, { ...valid, confirmPassword: "" });
    expect(result.issues?.map((issue) => issue.message)).toEqual(["Confirm password is required"]);
  });

  it("gives field errors for hostile shapes, never throwing", () => {
    const result = parseForm(SignUpSchema, {
      firstName: ["Jane"],
      lastName: 42,
      email: { $ne: null },
      password: "x".repeat(100_000),
      confirmPassword: null,
    });
    expect(errorsOf(result)).toEqual({
      firstName: "First name must be text",
      lastName: "Last name must be text",
      email: "E-mail must be text",
      password: "Password must be at most 128 characters",
      confirmPassword: "Confirm password is required",
    });
  });

  it("refuses names longer than 100 characters", () => {
    expect(errorsOf(parseForm(SignUpSchema, { ...valid, lastName: "D".repeat(101) }))).toEqual({
      lastName: "Last name must be at most 100 characters",
    });
  });
});

describe("ForgotPasswordSchema", () => {
  it("needs a valid e-mail", () => {
    expect(parseForm(ForgotPasswordSchema, { email: " A@B.co " })).toEqual({
      success: true,
      data: { email: "a@b.co" },
    });
    expect(errorsOf(parseForm(ForgotPasswordSchema, { email: "" }))).toEqual({
      email: "E-mail is required",
    });
    expect(errorsOf(parseForm(ForgotPasswordSchema, { email: "a@" }))).toEqual({
      email: "Enter a valid e-mail address",
    });
  });
});

describe("ResetPasswordSchema", () => {
  const valid = { token: "abc123", password: "newpass", confirmPassword: "newpass" };

  it("accepts a token and two equal passwords", () => {
    expect(parseForm(ResetPasswordSchema, valid)).toEqual({ success: true, data: valid });
  });

  it("enforces the 6-character minimum (docs/product.md §5)", () => {
    const result = parseForm(ResetPasswordSchema, {
      ...valid,
      password: "abc",
      confirmPassword: "abc",
    });
    expect(errorsOf(result)).toEqual({ password: "Password must be at least 6 characters" });
  });

  it("shows 'Passwords do not match' on confirmPassword", () => {
    const result = parseForm(ResetPasswordSchema, { ...valid, confirmPassword: "newpasS" });
    expect(errorsOf(result)).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("shows 'Invalid token' without a usable token", () => {
    for (const token of [undefined, "", "  ", ["abc"], "t".repeat(513)]) {
      expect(errorsOf(parseForm(ResetPasswordSchema, { ...valid, token }))).toEqual({
        token: "Invalid token",
      });
    }
  });

  it("requires both password fields", () => {
    expect(errorsOf(parseForm(ResetPasswordSchema, { token: "abc" }))).toEqual({
      password: "Password is required",
      confirmPassword: "Confirm password is required",
    });
  });
});

describe("ProfileSchema", () => {
  it("accepts names of 2 characters and a valid e-mail, dropping isAdmin and password", () => {
    const result = parseForm(ProfileSchema, {
      firstName: "Al",
      lastName: " Li ",
      email: "AL@example.com",
      isAdmin: "true",
      password: "hacked",
    });
    expect(result).toEqual({
      success: true,
      data: { firstName: "Al", lastName: "Li", email: "al@example.com", currentPassword: "" },
    });
  });

  it("carries the current password as typed (the server asks for it when the e-mail changes)", () => {
    const result = parseForm(ProfileSchema, {
      firstName: "Al",
      lastName: "Li",
      email: "al@example.com",
      currentPassword: " secret 1 ",
    });
    expect(result).toMatchObject({ success: true, data: { currentPassword: " secret 1 " } });
    const long = {
      firstName: "Al",
      lastName: "Li",
      email: "al@example.com",
      currentPassword: "x".repeat(129),
    };
    expect(errorsOf(parseForm(ProfileSchema, long))).toHaveProperty("currentPassword");
  });

  it("needs at least 2 characters in each name, after trimming", () => {
    const result = parseForm(ProfileSchema, { firstName: " A ", lastName: "B", email: "a@b.co" });
    expect(errorsOf(result)).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
    });
  });

  it("requires every field", () => {
    expect(errorsOf(parseForm(ProfileSchema, {}))).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "E-mail is required",
    });
  });
});

describe("SecurityPasswordSchema", () => {
  it("accepts two equal passwords of at least 6 characters with the current one, ignoring a userId", () => {
    expect(
      parseForm(SecurityPasswordSchema, {
        currentPassword: "old-one",
        password: "abcdef",
        confirmPassword: "abcdef",
        userId: "x",
      }),
    ).toEqual({
      success: true,
      data: { currentPassword: "old-one", password: "abcdef", confirmPassword: "abcdef" },
    });
  });

  it("shows 'Passwords do not match' on confirmPassword", () => {
    const result = parseForm(SecurityPasswordSchema, {
      currentPassword: "old-one",
      password: "abcdef",
      confirmPassword: "abcdeg",
    });
    expect(errorsOf(result)).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("requires the current password, both new ones and the minimum length", () => {
    expect(errorsOf(parseForm(SecurityPasswordSchema, { password: "abcde" }))).toEqual({
      currentPassword: "Enter your current password",
      password: "Password must be at least 6 characters",
      confirmPassword: "Confirm password is required",
    });
  });
});

describe("DeleteAccountSchema", () => {
  it("requires the current password", () => {
    expect(errorsOf(parseForm(DeleteAccountSchema, {}))).toEqual({
      currentPassword: "Enter your current password",
    });
    expect(parseForm(DeleteAccountSchema, { currentPassword: "secret1" })).toEqual({
      success: true,
      data: { currentPassword: "secret1" },
    });
  });
});

describe("AddressSchema", () => {
  const valid = {
    company: "  ",
    address: " 1 Main Street ",
    apartment: "",
    country: " France ",
    city: " Paris ",
    zipCode: " 75001 ",
    phone: " +33 1 23 45 67 89 ",
  };

  it("trims every field and turns empty optional fields into undefined", () => {
    expect(parseForm(AddressSchema, valid)).toEqual({
      success: true,
      data: {
        company: undefined,
        address: "1 Main Street",
        apartment: undefined,
        country: "France",
        city: "Paris",
        zipCode: "75001",
        phone: "+33 1 23 45 67 89",
      },
    });
  });

  it("keeps a given company and apartment", () => {
    const result = parseForm(AddressSchema, { ...valid, company: " Acme ", apartment: "Apt 4" });
    expect(result.success && result.data).toMatchObject({ company: "Acme", apartment: "Apt 4" });
  });

  it("requires address, country, city, zip code and phone, but not company or apartment", () => {
    expect(errorsOf(parseForm(AddressSchema, {}))).toEqual({
      address: "Address is required",
      country: "Country is required",
      city: "City is required",
      zipCode: "Zip code is required",
      phone: "Phone is required",
    });
  });

  it("checks the phone loosely", () => {
    expect(errorsOf(parseForm(AddressSchema, { ...valid, phone: "call me maybe" }))).toEqual({
      phone: "Enter a valid phone number",
    });
  });

  it("bounds the lengths", () => {
    const result = parseForm(AddressSchema, {
      ...valid,
      address: "x".repeat(201),
      company: "x".repeat(201),
      zipCode: "1".repeat(21),
    });
    expect(errorsOf(result)).toEqual({
      address: "Address must be at most 200 characters",
      company: "Company must be at most 200 characters",
      zipCode: "Zip code must be at most 20 characters",
    });
  });

  it("ignores a user id sent with the form", () => {
    const result = parseForm(AddressSchema, { ...valid, user: "someone-else", id: "a1" });
    expect(result.success && result.data).not.toHaveProperty("user");
  });
});
