import { describe, expect, it } from "vitest";
import {
  type CfFunctionEvent,
  type CfRequest,
  cfEventFromRequest,
  cfRequestHeaders,
  cfRequestUrl,
  isCfResponse,
  ORIGIN_REQUEST_POLICIES,
  originRequestHeaders,
  runCloudFrontFunction,
} from "./cloudfront.ts";
import { functionUrlEvent, functionUrlResponse } from "./function-url.ts";

// FunctionCode of the two AWS::CloudFront::Function resources in .sst/synth/dev/Web.template.json.
const SITE_FUNCTION =
  'function handler(r){var e=r.request;return e.headers["x-forwarded-host"]=e.headers.host,e}\n';
const STATIC_FUNCTION =
  'function handler(n){var e=n.request;return e.uri=e.uri.split("/").map(encodeURIComponent).join("/"),e}\n';
// DefaultCacheBehavior.OriginRequestPolicyId of the site's distribution.
const ALL_VIEWER_EXCEPT_HOST = "b689b0a8-53d0-40ab-baf2-68738e2966ac";
const FUNCTION_URL_DOMAIN = "abc123xyz.lambda-url.eu-west-1.on.aws";

function viewerEvent(url = "/", headers: Record<string, string | string[]> = {}, method = "GET") {
  return cfEventFromRequest({
    method,
    url,
    headers: { host: "shop.example.com", "user-agent": "test", ...headers },
    ip: "198.51.100.7",
  });
}

const asRequest = (result: ReturnType<typeof runCloudFrontFunction>): CfRequest => {
  if (isCfResponse(result)) throw new Error("expected a request");
  return result;
};

describe("cfEventFromRequest", () => {
  it("builds CloudFront's viewer-request event from a Node request", () => {
    const event = cfEventFromRequest({
      method: "post",
      url: "/search/caf%C3%A9?q=a%20b&tag=x&tag=y&flag",
      headers: {
        host: "shop.example.com",
        accept: ["text/html", "application/json"],
        cookie: "session=abc; theme=dark; session=def",
        "x-missing": undefined,
      },
      ip: "2001:db8::1",
      context: { distributionDomainName: "d123.cloudfront.net", requestId: "r1" },
    });
    expect(event).toEqual({
      version: "1.0",
      context: {
        distributionDomainName: "d123.cloudfront.net",
        requestId: "r1",
        eventType: "viewer-request",
      },
      viewer: { ip: "2001:db8::1" },
      request: {
        method: "POST",
        uri: "/search/caf%C3%A9",
        querystring: {
          q: { value: "a%20b" },
          tag: { value: "x", multiValue: [{ value: "x" }, { value: "y" }] },
          flag: { value: "" },
        },
        headers: {
          host: { value: "shop.example.com" },
          accept: {
            value: "text/html",
            multiValue: [{ value: "text/html" }, { value: "application/json" }],
          },
        },
        cookies: {
          session: { value: "abc", multiValue: [{ value: "abc" }, { value: "def" }] },
          theme: { value: "dark" },
        },
      } satisfies CfRequest,
    } satisfies CfFunctionEvent);
  });

  it("lower-cases header names; several Cookie headers all become cookies", () => {
    const event = cfEventFromRequest({
      method: "GET",
      url: "/",
      headers: { "X-Custom": "1", Cookie: ["a=1", "b=2=3"] },
      ip: "192.0.2.1",
    });
    expect(event.request.headers).toEqual({ "x-custom": { value: "1" } });
    expect(event.request.cookies).toEqual({ a: { value: "1" }, b: { value: "2=3" } });
    expect(event.request.querystring).toEqual({});
  });
});

