import { describe, expect, it } from "vitest";
import { CLOUDFRONT_CROSS_ORIGIN_GUARD, isCrossOriginWrite } from "./cross-origin.ts";

const headers = (values: Record<string, string>) => new Headers(values);

// The CloudFront version, run the way CloudFront runs a viewer-request function.
const cloudFront = new Function(
  "event",
  `var request = event.request;${CLOUDFRONT_CROSS_ORIGIN_GUARD}\nreturn request;`,
) as (event: unknown) => { statusCode?: number };
function refusedAtCloudFront(method: string, values: Record<string, string>): boolean {
  const cfHeaders = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name.toLowerCase(), { value }]),
  );
  return cloudFront({ request: { method, headers: cfHeaders } }).statusCode === 403;
}

const CASES: Array<[string, string, Record<string, string>, boolean]> = [
  ["same origin", "POST", { origin: "http://localhost:3000", host: "localhost:3000" }, false],
  ["a read from elsewhere", "GET", { origin: "https://evil.example", host: "shop.example" }, false],
  ["a write without Origin (no browser)", "POST", { host: "localhost:3000" }, false],
  ["another site", "POST", { origin: "https://evil.example", host: "localhost:3000" }, true],
  ["another port", "POST", { origin: "http://localhost:3001", host: "localhost:3000" }, true],
  ["a null Origin", "POST", { origin: "null", host: "localhost:3000" }, true],
  ["a malformed Origin", "DELETE", { origin: "not a url", host: "localhost:3000" }, true],
  ["no host at all", "POST", { origin: "https://shop.example" }, true],
  ["the shop's domain", "POST", { origin: "https://shop.example", host: "shop.example" }, false],
];

describe("cross-origin writes", () => {
  it.each(CASES)("%s: Node server and CloudFront agree", (_, method, values, refused) => {
    expect(isCrossOriginWrite(method, headers(values))).toBe(refused);
    expect(refusedAtCloudFront(method, values)).toBe(refused);
  });

  it("compares with the first X-Forwarded-Host entry when a proxy sets one", () => {
    const proxied = headers({
      origin: "https://shop.example",
      host: "abc.lambda-url.aws",
      "x-forwarded-host": "shop.example, cdn.internal",
    });
    expect(isCrossOriginWrite("POST", proxied)).toBe(false);
  });
});
