import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

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

  it("refuses to run a production stage with the local session secret", () => {
    expect(() => loadConfig({ NODE_ENV: "production", STAGE: "prod" })).toThrow(/SESSION_SECRET/);
    expect(
      loadConfig({ NODE_ENV: "production", STAGE: "prod", SESSION_SECRET: "s".repeat(32) })
        .production,
    ).toBe(true);
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
