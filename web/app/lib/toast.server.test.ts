// The flash toast: a redirect carries it in a signed cookie, the next page reads it once and
// clears it; a cookie that was not signed by the shop shows nothing.
import { describe, expect, it } from "vitest";
import { readToast, redirectWithToast } from "./toast.server.ts";

const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];
const pageWith = (cookie: string) =>
  new Request("http://localhost:3000/", { headers: { Cookie: cookie } });

describe("the flash toast", () => {
  it("goes with a 303 redirect and is read once on the next page, which clears it", async () => {
    const response = await redirectWithToast("/admin/promotions", {
      type: "success",
      title: "Success",
      description: "Promotion SPRING created",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/promotions");
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    const { toast, headers } = await readToast(pageWith(cookieOf(response) ?? ""));
    expect(toast).toMatchObject({
      type: "success",
      title: "Success",
      description: "Promotion SPRING created",
    });
    expect(headers?.get("Set-Cookie")).toMatch(/^toast=;.*Max-Age=0/i);
  });

  it("keeps an error's type, and shows nothing for a cookie the shop did not sign", async () => {
    const response = await redirectWithToast("/", { type: "error", title: "error" });
    expect((await readToast(pageWith(cookieOf(response) ?? ""))).toast?.type).toBe("error");
    const forged = `toast=${btoa(JSON.stringify({ type: "success", title: "Paid" }))}`;
    expect(await readToast(pageWith(forged))).toEqual({ toast: null, headers: null });
    expect(await readToast(new Request("http://localhost:3000/"))).toEqual({
      toast: null,
      headers: null,
    });
  });
});
