// The IAM replay's policy evaluation: explicit Deny wins, Allow grants, otherwise implicit deny;
// wildcards, NotAction/NotResource, Conditions and unresolved intrinsics as documented in iam.ts.
import { describe, expect, it } from "vitest";
import { evaluate, evaluateAny, type Statement, wildcard } from "./iam.ts";

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
    });
  });

  it("denies implicitly when nothing matches", () => {
    expect(evaluate([allow("dynamodb:GetItem", TABLE)], "dynamodb:PutItem", TABLE)).toEqual({
      allowed: false,
      reason: "no statement allows it (implicit deny)",
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

  it("treats Conditions as met, and says they were not evaluated", () => {
    const Condition = { StringEquals: { "aws:RequestedRegion": "us-east-1" } };
    expect(evaluate([{ ...allow("s3:GetObject", "*"), Condition }], "s3:GetObject", "x")).toEqual({
      allowed: true,
      reason: "allowed by statement 1 (its Condition was not evaluated: taken as met)",
    });
    const denied = evaluate(
      [allow("*", "*"), { ...deny("s3:GetObject", "*"), Condition }],
      "s3:GetObject",
      "x",
    );
    expect(denied).toEqual({
      allowed: false,
      reason: "explicitly denied by statement 2 (its Condition was not evaluated: taken as met)",
    });
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
    });
    // Only statements whose action matches are mentioned.
    const other = evaluate([allow("s3:GetObject", intrinsic)], "dynamodb:GetItem", TABLE);
    expect(other.reason).toBe("no statement allows it (implicit deny)");
    // An unresolved Deny does not deny; the note still explains what was skipped.
    const unresolvedDeny = evaluate(
      [allow("*", "*"), deny("dynamodb:GetItem", intrinsic)],
      "dynamodb:GetItem",
      TABLE,
    );
    expect(unresolvedDeny.allowed).toBe(true);
    expect(unresolvedDeny.reason).toMatch(/^allowed by statement 1; statement 2 \(Deny\) has/);
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
    expect(denied.reason).toMatch(/^explicitly denied by statement 2 \(it has NotResource/);
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
