// The edge part of a stage (DEPLOY_PART=edge, deployed in us-east-1 before the shop's stacks):
// the web ACL (AWS WAF) that CloudFront applies to the site's distribution, SST's www redirect
// and the images distribution. AWS keeps a CloudFront web ACL, its logs and its metrics in
// us-east-1, and SST v2 deploys every stack of an app in the app's one region, so this stack is
// its own deploy of the same app; it hands the web ACL's ARN to the shop's region in an SSM
// parameter (webAclParameterName), which the distributions read at deploy time
// (docs/decisions/019-web-firewall.md says why, and why each rule and number).
import { ArnFormat, Duration, RemovalPolicy } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import * as wafv2 from "aws-cdk-lib/aws-wafv2";
import * as cr from "aws-cdk-lib/custom-resources";
import type { StackContext } from "sst/constructs";
import { alarmOnAny, alertsTopic } from "./alarms.ts";
import { justify, justifyBasicExecution, SST_DEPLOY_TIME } from "./rule-packs.ts";
import { ACCESS_LOG_RETENTION_DAYS } from "./Storage.ts";
import {
  type DeploySettings,
  deploySettings,
  edgeAlertsTopicName,
  isProduction,
  isProductionLike,
  shopRegion,
  webAclParameterName,
} from "./stage.ts";

/**
 * Rate limits per client address (requests in RATE_WINDOW_SECONDS), set above the site's own
 * limits (core's sign-in and checkout counters answer a person first, with a page that says
 * what to do); these stop volume before it costs a Lambda invocation and a table write.
 */
export const RATE_WINDOW_SECONDS = 300;
export const RATE_LIMITS = {
  /** Every request to the site and the images: pages, data, assets, photos. */
  all: 3000,
  /** POSTs under /auth/: sign-in, forgotten password (/auth/sign-in), sign-up, reset, confirm. */
  accounts: 30,
  /** POSTs to /cart/checkout: the price quotes asked on every change, and "Confirm order". */
  checkout: 150,
} as const;

/**
 * The paths whose POSTs may carry a body over the core rule set's 8 KB, as regular expressions of
 * the path exactly as sent: no text transformation, so only the plain spelling of each (the one
 * the site's own forms post to, and its single-fetch `.data`) is let through, and no spelling the
 * site would read as another page (another case, percent-encoding, dot segments, doubled or
 * trailing slashes) ever is. The site reads each with its own limit (web/app/lib/form.server.ts)
 * and answers 413 past it.
 */
export const LARGE_BODY_PATHS = [
  // The product form, URL-encoded (its photos go straight to S3, docs/decisions/031-direct-photo-uploads.md;
  // a long description and ten alt texts can pass 8 KB): /admin/products/new, /<id>
  // (letters, digits and dashes: PRODUCT_ID_PATTERN of core/src/catalog/ids.ts; its length is the
  // route's to check, AWS WAF's regular expressions take no large quantifiers).
  "/admin/products/[0-9A-Za-z-]+",
  // The newsletter form, a message of up to 50,000 characters (LONG_FORM_MAX_BYTES).
  "/admin/newsletter",
  // The checkout: the cart's lines as text (up to 100 lines, 20,000 characters), URL-encoded.
  "/cart/checkout",
  // A contact message of up to 5,000 characters: past 8 KB once URL-encoded in a non-Latin script.
  "/customer-service/contact",
] as const;

/** One regular expression (AWS WAF's syntax) for a path of LARGE_BODY_PATHS, or its `.data`. */
export const LARGE_BODY_PATH_REGEX = `^(?:${LARGE_BODY_PATHS.join("|")})(?:\\.data)?$`;

/**
 * How the site reads a path (docs/decisions/019-web-firewall.md, "Paths as the site reads them"):
 * percent-decoded, backslashes as slashes, doubled slashes and dot segments resolved, and
 * matched without regard to case (Remix's routes). AWS WAF applies them from the lowest
 * priority up: decoded first, so that `%61` is `a` before the path is normalised.
 */
export const AS_THE_SITE_READS = [
  { priority: 0, type: "URL_DECODE" },
  { priority: 1, type: "NORMALIZE_PATH_WIN" },
  { priority: 2, type: "LOWERCASE" },
] as const;

/**
 * What no text transformation can read as the site does, refused (NonCanonicalPath), as one
 * regular expression on the path as sent: an encoded dot, slash or backslash (`%2e`, `%2f`,
 * `%5c`, either case: the site's URL parser takes `%2e` segments as dot segments but `%2f` as no
 * separator, while URL_DECODE makes both plain), a backslash, and a dot segment (`/./`, `/../`,
 * or a path ending in `/.` or `/..`: the site resolves them before any doubled slash is merged,
 * NORMALIZE_PATH after). Browsers resolve dot segments, send a backslash as a slash and encode
 * none of these characters in a path, so no shopper sends them.
 */
