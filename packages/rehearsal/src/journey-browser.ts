// The deploy rehearsal's browser half: a shopper and the admin drive the shop through Chromium,
// by its UI only (the stage's data is out of reach), as the e2e specs do. Stripe.js is replaced
// by the e2e fake (its Payment Element is one "Fake card" field); other Stripe hosts are refused.
// Each journey runs in its own browser context; a failed step throws naming the step and what
// the page showed, with a screenshot in `artifactsDir` when given.
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { sizeLabel } from "@shop/core/catalog";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { CHROMIUM_LAUNCH_OPTIONS } from "../../e2e/support/chromium.ts";
import { FAKE_STRIPE_JS } from "../../e2e/support/fake-stripe.ts";

const STRIPE_HOSTS = /^https?:\/\/([a-z0-9-]+\.)*stripe\.(com|network)\//;
const SHIPPING = {
  Address: "1 Rehearsal Street",
  Country: "Spain",
  City: "Madrid",
  "Zip code": "28013",
  Phone: "+34 600 000 000",
};

/** Headless Debian Chromium (CHROMIUM_PATH overrides the path). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
}

type Step = <T>(name: string, run: () => Promise<T>) => Promise<T>;

/** Runs `journey` on a page of a new context; a failing step is reported with the page's state. */
async function inContext<T>(
  browser: Browser,
  baseUrl: string,
  journey: string,
  artifactsDir: string | undefined,
  run: (page: Page, step: Step) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(45_000);
  await context.route(STRIPE_HOSTS, async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "js.stripe.com" && url.pathname.endsWith("stripe.js")) {
      await route.fulfill({ contentType: "application/javascript", body: FAKE_STRIPE_JS });
    } else {
      await route.abort("internetdisconnected");
    }
  });
  const page = await context.newPage();
  const step: Step = async (name, body) => {
    try {
      return await body();
    } catch (error) {
      const cause = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      const shot = await screenshot(page, artifactsDir, `${journey}-${name}`);
      throw new Error(
        `${journey}: step "${name}" failed: ${cause}\n  at ${page.url()}\n  page showed: ` +
          `${await describe(page)}${shot ? `\n  screenshot: ${shot}` : ""}`,
        { cause: error },
      );
    }
  };
  try {
    return await run(page, step);
  } finally {
    await context.close();
  }
}

/** The page's title, heading, alerts and field errors, and the start of its main text. */
function describe(page: Page): Promise<string> {
  // No named functions inside: tsx's keepNames would wrap them in a helper the page lacks.
  return page
    .evaluate(() => {
      const [h1 = "", main = "", ...alerts] = [
        document.querySelector("h1"),
        document.querySelector("main"),
        ...document.querySelectorAll('[role="alert"], [id$="-error"]'),
      ].map((el) => ((el as HTMLElement | null)?.innerText ?? "").replace(/\s+/g, " ").trim());
      return [
        `title "${document.title}"`,
        `h1 "${h1}"`,
        alerts.some(Boolean) ? `alerts: ${alerts.filter(Boolean).join(" | ")}` : "no alert",
        `main: ${main.slice(0, 300)}`,
      ].join("; ");
    })
    .catch((error: Error) => `(the page could not be read: ${error.message.split("\n")[0]})`);
}

async function screenshot(page: Page, dir: string | undefined, name: string) {
  if (!dir) return undefined;
  const file = join(dir, `${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}-${Date.now()}.png`);
  await mkdir(dir, { recursive: true });
  return page.screenshot({ path: file, fullPage: true }).then(
    () => file,
    () => undefined,
  );
}

/** Polls `check` until it holds; throws naming `what` when it never does. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const textOf = async (locator: Locator) =>
  ((await locator.first().textContent()) ?? "").replace(/\s+/g, " ").trim();
const shown = (locator: Locator) => locator.first().waitFor();

/** The navbar's Menu becomes a button once React has hydrated (clicks before it can be lost). */
const hydrated = (page: Page) =>
  page.locator('button[aria-controls="site-menu"]').waitFor({ state: "attached" });

/** After a sign-in or sign-up: the page leaves /auth/, or the form's field errors are thrown. */
async function leftAuth(page: Page) {
  const invalid = page.locator('[aria-invalid="true"]');
  await until("the form to be accepted or refused", async () => {
    return !new URL(page.url()).pathname.startsWith("/auth/") || (await invalid.count()) > 0;
  });
  if ((await invalid.count()) > 0) throw new Error("the form was refused");
}

