// `npm run stripe:webhook` against the local cloud's fake Stripe API (no internet): it creates the
// stage's endpoint with exactly the webhook's events and prints the secret's next step, updates it
// on the next run (README's old payment_intent-only endpoint included) keeping its secret, calls
// nothing at Stripe on a dry run, and refuses two endpoints for one URL.
import { STRIPE_WEBHOOK_EVENTS } from "@shop/core/payments";
import { startFakeStripeApi } from "@shop/local-cloud";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run } from "./stripe-webhook.ts";

const URL = "https://abc123.lambda-url.eu-west-1.on.aws/";
const KEY = "sk_test_stripewebhookcommand";

let stripe: Awaited<ReturnType<typeof startFakeStripeApi>>;
beforeEach(async () => {
  stripe = await startFakeStripeApi();
});
afterEach(() => stripe.close());

async function command(...args: string[]) {
  const lines: string[] = [];
  const status = await run(
    ["--stage", "staging", "--url", URL, ...args],
    { STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: stripe.url },
    (line) => lines.push(line),
  );
  return { status, output: lines.join("\n") };
}

const oldEndpoint = (id: string) => ({
  id,
  url: URL,
  enabled_events: ["payment_intent.succeeded", "payment_intent.payment_failed"],
  api_version: null,
  description: null,
  metadata: {},
  status: "enabled" as const,
  secret: "whsec_kept_by_the_stage_0000",
});

describe("npm run stripe:webhook -- --stage NAME", () => {
  it("creates the stage's endpoint with exactly the webhook's events, then updates it", async () => {
    const first = await command();
    expect(first.status, first.output).toBe(0);
    expect(stripe.webhookEndpoints).toHaveLength(1);
    const [endpoint] = stripe.webhookEndpoints;
    expect(endpoint?.url).toBe(URL);
    expect(endpoint?.enabled_events).toEqual([...STRIPE_WEBHOOK_EVENTS]);
    expect(endpoint?.api_version).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(first.output).toContain(
      `npx sst secrets set STRIPE_WEBHOOK_SECRET ${endpoint?.secret} --stage staging`,
    );
    expect(new Set(stripe.keys)).toEqual(new Set([KEY]));

    const second = await command();
    expect(second.status, second.output).toBe(0);
    expect(stripe.webhookEndpoints).toHaveLength(1);
    expect(second.output).toContain(`Updated the Stripe webhook endpoint ${endpoint?.id}`);
    expect(second.output).toContain("signing secret is unchanged");
    expect(second.output).not.toContain("whsec_");
  });

  it("brings an endpoint subscribed to payment_intent events only up to the list", async () => {
    // As an operator made it by hand in Stripe's dashboard, without the URL's final slash.
    stripe.webhookEndpoints.push({ ...oldEndpoint("we_old"), url: URL.replace(/\/$/, "") });
    const { status, output } = await command();
    expect(status, output).toBe(0);
    expect(stripe.webhookEndpoints).toHaveLength(1);
    expect(stripe.webhookEndpoints[0]?.enabled_events).toEqual([...STRIPE_WEBHOOK_EVENTS]);
    expect(output).toContain("Updated the Stripe webhook endpoint we_old");
  });

  it("calls nothing at Stripe on a dry run", async () => {
    const { status, output } = await command("--dry-run");
    expect(status, output).toBe(0);
    expect(output).toContain(STRIPE_WEBHOOK_EVENTS.join(", "));
    expect(stripe.keys).toEqual([]);
    expect(stripe.webhookEndpoints).toEqual([]);
  });

  it("refuses two endpoints for the stage's URL, changing neither", async () => {
    stripe.webhookEndpoints.push(oldEndpoint("we_a"), oldEndpoint("we_b"));
    const { status, output } = await command();
    expect(status).toBe(1);
    expect(output).toContain("(we_a, we_b)");
    for (const endpoint of stripe.webhookEndpoints) {
      expect(endpoint.enabled_events).toEqual(oldEndpoint("x").enabled_events);
    }
  });

  it("refuses a local URL and a key that is not Stripe's, before calling Stripe", async () => {
    const lines: string[] = [];
    const env = { STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: stripe.url };
    expect(
      await run(["--stage", "staging", "--url", "https://localhost/"], env, (l) => lines.push(l)),
    ).toBe(2);
    expect(
      await run(
        ["--stage", "staging", "--url", URL],
        { ...env, STRIPE_SECRET_KEY: "pk_test_x" },
        (l) => lines.push(l),
      ),
    ).toBe(2);
    expect(lines.join("\n")).toContain("is not a Stripe secret key");
    expect(stripe.keys).toEqual([]);
  });
});