export const NON_CANONICAL_PATH_REGEX = "%2[eEfF]|%5[cC]|\\\\|/\\.\\.?(?:/|$)";

/** The label AWS's core rule set gives a request whose body is over 8 KB. */
export const BODY_OVER_8KB_LABEL = "awswaf:managed:aws:core-rule-set:SizeRestrictions_Body";

/** Blocked requests in 5 minutes that raise the alarm on a production-like stage. */
export const BLOCKED_REQUESTS_ALARM = 1000;

type Statement = wafv2.CfnWebACL.StatementProperty;
const text = [{ priority: 0, type: "NONE" }];
/** A path, read as the site reads it, that has `path` anywhere in it. */
const pathContains = (path: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: "CONTAINS",
    searchString: path,
    textTransformations: [...AS_THE_SITE_READS],
  },
});
const nonCanonicalPath: Statement = {
  regexMatchStatement: {
    fieldToMatch: { uriPath: {} },
    regexString: NON_CANONICAL_PATH_REGEX,
    textTransformations: text,
  },
};
const largeBodyPath: Statement = {
  regexMatchStatement: {
    fieldToMatch: { uriPath: {} },
    regexString: LARGE_BODY_PATH_REGEX,
    textTransformations: text,
  },
};
const isPost: Statement = {
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: "EXACTLY",
    searchString: "POST",
    textTransformations: text,
  },
};
const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** The web ACL's rules, in order; in `count` mode every one only counts. */
export function firewallRules(mode: DeploySettings["wafMode"]): wafv2.CfnWebACL.RuleProperty[] {
  const action = mode === "count" ? { count: {} } : { block: {} };
  const overrideAction = mode === "count" ? { count: {} } : { none: {} };
  const managed = (name: string, overrides?: string[]) => ({
    name: `AWS-${name}`,
    overrideAction,
    statement: {
      managedRuleGroupStatement: {
        vendorName: "AWS",
        name,
        ...(overrides
          ? { ruleActionOverrides: overrides.map((n) => ({ name: n, actionToUse: { count: {} } })) }
          : {}),
      },
    },
  });
  const rate = (name: string, limit: number, scopeDown?: Statement) => ({
    name,
    action,
    statement: {
      rateBasedStatement: {
        limit,
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        aggregateKeyType: "IP",
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
  });
  // Anywhere in the path as the site reads it: a path the site reads from further in (a
  // leading back-reference, which NORMALIZE_PATH keeps) is counted too.
  const posts = (path: string): Statement => ({
    andStatement: { statements: [isPost, pathContains(path)] },
  });
  const rules = [
    managed("AWSManagedRulesAmazonIpReputationList"),
    rate("RatePerAddress", RATE_LIMITS.all),
    rate("AccountPostsPerAddress", RATE_LIMITS.accounts, posts("/auth/")),
    rate("CheckoutPostsPerAddress", RATE_LIMITS.checkout, posts("/cart/checkout")),
    // A path the rate rules above could read otherwise than the site (NON_CANONICAL_PATH_REGEX),
    // refused before it reaches the site.
    { name: "NonCanonicalPath", action, statement: nonCanonicalPath },
    managed("AWSManagedRulesKnownBadInputsRuleSet"),
    // Its 8 KB body rule only labels; the next rule blocks with that label outside the large forms.
    managed("AWSManagedRulesCommonRuleSet", ["SizeRestrictions_BODY"]),
    {
      name: "BodyOver8KbOutsideLargeForms",
      action,
      statement: {
        andStatement: {
          statements: [
            { labelMatchStatement: { scope: "LABEL", key: BODY_OVER_8KB_LABEL } },
            { notStatement: { statement: largeBodyPath } },
          ],
        },
      },
    },
  ];
  return rules.map((rule, priority) => ({
    ...rule,
    priority,
    visibilityConfig: visibility(rule.name),
  }));
}

export function Firewall({ stack, app }: StackContext) {
  const settings = deploySettings(app);
  const productionLike = isProductionLike(app, settings);
  const name = `${app.name}-${app.stage}`;
  const webAcl = new wafv2.CfnWebACL(stack, "WebAcl", {
    name,
    description: `The web firewall of the ${app.stage} stage's distributions (stacks/Firewall.ts)`,
    scope: "CLOUDFRONT",
    defaultAction: { allow: {} },
    visibilityConfig: visibility(name),
    rules: firewallRules(settings.wafMode),
  });

  // An alarm must notify a topic of its own region: the stage's alerts, here in us-east-1 (the
  // blocked requests below; CloudFront's 5xx rate, whose alarm the shop's part makes here:
  // stacks/dashboard.ts). Named, so that the shop's part can name it.
  // TLS only; CloudWatch's alarms of us-east-1 may publish; ALERT_EMAIL subscribed.
  const alerts = alertsTopic(stack, "EdgeAlerts", {
    topicName: edgeAlertsTopicName(app),
    alertEmail: settings.alertEmail,
  });

  if (productionLike) {
    // WAF writes to a log group whose name starts with aws-waf-logs-, in the web ACL's region.
    const logGroupName = `aws-waf-logs-${name}`;
    const production = isProduction(app);
    new logs.LogGroup(stack, "WafLogs", {
      logGroupName,
      retention: ACCESS_LOG_RETENTION_DAYS as logs.RetentionDays,
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const logging = new wafv2.CfnLoggingConfiguration(stack, "WafLogging", {
      resourceArn: webAcl.attrArn,
      logDestinationConfigs: [
        stack.formatArn({
          service: "logs",
          resource: "log-group",
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      // The stage's access log of its site (docs/decisions/032-no-secrets-in-logs.md), so nothing
      // secret is written to it: not the query string (reset, confirmation and unsubscribe
      // tokens), nor the Referer, which carries the previous page's query string on the site's
      // own links, nor the session cookie or an Authorization header.
      redactedFields: [
        { queryString: {} },
        { singleHeader: { Name: "referer" } },
        { singleHeader: { Name: "cookie" } },
        { singleHeader: { Name: "authorization" } },
      ],
    });
    logging.node.addDependency(stack.node.findChild("WafLogs"));

    alarmOnAny(
      stack,
      "BlockedRequestsAlarm",
      new cloudwatch.Metric({
        namespace: "AWS/WAFV2",
        metricName: settings.wafMode === "count" ? "CountedRequests" : "BlockedRequests",
        dimensionsMap: { WebACL: name, Rule: "ALL" },
        statistic: "Sum",
        period: Duration.minutes(5),
      }),
      alerts,
      BLOCKED_REQUESTS_ALARM,
    );
  }

  // The web ACL's ARN, handed to the shop's region (the distributions read it at deploy time).
  const parameterName = webAclParameterName(app);
  const region = shopRegion();
  const handOver = new cr.AwsCustomResource(stack, "WebAclArnForTheShop", {
    onUpdate: {
      service: "SSM",
      action: "putParameter",
      region,
      parameters: { Name: parameterName, Value: webAcl.attrArn, Type: "String", Overwrite: true },
      physicalResourceId: cr.PhysicalResourceId.of(parameterName),
    },
    onDelete: {
      service: "SSM",
      action: "deleteParameter",
      region,
      parameters: { Name: parameterName },
    },
    policy: cr.AwsCustomResourcePolicy.fromStatements([
      new iam.PolicyStatement({
        actions: ["ssm:PutParameter", "ssm:DeleteParameter"],
        resources: [
          stack.formatArn({
            service: "ssm",
            region,
            resource: "parameter",
            resourceName: parameterName.slice(1),
          }),
        ],
      }),
    ]),
    installLatestAwsSdk: false,
  });
  justifyHandOver(stack);

  stack.addOutputs({ WebAclArn: webAcl.attrArn, WebAclParameter: parameterName });
  return { webAcl, handOver };
}

/** CDK's function behind every AwsCustomResource of a stack (one per stack). */
const AWS_CUSTOM_RESOURCE_ID = "AWS679f53fac002430cb0da5b7982bd2287";

function justifyHandOver(stack: StackContext["stack"]) {
  const fn = stack.node.tryFindChild(AWS_CUSTOM_RESOURCE_ID);
  const what = `CDK's AwsCustomResource function writes the web ACL's ARN to one SSM parameter of the shop's region; it ${SST_DEPLOY_TIME}`;
  justify(
    fn,
    [
      "AwsSolutions-L1",
      "Serverless-LambdaLatestVersion",
      "Serverless-LambdaDefaultMemorySize",
      "Serverless-LambdaTracing",
    ],
    `${what}; its runtime and memory are aws-cdk-lib 2.224's own, and a trace would follow a deploy, which CloudFormation's events already record`,
  );
  justify(
    fn,
    "Serverless-LambdaDLQ",
    `${what}: CloudFormation waits for its answer, and a failure fails and rolls back the deploy, so nothing is lost for a dead-letter queue to keep`,
  );
  justifyBasicExecution(fn, "CDK's AwsCustomResource function");
}
