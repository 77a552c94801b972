// Lambda's payload limits on a buffered function URL (function-url.ts): the request counts as the
// invocation event's JSON, a multipart body base64-encoded in it; the answer as the handler's
// return value's JSON.
import { describe, expect, it } from "vitest";
import {
  eventBytes,
  FUNCTION_URL_LIMITS,
  functionUrlEvent,
  requestTooLarge,
  responseTooLarge,
} from "./function-url.ts";

const MB = 1024 * 1024;
const multipartPost = (bytes: number) =>
  functionUrlEvent({
    method: "POST",
    url: "/admin/products/new",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: Buffer.alloc(bytes, 0xff),
    sourceIp: "198.51.100.1",
    domainName: "abc.lambda-url.eu-west-1.on.aws",
  });

describe("the request payload (6 MB, the event as JSON)", () => {
  it("refuses a 7 MB multipart post with 413 Request Entity Too Large, before the function", () => {
    const refused = requestTooLarge(multipartPost(7 * MB));
    expect(refused?.statusCode).toBe(413);
    expect(JSON.parse(refused?.body.toString() ?? "")).toEqual({
      Message: "Request Entity Too Large",
    });
  });

  it("counts the body base64-encoded: 4.4 MB of photos pass, 4.6 MB do not", () => {
    expect(requestTooLarge(multipartPost(4.4 * MB))).toBeUndefined();
    const over = multipartPost(4.6 * MB);
    expect(eventBytes(over)).toBeGreaterThan(FUNCTION_URL_LIMITS.requestBytes);
    expect(requestTooLarge(over)?.statusCode).toBe(413);
  });

  it("takes an event of exactly 6 MB, not a byte more", () => {
    const event = multipartPost(0);
    const room = FUNCTION_URL_LIMITS.requestBytes - eventBytes({ ...event, body: "" });
    expect(requestTooLarge({ ...event, body: "a".repeat(room) })).toBeUndefined();
    expect(requestTooLarge({ ...event, body: "a".repeat(room + 1) })?.statusCode).toBe(413);
  });
});

describe("the buffered answer (6 MB, the return value as JSON)", () => {
  const answer = (body: string) => ({ statusCode: 200, headers: {}, body });

  it("fails an answer over it as the function's error, Function.ResponseSizeTooLarge", () => {
    expect(responseTooLarge(answer("x".repeat(7 * MB)))).toEqual({
      errorType: "Function.ResponseSizeTooLarge",
      errorMessage: "Response payload size exceeded maximum allowed payload size (6291556 bytes).",
    });
  });

  it("lets an answer within it through, its JSON counted (escapes included)", () => {
    expect(responseTooLarge(answer("x".repeat(6_000_000)))).toBeUndefined();
    // A quote is two bytes in JSON: 3.2 million of them are over 6 MB.
    expect(responseTooLarge(answer('"'.repeat(3_200_000)))?.errorType).toBe(
      "Function.ResponseSizeTooLarge",
    );
  });
});
