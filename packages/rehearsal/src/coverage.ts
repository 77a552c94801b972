// Least privilege, the other way round: every statement of every shop function's role must be
// used by some call of the run (recorder.ts records which statements granted each call), or be
// one of the statements its role declares no journey can use, each pinned to its resource, with
// why: a registry function's in functions/src/registry.ts (its entry's own, and those of every
// function of its kind: unreachedOf), the site's in stacks/site-role.ts. A statement neither used
// nor excused fails the rehearsal, naming the function and the statement; so does a declared
// statement that matches no statement of its role any more.
import {
  ENTRIES,
  type PinnedResource,
  type Unreached,
  unreachedOf,
} from "@shop/functions/registry";
import { SITE_UNREACHED } from "../../../stacks/site-role.ts";
import type { DeployedStage } from "./deploy.ts";
import type { Statement } from "./iam.ts";
import type { StatementUsage } from "./recorder.ts";

/** An unreached statement of the role `role` (SHOP_FUNCTION). */
export interface Declared extends Unreached {
  role: string;
}

/** Every role's unreached statements: each registry function's, then the site's. */
export const DECLARED: readonly Declared[] = [
  ...ENTRIES.flatMap(([name, entry]) =>
    unreachedOf(name, entry).map((u) => ({ ...u, role: name })),
  ),
  ...SITE_UNREACHED.map((u) => ({ ...u, role: "site" })),
];

/** Where a role's unreached statements are declared. */
const declaredIn = (role: string) =>
  role === "site" ? "stacks/site-role.ts" : "functions/src/registry.ts";

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

/**
 * The ARNs a pinned resource names on the stage: "*" itself, or the ARN (or the objects' ARN) of
 * each resource whose logical id is the construct's path and CDK's hash.
 */
function arnsOf(pin: PinnedResource, stage: DeployedStage): string[] {
  if (pin === "*") return ["*"];
  const id = new RegExp(`^${pin.construct.replace(/[^A-Za-z0-9]/g, "")}[0-9A-F]{8}$`);
  return stage.arns
    .filter((r) => id.test(r.logicalId))
    .map((r) => (pin.objects ? `${r.arn}/*` : r.arn));
}

/**
 * The declared unreached statement that excuses a statement of a function of `role`, if any:
 * exactly its actions, its effect, and each of its resources one the declaration pins.
 */
export function justification(
  role: string,
  statement: Statement,
  stage: DeployedStage,
  declared: readonly Declared[] = DECLARED,
): Declared | undefined {
  if (statement.Action === undefined || statement.Resource === undefined) return undefined;
  const actions = list(statement.Action).map(text);
  const resources = list(statement.Resource).map(text);
  return declared.find((u) => {
    if (u.role !== role || (u.effect ?? "Allow") !== statement.Effect) return false;
    if (!sameActions(u.actions, actions)) return false;
    const pinned = new Set(u.resources.flatMap((pin) => arnsOf(pin, stage)));
    return resources.length > 0 && resources.every((r) => pinned.has(r));
  });
}

/**
 * The coverage of the roles of the shop's functions (SHOP_FUNCTION) in `roles` (all when
 * undefined), and the failures: statements neither used nor excused; with `checkList`, also
 * declared unreached statements that match no statement.
 */
export function coverage(
  stage: DeployedStage,
  usage: StatementUsage,
  options: {
    roles?: readonly string[];
    checkList?: boolean;
    declared?: readonly Declared[];
  } = {},
): { functions: FunctionCoverage[]; failures: string[] } {
  const declared = options.declared ?? DECLARED;
  const failures: string[] = [];
  const functions: FunctionCoverage[] = [];
  const matched = new Set<Declared>();
  for (const fn of stage.functions.values()) {
    const role = fn.environment.SHOP_FUNCTION;
    if (!role) continue;
    const used = usage.get(fn.logicalId) ?? new Map<number, Map<string, number>>();
    const statements = fn.statements.map((statement, i): StatementLine => {
      const by = [...(used.get(i) ?? new Map<string, number>()).entries()].sort(
        (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
      );
      const justified = justification(role, statement, stage, declared);
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
        `IAM: statement ${line.number} of ${fn.logicalId} (${role}), ${line.effect} ${line.actions.join(", ")} on ${line.resources.join(", ")}, was used by no call of the run and is not declared unreached (${declaredIn(role)})`,
      );
    }
  }
  if (options.checkList) {
    for (const entry of declared) {
      if (matched.has(entry)) continue;
      const on = entry.resources
        .map((pin) => (pin === "*" ? "*" : `${pin.construct}${pin.objects ? "/*" : ""}`))
        .join(", ");
      failures.push(
        `IAM: the unreached statement ${entry.effect ?? "Allow"} ${entry.actions.join(", ")} on ${on} of ${entry.role} (${declaredIn(entry.role)}) matches no statement of its role any more: remove it`,
      );
    }
  }
  functions.sort(
    (a, b) =>
      Number(b.role === "site") - Number(a.role === "site") || a.function.localeCompare(b.function),
  );
  return { functions, failures };
}
