// The shop's business metrics: one list of names, read by the code that emits them (CloudWatch's
// embedded metric format, from the functions and the site) and by the stage's dashboard and
// alarms (stacks/dashboard.ts, stacks/alarms.ts), so a renamed metric cannot leave a widget or an
// alarm watching nothing. Every metric is a count (unit Count) under the stage's namespace
// (metricsNamespace), emitted with no dimension (the alarms watch the metric without one; a
// library's default dimension, such as Powertools' `service`, must be left off), but
// DependencyUnavailable, whose one dimension is DEPENDENCY_DIMENSION.

/** Business metrics, each counted once per occurrence. */
export const BUSINESS_METRICS = {
  /** An order was placed (written, payment awaited). */
  ordersPlaced: "OrdersPlaced",
  /** An order's payment succeeded (the webhook marked it paid). */
  ordersPaid: "OrdersPaid",
  /**
   * A payment the gateway refused or failed (Stripe's payment_intent.payment_failed, a declined
   * card). Not a payment given up as abandoned: shoppers leave checkouts often, and the alarm on
   * the failure share (stacks/alarms.ts) must not fire on them.
   */
  paymentsFailed: "PaymentsFailed",
  /** A paid order was refunded. */
  refunds: "Refunds",
  /** An e-mail was handed to SES. */
  mailsSent: "MailsSent",
  /** An e-mail could not be sent (its message fails, and is retried by its queue). */
  mailsFailed: "MailsFailed",
  /**
   * A mail not sent because its address is suppressed (a hard bounce, a complaint:
   * core/src/mail/reputation.ts), by the mailer or skipped by the newsletter's fan-out.
   */
  mailsSuppressed: "MailsSuppressed",
  /** SES reported a hard (permanent) bounce of a mail the shop sent. */
  mailHardBounces: "MailHardBounces",
  /** SES reported a complaint (a recipient marked a mail as spam). */
  mailComplaints: "MailComplaints",
  /** One subscriber's newsletter queued by the fan-out. */
  newsletterDeliveries: "NewsletterDeliveries",
} as const;

export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];

/**
 * A call to a dependency that got no answer within its deadline (docs/decisions/010-bounded-under-faults.md),
 * with the dimension DEPENDENCY_DIMENSION naming the dependency (core/src/context/deadlines.ts
 * `Dependency`: dynamodb, s3, ses, sqs, ssm, stripe, cloudfront).
 */
export const DEPENDENCY_UNAVAILABLE_METRIC = "DependencyUnavailable";
export const DEPENDENCY_DIMENSION = "Dependency";

/** The CloudWatch namespace of a stage's metrics: one per stage, so stages never mix. */
export const metricsNamespace = (stage: string) => `Threadline/${stage}`;

/**
 * The site's server time of one request it answered (a page, a page's data, a resource route),
 * in milliseconds, from the request's arrival at the site's server to its answer, with the one
 * dimension PAGE_KIND_DIMENSION (web/server/server-time.ts derives it from the matched route).
 * Not a business metric: neither counted nor alarmed on; the dashboard shows its p50 and p99.
 */
export const SERVER_TIME_METRIC = "SiteServerTime";
export const PAGE_KIND_DIMENSION = "PageKind";

/**
 * The kinds of page SERVER_TIME_METRIC is split by: few and fixed (a dimension value is a metric
 * of its own in CloudWatch), never a URL. `api` is the site's resource routes for the browser
 * (search, cart); `other` is everything else (content pages, sign-in, robots, sitemaps, errors).
 */
export const PAGE_KINDS = [
  "home",
  "catalogue",
  "product",
  "cart",
  "checkout",
  "account",
  "admin",
  "api",
  "other",
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
