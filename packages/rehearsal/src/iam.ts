// IAM replay, part 2: do a role's identity-policy statements (and, where a call depends on it, the
// resource's own policy) allow an action on a resource?
// AWS's evaluation within one account: an explicit Deny of either policy wins; otherwise an Allow
// of either grants; otherwise it is an implicit deny. Actions match case-insensitively, resources
// case-sensitively, both with the `*` and `?` wildcards (`*` also spans "/" and ":", as in IAM).
// Conditions are evaluated against the call's request context (the keys the classifier knows for
// it: aws:SecureTransport, dynamodb:LeadingKeys…), with the operators the shop's policies use and
// the usual set operators; a Condition the rehearsal cannot decide (an operator it does not know, a
// key the call's context lacks, a value that is not a string) makes the decision *undecidable*,
// which the rehearsal treats as a failure, never as met or unmet.
// Limits, said in the reasons where they matter:
// - Resource values that are not strings (unresolved CloudFormation intrinsics) never match an
//   Allow; in a Deny whose action matches, they make the decision undecidable (it might deny).
// - Policy variables (${aws:username}) are matched literally; permission boundaries, SCPs and
//   session policies are not looked at.

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
  /** Resource policies only. */
  Principal?: unknown;
  NotPrincipal?: unknown;
}
/**
 * A call's condition keys (lower-case names) and their values: a key set to `undefined` is known
 * to be absent from the request; a key not in the map at all is one the rehearsal cannot tell.
 */
export type RequestContext = Record<string, string[] | undefined>;
/** Who calls, as a resource policy's Principal names it. */
export interface Principal {
  type: "AWS" | "Service" | "CanonicalUser";
  id: string;
}
export interface Decision {
  allowed: boolean;
  /** E.g. "allowed by statement 3", "explicitly denied by statement 1" (numbered from 1). */
  reason: string;
  /** The Allow statements (0-based) that grant the call: what the call used. */
  by?: number[];
  /** The decision depends on what the rehearsal cannot evaluate (it is then not allowed). */
  undecidable?: boolean;
}

class Undecidable extends Error {}

/**
 * Evaluates `statements` for one call. With `principal`, they are a resource policy's: only
 * statements whose Principal names the caller apply.
 */
export function evaluate(
  statements: Statement[],
  action: string,
  resource: string,
  context: RequestContext = {},
  principal?: Principal,
): Decision {
  const by: number[] = [];
  const notes: string[] = [];
  let undecided = false;
  for (const [i, statement] of statements.entries()) {
    const { Effect } = statement;
    if (Effect !== "Allow" && Effect !== "Deny") {
      throw new Error(`statement ${i + 1}: Effect must be "Allow" or "Deny", not ${Effect}`);
    }
    const label = `statement ${i + 1}${statement.Sid ? ` (${statement.Sid})` : ""}`;
    if (!actionMatches(statement, action)) continue;
    try {
      if (principal && !principalMatches(statement, principal, label)) continue;
      const resources = resourceMatch(statement, resource, label);
      if (resources.note) notes.push(`${label} (${Effect}) ${resources.note}`);
      if (!resources.applies) continue;
      if (!conditionMet(statement.Condition, context, label)) continue;
    } catch (error) {
      if (!(error instanceof Undecidable)) throw error;
      if (Effect === "Allow") {
        notes.push(`undecidable: ${error.message}`);
        undecided = true;
        continue;
      }
      return { allowed: false, undecidable: true, reason: `undecidable: ${error.message}` };
    }
    if (Effect === "Deny") {
      return { allowed: false, reason: `explicitly denied by ${label}` };
    }
    by.push(i);
  }
  const first = by[0];
  const reason =
    first !== undefined
      ? `allowed by statement ${first + 1}${statements[first]?.Sid ? ` (${statements[first]?.Sid})` : ""}`
      : "no statement allows it (implicit deny)";
  const allowed = by.length > 0;
  return {
    allowed,
    reason: [reason, ...notes].join("; "),
    by,
    ...(undecided && !allowed ? { undecidable: true } : {}),
  };
}

