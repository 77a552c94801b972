// "Only through the edge": a `staging` stage on a domain of its own, synthesized as both its
// deploys build it (docs/decisions/019-web-firewall.md). Its edge part (DEPLOY_PART=edge, in
// us-east-1) holds the web ACL with AWS's managed rules and the rate rules, its logs and the
// blocked-requests alarm, and hands the ACL's ARN to the shop's region; the shop's storage
// attaches it to the images distribution, served from images.<domain> with TLS 1.2, and keeps
// access logs: a stage with a domain is production-like whatever it is called.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgnosticRouteObject } from "@remix-run/router";
import { matchRoutes } from "@remix-run/router";
import type { Template } from "aws-cdk-lib/assertions";
import type { App } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { requestOf } from "../web/server/lambda-handler.ts";
import { expectRulePacksPass } from "./expect-rule-packs.ts";
import {
  BODY_OVER_8KB_LABEL,
  Firewall,
  firewallRules,
  LARGE_BODY_PATH_REGEX,
  NON_CANONICAL_PATH_REGEX,
  RATE_LIMITS,
} from "./Firewall.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import {
  deploySettings,
  EDGE_REGION,
  edgeAlertsTopicName,
  isProductionLike,
  webAclParameterName,
} from "./stage.ts";
import { synthesize } from "./synth.ts";
import { type Fate, fate, normalizePath, type WafRule } from "./waf.test-support.ts";

const STAGE = "staging";
const DOMAIN = "staging.shop.example.com";
const ALERT_EMAIL = "ops@example.com";
type Resources = ReturnType<Template["findResources"]>;
let edge: Awaited<ReturnType<typeof synthesize>>;
let firewall: Template;
let storage: Template;
beforeAll(async () => {
  Object.assign(process.env, { DOMAIN, APP_URL: `https://${DOMAIN}`, ALERT_EMAIL });
  // What a staging deploy must name (STABLE_STAGE_SETTINGS in stacks/stage.ts).
  Object.assign(process.env, { SHOP_TIME_ZONE: "UTC", SUPPORT_EMAIL: ALERT_EMAIL });
  for (const name of ["PAYMENTS", "WAF_MODE"]) delete process.env[name];
  edge = await synthesize(STAGE, undefined, { rulePacks: true, part: "edge" });
  firewall = edge.template(Firewall);
  const shop = await synthesize(STAGE, [Secrets, Storage], { part: "shop" });
  storage = shop.template(Storage);
}, 180_000);

const json = (value: unknown) => JSON.stringify(value) ?? "";
const one = (t: Template, type: string) => {
  const found: Resources = t.findResources(type);
  expect(Object.keys(found), type).toHaveLength(1);
  return Object.entries(found)[0] as [string, { Properties: Record<string, unknown> }];
};

