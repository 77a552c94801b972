// An admin route's setup (admin.server.ts): its data never kept by a cache, a change refused by
// core shown on its field and in the banner titled "error" (docs/product.md §8), a success toast,
// and a form action that refuses a cross-site request before reading anything.
import { DomainError } from "@shop/core/common";
import { describe, expect, it } from "vitest";
import { adminData, adminFormAction, adminSuccess, refuseAdminChange } from "./admin.server.ts";

type Answer = { data: Record<string, unknown>; init: ResponseInit };

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe("admin route setup", () => {
  it("answers an admin page's data as personal, never kept by a cache", () => {
    const answer = adminData({ count: 3 }, 400) as unknown as Answer;
    expect(answer.data).toEqual({ count: 3 });
    expect(answer.init.status).toBe(400);
    expect(new Headers(answer.init.headers).get("Cache-Control")).toBe("private, no-store");
  });

  it("puts core's refusal on the field it names, else the fallback, and in the banner", () => {
    const form = formOf({ code: "SPRING", amount: "5" });
    const taken = refuseAdminChange(
      form,
      new DomainError("This code is already used", "code", 409),
      "label",
      { intent: "create" },
    ) as unknown as Answer;
    expect(taken.init.status).toBe(409);
    expect(taken.data).toMatchObject({
      intent: "create",
      banner: "This code is already used",
      result: { error: { code: ["This code is already used"] } },
    });
    const unnamed = refuseAdminChange(
      form,
      new DomainError("Not allowed"),
      "subject",
    ) as unknown as Answer;
    expect(unnamed.data).toMatchObject({
      banner: "Not allowed",
      result: { error: { subject: ["Not allowed"] } },
    });
  });

  it("throws on what is not core's refusal (a bug is a 500, not a banner)", () => {
    expect(() => refuseAdminChange(formOf({}), new Error("bug"), "code")).toThrow("bug");
  });

  it("says Success in a toast on the page it goes back to", async () => {
    const response = await adminSuccess("/admin/promotions", "Promotion SPRING created");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/promotions");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  it("refuses a cross-site form before reading it or asking who is signed in", async () => {
    let handled = false;
    const action = adminFormAction(async () => {
      handled = true;
      return null;
    });
    const request = new Request("http://localhost:3000/admin/promotions", {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "intent=delete&code=WELCOME10",
    });
    const refused = await action({ request, params: {}, context: {} }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ init: { status: 403 } });
    expect(handled).toBe(false);
  });
});