describe("runCloudFrontFunction", () => {
  it("the site's function copies Host into X-Forwarded-Host", () => {
    const result = asRequest(runCloudFrontFunction(SITE_FUNCTION, viewerEvent("/cart")));
    expect(result.headers["x-forwarded-host"]).toEqual({ value: "shop.example.com" });
    expect(result.uri).toBe("/cart");
    expect(isCfResponse(result)).toBe(false);
  });

  it("the static behavior's function percent-encodes each path segment", () => {
    const run = (url: string) =>
      asRequest(runCloudFrontFunction(STATIC_FUNCTION, viewerEvent(url)));
    expect(run("/flags/$fr.svg").uri).toBe("/flags/%24fr.svg");
    expect(run("/assets/entry.client-AB12.js").uri).toBe("/assets/entry.client-AB12.js");
    // The URI reaches the function still percent-encoded, so an encoded character is encoded twice.
    expect(run("/assets/a%20b.js").uri).toBe("/assets/a%2520b.js");
  });

  it("a function may answer itself: the result is a response", () => {
    const code = `function handler(event) {
      if (event.request.method === "POST") {
        return { statusCode: 403, statusDescription: "Forbidden", headers: { x: { value: "1" } } };
      }
      return event.request;
    }`;
    const result = runCloudFrontFunction(code, viewerEvent("/", {}, "POST"));
    expect(isCfResponse(result)).toBe(true);
    expect(result).toEqual({
      statusCode: 403,
      statusDescription: "Forbidden",
      headers: { x: { value: "1" } },
    });
    expect(isCfResponse(runCloudFrontFunction(code, viewerEvent()))).toBe(false);
  });

  it("runs in a fresh context without Node's globals; the caller's event stays as it was", () => {
    const code = `function handler(e) {
      globalThis.runs = (globalThis.runs || 0) + 1;
      e.request.headers["x-probe"] = { value: typeof process + "," + typeof require + "," + runs };
      return e.request;
    }`;
    const event = viewerEvent();
    const first = asRequest(runCloudFrontFunction(code, event));
    const second = asRequest(runCloudFrontFunction(code, event));
    expect(first.headers["x-probe"]).toEqual({ value: "undefined,undefined,1" });
    expect(second.headers["x-probe"]).toEqual({ value: "undefined,undefined,1" });
    expect(event.request.headers["x-probe"]).toBeUndefined();
  });

  it("awaits an async (cloudfront-js-2.0) handler", () => {
    const code =
      'async function handler(e) { await null; e.request.uri = "/index.html"; return e.request; }';
    expect(asRequest(runCloudFrontFunction(code, viewerEvent("/"))).uri).toBe("/index.html");
    const never = "function handler() { return new Promise(function () {}); }";
    expect(() => runCloudFrontFunction(never, viewerEvent())).toThrow(/did not settle/);
    const rejects = 'async function handler() { throw new Error("nope"); }';
    expect(() => runCloudFrontFunction(rejects, viewerEvent())).toThrow(/nope/);
  });

  it("forwards console.log lines to the log option", () => {
    const lines: string[] = [];
    const code = 'function handler(e) { console.log("uri", e.request.uri, 1); return e.request; }';
    runCloudFrontFunction(code, viewerEvent("/x"), { log: (line) => lines.push(line) });
    expect(lines).toEqual(["uri /x 1"]);
  });

  it("fails loudly: errors, time limit, missing handler, bad results", () => {
    const run = (code: string, timeoutMs?: number) => () =>
      runCloudFrontFunction(code, viewerEvent(), { timeoutMs });
    expect(run('function handler() { throw new Error("boom"); }')).toThrow(/failed.*boom/);
    expect(run("function handler() { for (;;) {} }", 50)).toThrow(/failed.*timed out/);
    expect(run("var x = 1;")).toThrow(/handler is not defined/);
    expect(run("function handler() {}")).toThrow(/returned no object/);
    expect(run('function handler(e) { e.request.method = "PUT"; return e.request; }')).toThrow(
      /read-only/,
    );
    expect(run('function handler(e) { e.request.uri = "x"; return e.request; }')).toThrow(/uri/);
    expect(run('function handler() { return { statusCode: "302" }; }')).toThrow(/integer/);
  });
});

