// AWS's own rule packs (cdk-nag): AwsSolutionsChecks (the Well-Architected rules) and
// ServerlessChecks (awslabs' Serverless Rules), applied as aspects to a whole app before its one
// synthesis (SST's aspects refuse a second one). What they find is collected here, in a form a
// reviewer can act on; docs/decisions/006-aws-rule-packs.md says how findings are fixed or
// justified.
import { Aspects, type CfnResource, Stack } from "aws-cdk-lib";
import {
  AwsSolutionsChecks,
  type INagLogger,
  type NagLoggerNonComplianceData,
  type NagLoggerSuppressedData,
  NagMessageLevel,
  NagSuppressions,
  ServerlessChecks,
} from "cdk-nag";
import type { IConstruct } from "constructs";
import type { Stack as SstStack } from "sst/constructs";

export interface Finding {
  /** The rule, e.g. "AwsSolutions-CFR4" (with its finding id when the rule has several). */
  rule: string;
  level: "error" | "warning";
  /** The construct path, e.g. "production-threadline-Web/Site/Distribution/CFDistribution". */
  path: string;
  /** Why the rule fired. */
  info: string;
}
export interface Suppressed extends Omit<Finding, "info"> {
  reason: string;
}

const ruleName = (d: NagLoggerNonComplianceData) =>
  d.findingId && d.findingId !== d.ruleId ? `${d.ruleId}[${d.findingId}]` : d.ruleId;
const where = (resource: CfnResource) => resource.node.path;
const levelOf = (d: NagLoggerNonComplianceData): Finding["level"] =>
  d.ruleLevel === NagMessageLevel.ERROR ? "error" : "warning";

/** Applies both packs to `scope` (an app); the findings fill in as the app synthesizes. */
export function applyRulePacks(scope: IConstruct) {
  const findings: Finding[] = [];
  const suppressed: Suppressed[] = [];
  const errors: string[] = [];
  const collector: INagLogger = {
    onCompliance: () => {},
    onNotApplicable: () => {},
    onNonCompliance: (d) =>
      findings.push({
        rule: ruleName(d),
        level: levelOf(d),
        path: where(d.resource),
        info: d.ruleInfo,
      }),
    onSuppressed: (d: NagLoggerSuppressedData) =>
      suppressed.push({
        rule: ruleName(d),
        level: levelOf(d),
        path: where(d.resource),
        reason: d.suppressionReason,
      }),
    onError: (d) => errors.push(`${d.ruleId} on ${where(d.resource)}: ${d.errorMessage}`),
    onSuppressedError: () => {},
  };
  const props = { reports: false, additionalLoggers: [collector] };
  Aspects.of(scope).add(new AwsSolutionsChecks(props));
  Aspects.of(scope).add(new ServerlessChecks(props));
  return { findings, suppressed, errors };
}

/** One line per finding, grouped by rule: what a reviewer reads. */
export function formatFindings(findings: readonly Finding[]): string {
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  return [...byRule.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([rule, fs]) =>
        `${rule} (${fs[0]?.level}, ${fs.length}): ${fs[0]?.info}\n${fs.map((f) => `    ${f.path}`).join("\n")}`,
    )
    .join("\n");
}

/**
 * Accepts a finding on one construct and what it contains (never a whole stack), with the
 * evidence. A rule is written as the findings print it: "AwsSolutions-IAM5[Resource::*]" accepts
 * only that wildcard, "AwsSolutions-IAM5" any of the rule's findings there.
 */
