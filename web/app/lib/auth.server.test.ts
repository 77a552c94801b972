// The end of sign-in and sign-up (auth.server.ts): a form the schema refuses is a 400 before core
// is asked; core's refusal (a wrong password, an e-mail already used, too many attempts) keeps its
// status and goes on the field it names, else under the e-mail; anything else is thrown on.
import { SignInSchema } from "@shop/core/accounts";
import { DomainError } from "@shop/core/common";
import { describe, expect, it } from "vitest";
import { authenticateAndRedirect } from "./auth.server.ts";
import { parseSubmission } from "./forms.ts";

type Answer = { data: Record<string, unknown>; init: ResponseInit };

const args = {
  request: new Request("http://localhost:3000/auth/sign-in", { method: "POST" }),
  context: {},
};
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe("authenticateAndRedirect", () => {
  it("answers the schema's errors with 400 without asking core", async () => {
    const form = formOf({ email: "not an address", password: "" });
    let asked = false;
    const answer = (await authenticateAndRedirect(
      args,
      "/product",
      parseSubmission(form, SignInSchema),
      async () => {
        asked = true;
        return { id: "u1" };
      },
      { intent: "sign-in" },
    )) as unknown as Answer;
    expect(asked).toBe(false);
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({ intent: "sign-in", result: { status: "error" } });
  });

  it("puts core's refusal under the e-mail, or on the field it names, with its status", async () => {
    const form = formOf({ email: "ana@example.com", password: "wrong-password" });
    const submission = parseSubmission(form, SignInSchema);
    const wrong = (await authenticateAndRedirect(args, "/product", submission, async () => {
      throw new DomainError("Invalid email or password", undefined, 401);
    })) as unknown as Answer;
    expect(wrong.init.status).toBe(401);
    expect(wrong.data).toMatchObject({
      result: { error: { email: ["Invalid email or password"] } },
    });
    // The password typed is never sent back.
    expect(JSON.stringify(wrong.data)).not.toContain("wrong-password");
    const limited = (await authenticateAndRedirect(args, "/product", submission, async () => {
      throw new DomainError("Too many attempts", "password", 429);
    })) as unknown as Answer;
    expect(limited.init.status).toBe(429);
    expect(limited.data).toMatchObject({ result: { error: { password: ["Too many attempts"] } } });
  });

  it("throws on anything that is not core's refusal", async () => {
    const form = formOf({ email: "ana@example.com", password: "secret12" });
    await expect(
      authenticateAndRedirect(args, "/product", parseSubmission(form, SignInSchema), async () => {
        throw new Error("bug");
      }),
    ).rejects.toThrow("bug");
  });
});