/**
 * One call within an account: the role's statements and, when the resource has a policy, that
 * policy's statements for the caller. Either's explicit Deny wins; either's Allow grants.
 */
export function evaluateWithResourcePolicy(
  identity: Statement[],
  action: string,
  resource: string,
  context: RequestContext,
  resourcePolicy?: { statements: Statement[]; principal: Principal; name: string },
): Decision {
  const own = evaluate(identity, action, resource, context);
  if (!resourcePolicy) return own;
  const theirs = evaluate(
    resourcePolicy.statements,
    action,
    resource,
    context,
    resourcePolicy.principal,
  );
  const denied = (d: Decision) =>
    !d.allowed && (d.undecidable === true || d.reason.startsWith("explicitly denied"));
  if (denied(theirs)) {
    return { ...theirs, reason: `${resourcePolicy.name}: ${theirs.reason}`, by: [] };
  }
  if (denied(own) || own.allowed) return own;
  if (theirs.allowed) {
    return { allowed: true, reason: `${resourcePolicy.name}: ${theirs.reason}`, by: [] };
  }
  return { ...own, reason: `${own.reason}; ${resourcePolicy.name} allows it neither` };
}

/** One need that any of several permissions satisfies: allowed when ANY alternative is. */
export function evaluateAny(
  statements: Statement[],
  needs: Array<{ action: string; resource: string }>,
  context: RequestContext = {},
): Decision {
  if (needs.length === 0) throw new Error("evaluateAny: no alternatives given");
  const decisions = needs.map((n) => ({
    ...n,
    ...evaluate(statements, n.action, n.resource, context),
  }));
  const [only] = decisions;
  if (decisions.length === 1 && only) {
    const { action: _a, resource: _r, ...decision } = only;
    return decision;
  }
  const describe = (d: (typeof decisions)[number]) => `${d.action} on ${d.resource}: ${d.reason}`;
  const allowed = decisions.find((d) => d.allowed);
  if (allowed) return { allowed: true, reason: describe(allowed), by: allowed.by };
  const undecidable = decisions.some((d) => d.undecidable);
  return {
    allowed: false,
    ...(undecidable ? { undecidable } : {}),
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

/**
 * Whether the statement covers the resource; `note` explains a miss due to unresolved values of
 * an Allow. A Deny with such values throws Undecidable: it might cover the resource.
 */
function resourceMatch(
  statement: Statement,
  resource: string,
  label: string,
): { applies: boolean; note?: string } {
  const check = (patterns: unknown) => {
    const values = list(patterns);
    const matched = values.some((p) => typeof p === "string" && wildcard(p, resource, false));
    return { matched, unresolved: values.some((p) => typeof p !== "string") };
  };
  const deny = statement.Effect === "Deny";
  if (statement.Resource !== undefined) {
    const { matched, unresolved } = check(statement.Resource);
    if (matched || !unresolved) return { applies: matched };
    if (deny) {
      throw new Undecidable(
        `${label} (Deny) has Resource ${UNRESOLVED}: the rehearsal cannot tell whether it denies ${resource}`,
      );
    }
    return { applies: false, note: `has Resource ${UNRESOLVED}, which never match` };
  }
  if (statement.NotResource !== undefined) {
    const { matched, unresolved } = check(statement.NotResource);
    if (matched || !unresolved) return { applies: !matched };
    if (deny) {
      throw new Undecidable(
        `${label} (Deny) has NotResource ${UNRESOLVED}: the rehearsal cannot tell whether it denies ${resource}`,
      );
    }
    return { applies: false, note: `has NotResource ${UNRESOLVED}, which might exclude it` };
  }
  return { applies: false }; // neither: not a valid statement, it grants and denies nothing
}

/** Whether a resource policy's statement names the caller. */
function principalMatches(statement: Statement, caller: Principal, label: string): boolean {
  if (statement.NotPrincipal !== undefined) {
    throw new Undecidable(`${label} has a NotPrincipal, which the rehearsal does not evaluate`);
  }
  const named = statement.Principal;
  if (named === undefined) return false;
  if (named === "*") return true;
  if (typeof named !== "object" || named === null) {
    throw new Undecidable(`${label} has a Principal the rehearsal cannot read`);
  }
  for (const [type, ids] of Object.entries(named)) {
    for (const id of list(ids)) {
      if (typeof id !== "string") {
        throw new Undecidable(`${label} names a principal by ${UNRESOLVED}`);
      }
      if (type === "AWS" && id === "*") return true;
      if (type === caller.type && id === caller.id) return true;
    }
  }
  return false;
}

// ---- conditions ----

const BASE_OPERATORS = new Set([
  "StringEquals",
  "StringNotEquals",
  "StringEqualsIgnoreCase",
  "StringNotEqualsIgnoreCase",
  "StringLike",
  "StringNotLike",
  "ArnEquals",
  "ArnLike",
  "ArnNotEquals",
  "ArnNotLike",
  "Bool",
  "Null",
]);

/** Whether every operator block of a Condition holds for the call; throws Undecidable. */
export function conditionMet(condition: unknown, context: RequestContext, label = "a statement") {
  if (condition === undefined) return true;
  if (typeof condition !== "object" || condition === null) {
    throw new Undecidable(`${label} has a Condition the rehearsal cannot read`);
  }
  for (const [operator, block] of Object.entries(condition)) {
    const parsed = /^(?:(ForAllValues|ForAnyValue):)?(\w+?)(IfExists)?$/.exec(operator);
    const base = parsed?.[2];
    if (!parsed || !base || !BASE_OPERATORS.has(base)) {
      throw new Undecidable(`${label}: the condition operator ${operator} is not evaluated`);
    }
    const [, set, , ifExists] = parsed;
    for (const [rawKey, rawValues] of Object.entries(block as Record<string, unknown>)) {
      const key = rawKey.toLowerCase();
      const values = list(rawValues);
      if (values.some((v) => typeof v !== "string" && typeof v !== "boolean")) {
        throw new Undecidable(`${label}: its Condition on ${rawKey} has ${UNRESOLVED}`);
      }
      const wanted = values.map(String);
      if (!(key in context)) {
        throw new Undecidable(`${label}: its Condition on ${rawKey} cannot be evaluated here`);
      }
      const present = context[key];
      if (!keyHolds(base, set, Boolean(ifExists), wanted, present)) return false;
    }
  }
  return true;
}

function keyHolds(
  base: string,
  set: string | undefined,
  ifExists: boolean,
  wanted: string[],
  present: string[] | undefined,
): boolean {
  if (base === "Null") {
    const absent = present === undefined || present.length === 0;
    return wanted.every((w) => (w.toLowerCase() === "true") === absent);
  }
  const negated = /Not/.test(base);
  if (present === undefined || present.length === 0) {
    if (ifExists || set === "ForAllValues") return true;
    if (set === "ForAnyValue") return false;
    return negated; // a negated operator holds for an absent key, a positive one does not
  }
  const one = (value: string) => {
    const positive = base.replace("Not", "");
    const hit = wanted.some((w) => matchValue(positive, w, value));
    return negated ? !hit : hit;
  };
  if (set === "ForAllValues") return present.every(one);
  return present.some(one);
}

function matchValue(operator: string, wanted: string, value: string): boolean {
  switch (operator) {
    case "StringEquals":
    case "ArnEquals":
      return wanted === value;
    case "StringEqualsIgnoreCase":
      return wanted.toLowerCase() === value.toLowerCase();
    case "StringLike":
    case "ArnLike":
      return wildcard(wanted, value, false);
    case "Bool":
      return wanted.toLowerCase() === value.toLowerCase();
  }
  throw new Undecidable(`the condition operator ${operator} is not evaluated`);
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
