// Every call to a dependency has a deadline and a retry budget, derived from one budget per kind
// of work (AWS's guidance on timeouts, retries and backoff with jitter). A call's worst case is
// its attempts × (connection + request timeout) plus the backoff between them; it must fit the
// budget of the work that makes it, and the stacks give each function more time than its budget
// (stacks/stacks.infra.test.ts, "deadlines, in order", checks the chain from these same numbers):
//
//   page budget (5 s) < charge budget (15 s) < site function timeout < CloudFront origin timeout
//   consumer budget < consumer function timeout < its queue's visibility timeout
//
// Retries happen only where a call is idempotent or carries an idempotency key: reads, the
// table's transactions (the SDK sends one ClientRequestToken for all attempts), S3 puts of a
// fixed key, Stripe calls with an idempotency key. A plain UpdateItem (a counter's ADD) or
// PutItem is sent once: a timeout is not retried, since the first attempt may have landed; a
// request that met a kept-alive connection the service had closed never reached it, and goes
// again on a new one (kept-alive.server.ts).

import { keptAliveAgents } from "./kept-alive.server.ts";

/** A page request (loader or action without a card charge) finishes or fails within this. */
export const PAGE_BUDGET_MS = 5_000;
/** An action that charges a card (the checkout's "Confirm order") gets this long. */
export const CHARGE_BUDGET_MS = 15_000;
/** The site's Lambda function: above the charge budget (and so the page budget). */
export const SITE_FUNCTION_TIMEOUT_SECONDS = 20;
/** CloudFront waits this long for the site's answer: above the site's own timeout. */
export const CLOUDFRONT_ORIGIN_READ_TIMEOUT_SECONDS = 30;
/** How long a shopper is told to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** The SDK's "standard" retry mode: full jitter on min(20 s, 100 ms × 2^attempt). */
const STANDARD_BACKOFF_BASE_MS = 100;

export interface CallPolicy {
  /** Time to open the TCP (and TLS) connection. */
  connectionTimeoutMs: number;
  /** Time the request may wait without a byte of the answer (socket inactivity). */
  requestTimeoutMs: number;
  /** Attempts in all, the first included (1: never retried). */
  maxAttempts: number;
}

export type Dependency = "dynamodb" | "s3" | "ses" | "sqs" | "ssm" | "stripe" | "cloudfront";

/**
 * The policies. The table answers in milliseconds when healthy: a second is already a fault. S3
 * moves images and invoices of a few MB. SES and SQS are called by queue consumers, whose
 * budgets are larger. SSM answers a cold start's one read of the secrets like the table does.
 * Stripe's API usually answers within a second or two, sometimes more.
 */
export const POLICIES: Record<Dependency, CallPolicy> = {
  dynamodb: { connectionTimeoutMs: 500, requestTimeoutMs: 1_500, maxAttempts: 2 },
  s3: { connectionTimeoutMs: 500, requestTimeoutMs: 1_500, maxAttempts: 2 },
  ses: { connectionTimeoutMs: 1_000, requestTimeoutMs: 5_000, maxAttempts: 3 },
  sqs: { connectionTimeoutMs: 1_000, requestTimeoutMs: 3_000, maxAttempts: 3 },
  // The secrets, read once at a cold start, before the first request's own budget starts.
  ssm: { connectionTimeoutMs: 500, requestTimeoutMs: 1_500, maxAttempts: 2 },
  stripe: { connectionTimeoutMs: 1_000, requestTimeoutMs: 5_000, maxAttempts: 2 },
  // The edge purge's invalidations: a retry with the batch's caller reference is the same one.
  cloudfront: { connectionTimeoutMs: 1_000, requestTimeoutMs: 5_000, maxAttempts: 3 },
};

/** The longest one call can take under `policy`: every attempt times out, the longest backoff. */
export function worstCaseMs(policy: CallPolicy): number {
  let backoff = 0;
  for (let retry = 1; retry < policy.maxAttempts; retry++) {
    backoff += Math.min(20_000, STANDARD_BACKOFF_BASE_MS * 2 ** retry);
  }
  return policy.maxAttempts * (policy.connectionTimeoutMs + policy.requestTimeoutMs) + backoff;
}

/**
 * The deadlines against a local stand-in (DynamoDB Local's JVM, s3rver, the local SES) on a busy
 * laptop or CI machine, where a connection or an answer can take seconds that no AWS endpoint
 * would: lenient, so a loaded test run does not fail on its own stand-ins. The fault tests ask
 * for AWS's numbers against the stand-ins (DEPENDENCY_DEADLINES=aws), which is what they check.
 */
export const LOCAL_CONNECTION_TIMEOUT_MS = 5_000;
export const LOCAL_REQUEST_TIMEOUT_MS = 30_000;

/** The AWS SDK v3 client options for a dependency's policy (`lenient`: a local stand-in's). */
export function awsClientOptions(dependency: Exclude<Dependency, "stripe">, lenient = false) {
  const policy = POLICIES[dependency];
  return {
    maxAttempts: policy.maxAttempts,
    retryMode: "standard" as const,
    requestHandler: {
      connectionTimeout: lenient ? LOCAL_CONNECTION_TIMEOUT_MS : policy.connectionTimeoutMs,
      requestTimeout: lenient ? LOCAL_REQUEST_TIMEOUT_MS : policy.requestTimeoutMs,
      // Without it, the current Node handler only warns when the request timeout passes.
      throwOnRequestTimeout: true,
      // The SDK's keep-alive, telling a request that met a connection closed as idle.
      ...keptAliveAgents(),
    },
  };
}

/**
 * Stripe's client options: its `timeout` is the whole request's; its retries reuse the request's
 * idempotency key (every call of the adapter sends one), so a retried charge is one charge.
 */
export function stripeClientOptions() {
  const policy = POLICIES.stripe;
  return {
    timeout: policy.connectionTimeoutMs + policy.requestTimeoutMs,
    maxNetworkRetries: policy.maxAttempts - 1,
  };
}
