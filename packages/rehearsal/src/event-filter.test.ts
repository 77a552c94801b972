import { describe, expect, it } from "vitest";
import { type FilterCriteria, matchesFilterCriteria, parsePattern } from "./event-filter.ts";

// The FilterCriteria of the two stream readers, exactly as in .sst/synth/dev/Events.template.json.
const DISPATCHER: FilterCriteria = {
  Filters: [
    {
      Pattern:
        '{"eventName":["INSERT"],"dynamodb":{"NewImage":{"entity":{"S":["event"]},"type":{"S":["mail.requested","newsletter.send.requested"]}}}}',
    },
  ],
};
const REACTIONS: FilterCriteria = {
  Filters: [
    {
      Pattern:
        '{"eventName":["INSERT"],"dynamodb":{"NewImage":{"entity":{"S":["event"]},"type":{"S":["order.paid","order.shipped","user.deleted"]}}}}',
    },
  ],
};

/** A DynamoDB stream record as Lambda hands it to the function. */
function streamRecord(
  eventName: "INSERT" | "MODIFY" | "REMOVE",
  newImage: Record<string, unknown> | undefined,
) {
  return {
    eventID: "1",
    eventName,
    eventVersion: "1.1",
    eventSource: "aws:dynamodb",
    awsRegion: "eu-west-1",
    dynamodb: {
      ApproximateCreationDateTime: 1_700_000_000,
      Keys: { pk: { S: "EVENT#1" }, sk: { S: "EVENT#1" } },
      ...(newImage ? { NewImage: newImage } : {}),
      SequenceNumber: "100",
      SizeBytes: 120,
      StreamViewType: "NEW_AND_OLD_IMAGES",
    },
    eventSourceARN: "arn:aws:dynamodb:eu-west-1:111122223333:table/t/stream/2026",
  };
}

const event = (type: string, extra: Record<string, unknown> = {}) => ({
  pk: { S: "EVENT#1" },
  entity: { S: "event" },
  type: { S: type },
  payload: { M: { to: { S: "a@example.com" } } },
  ...extra,
});

describe("the stream readers' filters (Events stack)", () => {
  it("the dispatcher gets inserted mail and newsletter requests only", () => {
    expect(matchesFilterCriteria(DISPATCHER, streamRecord("INSERT", event("mail.requested")))).toBe(
      true,
    );
    const newsletter = streamRecord("INSERT", event("newsletter.send.requested"));
    expect(matchesFilterCriteria(DISPATCHER, newsletter)).toBe(true);
    for (const record of [
      streamRecord("INSERT", event("order.paid")),
      streamRecord("MODIFY", event("mail.requested")),
      streamRecord("REMOVE", undefined),
      streamRecord("INSERT", event("mail.requested", { entity: { S: "order" } })),
      streamRecord("INSERT", event("mail.requested", { type: { N: "1" } })),
      streamRecord("INSERT", event("mail.requested", { type: { S: "MAIL.REQUESTED" } })),
      streamRecord("INSERT", { pk: { S: "EVENT#1" }, entity: { S: "event" } }),
    ]) {
      expect(matchesFilterCriteria(DISPATCHER, record)).toBe(false);
    }
  });

  it("the order reactions get inserted order.paid, order.shipped and user.deleted events only", () => {
    expect(matchesFilterCriteria(REACTIONS, streamRecord("INSERT", event("order.paid")))).toBe(
      true,
    );
    expect(matchesFilterCriteria(REACTIONS, streamRecord("INSERT", event("user.deleted")))).toBe(
      true,
    );
    expect(matchesFilterCriteria(REACTIONS, streamRecord("INSERT", event("order.shipped")))).toBe(
      true,
    );
    expect(matchesFilterCriteria(REACTIONS, streamRecord("INSERT", event("mail.requested")))).toBe(
      false,
    );
    expect(matchesFilterCriteria(REACTIONS, streamRecord("MODIFY", event("order.paid")))).toBe(
      false,
    );
  });

  it("the pattern applies to the record as Lambda sees it, not to the unmarshalled item", () => {
    const unmarshalled = {
      eventName: "INSERT",
      dynamodb: { NewImage: { entity: "event", type: "order.paid" } },
    };
    expect(matchesFilterCriteria(REACTIONS, unmarshalled)).toBe(false);
  });
});