async function signIn(page: Page, step: Step, user: { email: string; password: string }) {
  await step("sign in", async () => {
    await page.goto("/auth/sign-in");
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("E-mail").fill(user.email);
    await main.getByLabel("Password").fill(user.password);
    await main.getByRole("button", { name: "Sign in" }).click();
    await leftAuth(page);
  });
}

/**
 * Home → the first product of the catalogue → sign-up → the e-mail confirmed from the link mailed
 * to it (through the stage's mail queue and mailer; `mailedLink` reads it) and the profile's
 * newsletter switch on →
 * the first size in the cart → checkout: a shipping address, the default delivery, the fake
 * card 4242… → Confirm order → the confirmation (paid, or still "being confirmed" until Stripe's
 * webhook arrives). Returns the order id from /order/confirm-order?id=… and the product's name.
 */
export async function shopperPlacesOrder(
  browser: Browser,
  baseUrl: string,
  shopper: { firstName: string; lastName: string; email: string; password: string },
  mailedLink: (to: string, subject: RegExp) => Promise<string>,
  artifactsDir?: string,
): Promise<{ orderId: string; productName: string }> {
  return inContext(browser, baseUrl, "shopper", artifactsDir, async (page, step) => {
    const product = await step("open a product from the home page", async () => {
      await page.goto("/");
      const link = page.getByRole("main").getByRole("article").getByRole("link").first();
      const name = await textOf(link);
      await link.click();
      await page.waitForURL(/\/product\/[^/?#]+/);
      if (!name) throw new Error("the product link has no name");
      await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
      return { name, path: new URL(page.url()).pathname };
    });

    await step("sign up", async () => {
      await hydrated(page);
      await page.getByRole("link", { name: "Create account" }).click();
      await page.waitForURL(/\/auth\/sign-up/);
      await hydrated(page);
      const main = page.getByRole("main");
      await main.getByLabel("First name").fill(shopper.firstName);
      await main.getByLabel("Last name").fill(shopper.lastName);
      await main.getByLabel("E-mail").fill(shopper.email);
      await main.getByLabel("Password", { exact: true }).fill(shopper.password);
      await main.getByLabel("Confirm password").fill(shopper.password);
      await main.getByRole("button", { name: "Sign up" }).click();
      await leftAuth(page);
      await shown(page.getByText(`${shopper.firstName} ${shopper.lastName}`));
    });

    await step("confirm the e-mail address from the link mailed to it", async () => {
      await page.getByRole("link", { name: "My profile" }).first().click();
      await page.waitForURL(/\/user\/profile/);
      await hydrated(page);
      await page.getByRole("button", { name: "Send me a confirmation link" }).click();
      await shown(page.getByText(`We sent a link to ${shopper.email}`));
      const link = new URL(await mailedLink(shopper.email, /Confirm your e-mail address/));
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole("main").getByRole("button", { name: "Confirm" }).click();
      await page.waitForURL(/\/user\/profile/);
    });

    await step("subscribe to the newsletter on the profile", async () => {
      await hydrated(page);
      const toggle = page.getByRole("switch", { name: "Newsletter" });
      if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
      await page.getByRole("switch", { name: "Newsletter", checked: true }).waitFor();
      await shown(page.getByText("Subscription updated"));
    });

    const chosen = { colour: "" };
    await step("choose a colour and add the product to the cart", async () => {
      await page.goto(product.path);
      await hydrated(page);
      // The last of its colours (the page opens on the first): the order must name it.
      const picker = page.getByRole("group", { name: /^Colour:/ });
      const colours = picker.getByRole("radio");
      if ((await colours.count()) > 1) {
        const id = await colours.last().getAttribute("value");
        await colours.last().check();
        await page.waitForURL(new RegExp(`[?&]colour=${id}`));
        // The picker names the colour chosen: "Colour: Forest".
        chosen.colour = (await textOf(picker.locator("legend"))).replace(/^Colour:\s*/, "");
      }
      const sizes = page.getByRole("group", { name: "Size" });
      // The first size in stock (a sold-out size is shown but cannot be chosen).
      await sizes
        .locator("label")
        .filter({ has: page.locator("input:enabled") })
        .first()
        .click();
      const size = sizeLabel(
        (await sizes.getByRole("radio", { checked: true }).getAttribute("value")) ?? "",
      );
      await page.getByRole("button", { name: "Add to cart" }).click();
      const toast = page.getByRole("status").filter({ hasText: "Added to cart" });
      const variant = chosen.colour ? `${chosen.colour}, size ${size}` : `size ${size}`;
      await shown(toast.filter({ hasText: `${product.name} (${variant})` }));
      await page.getByRole("link", { name: "Cart, 1 item" }).first().click();
      await page.waitForURL(/\/cart\/view-cart/);
      await page.getByTestId("cart-line").filter({ hasText: product.name }).waitFor();
    });

    await step("fill the shipping address", async () => {
      await page.getByRole("link", { name: "Checkout" }).click();
      await page.waitForURL(/\/cart\/checkout/);
      await page.getByTestId("checkout-line").filter({ hasText: product.name }).waitFor();
      await hydrated(page);
      const form = page.getByRole("form", { name: "Checkout" });
      for (const [label, value] of Object.entries(SHIPPING)) {
        await form.getByLabel(label, { exact: true }).fill(value);
      }
      if (!(await form.getByRole("radio", { name: /STANDARD/ }).isChecked())) {
        throw new Error("the default delivery (STANDARD) is not selected");
      }
    });

    const orderId = await step("pay with the card and confirm the order", async () => {
      await page.getByLabel("Fake card").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Confirm order" }).click();
      await page.waitForURL(/\/order\/confirm-order\?id=/);
      return new URL(page.url()).searchParams.get("id") ?? "";
    });

    await step("see the confirmation page", async () => {
      const heading = page.getByRole("heading", { level: 1 });
      await heading
        .filter({ hasText: /Thank you for your order|Your payment (is being confirmed|did not)/ })
        .waitFor();
      if (/did not/.test(await textOf(heading))) throw new Error("the payment failed");
      const line = page.getByTestId("order-line").filter({ hasText: product.name });
      await shown(chosen.colour ? line.filter({ hasText: chosen.colour }) : line);
      if (!orderId) throw new Error("the confirmation URL has no order id");
    });
    return { orderId, productName: product.name };
  });
}

/**
 * A customer (signed in through the form) orders one product with offers: its page → its first
 * size in the cart → checkout: the automatic offer `offerLabel` shown as applied, the code typed
 * and applied, a shipping address, the fake card → Confirm order. Returns the order id.
 */
export async function shopperOrdersWithOffers(
  browser: Browser,
  baseUrl: string,
  customer: { email: string; password: string },
  order: { productPath: string; productName: string; code: string; offerLabel: string },
  artifactsDir?: string,
): Promise<string> {
  return inContext(browser, baseUrl, "offers", artifactsDir, async (page, step) => {
    await signIn(page, step, customer);
    await step("add the product to the cart", async () => {
      await page.goto(order.productPath);
      await hydrated(page);
      await page
        .getByRole("group", { name: "Size" })
        .locator("label")
        .filter({ has: page.locator("input:enabled") })
        .first()
        .click();
      await page.getByRole("button", { name: "Add to cart" }).click();
      await shown(page.getByRole("status").filter({ hasText: "Added to cart" }));
    });
    await step("see the automatic offer and apply the code at the checkout", async () => {
      await page.goto("/cart/checkout");
      await page.getByTestId("checkout-line").filter({ hasText: order.productName }).waitFor();
      await hydrated(page);
      await shown(page.getByTestId("offers-applied").filter({ hasText: order.offerLabel }));
      await page.getByLabel("Promotion code").fill(order.code);
      await page.getByRole("button", { name: "Apply" }).click();
      await shown(page.getByTestId("promotion-applied"));
    });
    await step("fill the shipping address", async () => {
      const form = page.getByRole("form", { name: "Checkout" });
      for (const [label, value] of Object.entries(SHIPPING)) {
        await form.getByLabel(label, { exact: true }).fill(value);
      }
    });
    return step("pay with the card and confirm the order", async () => {
      await page.getByLabel("Fake card").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Confirm order" }).click();
      await page.waitForURL(/\/order\/confirm-order\?id=/);
      const id = new URL(page.url()).searchParams.get("id");
      if (!id) throw new Error("the confirmation URL has no order id");
      return id;
    });
  });
}

/**
 * The admin signs in, opens the order's admin page, marks it shipped and sees it Shipped; with
 * `deliver`, then marks it delivered (after the shipping mail, which `shipped` waits for).
 */
export async function adminShipsOrder(
  browser: Browser,
  baseUrl: string,
  admin: { email: string; password: string },
  orderId: string,
  artifactsDir?: string,
  shipped: () => Promise<unknown> = async () => {},
): Promise<void> {
  await inContext(browser, baseUrl, "admin-ships", artifactsDir, async (page, step) => {
    await signIn(page, step, admin);
    const state = page.getByRole("region", { name: "State" });
    await step("open the order's admin page", async () => {
      const res = await page.goto(`/admin/orders/${encodeURIComponent(orderId)}`);
      if (!res?.ok()) throw new Error(`the admin order page answered ${res?.status()}`);
      await shown(page.getByRole("heading", { name: /^Order / }));
      await hydrated(page);
    });
    await step("mark the order as shipped", async () => {
      const ship = state.getByRole("button", { name: "Mark as shipped" });
      if ((await ship.count()) === 0) throw new Error(`no "Mark as shipped" button`);
      if (await ship.isDisabled()) {
        const reason = await ship.getAttribute("aria-describedby");
        const why = reason ? await textOf(page.locator(`[id="${reason}"]`)) : "no reason given";
        throw new Error(`"Mark as shipped" is disabled: ${why}`);
      }
      await ship.click();
      await shown(page.getByText(/is now shipped/));
      await shown(state.getByText("Shipped", { exact: true }));
    });
    await shipped();
    await step("mark the order as delivered", async () => {
      await state.getByRole("button", { name: "Mark as delivered" }).click();
      await shown(page.getByText(/is now delivered/));
    });
  });
}

/**
 * The admin signs in, opens a return and refunds it (the site asks Stripe); with
 * `approveAndReceive`, approves it and marks it received first.
 */
export async function adminRefundsReturn(
  browser: Browser,
  baseUrl: string,
  admin: { email: string; password: string },
  rma: string,
  artifactsDir?: string,
  options: { approveAndReceive?: boolean } = {},
): Promise<void> {
  await inContext(browser, baseUrl, "admin-refunds", artifactsDir, async (page, step) => {
    await signIn(page, step, admin);
    await step("open the return's admin page", async () => {
      const res = await page.goto(`/admin/returns/${encodeURIComponent(rma)}`);
      if (!res?.ok()) throw new Error(`the admin return page answered ${res?.status()}`);
      await shown(page.getByRole("heading", { name: `Return ${rma}` }));
      await hydrated(page);
    });
    if (options.approveAndReceive) {
      await step("approve the return and mark it received", async () => {
        await page.getByRole("button", { name: "Approve" }).click();
        await shown(page.getByRole("button", { name: "Mark as received" }));
        await page.getByRole("button", { name: "Mark as received" }).click();
        await shown(page.getByRole("button", { name: /^Refund / }));
      });
    }
    await step("refund the return", async () => {
      const refund = page.getByRole("button", { name: /^Refund / });
      if ((await refund.count()) === 0) throw new Error(`no "Refund" button`);
      await refund.click();
      // With Stripe the return waits for the webhook: the page says the refund was asked.
      await shown(page.getByText(/waiting for the payment provider|refunded for return/));
    });
  });
}

/** The admin signs in and sends a newsletter from /admin/newsletter, until all is queued. */
export async function adminSendsNewsletter(
  browser: Browser,
  baseUrl: string,
  admin: { email: string; password: string },
  newsletter: { subject: string; message: string },
  artifactsDir?: string,
): Promise<void> {
  await inContext(browser, baseUrl, "admin-newsletter", artifactsDir, async (page, step) => {
    await signIn(page, step, admin);
    await step("compose the newsletter", async () => {
      await page.goto("/admin/newsletter");
      await hydrated(page);
      await page.getByRole("textbox", { name: "Subject" }).fill(newsletter.subject);
      await page.getByRole("textbox", { name: "Message" }).fill(newsletter.message);
      const preview = page.getByTestId("newsletter-preview-subject");
      await shown(preview.filter({ hasText: newsletter.subject.trim() }));
    });
    await step("send it", async () => {
      await page.getByRole("button", { name: "Send", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: /^Send “/ });
      await dialog.getByRole("button", { name: "Send", exact: true }).click();
      await page.waitForURL(/\/admin\/newsletter\?send=/);
      await shown(page.getByText("Newsletter sent successfully!"));
    });
    await step("see it queued", async () => {
      const queued = page.getByTestId("newsletter-queued");
      // "3 of 5…" while queuing; "5 of 5" once every e-mail is queued.
      await until(
        "every e-mail to be queued",
        async () => /^(\d+) of \1$/.test(await textOf(queued)),
        60_000,
      );
    });
  });
}

/**
 * The admin signs in and exports the orders of a range from /admin/orders ("Export CSV"): the site
 * writes the CSV to S3 and redirects to a link to it, which the browser follows to download the
 * file from S3 itself. Returns where the file came from and its text (without the BOM).
 */
export async function adminExportsOrders(
  browser: Browser,
  baseUrl: string,
  admin: { email: string; password: string },
  range: { from: string; to: string },
  artifactsDir?: string,
): Promise<{ url: string; filename: string; text: string }> {
  return inContext(browser, baseUrl, "admin-export", artifactsDir, async (page, step) => {
    await signIn(page, step, admin);
    return step("export the range's orders as CSV", async () => {
      await page.goto("/admin/orders");
      await hydrated(page);
      const form = page.getByRole("form", { name: "Export CSV" });
      await form.getByLabel("From").fill(range.from);
      await form.getByLabel("To").fill(range.to);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        form.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      const failure = await download.failure();
      if (failure) throw new Error(`the download from ${download.url()} failed: ${failure}`);
      const bytes = await readFile(await download.path());
      if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf) {
        throw new Error(`the CSV from ${download.url()} has no byte order mark`);
      }
      return {
        url: download.url(),
        filename: download.suggestedFilename(),
        text: bytes.subarray(3).toString("utf8"),
      };
    });
  });
}

/**
 * The admin signs in and creates a product with a photo through the product form (the page POSTs
 * the photo straight to the images bucket under products/ with the policy the site presigned,
 * and S3 notifies the image-variants function; the site records it once S3 has it); then waits
 * until the product's page offers the photo's AVIF and WebP variants, and replaces the photo with
 * another (the site deletes the first and its variants). Returns the first photo's variants'
 * URLs as the page gave them.
 */
export async function adminUploadsPhoto(
  browser: Browser,
  baseUrl: string,
  admin: { email: string; password: string },
  product: {
    name: string;
    slug: string;
    token: string;
    photoPath: string;
    secondPhotoPath: string;
  },
  artifactsDir?: string,
): Promise<string[]> {
  return inContext(browser, baseUrl, "admin-photo", artifactsDir, async (page, step) => {
    // What the page's uploads met, said when one fails (photosUploaded).
    const met: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") met.push(`console: ${m.text()}`);
    });
    page.on("requestfailed", (r) =>
      met.push(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`),
    );
    page.on("response", (r) => {
      if (r.request().method() === "POST" && r.status() >= 300) {
        const said = r.text().then(
          (text) => /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? "",
          () => "",
        );
        void said.then((message) => met.push(`POST ${r.url()} answered ${r.status()} ${message}`));
      }
    });
    const uploaded = (form: Locator) => photosUploaded(form, met);
    await signIn(page, step, admin);
    await step("create a product with a photo", async () => {
      await page.goto("/admin/products/new");
      await hydrated(page);
      const form = page.getByRole("form", { name: "New product" });
      await form.getByLabel("Name").fill(product.name);
      await form.getByLabel("Category").selectOption("Women");
      await form.getByLabel("Price (€)", { exact: true }).fill("49");
      await form.getByLabel("Description").fill("A rehearsed shirt, photographed.");
      await form.getByLabel("Add a colour").selectOption("navy");
      await form.getByRole("button", { name: "Add colour" }).click();
      await form.getByRole("checkbox", { name: /^M\b/ }).check();
      await form.getByLabel("Stock Navy M").fill("3");
      await form.getByLabel("Add images").setInputFiles(product.photoPath);
      await shown(form.getByTestId("product-image"));
      await uploaded(form);
      await form.getByLabel("Alt text for image 1").fill("Rehearsed shirt, front");
      // Saved: the products' list; refused: the form says why, or the site answers 5xx.
      let failed: number | undefined;
      page.on("response", (r) => {
        if (r.request().method() === "POST" && r.status() >= 500) failed = r.status();
      });
      await form.getByRole("button", { name: "Create" }).click();
      const refusal = page.locator('[role="alert"]:not(:empty), [aria-invalid="true"]');
      await until(
        "the product to be saved or refused",
        async () =>
          /\/admin\/list-products$/.test(page.url()) ||
          failed !== undefined ||
          (await refusal.count()) > 0,
      );
      if (failed !== undefined) throw new Error(`the product form's POST answered ${failed}`);
      if ((await refusal.count()) > 0) throw new Error("the product form was refused");
    });
    const variants = await step("see the photo's variants on the product page", async () => {
      const carousel = page.getByRole("region", { name: `Images of ${product.name}` });
      const sources = carousel.locator(
        'picture source[type="image/avif"], picture source[type="image/webp"]',
      );
      await until(
        "the AVIF and WebP variants on the product page",
        async () => {
          const res = await page.goto(`/product/${product.slug}`);
          if (!res?.ok()) throw new Error(`the product page answered ${res?.status()}`);
          return (await sources.count()) === 2;
        },
        60_000,
      );
      const srcsets = await sources.evaluateAll((all) =>
        all.map((s) => (s as HTMLSourceElement).srcset),
      );
      return srcsets.flatMap((set) => set.split(", ").map((c) => c.split(" ")[0] ?? ""));
    });
    // The photo replaced by another (a product keeps at least one): the site deletes it and
    // its variants.
    await step("replace the photo with another", async () => {
      await page.goto(`/admin/list-products?search=${encodeURIComponent(product.token)}`);
      await page.getByRole("link", { name: `Edit ${product.name}` }).click();
      const form = page.getByRole("form", { name: "Edit product" });
      await shown(form.getByTestId("product-image"));
      await hydrated(page);
      await form.getByLabel("Add images").setInputFiles(product.secondPhotoPath);
      await form.getByTestId("product-image").nth(1).waitFor();
      await uploaded(form);
      await form.getByRole("button", { name: "Remove image 1" }).click();
      await until(
        "one image left on the form",
        async () => (await form.getByTestId("product-image").count()) === 1,
      );
      await form.getByLabel("Alt text for image 1").fill("Rehearsed shirt, back");
      await form.getByRole("button", { name: "Update" }).click();
      await page.waitForURL(/\/admin\/list-products$/);
      const res = await page.goto(`/product/${product.slug}`);
      if (!res?.ok()) throw new Error(`the product page answered ${res?.status()}`);
      const html = await page.content();
      const first = variants.find((url) => html.includes(url));
      if (first) throw new Error(`the product page still offers the first photo's ${first}`);
    });
    return variants;
  });
}

