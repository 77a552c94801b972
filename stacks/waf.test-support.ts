// An offline reading of the web ACL's own statements (stacks/Firewall.ts) as AWS WAF evaluates
// them, for the infrastructure tests: byte and regex matches on the method and the URI path with
// their text transformations, implemented as AWS documents them ("Text transformations" in the
// AWS WAF Developer Guide), and the AND, OR, NOT and label statements around them. It reads the
// synthesized template (CloudFormation's PascalCase). A statement or transformation it does not
// know fails the test instead of guessing.

/** A request as the viewer sent it: the path percent-encoded as written. */
export interface WafRequest {
  method: string;
  path: string;
  labels?: readonly string[];
}

type Json = Record<string, unknown>;
interface Transformation {
  Priority: number;
  Type: string;
}

/** `%XX` to its byte; a `%` not followed by two hex digits stays (strings hold bytes as latin1). */
function urlDecode(input: string): string {
  return input
    .replace(/\+/g, " ")
    .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

/**
 * NORMALIZE_PATH: "removes multiple slashes, directory self-references, and directory
 * back-references that are not at the beginning of the input". A back-reference with nothing
 * before it to take back (`/../x`) is kept: that is what "at the beginning" leaves.
 */
export function normalizePath(input: string): string {
  const absolute = input.startsWith("/");
  const parts = input.split("/");
  const trailing = parts.length > 1 && ["", ".", ".."].includes(parts.at(-1) ?? "");
  const out: string[] = [];
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out.at(-1) !== "..") out.pop();
    else out.push(part);
  }
  const path = (absolute ? "/" : "") + out.join("/");
  return trailing && out.length > 0 ? `${path}/` : path || (absolute ? "/" : "");
}

export function transform(type: string, input: string): string {
  switch (type) {
    case "NONE":
      return input;
    case "URL_DECODE":
      return urlDecode(input);
    case "LOWERCASE":
      return input.replace(/[A-Z]/g, (c) => c.toLowerCase());
    case "NORMALIZE_PATH":
      return normalizePath(input);
    case "NORMALIZE_PATH_WIN":
      return normalizePath(input.replace(/\\/g, "/"));
    default:
      throw new Error(`the evaluator does not know the text transformation ${type}`);
  }
}

function field(toMatch: Json, request: WafRequest): string {
  if ("UriPath" in toMatch) return request.path.replace(/[?#].*$/, "");
  if ("Method" in toMatch) return request.method;
  throw new Error(`the evaluator does not know the field ${JSON.stringify(toMatch)}`);
}

function transformed(statement: Json, request: WafRequest): string {
  const steps = [...((statement.TextTransformations as Transformation[]) ?? [])].sort(
    (a, b) => a.Priority - b.Priority,
  );
  return steps.reduce(
    (value, step) => transform(step.Type, value),
    field(statement.FieldToMatch as Json, request),
  );
}

/** Whether a statement of the synthesized web ACL matches the request. */
export function matches(statement: Json, request: WafRequest): boolean {
  const [[kind, body]] = Object.entries(statement) as [[string, Json]];
  switch (kind) {
    case "AndStatement":
      return (body.Statements as Json[]).every((s) => matches(s, request));
    case "OrStatement":
      return (body.Statements as Json[]).some((s) => matches(s, request));
    case "NotStatement":
      return !matches(body.Statement as Json, request);
    case "LabelMatchStatement":
      return (request.labels ?? []).includes(String(body.Key));
    case "RegexMatchStatement":
      return new RegExp(String(body.RegexString)).test(transformed(body, request));
    case "ByteMatchStatement": {
      const value = transformed(body, request);
      const search = String(body.SearchString);
      switch (body.PositionalConstraint) {
        case "EXACTLY":
          return value === search;
        case "STARTS_WITH":
          return value.startsWith(search);
        case "ENDS_WITH":
          return value.endsWith(search);
        case "CONTAINS":
          return value.includes(search);
        default:
          throw new Error(`the evaluator does not know ${String(body.PositionalConstraint)}`);
      }
    }
    default:
      throw new Error(`the evaluator does not know the statement ${kind}`);
  }
}

export interface WafRule {
  Name: string;
  Priority: number;
  Statement: Json;
  Action?: Json;
  OverrideAction?: Json;
}

/** What the web ACL does with a request: the rate rules that count it, and the rule that blocks it. */
export interface Fate {
  counted: string[];
  blockedBy?: string;
}

/**
 * The request through the web ACL's own rules in order. AWS's managed groups are not evaluated
 * (their rules are AWS's); only their labels are, through `request.labels`. A rate rule counts
 * the request when its scope-down statement matches (every request without one).
 */
export function fate(rules: readonly WafRule[], request: WafRequest): Fate {
  const counted: string[] = [];
  for (const rule of [...rules].sort((a, b) => a.Priority - b.Priority)) {
    const statement = rule.Statement;
    if ("ManagedRuleGroupStatement" in statement) continue;
    const rate = statement.RateBasedStatement as Json | undefined;
    if (rate) {
      const scope = rate.ScopeDownStatement as Json | undefined;
      if (!scope || matches(scope, request)) counted.push(rule.Name);
      continue;
    }
    if (rule.Action && "Block" in rule.Action && matches(statement, request)) {
      return { counted, blockedBy: rule.Name };
    }
  }
  return { counted };
}
