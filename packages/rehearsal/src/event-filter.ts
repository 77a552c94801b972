// Lambda event filtering (an event source mapping's FilterCriteria): the EventBridge-style content
// patterns Lambda applies to each record before a batch reaches the function. A record passes when
// any filter's pattern matches. Only the operators our stacks may use are implemented; any other
// operator (suffix, equals-ignore-case, wildcard, cidr, $or, ...) throws rather than being guessed.

export interface FilterCriteria {
  Filters?: Array<{ Pattern?: string }>;
}

type Scalar = string | number | boolean | null;
type Matcher =
  | Scalar
  | { prefix: string }
  | { exists: boolean }
  | { "anything-but": Scalar[] }
  | { numeric: Array<[string, number]> };
type Pattern = { [field: string]: Pattern | Matcher[] };

const NUMERIC_OPERATORS = new Set(["=", "<", "<=", ">", ">="]);

/** True when the record passes the criteria (no criteria, or no filters: every record passes). */
export function matchesFilterCriteria(
  criteria: FilterCriteria | undefined,
  record: unknown,
): boolean {
  const filters = criteria?.Filters ?? [];
  if (filters.length === 0) return true;
  const patterns = filters.map((filter, i) => {
    if (typeof filter.Pattern !== "string") throw new Error(`Filter ${i} has no Pattern`);
    return parsePattern(filter.Pattern);
  });
  const event = asLambdaFiltersIt(record);
  return patterns.some((pattern) => matchesPattern(pattern, [event]));
}

/**
 * Parses and validates a filter pattern (a JSON string): leaves must be non-empty arrays of
 * values or of the supported operators.
 */
export function parsePattern(text: string): Pattern {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`Filter pattern is not valid JSON: ${text}`);
  }
  return validatePattern(parsed, "");
}

/**
 * SQS: Lambda filters on the parsed body when the body is JSON, else on the string.
 * Other sources (DynamoDB streams included) are filtered on the record as the function sees it.
 */
function asLambdaFiltersIt(record: unknown): unknown {
  if (!isObject(record) || record.eventSource !== "aws:sqs" || typeof record.body !== "string") {
    return record;
  }
  try {
    return { ...record, body: JSON.parse(record.body) };
  } catch {
    return record;
  }
}

function validatePattern(value: unknown, path: string): Pattern {
  if (!isObject(value)) {
    throw new Error(`Filter pattern${path ? ` at ${path}` : ""} must be a JSON object`);
  }
  const pattern: Pattern = {};
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.startsWith("$")) throw new Error(`Unsupported filter operator "${key}" at ${path}`);
    if (Array.isArray(child)) {
      if (child.length === 0) throw new Error(`Filter pattern at ${at} is an empty array`);
      pattern[key] = child.map((m) => validateMatcher(m, at));
    } else if (isObject(child)) {
      pattern[key] = validatePattern(child, at);
    } else {
      throw new Error(`Filter pattern at ${at} must be an array of values or an object`);
    }
  }
  return pattern;
}

function validateMatcher(matcher: unknown, at: string): Matcher {
  if (isScalar(matcher)) return matcher;
  if (!isObject(matcher)) throw new Error(`Invalid filter value at ${at}: ${show(matcher)}`);
  const keys = Object.keys(matcher);
  const [operator] = keys;
  if (keys.length !== 1 || operator === undefined) {
    throw new Error(`Filter operator at ${at} must have exactly one key: ${show(matcher)}`);
  }
  const arg = matcher[operator];
  const invalid = () => new Error(`Invalid "${operator}" at ${at}: ${show(arg)}`);
  switch (operator) {
    case "prefix":
      if (typeof arg !== "string") throw invalid();
      return { prefix: arg };
    case "exists":
      if (typeof arg !== "boolean") throw invalid();
      return { exists: arg };
    case "anything-but": {
      const values = Array.isArray(arg) ? arg : [arg];
      if (values.length === 0 || !values.every((v) => typeof v === "string" || isNumber(v))) {
        throw invalid(); // includes the {"prefix": ...} form, which is not implemented
      }
      return { "anything-but": values as Scalar[] };
    }
    case "numeric": {
      if (!Array.isArray(arg) || arg.length === 0 || arg.length > 4 || arg.length % 2 !== 0) {
        throw invalid();
      }
      const conditions: Array<[string, number]> = [];
      for (let i = 0; i < arg.length; i += 2) {
        const [op, bound] = [arg[i], arg[i + 1]];
        if (typeof op !== "string" || !NUMERIC_OPERATORS.has(op) || !isNumber(bound)) {
          throw invalid();
        }
        conditions.push([op, bound]);
      }
      return { numeric: conditions };
    }
    default:
      throw new Error(`Unsupported filter operator "${operator}" at ${at}`);
  }
}

/**
 * `nodes` are the event's values at the pattern's path. Arrays in the event are flattened, as
 * EventBridge does: a field matches when any of its values matches.
 */
function matchesPattern(pattern: Pattern, nodes: unknown[]): boolean {
  return Object.entries(pattern).every(([key, child]) => {
    const values = nodes.flatMap((node) =>
      isObject(node) && Object.hasOwn(node, key) ? flatten(node[key]) : [],
    );
    if (!Array.isArray(child)) return matchesPattern(child, values.filter(isObject));
    const leaves = values.filter(isScalar);
    return child.some((matcher) => matchesLeaves(matcher, leaves));
  });
}

function matchesLeaves(matcher: Matcher, leaves: Scalar[]): boolean {
  if (isObject(matcher) && "exists" in matcher) return matcher.exists === leaves.length > 0;
  return leaves.some((leaf) => matchesValue(matcher, leaf));
}

function matchesValue(matcher: Matcher, value: Scalar): boolean {
  if (!isObject(matcher)) return matcher === value;
  if ("prefix" in matcher) return typeof value === "string" && value.startsWith(matcher.prefix);
  if ("anything-but" in matcher) return !matcher["anything-but"].includes(value);
  if ("numeric" in matcher) {
    return isNumber(value) && matcher.numeric.every(([op, bound]) => compare(op, value, bound));
  }
  return false;
}

function compare(op: string, value: number, bound: number): boolean {
  switch (op) {
    case "=":
      return value === bound;
    case "<":
      return value < bound;
    case "<=":
      return value <= bound;
    case ">":
      return value > bound;
    default:
      return value >= bound;
  }
}

function flatten(value: unknown): unknown[] {
  return Array.isArray(value) ? value.flatMap(flatten) : [value];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