describe("cfRequestUrl and cfRequestHeaders", () => {
  it("rebuild the URL and headers of a request a function let through", () => {
    const code = `function handler(e) {
      var r = e.request;
      r.querystring.added = { value: "1" };
      r.headers.accept.multiValue.push({ value: "image/png" });
      r.cookies.extra = { value: "z" };
      return r;
    }`;
    const event = viewerEvent("/p?q=a%20b&tag=x&tag=y", {
      accept: ["text/html", "application/json"],
      cookie: "session=abc",
    });
    const result = asRequest(runCloudFrontFunction(code, event));
    expect(cfRequestUrl(result)).toBe("/p?q=a%20b&tag=x&tag=y&added=1");
    expect(cfRequestHeaders(result)).toEqual({
      host: "shop.example.com",
      "user-agent": "test",
      accept: ["text/html", "application/json", "image/png"],
      cookie: "session=abc; extra=z",
    });
    expect(cfRequestUrl(viewerEvent("/only").request)).toBe("/only");
  });
});

describe("originRequestHeaders", () => {
  const cloudFront = {
    "cloudfront-viewer-address": "198.51.100.7:50123",
    "cloudfront-forwarded-proto": "https",
    "cloudfront-is-mobile-viewer": "false",
    "cloudfront-viewer-ja3-fingerprint": "abc",
    via: "2.0 1234.cloudfront.net (CloudFront)",
    "x-amz-cf-id": "cf-id",
    "x-forwarded-for": "198.51.100.7",
  };
  const viewer = {
    host: "shop.example.com",
    "x-forwarded-host": "shop.example.com",
    cookie: "session=abc",
    origin: "https://shop.example.com",
    connection: "keep-alive",
    "x-forwarded-for": "10.0.0.1",
    "cloudfront-viewer-address": "6.6.6.6:1",
    accept: ["text/html", "application/json"],
  };

  it("AllViewerExceptHostHeader: viewer headers but Host, cookies, its CloudFront headers", () => {
    expect(originRequestHeaders(ALL_VIEWER_EXCEPT_HOST, viewer, cloudFront)).toEqual({
      "x-forwarded-host": "shop.example.com",
      cookie: "session=abc",
      origin: "https://shop.example.com",
      accept: ["text/html", "application/json"],
      "cloudfront-viewer-address": "198.51.100.7:50123",
      "cloudfront-forwarded-proto": "https",
      "cloudfront-is-mobile-viewer": "false",
      via: "2.0 1234.cloudfront.net (CloudFront)",
      "x-amz-cf-id": "cf-id",
      "x-forwarded-for": "10.0.0.1, 198.51.100.7",
    });
  });

  it("AllViewer keeps Host and adds no CloudFront-* headers", () => {
    const headers = originRequestHeaders(
      "216adef6-5c7f-47e4-b989-5492eafa07d3",
      viewer,
      cloudFront,
    );
    expect(headers.host).toBe("shop.example.com");
    expect(headers.cookie).toBe("session=abc");
    expect(headers["cloudfront-viewer-address"]).toBe("6.6.6.6:1"); // the viewer's own header
    expect(headers["cloudfront-forwarded-proto"]).toBeUndefined();
    expect(headers.connection).toBeUndefined();
  });

  it("CORS-S3Origin: the three CORS headers only, no cookies", () => {
    const headers = originRequestHeaders(
      "88a5eaf4-2fd4-4709-b370-b4c650ea3fcf",
      { ...viewer, "access-control-request-method": "PUT" },
      { via: "v", "x-amz-cf-id": "i" },
    );
    expect(headers).toEqual({
      origin: "https://shop.example.com",
      "access-control-request-method": "PUT",
      via: "v",
      "x-amz-cf-id": "i",
      "x-forwarded-for": "10.0.0.1",
    });
  });

  it("an unknown policy id throws; the table names the managed policies", () => {
    expect(() => originRequestHeaders("nope", viewer, cloudFront)).toThrow(/Unknown.*nope/);
    expect(ORIGIN_REQUEST_POLICIES[ALL_VIEWER_EXCEPT_HOST]?.name).toBe(
      "Managed-AllViewerExceptHostHeader",
    );
    expect(ORIGIN_REQUEST_POLICIES[ALL_VIEWER_EXCEPT_HOST]?.queryStrings).toBe("all");
    expect(ORIGIN_REQUEST_POLICIES["88a5eaf4-2fd4-4709-b370-b4c650ea3fcf"]?.queryStrings).toBe(
      "none",
    );
  });
});

