// The forms' one check (docs/decisions/015-forms.md): core's schema through Conform, the same in
// the browser and in the action, and the action's reply (errors, what was typed but passwords).
import { SignInSchema, SignUpSchema } from "@shop/core/accounts";
import { DomainError } from "@shop/core/common";
import { describe, expect, it } from "vitest";
import { refuseForm, refuseWithDomainError } from "./form.server";
import { type FormReply, parseSubmission } from "./forms";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function replyOf(answer: unknown): Promise<{ status: number; result: FormReply }> {
  const { init, data } = answer as { init: { status: number }; data: { result: FormReply } };
  return { status: init.status, result: data.result };
}

describe("parseSubmission", () => {
  it("gives core's messages on the fields they belong to", () => {
    const submission = parseSubmission(
      form({ firstName: " ", lastName: "Doe", email: "jane@", password: "secret1" }),
      SignUpSchema,
    );
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      firstName: ["First name is required"],
      email: ["Enter a valid e-mail address"],
      confirmPassword: ["Confirm password is required"],
    });
  });

  it("gives the schema's output for a valid form", () => {
    const submission = parseSubmission(
      form({ intent: "sign-in", email: " Jane@Example.com ", password: "secret1" }),
      SignInSchema,
    );
    expect(submission.status === "success" && submission.value).toEqual({
      email: "jane@example.com",
      password: "secret1",
    });
  });

  it("leaves out names no form of the shop sends: commands, paths, huge indexes", () => {
    const hostile = form({
      email: "jane@example.com",
      password: "secret1",
      __intent__: "{not json",
      __state__: "[",
      "email.x": "y",
      "a[999999999]": "z",
      "__proto__.polluted": "1",
    });
    const submission = parseSubmission(hostile, SignInSchema);
    expect(submission.status).toBe("success");
    expect(Object.keys(submission.payload).sort()).toEqual(["email", "password"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("refuseForm", () => {
  it("answers the status with the errors and what was typed, never a password", async () => {
    const submission = parseSubmission(
      form({ firstName: "Jane", lastName: "", email: "jane@example.com", password: "secret1" }),
      SignUpSchema,
    );
    const { status, result } = await replyOf(refuseForm(submission, 400));
    expect(status).toBe(400);
    expect(result.status).toBe("error");
    expect(result.error?.lastName).toEqual(["Last name is required"]);
    // An empty field is left out; the password is never written back into the page.
    expect(result.initialValue).toEqual({ firstName: "Jane", email: "jane@example.com" });
  });
});

describe("refuseWithDomainError", () => {
  const submission = parseSubmission(
    form({ email: "jane@example.com", password: "secret1" }),
    SignInSchema,
  );

  it("puts the message on the field it names, else on the fallback, with its status", async () => {
    const named = await replyOf(
      refuseWithDomainError(submission, new DomainError("Too many", "password", 429), "email"),
    );
    expect(named.status).toBe(429);
    expect(named.result.error).toEqual({ password: ["Too many"] });
    const fallback = await replyOf(
      refuseWithDomainError(submission, new DomainError("Invalid e-mail or password"), "email"),
    );
    expect(fallback.result.error).toEqual({ email: ["Invalid e-mail or password"] });
  });

  it("with no fallback, on the form as a whole; anything else is thrown again", async () => {
    const whole = await replyOf(
      refuseWithDomainError(submission, new DomainError("Slow down", undefined, 429), null),
    );
    expect(whole.result.error).toEqual({ "": ["Slow down"] });
    const bug = new Error("bug");
    expect(() => refuseWithDomainError(submission, bug, "email")).toThrow(bug);
  });

  it("answers a form checked by no schema (a button's form) with only its own error", async () => {
    const buttonForm = new FormData();
    buttonForm.set("intent", "verify-email");
    const { result } = await replyOf(
      refuseWithDomainError(buttonForm, new DomainError("Too many links", undefined, 429), "email"),
    );
    expect(result.error).toEqual({ email: ["Too many links"] });
  });
});
