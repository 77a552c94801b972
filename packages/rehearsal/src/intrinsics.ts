// CloudFormation intrinsic functions, evaluated against a (local) deployment: what a synthesized
// template's Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split and Fn::ImportValue become
// once its resources exist. Conditions (Fn::If and friends) are refused: our templates have none.

export interface PhysicalResource {
  /** What `Ref` returns (a name, URL or ARN depending on the resource type). */
  ref: string;
  /** What `Fn::GetAtt` returns, by attribute name. */
  attributes: Record<string, string>;
}

export interface Deployment {
  /** stack name -> logical id -> resource */
  resource(stack: string, logicalId: string): PhysicalResource | undefined;
  /** export name -> value */
  exportValue(name: string): string | undefined;
  parameters?: Record<string, string>;
  pseudo: {
    region: string;
    accountId: string;
    partition: string;
    stackName?: string;
    urlSuffix: string;
  };
}

/** AWS::NoValue: the key or element holding it disappears. */
const NO_VALUE: unique symbol = Symbol("AWS::NoValue");

/**
 * Resolves every intrinsic inside `value` (objects and arrays recursively). Throws an Error naming
 * the stack and the logical id, attribute or export when a reference cannot be resolved.
 */
export function resolve(value: unknown, stack: string, deployment: Deployment): unknown {
  const resolved = evaluate(value, stack, deployment);
  return resolved === NO_VALUE ? undefined : resolved;
}

export interface TemplateOutput {
  Value?: unknown;
  Export?: { Name?: unknown };
  Condition?: string;
}

/** The exports a stack's template declares (Outputs with Export.Name): export name -> value. */
export function exportsOf(
  template: { Outputs?: Record<string, TemplateOutput> },
  stack: string,
  deployment: Deployment,
): Record<string, string> {
  const exports: Record<string, string> = {};
  for (const [id, output] of Object.entries(template.Outputs ?? {})) {
    if (output.Export?.Name === undefined) continue;
    if (output.Condition !== undefined) {
      throw new Error(`${stack}: output ${id} has a Condition, which is not supported`);
    }
    const name = resolve(output.Export.Name, stack, deployment);
    const value = resolve(output.Value, stack, deployment);
    if (typeof name !== "string" || typeof value !== "string") {
      throw new Error(`${stack}: output ${id} does not resolve to a string name and value`);
    }
    exports[name] = value;
  }
  return exports;
}

type Value = unknown | typeof NO_VALUE;

function evaluate(value: unknown, stack: string, deployment: Deployment): Value {
  if (Array.isArray(value)) {
    return value.map((v) => evaluate(v, stack, deployment)).filter((v) => v !== NO_VALUE);
  }
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  const [key] = keys;
  if (keys.length === 1 && key !== undefined && (key === "Ref" || key.startsWith("Fn::"))) {
    return intrinsic(key, (value as Record<string, unknown>)[key], stack, deployment);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const resolved = evaluate(v, stack, deployment);
    if (resolved !== NO_VALUE) out[k] = resolved;
  }
  return out;
}

function intrinsic(name: string, arg: unknown, stack: string, deployment: Deployment): Value {
  const sub = (v: unknown) => evaluate(v, stack, deployment);
  switch (name) {
    case "Ref":
      return ref(expectString(arg, stack, name), stack, deployment);
    case "Fn::GetAtt": {
      const [id, attribute] = getAttArgs(sub(arg), stack);
      return getAtt(id, attribute, stack, deployment);
    }
    case "Fn::Join": {
      const [delimiter, list] = pair(sub(arg), stack, name);
      return stringList(list, stack, name).join(expectString(delimiter, stack, name));
    }
    case "Fn::Sub":
      return substitute(arg, stack, deployment);
    case "Fn::Select": {
      const [index, list] = pair(sub(arg), stack, name);
      const items = listOf(list, stack, name);
      const i = typeof index === "string" && /^\d+$/.test(index) ? Number(index) : index;
      if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= items.length) {
        throw new Error(`${stack}: Fn::Select index ${String(index)} out of range`);
      }
      return items[i];
    }
    case "Fn::Split": {
      const [delimiter, source] = pair(sub(arg), stack, name);
      return expectString(source, stack, name).split(expectString(delimiter, stack, name));
    }
    case "Fn::ImportValue": {
      const exportName = expectString(sub(arg), stack, name);
      const imported = deployment.exportValue(exportName);
      if (imported === undefined) {
        throw new Error(`${stack}: Fn::ImportValue of unknown export "${exportName}"`);
      }
      return imported;
    }
    default:
      throw new Error(`${stack}: intrinsic function ${name} is not supported`);
  }
}