describe("matchesFilterCriteria", () => {
  it("no criteria or no filters: every record passes", () => {
    expect(matchesFilterCriteria(undefined, { anything: 1 })).toBe(true);
    expect(matchesFilterCriteria({}, { anything: 1 })).toBe(true);
    expect(matchesFilterCriteria({ Filters: [] }, { anything: 1 })).toBe(true);
  });

  it("a record passes when any filter matches", () => {
    const criteria = {
      Filters: [{ Pattern: '{"a":["x"]}' }, { Pattern: '{"b":["y"]}' }],
    };
    expect(matchesFilterCriteria(criteria, { a: "x" })).toBe(true);
    expect(matchesFilterCriteria(criteria, { b: "y" })).toBe(true);
    expect(matchesFilterCriteria(criteria, { a: "y", b: "x" })).toBe(false);
  });

  const one = (pattern: unknown) => ({ Filters: [{ Pattern: JSON.stringify(pattern) }] });

  it("SQS: a pattern on body sees the parsed JSON body, else the string", () => {
    const sqs = (body: string) => ({ messageId: "m1", eventSource: "aws:sqs", body });
    const onField = one({ body: { kind: ["mail"] } });
    expect(matchesFilterCriteria(onField, sqs('{"kind":"mail"}'))).toBe(true);
    expect(matchesFilterCriteria(onField, sqs('{"kind":"other"}'))).toBe(false);
    expect(matchesFilterCriteria(onField, sqs("kind=mail"))).toBe(false);
    expect(matchesFilterCriteria(one({ body: ["kind=mail"] }), sqs("kind=mail"))).toBe(true);
    expect(matchesFilterCriteria(one({ body: [{ prefix: "kind" }] }), sqs("kind=mail"))).toBe(true);
    // Not SQS: a JSON string stays a string.
    const other = { eventSource: "aws:kafka", body: '{"kind":"mail"}' };
    expect(matchesFilterCriteria(onField, other)).toBe(false);
  });

  it("values: strings, numbers, booleans and null match exactly (no type coercion)", () => {
    expect(matchesFilterCriteria(one({ n: [5] }), { n: 5 })).toBe(true);
    expect(matchesFilterCriteria(one({ n: [5] }), { n: "5" })).toBe(false);
    expect(matchesFilterCriteria(one({ s: ["5"] }), { s: 5 })).toBe(false);
    expect(matchesFilterCriteria(one({ b: [true] }), { b: true })).toBe(true);
    expect(matchesFilterCriteria(one({ b: [true] }), { b: "true" })).toBe(false);
    expect(matchesFilterCriteria(one({ x: [null] }), { x: null })).toBe(true);
    expect(matchesFilterCriteria(one({ x: [null] }), {})).toBe(false);
    expect(matchesFilterCriteria(one({ x: [""] }), { x: "" })).toBe(true);
    expect(matchesFilterCriteria(one({ x: ["a", "b"] }), { x: "b" })).toBe(true);
  });

  it("an array in the record matches when any element does", () => {
    expect(matchesFilterCriteria(one({ tags: ["red"] }), { tags: ["blue", "red"] })).toBe(true);
    expect(matchesFilterCriteria(one({ tags: ["red"] }), { tags: ["blue"] })).toBe(false);
    const nested = { items: [{ sku: "A" }, { sku: "B" }] };
    expect(matchesFilterCriteria(one({ items: { sku: ["B"] } }), nested)).toBe(true);
  });

  it("a leaf pattern never matches an object, a nested pattern never matches a scalar", () => {
    expect(matchesFilterCriteria(one({ a: ["x"] }), { a: { b: "x" } })).toBe(false);
    expect(matchesFilterCriteria(one({ a: { b: ["x"] } }), { a: "x" })).toBe(false);
  });

  it("prefix", () => {
    const criteria = one({ type: [{ prefix: "order." }] });
    expect(matchesFilterCriteria(criteria, { type: "order.paid" })).toBe(true);
    expect(matchesFilterCriteria(criteria, { type: "mail.order." })).toBe(false);
    expect(matchesFilterCriteria(criteria, { type: 1 })).toBe(false);
    expect(matchesFilterCriteria(criteria, {})).toBe(false);
  });

  it("exists: true needs a value, false needs its absence", () => {
    const present = one({ a: { b: [{ exists: true }] } });
    const absent = one({ a: { b: [{ exists: false }] } });
    expect(matchesFilterCriteria(present, { a: { b: "x" } })).toBe(true);
    expect(matchesFilterCriteria(present, { a: { b: null } })).toBe(true);
    expect(matchesFilterCriteria(present, { a: {} })).toBe(false);
    expect(matchesFilterCriteria(present, {})).toBe(false);
    expect(matchesFilterCriteria(absent, { a: {} })).toBe(true);
    expect(matchesFilterCriteria(absent, {})).toBe(true);
    expect(matchesFilterCriteria(absent, { a: { b: "x" } })).toBe(false);
    // OldImage is absent on INSERT records.
    const inserts = one({ dynamodb: { OldImage: { pk: [{ exists: false }] } } });
    expect(matchesFilterCriteria(inserts, streamRecord("INSERT", event("x")))).toBe(true);
  });

  it("anything-but: a single value or a list; a missing field does not match", () => {
    const list = one({ type: [{ "anything-but": ["a", "b"] }] });
    expect(matchesFilterCriteria(list, { type: "c" })).toBe(true);
    expect(matchesFilterCriteria(list, { type: "a" })).toBe(false);
    expect(matchesFilterCriteria(list, {})).toBe(false);
    const single = one({ n: [{ "anything-but": 0 }] });
    expect(matchesFilterCriteria(single, { n: 1 })).toBe(true);
    expect(matchesFilterCriteria(single, { n: 0 })).toBe(false);
  });

  it("numeric: equality and ranges, numbers only", () => {
    const range = one({ n: [{ numeric: [">", 0, "<=", 5] }] });
    expect(matchesFilterCriteria(range, { n: 0.5 })).toBe(true);
    expect(matchesFilterCriteria(range, { n: 5 })).toBe(true);
    expect(matchesFilterCriteria(range, { n: 0 })).toBe(false);
    expect(matchesFilterCriteria(range, { n: 5.01 })).toBe(false);
    expect(matchesFilterCriteria(range, { n: "3" })).toBe(false);
    const others = one({ n: [{ numeric: [">=", 10, "<", 20] }, { numeric: ["=", 100] }] });
    expect(matchesFilterCriteria(others, { n: 10 })).toBe(true);
    expect(matchesFilterCriteria(others, { n: 20 })).toBe(false);
    expect(matchesFilterCriteria(others, { n: 100 })).toBe(true);
  });

  it("all fields of a pattern must match", () => {
    const criteria = one({ a: ["x"], b: { c: [{ prefix: "y" }] } });
    expect(matchesFilterCriteria(criteria, { a: "x", b: { c: "yes" } })).toBe(true);
    expect(matchesFilterCriteria(criteria, { a: "x", b: { c: "no" } })).toBe(false);
    expect(matchesFilterCriteria(criteria, { a: "z", b: { c: "yes" } })).toBe(false);
  });
});

