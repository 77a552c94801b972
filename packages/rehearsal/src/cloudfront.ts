// The path of a request through CloudFront, as pure steps: the viewer-request CloudFront
// Function (run in node:vm) and the managed origin request policy's header selection. The
// function URL behind it is ./function-url.ts.
import vm from "node:vm";

export interface CfValue {
  value: string;
  multiValue?: Array<{ value: string }>;
}
export type CfValues = Record<string, CfValue>;
export interface CfRequest {
  method: string;
  uri: string;
  querystring: CfValues;
  headers: CfValues;
  cookies: CfValues;
}
export interface CfResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: CfValues;
  cookies?: Record<string, CfValue & { attributes?: string }>;
  body?: string | { encoding: "text" | "base64"; data: string };
}
export interface CfFunctionEvent {
  version: "1.0";
  context: {
    eventType: "viewer-request";
    distributionDomainName?: string;
    distributionId?: string;
    requestId?: string;
  };
  viewer: { ip: string };
  request: CfRequest;
}
export type CfFunctionResult = CfRequest | CfResponse;
/** Node's IncomingMessage.headers shape (lower-case names). */
export type NodeHeaders = Record<string, string | string[] | undefined>;

/**
 * The viewer-request event for a request as Node received it. The URI and the query string stay
 * as the viewer spelled them (percent-encoded); Cookie headers go to `cookies`, not `headers`.
 */
export function cfEventFromRequest(input: {
  method: string;
  url: string;
  headers: NodeHeaders;
  ip: string;
  context?: Omit<CfFunctionEvent["context"], "eventType">;
}): CfFunctionEvent {
  const [uri = "/", query = ""] = splitOnce(input.url, "?");
  const headers: CfValues = {};
  const cookies: CfValues = {};
  for (const [name, value] of Object.entries(input.headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (name.toLowerCase() === "cookie") {
      for (const pair of values.flatMap((v) => v.split(";"))) {
        if (pair.trim()) addValue(cookies, ...splitOnce(pair.trim(), "="));
      }
    } else {
      for (const v of values) addValue(headers, name.toLowerCase(), v);
    }
  }
  const querystring: CfValues = {};
  for (const pair of query.split("&")) if (pair) addValue(querystring, ...splitOnce(pair, "="));
  const request = { method: input.method.toUpperCase(), uri, querystring, headers, cookies };
  const context = { ...input.context, eventType: "viewer-request" as const };
  return { version: "1.0", context, viewer: { ip: input.ip }, request };
}

export function isCfResponse(result: CfFunctionResult): result is CfResponse {
  return typeof (result as Partial<CfResponse>).statusCode === "number";
}

/**
 * Runs a CloudFront Function's code (it defines `handler(event)`) in a fresh vm context. The
 * event goes in, and the result comes out, as JSON, so neither side shares objects with the
 * other. A returned promise (cloudfront-js-2.0 async handlers) must settle within the time limit.
 * The runtimes' language restrictions (cloudfront-js-1.0 is ES 5.1 plus a few ES6 features) are
 * not checked.
 */
export function runCloudFrontFunction(
  code: string,
  event: CfFunctionEvent,
  options: { timeoutMs?: number; log?: (line: string) => void } = {},
): CfFunctionResult {
  const io: { event: string; result?: string; error?: string; settled?: boolean } = {
    event: JSON.stringify(event),
  };
  const log = options.log ?? (() => {});
  const sandbox = { __io: io, console: { log: (...a: unknown[]) => log(a.map(String).join(" ")) } };
  const context = vm.createContext(sandbox, {
    codeGeneration: { strings: false, wasm: false },
    microtaskMode: "afterEvaluate",
  });
  const runner = `${code}
;(function (io) {
  function done(value) { io.result = JSON.stringify(value); io.settled = true; }
  function failed(e) { io.error = String((e && e.stack) || e); io.settled = true; }
  var out = handler(JSON.parse(io.event));
  if (out && typeof out.then === "function") out.then(done, failed); else done(out);
})(__io);`;
  try {
    vm.runInContext(runner, context, { timeout: options.timeoutMs ?? 1000, filename: "cf.js" });
  } catch (error) {
    throw new Error(`CloudFront function failed: ${(error as { message?: string }).message}`);
  }
  if (io.error !== undefined) throw new Error(`CloudFront function failed: ${io.error}`);
  if (!io.settled) throw new Error("CloudFront function's promise did not settle");
  const result: unknown = io.result === undefined ? undefined : JSON.parse(io.result);
  return checkResult(result, event.request);
}

function checkResult(result: unknown, request: CfRequest): CfFunctionResult {
  const fail = (why: string) => new Error(`CloudFront function returned ${why}`);
  if (result === null || typeof result !== "object") throw fail(`no object: ${String(result)}`);
  const r = result as Partial<CfRequest & CfResponse>;
  if ("statusCode" in r) {
    if (!Number.isInteger(r.statusCode)) throw fail(`a non-integer statusCode`);
    return r as CfResponse;
  }
  if (typeof r.uri !== "string" || !r.uri.startsWith("/")) throw fail(`a bad uri: ${r.uri}`);
  if (r.method !== request.method) throw fail("a request with a changed (read-only) method");
  return { querystring: {}, headers: {}, cookies: {}, ...r } as CfRequest;
}

/** The URL (path and query) of a request a function let through. */
export function cfRequestUrl(request: CfRequest): string {
  const query = Object.entries(request.querystring)
    .flatMap(([name, v]) => valuesOf(v).map((value) => `${name}=${value}`))
    .join("&");
  return query ? `${request.uri}?${query}` : request.uri;
}

/** The headers of a request a function let through, with its cookies as one Cookie header. */
export function cfRequestHeaders(request: CfRequest): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, v] of Object.entries(request.headers)) {
    const values = valuesOf(v);
    headers[name.toLowerCase()] = values.length === 1 ? (values[0] ?? "") : values;
  }
  const cookies = Object.entries(request.cookies).flatMap(([name, v]) =>
    valuesOf(v).map((value) => `${name}=${value}`),
  );
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  return headers;
}