describe("functionUrlEvent", () => {
  const time = new Date("2026-03-05T09:03:58.390Z");

  it("builds the payload 2.0 event Lambda passes for a GET", () => {
    const event = functionUrlEvent({
      method: "get",
      url: "/products/caf%C3%A9?q=linen+shirt&size=M&size=L",
      headers: {
        "x-forwarded-host": "shop.example.com",
        "user-agent": "Mozilla/5.0",
        cookie: "session=abc; theme=dark",
        accept: ["text/html", "application/json"],
        connection: "keep-alive",
        "x-forwarded-for": "198.51.100.7",
        "x-amzn-trace-id": "Root=1-abc",
      },
      sourceIp: "130.176.1.2",
      domainName: FUNCTION_URL_DOMAIN,
      requestId: "req-1",
      time,
    });
    expect(event).toEqual({
      version: "2.0",
      routeKey: "$default",
      rawPath: "/products/caf%C3%A9",
      rawQueryString: "q=linen+shirt&size=M&size=L",
      cookies: ["session=abc", "theme=dark"],
      headers: {
        "x-forwarded-host": "shop.example.com",
        "user-agent": "Mozilla/5.0",
        cookie: "session=abc; theme=dark",
        accept: "text/html,application/json",
        host: FUNCTION_URL_DOMAIN,
        "x-forwarded-for": "198.51.100.7, 130.176.1.2",
        "x-forwarded-proto": "https",
        "x-forwarded-port": "443",
        "x-amzn-trace-id": "Root=1-abc",
      },
      queryStringParameters: { q: "linen shirt", size: "M,L" },
      requestContext: {
        accountId: "anonymous",
        apiId: "abc123xyz",
        domainName: FUNCTION_URL_DOMAIN,
        domainPrefix: "abc123xyz",
        http: {
          method: "GET",
          path: "/products/caf%C3%A9",
          protocol: "HTTP/1.1",
          sourceIp: "130.176.1.2",
          userAgent: "Mozilla/5.0",
        },
        requestId: "req-1",
        routeKey: "$default",
        stage: "$default",
        time: "05/Mar/2026:09:03:58 +0000",
        timeEpoch: time.getTime(),
      },
      isBase64Encoded: false,
    });
  });

  it("omits cookies, query parameters and body when there are none; generates ids", () => {
    const event = functionUrlEvent({
      method: "GET",
      url: "/",
      headers: {},
      sourceIp: "130.176.1.2",
      domainName: FUNCTION_URL_DOMAIN,
    });
    expect(event).not.toHaveProperty("cookies");
    expect(event).not.toHaveProperty("queryStringParameters");
    expect(event).not.toHaveProperty("body");
    expect(event.rawQueryString).toBe("");
    expect(event.headers["x-forwarded-for"]).toBe("130.176.1.2");
    expect(event.headers["x-amzn-trace-id"]).toMatch(/^Root=1-[0-9a-f]{8}-[0-9a-f]{24}$/);
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.requestContext.http.userAgent).toBe("");
  });

  it("repeated header names (any case) are joined with a comma", () => {
    const event = functionUrlEvent({
      method: "GET",
      url: "/",
      headers: { "X-A": "1", "x-a": ["2", "3"] },
      sourceIp: "1.2.3.4",
      domainName: FUNCTION_URL_DOMAIN,
    });
    expect(event.headers["x-a"]).toBe("1,2,3");
  });

  it.each([
    ["application/json", '{"a":"b"}', false],
    ["application/json; charset=utf-8", '{"a":"b"}', false],
    ["text/plain", "hello", false],
    ["application/xml", "<a/>", false],
    ["application/vnd.api+json", "{}", false],
    ["application/x-www-form-urlencoded", "email=a%40b.c&next=%2F", true],
    ["multipart/form-data; boundary=x", "--x--", true],
    ["application/octet-stream", "raw", true],
    [undefined, "raw", true],
    ["application/json", '{"name":"café"}', true],
  ])("a %s body %j is base64-encoded: %s", (type, text, base64) => {
    const event = functionUrlEvent({
      method: "POST",
      url: "/",
      headers: type ? { "content-type": type } : {},
      body: Buffer.from(text),
      sourceIp: "1.2.3.4",
      domainName: FUNCTION_URL_DOMAIN,
    });
    expect(event.isBase64Encoded).toBe(base64);
    expect(event.body).toBe(base64 ? Buffer.from(text).toString("base64") : text);
  });
});