export function justify(
  construct: IConstruct | undefined,
  rules: string | readonly string[],
  reason: string,
) {
  if (!construct) throw new Error(`no construct to justify ${rules} on`);
  if (Stack.isStack(construct)) throw new Error(`${rules}: justify a resource, not a stack`);
  const list = justified.get(construct.node.root) ?? [];
  justified.set(construct.node.root, list);
  const suppressions = ([] as string[]).concat(rules).map((rule) => {
    list.push({ rule, path: construct.node.path, reason });
    const [, id = rule, finding] = /^([^[]+)\[(.+)\]$/.exec(rule) ?? [];
    return { id, reason, ...(finding ? { appliesTo: [finding] } : {}) };
  });
  NagSuppressions.addResourceSuppressions(construct, suppressions, true);
}

export interface Justification {
  rule: string;
  /** The construct it was given to (it covers what that construct contains). */
  path: string;
  reason: string;
}
const justified = new WeakMap<IConstruct, Justification[]>();

/** Every finding accepted in `app` with justify(), as written. */
export const justificationsIn = (app: IConstruct): readonly Justification[] =>
  justified.get(app.node.root) ?? [];

/** Whether a finding accepted by the rule packs is the one a justification names. */
export const answers = (j: Justification, s: Suppressed) =>
  (s.path === j.path || s.path.startsWith(`${j.path}/`)) &&
  (s.rule === j.rule || s.rule.startsWith(`${j.rule}[`));

const LOG_POLICY =
  "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]";

/**
 * What AWS's AWSLambdaBasicExecutionRole really allows (`who` uses it): writing logs, on every
 * log group of the account, not only the function's own.
 */
const basicExecution = (who: string) =>
  `AWS's managed policy AWSLambdaBasicExecutionRole on ${who}: logs:CreateLogGroup, CreateLogStream and PutLogEvents on Resource "*", so it could create or write to any log group of the account, not only its own (Lambda writes to /aws/lambda/<function>); it reads and deletes no log. A role per function limited to its own log group is the stricter alternative, not taken: the shop's own code writes logs only through Lambda's runtime`;

/**
 * What every function of the shop answers the same way: AWS's managed policy for its own logs,
 * the actions AWS authorizes only on "*", and, for a function invoked synchronously (`invoked`
 * says how), why it has no dead-letter queue: failures come back to the caller, which retries.
 */
export function justifyFunction(fn: IConstruct | undefined, invoked?: string) {
  justify(fn, LOG_POLICY, basicExecution("a function of the shop"));
  justify(
    fn,
    "AwsSolutions-IAM5[Resource::*]",
    'only for actions AWS authorizes on "*" alone: X-Ray\'s PutTraceSegments and PutTelemetryRecords (active tracing) and, for a stream reader, dynamodb:ListStreams; stacks.infra.test.ts refuses "*" for any other action',
  );
  if (invoked) {
    justify(
      fn,
      "Serverless-LambdaDLQ",
      `${invoked}: a failure goes back to the caller, so a dead-letter queue (for asynchronous invocations only) would never receive anything`,
    );
  }
}

/** AWS's basic execution policy on a deploy-time function of a library (`who`). */
export const justifyBasicExecution = (fn: IConstruct | undefined, who: string) =>
  justify(fn, LOG_POLICY, basicExecution(who));

/**
 * SST v2's certificate requestor (a copy of CDK's DnsValidatedCertificate), as SST's RemixSite
 * uses it for the site and its www redirect, and the images distribution for images.<domain>.
 */
export function justifyCertificateRequestor(certificate: IConstruct | undefined) {
  const requestor = certificate?.node.tryFindChild("CertificateRequestorFunction");
  justify(
    requestor,
    [
      "AwsSolutions-L1",
      "Serverless-LambdaLatestVersion",
      "Serverless-LambdaDefaultMemorySize",
      "Serverless-LambdaTracing",
      "Serverless-LambdaDLQ",
    ],
    `SST v2's certificate requestor (a copy of CDK's DnsValidatedCertificate; sst 2.49.8 fixes its runtime at nodejs22.x, supported until April 2027, and its memory) asks ACM in us-east-1 for CloudFront's certificate; it ${SST_DEPLOY_TIME}, and CloudFormation waits for its answer`,
  );
  justify(requestor, LOG_POLICY, basicExecution("the certificate requestor"));
  justify(
    requestor,
    "AwsSolutions-IAM5[Resource::*]",
    "acm:RequestCertificate, DescribeCertificate and DeleteCertificate act on a certificate that does not exist until this function requests it, and route53:GetChange on a change it has just made; record changes stay limited to the domain's hosted zone",
  );
}

/**
 * The AwsSolutions-IAM5 findings on a policy's wildcard resources, named as cdk-nag names them
 * ("Resource::arn:<AWS::Partition>:s3:::bucket/*", "Resource::<Bucket.Arn>/*"): each justified
 * on its own, never the whole rule.
 */
function wildcardFindingsOf(policy: IConstruct | undefined): string[] {
  if (!policy) return [];
  const render = (value: unknown): string => {
    if (typeof value === "string") return value;
    const v = value as Record<string, unknown>;
    if (Array.isArray(v["Fn::Join"])) {
      const [separator, parts] = v["Fn::Join"] as [string, unknown[]];
      return parts.map(render).join(separator);
    }
    if (typeof v.Ref === "string") return `<${v.Ref}>`;
    if (Array.isArray(v["Fn::GetAtt"])) return `<${(v["Fn::GetAtt"] as string[]).join(".")}>`;
    return JSON.stringify(value);
  };
  const document = Stack.of(policy).resolve(
    (policy as unknown as { document: { toJSON(): unknown } }).document.toJSON(),
  ) as { Statement: Array<{ Resource: unknown }> };
  return document.Statement.flatMap((s) => ([] as unknown[]).concat(s.Resource))
    .map(render)
    .filter((resource) => resource.includes("*"))
    .map((resource) => `AwsSolutions-IAM5[Resource::${resource}]`);
}

export const SST_DEPLOY_TIME =
  "runs only while CloudFormation deploys the stack, never on a shopper's request";

/**
 * The functions SST v2 (sst 2.49.8) and CDK add to a stack for its deployment: SST's custom
 * resource handler (it uploads the site's assets, fills in the server's settings, writes bound
 * secrets' parameters). Its code, runtime and policies are the library's own. (CDK's log-retention
 * function, which SST adds for the site, is replaced by the functions' log groups:
 * stacks/log-groups.ts.)
 */
export function justifySstDeployHandlers(stack: SstStack) {
  const handler = stack.customResourceHandler;
  justify(
    handler,
    ["AwsSolutions-L1", "Serverless-LambdaLatestVersion"],
    `SST v2's custom resource handler, whose runtime sst 2.49.8 fixes at nodejs22.x (supported until April 2027); it ${SST_DEPLOY_TIME}`,
  );
  justify(
    handler,
    "Serverless-LambdaTracing",
    `SST v2's custom resource handler ${SST_DEPLOY_TIME}: a trace would follow a deploy, which CloudFormation's events already record step by step`,
  );
  justify(
    handler,
    "Serverless-LambdaDLQ",
    `SST v2's custom resource handler is invoked by CloudFormation, which waits for its answer: a failure fails and rolls back the deploy, so nothing is lost for a dead-letter queue to keep`,
  );
  justify(handler, LOG_POLICY, basicExecution("SST's custom resource handler"));
  const site = stack.node.tryFindChild("Site");
  if (site) {
    const uploader = site.node.tryFindChild("S3AssetUploaderPolicy");
    justify(
      uploader,
      wildcardFindingsOf(uploader),
      `SST v2's asset uploader (attached to its custom resource handler) copies the site's built assets from CDK's asset bucket into the site's assets bucket, object by object, under names the build chooses; it ${SST_DEPLOY_TIME}`,
    );
    const replacer = site.node
      .tryFindChild("ServerFunction")
      ?.node.tryFindChild("AssetReplacerPolicy");
    justify(
      replacer,
      wildcardFindingsOf(replacer),
      `SST v2's code replacer (attached to its custom resource handler) rewrites the server bundle's settings placeholders in CDK's asset bucket, whose object key is the bundle's hash; it ${SST_DEPLOY_TIME}`,
    );
  }
}
