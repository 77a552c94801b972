// Least privilege the other way round (./coverage.ts): a statement no call used is excused only by
// an unreached statement its role declares (functions/src/registry.ts, stacks/site-role.ts) with
// the same actions and effect, on the very resources it pins; one that excuses nothing fails.
import { describe, expect, it } from "vitest";
import { ASSET_READ_WRITE } from "../../../stacks/site-role.ts";
import { coverage, DECLARED, type Declared } from "./coverage.ts";
import type { DeployedFunction, DeployedStage } from "./deploy.ts";
import type { Statement } from "./iam.ts";

const ACCOUNT = "000000000000";
const queue = (name: string) => `arn:aws:sqs:eu-west-1:${ACCOUNT}:${name}`;
/** Resources of the stage as ./deploy.ts records them (logical ids as CDK synthesizes them). */
const ARNS = [
  { logicalId: "MailQueue4F838B3A", arn: queue("MailQueue4F838B3A") },
  { logicalId: "NewsletterMailQueue1DB40F7E", arn: queue("NewsletterMailQueue1DB40F7E") },
  { logicalId: "DispatcherDeadLetters0F711854", arn: queue("DispatcherDeadLetters0F711854") },
  { logicalId: "SiteS3Bucket43E5BB2F", arn: "arn:aws:s3:::production-web-sites3bucket43e5bb2f" },
  { logicalId: "InvoicesBucket1A2B3C4D", arn: "arn:aws:s3:::production-storage-invoices" },
  {
    logicalId: "SiteDistribution390DED28",
    arn: `arn:aws:cloudfront::${ACCOUNT}:distribution/SiteDistribution390DED28`,
  },
].map((r) => ({ stack: "production-shop-Events", ...r }));

const XRAY: Statement = {
  Effect: "Allow",
  Action: ["xray:PutTraceSegments", "xray:PutTelemetryRecords"],
  Resource: "*",
};
const send = (...resources: string[]): Statement => ({
  Effect: "Allow",
  Action: "sqs:SendMessage",
  Resource: resources,
});

/**
 * A stage of these functions (role → its statements), no call of which used any statement,
 * checked against what their roles declare (the registry's, the site's, or `declared`).
 */
function run(
  roles: Record<string, Statement[]>,
  options: { declared?: readonly Declared[]; checkList?: boolean } = {},
) {
  const functions = new Map(
    Object.entries(roles).map(([role, statements]) => [
      role,
      {
        logicalId: `${role[0]?.toUpperCase()}${role.slice(1)}ABCD1234`,
        environment: { SHOP_FUNCTION: role },
        statements,
      } as unknown as DeployedFunction,
    ]),
  );
  const stage = { functions, arns: ARNS } as unknown as DeployedStage;
  const declared = options.declared ?? DECLARED.filter((d) => d.role in roles);
  return coverage(stage, new Map(), { ...options, roles: Object.keys(roles), declared });
}

describe("the unreached statements a role declares", () => {
  it("excuse a mailer's send to its own queue, and X-Ray's grant on every resource", () => {
    const { failures, functions } = run({ mailer: [XRAY, send(queue("MailQueue4F838B3A"))] });
    expect(failures).toEqual([]);
    expect(functions[0]?.statements.map((s) => s.status)).toEqual(["justified", "justified"]);
    expect(functions[0]?.statements[1]?.why).toMatch(/throttled back to its own queue/);
  });

  it("do not excuse the same actions on another resource: a mailer's send to another queue", () => {
    const { failures } = run({ mailer: [XRAY, send(queue("NewsletterMailQueue1DB40F7E"))] });
    expect(failures).toEqual([
      expect.stringMatching(
        /statement 2 of MailerABCD1234 \(mailer\), Allow sqs:SendMessage on \S+NewsletterMailQueue1DB40F7E, was used by no call of the run and is not declared unreached \(functions\/src\/registry\.ts\)/,
      ),
    ]);
  });

  it("do not excuse a statement with one resource more than they pin", () => {
    const { failures } = run({
      mailer: [XRAY, send(queue("MailQueue4F838B3A"), queue("NewsletterMailQueue1DB40F7E"))],
    });
    expect(failures).toHaveLength(1);
  });

  it("pin X-Ray's grant to Resource '*' exactly", () => {
    const { failures } = run({ mailer: [{ ...XRAY, Resource: queue("MailQueue4F838B3A") }] });
    expect(failures).toEqual([expect.stringMatching(/statement 1 of MailerABCD1234 .*xray/)]);
  });

  it("give a stream reader its on-failure queue, and no other function's", () => {
    const onFailure: Statement = {
      Effect: "Allow",
      Action: ["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"],
      Resource: queue("DispatcherDeadLetters0F711854"),
    };
    expect(run({ dispatcher: [XRAY, onFailure] }).failures).toEqual([]);
    expect(run({ orderReactions: [XRAY, onFailure] }).failures).toHaveLength(1);
  });

  it("excuse the site's grants from SST on its own assets bucket and distribution only", () => {
    const bucket = "arn:aws:s3:::production-web-sites3bucket43e5bb2f";
    const site: Statement[] = [
      XRAY,
      { Effect: "Allow", Action: ASSET_READ_WRITE, Resource: [bucket, `${bucket}/*`] },
      {
        Effect: "Deny",
        Action: ["s3:PutObject*", "s3:DeleteObject*", "s3:Abort*"],
        Resource: `${bucket}/*`,
      },
      {
        Effect: "Allow",
        Action: "cloudfront:CreateInvalidation",
        Resource: `arn:aws:cloudfront::${ACCOUNT}:distribution/SiteDistribution390DED28`,
      },
    ];
    expect(run({ site }, { checkList: true }).failures).toEqual([]);
    const invoices = "arn:aws:s3:::production-storage-invoices";
    const { failures } = run({
      site: [
        XRAY,
        { Effect: "Allow", Action: ASSET_READ_WRITE, Resource: [invoices, `${invoices}/*`] },
      ],
    });
    expect(failures).toEqual([
      expect.stringMatching(/statement 2 of SiteABCD1234 \(site\).*\(stacks\/site-role\.ts\)/),
    ]);
  });

  it("fail the run when one matches no statement of its role any more", () => {
    const stale: Declared = {
      role: "mailer",
      actions: ["sqs:SendMessage"],
      resources: [{ construct: "MailQueue" }],
      why: "a mail SES throttled",
    };
    expect(run({ mailer: [] }, { declared: [stale], checkList: true }).failures).toEqual([
      "IAM: the unreached statement Allow sqs:SendMessage on MailQueue of mailer (functions/src/registry.ts) matches no statement of its role any more: remove it",
    ]);
    // The registry's own: the mailer's role without its send to its queue leaves that one stale.
    const { failures } = run({ mailer: [XRAY] }, { checkList: true });
    expect(failures).toContain(
      "IAM: the unreached statement Allow sqs:SendMessage on MailQueue of mailer (functions/src/registry.ts) matches no statement of its role any more: remove it",
    );
  });
});