/**
 * Waits until the form's photos have reached the images bucket (none says "Uploading…"); a photo
 * the bucket refused is taken off the list with the reason under the picker, said with what the
 * page's requests met.
 */
async function photosUploaded(form: Locator, met: readonly string[]): Promise<void> {
  await until(
    "the photos to reach the images bucket",
    async () => (await form.getByText("Uploading…").count()) === 0,
    60_000,
  );
  const error = form.locator("#images-error");
  if ((await error.count()) > 0) {
    const why = met.join("; ") || "no failed request";
    throw new Error(`the photo upload failed: ${await error.textContent()} (${why})`);
  }
}

/** The customer signs in, opens the order history and downloads the order's invoice. */
export async function customerDownloadsInvoice(
  browser: Browser,
  baseUrl: string,
  customer: { email: string; password: string },
  orderNumber: string,
  artifactsDir?: string,
): Promise<Buffer> {
  return inContext(browser, baseUrl, "customer-invoice", artifactsDir, async (page, step) => {
    await signIn(page, step, customer);
    return step("download the invoice from the order history", async () => {
      await page.goto("/order/order-history");
      const link = page.getByRole("link", { name: `Download invoice ${orderNumber}` });
      await until(
        "the invoice's link in the order history",
        async () => {
          if ((await link.count()) > 0) return true;
          await page.reload();
          return false;
        },
        30_000,
      );
      // The link downloads the PDF (an attachment); a download the site refused fails.
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      const failure = await download.failure();
      if (failure) throw new Error(`the invoice's download failed: ${failure}`);
      const file = await download.path();
      const { readFile } = await import("node:fs/promises");
      const pdf = await readFile(file);
      if (!pdf.subarray(0, 5).equals(Buffer.from("%PDF-"))) {
        throw new Error(`the download ${download.suggestedFilename()} is not a PDF`);
      }
      return pdf;
    });
  });
}

