// The guarded origin's check: which values pass, rotation's two values, and that a refused event
// never reaches the site's handler.
import { describe, expect, it, vi } from "vitest";
import {
  acceptedOriginSecrets,
  guardHandler,
  isFromEdge,
  ORIGIN_HEADER,
  ORIGIN_REFUSED,
} from "./origin-guard.ts";

const CURRENT = "c".repeat(48);
const PREVIOUS = "p".repeat(48);
const both = JSON.stringify({ current: CURRENT, previous: PREVIOUS });

describe("acceptedOriginSecrets", () => {
  it("reads the current and the previous value of the stage's secret", () => {
    expect(acceptedOriginSecrets(both)).toEqual([CURRENT, PREVIOUS]);
  });
  it("takes a plain string as the current value", () => {
    expect(acceptedOriginSecrets(CURRENT)).toEqual([CURRENT]);
  });
  it("accepts nothing when unset, malformed, or shorter than 16 characters", () => {
    expect(acceptedOriginSecrets(undefined)).toEqual([]);
    expect(acceptedOriginSecrets("")).toEqual([]);
    expect(acceptedOriginSecrets("{not json")).toEqual([]);
    expect(acceptedOriginSecrets("short")).toEqual([]);
    expect(acceptedOriginSecrets(JSON.stringify({ current: CURRENT, previous: "" }))).toEqual([
      CURRENT,
    ]);
  });
});

describe("isFromEdge", () => {
  const accepted = [CURRENT, PREVIOUS];
  it("passes either accepted value, and nothing else", () => {
    expect(isFromEdge(CURRENT, accepted)).toBe(true);
    expect(isFromEdge(PREVIOUS, accepted)).toBe(true);
    expect(isFromEdge(`${CURRENT}x`, accepted)).toBe(false);
    expect(isFromEdge(CURRENT.slice(1), accepted)).toBe(false);
    expect(isFromEdge("", accepted)).toBe(false);
    expect(isFromEdge(null, accepted)).toBe(false);
    expect(isFromEdge(undefined, accepted)).toBe(false);
  });
  it("passes nothing when no value is accepted (fails closed)", () => {
    expect(isFromEdge("", [])).toBe(false);
    expect(isFromEdge(CURRENT, [])).toBe(false);
  });
});

describe("guardHandler", () => {
  const event = (headers: Record<string, string>) => ({
    headers: { host: "abc.lambda-url.eu-west-1.on.aws", ...headers },
    body: "email=a%40b.c&password=x",
  });

  it("refuses a direct call with a forged viewer address: 403, the handler never runs", async () => {
    const site = vi.fn(async () => ({ statusCode: 200 }));
    const handler = guardHandler(site, { ORIGIN_SECRET: both });
    const result = await handler(event({ "cloudfront-viewer-address": "203.0.113.9:443" }));
    expect(result).toMatchObject({ statusCode: 403, body: ORIGIN_REFUSED });
    expect(site).not.toHaveBeenCalled();
    const wrong = await handler(event({ [ORIGIN_HEADER.toLowerCase()]: "guess".repeat(10) }));
    expect(wrong).toMatchObject({ statusCode: 403 });
    expect(site).not.toHaveBeenCalled();
  });

  it("passes CloudFront's request on without the secret header", async () => {
    const site = vi.fn(async (e: { headers?: Record<string, string | undefined> }) => ({
      statusCode: 200,
      seen: e.headers,
    }));
    const handler = guardHandler(site, { ORIGIN_SECRET: both });
    const result = await handler(event({ [ORIGIN_HEADER.toLowerCase()]: PREVIOUS }));
    expect(result).toMatchObject({ statusCode: 200 });
    expect(site).toHaveBeenCalledOnce();
    const seen = (result as { seen: Record<string, string> }).seen;
    expect(Object.keys(seen)).not.toContain(ORIGIN_HEADER.toLowerCase());
    expect(seen.host).toBe("abc.lambda-url.eu-west-1.on.aws");
  });

  it("refuses everything on a stage without its secret", async () => {
    const site = vi.fn(async () => ({ statusCode: 200 }));
    const handler = guardHandler(site, {});
    expect(await handler(event({ [ORIGIN_HEADER.toLowerCase()]: "" }))).toMatchObject({
      statusCode: 403,
    });
    expect(site).not.toHaveBeenCalled();
  });
});
