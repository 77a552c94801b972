// No layout shift (docs/product.md §2 "Global layout"): the pages most visited render their final
// layout on the server, so nothing moves as they hydrate and fill in what the browser holds
// (the cart, the display currency). Every `layout-shift` entry the browser reports while a page
// loads and settles fails the test, with the elements that moved.
import type { Page } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, getProductBySlug } from "@shop/core/server/catalog";
import { openCheckout } from "../support/checkout";
import { expect, test } from "../support/fixtures";
import { holdScripts, waitForHydration } from "../support/pages";
import { shopContext } from "../support/shop";

const TEE = "organic-cotton-crew-t-shirt";
const SWEATER = "lambswool-crew-sweater";

interface Shift {
  value: number;
  at: string;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Where every document of the tab also keeps its shifts (a page that gives way to another). */
const TAB_SHIFTS = "__layout_shifts";

/** Records every layout shift of each document this page opens, from its first paint. */
async function recordShifts(page: Page) {
  await page.addInitScript((TAB_SHIFTS) => {
    const shifts: Shift[] = [];
    window.__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{
            node?: Node | null;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
        shifts.push({
          value: entry.value,
          // When, and whether the document was still being parsed (a partial paint) or not.
          at: `${Math.round(entry.startTime)} ms, ${document.readyState}`,
          sources: (entry.sources ?? []).map(({ node, previousRect, currentRect }) => {
            const what =
              node instanceof Element
                ? node.outerHTML.slice(0, 120)
                : String(node?.textContent ?? node).slice(0, 80);
            return `${what} moved from ${rect(previousRect)} to ${rect(currentRect)}`;
          }),
        });
        try {
          sessionStorage.setItem(
            TAB_SHIFTS,
            JSON.stringify([
              ...JSON.parse(sessionStorage.getItem(TAB_SHIFTS) ?? "[]"),
              { ...shifts.at(-1), at: `${location.pathname}: ${shifts.at(-1)?.at}` },
            ]),
          );
        } catch {
          // No session storage: the document's own list still has it.
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  }, TAB_SHIFTS);
}

/** The shifts of the page's current document, once it has hydrated and settled. */
async function shiftsAfterSettling(page: Page): Promise<Shift[]> {
  await waitForHydration(page);
  // Late work (prices, the stored currency, images) lands within a few frames; give it time.
  await page.waitForTimeout(1_000);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => window.__shifts ?? []);
}

async function cartLines(slugs: string[]) {
  const lines = [];
  for (const slug of slugs) {
    const product = await getProductBySlug(shopContext(), slug);
    if (!product) throw new Error(`seeded product ${slug} is missing`);
    lines.push({ productId: product.id, size: product.sizes[0], quantity: 1 });
  }
  return lines;
}

/** Stores the cart and the display currency from another page, as a returning shopper has them. */
async function storeBrowserState(page: Page, lines: unknown[], currency = "USD") {
  await page.goto("/customer-service/contact");
  await page.evaluate(
    ({ lines, currency }) => {
      localStorage.setItem("cart", JSON.stringify(lines));
      localStorage.setItem("currency", currency);
    },
    { lines, currency },
  );
}

test.beforeEach(async ({ page }) => {
  await recordShifts(page);
});

test("the catalogue does not move as it loads", async ({ page }) => {
  await storeBrowserState(page, await cartLines([TEE]));
  await page.goto("/product");
  expect(await shiftsAfterSettling(page)).toEqual([]);
});

test("a card and a page on sale do not move as the stored currency applies to their prices", async ({
  page,
}, info) => {
  const token = `zs${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Wool Coat ${info.project.name} ${token}`;
  const slug = name.toLowerCase().replace(/ /g, "-");
  await createProduct(shopContext(), {
    slug,
    name,
    category: "Women",
    priceCents: 8900,
    markdown: { saleCents: 5900, endsAt: "2099-12-31" },
    description: "A coat on sale.",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 5),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
  });
  await storeBrowserState(page, await cartLines([TEE]));
  const card = page.getByRole("article").filter({ hasText: name });
  // The catalogue's read model takes a new product in at its next look at the table's version:
  // asked again until the card shows (each load a new document, its shifts recorded afresh).
  await expect(async () => {
    await page.goto("/product");
    await expect(card.getByTestId("compare-at-price")).toContainText("$", { timeout: 2_000 });
  }).toPass();
  expect(await shiftsAfterSettling(page)).toEqual([]);
  // And its page.
  await page.goto(`/product/${slug}`);
  await expect(page.getByTestId("compare-at-price")).toContainText("$");
  expect(await shiftsAfterSettling(page)).toEqual([]);
});

test("a product page does not move as it loads", async ({ page }) => {
  await storeBrowserState(page, await cartLines([TEE]));
  await page.goto(`/product/${SWEATER}`);
  expect(await shiftsAfterSettling(page)).toEqual([]);
});

test("the cart with items does not move as it loads and prices its lines", async ({ page }) => {
  await storeBrowserState(page, await cartLines([TEE, SWEATER]));
  await page.goto("/cart/view-cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("summary-total")).toContainText("$");
  expect(await shiftsAfterSettling(page)).toEqual([]);
});

test("the checkout of a signed-in customer does not move as it loads", async ({
  page,
  customer: _,
}) => {
  await openCheckout(page);
  await expect(page.getByTestId("summary-total")).toBeVisible();
  expect(await shiftsAfterSettling(page)).toEqual([]);
});

test("the checkout opened signed in with an empty cart shows the cart at once, without moving", async ({
  page,
  customer: _,
}) => {
  await page.evaluate((key) => {
    localStorage.removeItem("cart");
    sessionStorage.removeItem(key);
  }, TAB_SHIFTS);
  await page.goto("/cart/checkout");
  // Decided in the checkout's head, before its first paint: the cart's page takes its place.
  await expect(page).toHaveURL(/\/cart\/view-cart$/);
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  expect(await shiftsAfterSettling(page)).toEqual([]);
  // Nor did anything move in the checkout's document before it went. The tab's list also has
  // what the page before it (the product list the sign-in landed on) reported as it was left:
  // Chromium can report its footer "moving" to 0x0 as it goes. That page has its own test.
  const tabShifts = await page.evaluate((key) => sessionStorage.getItem(key), TAB_SHIFTS);
  const checkoutShifts = (JSON.parse(tabShifts ?? "[]") as Shift[]).filter((shift) =>
    shift.at.startsWith("/cart/checkout:"),
  );
  expect(checkoutShifts).toEqual([]);
});

// Hydration that comes late (a loaded phone, a slow script) must not move anything either: the
// server's HTML already has the final layout, and hydration only adds behaviour. The page's
// scripts are held back until it has painted, then let run.
test.describe("with the scripts held back until the page has painted", () => {
  /** Opens `path` with its scripts held until its header and main content have painted. */
  async function gotoHydratingLate(page: Page, path: string) {
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page.locator("#site-header")).toBeVisible();
    await expect(page.locator("main")).toBeVisible();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    release();
  }

  test("the catalogue does not move", async ({ page }) => {
    await storeBrowserState(page, await cartLines([TEE]));
    await gotoHydratingLate(page, "/product");
    expect(await shiftsAfterSettling(page)).toEqual([]);
  });

  test("a product page does not move", async ({ page }) => {
    await storeBrowserState(page, await cartLines([TEE]));
    await gotoHydratingLate(page, `/product/${SWEATER}`);
    expect(await shiftsAfterSettling(page)).toEqual([]);
  });

  test("the checkout of a signed-in customer does not move", async ({ page, customer: _ }) => {
    await openCheckout(page);
    await gotoHydratingLate(page, "/cart/checkout");
    await expect(page.getByTestId("summary-total")).toBeVisible();
    expect(await shiftsAfterSettling(page)).toEqual([]);
  });
});