describe("patterns that are refused", () => {
  it.each([
    ["suffix", { a: [{ suffix: ".png" }] }],
    ["equals-ignore-case", { a: [{ "equals-ignore-case": "x" }] }],
    ["wildcard", { a: [{ wildcard: "x*" }] }],
    ["cidr", { ip: [{ cidr: "10.0.0.0/8" }] }],
    ["$or", { $or: [{ a: ["x"] }, { b: ["y"] }] }],
  ])("unsupported operator %s throws", (operator, pattern) => {
    expect(() => parsePattern(JSON.stringify(pattern))).toThrow(
      `Unsupported filter operator "${operator}"`,
    );
  });

  it.each([
    ["a scalar leaf", { a: "x" }, /must be an array of values or an object/],
    ["an empty array", { a: [] }, /empty array/],
    ["a top-level array", [{ a: ["x"] }], /must be a JSON object/],
    ["anything-but prefix", { a: [{ "anything-but": { prefix: "x" } }] }, /anything-but/],
    ["anything-but []", { a: [{ "anything-but": [] }] }, /anything-but/],
    ["numeric without bound", { a: [{ numeric: [">"] }] }, /numeric/],
    ["numeric unknown op", { a: [{ numeric: ["!=", 1] }] }, /numeric/],
    ["numeric string bound", { a: [{ numeric: [">", "1"] }] }, /numeric/],
    ["prefix not a string", { a: [{ prefix: 1 }] }, /prefix/],
    ["exists not a boolean", { a: [{ exists: "yes" }] }, /exists/],
    ["two operators", { a: [{ prefix: "x", exists: true }] }, /exactly one key/],
    ["a nested array value", { a: [["x"]] }, /Invalid filter value/],
  ])("%s throws", (_, pattern, message) => {
    expect(() => parsePattern(JSON.stringify(pattern))).toThrow(message);
  });

  it("a bad operator fails even when the record would be rejected by an earlier field", () => {
    const criteria = { Filters: [{ Pattern: '{"a":["x"],"b":[{"suffix":"y"}]}' }] };
    expect(() => matchesFilterCriteria(criteria, { a: "nope" })).toThrow(/suffix/);
  });

  it("invalid JSON and a filter without Pattern throw", () => {
    expect(() => matchesFilterCriteria({ Filters: [{ Pattern: "{a:" }] }, {})).toThrow(
      /not valid JSON/,
    );
    expect(() => matchesFilterCriteria({ Filters: [{}] }, {})).toThrow(/no Pattern/);
  });
});
