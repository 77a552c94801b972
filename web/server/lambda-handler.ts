// The site's Lambda handler (a function URL's event in, its result out), in place of SST's Remix
// wrapper (regional-server.js) and the polyfill SST injects before it (@remix-run/node's
// installGlobals). That polyfill replaces Node's own fetch classes with @remix-run/web-fetch's,
// and bundling it brings @remix-run/node's whole index with undici beside it: about a third of the
// site's cold start parse, for classes Node (20 and later) has built in. Here Remix answers with
// Node's own Request, Response and Headers, as it does locally (web/server.ts installs no
// globals), so the code the tests run is the code on Lambda (docs/decisions/022-lean-bundles.md).
//
// It keeps SST's wrapper's behaviour: X-Forwarded-Host (which the viewer-request function copies
// from Host) names the host; a base64 body is decoded, kept as bytes for a multipart form;
// Set-Cookie values go out as the result's `cookies`; a binary content type's body is base64.
import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { inRequest, lambdaRequestId } from "./request-id.ts";

/** What the handler reads of a function URL event (payload format 2.0). */
export interface FunctionUrlEvent {
  rawPath: string;
  rawQueryString: string;
  headers: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded: boolean;
  /** `requestId`: the URL's id of the request (./request-id.ts). */
  requestContext: { http: { method: string }; requestId?: string };
}

export interface FunctionUrlResult {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body?: string;
  isBase64Encoded: boolean;
}

/** Content types answered as base64 (SST's wrapper's list). */
const BINARY_TYPES = [
  "application/octet-stream",
  "application/epub+zip",
  "application/msword",
  "application/pdf",
  "application/rtf",
  "application/vnd.amazon.ebook",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "font/otf",
  "font/woff",
  "font/woff2",
  "image/bmp",
  "image/gif",
  "image/jpeg",
  "image/png",
  "image/tiff",
  "image/vnd.microsoft.icon",
  "image/webp",
  "audio/3gpp",
  "audio/aac",
  "audio/basic",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/webm",
  "audio/x-aiff",
  "audio/x-midi",
  "audio/x-wav",
  "video/3gpp",
  "video/mp2t",
  "video/mpeg",
  "video/ogg",
  "video/quicktime",
  "video/webm",
  "video/x-msvideo",
  "application/java-archive",
  "application/vnd.apple.installer+xml",
  "application/x-7z-compressed",
  "application/x-apple-diskimage",
  "application/x-bzip",
  "application/x-bzip2",
  "application/x-gzip",
  "application/x-java-archive",
  "application/x-rar-compressed",
  "application/x-tar",
  "application/x-zip",
  "application/zip",
];

const isBinary = (contentType: string | null) =>
  contentType !== null && BINARY_TYPES.some((type) => contentType.includes(type));

/** The event as the Request Remix answers. */
export function requestOf(event: FunctionUrlEvent): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers)) {
    if (value) headers.append(name, value);
  }
  const forwardedHost = headers.get("x-forwarded-host");
  if (forwardedHost) headers.set("host", forwardedHost);
  const search = event.rawQueryString ? `?${event.rawQueryString}` : "";
  // The path after the host, as web/server.ts reads it locally: resolved against a base, a path
  // starting with `//` would name a host (`//x/auth/sign-in` the page /auth/sign-in of host x),
  // a page the web firewall reads otherwise (docs/decisions/019-web-firewall.md).
  const url = new URL(`https://${headers.get("host")}${event.rawPath}${search}`);
  const method = event.requestContext.http.method;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (event.body && method !== "GET" && method !== "HEAD") {
    if (!event.isBase64Encoded) body = event.body;
    else {
      const bytes = Buffer.from(event.body, "base64");
      body = headers.get("content-type")?.includes("multipart/form-data")
        ? new Uint8Array(bytes)
        : bytes.toString();
    }
  }
  return new Request(url.href, { method, headers, body });
}

/** Remix's Response as the function URL's result. */
export async function resultOf(response: Response): Promise<FunctionUrlResult> {
  const cookies = response.headers.getSetCookie();
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  const binary = isBinary(headers.get("content-type"));
  let body: string | undefined;
  if (response.body) {
    body = binary
      ? Buffer.from(await response.arrayBuffer()).toString("base64")
      : await response.text();
  }
  return {
    statusCode: response.status,
    headers: Object.fromEntries(headers.entries()),
    cookies,
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: binary,
  };
}

/**
 * The Lambda handler of a Remix server build: each invocation answered as one request of the
 * build's telemetry, whose log lines carry the Lambda request id (./request-id.ts), the answer's
 * body read within it.
 */
export function createLambdaHandler(build: ServerBuild, mode = process.env.NODE_ENV) {
  const handle = createRequestHandler(build, mode);
  return async (
    event: FunctionUrlEvent,
    context?: { awsRequestId?: string },
  ): Promise<FunctionUrlResult> =>
    inRequest(build, lambdaRequestId(event, context), async () =>
      resultOf(await handle(requestOf(event))),
    );
}
