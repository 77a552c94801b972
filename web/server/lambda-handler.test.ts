import type { ServerBuild } from "@remix-run/server-runtime";
import { logLine } from "@shop/core/server/context";
import { describe, expect, it, vi } from "vitest";
import { inRequest, REQUEST_ID_FIELD } from "../app/lib/observability.server.ts";
import { createLambdaHandler, type FunctionUrlEvent, requestOf, resultOf } from "./lambda-handler";

const event = (fields: Partial<FunctionUrlEvent> = {}): FunctionUrlEvent => ({
  rawPath: "/product",
  rawQueryString: "",
  headers: { host: "abc.lambda-url.eu-west-1.on.aws", "x-forwarded-host": "shop.example" },
  isBase64Encoded: false,
  requestContext: { http: { method: "GET" } },
  ...fields,
});

describe("the function URL's event as a Request", () => {
  it("names the viewer's host (X-Forwarded-Host) and keeps the path and the query string", () => {
    const request = requestOf(
      event({ rawPath: "/product/linen-shirt", rawQueryString: "photo=2" }),
    );
    expect(request.url).toBe("https://shop.example/product/linen-shirt?photo=2");
    expect(request.headers.get("host")).toBe("shop.example");
    expect(request.method).toBe("GET");
  });

  it("reads a path that starts with // as a path of the viewer's host, not as another host", () => {
    const request = requestOf(event({ rawPath: "//elsewhere.example/auth/sign-in" }));
    expect(new URL(request.url).host).toBe("shop.example");
    expect(new URL(request.url).pathname).toBe("//elsewhere.example/auth/sign-in");
  });

  it("falls back on the Host header without X-Forwarded-Host", () => {
    const request = requestOf(event({ headers: { host: "abc.lambda-url.eu-west-1.on.aws" } }));
    expect(request.url).toBe("https://abc.lambda-url.eu-west-1.on.aws/product");
  });

  it("keeps every header with a value, the cookies among them", () => {
    const request = requestOf(
      event({
        headers: { host: "shop.example", cookie: "sid=abc; toast=x", "x-empty": undefined },
      }),
    );
    expect(request.headers.get("cookie")).toBe("sid=abc; toast=x");
    expect(request.headers.has("x-empty")).toBe(false);
  });

  it("passes a form's body on, decoding base64", async () => {
    const form = "email=a%40example.com&password=secret";
    const plain = requestOf(event({ body: form, requestContext: { http: { method: "POST" } } }));
    expect(await plain.text()).toBe(form);
    const encoded = requestOf(
      event({
        body: Buffer.from(form).toString("base64"),
        isBase64Encoded: true,
        requestContext: { http: { method: "POST" } },
      }),
    );
    expect(await encoded.text()).toBe(form);
  });

  it("keeps a multipart body's bytes as they were sent (an uploaded photo)", async () => {
    const boundary = "----shop";
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x80, 0xfe]);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const request = requestOf(
      event({
        headers: {
          host: "shop.example",
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        body: body.toString("base64"),
        isBase64Encoded: true,
        requestContext: { http: { method: "POST" } },
      }),
    );
    const file = (await request.formData()).get("photo") as File;
    expect(Buffer.from(await file.arrayBuffer())).toEqual(photo);
  });

  it("gives a GET no body, whatever the event holds", () => {
    expect(requestOf(event({ body: "ignored" })).body).toBeNull();
  });
});

describe("Remix's Response as the function URL's result", () => {
  it("sends every Set-Cookie as the result's cookies, not as a header", async () => {
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    headers.append("set-cookie", "sid=1; Path=/; HttpOnly");
    headers.append("set-cookie", "toast=; Path=/; Max-Age=0");
    const result = await resultOf(new Response("<html></html>", { status: 200, headers }));
    expect(result).toEqual({
      statusCode: 200,
      headers: { "content-type": "text/html; charset=utf-8" },
      cookies: ["sid=1; Path=/; HttpOnly", "toast=; Path=/; Max-Age=0"],
      body: "<html></html>",
      isBase64Encoded: false,
    });
  });

  it("sends a binary body as base64", async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0xff, 0x00]);
    const result = await resultOf(
      new Response(pdf, { headers: { "content-type": "application/pdf" } }),
    );
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.from(result.body ?? "", "base64")).toEqual(pdf);
  });

  it("sends a redirect without a body", async () => {
    const result = await resultOf(
      new Response(null, { status: 303, headers: { location: "/cart" } }),
    );
    expect(result).toEqual({
      statusCode: 303,
      headers: { location: "/cart" },
      cookies: [],
      isBase64Encoded: false,
    });
  });
});

describe("the request id on the site's log lines", () => {
  /** Core's log lines as the site's telemetry writes them off Lambda (JSON on the console). */
  async function captured<T>(work: () => Promise<T>) {
    const lines: Array<Record<string, unknown>> = [];
    const spy = vi.spyOn(console, "warn").mockImplementation((line: unknown) => {
      lines.push(JSON.parse(String(line)) as Record<string, unknown>);
    });
    try {
      return { result: await work(), lines };
    } finally {
      spy.mockRestore();
    }
  }

  /**
   * A build with one resource route whose loader logs twice, around an await, and the entry's
   * scope of a request (entry.server.tsx exports the site's `inRequest`).
   */
  const build = {
    entry: { module: { default: () => new Response("no document here"), inRequest } },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/ping": {
        id: "routes/ping",
        parentId: "root",
        path: "ping",
        module: {
          loader: async () => {
            logLine("warn", "looking");
            await new Promise((resolve) => setImmediate(resolve));
            logLine("warn", "answering");
            return new Response("pong");
          },
        },
      },
    },
    assets: {
      version: "1",
      url: "/manifest.js",
      entry: { module: "/entry.js", imports: [] },
      routes: {},
    },
    future: {},
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    isSpaMode: false,
    mode: "production",
  } as unknown as ServerBuild;
  const ping = (requestId?: string) =>
    event({
      rawPath: "/ping",
      requestContext: { http: { method: "GET" }, ...(requestId ? { requestId } : {}) },
    });

  it("is Lambda's request id on every line of an invocation, each invocation its own", async () => {
    const handler = createLambdaHandler(build, "production");
    const { result, lines } = await captured(() =>
      Promise.all([
        handler(ping("url-1"), { awsRequestId: "lambda-1" }),
        handler(ping("url-2"), { awsRequestId: "lambda-2" }),
      ]),
    );
    expect(result.map((r) => [r.statusCode, r.body])).toEqual([
      [200, "pong"],
      [200, "pong"],
    ]);
    expect(lines).toHaveLength(4);
    expect(lines.map((l) => `${l[REQUEST_ID_FIELD]} ${l.message}`).sort()).toEqual([
      "lambda-1 answering",
      "lambda-1 looking",
      "lambda-2 answering",
      "lambda-2 looking",
    ]);
  });

  it("is the function URL's request id without Lambda's, and a generated one without either", async () => {
    const handler = createLambdaHandler(build, "production");
    const fromUrl = await captured(() => handler(ping("url-3")));
    expect(fromUrl.lines.map((l) => l[REQUEST_ID_FIELD])).toEqual(["url-3", "url-3"]);
    const generated = await captured(() => handler(ping()));
    const [first, second] = generated.lines.map((l) => l[REQUEST_ID_FIELD]);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });

  it("is on no line written outside a request", async () => {
    const { lines } = await captured(async () => logLine("warn", "between requests"));
    expect(lines).toEqual([{ level: "warn", message: "between requests" }]);
  });
});