// Managed origin request policies (AWS's documented settings), by id.

export interface OriginRequestPolicy {
  name: string;
  /** allViewer: every viewer header; allExcept: all but `headers`; whitelist: only `headers`. */
  headerBehavior: "allViewer" | "allExcept" | "whitelist";
  headers: string[];
  /** CloudFront-generated headers included (when CloudFront supplies them). */
  cloudFrontHeaders: string[];
  cookies: "all" | "none";
  queryStrings: "all" | "none";
}

export const ORIGIN_REQUEST_POLICIES: Record<string, OriginRequestPolicy> = {
  "216adef6-5c7f-47e4-b989-5492eafa07d3": {
    name: "Managed-AllViewer",
    headerBehavior: "allViewer",
    headers: [],
    cloudFrontHeaders: [],
    cookies: "all",
    queryStrings: "all",
  },
  "b689b0a8-53d0-40ab-baf2-68738e2966ac": {
    name: "Managed-AllViewerExceptHostHeader",
    headerBehavior: "allExcept",
    headers: ["host"],
    cloudFrontHeaders: [
      "cloudfront-forwarded-proto",
      "cloudfront-is-android-viewer",
      "cloudfront-is-desktop-viewer",
      "cloudfront-is-ios-viewer",
      "cloudfront-is-mobile-viewer",
      "cloudfront-is-smarttv-viewer",
      "cloudfront-is-tablet-viewer",
      "cloudfront-viewer-address",
      "cloudfront-viewer-asn",
      "cloudfront-viewer-city",
      "cloudfront-viewer-country",
      "cloudfront-viewer-country-name",
      "cloudfront-viewer-country-region",
      "cloudfront-viewer-country-region-name",
      "cloudfront-viewer-http-version",
      "cloudfront-viewer-latitude",
      "cloudfront-viewer-longitude",
      "cloudfront-viewer-metro-code",
      "cloudfront-viewer-postal-code",
      "cloudfront-viewer-time-zone",
      "cloudfront-viewer-tls",
    ],
    cookies: "all",
    queryStrings: "all",
  },
  "88a5eaf4-2fd4-4709-b370-b4c650ea3fcf": {
    name: "Managed-CORS-S3Origin",
    headerBehavior: "whitelist",
    headers: ["origin", "access-control-request-headers", "access-control-request-method"],
    cloudFrontHeaders: [],
    cookies: "none",
    queryStrings: "none",
  },
};

/** Hop-by-hop headers: never forwarded by a proxy. */
export const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
/** Headers CloudFront adds to every origin request whatever the policy. */
const ALWAYS_ADDED = new Set(["via", "x-amz-cf-id", "x-forwarded-for"]);

/**
 * The headers an origin request carries under a managed policy: the viewer's headers the policy
 * includes (Cookie only when it includes cookies), the policy's CloudFront headers that
 * `cloudFrontHeaders` supplies, and Via, X-Amz-Cf-Id and X-Forwarded-For (the viewer's list with
 * CloudFront's entry appended). Host, when the policy drops it, is the origin's: set downstream.
 */
export function originRequestHeaders(
  policyId: string,
  viewerHeaders: NodeHeaders,
  cloudFrontHeaders: Record<string, string>,
): Record<string, string | string[]> {
  const policy = ORIGIN_REQUEST_POLICIES[policyId];
  if (!policy) throw new Error(`Unknown origin request policy ${policyId}`);
  const out: Record<string, string | string[]> = {};
  for (const [raw, value] of Object.entries(viewerHeaders)) {
    const name = raw.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(name) || ALWAYS_ADDED.has(name)) continue;
    const listed = policy.headers.includes(name);
    const included =
      name === "cookie"
        ? policy.cookies === "all"
        : policy.headerBehavior === "allViewer" ||
          (policy.headerBehavior === "allExcept" ? !listed : listed);
    if (included) out[name] = value;
  }
  let forwardedFor = [viewerHeaders["x-forwarded-for"] ?? []].flat();
  for (const [raw, value] of Object.entries(cloudFrontHeaders)) {
    const name = raw.toLowerCase();
    if (name === "x-forwarded-for") forwardedFor = [...forwardedFor, value];
    else if (ALWAYS_ADDED.has(name) || policy.cloudFrontHeaders.includes(name)) out[name] = value;
  }
  if (forwardedFor.length > 0) out["x-forwarded-for"] = forwardedFor.join(", ");
  return out;
}

function valuesOf(v: CfValue): string[] {
  return v.multiValue && v.multiValue.length > 0 ? v.multiValue.map((m) => m.value) : [v.value];
}

function addValue(target: CfValues, name: string, value = ""): void {
  const existing = target[name];
  if (!existing) target[name] = { value };
  else existing.multiValue = [...(existing.multiValue ?? [{ value: existing.value }]), { value }];
}

export function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}
