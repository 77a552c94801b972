// The forms of returns (docs/decisions/015-forms.md: one valibot schema, the browser and the
// action): the customer's request (per order line a quantity and, for an exchange, a colour and
// size; one reason), the admin's rejection (a message) and the admin's receiving (faulty or not).
import * as v from "valibot";
import { isSizeTag, type SizeTag } from "../catalog/sizes.ts";
import { colourOf, parseVariantKey } from "../catalog/variants.ts";
import { choiceField, requiredText } from "../common/fields.ts";
import {
  exchangeSizeField,
  quantityField,
  RETURN_NOTHING_CHOSEN,
  RETURN_REASON_INVALID,
  RETURN_REASON_TAGS,
  type ReturnLineRequest,
  type ReturnReason,
} from "./rules.ts";

/** At most this many units of a line (an order line holds at most 9: checkout/priced-cart.server.ts). */
const MAX_UNITS = 9;

const quantity = v.pipe(
  v.nullish(v.string("Choose a quantity"), "0"),
  v.transform((text) => (text === "" ? "0" : text)),
  v.regex(/^\d$/, "Choose a quantity"),
  v.transform(Number),
  v.maxValue(MAX_UNITS, "Choose a quantity"),
);

/** The exchange's variant: "" (a refund), a size (in the colour bought) or "colour/size". */
export function parseExchangeChoice(
  value: string,
): { colour?: string; size: SizeTag } | null | undefined {
  if (value === "") return null;
  if (isSizeTag(value)) return { size: value };
  const variant = parseVariantKey(value);
  if (!variant || !isSizeTag(variant.size) || !colourOf(variant.colour)) return undefined;
  return { colour: variant.colour, size: variant.size };
}

const exchangeSize = v.pipe(
  v.nullish(v.string("Choose a colour and size"), ""),
  v.check((value) => parseExchangeChoice(value) !== undefined, "Choose a colour and size"),
);

/**
 * The request form of an order of `lineCount` lines: `quantity-<i>` (0 to 9, empty is 0),
 * `size-<i>` (empty: refund; "colour/size": exchange for that variant; a size alone: that size in
 * the colour bought), `reason`. At least one unit is chosen.
 */
export function returnRequestSchema(lineCount: number) {
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = {
    reason: choiceField(
      RETURN_REASON_TAGS as [ReturnReason, ...ReturnReason[]],
      RETURN_REASON_INVALID,
    ),
  };
  for (let i = 0; i < Math.min(lineCount, 50); i++) {
    entries[quantityField(i)] = quantity;
    entries[exchangeSizeField(i)] = exchangeSize;
  }
  // Nothing chosen is said on the first line's quantity, where the form starts.
  return v.pipe(
    v.object(entries),
    v.forward(
      v.check(
        (input) =>
          Object.entries(input).some(([k, n]) => k.startsWith("quantity-") && Number(n) > 0),
        RETURN_NOTHING_CHOSEN,
      ),
      [quantityField(0)] as never,
    ),
  );
}

/** The lines and reason of a checked request form. */
export function returnRequestFromForm(
  form: Record<string, unknown>,
  lineCount: number,
): { lines: ReturnLineRequest[]; reason: ReturnReason } {
  const lines: ReturnLineRequest[] = [];
  for (let i = 0; i < lineCount; i++) {
    const quantity = Number(form[quantityField(i)] ?? 0);
    if (!quantity) continue;
    const choice = parseExchangeChoice(String(form[exchangeSizeField(i)] ?? ""));
    lines.push({
      line: i,
      quantity,
      ...(choice ? { exchangeSize: choice.size } : {}),
      ...(choice?.colour ? { exchangeColour: choice.colour } : {}),
    });
  }
  return { lines, reason: form.reason as ReturnReason };
}

export const REJECT_MESSAGE_MAX = 500;

/** The admin's rejection: the message the customer reads. */
export const RejectReturnSchema = v.object({
  message: requiredText("Message", { max: REJECT_MESSAGE_MAX }),
});

/** The admin's receiving: were the items faulty? (Faulty items are not restocked.) A form's
 * checkbox sends "on" when ticked and nothing when not; a caller in code may pass a boolean. */
export const ReceiveReturnSchema = v.object({
  faulty: v.optional(
    v.union(
      [
        v.boolean(),
        v.pipe(
          v.nullable(v.picklist(["on", "true", "false", ""])),
          v.transform((value) => value === "on" || value === "true"),
        ),
      ],
      "Choose whether the items are faulty",
    ),
    false,
  ),
});
