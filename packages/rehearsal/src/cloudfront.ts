// The path of a request through CloudFront to a Lambda function URL, as pure steps: the
// viewer-request CloudFront Function (run in node:vm), the managed origin request policy's header
// selection, the function URL's invocation event (payload 2.0) and its response rules.
import { randomUUID } from "node:crypto";
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

// Lambda function URL, payload format 2.0 (as its event for a request CloudFront forwarded).

export interface FunctionUrlEvent {
  version: "2.0";
  routeKey: "$default";
  rawPath: string;
  rawQueryString: string;
  cookies?: string[];
  headers: Record<string, string>;
  queryStringParameters?: Record<string, string>;
  requestContext: {
    accountId: string;
    apiId: string;
    domainName: string;
    domainPrefix: string;
    http: { method: string; path: string; protocol: string; sourceIp: string; userAgent: string };
    requestId: string;
    routeKey: "$default";
    stage: "$default";
    time: string;
    timeEpoch: number;
  };
  body?: string;
  isBase64Encoded: boolean;
}

/**
 * The event Lambda builds for a request to a function URL (AuthType NONE). `headers` are those
 * sent to the URL (by CloudFront: see originRequestHeaders); the URL's front end then sets Host,
 * X-Forwarded-Proto/Port and appends the caller (`sourceIp`, CloudFront's address) to
 * X-Forwarded-For. Lambda keeps the Cookie header in `headers` besides `cookies`. Path and query
 * stay raw; queryStringParameters are decoded, repeated names joined with ",".
 */
export function functionUrlEvent(input: {
  method: string;
  url: string;
  headers: NodeHeaders;
  body?: Buffer | string;
  sourceIp: string;
  /** "<url-id>.lambda-url.<region>.on.aws" */
  domainName: string;
  requestId?: string;
  time?: Date;
}): FunctionUrlEvent {
  const [rawPath = "/", rawQueryString = ""] = splitOnce(input.url, "?");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    const key = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    const joined = Array.isArray(value) ? value.join(",") : value;
    headers[key] = headers[key] === undefined ? joined : `${headers[key]},${joined}`;
  }
  const time = input.time ?? new Date();
  const forwardedFor = headers["x-forwarded-for"];
  headers.host = input.domainName;
  headers["x-forwarded-for"] = forwardedFor ? `${forwardedFor}, ${input.sourceIp}` : input.sourceIp;
  headers["x-forwarded-proto"] = "https";
  headers["x-forwarded-port"] = "443";
  const epoch = Math.floor(time.getTime() / 1000).toString(16);
  headers["x-amzn-trace-id"] ??= `Root=1-${epoch}-${randomUUID().replace(/-/g, "").slice(0, 24)}`;
  const cookies = (headers.cookie ?? "").split(";").flatMap((c) => (c.trim() ? [c.trim()] : []));
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    query[name] = query[name] === undefined ? value : `${query[name]},${value}`;
  }
  const body = Buffer.from(input.body ?? "");
  const isBase64Encoded = body.length > 0 && !isTextBody(headers["content-type"], body);
  const [, day, month, year, clock] = time.toUTCString().split(" ");
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: "anonymous",
      apiId: input.domainName.split(".")[0] ?? input.domainName,
      domainName: input.domainName,
      domainPrefix: input.domainName.split(".")[0] ?? input.domainName,
      http: {
        method: input.method.toUpperCase(),
        path: rawPath,
        protocol: "HTTP/1.1",
        sourceIp: input.sourceIp,
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: input.requestId ?? randomUUID(),
      routeKey: "$default",
      stage: "$default",
      time: `${day}/${month}/${year}:${clock} +0000`,
      timeEpoch: time.getTime(),
    },
    ...(body.length > 0 ? { body: body.toString(isBase64Encoded ? "base64" : "utf8") } : {}),
    isBase64Encoded,
  };
}

/**
 * AWS documents only "if the content type of the request is binary, the body is base64-encoded".
 * Followed: LocalStack's function URL emulation (services/lambda_/urlrouter.py): text when the
 * content type mentions text, json or xml and the body is ASCII; anything else is base64. This
 * agrees with what users report from AWS: form posts (application/x-www-form-urlencoded) and
 * multipart bodies arrive base64-encoded, JSON arrives as text.
 */
function isTextBody(contentType: string | undefined, body: Buffer): boolean {
  const type = (contentType ?? "").toLowerCase();
  return ["text", "json", "xml"].some((t) => type.includes(t)) && body.every((b) => b < 0x80);
}

export interface HttpResult {
  statusCode: number;
  /** lower-case names; Set-Cookie and repeated names hold several values */
  headers: Record<string, string[]>;
  body: Buffer;
}

/**
 * What a function URL answers for a handler's return value: anything but an object with a
 * statusCode is a 200 application/json body of that value (JSON-encoded, strings included, as
 * AWS's example shows); `cookies` become Set-Cookie headers; `isBase64Encoded` decodes the body.
 */
export function functionUrlResponse(result: unknown): HttpResult {
  if (result === null || typeof result !== "object" || !("statusCode" in result)) {
    const body = Buffer.from(JSON.stringify(result ?? null));
    return { statusCode: 200, headers: { "content-type": ["application/json"] }, body };
  }
  const r = result as Record<string, unknown> & { statusCode: unknown; headers?: object };
  const fail = (why: string) => new Error(`Function URL response: ${why}`);
  if (typeof r.statusCode !== "number" || !Number.isInteger(r.statusCode)) {
    throw fail(`statusCode ${JSON.stringify(r.statusCode)} is not an integer`);
  }
  const headers: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(r.headers ?? {})) {
    if (!["string", "number", "boolean"].includes(typeof value)) {
      throw fail(`header ${name} is not a string: ${JSON.stringify(value)}`);
    }
    const key = name.toLowerCase();
    headers[key] = [...(headers[key] ?? []), String(value)];
  }
  if (r.cookies !== undefined) {
    if (!Array.isArray(r.cookies) || !r.cookies.every((c) => typeof c === "string")) {
      throw fail("cookies is not an array of strings");
    }
    headers["set-cookie"] = [...(headers["set-cookie"] ?? []), ...r.cookies];
  }
  if (r.body !== undefined && r.body !== null && typeof r.body !== "string") {
    throw fail(`body is not a string: ${typeof r.body}`);
  }
  const encoding = r.isBase64Encoded === true ? "base64" : "utf8";
  const body = typeof r.body === "string" ? Buffer.from(r.body, encoding) : Buffer.alloc(0);
  return { statusCode: r.statusCode, headers, body };
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
const HOP_BY_HOP = new Set([
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

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}
