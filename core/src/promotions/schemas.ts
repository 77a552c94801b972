// Promotion forms: the checkout's code box (SPEC §5 "Promotion code": required, trimmed) and the
// admin's promotion editor (SPEC §3 "Promotion": label and amount, in cents per DESIGN §2).
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
    v.optional(v.pipe(v.string(), v.isoDate("Enter a valid date (YYYY-MM-DD)"))),
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
