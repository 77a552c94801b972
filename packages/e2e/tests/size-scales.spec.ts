// Sizes on each garment's own scale (docs/product.md §9 "Size scales"), desktop and mobile: the
// seeded kids' tee offers ages, the baby bodysuit months, the cap one size; each size's button
// shows its short label ("3–4 Y") and says its full name ("3–4 years (104 cm)").
import { expect, type Page, test } from "@playwright/test";
import { sizeLabel, sizeName } from "@shop/core/catalog";
import { SEED_PRODUCTS } from "../../../scripts/seed-data/index.ts";

/** The seeded product's size options as the page offers them: value and accessible name. */
async function sizeOptions(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  const group = page.getByRole("group", { name: "Size" });
  const tags = await group
    .getByRole("radio")
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(tags).toEqual(SEED_PRODUCTS.find((product) => product.slug === slug)?.sizes);
  // The radios' accessible names, all at once: the short label the button shows and the full
  // name read out ("3–4 Y (3–4 years (104 cm))").
  const names = [...(await group.ariaSnapshot()).matchAll(/- radio "([^"]*)"/g)].map(
    (match) => match[1] ?? "",
  );
  expect(names).toHaveLength(tags.length);
  tags.forEach((tag, i) => {
    expect(names[i]).toContain(sizeLabel(tag));
    expect(names[i]).toContain(sizeName(tag));
  });
  return tags.map(sizeLabel);
}

test.describe("a kids' product offers ages; a baby product months; a cap one size", () => {
  test("the kids' tee: ages from 2–3 to 11–12 years", async ({ page }) => {
    expect(await sizeOptions(page, "kids-organic-cotton-tee")).toEqual([
      "2–3 Y",
      "3–4 Y",
      "4–5 Y",
      "5–6 Y",
      "6–7 Y",
      "7–8 Y",
      "8–9 Y",
      "9–10 Y",
      "10–11 Y",
      "11–12 Y",
    ]);
  });

  test("the baby bodysuit: months from 0–1 to 18–24", async ({ page }) => {
    expect(await sizeOptions(page, "organic-cotton-bodysuit")).toEqual([
      "0–1 M",
      "1–2 M",
      "2–4 M",
      "4–6 M",
      "6–9 M",
      "9–12 M",
      "12–18 M",
      "18–24 M",
    ]);
  });

  test("the cap: one size", async ({ page }) => {
    expect(await sizeOptions(page, "six-panel-cotton-cap")).toEqual(["One size"]);
  });
});
