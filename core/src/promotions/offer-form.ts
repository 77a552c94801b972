// The admin's form for a promotion of any kind (docs/product.md §9 "Promotions: kinds,
// conditions and how they combine"): what the merchandiser types, checked field by field, into
// an offer's effect and conditions. Errors name the form's fields. Whether a targeted product
// exists is the table's to say (the form only checks the ids' shape).
import * as v from "valibot";
import { CATEGORIES, type Category } from "../catalog/categories.ts";
import { PRODUCT_TYPE_PATTERN } from "../catalog/product-type.ts";
import type { PromotionConditions, PromotionEffect } from "./offers.ts";
import { PromotionSchema } from "./schemas.ts";

export const OFFER_KINDS = [
  "amount-off-order",
  "percent-off-order",
  "amount-off-items",
  "percent-off-items",
  "free-delivery",
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PRODUCT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A form field's text, trimmed; "" and missing give undefined. */
const text = () =>
  v.pipe(
    v.nullish(v.string("Must be text"), ""),
    v.transform((value) => value.trim() || undefined),
  );

/** Euros as typed ("10", "7.50", "7,5") to cents; undefined when empty, NaN when not euros. */
function euros(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^([0-9]{1,7})(?:[.,]([0-9]{1,2}))?$/.exec(value);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const optionalDay = (value: string | undefined) => {
  if (value === undefined) return true;
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A comma- or line-separated list, each item trimmed, empty items dropped. */
const list = (value: string | undefined) =>
  (value ?? "")
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

const checked = v.pipe(
  v.nullish(v.string(), ""),
  v.transform((value) => value === "on" || value === "true"),
);

export const OfferFormSchema = v.pipe(
  v.object({
    /** Empty: an automatic offer. */
    code: v.pipe(
      text(),
      v.check(
        (value) => value === undefined || /^[A-Za-z0-9_-]{3,40}$/.test(value),
        "Code must be 3 to 40 letters, digits, - or _",
      ),
    ),
    label: PromotionSchema.entries.label,
    kind: v.picklist(OFFER_KINDS, "Choose what the promotion gives"),
    amount: text(),
    percent: text(),
    methods: v.optional(v.picklist(["STANDARD", "ALL"], "Choose the delivery methods"), "STANDARD"),
    audiences: v.pipe(
      v.optional(v.union([v.string(), v.array(v.string())]), []),
      v.transform((value) => (Array.isArray(value) ? value : [value])),
      v.check(
        (values) => values.every((value) => CATEGORIES.some((c) => c === value)),
        "Choose audiences from Men, Women, Kid and Baby",
      ),
      v.transform((values) => values as Category[]),
    ),
    productTypes: text(),
    productIds: text(),
    minSubtotal: text(),
    startsAt: v.pipe(text(), v.check(optionalDay, "Enter a valid date (YYYY-MM-DD)")),
    endsAt: v.pipe(text(), v.check(optionalDay, "Enter a valid date (YYYY-MM-DD)")),
    usageLimit: PromotionSchema.entries.usageLimit,
    oncePerCustomer: checked,
    firstOrderOnly: checked,
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    const fail = (field: string, message: string) => {
      addIssue({
        message,
        path: [{ type: "object", origin: "value", input, key: field, value: undefined }],
      });
      return NEVER;
    };
    const targeted = input.kind === "amount-off-items" || input.kind === "percent-off-items";
    const productTypes = list(input.productTypes);
    const productIds = list(input.productIds);
    if (productTypes.some((t) => !PRODUCT_TYPE_PATTERN.test(t))) {
      return fail("productTypes", "Product types are lower-case words with hyphens, e.g. dresses");
    }
    if (productIds.some((id) => !PRODUCT_ID.test(id))) {
      return fail("productIds", "A product id is letters, digits and hyphens");
    }
    if (targeted && input.audiences.length + productTypes.length + productIds.length === 0) {
      return fail("audiences", "Choose at least one audience, product type or product");
    }
    let effect: PromotionEffect;
    if (input.kind === "percent-off-order" || input.kind === "percent-off-items") {
      const percent = input.percent === undefined ? Number.NaN : Number(input.percent);
      if (!/^\d{1,3}$/.test(input.percent ?? "") || percent < 1 || percent > 100) {
        return fail("percent", "Percentage must be a whole number from 1 to 100");
      }
      effect =
        input.kind === "percent-off-order"
          ? { kind: input.kind, percent }
          : {
              kind: input.kind,
              percent,
              target: target(input.audiences, productTypes, productIds),
            };
    } else if (input.kind === "amount-off-order" || input.kind === "amount-off-items") {
      const cents = euros(input.amount);
      if (cents === undefined) return fail("amount", "Amount is required");
      if (Number.isNaN(cents) || cents < 1 || cents > 100_000_00) {
        return fail("amount", "Amount must be in euros, from 0.01 to 100000, e.g. 10 or 7.50");
      }
      effect =
        input.kind === "amount-off-order"
          ? { kind: input.kind, amountCents: cents }
          : {
              kind: input.kind,
              amountCents: cents,
              target: target(input.audiences, productTypes, productIds),
            };
    } else {
      effect = { kind: "free-delivery", methods: input.methods };
    }
    const minSubtotalCents = euros(input.minSubtotal);
    if (minSubtotalCents !== undefined && Number.isNaN(minSubtotalCents)) {
      return fail("minSubtotal", "Minimum subtotal must be in euros, e.g. 50 or 49.90");
    }
    if (input.startsAt && input.endsAt && input.endsAt < input.startsAt) {
      return fail("endsAt", "The end must not be before the start");
    }
    const conditions: PromotionConditions = {
      ...(minSubtotalCents ? { minSubtotalCents } : {}),
      ...(input.startsAt ? { startsAt: input.startsAt } : {}),
      ...(input.endsAt ? { endsAt: input.endsAt } : {}),
      ...(input.usageLimit !== undefined ? { usageLimit: input.usageLimit } : {}),
      ...(input.oncePerCustomer ? { oncePerCustomer: true } : {}),
      ...(input.firstOrderOnly ? { firstOrderOnly: true } : {}),
    };
    return {
      ...(input.code ? { code: input.code } : {}),
      label: input.label,
      effect,
      conditions,
    };
  }),
);
export type OfferForm = v.InferOutput<typeof OfferFormSchema>;

function target(audiences: Category[], productTypes: string[], productIds: string[]) {
  return {
    ...(audiences.length > 0 ? { audiences } : {}),
    ...(productTypes.length > 0 ? { productTypes } : {}),
    ...(productIds.length > 0 ? { productIds } : {}),
  };
}
