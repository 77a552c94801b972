// The deadlines' numbers fit together: each call's worst case within the budget of the work that
// makes it, and the budgets in the order the stacks rely on.
import { describe, expect, it } from "vitest";
import {
  awsClientOptions,
  CHARGE_BUDGET_MS,
  CLOUDFRONT_ORIGIN_READ_TIMEOUT_SECONDS,
  LOCAL_CONNECTION_TIMEOUT_MS,
  LOCAL_REQUEST_TIMEOUT_MS,
  PAGE_BUDGET_MS,
  POLICIES,
  SITE_FUNCTION_TIMEOUT_SECONDS,
  stripeClientOptions,
  worstCaseMs,
} from "./deadlines.ts";

describe("deadlines", () => {
  it("a page's calls (table, S3, the secrets at a cold start) fail within the page budget, retries and backoff included", () => {
    for (const dependency of ["dynamodb", "s3", "ssm"] as const) {
      expect(worstCaseMs(POLICIES[dependency]), dependency).toBeLessThan(PAGE_BUDGET_MS);
    }
  });

  it("a card charge fails within the charge budget, and budgets are in order", () => {
    expect(worstCaseMs(POLICIES.stripe)).toBeLessThan(CHARGE_BUDGET_MS);
    expect(PAGE_BUDGET_MS).toBeLessThan(CHARGE_BUDGET_MS);
    expect(CHARGE_BUDGET_MS).toBeLessThan(SITE_FUNCTION_TIMEOUT_SECONDS * 1000);
    expect(SITE_FUNCTION_TIMEOUT_SECONDS).toBeLessThan(CLOUDFRONT_ORIGIN_READ_TIMEOUT_SECONDS);
  });

  it("counts every attempt and the backoff between them", () => {
    const once = { connectionTimeoutMs: 100, requestTimeoutMs: 400, maxAttempts: 1 };
    expect(worstCaseMs(once)).toBe(500);
    expect(worstCaseMs({ ...once, maxAttempts: 3 })).toBe(1500 + 200 + 400);
  });

  it("gives Stripe one retry, under its idempotency key, within the same deadline", () => {
    expect(stripeClientOptions()).toEqual({
      timeout: POLICIES.stripe.connectionTimeoutMs + POLICIES.stripe.requestTimeoutMs,
      maxNetworkRetries: POLICIES.stripe.maxAttempts - 1,
    });
  });
});

describe("against a local stand-in", () => {
  it("is lenient with the timeouts only; AWS's numbers otherwise", () => {
    const aws = awsClientOptions("dynamodb");
    const local = awsClientOptions("dynamodb", true);
    expect(aws.requestHandler).toMatchObject({
      connectionTimeout: POLICIES.dynamodb.connectionTimeoutMs,
      requestTimeout: POLICIES.dynamodb.requestTimeoutMs,
    });
    expect(local.requestHandler).toMatchObject({
      connectionTimeout: LOCAL_CONNECTION_TIMEOUT_MS,
      requestTimeout: LOCAL_REQUEST_TIMEOUT_MS,
    });
    expect(local.maxAttempts).toBe(aws.maxAttempts);
  });
});
