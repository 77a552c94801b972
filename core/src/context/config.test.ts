import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { SettingsError } from "./settings.ts";

/** A production stage's site with every setting in order. */
const PRODUCTION = {
  STAGE: "prod",
  NODE_ENV: "production",
  TABLE_NAME: "shop-prod",
  INVOICES_BUCKET: "invoices",
  IMAGES_BUCKET: "images",
  SEARCH_BUCKET: "search",
  IMAGES_BASE_URL: "https://images.example.com",
  APP_URL: "https://shop.example.com",
  MAIL_FROM: "shop@example.com",
  SUPPORT_EMAIL: "help@example.com",
  PAYMENTS: "stripe",
  SESSION_SECRET: "s".repeat(48),
  STRIPE_SECRET_KEY: "sk_live_abc123",
  STRIPE_PUBLISHABLE_KEY: "pk_live_abc123",
  STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdef0123",
};

/** The lines of the SettingsError that `start` throws. */
function problemsOf(start: () => unknown): string[] {
  try {
    start();
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  throw new Error("it started");
}

describe("configuration", () => {
  it("runs locally with no variables at all", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      stage: "local",
      tableName: "shop",
      imagesBucket: "shop-images",
      invoicesBucket: "shop-invoices",
      appUrl: "http://localhost:3000",
      production: false,
    });
    expect(config.dynamodbEndpoint).toBeUndefined();
    expect(config.stripeSecretKey).toBeUndefined();
  });

  it("serves images from the local S3 bucket when an S3 endpoint is set", () => {
    const config = loadConfig({ S3_ENDPOINT: "http://127.0.0.1:4569", IMAGES_BUCKET: "imgs" });
    expect(config.imagesBaseUrl).toBe("http://127.0.0.1:4569/imgs");
  });

  it("takes the public image URL as given, without a trailing slash", () => {
    expect(loadConfig({ IMAGES_BASE_URL: "https://cdn.example.com/" }).imagesBaseUrl).toBe(
      "https://cdn.example.com",
    );
  });

  it("refuses to run a deployed stage with the local session secret", () => {
    expect(() => loadConfig({ NODE_ENV: "production", STAGE: "prod" })).toThrow(/SESSION_SECRET/);
  });

  it("starts a production stage with its settings, and reads the secrets it is given", () => {
    const config = loadConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.payments).toBe("stripe");
    expect(config.sessionSecret).toBe(PRODUCTION.SESSION_SECRET);
    expect(config.stripeWebhookSecret).toBe(PRODUCTION.STRIPE_WEBHOOK_SECRET);
  });

  it("names every missing or unsafe setting of a production start, one line each", () => {
    const start = () =>
      loadConfig({ STAGE: "prod", NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) });
    expect(start).toThrow(SettingsError);
    const lines = problemsOf(start);
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"]) {
      expect(
        lines.some((l) => l.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
    expect(lines.some((l) => l.startsWith("APP_URL:"))).toBe(true);
    expect(lines.some((l) => l.startsWith("SESSION_SECRET:"))).toBe(false);
  });

  it("refuses the public default webhook secret, a localhost APP_URL and a short session secret", () => {
    const lines = problemsOf(() =>
      loadConfig({
        ...PRODUCTION,
        STRIPE_WEBHOOK_SECRET: "whsec_local_test_gateway",
        APP_URL: "http://localhost:3000",
        SESSION_SECRET: "short",
      }),
    );
    expect(lines).toEqual([
      expect.stringMatching(/^APP_URL: points at this machine/),
      expect.stringMatching(/^SESSION_SECRET: must be at least 32/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: is the public local default/),
    ]);
  });

  it("allows the test gateway only when turned on, and never on a production stage", () => {
    const staging = { ...PRODUCTION, STAGE: "staging", PAYMENTS: "", STRIPE_SECRET_KEY: "" };
    expect(problemsOf(() => loadConfig(staging))).toEqual([
      "PAYMENTS: not set; set STRIPE_SECRET_KEY (Stripe) or PAYMENTS=test",
    ]);
    expect(loadConfig({ ...staging, PAYMENTS: "test" }).payments).toBe("test");
    expect(problemsOf(() => loadConfig({ ...PRODUCTION, PAYMENTS: "test" }))).toEqual([
      'PAYMENTS: the local test gateway is refused on the production stage "prod"',
    ]);
    // On a laptop nothing is refused, and nothing is chosen silently either.
    expect(loadConfig({}).payments).toBeNull();
    expect(loadConfig({ PAYMENTS: "test" }).payments).toBe("test");
  });

  it("checks only the settings the stacks name for a function, and keeps other secrets from it", () => {
    // The order reactions are given no secret at all.
    const reactions = {
      STAGE: "prod",
      NODE_ENV: "production",
      SHOP_FUNCTION: "orderReactions",
      SHOP_SETTINGS: "STAGE,NODE_ENV,TABLE_NAME,INVOICES_BUCKET,APP_URL",
      TABLE_NAME: "t",
      INVOICES_BUCKET: "b",
      APP_URL: "https://shop.example.com",
    };
    const config = loadConfig(reactions);
    expect(config.role).toBe("orderReactions");
    expect(() => config.sessionSecret).toThrow(/SESSION_SECRET is not given to the orderReactions/);
    expect(problemsOf(() => loadConfig({ ...reactions, TABLE_NAME: "" }))).toEqual([
      "TABLE_NAME: missing (the stacks set it)",
    ]);
    // A function the stacks named no settings for, or an unknown setting, is refused.
    expect(problemsOf(() => loadConfig({ ...reactions, SHOP_SETTINGS: undefined }))).toEqual([
      "SHOP_SETTINGS: missing (the stacks set it)",
    ]);
    expect(
      problemsOf(() => loadConfig({ ...reactions, SHOP_SETTINGS: "TABLE_NAME,NOPE" })),
    ).toEqual(['SHOP_SETTINGS: "NOPE" is no setting of the shop']);
    expect(() => loadConfig({ SHOP_FUNCTION: "no body" })).toThrow(/SHOP_FUNCTION/);
  });

  it("takes a Stripe API base on this machine only (tests), never another host", () => {
    const base = (value: string) => loadConfig({ STRIPE_API_BASE: value }).stripeApiBase;
    expect(base("http://127.0.0.1:9000/")).toBe("http://127.0.0.1:9000");
    expect(base("http://localhost:9000")).toBe("http://localhost:9000");
    expect(base("https://evil.example.com")).toBeUndefined();
    expect(base("http://127.0.0.1.evil.example.com:9000")).toBeUndefined();
    expect(base("not a url")).toBeUndefined();
    expect(loadConfig({}).stripeApiBase).toBeUndefined();
  });
});
