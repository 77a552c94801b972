// The statements of the shop functions' roles that the rehearsal's journey cannot use, each with
// why (coverage.ts). Every other statement must be used by a call of the run, or the rehearsal
// fails; an entry that matches no statement any more fails it too. Keep this list short: a
// statement the journey could reach belongs in the journey, not here.
// An entry matches a statement of a function whose SHOP_FUNCTION is in `roles` (for a kind of
// trigger, the registry says which functions have it), with exactly
// these actions (any order), the same effect (Allow unless said), and, with `resource`, every
// resource matching it.

import {
  ENTRIES,
  type FunctionEntry,
  invokedAsynchronously,
  readsTheStream,
} from "@shop/functions/registry";

/** The functions of the registry whose entry says `which`. */
const functionsThat = (which: (entry: FunctionEntry) => boolean) =>
  ENTRIES.filter(([, entry]) => which(entry)).map(([name]) => name);

export interface Unreached {
  roles: readonly string[] | "*";
  actions: readonly string[];
  effect?: "Allow" | "Deny";
  resource?: RegExp;
  why: string;
}

export const UNREACHED: readonly Unreached[] = [
  {
    roles: ["mailer", "newsletterMailer"],
    actions: ["sqs:SendMessage"],
    resource: /MailQueue/,
    why: "a mailer sends a mail SES throttled back to its own queue, delayed (docs/decisions/038-newsletter-fan-out.md); the rehearsal's SES stand-in never throttles, and packages/local-cloud/src/newsletter-fanout.int.test.ts plays it",
  },
  {
    roles: "*",
    actions: ["xray:PutTraceSegments", "xray:PutTelemetryRecords"],
    why: "active tracing: Lambda's runtime sends the trace segments through its X-Ray daemon, not the function's code, and the rehearsal runs no daemon",
  },
  {
    roles: functionsThat(readsTheStream),
    actions: ["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"],
    resource: /DeadLetters/,
    why: "the stream mapping's on-failure destination: Lambda sends a batch there only once its retries are exhausted, and every batch of the journey succeeds (a failing one fails the rehearsal)",
  },
  {
    roles: functionsThat(invokedAsynchronously),
    actions: ["sqs:SendMessage"],
    resource: /DeadLetters/,
    why: "the dead-letter queue of its asynchronous invocations (the schedule's, S3's notification's): Lambda sends an event there only once every retry failed, and every invocation of the journey succeeds",
  },
  {
    roles: ["site"],
    actions: [
      "s3:GetObject*",
      "s3:GetBucket*",
      "s3:List*",
      "s3:DeleteObject*",
      "s3:PutObject",
      "s3:PutObjectLegalHold",
      "s3:PutObjectRetention",
      "s3:PutObjectTagging",
      "s3:PutObjectVersionTagging",
      "s3:Abort*",
    ],
    why: "SST v2's RemixSite grants its server read and write on the site's assets bucket; the server never touches it (CloudFront serves the assets through its origin access identity) and a Deny takes the writes back (stacks/Web.ts)",
  },
  {
    roles: ["site"],
    effect: "Deny",
    actions: ["s3:PutObject*", "s3:DeleteObject*", "s3:Abort*"],
    why: "a Deny: it takes back the writes of SST's grant on the assets bucket; no call of the site writes there, so none meets it",
  },
  {
    roles: ["site"],
    actions: ["cloudfront:CreateInvalidation"],
    why: "SST v2's RemixSite grants its server invalidations of its distribution (Next.js's revalidation); the shop's cached pages are purged by the edge purge function (docs/decisions/018-edge-cache.md), never by the site",
  },
];
