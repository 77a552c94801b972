// "Notify me" (restock.server.ts): an address or size the schema refuses is answered 400 on its
// field, marked as the Notify me form's answer, before anything is recorded.
import { describe, expect, it } from "vitest";
import { NOTIFY_ME, requestRestock } from "./restock.server.ts";

type Answer = { data: Record<string, unknown>; init: ResponseInit };
const product = {
  id: "p1",
  name: "Shirt",
  slug: "shirt",
  sizes: ["S", "M"] as const,
  colourways: [{ colour: { id: "navy" } }],
};

describe("requestRestock", () => {
  it("refuses a bad address or a missing size on its field, as the Notify me form's answer", async () => {
    const form = new FormData();
    form.set("email", "not an address");
    const answer = (await requestRestock(form, {
      ...product,
      sizes: [...product.sizes],
    })) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({ ...NOTIFY_ME, result: { status: "error" } });
    const errors = (answer.data.result as { error: Record<string, string[]> }).error;
    expect(Object.keys(errors).sort()).toEqual(["email", "size"]);
  });
});