/**
 * The customer asks, from the order history, to return one unit of the order's product; returns
 * the return's number (RMA-…) from its page.
 */
export async function customerRequestsReturn(
  browser: Browser,
  baseUrl: string,
  customer: { email: string; password: string },
  order: { number: string; productName: string },
  artifactsDir?: string,
): Promise<string> {
  return inContext(browser, baseUrl, "customer-return", artifactsDir, async (page, step) => {
    await signIn(page, step, customer);
    return step("request a return from the order history", async () => {
      await page.goto("/order/order-history");
      await page.getByRole("link", { name: `Return or exchange items of ${order.number}` }).click();
      await page.getByRole("heading", { name: "Return or exchange items" }).waitFor();
      await hydrated(page);
      await page.getByLabel(`Quantity to return of ${order.productName}`).selectOption("1");
      await page.getByLabel("Reason").selectOption({ label: "Too large" });
      await page.getByRole("button", { name: "Request return" }).click();
      await page.waitForURL(/\/order\/returns\/RMA-[0-9A-Z]{8}$/);
      const number = ((await page.getByTestId("rma").textContent()) ?? "").trim();
      if (!/^RMA-/.test(number)) throw new Error(`the return's page shows no number ("${number}")`);
      return number;
    });
  });
}

/**
 * The customer changes the account's e-mail on the profile (with the current password), opens
 * the link mailed to the new address and confirms, then deletes the account (with the password);
 * signing in again then fails.
 */