describe("functionUrlResponse", () => {
  it("a value without statusCode is a 200 JSON body of that value", () => {
    const json = (value: unknown) => {
      const r = functionUrlResponse(value);
      return [r.statusCode, r.headers["content-type"], r.body.toString()];
    };
    expect(json("Hello, world!")).toEqual([200, ["application/json"], '"Hello, world!"']);
    expect(json({ message: "hi" })).toEqual([200, ["application/json"], '{"message":"hi"}']);
    expect(json(undefined)).toEqual([200, ["application/json"], "null"]);
    expect(json([1, 2])).toEqual([200, ["application/json"], "[1,2]"]);
  });

  it("a response object: status, headers as lists, cookies as Set-Cookie, the body", () => {
    const response = functionUrlResponse({
      statusCode: 302,
      headers: { Location: "/cart", "Content-Length": 0, "X-A": "1", "x-a": "2" },
      cookies: ["session=abc; HttpOnly; Path=/", "theme=dark"],
      body: "",
    });
    expect(response).toEqual({
      statusCode: 302,
      headers: {
        location: ["/cart"],
        "content-length": ["0"],
        "x-a": ["1", "2"],
        "set-cookie": ["session=abc; HttpOnly; Path=/", "theme=dark"],
      },
      body: Buffer.alloc(0),
    });
  });

  it("decodes a base64 body and reads a text body as UTF-8", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const binary = functionUrlResponse({
      statusCode: 200,
      body: png.toString("base64"),
      isBase64Encoded: true,
    });
    expect(binary.body.equals(png)).toBe(true);
    const text = functionUrlResponse({ statusCode: 200, body: "café" });
    expect(text.body.equals(Buffer.from("café", "utf8"))).toBe(true);
    expect(functionUrlResponse({ statusCode: 204 }).body.length).toBe(0);
  });

  it("refuses malformed responses", () => {
    expect(() => functionUrlResponse({ statusCode: "200" })).toThrow(/statusCode/);
    expect(() => functionUrlResponse({ statusCode: 200, headers: { a: ["x"] } })).toThrow(
      /header a/,
    );
    expect(() => functionUrlResponse({ statusCode: 200, cookies: "a=1" })).toThrow(/cookies/);
    expect(() => functionUrlResponse({ statusCode: 200, body: { a: 1 } })).toThrow(/body/);
  });
});

describe("a viewer request through the site's distribution to the server function", () => {
  it("arrives with the viewer's host in X-Forwarded-Host and the URL's host in Host", () => {
    const event = viewerEvent("/account?tab=orders", { cookie: "session=abc" }, "POST");
    const request = asRequest(runCloudFrontFunction(SITE_FUNCTION, event));
    const headers = originRequestHeaders(ALL_VIEWER_EXCEPT_HOST, cfRequestHeaders(request), {
      "cloudfront-viewer-address": "198.51.100.7:50123",
      "x-forwarded-for": "198.51.100.7",
    });
    const lambdaEvent = functionUrlEvent({
      method: request.method,
      url: cfRequestUrl(request),
      headers,
      body: "a=1",
      sourceIp: "130.176.1.2",
      domainName: FUNCTION_URL_DOMAIN,
    });
    expect(lambdaEvent.headers.host).toBe(FUNCTION_URL_DOMAIN);
    expect(lambdaEvent.headers["x-forwarded-host"]).toBe("shop.example.com");
    expect(lambdaEvent.headers.cookie).toBe("session=abc");
    expect(lambdaEvent.cookies).toEqual(["session=abc"]);
    expect(lambdaEvent.headers["cloudfront-viewer-address"]).toBe("198.51.100.7:50123");
    expect(lambdaEvent.headers["x-forwarded-for"]).toBe("198.51.100.7, 130.176.1.2");
    expect(lambdaEvent.rawQueryString).toBe("tab=orders");
    expect(lambdaEvent.requestContext.http.method).toBe("POST");
  });
});
