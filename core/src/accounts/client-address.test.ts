import { describe, expect, it } from "vitest";
import { addressLimitKey, UNREADABLE_ADDRESS_PREFIX } from "./client-address.ts";

describe("the key a client address is limited under", () => {
  it("an IPv4 address is its own key", () => {
    expect(addressLimitKey("192.0.2.7")).toBe("192.0.2.7");
    expect(addressLimitKey("192.0.2.8")).toBe("192.0.2.8");
    expect(addressLimitKey("192.000.002.007")).toBe("192.0.2.7");
  });

  it("two IPv6 addresses of one /64 share a key", () => {
    const one = addressLimitKey("2001:db8:aaaa:1::1");
    expect(one).toBe("2001:db8:aaaa:1::/64");
    expect(addressLimitKey("2001:db8:aaaa:1:ffff:ffff:ffff:ffff")).toBe(one);
    expect(addressLimitKey("2001:db8:aaaa:1:8d3a:12:9:e0c1")).toBe(one);
  });

  it("IPv6 addresses of different /64s do not", () => {
    const keys = new Set(
      [
        "2001:db8:aaaa:1::1",
        "2001:db8:aaaa:2::1",
        "2001:db8:aaab:1::1",
        "2001:db9:aaaa:1::1",
        "2002:db8:aaaa:1::1",
      ].map(addressLimitKey),
    );
    expect(keys.size).toBe(5);
  });

  it("compressed and expanded spellings, upper and lower case, are one key", () => {
    const spellings = [
      "2001:db8:0:1::42",
      "2001:0db8:0000:0001:0000:0000:0000:0042",
      "2001:DB8:0:1:0:0:0:42",
      "2001:db8::1:0:0:0:42",
      "2001:db8:0:1:0::42",
      "[2001:db8:0:1::42]",
      "fe80::1%eth0".replace("fe80::1", "2001:db8:0:1::42"),
      " 2001:db8:0:1::42 ",
    ];
    expect(new Set(spellings.map(addressLimitKey))).toEqual(new Set(["2001:db8:0:1::/64"]));
  });

  it("an IPv4-mapped IPv6 address is its IPv4 address", () => {
    expect(addressLimitKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressLimitKey("::FFFF:192.0.2.7")).toBe("192.0.2.7");
    expect(addressLimitKey("::ffff:c000:207")).toBe("192.0.2.7");
    expect(addressLimitKey("0:0:0:0:0:ffff:192.0.2.7")).toBe("192.0.2.7");
    // Two mapped addresses are two keys, as the IPv4 addresses are.
    expect(addressLimitKey("::ffff:192.0.2.8")).not.toBe(addressLimitKey("::ffff:192.0.2.7"));
  });

  it("loopback and the unspecified address are keys like any other", () => {
    expect(addressLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(addressLimitKey("::")).toBe("0:0:0:0::/64");
    expect(addressLimitKey("127.0.0.1")).toBe("127.0.0.1");
    expect(addressLimitKey("fe80::1%en0")).toBe("fe80:0:0:0::/64");
  });

  it("anything else does not throw and is keyed by its own text, bounded", () => {
    const garbage = [
      "",
      "unknown-viewer",
      "direct",
      "256.1.1.1",
      "1.2.3",
      "1.2.3.4.5",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      ":1:2:3:4:5:6:7",
      "12345::1",
      "g::1",
      "::ffff:300.1.1.1",
      "1.2.3.4::1",
      "2001:db8::1:443:extra",
      "x".repeat(10_000),
      "\u0000",
    ];
    for (const text of garbage) {
      const key = addressLimitKey(text);
      expect(key.startsWith(UNREADABLE_ADDRESS_PREFIX), JSON.stringify(text)).toBe(true);
      expect(key.length).toBeLessThanOrEqual(UNREADABLE_ADDRESS_PREFIX.length + 64);
    }
    expect(addressLimitKey(undefined as unknown as string)).toBe(UNREADABLE_ADDRESS_PREFIX);
    // Two unreadable texts are two clients; one text in another case is the same one.
    expect(addressLimitKey("192.0.2.17-1")).not.toBe(addressLimitKey("192.0.2.17-2"));
    expect(addressLimitKey("Proxy-A")).toBe(addressLimitKey("proxy-a"));
  });
});
