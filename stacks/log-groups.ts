// Every function's logs kept as long as an incident needs (docs/architecture.md §14): each Lambda
// function of a stack (the registry's, the site's, and SST's and CDK's deploy-time helpers) writes
// to a log group of its own in that stack (the function's LoggingConfig), with a retention, which
// CloudFormation creates before the function and deletes with the stage, except in production,
// where it is retained like the table. Without one, Lambda creates /aws/lambda/<name> on first
// use, kept for ever and left behind by `sst remove`; SST v2 gives the site's a 3-day retention
// through CDK's log-retention custom resource (a function of its own, run at deploy time), too
// short to look back on an incident: it is replaced here by the site's own log group.
import { CfnResource, RemovalPolicy, type Stack } from "aws-cdk-lib";
import * as logs from "aws-cdk-lib/aws-logs";
import type { IConstruct } from "constructs";

/**
 * How long a function's log lines are kept. Production: 6 months, longer than a card dispute
 * takes to arrive (a chargeback comes up to 120 days after the payment; its order's lines tell
 * what happened) and than a customer's late complaint, while the lines that name customers' orders
 * are not kept longer than that needs. Other stages: 2 weeks, enough to read a failed rehearsal
 * or test of the stage again.
 */
export const FUNCTION_LOG_RETENTION = {
  production: logs.RetentionDays.SIX_MONTHS,
  other: logs.RetentionDays.TWO_WEEKS,
} as const;

/** The id CDK gives the one log-retention function of a stack (aws-cdk-lib's LogRetention). */
export const LOG_RETENTION_ID = "LogRetentionaae0aa3c5b4d4f87b02d85b201efdd8a";

const isFunction = (c: IConstruct): c is CfnResource =>
  CfnResource.isCfnResource(c) && c.cfnResourceType === "AWS::Lambda::Function";

/**
 * Gives every function of `stack` its log group (see the header); answers how many it gave. Run
 * once a stack is defined (stacks/all.ts): a function added later would have none, which the
 * infrastructure tests catch (stacks/incidents.infra.test.ts).
 */
export function keepFunctionLogs(stack: Stack, production: boolean): number {
  // CDK's log-retention custom resources (SST's on the site) and their function go: the
  // functions' own log groups replace what they set.
  for (const c of stack.node.findAll()) {
    if (c instanceof logs.LogRetention) c.node.scope?.node.tryRemoveChild(c.node.id);
  }
  stack.node.tryRemoveChild(LOG_RETENTION_ID);
  let given = 0;
  for (const fn of stack.node.findAll().filter(isFunction)) {
    const scope = fn.node.scope;
    if (!scope) continue;
    const group = new logs.LogGroup(scope, "Logs", {
      retention: production ? FUNCTION_LOG_RETENTION.production : FUNCTION_LOG_RETENTION.other,
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    fn.addPropertyOverride("LoggingConfig.LogGroup", group.logGroupName);
    given += 1;
  }
  return given;
}
