import { describe, expect, it } from "vitest";
import { sesHeaders } from "./send.server.ts";

describe("extra mail headers", () => {
  it("go to SES as given, in order", () => {
    expect(
      sesHeaders([
        { name: "List-Unsubscribe", value: "<https://shop.example/u?x=1>" },
        { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
      ]),
    ).toEqual([
      { Name: "List-Unsubscribe", Value: "<https://shop.example/u?x=1>" },
      { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
    ]);
    expect(sesHeaders()).toEqual([]);
  });

  it("refuse a value or a name that would add a header of its own", () => {
    for (const header of [
      { name: "List-Unsubscribe", value: "<https://x>\r\nBcc: all@example.com" },
      { name: "List-Unsubscribe", value: "<https://x>\nBcc: all@example.com" },
      { name: "Bcc: all@example.com\r\nX", value: "1" },
      { name: "List Unsubscribe", value: "1" },
      { name: "", value: "1" },
    ]) {
      expect(() => sesHeaders([header]), JSON.stringify(header)).toThrow(/unsafe mail header/);
    }
  });
});
