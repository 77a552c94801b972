import { REACTING_EVENT_TYPES } from "@shop/core/server/events";
import { describe, expect, it } from "vitest";
import { STREAM_CONSUMERS } from "./subscriptions.ts";

describe("stream subscriptions", () => {
  it("route every event type that has a reaction to exactly one function", () => {
    const routed = Object.values(STREAM_CONSUMERS).flatMap((c) => [...c.events]);
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual([...REACTING_EVENT_TYPES].sort());
  });
});