const PSEUDO: Record<string, (d: Deployment, stack: string) => string> = {
  "AWS::Region": (d) => d.pseudo.region,
  "AWS::AccountId": (d) => d.pseudo.accountId,
  "AWS::Partition": (d) => d.pseudo.partition,
  "AWS::URLSuffix": (d) => d.pseudo.urlSuffix,
  "AWS::StackName": (d, stack) => d.pseudo.stackName ?? stack,
};

function ref(name: string, stack: string, deployment: Deployment): Value {
  if (name === "AWS::NoValue") return NO_VALUE;
  const pseudo = PSEUDO[name];
  if (pseudo) return pseudo(deployment, stack);
  if (name.startsWith("AWS::")) {
    throw new Error(`${stack}: pseudo parameter ${name} is not supported`);
  }
  const parameter = deployment.parameters?.[name];
  if (parameter !== undefined) return parameter;
  const resource = deployment.resource(stack, name);
  if (!resource) throw new Error(`${stack}: Ref to unknown resource or parameter "${name}"`);
  return resource.ref;
}

function getAtt(id: string, attribute: string, stack: string, deployment: Deployment): string {
  const resource = deployment.resource(stack, id);
  if (!resource) throw new Error(`${stack}: Fn::GetAtt of unknown resource "${id}"`);
  const value = resource.attributes[attribute];
  if (value === undefined) {
    throw new Error(`${stack}: resource "${id}" has no attribute "${attribute}"`);
  }
  return value;
}

/** ["Id", "Attr"] or "Id.Attr" (split at the first dot: attributes such as Endpoint.Address). */
function getAttArgs(arg: unknown, stack: string): [string, string] {
  if (typeof arg === "string") {
    const dot = arg.indexOf(".");
    if (dot > 0) return [arg.slice(0, dot), arg.slice(dot + 1)];
  } else if (Array.isArray(arg) && arg.length === 2) {
    const [id, attribute] = arg;
    if (typeof id === "string" && typeof attribute === "string") return [id, attribute];
  }
  throw new Error(`${stack}: malformed Fn::GetAtt ${JSON.stringify(arg)}`);
}

/** Fn::Sub: "text ${Name} ${Id.Attr} ${!Literal}" or [text, { Name: value }]. */
function substitute(arg: unknown, stack: string, deployment: Deployment): string {
  const [template, vars] = Array.isArray(arg) ? arg : [arg, {}];
  if (typeof template !== "string" || vars === null || typeof vars !== "object") {
    throw new Error(`${stack}: malformed Fn::Sub ${JSON.stringify(arg)}`);
  }
  const variables = evaluate(vars, stack, deployment) as Record<string, unknown>;
  return template.replace(/\$\{([^}]*)\}/g, (_, inner: string) => {
    if (inner.startsWith("!")) return `\${${inner.slice(1)}}`;
    const name = inner.trim();
    if (Object.hasOwn(variables, name)) return expectString(variables[name], stack, "Fn::Sub");
    if (name.includes(".") && !name.startsWith("AWS::")) {
      const [id, attribute] = getAttArgs(name, stack);
      return getAtt(id, attribute, stack, deployment);
    }
    return expectString(ref(name, stack, deployment), stack, "Fn::Sub");
  });
}

function pair(arg: unknown, stack: string, name: string): [unknown, unknown] {
  if (!Array.isArray(arg) || arg.length !== 2) {
    throw new Error(`${stack}: ${name} expects two arguments, got ${JSON.stringify(arg)}`);
  }
  return [arg[0], arg[1]];
}

function listOf(value: unknown, stack: string, name: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${stack}: ${name} expects a list`);
  return value;
}

function stringList(value: unknown, stack: string, name: string): string[] {
  return listOf(value, stack, name).map((v) => expectString(v, stack, name));
}

function expectString(value: unknown, stack: string, name: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  throw new Error(`${stack}: ${name} expects a string, got ${JSON.stringify(value)}`);
}
