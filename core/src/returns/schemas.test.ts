import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ReceiveReturnSchema,
  RejectReturnSchema,
  returnRequestFromForm,
  returnRequestSchema,
} from "./schemas.ts";

const issues = (result: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries((result.issues ?? []).map((i) => [v.getDotPath(i), i.message]));

describe("the return request form", () => {
  const schema = returnRequestSchema(2);

  it("reads quantities, exchange sizes and the reason", () => {
    const parsed = v.safeParse(schema, {
      "quantity-0": "1",
      "size-0": "",
      "quantity-1": "2",
      "size-1": "L",
      reason: "too-small",
    });
    expect(parsed.success).toBe(true);
    expect(returnRequestFromForm(parsed.output as Record<string, unknown>, 2)).toEqual({
      lines: [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 2, exchangeSize: "L" },
      ],
      reason: "too-small",
    });
  });

  it("reads an exchange into another colour as its colour and size", () => {
    const parsed = v.safeParse(schema, {
      "quantity-0": "1",
      "size-0": "forest/M",
      reason: "too-small",
    });
    expect(parsed.success).toBe(true);
    expect(returnRequestFromForm(parsed.output as Record<string, unknown>, 2).lines).toEqual([
      { line: 0, quantity: 1, exchangeSize: "M", exchangeColour: "forest" },
    ]);
  });

  it("refuses nothing chosen, an unknown reason, a bad quantity or size, on their fields", () => {
    expect(issues(v.safeParse(schema, { "quantity-0": "0", reason: "faulty" }))).toEqual({
      "quantity-0": "Choose at least one item to return",
    });
    expect(issues(v.safeParse(schema, { "quantity-0": "1", reason: "bored" }))).toEqual({
      reason: "Choose a reason",
    });
    expect(issues(v.safeParse(schema, { "quantity-0": "-1", reason: "faulty" }))).toMatchObject({
      "quantity-0": "Choose a quantity",
    });
    expect(
      issues(v.safeParse(schema, { "quantity-0": "1", "size-0": "XXXL", reason: "faulty" })),
    ).toEqual({ "size-0": "Choose a colour and size" });
    for (const choice of ["purple-haze/M", "navy/XXXL", "navy/", "/M"]) {
      expect(
        issues(v.safeParse(schema, { "quantity-0": "1", "size-0": choice, reason: "faulty" })),
      ).toEqual({ "size-0": "Choose a colour and size" });
    }
  });

  it("the rejection needs a message", () => {
    expect(v.safeParse(RejectReturnSchema, { message: " " }).success).toBe(false);
    expect(v.safeParse(RejectReturnSchema, { message: "Worn" }).output).toEqual({
      message: "Worn",
    });
  });

  it("receiving reads the faulty checkbox: ticked, not sent, or a boolean; nothing else", () => {
    const faulty = (form: Record<string, unknown>) => v.safeParse(ReceiveReturnSchema, form).output;
    expect(faulty({ faulty: "on" })).toEqual({ faulty: true });
    expect(faulty({ faulty: null })).toEqual({ faulty: false });
    expect(faulty({})).toEqual({ faulty: false });
    expect(faulty({ faulty: true })).toEqual({ faulty: true });
    expect(v.safeParse(ReceiveReturnSchema, { faulty: "maybe" }).success).toBe(false);
  });
});