describe("the edge part of a stage (stacks/Firewall.ts)", () => {
  it("is deployed in us-east-1, where CloudFront's web ACLs live", () => {
    expect(edge.app.region).toBe(EDGE_REGION);
  });

  it("holds one web ACL for CloudFront with AWS's three managed rule groups and the rate rules", () => {
    const [, acl] = one(firewall, "AWS::WAFv2::WebACL");
    expect(acl.Properties.Scope).toBe("CLOUDFRONT");
    const rules = acl.Properties.Rules as unknown as Array<{
      Name: string;
      Statement: Record<string, Record<string, unknown>>;
      Action?: unknown;
      OverrideAction?: unknown;
    }>;
    const groups = rules.flatMap((r) =>
      r.Statement.ManagedRuleGroupStatement ? [r.Statement.ManagedRuleGroupStatement.Name] : [],
    );
    expect(groups.sort()).toEqual([
      "AWSManagedRulesAmazonIpReputationList",
      "AWSManagedRulesCommonRuleSet",
      "AWSManagedRulesKnownBadInputsRuleSet",
    ]);
    const rates = rules.flatMap((r) =>
      r.Statement.RateBasedStatement ? [r.Statement.RateBasedStatement] : [],
    );
    expect(rates.map((r) => r.Limit)).toEqual([
      RATE_LIMITS.all,
      RATE_LIMITS.accounts,
      RATE_LIMITS.checkout,
    ]);
    for (const rate of rates) expect(rate.AggregateKeyType).toBe("IP");
    // The tighter ones count POSTs to sign-in, forgotten password, sign-up and reset, and to the checkout.
    expect(json(rates[1]?.ScopeDownStatement)).toContain('"/auth/"');
    expect(json(rates[1]?.ScopeDownStatement)).toContain('"URL_DECODE"');
    expect(json(rates[2]?.ScopeDownStatement)).toContain('"/cart/checkout"');
    expect(json(rates[1]?.ScopeDownStatement)).toContain('"POST"');
    // Blocking, not counting, without WAF_MODE.
    for (const rule of rules) {
      expect(json(rule.Action ?? rule.OverrideAction), rule.Name).toMatch(/Block|None/);
    }
  });

  it("lets the admin's product photos, the newsletter, the checkout and contact through the 8 KB body rule, and no other path", () => {
    const rules = firewallRules("block");
    const core = rules.find((r) => r.name === "AWS-AWSManagedRulesCommonRuleSet");
    expect(json(core?.statement)).toContain(
      '"name":"SizeRestrictions_BODY","actionToUse":{"count"',
    );
    const body = rules.find((r) => r.name === "BodyOver8KbOutsideLargeForms");
    expect(body?.action).toEqual({ block: {} });
    expect(body?.priority).toBeGreaterThan(core?.priority ?? Number.POSITIVE_INFINITY);
    expect(json(body?.statement)).toContain(BODY_OVER_8KB_LABEL);
    expect(LARGE_BODY_PATH_REGEX).toBe(
      "^(?:/admin/products/[0-9A-Za-z-]+|/admin/newsletter|/cart/checkout|/customer-service/contact)(?:\\.data)?$",
    );
    // What AWS WAF's regular expressions refuse: capturing groups, large quantifiers.
    for (const regex of [LARGE_BODY_PATH_REGEX, NON_CANONICAL_PATH_REGEX]) {
      expect(regex).not.toMatch(/\((?!\?:)|\{\d/);
    }
  });

  it("with WAF_MODE=count, every rule only counts (a first deploy)", () => {
    const app = { stage: STAGE } as App;
    const named = { SHOP_TIME_ZONE: "UTC", SUPPORT_EMAIL: ALERT_EMAIL };
    expect(deploySettings(app, { DOMAIN, WAF_MODE: "count", ALERT_EMAIL, ...named }).wafMode).toBe(
      "count",
    );
    expect(() => deploySettings(app, { DOMAIN, WAF_MODE: "log", ALERT_EMAIL })).toThrow(
      /WAF_MODE: "log"/,
    );
    const rules = firewallRules("count");
    expect(rules.length).toBe(8);
    for (const rule of rules) {
      expect(rule.action ?? rule.overrideAction, rule.name).toEqual({ count: {} });
    }
  });

  it("logs to aws-waf-logs-… for 90 days without query strings, referers, cookies or authorization, and alarms on a spike of blocked requests", () => {
    // (The stack's other log groups are its functions': stacks/log-groups.ts.)
    const [group] = Object.values(firewall.findResources("AWS::Logs::LogGroup")).filter(
      (g) => g.Properties.LogGroupName === `aws-waf-logs-threadline-${STAGE}`,
    );
    expect(group?.Properties.RetentionInDays).toBe(90);
    const [, logging] = one(firewall, "AWS::WAFv2::LoggingConfiguration");
    expect(json(logging.Properties.LogDestinationConfigs)).toContain(
      `log-group:aws-waf-logs-threadline-${STAGE}`,
    );
    // The site's access log (docs/decisions/032-no-secrets-in-logs.md): no token of a mailed
    // link's query string, nor of a Referer naming such a page, nor a session.
    expect(logging.Properties.RedactedFields).toEqual(
      expect.arrayContaining([
        { QueryString: {} },
        { SingleHeader: { Name: "referer" } },
        { SingleHeader: { Name: "cookie" } },
        { SingleHeader: { Name: "authorization" } },
      ]),
    );
    // Every request is logged: no filter drops some of them.
    expect(logging.Properties.LoggingFilter).toBeUndefined();
    const [, alarm] = one(firewall, "AWS::CloudWatch::Alarm");
    expect(alarm.Properties.MetricName).toBe("BlockedRequests");
    expect(alarm.Properties.Namespace).toBe("AWS/WAFV2");
    expect(json(alarm.Properties.AlarmActions)).toContain("EdgeAlerts");
    // Named, so that the shop's part can point its CloudFront 5xx alarm at it (stacks/dashboard.ts).
    const [, topic] = one(firewall, "AWS::SNS::Topic");
    expect(topic.Properties.TopicName).toBe(
      edgeAlertsTopicName({ name: "threadline", stage: STAGE }),
    );
  });

  it("hands the web ACL's ARN to the shop's region, under the name the distributions read", () => {
    const [, handOver] = one(firewall, "Custom::AWS");
    const create = json(handOver.Properties.Create);
    expect(create).toContain(webAclParameterName({ name: "threadline", stage: STAGE }));
    expect(create).toContain("eu-west-1");
    expect(create).toContain('{"Fn::GetAtt":["WebAcl","Arn"]}');
  });

  it("passes AWS's rule packs", () => {
    expectRulePacksPass(edge);
  });
});

describe("a staging stage with a domain (the shop's part)", () => {
  it("is production-like: the images distribution and the buckets keep access logs", () => {
    expect(isProductionLike({ stage: STAGE } as App, { domain: DOMAIN, payments: "test" })).toBe(
      true,
    );
    expect(isProductionLike({ stage: STAGE } as App, { payments: "test" })).toBe(false);
    expect(isProductionLike({ stage: STAGE } as App, { payments: "stripe" })).toBe(true);
    const buckets = storage.findResources("AWS::S3::Bucket");
    const logsId = Object.keys(buckets).find((id) => id.startsWith("AccessLogs"));
    expect(logsId).toBeDefined();
    const [, cdn] = one(storage, "AWS::CloudFront::Distribution");
    expect(json(cdn.Properties.DistributionConfig)).toContain(`"${logsId}"`);
  });

  it("serves the images from images.<domain> with TLS 1.2, an alias record, and the stage's web ACL", () => {
    const [, cdn] = one(storage, "AWS::CloudFront::Distribution");
    const config = cdn.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.Aliases).toEqual([`images.${DOMAIN}`]);
    expect(json(config.ViewerCertificate)).toContain('"MinimumProtocolVersion":"TLSv1.2_2021"');
    expect(config.WebACLId).toBe(
      `{{resolve:ssm:${webAclParameterName({ name: "threadline", stage: STAGE })}}}`,
    );
    const records = Object.values(storage.findResources("AWS::Route53::RecordSet"));
    expect(records.map((r) => r.Properties.Name).sort()).toEqual([
      `images.${DOMAIN}.`,
      `images.${DOMAIN}.`,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Paths as the site reads them (docs/decisions/019-web-firewall.md). The web ACL's own rules, as
// synthesized, are evaluated offline (./waf.test-support.ts: AWS WAF's byte and regex matches
// and text transformations as AWS documents them) against spellings of each path a rule names.
// The site's reading of the same spelling is its own: the URL its Lambda handler builds
// (web/server/lambda-handler.ts), Remix's single-fetch `.data` suffix, and web/app/routes matched
// by the router the server runs (case-insensitive, percent-decoded, trailing slashes ignored).

const ROUTES_DIR = fileURLToPath(new URL("../web/app", import.meta.url));
const PUBLIC_DIR = fileURLToPath(new URL("../web/public", import.meta.url));
let SITE_ROUTES: AgnosticRouteObject[] = [];
let RULES: WafRule[] = [];

/** The site's route tree, as the Remix build makes it from web/app/routes (flat routes). */
async function siteRoutes(): Promise<AgnosticRouteObject[]> {
  const { flatRoutes } = await import("@remix-run/dev/dist/config/flat-routes.js");
  const manifest = flatRoutes(ROUTES_DIR);
  const children = (parentId: string): AgnosticRouteObject[] =>
    Object.values(manifest)
      .filter((route) => (route.parentId ?? "root") === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: children(route.id),
            },
      );
  return [{ id: "root", path: "", children: children("root") }];
}

/** The site's route for a request to this path as sent (a route file's id). */
function siteRoute(path: string): string {
  const request = requestOf({
    rawPath: path,
    rawQueryString: "",
    headers: { host: "shop.example.com" },
    isBase64Encoded: false,
    requestContext: { http: { method: "POST" } },
  });
  // @remix-run/server-runtime (v3_singleFetch): `<path>.data` is the path's data, `/_root.data` the root's.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return matchRoutes(SITE_ROUTES, pathname)?.at(-1)?.route.id ?? "none";
}

const post = (path: string, labels: string[] = []): Fate =>
  fate(RULES, { method: "POST", path, labels });

const enc = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
const eachSegment = (path: string, f: (segment: string, i: number) => string) =>
  path
    .split("/")
    .map((segment, i) => (i === 0 ? segment : f(segment, i)))
    .join("/");

/**
 * Ways to write a path that a site might read as the same page: case, percent-encoding, doubled
 * and trailing slashes, dot segments plain and encoded, encoded slashes, backslashes, a prefix
 * that a URL parser reads as a host, `.data`. Each alone and each pair (one after the other).
 */
const MUTATIONS: Array<(path: string) => string> = [
  (p) => p.toUpperCase(),
  (p) => eachSegment(p, (s) => s.charAt(0).toUpperCase() + s.slice(1)),
  (p) => eachSegment(p, (s) => (s ? enc(s.charAt(0)) + s.slice(1) : s)),
  (p) => eachSegment(p, (s) => (s ? enc(s.charAt(0)).toUpperCase() + s.slice(1) : s)),
  (p) => p.replace(/-/g, "%2D"),
  (p) => p.replace(/\//g, "//"),
  (p) => `/${p}`,
  (p) => `${p}/`,
  (p) => `${p}//`,
  (p) => `${p}.data`,
  (p) => `${p}/.`,
  (p) => `${p}/x/..`,
  (p) => p.replace(/^\/([^/]*)\//, "/$1/./"),
  (p) => `/x/..${p}`,
  (p) => `/..${p}`,
  (p) => `/x/%2e%2e${p}`,
  (p) => `/x/%2E.${p}`,
  (p) => p.replace(/^\/([^/]*)\//, "/$1/%2e/"),
  (p) => p.replace(/^\/([^/]*)\//, "/$1/x%2f../../"),
  (p) => p.replace(/^\/([^/]*)\//, "/$1/x%2f%2e%2e/%2e%2e/"),
  (p) => p.replace(/^\/([^/]*)\//, "/$1/x//../"),
  (p) => p.replace(/^\/([^/]*)\//, "/$1//../"),
  (p) => p.replace(/^\/([^/]*)\//, "/$1\\"),
  (p) => p.replace(/^\/([^/]*)\//, "/$1%2f"),
  (p) => p.replace(/^\/([^/]*)\//, "/$1%5c"),
  (p) => `//elsewhere.example${p}`,
  (p) => `/x/../x/..${p}`,
  (p) => p.replace(/\./g, "%2e"),
];

function spellings(path: string): string[] {
  const out = new Set<string>([path]);
  for (const first of MUTATIONS) {
    const once = first(path);
    out.add(once);
    for (const second of MUTATIONS) out.add(second(once));
  }
  return [...out];
}

/** The rate rules and the paths whose POSTs they count: each page with an action there. */
const RATE_RULE_PATHS: Array<[string, string[]]> = [
  [
    "AccountPostsPerAddress",
    [
      "/auth/sign-in",
      "/auth/sign-up",
      "/auth/reset-password",
      "/auth/confirm-email",
      "/auth/logout",
    ],
  ],
  ["CheckoutPostsPerAddress", ["/cart/checkout"]],
];

/** The large forms' pages, and pages whose bodies stay under 8 KB. */
const LARGE_FORMS = [
  "/admin/products/new",
  "/admin/products/0b5f3c2e-7d4a-4b1e-9c6f-2a8d1e4b7c90",
  "/admin/newsletter",
  "/cart/checkout",
  "/customer-service/contact",
];
const SMALL_FORMS = [
  "/auth/sign-in",
  "/auth/sign-up",
  "/admin/promotions",
  "/admin/orders/o-1",
  "/product/linen-shirt",
  "/user/profile",
  "/user/address",
  "/newsletter",
];

describe("the firewall reads a path as the site does", () => {
  beforeAll(async () => {
    SITE_ROUTES = await siteRoutes();
    const [, acl] = one(firewall, "AWS::WAFv2::WebACL");
    RULES = acl.Properties.Rules as unknown as WafRule[];
  });

  it("the evaluator normalises a path as AWS documents NORMALIZE_PATH", () => {
    // The site resolves the dot segment first (sign-in); NORMALIZE_PATH merges the slashes first.
    expect(siteRoute("/auth//../sign-in")).toBe("routes/auth.sign-in");
    expect(normalizePath("/auth//../sign-in")).toBe("/sign-in");
    expect(normalizePath("/a//b///c")).toBe("/a/b/c");
    expect(normalizePath("/a/./b/.")).toBe("/a/b/");
    expect(normalizePath("/a/x/../b")).toBe("/a/b");
    expect(normalizePath("/../a")).toBe("/../a");
    expect(normalizePath("/a/b/")).toBe("/a/b/");
  });

  it("the site reads these spellings as the sign-in page, and each counts against the sign-in limit", () => {
    const canonical = siteRoute("/auth/sign-in");
    expect(canonical).toBe("routes/auth.sign-in");
    expect(post("/auth/sign-in").counted).toContain("AccountPostsPerAddress");
    const seen = Object.fromEntries(
      [
        "/AUTH/sign-in",
        "/auth//sign-in",
        "/%61uth/sign-in",
        "/auth/sign-in/",
        "/Auth/Sign-In",
        "/%41UTH/SIGN%2din.data",
      ].map((path) => [path, [siteRoute(path), post(path)]]),
    );
    expect(seen).toEqual({
      "/AUTH/sign-in": [canonical, { counted: expect.arrayContaining(["AccountPostsPerAddress"]) }],
      "/auth//sign-in": [
        "routes/auth.$",
        { counted: expect.arrayContaining(["AccountPostsPerAddress"]) },
      ],
      "/%61uth/sign-in": [
        canonical,
        { counted: expect.arrayContaining(["AccountPostsPerAddress"]) },
      ],
      "/auth/sign-in/": [
        canonical,
        { counted: expect.arrayContaining(["AccountPostsPerAddress"]) },
      ],
      "/Auth/Sign-In": [canonical, { counted: expect.arrayContaining(["AccountPostsPerAddress"]) }],
      "/%41UTH/SIGN%2din.data": [
        canonical,
        { counted: expect.arrayContaining(["AccountPostsPerAddress"]) },
      ],
    });
    // A dot segment the site resolves is refused at the edge: no rule could read it otherwise.
    expect(siteRoute("/auth/./sign-in")).toBe(canonical);
    expect(post("/auth/./sign-in").blockedBy).toBe("NonCanonicalPath");
  });

  it("the checkout's spellings count against the checkout limit", () => {
    const canonical = siteRoute("/cart/checkout");
    expect(canonical).toBe("routes/cart.checkout");
    for (const path of [
      "/CART/checkout",
      "/Cart/Checkout",
      "/%63art/checkout",
      "/cart/checkout/",
      "/cart/%63heckout.data",
    ]) {
      expect(siteRoute(path), path).toBe(canonical);
      expect(post(path).counted, path).toContain("CheckoutPostsPerAddress");
    }
  });

  it("every spelling the site reads as a rate rule's page is counted by that rule, or refused", () => {
    let checked = 0;
    const escaped: string[] = [];
    for (const [rule, paths] of RATE_RULE_PATHS) {
      for (const path of paths) {
        const route = siteRoute(path);
        for (const spelling of spellings(path)) {
          if (siteRoute(spelling) !== route) continue;
          checked++;
          const { counted, blockedBy } = post(spelling);
          if (!blockedBy && !counted.includes(rule)) escaped.push(`${rule}: POST ${spelling}`);
        }
      }
    }
    expect(escaped).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it("a body over 8 KB gets through only to the large forms, in the spelling the site reads as that form", () => {
    const over8Kb = [BODY_OVER_8KB_LABEL];
    for (const path of LARGE_FORMS) {
      expect(post(path, over8Kb).blockedBy, path).toBeUndefined();
      expect(post(`${path}.data`, over8Kb).blockedBy, `${path}.data`).toBeUndefined();
    }
    const largeRoutes = new Set(LARGE_FORMS.map(siteRoute));
    expect(largeRoutes.size).toBe(4);
    let through = 0;
    const widened: string[] = [];
    for (const path of [...LARGE_FORMS, ...SMALL_FORMS]) {
      for (const spelling of spellings(path)) {
        if (post(spelling, over8Kb).blockedBy) continue;
        through++;
        if (siteRoute(spelling) !== siteRoute(path) || !largeRoutes.has(siteRoute(spelling))) {
          widened.push(`${spelling} (the site reads ${siteRoute(spelling)})`);
        }
      }
      // Every small form refuses it in its plain spelling.
      if (!LARGE_FORMS.includes(path))
        expect(post(path, over8Kb).blockedBy).toBe("BodyOver8KbOutsideLargeForms");
    }
    expect(widened).toEqual([]);
    expect(through).toBeGreaterThanOrEqual(LARGE_FORMS.length * 2);
  });

  it("refuses none of the site's own paths, of its pages, data and assets", () => {
    // Every route's path (a parameter or splat given a plain value), and its data URL.
    const pages = (routes: AgnosticRouteObject[], parent: string): string[] =>
      routes.flatMap((route) => {
        const path = [parent, route.path ?? ""]
          .filter(Boolean)
          .join("/")
          .replace(/:[^/]+/g, "a1-b2")
          .replace(/\*/g, "x/y");
        return [path, ...pages(route.children ?? [], path)];
      });
    const routed = [...new Set(pages(SITE_ROUTES, ""))].flatMap((p) => [`/${p}`, `/${p}.data`]);
    expect(routed.length).toBeGreaterThan(100);
    const publicFiles = readdirSync(PUBLIC_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(PUBLIC_DIR, join(entry.parentPath, entry.name))}`);
    expect(publicFiles).toContain("/favicon.ico");
    const own = [
      ...routed,
      ...publicFiles,
      "/",
      "/_root.data",
      "/product",
      "/product/linen-shirt",
      "/product/linen-shirt.data",
      "/assets/entry.client-BzY3kL_a.js",
      "/favicon.ico",
      "/.well-known/security.txt",
      "/robots.txt",
      "/sitemap/2.xml",
      "/products/0b5f3c2e/9a1d.webp",
      "/variants/products/0b5f3c2e/9a1d-320w.avif",
      ...LARGE_FORMS,
      ...SMALL_FORMS,
    ];
    for (const path of own)
      expect(fate(RULES, { method: "GET", path }).blockedBy, path).toBeUndefined();
  });
});
