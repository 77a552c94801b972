import { describe, expect, it } from "vitest";
import {
  newOrderNumber,
  ORDER_NUMBER_PATTERN,
  orderNumberFromBytes,
  parseOrderNumber,
} from "./order-number.ts";

describe("order numbers", () => {
  it("maps 40 bits to TL- and 8 base32 characters", () => {
    expect(orderNumberFromBytes(new Uint8Array([0, 0, 0, 0, 0]))).toBe("TL-00000000");
    expect(orderNumberFromBytes(new Uint8Array([255, 255, 255, 255, 255]))).toBe("TL-ZZZZZZZZ");
    expect(orderNumberFromBytes(new Uint8Array([0, 0, 0, 0, 32]))).toBe("TL-00000010");
  });

  it("refuses anything but 5 bytes", () => {
    expect(() => orderNumberFromBytes(new Uint8Array(4))).toThrow(RangeError);
  });

  it("new numbers match the pattern and never use I, L, O or U", () => {
    const numbers = Array.from({ length: 200 }, newOrderNumber);
    for (const n of numbers) {
      expect(n).toMatch(ORDER_NUMBER_PATTERN);
      expect(n.slice(3)).not.toMatch(/[ILOU]/);
    }
    expect(new Set(numbers).size).toBe(200);
  });

  it("reads a number as people type it", () => {
    expect(parseOrderNumber(" tl-7k3q x9pm ")).toBe("TL-7K3QX9PM");
    expect(parseOrderNumber("TL-7K3QX9PO")).toBe("TL-7K3QX9P0");
    expect(parseOrderNumber("7K3QX9PI")).toBe("TL-7K3QX9P1");
    expect(parseOrderNumber("TL-123")).toBeNull();
    expect(parseOrderNumber("TL-7K3QX9PU")).toBeNull();
  });
});
