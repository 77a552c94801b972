// The checkout form (docs/product.md §5 "Checkout address": address fields as the saved-address form, plus
// the delivery method), with or without the local test gateway's card.
import * as v from "valibot";
import { AddressFields } from "../accounts/schemas.ts";
import { choiceField, optionalText } from "../common/fields.ts";
import { cardSchema } from "../payments/cards.ts";
import { DELIVERY_METHOD_NAMES } from "../pricing/delivery.ts";

export const CheckoutSchema = v.object({
  ...AddressFields,
  deliveryMethod: choiceField(DELIVERY_METHOD_NAMES, "Choose a delivery method"),
  /** The saved address picked from the list, if any. */
  addressId: optionalText("Address id", { max: 100 }),
});
export type Checkout = v.InferOutput<typeof CheckoutSchema>;

/**
 * The checkout form as the page sends it with the local test gateway: the shipping address and
 * delivery method, and the card typed beside them (with Stripe, the Payment Element keeps the
 * card, and the form is CheckoutSchema alone). A function: a card's expiry is checked against
 * `now`.
 */
export function checkoutWithCardSchema(now: Date = new Date()) {
  return v.object({ ...CheckoutSchema.entries, ...cardSchema(now).entries });
}