export async function customerChangesEmailThenLeaves(
  browser: Browser,
  baseUrl: string,
  customer: { email: string; password: string },
  next: string,
  mailedLink: (to: string, subject: RegExp) => Promise<string>,
  artifactsDir?: string,
): Promise<void> {
  await inContext(browser, baseUrl, "customer-account", artifactsDir, async (page, step) => {
    await signIn(page, step, customer);
    await step("ask for the new e-mail on the profile", async () => {
      await page.goto("/user/profile");
      await hydrated(page);
      const main = page.getByRole("main");
      await main.getByLabel("E-mail").fill(next);
      await main.getByLabel("Current password").fill(customer.password);
      await main.getByRole("button", { name: "Save" }).click();
      await shown(page.getByText(`We sent a link to ${next}`));
    });
    await step("confirm it from the link mailed to the new address", async () => {
      const link = new URL(await mailedLink(next, /Confirm your new e-mail/));
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole("main").getByRole("button", { name: "Confirm" }).click();
      await page.waitForURL(/\/user\/profile$/);
      await shown(page.getByText(`Your account's e-mail address is ${next}`));
    });
    await step("delete the account", async () => {
      await page.goto("/user/security");
      await hydrated(page);
      const main = page.getByRole("main");
      await main.getByRole("button", { name: "Delete account" }).click();
      const confirm = main.getByRole("form", { name: "Are you sure? This cannot be undone." });
      await confirm.getByLabel("Current password").fill(customer.password);
      await confirm.getByRole("button", { name: "Yes, delete my account" }).click();
      await page.waitForURL(/\/product$/);
    });
    await step("see the sign-in with the new e-mail refused", async () => {
      await page.goto("/auth/sign-in");
      await hydrated(page);
      const main = page.getByRole("main");
      await main.getByLabel("E-mail").fill(next);
      await main.getByLabel("Password").fill(customer.password);
      await main.getByRole("button", { name: "Sign in" }).click();
      await shown(page.getByText("Invalid e-mail or password"));
    });
  });
}

/**
 * After a restore: the customer signs in, the product's page shows the product, and the order
 * history lists the order (both deleted before the restore, back on the restored table).
 */
export async function customerSeesRestored(
  browser: Browser,
  baseUrl: string,
  seen: {
    customer: { email: string; password: string };
    product: { path: string; name: string };
    orderNumber: string;
  },
  artifactsDir?: string,
): Promise<void> {
  await inContext(browser, baseUrl, "customer-restored", artifactsDir, async (page, step) => {
    await signIn(page, step, seen.customer);
    await step("open the restored product's page", async () => {
      const res = await page.goto(seen.product.path);
      if (res?.status() !== 200) throw new Error(`${seen.product.path} answered ${res?.status()}`);
      await page.getByRole("heading", { level: 1, name: seen.product.name }).waitFor();
    });
    await step("find the restored order in the order history", async () => {
      await page.goto("/order/order-history");
      await page.getByText(seen.orderNumber).first().waitFor();
    });
  });
}
