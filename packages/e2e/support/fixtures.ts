// The specs' `test` and `expect`: Playwright's, with signing in as fixtures. A spec whose
// precondition is a signed-in admin or customer asks for one; a spec whose subject is signing in
// (the form, its limits, sessions ending) drives the form itself (auth.spec.ts,
// accounts-security.spec.ts, security-accounts.spec.ts).
import { basename } from "node:path";
import { type APIRequestContext, test as base, type Page } from "@playwright/test";
import { CHECKOUT_CUSTOMER, type Customer, type CustomerProfile, newCustomer } from "./checkout";
import { signIn, signInAdminOn, signInNewCustomer } from "./pages";

export { expect } from "@playwright/test";

/** What a browser context keeps of a session (`browser.newContext({ storageState })`). */
export type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** The e-mail label of a customer the fixtures create: the spec and the project. */
const label = (file: string, project: string) => `${basename(file, ".spec.ts")}-${project}`;

/**
 * For `test.use`: the `customer` fixture signs in on the shop whose URL `url` gives when the test
 * starts (a second web server a spec starts in `beforeAll`). Its requests need the origin secret
 * (support/origin.ts): the spec's `beforeEach` sets it on the page.
 */
export const signInAt = (url: () => string) => ({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its pattern
  shopUrl: async ({}, use: (shopUrl: string) => Promise<void>) => use(url()),
});

/**
 * The worker's admin session, opened by the first test that asks for it. Test-scoped on purpose: a
 * worker-scoped fixture would put the specs using this `test` in workers of their own, run after
 * the others, which reorders the suite's shared data (other specs' products, orders).
 */
let adminSession: Promise<StorageState> | undefined;

export const test = base.extend<{
  /** The shop the `customer` fixture signs in on: "" (the shop under test) or a second web
   * server's URL (support/web-server.ts), given by its spec with `test.use`. */
  shopUrl: string;
  customerProfile: CustomerProfile;
  /** The test's `page`, signed in as the seeded admin (the worker's session, adminState). */
  adminPage: Page;
  /** A new customer (customerProfile, through core), signed in through the form on the test's
   * `page` at `shopUrl`, which is left on the catalogue the sign-in lands on. */
  customer: Customer;
  /** A request context of the test's own on the shop under test, as the seeded admin. */
  adminRequest: APIRequestContext;
  /** The test's `request`, signed in over HTTP as a new customer of its own. */
  customerRequest: APIRequestContext;
  /** The seeded admin's session (scripts/seed.ts), signed in once per worker over HTTP: for a
   * context of its own, `browser.newContext({ storageState: adminState })`. Tests that end
   * their admin's session, or change the admin's password, must sign in their own. */
  adminState: StorageState;
}>({
  adminState: async ({ playwright }, use, testInfo) => {
    adminSession ??= (async () => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      await signInAdminOn(request, {
        "cloudfront-viewer-address": `198.18.250.${testInfo.parallelIndex}`,
      });
      const state = await request.storageState();
      await request.dispose();
      return state;
    })().catch((error) => {
      adminSession = undefined; // the next test signs in again
      throw error;
    });
    await use(await adminSession);
  },
  shopUrl: ["", { option: true }],
  customerProfile: [CHECKOUT_CUSTOMER, { option: true }],
  adminPage: async ({ page, adminState }, use) => {
    await page.context().addCookies(adminState.cookies);
    await use(page);
  },
  adminRequest: async ({ playwright, adminState }, use) => {
    const request = await playwright.request.newContext({
      baseURL: process.env.E2E_BASE_URL,
      storageState: adminState,
    });
    await use(request);
    await request.dispose();
  },
  customer: async ({ page, shopUrl, customerProfile }, use, testInfo) => {
    const created = await newCustomer(label(testInfo.file, testInfo.project.name), customerProfile);
    await signIn(page, created.email, created.password, shopUrl);
    await use(created);
  },
  customerRequest: async ({ request }, use, testInfo) => {
    await signInNewCustomer(request, label(testInfo.file, testInfo.project.name));
    await use(request);
  },
});
