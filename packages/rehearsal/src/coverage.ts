// Least privilege, the other way round: every statement of every shop function's role must be
// used by some call of the run (recorder.ts records which statements granted each call), or be on
// the short list of statements the journey cannot reach (unreached.ts), each with why. A statement
// neither used nor justified fails the rehearsal, naming the function and the statement; so does
// a justification that no longer matches any statement.
import type { DeployedStage } from "./deploy.ts";
import type { Statement } from "./iam.ts";
import type { StatementUsage } from "./recorder.ts";
import { UNREACHED, type Unreached } from "./unreached.ts";

export interface StatementLine {
  /** Numbered from 1, in the role's order (inline policies, then attached ones). */
  number: number;
  effect: "Allow" | "Deny";
  actions: string[];
  resources: string[];
  status: "used" | "justified" | "unused";
  /** What used it and how often (e.g. ["dynamodb Query", 41]), most frequent first. */
  usedBy: Array<[string, number]>;
  why?: string;
}
export interface FunctionCoverage {
  function: string;
  role: string;
  statements: StatementLine[];
}

const list = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
const sameActions = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length &&
  [...a]
    .map((x) => x.toLowerCase())
    .sort()
    .every((x, i) => x === [...b].map((y) => y.toLowerCase()).sort()[i]);

/** The entry of `unreached` that justifies a statement of a function of `role`, if any. */
export function justification(
  role: string,
  statement: Statement,
  unreached: readonly Unreached[] = UNREACHED,
): Unreached | undefined {
  const actions = list(statement.Action ?? statement.NotAction).map(text);
  const resources = list(statement.Resource ?? statement.NotResource).map(text);
  return unreached.find(
    (u) =>
      (u.roles === "*" || u.roles.includes(role)) &&
      (u.effect ?? "Allow") === statement.Effect &&
      sameActions(u.actions, actions) &&
      (!u.resource || resources.every((r) => u.resource?.test(r))),
  );
}

/**
 * The coverage of the roles of the shop's functions (SHOP_FUNCTION) in `roles` (all when
 * undefined), and the failures: statements neither used nor justified; with `checkList`, also
 * justifications that match no statement.
 */
export function coverage(
  stage: DeployedStage,
  usage: StatementUsage,
  options: {
    roles?: readonly string[];
    checkList?: boolean;
    unreached?: readonly Unreached[];
  } = {},
): { functions: FunctionCoverage[]; failures: string[] } {
  const unreached = options.unreached ?? UNREACHED;
  const failures: string[] = [];
  const functions: FunctionCoverage[] = [];
  const matched = new Set<Unreached>();
  for (const fn of stage.functions.values()) {
    const role = fn.environment.SHOP_FUNCTION;
    if (!role) continue;
    const used = usage.get(fn.logicalId) ?? new Map<number, Map<string, number>>();
    const statements = fn.statements.map((statement, i): StatementLine => {
      const by = [...(used.get(i) ?? new Map<string, number>()).entries()].sort(
        (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
      );
      const justified = justification(role, statement, unreached);
      if (justified) matched.add(justified);
      return {
        number: i + 1,
        effect: statement.Effect,
        actions: list(statement.Action ?? statement.NotAction).map(text),
        resources: list(statement.Resource ?? statement.NotResource).map(text),
        status: by.length > 0 ? "used" : justified ? "justified" : "unused",
        usedBy: by,
        ...(justified && by.length === 0 ? { why: justified.why } : {}),
      };
    });
    if (options.roles && !options.roles.includes(role)) continue;
    functions.push({ function: fn.logicalId, role, statements });
    for (const line of statements) {
      if (line.status !== "unused") continue;
      failures.push(
        `IAM: statement ${line.number} of ${fn.logicalId} (${role}), ${line.effect} ${line.actions.join(", ")} on ${line.resources.join(", ")}, was used by no call of the run and is not justified in packages/rehearsal/src/unreached.ts`,
      );
    }
  }
  if (options.checkList) {
    for (const entry of unreached) {
      if (matched.has(entry)) continue;
      failures.push(
        `IAM: the justification "${entry.actions.join(", ")}" for ${entry.roles === "*" ? "every function" : entry.roles.join(", ")} (packages/rehearsal/src/unreached.ts) matches no statement any more: remove it`,
      );
    }
  }
  functions.sort(
    (a, b) =>
      Number(b.role === "site") - Number(a.role === "site") || a.function.localeCompare(b.function),
  );
  return { functions, failures };
}
