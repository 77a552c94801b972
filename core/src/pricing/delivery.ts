// The two delivery methods (docs/product.md §9 "Delivery methods"); the first listed is the default.
export type DeliveryMethodName = "STANDARD" | "EXPRESS";

export interface DeliveryMethod {
  readonly name: DeliveryMethodName;
  /** Text shown beside the method, e.g. "3-5 days". */
  readonly expectedDelivery: "3-5 days" | "1-2 days";
  /** Price in EUR cents. */
  readonly priceCents: 500 | 1600;
}

export const DELIVERY_METHODS: readonly DeliveryMethod[] = [
  { name: "STANDARD", expectedDelivery: "3-5 days", priceCents: 500 },
  { name: "EXPRESS", expectedDelivery: "1-2 days", priceCents: 1600 },
];

export const DELIVERY_METHOD_NAMES = [
  "STANDARD",
  "EXPRESS",
] as const satisfies readonly DeliveryMethodName[];

export const DEFAULT_DELIVERY_METHOD: DeliveryMethodName = "STANDARD";

export function isDeliveryMethodName(value: unknown): value is DeliveryMethodName {
  return DELIVERY_METHOD_NAMES.some((name) => name === value);
}

/** The method called `name`; the default method for a name that is not one (never undefined). */
export function deliveryMethod(name: DeliveryMethodName): DeliveryMethod {
  const found = DELIVERY_METHODS.find((method) => method.name === name);
  return found ?? defaultMethod();
}

/** Reads a method name from untrusted input (form field, cookie); anything else → the default. */
export function parseDeliveryMethod(value: unknown): DeliveryMethodName {
  const upper = typeof value === "string" ? value.trim().toUpperCase() : value;
  return isDeliveryMethodName(upper) ? upper : DEFAULT_DELIVERY_METHOD;
}

function defaultMethod(): DeliveryMethod {
  const first = DELIVERY_METHODS[0];
  if (!first) throw new Error("DELIVERY_METHODS is empty");
  return first;
}
