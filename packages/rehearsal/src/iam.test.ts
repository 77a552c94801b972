// The IAM replay's policy evaluation: explicit Deny wins, Allow grants, otherwise implicit deny;
// wildcards, NotAction/NotResource, Conditions, resource policies and unresolved intrinsics as
// documented in iam.ts.
import { describe, expect, it } from "vitest";
import {
  evaluate,
  evaluateAny,
  evaluateWithResourcePolicy,
  type Statement,
  wildcard,
} from "./iam.ts";

const TABLE = "arn:aws:dynamodb:eu-west-1:123456789012:table/shop";
const INDEX = `${TABLE}/index/byEmail`;
const allow = (Action: Statement["Action"], Resource: Statement["Resource"]): Statement => ({
  Effect: "Allow",
  Action,
  Resource,
});
const deny = (Action: Statement["Action"], Resource: Statement["Resource"]): Statement => ({
  Effect: "Deny",
  Action,
  Resource,
});
const allowed = (statements: Statement[], action: string, resource: string) =>
  evaluate(statements, action, resource).allowed;

describe("evaluate", () => {
  it("allows an exact match and names the statement (numbered from 1)", () => {
    const statements = [
      allow("s3:GetObject", "arn:aws:s3:::media/*"),
      allow("dynamodb:GetItem", TABLE),
    ];
    expect(evaluate(statements, "dynamodb:GetItem", TABLE)).toEqual({
      allowed: true,
      reason: "allowed by statement 2",
      by: [1],
    });
  });

  it("names every Allow statement that grants the call (what the call used)", () => {
    const statements = [
      allow("dynamodb:*", "*"),
      allow("s3:*", "*"),
      allow("dynamodb:Get*", TABLE),
    ];
    expect(evaluate(statements, "dynamodb:GetItem", TABLE).by).toEqual([0, 2]);
  });

  it("denies implicitly when nothing matches", () => {
    expect(evaluate([allow("dynamodb:GetItem", TABLE)], "dynamodb:PutItem", TABLE)).toEqual({
      allowed: false,
      reason: "no statement allows it (implicit deny)",
      by: [],
    });
    expect(evaluate([], "dynamodb:GetItem", TABLE).allowed).toBe(false);
  });

  it("lets an explicit Deny win over an Allow, in either order", () => {
    const both = [allow("dynamodb:*", "*"), deny("dynamodb:DeleteItem", TABLE)];
    expect(evaluate(both, "dynamodb:DeleteItem", TABLE)).toEqual({
      allowed: false,
      reason: "explicitly denied by statement 2",
    });
    expect(evaluate([...both].reverse(), "dynamodb:DeleteItem", TABLE).reason).toBe(
      "explicitly denied by statement 1",
    );
    expect(allowed(both, "dynamodb:GetItem", TABLE)).toBe(true);
  });

  it("names the Sid when there is one", () => {
    const statements: Statement[] = [{ ...allow("sqs:SendMessage", "*"), Sid: "Queue" }];
    expect(evaluate(statements, "sqs:SendMessage", "arn:aws:sqs:eu-west-1:1:q").reason).toBe(
      "allowed by statement 1 (Queue)",
    );
  });

  it("matches actions case-insensitively with * and ?", () => {
    expect(allowed([allow("DynamoDB:getitem", TABLE)], "dynamodb:GetItem", TABLE)).toBe(true);
    const getStar = [allow("s3:GetObject*", "*")];
    expect(allowed(getStar, "s3:GetObject", "arn:aws:s3:::b/k")).toBe(true);
    expect(allowed(getStar, "s3:GetObjectVersion", "arn:aws:s3:::b/k")).toBe(true);
    expect(allowed(getStar, "s3:PutObject", "arn:aws:s3:::b/k")).toBe(false);
    expect(allowed(getStar, "s3:GetBucketLocation", "arn:aws:s3:::b")).toBe(false);
    expect(allowed([allow("sqs:*", "*")], "sqs:SendMessage", "arn:aws:sqs:eu-west-1:1:q")).toBe(
      true,
    );
    expect(allowed([allow("sqs:*", "*")], "sns:Publish", "arn:aws:sns:eu-west-1:1:t")).toBe(false);
    expect(allowed([allow("*", "*")], "ses:SendEmail", "arn:aws:ses:eu-west-1:1:identity/x")).toBe(
      true,
    );
    const question = [allow("dynamodb:?etItem", TABLE)];
    expect(allowed(question, "dynamodb:GetItem", TABLE)).toBe(true);
    expect(allowed(question, "dynamodb:etItem", TABLE)).toBe(false);
    expect(allowed(question, "dynamodb:BatchGetItem", TABLE)).toBe(false);
  });

  it("matches resources case-sensitively; * spans / and :", () => {
    const media = [allow("s3:GetObject", "arn:aws:s3:::media/*")];
    expect(allowed(media, "s3:GetObject", "arn:aws:s3:::media/a/b:c.jpg")).toBe(true);
    expect(allowed(media, "s3:GetObject", "arn:aws:s3:::Media/a.jpg")).toBe(false);
    expect(allowed(media, "s3:GetObject", "arn:aws:s3:::media")).toBe(false);
    expect(allowed(media, "s3:GetObject", "arn:aws:s3:::media-private/a.jpg")).toBe(false);
    const anyRegion = [allow("dynamodb:Query", "arn:aws:dynamodb:*:*:table/shop")];
    expect(allowed(anyRegion, "dynamodb:Query", TABLE)).toBe(true);
    expect(allowed(anyRegion, "dynamodb:Query", INDEX)).toBe(false);
  });

  it("tells an index pattern from its table", () => {
    const indexes = [allow("dynamodb:Query", `${TABLE}/index/*`)];
    expect(allowed(indexes, "dynamodb:Query", INDEX)).toBe(true);
    expect(allowed(indexes, "dynamodb:Query", TABLE)).toBe(false);
    expect(allowed([allow("dynamodb:Query", TABLE)], "dynamodb:Query", INDEX)).toBe(false);
  });

  it("takes regular-expression characters in patterns literally", () => {
    const dotted = [allow("s3:GetObject", "arn:aws:s3:::media/a.b")];
    expect(allowed(dotted, "s3:GetObject", "arn:aws:s3:::media/aXb")).toBe(false);
    const odd = "arn:aws:s3:::media/(x)+[y]$^{z}|\\";
    expect(allowed([allow("s3:GetObject", odd)], "s3:GetObject", odd)).toBe(true);
    expect(wildcard("a?c", "abc", false)).toBe(true);
    expect(wildcard("a?c", "ac", false)).toBe(false);
    expect(wildcard("A*", "abc", false)).toBe(false);
    expect(wildcard("A*", "abc", true)).toBe(true);
  });

  it("supports NotAction", () => {
    const allButDelete: Statement[] = [
      { Effect: "Allow", NotAction: ["s3:Delete*", "s3:Put*"], Resource: "*" },
    ];
    expect(allowed(allButDelete, "s3:GetObject", "arn:aws:s3:::b/k")).toBe(true);
    expect(allowed(allButDelete, "s3:DeleteObject", "arn:aws:s3:::b/k")).toBe(false);
    const denyOthers: Statement[] = [
      allow("*", "*"),
      { Effect: "Deny", NotAction: "dynamodb:GetItem", Resource: TABLE },
    ];
    expect(allowed(denyOthers, "dynamodb:GetItem", TABLE)).toBe(true);
    expect(evaluate(denyOthers, "dynamodb:PutItem", TABLE).reason).toBe(
      "explicitly denied by statement 2",
    );
  });

  it("supports NotResource", () => {
    const notPrivate: Statement[] = [
      { Effect: "Allow", Action: "s3:GetObject", NotResource: "arn:aws:s3:::media/private/*" },
    ];
    expect(allowed(notPrivate, "s3:GetObject", "arn:aws:s3:::media/public/a")).toBe(true);
    expect(allowed(notPrivate, "s3:GetObject", "arn:aws:s3:::media/private/a")).toBe(false);
    const denyElsewhere: Statement[] = [
      allow("s3:*", "*"),
      { Effect: "Deny", Action: "s3:*", NotResource: ["arn:aws:s3:::media/*"] },
    ];
    expect(allowed(denyElsewhere, "s3:PutObject", "arn:aws:s3:::media/a")).toBe(true);
    expect(allowed(denyElsewhere, "s3:PutObject", "arn:aws:s3:::other/a")).toBe(false);
  });

  it("ignores a statement with neither Resource nor NotResource, or neither Action form", () => {
    const noResource: Statement[] = [{ Effect: "Allow", Action: "*" }];
    expect(allowed(noResource, "s3:GetObject", "arn:aws:s3:::b/k")).toBe(false);
    const noAction: Statement[] = [{ Effect: "Allow", Resource: "*" }];
    expect(allowed(noAction, "s3:GetObject", "arn:aws:s3:::b/k")).toBe(false);
  });

  it("evaluates ForAllValues:StringLike on dynamodb:LeadingKeys against the call's keys", () => {
    const Condition = {
      "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["PRODUCT#*", "CATALOG"] },
    };
    const statements: Statement[] = [{ ...allow("dynamodb:UpdateItem", TABLE), Condition }];
    const keys = (...k: string[]) => ({ "dynamodb:leadingkeys": k });
    expect(evaluate(statements, "dynamodb:UpdateItem", TABLE, keys("PRODUCT#1")).allowed).toBe(
      true,
    );
    expect(
      evaluate(statements, "dynamodb:UpdateItem", TABLE, keys("PRODUCT#1", "CATALOG")).allowed,
    ).toBe(true);
    const user = evaluate(statements, "dynamodb:UpdateItem", TABLE, keys("PRODUCT#1", "USER#2"));
    expect(user).toMatchObject({
      allowed: false,
      reason: "no statement allows it (implicit deny)",
    });
    // ForAllValues over an absent key holds (as in AWS: a Scan has no leading keys).
    const absent = { "dynamodb:leadingkeys": undefined };
    expect(evaluate(statements, "dynamodb:UpdateItem", TABLE, absent).allowed).toBe(true);
  });

  it("makes a decision that hangs on a Condition it cannot evaluate undecidable, never met", () => {
    const onRegion = { StringEquals: { "aws:RequestedRegion": "us-east-1" } };
    const allowed = evaluate(
      [{ ...allow("s3:GetObject", "*"), Condition: onRegion }],
      "s3:GetObject",
      "x",
    );
    expect(allowed).toMatchObject({ allowed: false, undecidable: true });
    expect(allowed.reason).toMatch(/Condition on aws:RequestedRegion cannot be evaluated here/);
    const denied = evaluate(
      [allow("*", "*"), { ...deny("s3:GetObject", "*"), Condition: onRegion }],
      "s3:GetObject",
      "x",
    );
    expect(denied).toMatchObject({ allowed: false, undecidable: true });
    const unknownOperator = { DateLessThan: { "aws:CurrentTime": "2030-01-01T00:00:00Z" } };
    const dated = evaluate(
      [{ ...allow("s3:GetObject", "*"), Condition: unknownOperator }],
      "s3:GetObject",
      "x",
      { "aws:currenttime": ["2026-01-01T00:00:00Z"] },
    );
    expect(dated.reason).toMatch(/the condition operator DateLessThan is not evaluated/);
  });

  it("evaluates Bool aws:SecureTransport: the TLS-only Deny spares a call over HTTPS", () => {
    const tlsOnly: Statement = {
      Effect: "Deny",
      Action: "s3:*",
      Resource: "arn:aws:s3:::media/*",
      Condition: { Bool: { "aws:SecureTransport": "false" } },
    };
    const statements = [allow("s3:GetObject", "*"), tlsOnly];
    const https = { "aws:securetransport": ["true"] };
    expect(evaluate(statements, "s3:GetObject", "arn:aws:s3:::media/a", https).allowed).toBe(true);
    const http = { "aws:securetransport": ["false"] };
    expect(evaluate(statements, "s3:GetObject", "arn:aws:s3:::media/a", http).reason).toBe(
      "explicitly denied by statement 2",
    );
  });

  it("never matches unresolved intrinsics in Resource, and says so", () => {
    const intrinsic = { "Fn::GetAtt": ["Table", "Arn"] };
    const decision = evaluate([allow("dynamodb:GetItem", [intrinsic])], "dynamodb:GetItem", TABLE);
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toBe(
      "no statement allows it (implicit deny); statement 1 (Allow) has Resource values that are" +
        " not strings (unresolved CloudFormation intrinsics), which never match",
    );
    const mixed = [allow("dynamodb:GetItem", [intrinsic, TABLE])];
    expect(evaluate(mixed, "dynamodb:GetItem", TABLE)).toEqual({
      allowed: true,
      reason: "allowed by statement 1",
      by: [0],
    });
    // Only statements whose action matches are mentioned.
    const other = evaluate([allow("s3:GetObject", intrinsic)], "dynamodb:GetItem", TABLE);
    expect(other.reason).toBe("no statement allows it (implicit deny)");
    // A Deny whose resource cannot be resolved is never ignored: the decision is undecidable.
    const unresolvedDeny = evaluate(
      [allow("*", "*"), deny("dynamodb:GetItem", intrinsic)],
      "dynamodb:GetItem",
      TABLE,
    );
    expect(unresolvedDeny).toMatchObject({ allowed: false, undecidable: true });
    expect(unresolvedDeny.reason).toMatch(
      /^undecidable: statement 2 \(Deny\) has Resource values that are not strings/,
    );
  });

  it("in doubt about an unresolved NotResource, neither grants nor lifts a Deny", () => {
    const NotResource = [{ "Fn::Join": ["", ["arn:aws:s3:::", { Ref: "Bucket" }, "/*"]] }];
    const allowAll: Statement[] = [{ Effect: "Allow", Action: "s3:GetObject", NotResource }];
    const decision = evaluate(allowAll, "s3:GetObject", "arn:aws:s3:::media/a");
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toContain("statement 1 (Allow) has NotResource values that are not");
    const denyAll: Statement[] = [allow("*", "*"), { Effect: "Deny", Action: "s3:*", NotResource }];
    const denied = evaluate(denyAll, "s3:GetObject", "arn:aws:s3:::media/a");
    expect(denied.allowed).toBe(false);
    expect(denied).toMatchObject({ allowed: false, undecidable: true });
    expect(denied.reason).toMatch(/^undecidable: statement 2 \(Deny\) has NotResource/);
  });

  it("rejects a statement whose Effect is neither Allow nor Deny", () => {
    const bad = [{ Effect: "allow", Action: "*", Resource: "*" }] as unknown as Statement[];
    expect(() => evaluate(bad, "s3:GetObject", "x")).toThrow(/statement 1: Effect must be/);
  });
});

