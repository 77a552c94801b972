// IAM replay, part 2: do a role's identity-policy statements allow an action on a resource?
// AWS identity-policy evaluation: an explicit Deny wins; otherwise a matching Allow grants;
// otherwise it is an implicit deny. Actions match case-insensitively, resources case-sensitively,
// both with the `*` and `?` wildcards (`*` also spans "/" and ":", as in IAM).
// Limits, said in the reasons where they matter:
// - Conditions are not evaluated: a statement with a Condition is taken to apply (an Allow grants,
//   a Deny denies), and the reason says its Condition was not evaluated.
// - Resource values that are not strings (unresolved CloudFormation intrinsics, e.g. Fn::GetAtt)
//   never match. In NotResource such a value might exclude the resource, so an Allow with one does
//   not grant (a Deny with one still denies): in doubt, the stricter outcome.
// - Policy variables (${aws:username}) are matched literally; only identity policies are looked at
//   (no resource policies, permission boundaries, SCPs or session policies).

/** A resource pattern: a string, or an unresolved CloudFormation intrinsic (never matches). */
export type ResourceValue = string | Record<string, unknown>;
export interface Statement {
  Sid?: string;
  Effect: "Allow" | "Deny";
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: ResourceValue | ResourceValue[];
  NotResource?: ResourceValue | ResourceValue[];
  Condition?: unknown;
}
export interface Decision {
  allowed: boolean;
  /** E.g. "allowed by statement 3", "explicitly denied by statement 1" (numbered from 1). */
  reason: string;
}

export function evaluate(statements: Statement[], action: string, resource: string): Decision {
  let allowedBy: string | undefined;
  const notes: string[] = [];
  for (const [i, statement] of statements.entries()) {
    const { Effect } = statement;
    if (Effect !== "Allow" && Effect !== "Deny") {
      throw new Error(`statement ${i + 1}: Effect must be "Allow" or "Deny", not ${Effect}`);
    }
    const label = `statement ${i + 1}${statement.Sid ? ` (${statement.Sid})` : ""}`;
    if (!actionMatches(statement, action)) continue;
    const resources = resourceMatch(statement, resource);
    const conditional =
      statement.Condition === undefined ? "" : " (its Condition was not evaluated: taken as met)";
    if (resources.applies && Effect === "Deny") {
      const note = resources.note ? ` (it ${resources.note}: taken as not excluded)` : "";
      return { allowed: false, reason: `explicitly denied by ${label}${conditional}${note}` };
    }
    if (resources.applies) allowedBy ??= `allowed by ${label}${conditional}`;
    else if (resources.note) notes.push(`${label} (${Effect}) ${resources.note}`);
  }
  const reason = allowedBy ?? "no statement allows it (implicit deny)";
  return { allowed: allowedBy !== undefined, reason: [reason, ...notes].join("; ") };
}

/** One need that any of several permissions satisfies: allowed when ANY alternative is. */
export function evaluateAny(
  statements: Statement[],
  needs: Array<{ action: string; resource: string }>,
): Decision {
  if (needs.length === 0) throw new Error("evaluateAny: no alternatives given");
  const decisions = needs.map((n) => ({ ...n, ...evaluate(statements, n.action, n.resource) }));
  const [only] = decisions;
  if (decisions.length === 1 && only) return { allowed: only.allowed, reason: only.reason };
  const describe = (d: (typeof decisions)[number]) => `${d.action} on ${d.resource}: ${d.reason}`;
  const allowed = decisions.find((d) => d.allowed);
  if (allowed) return { allowed: true, reason: describe(allowed) };
  return {
    allowed: false,
    reason: `none of the alternatives is allowed: ${decisions.map(describe).join(" | ")}`,
  };
}

function actionMatches(statement: Statement, action: string): boolean {
  const matching = (patterns: unknown) =>
    list(patterns).some((p) => typeof p === "string" && wildcard(p, action, true));
  if (statement.Action !== undefined) return matching(statement.Action);
  if (statement.NotAction !== undefined) return !matching(statement.NotAction);
  return false; // neither: not a valid statement, it grants and denies nothing
}

const UNRESOLVED = "values that are not strings (unresolved CloudFormation intrinsics)";

/** Whether the statement covers the resource; `note` explains a miss due to unresolved values. */
function resourceMatch(
  statement: Statement,
  resource: string,
): { applies: boolean; note?: string } {
  const check = (patterns: unknown) => {
    const values = list(patterns);
    const matched = values.some((p) => typeof p === "string" && wildcard(p, resource, false));
    return { matched, unresolved: values.some((p) => typeof p !== "string") };
  };
  if (statement.Resource !== undefined) {
    const { matched, unresolved } = check(statement.Resource);
    if (matched || !unresolved) return { applies: matched };
    return { applies: false, note: `has Resource ${UNRESOLVED}, which never match` };
  }
  if (statement.NotResource !== undefined) {
    const { matched, unresolved } = check(statement.NotResource);
    if (matched || !unresolved) return { applies: !matched };
    const note = `has NotResource ${UNRESOLVED}, which might exclude it`;
    return { applies: statement.Effect === "Deny", note };
  }
  return { applies: false }; // neither: not a valid statement, it grants and denies nothing
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** IAM wildcard match: `*` is any run of characters (also "/" and ":"), `?` one character. */
export function wildcard(pattern: string, value: string, ignoreCase: boolean): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\*?]/g, (c) =>
    c === "*" ? ".*" : c === "?" ? "." : `\\${c}`,
  );
  return new RegExp(`^${source}$`, ignoreCase ? "is" : "s").test(value);
}
