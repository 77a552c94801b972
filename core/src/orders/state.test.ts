import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  canTransition,
  INITIAL_ORDER_STATE,
  isOrderState,
  nextOrderStates,
  ORDER_ANONYMISED_FOR_SHIPPING,
  ORDER_NOT_PAID_FOR_SHIPPING,
  ORDER_STATES,
  type OrderState,
  OrderStateSchema,
  orderStateActions,
  orderTransitionError,
  transitionError,
} from "./state.ts";

describe("order states", () => {
  it("are PENDING, SHIPPED, DELIVERED and CANCELED; new orders are PENDING", () => {
    expect(ORDER_STATES).toEqual(["PENDING", "SHIPPED", "DELIVERED", "CANCELED"]);
    expect(INITIAL_ORDER_STATE).toBe("PENDING");
    expect(isOrderState("SHIPPED")).toBe(true);
    expect(isOrderState("shipped")).toBe(false);
  });

  it("allow exactly PENDING → SHIPPED → DELIVERED and PENDING → CANCELED", () => {
    const allowed: string[] = [];
    for (const from of ORDER_STATES) {
      for (const to of ORDER_STATES) if (canTransition(from, to)) allowed.push(`${from}→${to}`);
    }
    expect(allowed).toEqual(["PENDING→SHIPPED", "PENDING→CANCELED", "SHIPPED→DELIVERED"]);
  });

  it("list the next states of each", () => {
    expect(nextOrderStates("PENDING")).toEqual(["SHIPPED", "CANCELED"]);
    expect(nextOrderStates("DELIVERED")).toEqual([]);
    expect(nextOrderStates("CANCELED")).toEqual([]);
  });

  it("explain a refused change", () => {
    expect(transitionError("PENDING", "SHIPPED")).toBeNull();
    expect(transitionError("DELIVERED", "PENDING")).toBe(
      "An order that is DELIVERED cannot become PENDING",
    );
    expect(transitionError("SHIPPED", "CANCELED")).toBe(
      "An order that is SHIPPED cannot become CANCELED",
    );
    expect(transitionError("CANCELED", "SHIPPED")).toBe(
      "An order that is CANCELED cannot become SHIPPED",
    );
    expect(transitionError("PENDING", "DELIVERED")).toBe(
      "An order that is PENDING cannot become DELIVERED",
    );
  });

  it("refuse setting the state an order already has", () => {
    for (const state of ORDER_STATES) {
      expect(canTransition(state, state)).toBe(false);
      expect(transitionError(state, state)).toBe(`The order is already ${state}`);
    }
  });

  it("refuse states that do not exist (untyped input)", () => {
    expect(canTransition("PENDING", "LOST" as OrderState)).toBe(false);
    expect(canTransition("LOST" as OrderState, "SHIPPED")).toBe(false);
  });
});

describe("an order's own transitions (state and payment)", () => {
  it("refuses shipping an order that is not paid, with the reason", () => {
    for (const payment of ["awaiting", "failed", "canceled"] as const) {
      expect(orderTransitionError({ state: "PENDING", payment }, "SHIPPED")).toBe(
        ORDER_NOT_PAID_FOR_SHIPPING,
      );
    }
    expect(orderTransitionError({ state: "PENDING", payment: "paid" }, "SHIPPED")).toBeNull();
  });

  it("refuses shipping an order anonymised after its customer deleted their account; cancelling stays open", () => {
    const anonymised = {
      state: "PENDING",
      payment: "paid",
      anonymisedAt: "2026-11-02T10:00:00.000Z",
    } as const;
    expect(orderTransitionError(anonymised, "SHIPPED")).toBe(ORDER_ANONYMISED_FOR_SHIPPING);
    expect(orderStateActions(anonymised)).toEqual([
      { to: "SHIPPED", refusal: ORDER_ANONYMISED_FOR_SHIPPING },
      { to: "CANCELED", refusal: null },
    ]);
    // Already on its way: it may still be marked delivered.
    expect(orderTransitionError({ ...anonymised, state: "SHIPPED" }, "DELIVERED")).toBeNull();
  });

  it("applies the state rule first, whatever the payment", () => {
    expect(orderTransitionError({ state: "DELIVERED", payment: "paid" }, "PENDING")).toBe(
      "An order that is DELIVERED cannot become PENDING",
    );
    expect(orderTransitionError({ state: "CANCELED", payment: "awaiting" }, "SHIPPED")).toBe(
      "An order that is CANCELED cannot become SHIPPED",
    );
    expect(orderTransitionError({ state: "PENDING", payment: "awaiting" }, "CANCELED")).toBeNull();
  });

  it("offers the next states of the order, each with why it is refused", () => {
    expect(orderStateActions({ state: "PENDING", payment: "paid" })).toEqual([
      { to: "SHIPPED", refusal: null },
      { to: "CANCELED", refusal: null },
    ]);
    expect(orderStateActions({ state: "PENDING", payment: "awaiting" })).toEqual([
      { to: "SHIPPED", refusal: ORDER_NOT_PAID_FOR_SHIPPING },
      { to: "CANCELED", refusal: null },
    ]);
    expect(orderStateActions({ state: "SHIPPED", payment: "paid" })).toEqual([
      { to: "DELIVERED", refusal: null },
    ]);
    expect(orderStateActions({ state: "DELIVERED", payment: "paid" })).toEqual([]);
    expect(orderStateActions({ state: "CANCELED", payment: "paid" })).toEqual([]);
  });
});

describe("OrderStateSchema", () => {
  it("accepts the four states only", () => {
    expect(v.parse(OrderStateSchema, "DELIVERED")).toBe("DELIVERED");
    expect(v.safeParse(OrderStateSchema, "LOST").success).toBe(false);
    expect(v.safeParse(OrderStateSchema, "lost").issues?.[0]?.message).toBe(
      "Choose a valid order state",
    );
  });
});
