// Responsive product photos (docs/product.md §10 "Products"): an admin uploads a large JPEG (and
// a corrupt one); the local cloud's S3 notification runs the image-variants function; the product
// page then offers AVIF and WebP variants in srcsets, and a 375-pixel phone downloads a small
// variant, never the original. The corrupt file is flagged on the admin's form and never shown.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devices, type Response } from "@playwright/test";
import { slugify } from "@shop/core/catalog";
import { photoLikeJpeg } from "@shop/core/testing/image-variants";
import { expect, test } from "../support/fixtures";

test("a large upload is offered as AVIF and WebP variants; a phone downloads a small one; a corrupt one is flagged, never shown", async ({
  adminPage: page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const dir = await mkdtemp(join(tmpdir(), "e2e-photos-"));
  const photoPath = join(dir, "coat-front.jpg");
  // A 4000 × 3000 photo-like JPEG, well over 1 MB.
  const photo = await photoLikeJpeg(4000, 3000);
  expect(photo.byteLength).toBeGreaterThan(1_000_000);
  await writeFile(photoPath, photo);
  // A JPEG's signature (so the upload's content check takes it), then nothing decodable.
  const corruptPath = join(dir, "coat-back.jpg");
  await writeFile(
    corruptPath,
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]),
  );

  const token = `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Grain Coat ${info.project.name} ${token}`;
  const slug = slugify(name);
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": `198.51.100.${token}` });
  await page.goto("/admin/products/new");
  const form = page.getByRole("form", { name: "New product" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Category").selectOption("Women");
  await form.getByLabel("Price (€)", { exact: true }).fill("129");
  await form.getByLabel("Description").fill("A long coat in a fine-grained wool.");
  await form.getByLabel("Add a colour").selectOption("camel");
  await form.getByRole("button", { name: "Add colour" }).click();
  await form.getByRole("checkbox", { name: /^M\b/ }).check();
  await form.getByLabel("Stock Camel M").fill("4");
  await form.getByLabel("Add images").setInputFiles([photoPath, corruptPath]);
  await expect(form.getByTestId("product-image")).toHaveCount(2);
  await form.getByLabel("Alt text for image 1").fill("Grain coat, front");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/admin\/list-products$/);

  // Once processed (a few seconds), the product page offers the variants in a <picture>.
  const carousel = page.getByRole("region", { name: `Images of ${name}` });
  const avif = carousel.locator('picture source[type="image/avif"]');
  await expect
    .poll(
      async () => {
        await page.goto(`/product/${slug}`);
        return avif.count();
      },
      { timeout: 90_000, intervals: [1000, 2000] },
    )
    .toBe(1);
  const srcsets = {
    avif: (await avif.getAttribute("srcset")) ?? "",
    webp:
      (await carousel.locator('picture source[type="image/webp"]').getAttribute("srcset")) ?? "",
  };
  for (const [format, srcset] of Object.entries(srcsets)) {
    // Every width of the plan (the original is 4000 wide), each its own URL under variants/.
    expect(srcset.split(", ").map((c) => c.split(" ")[1])).toEqual([
      "320w",
      "640w",
      "960w",
      "1600w",
    ]);
    expect(srcset).toMatch(new RegExp(`/variants/[^ ]+-320w\\.${format} 320w`));
  }
  expect(await carousel.locator("picture source").first().getAttribute("sizes")).toContain("100vw");
  const fallback = carousel.getByRole("img", { name: "Grain coat, front" });
  const original = (await fallback.getAttribute("src")) ?? "";
  expect(original).toMatch(/\/products\/[^/]+\/[^/]+\.jpg$/);
  // The corrupt file is not in the shop: one picture, no "Next image".
  await expect(carousel.getByRole("img")).toHaveCount(1);
  await expect(carousel.getByRole("button", { name: "Next image" })).toHaveCount(0);

  // The admin's form says which image could not be processed.
  await page.goto(`/admin/list-products?search=${token}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("form", { name: "Edit product" });
  await expect(edit.getByTestId("product-image")).toHaveCount(2);
  await expect(edit.getByText(/^Image 2 could not be processed/)).toBeVisible();
  await expect(edit.getByText(/^Image 1 could not be processed/)).toHaveCount(0);

  // A 375-pixel phone at the mobile project's density loads a small variant, not the original.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 800 },
    deviceScaleFactor: devices["Pixel 7"].deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: devices["Pixel 7"].userAgent,
  });
  try {
    const shopper = await phone.newPage();
    const images: Array<{ url: string; type: string; bytes: number }> = [];
    const bodies: Promise<void>[] = [];
    shopper.on("response", (response: Response) => {
      if (response.request().resourceType() !== "image") return;
      bodies.push(
        response.body().then(
          (body) => {
            images.push({
              url: response.url(),
              type: response.headers()["content-type"] ?? "",
              bytes: body.byteLength,
            });
          },
          () => {},
        ),
      );
    });
    await shopper.goto(`${process.env.E2E_BASE_URL}/product/${slug}`);
    const shown = shopper
      .getByRole("region", { name: `Images of ${name}` })
      .getByRole("img", { name: "Grain coat, front" });
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const current = await shown.evaluate((img: HTMLImageElement) => img.currentSrc);
    await Promise.all(bodies);
    const variant = images.find((image) => image.url === current);
    console.log(`375 px phone: ${current} (${variant?.type}, ${variant?.bytes} bytes)`);
    expect(current).toMatch(/\/variants\/.+-(640|960|1600)w\.avif$/);
    expect(variant?.type).toBe("image/avif");
    expect(variant?.bytes).toBeGreaterThan(0);
    expect(variant?.bytes).toBeLessThan(100_000);
    expect(images.some((image) => image.url === original)).toBe(false);
  } finally {
    await phone.close();
    await rm(dir, { recursive: true, force: true });
  }
});