describe("evaluateAny", () => {
  const ADDRESS = "arn:aws:ses:eu-west-1:123456789012:identity/shop@example.com";
  const DOMAIN = "arn:aws:ses:eu-west-1:123456789012:identity/example.com";
  const send = [ADDRESS, DOMAIN].map((resource) => ({ action: "ses:SendEmail", resource }));

  it("is allowed when any alternative is, and says which", () => {
    const decision = evaluateAny([allow("ses:SendEmail", DOMAIN)], send);
    expect(decision).toEqual({
      allowed: true,
      reason: `ses:SendEmail on ${DOMAIN}: allowed by statement 1`,
      by: [0],
    });
  });

  it("is denied when no alternative is allowed, with each one's reason", () => {
    const decision = evaluateAny([deny("ses:*", ADDRESS), allow("ses:SendRawEmail", "*")], send);
    expect(decision).toEqual({
      allowed: false,
      reason:
        `none of the alternatives is allowed: ses:SendEmail on ${ADDRESS}: explicitly denied by` +
        ` statement 1 | ses:SendEmail on ${DOMAIN}: no statement allows it (implicit deny)`,
    });
  });

  it("with one alternative, is evaluate; with none, throws", () => {
    const statements = [allow("ses:SendEmail", ADDRESS)];
    expect(evaluateAny(statements, [{ action: "ses:SendEmail", resource: ADDRESS }])).toEqual(
      evaluate(statements, "ses:SendEmail", ADDRESS),
    );
    expect(() => evaluateAny(statements, [])).toThrow(/no alternatives/);
  });
});

