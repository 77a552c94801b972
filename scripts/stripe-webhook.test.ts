import { STRIPE_WEBHOOK_EVENTS } from "@shop/core/payments";
import { describe, expect, it } from "vitest";
import { checkWebhookUrl, endpointParams, parseArgs, report } from "./stripe-webhook.ts";

const URL = "https://abc123.lambda-url.eu-west-1.on.aws/";

describe("npm run stripe:webhook", () => {
  it("subscribes the endpoint to exactly the events the webhook handles", () => {
    expect(endpointParams("prod", URL)).toMatchObject({
      url: URL,
      enabled_events: [...STRIPE_WEBHOOK_EVENTS],
    });
    // The refunds that complete a return, which a payment_intent.* subscription misses.
    expect(endpointParams("prod", URL).enabled_events).toEqual(
      expect.arrayContaining(["payment_intent.succeeded", "refund.updated", "refund.failed"]),
    );
  });

  it("needs a stage's name, and refuses the local stage and unknown arguments", () => {
    expect(parseArgs(["--stage", "prod"])).toEqual({ stage: "prod", dryRun: false });
    expect(parseArgs(["--stage", "staging-2", "--url", URL, "--dry-run"])).toEqual({
      stage: "staging-2",
      url: URL,
      dryRun: true,
    });
    expect(() => parseArgs([])).toThrow("name the stage");
    expect(() => parseArgs(["--stage"])).toThrow("--stage needs a value");
    expect(() => parseArgs(["--stage", "--dry-run"])).toThrow("--stage needs a value");
    expect(() => parseArgs(["--stage", "prod;rm"])).toThrow("not a stage name");
    expect(() => parseArgs(["--stage", "local"])).toThrow("takes no Stripe webhook");
    expect(() => parseArgs(["--stage", "prod", "--force"])).toThrow("unknown argument --force");
  });

  it("sends Stripe only a public https URL", () => {
    expect(checkWebhookUrl(URL)).toBe(URL);
    for (const [url, problem] of [
      ["http://abc123.lambda-url.eu-west-1.on.aws/", "is not https"],
      ["https://localhost:3000/webhook", "not a public address"],
      ["https://127.0.0.1/", "not a public address"],
      ["https://shop.localhost/", "not a public address"],
      ["https://10.0.0.7/", "not a public address"],
      ["https://192.168.1.2/", "not a public address"],
      ["https://[::1]/", "not a public address"],
      ["https://user:pw@example.com/", "carries credentials"],
      ["https://example.com/?a=1", "carries a query"],
      ["not a url", "is not a URL"],
    ] as const) {
      expect(() => checkWebhookUrl(url), url).toThrow(problem);
    }
  });

  it("prints the signing secret's next step when it creates, and keeps the secret when it updates", () => {
    const created = report("prod", URL, { action: "created", id: "we_1", secret: "whsec_abc" });
    expect(created).toContain("  npx sst secrets set STRIPE_WEBHOOK_SECRET whsec_abc --stage prod");
    const updated = report("prod", URL, {
      action: "updated",
      id: "we_1",
      before: ["payment_intent.succeeded", "charge.succeeded"],
    });
    expect(updated.join("\n")).toContain("signing secret is unchanged");
    expect(updated.join("\n")).toContain("No longer subscribed: charge.succeeded.");
    expect(updated.join("\n")).not.toContain("whsec_");
  });
});
