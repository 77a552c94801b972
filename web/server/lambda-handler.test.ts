import { describe, expect, it } from "vitest";
import { type FunctionUrlEvent, requestOf, resultOf } from "./lambda-handler";

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