describe("evaluateWithResourcePolicy", () => {
  const ROLE = "arn:aws:iam::123456789012:role/site";
  const OBJECT = "arn:aws:s3:::media/a.jpg";
  const caller = { type: "AWS" as const, id: ROLE };
  const https = { "aws:securetransport": ["true"] };

  it("lets the bucket policy's Deny for everyone win over the role's Allow", () => {
    const policy = {
      name: "the bucket policy of media",
      principal: caller,
      statements: [{ ...deny("s3:*", "arn:aws:s3:::media/*"), Principal: { AWS: "*" } }],
    };
    const decision = evaluateWithResourcePolicy(
      [allow("s3:GetObject", "*")],
      "s3:GetObject",
      OBJECT,
      https,
      policy,
    );
    expect(decision).toMatchObject({ allowed: false });
    expect(decision.reason).toBe("the bucket policy of media: explicitly denied by statement 1");
  });

  it("stays undecidable when the role's decision is, whatever the resource policy grants", () => {
    const onRegion = { StringEquals: { "aws:RequestedRegion": "eu-west-1" } };
    const policy = {
      name: "the bucket policy of media",
      principal: caller,
      statements: [{ ...allow("s3:GetObject", "*"), Principal: { AWS: ROLE } }],
    };
    const decision = evaluateWithResourcePolicy(
      [{ ...allow("s3:GetObject", "*"), Condition: onRegion }],
      "s3:GetObject",
      OBJECT,
      https,
      policy,
    );
    expect(decision).toMatchObject({ allowed: false, undecidable: true });
  });

  it("grants what the resource policy allows the role, and ignores other principals", () => {
    const statements: Statement[] = [
      { ...allow("s3:GetObject", "arn:aws:s3:::media/*"), Principal: { AWS: ROLE } },
      { ...deny("s3:*", "*"), Principal: { Service: "cloudfront.amazonaws.com" } },
    ];
    const policy = { name: "the bucket policy of media", principal: caller, statements };
    expect(evaluateWithResourcePolicy([], "s3:GetObject", OBJECT, https, policy)).toMatchObject({
      allowed: true,
      reason: "the bucket policy of media: allowed by statement 1",
    });
  });
});
