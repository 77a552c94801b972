import { addressLimitKey } from "@shop/core/server/accounts";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress } from "./security.server.ts";

const request = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/auth/sign-in", { headers });

describe("clientAddress", () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  it("uses the socket's address and ignores headers a client can forge", () => {
    const forged = request({
      "X-Forwarded-For": "1.2.3.4",
      "CloudFront-Viewer-Address": "5.6.7.8:1",
    });
    expect(clientAddress(forged, { clientAddress: "::ffff:10.0.0.7" })).toBe("::ffff:10.0.0.7");
    expect(clientAddress(forged)).toBe("direct");
  });

  it("behind CloudFront, takes only the viewer address CloudFront sets, never X-Forwarded-For", () => {
    process.env.TRUST_PROXY = "1";
    expect(
      clientAddress(request({ "CloudFront-Viewer-Address": "203.0.113.9:51234" }), {
        clientAddress: "10.0.0.1",
      }),
    ).toBe("203.0.113.9");
    expect(clientAddress(request({ "CloudFront-Viewer-Address": "2001:db8::7:443" }))).toBe(
      "2001:db8::7",
    );
    // CloudFront writes an IPv6 viewer unbracketed, its port last: the limits count its /64.
    const viewer = (address: string) =>
      addressLimitKey(clientAddress(request({ "CloudFront-Viewer-Address": address })));
    expect(viewer("2001:db8:5:6:a::1:51234")).toBe("2001:db8:5:6::/64");
    expect(viewer("2001:db8:5:6:ffff:ffff:ffff:ffff:443")).toBe(viewer("2001:db8:5:6::9:1"));
    expect(viewer("2001:db8:5:7::9:1")).not.toBe(viewer("2001:db8:5:6::9:1"));
    expect(viewer("203.0.113.9:51234")).toBe("203.0.113.9");
    // The first X-Forwarded-For entry is whatever the client wrote there.
    expect(
      clientAddress(
        request({
          "X-Forwarded-For": "198.51.100.4, 10.0.0.1",
          "CloudFront-Viewer-Address": "203.0.113.9:1",
        }),
      ),
    ).toBe("203.0.113.9");
    // Without it the request did not come through CloudFront: all such share one limit.
    expect(clientAddress(request({ "X-Forwarded-For": "198.51.100.4" }))).toBe("unknown-viewer");
    expect(clientAddress(request({}), { clientAddress: "10.0.0.1" })).toBe("unknown-viewer");
  });
});
