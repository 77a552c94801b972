// Promotion forms: the checkout's code box (docs/product.md §5 "Promotion code": required, trimmed) and the
// admin's promotion editor (docs/product.md §3 "Promotion": label and amount, in cents per docs/architecture.md §2).
import * as v from "valibot";

export const PROMOTION_CODE_MAX_LENGTH = 40;
export const PROMOTION_LABEL_MAX_LENGTH = 100;

export const PromotionCodeSchema = v.object({
  code: v.nullish(
    v.pipe(
      v.string("Promotion code must be text"),
      v.trim(),
      v.nonEmpty("Promotion code is required"),
      v.maxLength(
        PROMOTION_CODE_MAX_LENGTH,
        `Promotion code must be at most ${PROMOTION_CODE_MAX_LENGTH} characters`,
      ),
    ),
    "",
  ),
});
export type PromotionCode = v.InferOutput<typeof PromotionCodeSchema>;

const CODE = /^[A-Za-z0-9_-]{3,40}$/;

/** A whole number from a form field ("12") or JSON (12); "" and missing give undefined. */
function wholeNumber(message: string) {
  return v.pipe(
    v.nullish(v.union([v.string(message), v.number(message)], message), ""),
    v.transform((value): number | undefined => {
      if (typeof value === "number") return value;
      const text = value.trim();
      return text === "" ? undefined : /^-?[0-9]+$/.test(text) ? Number(text) : Number.NaN;
    }),
  );
}

/** The admin's promotion editor. The code keeps its case as typed (trimmed). */
export const PromotionSchema = v.object({
  code: v.nullish(
    v.pipe(
      v.string("Code must be text"),
      v.trim(),
      v.nonEmpty("Code is required"),
      v.regex(CODE, "Code must be 3 to 40 letters, digits, - or _"),
    ),
    "",
  ),
  label: v.nullish(
    v.pipe(
      v.string("Label must be text"),
      v.trim(),
      v.nonEmpty("Label is required"),
      v.maxLength(
        PROMOTION_LABEL_MAX_LENGTH,
        `Label must be at most ${PROMOTION_LABEL_MAX_LENGTH} characters`,
      ),
    ),
    "",
  ),
  /** The amount taken off the order, in EUR cents. */
  amountCents: v.pipe(
    wholeNumber("Amount must be a whole number of cents"),
    v.number((issue) =>
      issue.input === undefined ? "Amount is required" : "Amount must be a whole number of cents",
    ),
    v.safeInteger("Amount must be a whole number of cents"),
    v.minValue(1, "Amount must be at least 1 cent"),
  ),
  /** Last day the code works, YYYY-MM-DD; none = never expires. */
  expiresAt: v.pipe(
    v.nullish(v.pipe(v.string("Expiry date must be text"), v.trim()), ""),
    v.transform((text): string | undefined => (text === "" ? undefined : text)),
    v.optional(
      v.pipe(
        v.string(),
        v.isoDate("Enter a valid date (YYYY-MM-DD)"),
        // isoDate checks the shape only: 2027-02-30 must not pass as a date.
        v.check((text) => {
          const date = new Date(`${text}T00:00:00Z`);
          return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
        }, "Enter a valid date (YYYY-MM-DD)"),
      ),
    ),
  ),
  /** How many orders may use the code; none = unlimited. */
  usageLimit: v.pipe(
    wholeNumber("Usage limit must be a whole number"),
    v.optional(
      v.pipe(
        v.number("Usage limit must be a whole number"),
        v.safeInteger("Usage limit must be a whole number"),
        v.minValue(1, "Usage limit must be at least 1"),
      ),
    ),
  ),
});
export type Promotion = v.InferOutput<typeof PromotionSchema>;

/** Euros as typed ("10", "10.5", "10,50") to whole cents; "" and missing give undefined. */
function euroAmount() {
  const invalid = "Amount must be in euros, e.g. 10 or 7.50";
  return v.pipe(
    v.nullish(v.union([v.string(invalid), v.number(invalid)], invalid), ""),
    v.transform((value): number | undefined => {
      const text = typeof value === "number" ? String(value) : value.trim();
      if (text === "") return undefined;
      const match = /^([0-9]{1,7})(?:[.,]([0-9]{1,2}))?$/.exec(text);
      if (!match) return Number.NaN;
      return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    }),
    v.number((issue) => (issue.input === undefined ? "Amount is required" : invalid)),
    v.check((cents) => !Number.isNaN(cents), invalid),
    v.minValue(1, "Amount must be at least 0.01 €"),
    v.maxValue(100_000_00, "Amount must be at most 100000 €"),
  );
}

/**
 * The admin's promotion form (create and edit): the amount is typed in euros and comes out in
 * cents (`amountCents`); the other fields as in PromotionSchema. Errors name the form's fields
 * (`amount`, not `amountCents`).
 */
export const PromotionFormSchema = v.pipe(
  v.object({
    code: PromotionSchema.entries.code,
    label: PromotionSchema.entries.label,
    amount: euroAmount(),
    expiresAt: PromotionSchema.entries.expiresAt,
    usageLimit: PromotionSchema.entries.usageLimit,
  }),
  v.transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount })),
);
export type PromotionForm = v.InferOutput<typeof PromotionFormSchema>;
