// A Lambda function URL, as pure steps: the invocation event (payload format 2.0) Lambda builds
// for a request (here, one CloudFront forwarded), and the rules that turn the handler's answer
// into the HTTP response.
import { randomUUID } from "node:crypto";
import { HOP_BY_HOP, type NodeHeaders, splitOnce } from "./cloudfront.ts";

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

/**
 * Lambda's limits on a buffered (InvokeMode BUFFERED, the default) function URL: the Invoke API's
 * "Invocation payload (request and response): 6 MB each for synchronous" (Lambda quotas; its MB
 * is 1,024 KB). The request is the invocation event as JSON, a binary or form body in it
 * base64-encoded (so about 4.5 MB of multipart body fills it); the answer is the handler's
 * return value as JSON. The numbers are those of Lambda's own messages: "Request must be smaller
 * than 6291456 bytes for the InvokeFunction operation" and "Response payload size exceeded
 * maximum allowed payload size (6291556 bytes)".
 */
export const FUNCTION_URL_LIMITS = {
  requestBytes: 6 * 1024 * 1024,
  responseBytes: 6 * 1024 * 1024 + 100,
} as const;

/** The invocation's payload: the event's JSON, in bytes, as the Invoke API counts it. */
export const eventBytes = (event: FunctionUrlEvent): number =>
  Buffer.byteLength(JSON.stringify(event));

/**
 * What a function URL answers to a request whose event is over the limit: 413, before the
 * function runs (no invocation, nothing in its logs).
 */
export function requestTooLarge(event: FunctionUrlEvent): HttpResult | undefined {
  if (eventBytes(event) <= FUNCTION_URL_LIMITS.requestBytes) return undefined;
  return {
    statusCode: 413,
    headers: { "content-type": ["application/json"] },
    body: Buffer.from(JSON.stringify({ Message: "Request Entity Too Large" })),
  };
}

/**
 * The function's error when its answer is over the limit: the runtime cannot hand it to Lambda,
 * the invocation fails with Function.ResponseSizeTooLarge and the URL answers 502, as for any
 * function error. Undefined for an answer within the limit.
 */
export function responseTooLarge(
  result: unknown,
): { errorType: string; errorMessage: string } | undefined {
  const bytes = Buffer.byteLength(JSON.stringify(result ?? null));
  if (bytes <= FUNCTION_URL_LIMITS.responseBytes) return undefined;
  return {
    errorType: "Function.ResponseSizeTooLarge",
    errorMessage: `Response payload size exceeded maximum allowed payload size (${FUNCTION_URL_LIMITS.responseBytes} bytes).`,
  };
}
